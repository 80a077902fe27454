"""Playing the shared board with the keyboard only, as a screen-reader user does, in the browser tests of the
duplicate page, the coach's puzzles and the rooms (docs/accessibility.md): what the board's live region says,
the page's own announcements (``#dup-board-messages``, in the page's language) filled in, moving with the keys,
and axe-core's ARIA rules."""

from __future__ import annotations

import re

import pytest

from engine.scrabble.cgp import parse_cgp
from tests.browser_support import format_axe, run_axe
from training.duplicate.models import DuplicateGame

ROWS = "ABCDEFGHIJKLMNO"

# The rules of axe-core about ARIA roles, states and properties (some are "best practice" only, as
# aria-allowed-role, which run_axe's WCAG set leaves out), tables, names, roles and values, keyboard and
# structure. Colours (contrast of the caption, focus outlines) are checked by their own work, not here.
AXE_ARIA = """within => axe.run(within ? {include: within} : document, {runOnly: {type: "tag", values: [
    "cat.aria", "cat.tables", "cat.name-role-value", "cat.parsing", "cat.keyboard", "cat.structure",
    "cat.semantics"]}, resultTypes: ["violations"]}).then(results => results.violations.map(
    v => ({id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
           nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary, html: n.html}))})))"""
COLOUR_RULES = {"color-contrast", "color-contrast-enhanced", "link-in-text-block"}


def expect():
    return pytest.importorskip("playwright.sync_api").expect


def message(page, key: str, board: str = "dup-board", **values) -> str:
    """The page's announcement ``key`` (``data-<key>`` of ``#<board>-messages``) with its placeholders filled."""
    template = page.get_attribute(f"#{board}-messages", f"data-{key}")
    assert template, f"no message {key!r} on the page"
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), template)


def spoken_letter(page, letter: str) -> str:
    """A letter as the region says it: a blank (lower case) as "joker E"."""
    return message(page, "blank", letter=letter.upper()) if letter.islower() else letter


def rack_left(page, rack: str, used: list[str], whole: str) -> str:
    """The rack once ``used`` are placed, in words, as duplicate.js tells it: ``whole`` (the rack's own name)
    while nothing is placed, else what is left in the rack's order (a letter the rack lacks takes a blank)."""
    free = list(rack)
    for letter in used:
        if letter.isupper() and letter in free:
            free.remove(letter)
        elif "?" in free:
            free.remove("?")
    if len(free) == len(rack):
        return whole
    if not free:
        return message(page, "rack-empty")
    blank = page.get_attribute("#dup-board-messages", "data-blank-tile")
    return message(page, "rack-left", letters=" ".join(blank if ch == "?" else ch for ch in free))


def focused_square(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.dataset.square || ''")


def walk_to(page, square: str) -> None:
    """From the focused square to ``square`` with the arrow keys only."""
    here = focused_square(page)
    dr = ROWS.index(square[0]) - ROWS.index(here[0])
    dc = int(square[1:]) - int(here[1:])
    for _ in range(abs(dr)):
        page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
    for _ in range(abs(dc)):
        page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
    assert focused_square(page) == square


def tab_to(page, element_id: str, key: str = "Tab", limit: int = 40) -> int:
    """Press ``key`` until ``element_id`` has the focus; the number of presses."""
    for count in range(1, limit + 1):
        page.keyboard.press(key)
        if page.evaluate("document.activeElement ? document.activeElement.id : ''") == element_id:
            return count
    raise AssertionError(f"{element_id} not reached with {key} in {limit} presses")


def tab_into_board(page, key: str = "Tab", limit: int = 60) -> int:
    """Press ``key`` until the focus is in the board (on its one square in the tab order); the presses."""
    for count in range(1, limit + 1):
        page.keyboard.press(key)
        if focused_square(page):
            return count
    raise AssertionError(f"the board was not reached with {key}")


def squares_of(game: DuplicateGame, number: int) -> tuple[dict, list[tuple[str, str]]]:
    """The round's top and, for each letter it puts down, (the letter as the engine writes it, its square)."""
    rnd = game.rounds.get(number=number)
    top, board = rnd.top, parse_cgp(rnd.cgp).board
    dr, dc = (0, 1) if top["dir"] == "H" else (1, 0)
    placed = []
    for k, ch in enumerate(top["word"]):
        r, c = top["row"] + dr * k, top["col"] + dc * k
        if not board.get(r, c):
            placed.append((ch, f"{ROWS[r]}{c + 1}"))
    return top, placed


def assert_aria_clean(page, within: list[str] | None = None) -> None:
    """axe-core's WCAG 2.0-2.2 A and AA rules (run_axe) but colour on the page, then its ARIA, table, keyboard and
    structure rules on the page or on the elements ``within`` (CSS selectors): no violation."""
    violations = [v for v in run_axe(page) if v["id"] not in COLOUR_RULES]
    assert not violations, format_axe(violations)
    aria = page.evaluate(AXE_ARIA, [[selector] for selector in within] if within else None)
    assert not aria, format_axe(aria)
