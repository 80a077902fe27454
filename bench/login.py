"""Token log-in time (``POST /api/auth/token/``) with the production password hashers, in process.

What it measures: the wall and CPU time of one token log-in through Django (middleware, throttle, log-in
limits, password check, token), p50/p95/max over ``--repeat`` log-ins, for a password stored with the
hasher in use (Argon2id, ``accounts.hashers``), for one stored with the old default (PBKDF2, 1,000,000
iterations) at its upgrading log-in, and with PBKDF2 still first (the settings before Argon2). Target: a
token log-in <= 200 ms. A scratch SQLite database in a temporary folder; nothing else is touched.

    .venv/bin/python bench/login.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PASSWORD = "Scrabble-Duplicate-2024"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def line(label: str, walls: list[float], cpus: list[float]) -> None:
    print(f"{label:<44} {statistics.median(walls):7.1f} {percentile(walls, 0.95):7.1f} {max(walls):7.1f}"
          f" {statistics.median(cpus):9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="tirage-login-bench-")
    for name in ("DEBUG", "REDIS_URL", "TASKS_MODE"):
        os.environ.pop(name, None)
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "login-bench-only-" + "k" * 48,
        "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3", "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "0", "LOG_LEVEL": "ERROR", "TIRAGE_VAR_DIR": folder,
        "AUTH_THROTTLE_RATE": "100000/min", "STATIC_ROOT": folder, "LOGIN_FAILURES_PER_ADDRESS": "100000",
    })
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import PBKDF2PasswordHasher, identify_hasher
    from django.core.management import call_command
    from django.test.utils import override_settings
    from rest_framework.test import APIClient

    call_command("migrate", verbosity=0)
    users = get_user_model().objects
    current = users.create_user("bench-argon2", password=PASSWORD)
    old = users.create_user("bench-pbkdf2")
    old_hash = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    api = APIClient()

    def timed(username: str, before=None) -> tuple[list[float], list[float]]:
        walls, cpus = [], []
        for _ in range(args.repeat):
            if before:
                before()
            wall, cpu = time.perf_counter(), time.process_time()
            response = api.post("/api/auth/token/", {"username": username, "password": PASSWORD}, format="json")
            walls.append((time.perf_counter() - wall) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
            assert response.status_code == 200, response.content
        return walls, cpus

    def reset_old() -> None:
        users.filter(pk=old.pk).update(password=old_hash)

    timed(current.username)  # warm-up: imports, first queries
    print(f"token log-in, {args.repeat} each (ms)            p50     p95     max   CPU p50")
    assert identify_hasher(current.password).algorithm == "argon2"
    line("Argon2id (accounts.hashers)", *timed(current.username))
    line("PBKDF2 hash, upgraded to Argon2id at log-in", *timed(old.username, before=reset_old))
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.PBKDF2PasswordHasher"]):
        line("PBKDF2 first (the settings before Argon2)", *timed(old.username, before=reset_old))
    print(f"hashers: {settings.PASSWORD_HASHERS[0]}; load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores (shared machine: compare CPU, not wall)")


if __name__ == "__main__":
    main()
