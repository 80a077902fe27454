"""Queries and CPU per request of the pages and API calls a learner uses most, in process (no server).

What it measures: for each request of ``bench/load.py``'s mix (home, training dashboard, lists page, lists,
a list, a grid, progress, due reviews, lookups, task polling, a duplicate round: read, play, validate; a grid situation
answered on the page and over the API), the
number of SQL queries (``CaptureQueriesContext``) and the CPU time of this process per request (median of
``--repeat``), with the production settings on a scratch SQLite database and the same data as the load test.
CPU time, unlike wall time, stays meaningful on a shared machine. ``--profile PATH`` prints cProfile's top
functions for one request path instead (timed in CPU, not wall time: a busy machine's preemptions would
land on whatever function runs), then the request's CPU split by layer (middleware, URL resolving, DRF,
templates, ORM and driver, Tirage's code, the test client); ``--queries PATH`` the SQL of one request.

    .venv/bin/python bench/pages.py [--repeat 20] [--profile /training/lists/] [--queries /]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
import load  # noqa: E402  (bench/load.py: the same environment and data as the load test)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--profile", help="a path or label of the mix (e.g. /training/lists/, 'api: task polling'): "
                                          "print its cProfile top 30")
    parser.add_argument("--queries", help="a path or label of the mix: print the SQL of one request")
    parser.add_argument("--sort", default="cumulative", help="cProfile's order for --profile (cumulative, tottime)")
    args = parser.parse_args()
    var_dir = tempfile.mkdtemp(prefix="tirage-pages-")
    data_args = argparse.Namespace(readers=1, answerers=0, players=1, duration=60.0, think=1.0, conn_max_age=60)
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ.update(load.server_environment(data_args, var_dir))
    os.environ["TASKS_MODE"] = "sync"
    plan = load.make_data(data_args)

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    reader, player = plan["readers"][0], plan["players"][0]
    lexicon = plan["lexicon"]
    page = Client(HTTP_HOST=load.HOST)
    page.cookies["sessionid"] = reader["session"]
    api = Client(HTTP_HOST=load.HOST, HTTP_AUTHORIZATION=f"Token {reader['token']}")
    gamer = Client(HTTP_HOST=load.HOST, HTTP_AUTHORIZATION=f"Token {player['token']}")
    gamer.post(f"/api/duplicate/join/{player['share_token']}/", {}, content_type="application/json")
    base = f"/api/duplicate/games/{player['game']}/rounds/current"
    tops = iter(player["tops"])
    requests = [("page: home", page, "get", "/", None), ("page: training dashboard", page, "get", "/training/", None),
                ("page: lists", page, "get", "/training/lists/", None),
                ("api: lists", api, "get", "/api/lists/", None),
                ("api: list detail", api, "get", f"/api/lists/{reader['list']}/", None),
                ("api: grid detail", api, "get", f"/api/grids/{reader['grid']}/", None),
                ("api: progress", api, "get", "/api/progress/", None),
                ("api: due reviews", api, "get", "/api/reviews/due/", None)]
    requests += [(f"api: lookup ({what})", api, "get", f"/api/lexicons/{lexicon}/{what}/?{query}", None)
                 for what, query in load.LOOKUPS]
    requests += [("api: task polling", api, "get", f"/api/tasks/{reader['task']}/", None),
                 ("api: duplicate round", gamer, "get", f"{base}/", None)]

    def send(client, method, path, body):
        if body is None:
            return getattr(client, method)(path)
        return getattr(client, method)(path, body, content_type="application/json")

    if args.queries:
        duplicate_post = args.queries.endswith(("/play/", "/validate/"))
        fallback = (("", gamer, "post", args.queries, {}) if duplicate_post else ("", page, "get", args.queries, None))
        chosen = [r for r in requests if args.queries in (r[0], r[3])] or [fallback]
        _label, client, method, path, body = chosen[0]
        send(client, method, path, body)
        with CaptureQueriesContext(connection) as queries:
            send(client, method, path, body)
        for number, query in enumerate(queries.captured_queries, 1):
            print(f"{number:3d} {query['time']:>6}s {query['sql'][:400]}")
        return
    if args.profile:
        chosen = ([r for r in requests if args.profile in (r[0], r[3])]
                  or [("", page, "get", args.profile, None)])
        _label, client, method, path, body = chosen[0]
        send(client, method, path, body)
        profiler = cProfile.Profile(time.thread_time)
        profiler.enable()
        for _ in range(args.repeat):
            send(client, method, path, body)
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats(args.sort).print_stats(30)
        print_layers(stats, args.repeat)
        return

    print(f"{'request':28} {'status':>6} {'queries':>7} {'CPU ms':>7} {'wall ms':>8}")
    for label, client, method, path, body in requests:
        send(client, method, path, body)  # warm: templates compiled, lexicon loaded
        cpus, walls = [], []
        for _ in range(args.repeat):
            with CaptureQueriesContext(connection) as queries:
                wall, cpu = time.perf_counter(), time.process_time()
                response = send(client, method, path, body)
                cpus.append((time.process_time() - cpu) * 1000)
                walls.append((time.perf_counter() - wall) * 1000)
        print(f"{label:28} {response.status_code:6d} {len(queries):7d} {statistics.median(cpus):7.1f} "
              f"{statistics.median(walls):8.1f}")
    # A duplicate round played through: read, play the top, validate (stateful: once per round).
    rows = {"api: duplicate play": [], "api: duplicate validate": []}
    for _ in range(min(args.repeat, len(player["tops"]))):
        word, coord = next(tops)
        gamer.get(f"{base}/")
        for label, path, body in (("api: duplicate play", f"{base}/play/", {"word": word, "coord": coord}),
                                  ("api: duplicate validate", f"{base}/validate/", {})):
            with CaptureQueriesContext(connection) as queries:
                cpu = time.process_time()
                response = gamer.post(path, body, content_type="application/json")
                rows[label].append(((time.process_time() - cpu) * 1000, len(queries), response.status_code))
    for label, values in rows.items():
        print(f"{label:28} {values[-1][2]:6d} {max(v[1] for v in values):7d} "
              f"{statistics.median(v[0] for v in values):7.1f} {'':>8}")
    # A training-grid situation answered on the page (htmx, as the grid page sends it) and over the API, in turn
    # (situations are answered in order, each answer deciding a fresh one); the first of each is left out of
    # the median (a process's first rendering compiles its templates).
    answered: dict[str, list[tuple[float, int, int]]] = {"page: situation answer": [], "api: situation answer": []}
    for number, (situation, word) in enumerate(reader["situations"]):
        on_page = number % 2 == 0
        with CaptureQueriesContext(connection) as queries:
            cpu = time.process_time()
            if on_page:
                response = page.post(f"/training/situations/{situation}/answer/", {"word": word},
                                     HTTP_HX_REQUEST="true")
            else:
                response = api.post(f"/api/situations/{situation}/answer/", {"word": word},
                                    content_type="application/json")
            answered["page: situation answer" if on_page else "api: situation answer"].append(
                ((time.process_time() - cpu) * 1000, len(queries), response.status_code))
    for label, values in answered.items():
        warm = values[1:] or values
        print(f"{label:28} {values[-1][2]:6d} {max(v[1] for v in warm):7d} "
              f"{statistics.median(v[0] for v in warm):7.1f} {'':>8}")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (shared machine: CPU is the figure)")


LAYERS = [  # (layer, fragments of the file path), first match wins
    ("test client", ("/django/test/",)),
    ("middleware", ("/django/middleware/", "/contrib/sessions/", "/contrib/auth/", "/contrib/messages/",
                    "/whitenoise/", "/django_htmx/", "/core/middleware.py", "/core/csp.py", "/core/request_guard.py",
                    "/core/request_memo.py", "/core/task_middleware.py", "/django/core/handlers/")),
    ("URL resolving", ("/django/urls/",)),
    ("DRF", ("/rest_framework/",)),
    ("templates", ("/django/template/", "/templatetags/", "/django/forms/", "/django/utils/html.py",
                   "/django/utils/safestring.py", "/django/utils/formats.py")),
    ("translation", ("/django/utils/translation/", "gettext")),
    ("ORM and driver", ("/django/db/", "/psycopg", "sqlite3")),
    ("cache", ("/django/core/cache/", "/redis/")),
    ("Tirage code", ("/accounts/", "/core/", "/lexicon/", "/training/", "/puzzles/", "/engine/")),
]


def print_layers(stats: pstats.Stats, repeat: int) -> None:
    """Each function's own CPU time (tottime), summed by layer: where a request's CPU goes."""
    def layer_of(filename: str) -> str:
        return next((name for name, parts in LAYERS if any(part in filename for part in parts)), "other")

    totals: dict[str, float] = {}
    for (filename, _line, _name), (_calls, _primitive, own, _cumulative, callers) in stats.stats.items():  # type: ignore[attr-defined]
        if filename == "~" and callers:  # a built-in (str.join, isinstance...): its callers' layers
            for (caller_file, _l, _n), timing in callers.items():
                totals[layer_of(caller_file)] = totals.get(layer_of(caller_file), 0.0) + timing[2]
            continue
        totals[layer_of(filename)] = totals.get(layer_of(filename), 0.0) + own
    whole = sum(totals.values())
    print(f"CPU per request by layer ({repeat} requests, profiled: about twice the unprofiled time)")
    for layer, seconds in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"  {layer:16} {seconds / repeat * 1000:6.2f} ms  {seconds / whole:5.1%}")


if __name__ == "__main__":
    main()
