"""The production server's settings file: a keep-alive above a reader's pause, so no request is reset."""

from __future__ import annotations

import runpy
from pathlib import Path

CONF = Path(__file__).resolve().parents[2] / "config" / "gunicorn.conf.py"


def test_idle_connections_outlive_a_reader_s_pause(monkeypatch):
    for name in ("GUNICORN_KEEPALIVE", "GUNICORN_THREADS", "WEB_CONCURRENCY", "GUNICORN_BIND"):
        monkeypatch.delenv(name, raising=False)
    settings = runpy.run_path(str(CONF))
    assert settings["keepalive"] >= 60  # above a proxy's usual 60 s upstream idle timeout, so the proxy closes first
    assert settings["worker_class"] == "gthread"  # idle keep-alive connections then hold no thread
    assert settings["workers"] == 2 and settings["threads"] == 4 and settings["timeout"] == 60


def test_the_readme_and_the_load_bench_start_gunicorn_with_it():
    root = CONF.parents[1]
    assert "gunicorn -c config/gunicorn.conf.py" in (root / "README.md").read_text(encoding="utf-8")
    assert '"-c", "config/gunicorn.conf.py"' in (root / "bench" / "load.py").read_text(encoding="utf-8")
