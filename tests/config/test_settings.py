"""Settings selection from the environment, each case in a fresh interpreter (settings load once)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str

ROOT = Path(__file__).resolve().parents[2]
OWN_VARIABLES = (
    "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL", "TASKS_MODE",
    "DJANGO_SETTINGS_MODULE", "SECURE_SSL_REDIRECT", "EMAIL_BACKEND", "DB_CONN_MAX_AGE", "DB_POOL_SIZE",
    "DB_POOL_TIMEOUT", "CHANNEL_REDIS_CONNECTIONS",
)
# A key as strong as production demands (50+ characters, varied); weak ones are refused at start-up.
GOOD_KEY = "tests-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGH"
PROBE = """
import json
from django.conf import settings
db = settings.DATABASES["default"]
print(json.dumps({
    "debug": settings.DEBUG,
    "secret_key": settings.SECRET_KEY,
    "allowed_hosts": settings.ALLOWED_HOSTS,
    "db_engine": db["ENGINE"], "db_name": str(db["NAME"]), "db_host": db.get("HOST", ""),
    "cache": settings.CACHES["default"]["BACKEND"],
    "cache_location": settings.CACHES["default"].get("LOCATION"),
    "cache_options": settings.CACHES["default"].get("OPTIONS", {}),
    "broker": settings.CELERY_BROKER_URL,
    "result_backend": settings.CELERY_RESULT_BACKEND,
    "tasks_mode": settings.TIRAGE_TASKS_MODE,
    "session_cookie_secure": settings.SESSION_COOKIE_SECURE,
    "csrf_cookie_secure": settings.CSRF_COOKIE_SECURE,
    "ssl_redirect": settings.SECURE_SSL_REDIRECT,
    "hsts": settings.SECURE_HSTS_SECONDS,
    "staticfiles": settings.STORAGES["staticfiles"]["BACKEND"],
    "db_options": db.get("OPTIONS", {}), "db_conn_max_age": db.get("CONN_MAX_AGE"),
    "layer_hosts": settings.CHANNEL_LAYERS["default"].get("CONFIG", {}).get("hosts"),
}))
"""


def load_settings(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in OWN_VARIABLES}
    clean.update({"DJANGO_SETTINGS_MODULE": "config.settings", "TIRAGE_VAR_DIR": str(tmp_path / "var")}, **env)
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60
    )


def settings_from(tmp_path: Path, **env: str) -> dict:
    result = load_settings(tmp_path, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_embedded_defaults_are_sqlite_locmem_and_in_process_tasks(tmp_path):
    s = settings_from(tmp_path, SECRET_KEY=GOOD_KEY)
    assert s["debug"] is False
    assert s["db_engine"] == "django.db.backends.sqlite3"
    assert s["db_name"] == str(tmp_path / "var" / "tirage.sqlite3")
    assert s["cache"] == "django.core.cache.backends.locmem.LocMemCache"
    assert s["broker"] == "memory://" and s["result_backend"] is None
    assert s["tasks_mode"] == "thread"


def test_production_is_safe_by_default(tmp_path):
    s = settings_from(tmp_path, SECRET_KEY=GOOD_KEY)
    assert s["session_cookie_secure"] and s["csrf_cookie_secure"] and s["ssl_redirect"]
    assert s["hsts"] >= 3600
    assert s["allowed_hosts"] == []
    assert s["staticfiles"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_production_without_secret_key_refuses_to_start(tmp_path):
    result = load_settings(tmp_path)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY is not set" in result.stderr


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("short-key-0123456789", "is too short (20 characters; at least 50)"),
        ("ab" * 40, "is too simple"),
        ("django-insecure-" + "0123456789abcdef" * 4, "starts with 'django-insecure-'"),
    ],
)
def test_production_refuses_a_weak_secret_key(tmp_path, key, reason):
    result = load_settings(tmp_path, SECRET_KEY=key)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert f"SECRET_KEY {reason}" in result.stderr
    assert key not in result.stderr  # the message never repeats the secret


def test_debug_accepts_any_secret_key(tmp_path):
    assert settings_from(tmp_path, DEBUG="1", SECRET_KEY="short")["secret_key"] == "short"


def test_check_deploy_reports_only_what_the_operator_decides(tmp_path):
    """`manage.py check --deploy` with a production environment, every check (the schema's too): only HSTS
    subdomains/preload remain (README, *Configuration*)."""
    clean = {k: v for k, v in os.environ.items() if k not in OWN_VARIABLES}
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", TIRAGE_VAR_DIR=str(tmp_path / "var"),
                 SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="tirage.example")
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy"], cwd=ROOT,
                            env=clean, capture_output=True, text=True, timeout=120)
    reported = set(re.findall(r"\(([\w.]+\.[EW]\d+)\)", result.stdout + result.stderr))
    assert reported == {"security.W005", "security.W021"}, result.stdout + result.stderr


def test_debug_uses_a_dev_key_and_local_hosts(tmp_path):
    s = settings_from(tmp_path, DEBUG="1")
    assert s["debug"] is True
    assert "insecure" in s["secret_key"]
    assert "127.0.0.1" in s["allowed_hosts"]
    assert s["session_cookie_secure"] is False


def test_database_url_selects_postgresql(tmp_path):
    s = settings_from(tmp_path, SECRET_KEY=GOOD_KEY, DATABASE_URL="postgres://tirage:pw@db.example:5432/tirage")
    assert s["db_engine"] == "django.db.backends.postgresql"
    assert s["db_name"] == "tirage" and s["db_host"] == "db.example"


def test_db_pool_size_bounds_the_connections_of_a_process(tmp_path):
    url = "postgres://tirage:pw@db.example:5432/tirage"
    plain = settings_from(tmp_path, SECRET_KEY=GOOD_KEY, DATABASE_URL=url, DB_CONN_MAX_AGE="60")
    assert "pool" not in plain["db_options"] and plain["db_conn_max_age"] == 60
    pooled = settings_from(tmp_path, SECRET_KEY=GOOD_KEY, DATABASE_URL=url, DB_CONN_MAX_AGE="60",
                           DB_POOL_SIZE="20", DB_POOL_TIMEOUT="5")
    assert pooled["db_options"]["pool"] == {"min_size": 2, "max_size": 20, "timeout": 5}
    assert pooled["db_conn_max_age"] == 0  # the pool keeps the connections (Django refuses both)


def test_the_rooms_layer_takes_enough_redis_connections(tmp_path):
    s = settings_from(tmp_path, SECRET_KEY=GOOD_KEY, REDIS_URL="redis://127.0.0.1:6379/3")
    assert s["layer_hosts"][0]["max_connections"] == 1000
    s = settings_from(tmp_path, SECRET_KEY=GOOD_KEY, REDIS_URL="redis://127.0.0.1:6379/3",
                      CHANNEL_REDIS_CONNECTIONS="300")
    assert s["layer_hosts"][0]["max_connections"] == 300


def test_redis_url_is_cache_broker_and_result_backend(tmp_path):
    url = "redis://127.0.0.1:6379/3"
    s = settings_from(tmp_path, SECRET_KEY=GOOD_KEY, REDIS_URL=url)
    assert s["cache"] == "django.core.cache.backends.redis.RedisCache"
    assert s["cache_location"] == url
    assert s["cache_options"]["socket_timeout"] <= 5  # an unreachable Redis fails fast
    assert s["broker"] == url and s["result_backend"] == url
    assert s["tasks_mode"] == "celery"


def test_allowed_hosts_from_a_comma_separated_list(tmp_path):
    s = settings_from(tmp_path, SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="tirage.example, www.tirage.example,")
    assert s["allowed_hosts"] == ["tirage.example", "www.tirage.example"]


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEBUG": "maybe"}, "DEBUG='maybe' is not a boolean"),
        ({"SECRET_KEY": GOOD_KEY, "REDIS_URL": "http://nope"}, "REDIS_URL='http://nope' must start with redis://"),
        ({"SECRET_KEY": GOOD_KEY, "TASKS_MODE": "celery"}, "TASKS_MODE=celery needs REDIS_URL"),
        ({"SECRET_KEY": GOOD_KEY, "TASKS_MODE": "fast"}, "TASKS_MODE='fast'"),
        ({"SECRET_KEY": GOOD_KEY, "DATABASE_URL": "nosuchdb://x/y"}, "DATABASE_URL is not a valid database URL"),
    ],
)
def test_bad_values_are_refused_with_the_variable_named(tmp_path, env, message):
    result = load_settings(tmp_path, **env)
    assert result.returncode != 0
    assert message in result.stderr


def test_env_helpers():
    environ = {"A": " yes ", "B": "0", "N": "42", "L": "a, b,,c", "BLANK": "  "}
    assert env_bool("A", False, environ) is True
    assert env_bool("B", True, environ) is False
    assert env_bool("MISSING", True, environ) is True
    assert env_int("N", 0, environ) == 42
    assert env_list("L", [], environ) == ["a", "b", "c"]
    assert env_str("BLANK", "default", environ) == "default"
    with pytest.raises(ImproperlyConfigured, match="N2='x' is not an integer"):
        env_int("N2", 0, {"N2": "x"})
