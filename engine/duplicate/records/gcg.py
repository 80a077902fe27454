"""GCG ("generic crossword game", the common format of English Scrabble games) for duplicate games.

Tirage writes a duplicate game as the moves of one player, ``Top``: each move line is
``>Top: RACK COORD WORD +POINTS TOTAL`` with the English coordinate (``8D`` across = row 8 from column D,
``D8`` down), the word whole with ``.`` for the letters already on the board and blanks in lower case, and
the running total. Pragmas: ``#character-encoding UTF-8``, ``#player1``, ``#lexicon``, ``#rack1`` (the rack
left at the end), and ``#note Tirage: ...`` lines for what GCG has no field for (the game's language when it
is not English, the joker variant, a rejected draw before a rack). Other tools read these notes as comments.

Reading: the same lines; played-through letters may be written out or as ``.``; unknown pragmas are ignored.
A GCG game is read as one player's duplicate game: every rack holds the letters the last play left (or
follows a rejected draw). Exchanges, passes, withdrawn phonies and end-of-game lines are refused (with the
line): a duplicate round always puts a play on the board.
"""

from __future__ import annotations

import re

from engine.duplicate.draws import JOKER
from engine.duplicate.records.model import GameRecord, RecordError, RecordRound, parse_rack
from engine.scrabble.board import SIZE, Board
from engine.scrabble.notation import NotationError, format_coord, parse_coord

NICK = "Top"
NOTE = "#note Tirage:"
_MOVE = re.compile(r"^>([^:]+):\s+(\S+)\s+(\S+)\s+(\S+)\s+([+-]\d+)\s+(-?\d+)\s*$")


def read(text: str) -> GameRecord:
    record = GameRecord(language="en")
    rejected_next = False
    total = 0
    seen_move = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(NOTE):
            note = line[len(NOTE):].strip()
            if note == "rejet":
                rejected_next = True
            elif note.startswith("language "):
                if seen_move:
                    raise RecordError(number, "the language note must come before the first move")
                record.language = note.split()[1].lower()
            elif note == "variant joker":
                record.variant = JOKER
            continue
        if line.startswith("#"):
            name, _sp, value = line.partition(" ")
            if name == "#lexicon":
                record.lexicon = value.strip() or None
            elif name == "#player1":
                parts = value.split(None, 1)
                record.player_name = parts[1] if len(parts) > 1 else (parts[0] if parts else None)
            elif name == "#rack1":
                kept, drawn, _rejected = parse_rack(value.strip(), number)
                record.final_rack, record.final_line = kept + drawn, number
            continue
        if not line.startswith(">"):
            raise RecordError(number, f"a GCG line starts with '#' (pragma) or '>' (move), not {line[:30]!r}")
        match = _MOVE.match(line)
        if not match:
            raise RecordError(number, "a move line is '>Player: RACK COORD WORD +POINTS TOTAL'; exchanges, passes "
                              "and end-of-game lines have no place in a duplicate game")
        _nick, rack, coord, word, points, cumulative = match.groups()
        if rack.startswith("(") or coord.startswith("-") or word.startswith("-"):
            raise RecordError(number, "only plays have a place in a duplicate game")
        kept, drawn, rejected = parse_rack(rack.upper(), number)
        try:
            row, col, direction = parse_coord(coord, "en")
        except NotationError as exc:
            raise RecordError(number, str(exc)) from None
        if not all(ch == "." or (ch.isascii() and ch.isalpha()) for ch in word):
            raise RecordError(number, f"word {word!r}: letters, '.' for a letter on the board, blanks in lower case")
        score = int(points)
        total += score
        if int(cumulative) != total:
            raise RecordError(number, f"the running total is written {cumulative}, the points add up to {total}")
        record.rounds.append(RecordRound(kept, drawn, word, format_coord(row, col, direction, "fr"), score,
                                         rejected or rejected_next, bingo=None, line=number, split_known=False))
        rejected_next = False
        seen_move = True
    if not record.rounds:
        raise RecordError(0, "the file holds no move")
    return record


def write(record: GameRecord, **_options: object) -> str:
    out = ["#character-encoding UTF-8", f"#player1 {NICK} {record.player_name or 'Duplicate top'}"]
    if record.lexicon:
        out.append(f"#lexicon {record.lexicon}")
    if record.language != "en":
        out.append(f"{NOTE} language {record.language}")
    if record.variant == JOKER:
        out.append(f"{NOTE} variant joker")
    board = Board()
    total = 0
    for rnd in record.rounds:
        row, col, direction = parse_coord(rnd.coord, "fr")
        dr, dc = (0, 1) if direction == "H" else (1, 0)
        cells = [(row + dr * k) * SIZE + col + dc * k for k in range(len(rnd.word))]
        shown = "".join("." if board.cells[i] else ch for i, ch in zip(cells, rnd.word, strict=True))
        # a record read from GCG and not replayed keeps its '.': the board knows those letters
        board.place(row, col, direction, "".join(board.cells[i] if ch == "." else ch
                                                 for i, ch in zip(cells, rnd.word, strict=True)))
        total += rnd.points
        if rnd.rejected:
            out.append(f"{NOTE} rejet")
        out.append(f">{NICK}: {rnd.rack} {format_coord(row, col, direction, 'en')} {shown} +{rnd.points} {total}")
    if record.final_rack:
        out.append(f"#rack1 {record.final_rack}")
    return "\n".join(out) + "\n"
