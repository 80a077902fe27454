"""Lexicon benchmark: Tirage's GADDAG next to the PyPI ``gaddag`` package (a C GADDAG) as a peer.

Run (from the repository root):

    .venv/bin/python bench/lexicon.py                      # wfrench, 300 racks per blank count
    .venv/bin/python bench/lexicon.py --wordlist /usr/share/dict/american-english --language en
    .venv/bin/python bench/lexicon.py --racks 50 --skip-peer   # quicker

What it measures, on the list read with ``engine.wordlist.read_word_list(..., skip_invalid=True)``
(wfrench: accents folded, hyphenated/apostrophe forms left out, ~325k words):

* build time and peak memory: each build runs in its own subprocess that reports its own
  ``ru_maxrss``; a "read the list only" subprocess gives the interpreter + list baseline;
* file size, node and arc counts, load time (best of several warm loads; ours checks the CRC);
* ``contains`` per second over every word plus as many one-letter-changed non-words;
* 7-letter anagrams (exact length, every tile used) with 0, 1 and 2 blanks per second, on random
  racks drawn from the language's bag with a fixed seed. The peer has no anagram function: it runs
  the same first-letter + separator + forward search written over its C node API (ctypes calls),
  and its answers are checked equal to ours.

Rates are printed by the wall clock and, in parentheses, by the process's CPU time: on a busy shared
machine the first drops with the load, the second is what the code costs.

The peer crashes (segfault) on one-letter words, so it gets the list without them; that changes
nothing for the 7-letter queries and almost nothing for ``contains``.
Targets: file <= 4 MB (read as 4,000,000 bytes), load <= 50 ms, build <= 60 s with peak
<= 2 GB, >= 300k contains/s.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from french_list import default_french_list  # noqa: E402

from engine.alphabet import get_alphabet  # noqa: E402
from engine.gaddag import FORMAT_VERSION, build_gaddag, load_gaddag  # noqa: E402
from engine.wordlist import read_word_list  # noqa: E402

# -- child processes: one build each, so peak memory is the build's own -------------------------------

def child(kind: str, words_path: str, out_path: str, language: str) -> None:
    words = Path(words_path).read_text(encoding="ascii").split()
    result: dict[str, float | int] = {}
    started = time.perf_counter()
    if kind == "ours":
        g = build_gaddag(words, language)
        result["build_s"] = time.perf_counter() - started
        result["bytes"] = g.save(out_path)
        result.update(nodes=g.node_count, arcs=g.arc_count, words=g.word_count)
    elif kind == "peer":
        import gaddag

        g = gaddag.GADDAG(w.lower() for w in words if len(w) > 1)
        result["build_s"] = time.perf_counter() - started
        g.save(out_path, compressed=False, exist_ok=True)
        g.save(out_path + ".gz", compressed=True, exist_ok=True)
        result.update(bytes=os.path.getsize(out_path), gz_bytes=os.path.getsize(out_path + ".gz"),
                      nodes=g.num_nodes, arcs=g.num_edges, words=g.num_words)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    result["maxrss_kb"] = usage.ru_maxrss
    result["cpu_s"] = usage.ru_utime + usage.ru_stime
    print(json.dumps(result))


def run_child(kind: str, words_path: Path, out_path: Path, language: str) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", kind, str(words_path), str(out_path), language],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{kind} build failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# -- timing helpers --------------------------------------------------------------------------------------

def best_of(call: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best


class Rate:
    """Calls per second by the wall clock and by this process's CPU time.

    Both are printed: on a shared, busy machine the wall-clock rate drops with the load while the
    CPU rate stays what the code costs.
    """

    def __init__(self, count: int, wall: float, cpu: float) -> None:
        self.wall = count / wall
        self.cpu = count / cpu if cpu > 0 else float("inf")

    def __format__(self, spec: str) -> str:
        return f"{self.wall:{spec}} (cpu {self.cpu:{spec}})"


def per_second(call: Callable[[str], object], items: list[str]) -> tuple[Rate, list]:
    wall, cpu = time.perf_counter(), time.process_time()
    results = [call(item) for item in items]
    return Rate(len(items), time.perf_counter() - wall, time.process_time() - cpu), results


def draw_racks(language: str, count: int, blanks: int, seed: int) -> list[str]:
    alphabet = get_alphabet(language)
    bag = [ch for ch, n in alphabet.counts.items() for _ in range(n)]
    rng = random.Random(seed)
    return ["".join(rng.sample(bag, 7 - blanks)) + "?" * blanks for _ in range(count)]


def non_words(words: list[str], letters: str, seed: int, present: Callable[[str], bool]) -> list[str]:
    rng = random.Random(seed)
    out = []
    for word in words:
        i = rng.randrange(len(word))
        candidate = word[:i] + rng.choice(letters) + word[i + 1:]
        out.append(candidate if not present(candidate) else candidate + "QJ")
    return out


def single_arc_nodes(words) -> int:
    """Nodes with exactly one arc, however stored (format version 2: read from the top down).

    Their count bounds what storing single-arc nodes in one word could save; the file's
    ``one_word_count`` says how many the layout actually stores so.
    """
    count = 0
    index = len(words) - 1
    while index > 0:
        word = words[index]
        if word & 0x40000000:  # a one-word node: one arc by definition
            count += 1
            index -= 1
        else:
            arcs = word.bit_count()
            count += arcs == 1
            index -= 1 + arcs
    return count


# -- the peer's anagram search over its C node API ---------------------------------------------------------

class PeerAnagrams:
    """Exact-length anagrams with blanks over the C GADDAG: first letter, '+', then forward.

    Same search as ours (``engine.gaddag.query``), each node step a ctypes call.
    """

    def __init__(self, peer) -> None:
        from gaddag.cgaddag import MAX_CHARS, cgaddag

        self.lib = cgaddag
        self.gdg = peer._gdg
        self.size = MAX_CHARS

    # A fresh buffer per call, as the peer's own Node class does: the C side does not always
    # write a terminating NUL, so a reused buffer would leak letters of an earlier call.
    def edges(self, node: int) -> str:
        buffer = ctypes.create_string_buffer(self.size)
        self.lib.gdg_edges(self.gdg, node, buffer)
        return buffer.value.decode("ascii")

    def letter_set(self, node: int) -> str:
        buffer = ctypes.create_string_buffer(self.size)
        self.lib.gdg_letter_set(self.gdg, node, buffer)
        return buffer.value.decode("ascii")

    def follow(self, node: int, ch: str) -> int:
        return self.lib.gdg_follow_edge(self.gdg, node, ch.encode("ascii"))

    def anagrams(self, rack: str) -> list[str]:
        counts: dict[str, int] = {}
        for ch in rack.lower().replace("?", ""):
            counts[ch] = counts.get(ch, 0) + 1
        blanks = rack.count("?")
        size = len(rack)
        found: set[str] = set()
        state = {"blanks": blanks}

        def take(ch: str) -> int:
            if counts.get(ch):
                counts[ch] -= 1
                return 1
            if state["blanks"]:
                state["blanks"] -= 1
                return 2
            return 0

        def give(ch: str, how: int) -> None:
            if how == 1:
                counts[ch] += 1
            else:
                state["blanks"] += 1

        def forward(node: int, text: str) -> None:
            # The peer keeps completions in the node's letter set; a letter that only completes a
            # word has no edge at all, so the last letter is looked up in the set, not the edges.
            last = len(text) + 1 == size
            for ch in self.letter_set(node) if last else self.edges(node):
                if ch == "+":
                    continue
                how = take(ch)
                if not how:
                    continue
                if last:
                    found.add((text + ch).upper())
                else:
                    nxt = self.follow(node, ch)
                    if nxt:
                        forward(nxt, text + ch)
                give(ch, how)

        for ch in self.edges(0):
            if ch == "+":
                continue
            how = take(ch)
            if how:
                node = self.follow(0, ch)
                sep = self.follow(node, "+") if node and "+" in self.edges(node) else 0
                if sep:
                    forward(sep, ch)
                give(ch, how)
        return sorted(found, key=lambda w: (len(w), w))


# -- main ----------------------------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wordlist", default=None, help="word list (default: the French dictionary make run imports)")
    parser.add_argument("--language", default="fr")
    parser.add_argument("--racks", type=int, default=300, help="racks per blank count for our side")
    parser.add_argument("--peer-racks", type=int, default=20, help="racks per blank count for the peer")
    parser.add_argument("--skip-peer", action="store_true")
    parser.add_argument("--workdir", default=None, help="keep the built files here")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.wordlist = args.wordlist or default_french_list()
    if args.child:
        child(*args.child)
        return

    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="tirage-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    word_list = read_word_list(args.wordlist, args.language, skip_invalid=True)
    words = word_list.words
    words_path = workdir / "words.txt"
    words_path.write_text("\n".join(words) + "\n", encoding="ascii")
    print(f"{args.wordlist}: {len(words)} words ({len(word_list.problems)} lines left out) "
          f"read in {time.perf_counter() - started:.1f} s; files in {workdir}", flush=True)

    baseline = run_child("baseline", words_path, workdir / "none", args.language)
    ours = run_child("ours", words_path, workdir / "lexicon.gad", args.language)
    peer = None if args.skip_peer else run_child("peer", words_path, workdir / "peer.gdg", args.language)

    g = load_gaddag(workdir / "lexicon.gad")
    rows: list[tuple[str, str, str, str]] = []
    single = single_arc_nodes(g.words)

    def row(metric: str, mine: str, theirs: str = "", target: str = "") -> None:
        rows.append((metric, mine, theirs, target))

    row("words", f"{ours['words']:,}", f"{peer['words']:,}" if peer else "", "")
    row("build time (s; cpu of the whole child incl. reading)", f"{ours['build_s']:.1f} (cpu {ours['cpu_s']:.1f})",
        f"{peer['build_s']:.1f} (cpu {peer['cpu_s']:.1f})" if peer else "", "<= 60")
    row("peak memory of the build process (MB)", f"{ours['maxrss_kb'] / 1024:.0f}",
        f"{peer['maxrss_kb'] / 1024:.0f}" if peer else "", "<= 2048")
    row("  of which interpreter + word list (MB)", f"{baseline['maxrss_kb'] / 1024:.0f}",
        f"{baseline['maxrss_kb'] / 1024:.0f}" if peer else "", "")
    row(f"file size (bytes; format version {FORMAT_VERSION})", f"{ours['bytes']:,}",
        f"{peer['bytes']:,} ({peer['gz_bytes']:,} gzip)" if peer else "", "<= 4,000,000 (4 MB)")
    row("  if every single-arc node took one word (explicit child; bytes)",
        f"{ours['bytes'] - 4 * (single - g.one_word_count):,}", "", "(other encoding; not done)")
    row("nodes", f"{ours['nodes']:,}", f"{peer['nodes']:,}" if peer else "")
    row("  of which single-arc nodes", f"{single:,}", "")
    row("  of which stored in one word (child just below)", f"{g.one_word_count:,}", "")
    row("arcs", f"{ours['arcs']:,}", f"{peer['arcs']:,}" if peer else "")

    load_ms = best_of(lambda: load_gaddag(workdir / "lexicon.gad").close(), 20) * 1000
    load_nocrc_ms = best_of(lambda: load_gaddag(workdir / "lexicon.gad", verify_checksum=False).close(), 20) * 1000
    peer_obj = None
    peer_load = ""
    if peer:
        import gaddag

        peer_ms = best_of(lambda: gaddag.load(str(workdir / "peer.gdg")), 3) * 1000
        peer_gz_ms = best_of(lambda: gaddag.load(str(workdir / "peer.gdg.gz")), 3) * 1000
        peer_obj = gaddag.load(str(workdir / "peer.gdg"))
        peer_load = f"{peer_ms:.1f} ({peer_gz_ms:.0f} gzip)"
    row("load time (ms, warm page cache)", f"{load_ms:.2f} ({load_nocrc_ms:.3f} without CRC)", peer_load, "<= 50")

    probes = [w for w in words if len(w) > 1]
    probes += non_words(probes, get_alphabet(args.language).letters, 1, g.contains)
    rate, mine = per_second(g.contains, probes)
    theirs = ""
    if peer_obj is not None:
        peer_rate, peer_answers = per_second(peer_obj.__contains__, probes)
        assert peer_answers == mine, "contains: the peer disagrees"
        theirs = f"{peer_rate:,.0f}"
    assert sum(mine) == len(probes) // 2, "contains: every word found, no non-word"
    row(f"contains / s ({len(probes):,} probes, half non-words)", f"{rate:,.0f}", theirs, ">= 300,000")

    peer_search = PeerAnagrams(peer_obj) if peer_obj is not None else None
    for blanks in (0, 1, 2):
        racks = draw_racks(args.language, args.racks, blanks, seed=blanks)
        rate, results = per_second(g.anagrams, racks)
        found = sum(map(len, results)) / len(racks)
        theirs = ""
        if peer_search is not None:
            subset = racks[:args.peer_racks]
            peer_rate, peer_results = per_second(peer_search.anagrams, subset)
            assert peer_results == results[:len(subset)], f"anagrams with {blanks} blank(s): the peer disagrees"
            theirs = f"{peer_rate:,.1f} (same answers)"
        row(f"7-letter anagrams / s, {blanks} blank(s) (avg {found:.1f} words)", f"{rate:,.1f}", theirs)
    racks = draw_racks(args.language, max(args.racks // 3, 1), 0, seed=7)
    rate, results = per_second(lambda r: g.anagrams(r, 2), racks)
    row("7-letter sub-anagrams (>= 2 letters) / s", f"{rate:,.1f}", "")
    sample = random.Random(3).sample([w for w in words if 4 <= len(w) <= 8], 2000)
    rate, _ = per_second(lambda w: (g.front_hooks(w), g.back_hooks(w)), sample)
    row("front + back hooks / s", f"{rate:,.0f}", "")
    masks = [w[0] + "." * (len(w) - 2) + w[-1] for w in sample[:200]]
    rate, _ = per_second(g.pattern, masks)
    row("patterns like M....N / s", f"{rate:,.1f}", "")
    rate, _ = per_second(lambda w: g.extensions(w, "??"), sample[:100])
    row("extensions with 2 blanks (any order) / s", f"{rate:,.1f}", "")
    started = time.perf_counter()
    assert sum(1 for _ in g.iter_words()) == len(words)
    row("iterate every word (s)", f"{time.perf_counter() - started:.2f}", "")
    g.close()

    widths = [max(len(r[i]) for r in rows + [("metric", "tirage (Python)", "gaddag (C, PyPI)", "target")])
              for i in range(4)]
    header = ("metric", "tirage (Python)", "gaddag (C, PyPI)" if peer else "(peer skipped)", "target")
    print()
    print(" | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))


if __name__ == "__main__":
    main()
