"""Small lexicons and brute-force oracles shared by the crossword tests."""

from __future__ import annotations

from engine.crossword import CrosswordLexicon, Grid


def lexicon(words: str | list[str], scores: dict[str, float] | None = None) -> CrosswordLexicon:
    items = words.split() if isinstance(words, str) else words
    if scores is None:
        return CrosswordLexicon([w.upper() for w in items], "en", score_source="uniform")
    return CrosswordLexicon([w.upper() for w in items], "en", scores)


def brute_force_fills(grid: Grid, words: set[str], limit: int = 1) -> list[list[str]]:
    """Every fill (up to ``limit``) by plain backtracking in slot order: the oracle."""
    by_len: dict[int, list[str]] = {}
    for w in sorted(words):
        by_len.setdefault(len(w), []).append(w)
    cells: dict[tuple[int, int], str] = {}
    for r, row in enumerate(grid.rows):
        for c, ch in enumerate(row):
            if ch.isalpha():
                cells[(r, c)] = ch
    # Visit slots so that each one crosses as many already-visited ones as possible (plain pruning).
    order: list[int] = []
    nbrs = grid.neighbours()
    while len(order) < len(grid.slots):
        rest = [i for i in range(len(grid.slots)) if i not in order]
        order.append(max(rest, key=lambda i: (sum(x.b in order for x in nbrs[i]), -i)))
    found: list[list[str]] = []
    chosen: list[str] = []

    def go(k: int) -> None:
        if len(found) >= limit:
            return
        if k == len(order):
            by_slot = dict(zip(order, chosen, strict=True))
            found.append([by_slot[i] for i in range(len(order))])
            return
        slot = grid.slots[order[k]]
        for w in by_len.get(slot.length, []):
            if w in chosen:
                continue
            if any(cells.get(cell, ch) != ch for cell, ch in zip(slot.cells, w, strict=True)):
                continue
            added = [cell for cell in slot.cells if cell not in cells]
            for cell, ch in zip(slot.cells, w, strict=True):
                cells.setdefault(cell, ch)
            chosen.append(w)
            go(k + 1)
            chosen.pop()
            for cell in added:
                del cells[cell]

    go(0)
    return found


def naive_ac3(grid: Grid, words: set[str]) -> dict[str, set[str]] | None:
    """The seed's AC-3 on word pairs (plus all-different on single-word domains), to a fixpoint."""
    dom = {}
    for slot in grid.slots:
        pattern = grid.pattern(slot)
        dom[slot.index] = {w for w in words if len(w) == slot.length
                           and all(p == "." or p == c for p, c in zip(pattern, w, strict=True))}
    nbrs = grid.neighbours()
    changed = True
    while changed:
        changed = False
        for s in dom:
            for x in nbrs[s]:
                keep = {w for w in dom[s] if any(v[x.pos_b] == w[x.pos_a] for v in dom[x.b])}
                if keep != dom[s]:
                    dom[s] = keep
                    changed = True
            if len(dom[s]) == 1:
                (w,) = dom[s]
                for t in dom:
                    if t != s and w in dom[t]:
                        dom[t] = dom[t] - {w}
                        changed = True
            if not dom[s]:
                return None
    return {grid.slots[s].key: d for s, d in dom.items()}
