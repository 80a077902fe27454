"""Django settings, read from the environment (twelve-factor style).

Only a handful of variables matter (see README "Configuration"):
``DEBUG`` (off by default), ``SECRET_KEY`` (required unless DEBUG), ``ALLOWED_HOSTS``, ``DATABASE_URL``
(default: a SQLite file under ``var/``), ``REDIS_URL`` (default: none, then Celery tasks run in-process and
the cache is local memory; set, Redis is the Celery broker, result backend and cache).
Production is the default posture: secure cookies, HSTS, HTTPS redirect, no debug pages.
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str, secret_key_problem

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("TIRAGE_VAR_DIR", str(BASE_DIR / "var")))

# --- Core -------------------------------------------------------------------------------------------
DEBUG = env_bool("DEBUG", False)

_DEV_SECRET_KEY = "django-insecure-dev-only-key-never-use-in-production"
SECRET_KEY = env_str("SECRET_KEY")
if SECRET_KEY is None:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Production (DEBUG off) refuses to start without one: "
            "export SECRET_KEY to a long random string, or set DEBUG=1 for local development."
        )
    SECRET_KEY = _DEV_SECRET_KEY
elif not DEBUG and (_key_problem := secret_key_problem(SECRET_KEY)):
    # Django's check --deploy only warns (security.W009); a guessable key forges sessions and password
    # reset links, so production refuses to start with one.
    raise ImproperlyConfigured(
        f"SECRET_KEY {_key_problem}. Production (DEBUG off) refuses to start with it: export SECRET_KEY "
        "to a long random string, e.g. the output of "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# A monitor's key to /healthz's details, checked now (``Authorization: Bearer <token>``); unset: staff and DEBUG only.
HEALTHZ_TOKEN = env_str("HEALTHZ_TOKEN") or ""
# A refused form gets a page in the site's style and language (JSON under /api/), not Django's bare one.
CSRF_FAILURE_VIEW = "core.views.csrf_failure"

INSTALLED_APPS = [
    "daphne",  # first: its runserver serves HTTP and the WebSocket routes (live rooms) alike
    "accounts.apps.TirageAdminConfig",  # django.contrib.admin with the log-in limits
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",  # intcomma: counts of words grouped by thousands in the reader's language
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "channels",
    # Tirage's own apps
    "core",
    "accounts",
    "lexicon",
    "training",
    "puzzles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.request_memo.RequestMemoMiddleware",
    "core.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and JSON gzipped (a list's page of 100 words: 172 KB, 10 KB gzipped). Below WhiteNoise, which serves
    # the static files already compressed and answers first; above all that writes or reads the body.
    # BREACH: the pages carry CSRF tokens; Django masks each token anew per response and, since 4.2, this
    # middleware puts a name of random length in the gzip header (docs/architecture.md, "Compression").
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "core.middleware.ChosenLanguageMiddleware",
    "core.request_guard.RefuseControlCharactersMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "core.task_middleware.TaskDispatchErrorMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.navigation.navigation",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------------------------------
_DEFAULT_SQLITE = VAR_DIR / "tirage.sqlite3"
_database_url = env_str("DATABASE_URL")
if _database_url is None:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    _database_url = f"sqlite:///{_DEFAULT_SQLITE}"
try:
    _database = dj_database_url.parse(_database_url, conn_max_age=env_int("DB_CONN_MAX_AGE", 0))
except ValueError as exc:
    raise ImproperlyConfigured(f"DATABASE_URL is not a valid database URL: {exc}") from None
if _database["ENGINE"] == "django.db.backends.sqlite3":
    # In-process tasks write from a background thread while requests read: WAL + a lock timeout
    # keep SQLite from failing with "database is locked" under that light concurrency.
    _database.setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
elif _database["ENGINE"].startswith("django.db.backends.postgresql"):
    # A database that does not answer must fail fast (a 503 in words, core.api_errors), not hold the
    # request for libpq's default of forever: DB_CONNECT_TIMEOUT seconds to connect (libpq's minimum is 2).
    _database.setdefault("OPTIONS", {}).setdefault("connect_timeout", env_int("DB_CONNECT_TIMEOUT", 2))
    # Under ASGI every concurrent request runs in its own thread with its own connection: 500 players
    # handing in bulletins at once opened more than PostgreSQL's max_connections ("too many clients").
    # DB_POOL_SIZE (psycopg's pool, per process) bounds them; a request waits up to DB_POOL_TIMEOUT
    # seconds for a free connection instead of failing (docs/rooms-scale.md).
    if env_int("DB_POOL_SIZE", 0) > 0:
        _database["CONN_MAX_AGE"] = 0  # the pool keeps the connections (Django refuses both)
        _database["OPTIONS"]["pool"] = {"min_size": 2, "max_size": env_int("DB_POOL_SIZE", 0),
                                        "timeout": env_int("DB_POOL_TIMEOUT", 10)}
DATABASES = {"default": _database}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache, Celery broker and results --------------------------------------------------------
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL is not None and not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(f"REDIS_URL={REDIS_URL!r} must start with redis://, rediss:// or unix://")

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "tirage",
            # A cache that does not answer must fail fast, not hang requests (and /healthz).
            "OPTIONS": {"socket_connect_timeout": 3, "socket_timeout": 3},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tirage"}}

# Live rooms' events (Django Channels): through Redis when REDIS_URL is set, so an event sent by one web
# process reaches the sockets of every process; in this process's memory otherwise (one process only).
if REDIS_URL:
    # socket_timeout above the layer's 5-second blocking read: redis-py 8's default (5 s) makes that read time
    # out and every idle socket close with 1011 (django/channels_redis#422).
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                                  # redis-py 8's pool refuses a 101st connection at once (MaxConnectionsError):
                                  # hundreds of sockets joining or leaving together need more.
                                  "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 15,
                                                        "max_connections": env_int("CHANNEL_REDIS_CONNECTIONS", 1000)}],
                                             "capacity": 1500, "expiry": 30}}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TRACK_STARTED = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_EXPIRES = 24 * 3600
# Outcomes live in core.TaskRun, so nobody reads Celery's results: ignoring them keeps a web process
# from touching the result backend when it sends a task (with Redis down that alone took 19 s).
CELERY_TASK_IGNORE_RESULT = True

# Time limits, acknowledgement and redelivery are chosen together (docs/architecture.md, "Long tasks"):
# - soft limit: raises inside the task, which records "took longer than its time limit" in words;
# - heartbeat: the process running a task beats every TASK_HEARTBEAT_INTERVAL seconds; a run silent for
#   TASK_HEARTBEAT_TIMEOUT lost its worker and is handed to another one (or failed in words past the
#   attempt limit) when it is read or swept: within a minute of the death (see below);
# - hard limit: the worker kills the task; a run "running" longer than this is dead by definition, so
#   core.progress fails it in words when it is read or swept (the backstop for runs without heartbeat);
# - late acknowledgement: a message is acknowledged when its task ends, not when a worker takes it, and a
#   pool process that dies mid-task (SIGKILL, out of memory) has its message rejected back to the queue,
#   so another process runs it again (runs are idempotent, and counted: see TASK_MAX_ATTEMPTS);
# - prefetch 1: a worker holds no more unstarted messages than it has processes, so tasks queued behind
#   a long one are not stuck in a busy or dead worker;
# - visibility timeout: with Redis, a message a whole worker took and never acknowledged (the worker was
#   killed) goes back to the queue after this long. It must exceed the hard limit, or a task still
#   running legitimately would be handed to a second worker; a redelivered run that was meanwhile failed
#   as stale, or finished by the worker it was handed to, is not run again, nor one another live process
#   is running (its heartbeat is fresh).
CELERY_TASK_SOFT_TIME_LIMIT = env_int("TASK_SOFT_TIME_LIMIT", 10 * 60)
CELERY_TASK_TIME_LIMIT = env_int("TASK_TIME_LIMIT", CELERY_TASK_SOFT_TIME_LIMIT + 30)
if not 0 < CELERY_TASK_SOFT_TIME_LIMIT < CELERY_TASK_TIME_LIMIT:
    raise ImproperlyConfigured(
        f"TASK_SOFT_TIME_LIMIT={CELERY_TASK_SOFT_TIME_LIMIT} must be positive and below "
        f"TASK_TIME_LIMIT={CELERY_TASK_TIME_LIMIT} (the soft limit reports in words, the hard one kills)"
    )
# Two queues: the default one ("celery") for the short work a player waits on (a duplicate game, a training grid,
# a room's game: under a second), "long" for what may take minutes (crosswords, lab comparisons, lexicon builds,
# the word-study ranks, the coach's banks). The documented deployment runs a worker for each (README), so a short
# task never waits behind long ones; a single worker may consume both (-Q celery,long: the embedded CI pass).
LONG_TASKS = ("puzzles.generate_crossword", "puzzles.compare_algorithms", "lexicon.publish_version",
              "wordstudy.rank", "wordstudy.playability", "coach.build_bank")
LONG_QUEUE = "long"
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {name: {"queue": LONG_QUEUE} for name in LONG_TASKS}
# Runs of one kind a user may have pending or running at once (core.progress.TooManyTasks beyond: 429 in words).
TIRAGE_TASKS_IN_FLIGHT = env_int("TASKS_IN_FLIGHT_PER_USER", 3)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
BROKER_VISIBILITY_TIMEOUT = env_int("BROKER_VISIBILITY_TIMEOUT", CELERY_TASK_TIME_LIMIT + 120)
if BROKER_VISIBILITY_TIMEOUT <= CELERY_TASK_TIME_LIMIT:
    raise ImproperlyConfigured(
        f"BROKER_VISIBILITY_TIMEOUT={BROKER_VISIBILITY_TIMEOUT} must exceed TASK_TIME_LIMIT={CELERY_TASK_TIME_LIMIT}: "
        "otherwise a task still running would be handed to a second worker"
    )
# A pending run no worker took within this many seconds is failed in words (no worker, or its message lost).
TIRAGE_TASK_PENDING_LIMIT = env_int("TASK_PENDING_LIMIT", BROKER_VISIBILITY_TIMEOUT + 60)
# Deliveries of one run before it is failed: a task that kills its worker each time is not retried forever.
TIRAGE_TASK_MAX_ATTEMPTS = env_int("TASK_MAX_ATTEMPTS", 3)
# Heartbeats: the process running a task writes TaskRun.heartbeat_at every TASK_HEARTBEAT_INTERVAL seconds
# (core.progress.Heartbeat); a running run silent for TASK_HEARTBEAT_TIMEOUT seconds has lost its worker (a
# whole worker killed, a machine lost) and is handed to another worker, up to TASK_MAX_ATTEMPTS deliveries,
# or failed in words — noticed on the next read of the run, or by the sweep (every 15 s): within a minute,
# where the visibility timeout alone would take minutes.
TIRAGE_TASK_HEARTBEAT_INTERVAL = env_int("TASK_HEARTBEAT_INTERVAL", 10)
TIRAGE_TASK_HEARTBEAT_TIMEOUT = env_int("TASK_HEARTBEAT_TIMEOUT", 30)
if not 0 < 2 * TIRAGE_TASK_HEARTBEAT_INTERVAL <= TIRAGE_TASK_HEARTBEAT_TIMEOUT:
    raise ImproperlyConfigured(
        f"TASK_HEARTBEAT_TIMEOUT={TIRAGE_TASK_HEARTBEAT_TIMEOUT} must be at least twice "
        f"TASK_HEARTBEAT_INTERVAL={TIRAGE_TASK_HEARTBEAT_INTERVAL} (one late beat must not look like a death)"
    )
# Sending a task must fail fast when Redis is down (the page answers 503 in words within 5 s): short
# socket timeouts and one quick retry, instead of kombu's defaults (about 19 s before giving up).
CELERY_BROKER_CONNECTION_TIMEOUT = 1.5
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": BROKER_VISIBILITY_TIMEOUT,
    # Workers look for messages past their visibility timeout every 10 s (kombu's default scans only
    # every 100 s): a dead worker's message is back in the queue at most ~10 s after the timeout.
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 1.5,
    "socket_timeout": 2,
    "max_retries": 1,
}
CELERY_TASK_PUBLISH_RETRY = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
# The periodic sweep of dead runs (core.tasks.expire_stale_runs): run `celery -A config beat` next to
# the workers, or `manage.py expire_stale_tasks` from cron.
CELERY_BEAT_SCHEDULE = {
    "expire-stale-task-runs": {"task": "core.expire_stale_runs", "schedule": 15.0},
    # Today's duplicate game of every lexicon (idempotent: one per lexicon and day; a visit makes it otherwise).
    "duplicate-games-of-the-day": {"task": "training.make_duplicate_games_of_the_day", "schedule": 3600.0},
    # Live rooms: overdue rounds closed on time even when no request comes (docs/rooms.md, "The close").
    "sweep-rooms": {"task": "training.sweep_rooms", "schedule": 1.0},
}

# How core.progress.start_task dispatches: "celery" (to workers through the broker), "thread" (in this
# process, in a background thread: the request returns at once and the page polls), "sync" (inline,
# for tests). Default: celery when REDIS_URL is set, else thread.
TIRAGE_TASKS_MODE = env_str("TASKS_MODE", "celery" if REDIS_URL else "thread")
if TIRAGE_TASKS_MODE not in {"celery", "thread", "sync"}:
    raise ImproperlyConfigured(f"TASKS_MODE={TIRAGE_TASKS_MODE!r}; expected celery, thread or sync")
if TIRAGE_TASKS_MODE == "celery" and not REDIS_URL:
    raise ImproperlyConfigured("TASKS_MODE=celery needs REDIS_URL (the broker); unset TASKS_MODE or set REDIS_URL")

# --- Auth -------------------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Argon2id first (Django's recommended hasher, argon2-cffi; OWASP's cost, accounts.hashers): a log-in costs
# ~22 ms of CPU where PBKDF2's million iterations cost ~190 ms (seconds on a busy machine). The others stay to
# read older hashes: Django re-hashes them with the first at the user's next successful log-in.
PASSWORD_HASHERS = [
    "accounts.hashers.OwaspArgon2PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
# Failed log-ins (page, API token, admin), accounts.login_limits: per (account, address) pair, the first
# LOGIN_FREE_FAILURES are free, then each failure locks the pair for LOGIN_DELAY seconds, doubling up to
# LOGIN_FAILURE_WINDOW. Past LOGIN_FAILURES_PER_ADDRESS failures from one address (any accounts) in the
# window, only accounts that logged in from it in the last LOGIN_KNOWN_ADDRESS_DAYS may try from it; past
# LOGIN_FAILURES_PER_ACCOUNT failures of one account (any addresses), only the addresses it used may try.
# So a stranger never locks an owner out of the addresses the owner uses.
LOGIN_FREE_FAILURES = env_int("LOGIN_FREE_FAILURES", 5)
LOGIN_DELAY = env_int("LOGIN_DELAY", 60)
LOGIN_FAILURES_PER_ACCOUNT = env_int("LOGIN_FAILURES_PER_ACCOUNT", 100)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 50)
LOGIN_FAILURE_WINDOW = env_int("LOGIN_FAILURE_WINDOW", 15 * 60)
LOGIN_KNOWN_ADDRESS_DAYS = env_int("LOGIN_KNOWN_ADDRESS_DAYS", 90)
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend" if DEBUG else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Tirage <noreply@localhost>")

# --- REST API ---------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.TokenAuthentication",  # DRF's, with the token read once per request
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # JSON nested too deeply and oversized bodies answer a JSON 400/413, never a 500 or an HTML page.
    # The API speaks JSON; the views that take files set core.parsers.CheckedMultiPartParser themselves.
    "DEFAULT_PARSER_CLASSES": ["core.parsers.SafeJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "EXCEPTION_HANDLER": "core.api_errors.api_exception_handler",
    "DEFAULT_THROTTLE_RATES": {"auth": env_str("AUTH_THROTTLE_RATE", "30/min")},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tirage API",
    "DESCRIPTION": "Training platform for Scrabble players: lexicons, training, puzzles.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI assets come from drf-spectacular-sidecar: the docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Separate request and response components (``ListRequest`` beside ``List``): read-only fields are not
    # asked of a client that creates an object, which is what generated clients need.
    "COMPONENT_SPLIT_REQUEST": True,
    # OpenAPI 3.1 (JSON Schema 2020-12): request objects can say which property names they take
    # (``propertyNames``: no control characters, core.openapi), which 3.0 cannot express.
    "OAS_VERSION": "3.1.0",
    # Errors every operation can answer (400/401/403/404/413/503), documented once: core.openapi.
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "core.openapi.add_error_responses"],
    # Several models have a "state" field; name each choice set (apps add theirs here).
    "ENUM_NAME_OVERRIDES": {
        "TaskRunStateEnum": "core.models.TaskRun.State",
        # The same choices reached through several fields: one name each (else check --deploy warns).
        "CrosswordStyleEnum": "puzzles.crosswords.models.Crossword.Style",
        "NotationStyleEnum": "training.duplicate.serializers.STYLES",  # how a play's coordinates are written
        "GridFormatEnum": ["text", "01"],  # the lab's grid files (engine.crossword GRID_FORMATS)
        "FillAlgorithmEnum": ["bt", "fc", "fc-cbj", "mac"],
        "JarnacMoveKindEnum": ["create", "transform", "draw", "exchange", "pass", "jarnac"],
        "JarnacPlayerEnum": ["you", "opponent"],
        "JarnacStatusEnum": ["playing", "over"],
        "TopKindEnum": "training.coach.serializers.TAG_CHOICES",  # the coach's kinds of tops (engine.coach.TAGS)
        "QuizOrderEnum": "training.wordstudy.models.Quiz.Order",  # a quiz's ranks: probability or playability
    },
}

# --- i18n -------------------------------------------------------------------------------------------
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Our formats first (config/formats/<lang>/formats.py), Django's for the rest: French thousands take a narrow
# no-break space. Numbers are grouped only where a template asks (intcomma), never ids or form values.
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

# --- Files ------------------------------------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(VAR_DIR / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files in production (run collectstatic); plain files while developing.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}

# --- Security (production posture unless DEBUG) -----------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# With Redis, sessions are read from the cache and kept in the database (core.sessions): one query fewer on
# every page. Without it, the database alone (a per-process memory cache would serve other processes stale).
if REDIS_URL:
    SESSION_ENGINE = "core.sessions"
# Content-Security-Policy (core.csp; the shape of Django 6.0's SECURE_CSP): every script, style, image,
# font and connection from this site only, nothing inline, no framing, forms post here only.
SECURE_CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],  # Swagger UI's icons are data: SVGs
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    # Only the operator can promise that every subdomain is HTTPS and ask for the preload list: these two
    # stay off unless set (they are what `check --deploy` still reports, W005 and W021).
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    # Only behind a reverse proxy that sets the header itself.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # Replaces Django's own "django" handler (which would print every line twice through the root).
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.db.backends": {"level": "WARNING"},
    },
}
