"""gunicorn's settings for Tirage (``gunicorn -c config/gunicorn.conf.py config.wsgi:application``).

Why a file: the keep-alive must not be left at gunicorn's 2 s. Browsers keep an idle connection open and send
the next request on it after a pause (a player reading a situation, thinking over a rack); when the server
closes the connection at that very moment the request is reset (measured: 3 % of requests from clients pausing
about 2 s). With gthread workers an idle keep-alive connection holds no thread (it waits in the poller), so a
long keep-alive is cheap. 75 s is above the pauses of a page's reader and matches nginx's default
``keepalive_timeout``; behind a proxy, set the proxy's idle timeout towards gunicorn (nginx's upstream
``keepalive_timeout``, 60 s by default) *below* this one, so that the proxy, which retries, always closes first.
Every setting can still be given on the command line, which wins.
"""

from __future__ import annotations

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))  # about one per core
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "75"))
timeout = 60
worker_connections = 1000  # open connections per worker, idle keep-alive ones included
