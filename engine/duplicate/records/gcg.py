"""GCG ("generic crossword game", the common format of English Scrabble games) for duplicate games.

Tirage writes a duplicate game as the moves of one player, ``Top``: each move line is
``>Top: RACK COORD WORD +POINTS TOTAL`` with the English coordinate (``8D`` across = row 8 from column D,
``D8`` down), the word whole with ``.`` for the letters already on the board and blanks in lower case, and
the running total. Pragmas: ``#character-encoding UTF-8``, ``#player1``, ``#lexicon``, ``#rack1`` (the rack
left at the end), and ``#note Tirage: ...`` lines for what GCG has no field for (the game's language when it
is not English, the joker variant, a rejected draw before a rack). Other tools read these notes as comments.

Reading: the same lines; played-through letters may be written out or as ``.``; unknown pragmas and the text
after a move's running total (annotations) are ignored. A file of one player whose turns are all plays is
read as that player's duplicate game: every rack holds the letters the last play left (or follows a rejected
draw).

**A two-player game** (``#player1``/``#player2``, moves alternating; the ordinary GCG of a Scrabble game) is
read as a duplicate game to replay: every play that stayed on the board is a round, with the rack of the
player who made it as the file gives it (``kept`` empty: a two-player rack is not a duplicate draw) and the
board as played, so Tirage's top of each turn can be compared with the play made. The turns that put nothing
on the board make no round: passes (``-``), exchanges (``-ABC`` or ``-3``), a play taken back after a
challenge (``--``, which removes the play just before it), a challenge bonus (``(challenge)``), a time
penalty (``(time)``) and the end-of-game rack points (``(ABC)``); they still count in the running totals,
which are checked per player. A play written without its rack (an opponent's rack is often unknown) has the
tiles it puts down as its rack. The record keeps who made each play (``RecordRound.mover``) and the writer
writes such a record back as a two-player game.
"""

from __future__ import annotations

import re

from engine.duplicate.draws import JOKER
from engine.duplicate.records.model import GameRecord, RecordError, RecordRound, parse_rack
from engine.scrabble.board import SIZE, Board
from engine.scrabble.notation import NotationError, format_coord, parse_coord

NICK = "Top"
NOTE = "#note Tirage:"
_SCORE = re.compile(r"^[+-]\d+$")
_TOTAL = re.compile(r"^-?\d+$")
_EXCHANGE = re.compile(r"^-(?:[A-Za-z?]+|\d)$")


def _split_move(line: str, number: int) -> tuple[str, list[str], int, int]:
    """A move line as (nick, the fields before the points, the points, the running total)."""
    nick, colon, rest = line[1:].partition(":")
    if not colon or not nick.strip():
        raise RecordError(number, "gcg_move_form")
    fields = rest.split()
    for i in range(len(fields) - 1):
        if _SCORE.match(fields[i]) and _TOTAL.match(fields[i + 1]):
            return nick.strip(), fields[:i], int(fields[i]), int(fields[i + 1])
    raise RecordError(number, "gcg_move_form")


def read(text: str) -> GameRecord:
    record = GameRecord(language="en")
    rejected_next = False
    totals: dict[str, int] = {}
    nicks: list[str] = []
    names: dict[str, str] = {}
    previous: RecordRound | None = None  # the round the last move line made, if it made one
    non_play = False
    seen_move = False
    final_racks: dict[int, tuple[str, int]] = {}
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
                    raise RecordError(number, "gcg_language_late")
                record.language = note.split()[1].lower()
            elif note == "variant joker":
                record.variant = JOKER
            continue
        if line.startswith("#"):
            name, _sp, value = line.partition(" ")
            if name == "#lexicon":
                record.lexicon = value.strip() or None
            elif name in ("#player1", "#player2"):
                parts = value.split(None, 1)
                if parts:
                    names[parts[0]] = parts[1] if len(parts) > 1 else parts[0]
                if name == "#player1":
                    record.player_name = names.get(parts[0]) if parts else None
            elif name in ("#rack1", "#rack2"):
                kept, drawn, _rejected = parse_rack(value.strip(), number)
                final_racks[int(name[-1])] = (kept + drawn, number)
            continue
        if not line.startswith(">"):
            raise RecordError(number, "gcg_line", found=line[:30])
        nick, fields, score, cumulative = _split_move(line, number)
        if nick not in totals:
            nicks.append(nick)
            totals[nick] = 0
            if len(nicks) > 2:
                raise RecordError(number, "gcg_players", count=len(nicks), players=", ".join(nicks))
        totals[nick] += score
        if cumulative != totals[nick]:
            raise RecordError(number, "gcg_running_total", player=nick, written=cumulative, total=totals[nick])
        seen_move = True
        play = _read_play(fields, number)
        if play is None:  # a turn that leaves the board as it was
            non_play = True
            what = fields[-1] if fields else ""
            if what == "--":
                withdrawn = previous if previous is not None and previous.mover == nick else None
                if withdrawn is None:
                    raise RecordError(number, "gcg_withdrawn", player=nick)
                record.rounds.pop()
            elif _EXCHANGE.match(what) and len(fields) == 2 and not what[1:].isdigit():
                letters = what[1:].upper()
                rack = fields[0].upper()
                if any(rack.count(ch) < letters.count(ch) for ch in set(letters)):
                    raise RecordError(number, "gcg_exchange", letters=letters, rack=rack)
            previous = None
            continue
        rack, coord, word = play
        kept, drawn, rejected = parse_rack(rack.upper(), number) if rack else ("", "", False)
        try:
            row, col, direction = parse_coord(coord, "en")
        except NotationError:
            raise RecordError(number, "gcg_coord", coord=coord[:20]) from None
        if not all(ch == "." or (ch.isascii() and ch.isalpha()) for ch in word):
            raise RecordError(number, "gcg_word", word=word[:40])
        rnd = RecordRound(kept, drawn, word, format_coord(row, col, direction, "fr"), score,
                          rejected or rejected_next, bingo=None, line=number, split_known=False, mover=nick)
        record.rounds.append(rnd)
        previous = rnd
        rejected_next = False
    if not record.rounds:
        raise RecordError(0, "no_round")
    if len(nicks) > 1 or non_play:
        record.players = [(n, names.get(n, n)) for n in nicks]
        record.free_racks = True
        for rnd in record.rounds:
            rnd.rejected = False
    else:
        for rnd in record.rounds:
            rnd.mover = ""
        if 1 in final_racks:
            record.final_rack, record.final_line = final_racks[1]
    return record


def _read_play(fields: list[str], number: int) -> tuple[str, str, str] | None:
    """``(rack, coord, word)`` of a play (rack "" when the file does not give it), or None for a turn that
    puts nothing on the board (pass, exchange, play taken back, bonus, penalty, end-of-game points)."""
    if len(fields) == 3 and not fields[1].startswith(("-", "(")):
        return fields[0], fields[1], fields[2]
    if len(fields) == 2 and not fields[0].startswith(("-", "(")) and not fields[1].startswith(("-", "(")) \
            and fields[0][:1].isalnum() and _looks_like_coord(fields[0]):
        return "", fields[0], fields[1]
    if len(fields) == 2 and (fields[1] in ("-", "--") or _EXCHANGE.match(fields[1]) or fields[1].startswith("(")):
        return None
    if len(fields) == 1 and fields[0].startswith("("):
        return None
    raise RecordError(number, "gcg_move_form")


def _looks_like_coord(text: str) -> bool:
    try:
        parse_coord(text, "en")
    except NotationError:
        return False
    return True


def write(record: GameRecord, **_options: object) -> str:
    players = record.players or [(NICK, record.player_name or "Duplicate top")]
    out = ["#character-encoding UTF-8"]
    out += [f"#player{i} {nick} {name}" for i, (nick, name) in enumerate(players, start=1)]
    if record.lexicon:
        out.append(f"#lexicon {record.lexicon}")
    if record.language != "en":
        out.append(f"{NOTE} language {record.language}")
    if record.variant == JOKER:
        out.append(f"{NOTE} variant joker")
    board = Board()
    totals: dict[str, int] = {}
    for rnd in record.rounds:
        nick = rnd.mover if record.players and rnd.mover else players[0][0]
        row, col, direction = parse_coord(rnd.coord, "fr")
        dr, dc = (0, 1) if direction == "H" else (1, 0)
        cells = [(row + dr * k) * SIZE + col + dc * k for k in range(len(rnd.word))]
        shown = "".join("." if board.cells[i] else ch for i, ch in zip(cells, rnd.word, strict=True))
        # a record read from GCG and not replayed keeps its '.': the board knows those letters
        board.place(row, col, direction, "".join(board.cells[i] if ch == "." else ch
                                                 for i, ch in zip(cells, rnd.word, strict=True)))
        totals[nick] = totals.get(nick, 0) + rnd.points
        if rnd.rejected:
            out.append(f"{NOTE} rejet")
        rack = f"{rnd.rack} " if rnd.rack else ""
        out.append(f">{nick}: {rack}{format_coord(row, col, direction, 'en')} {shown} +{rnd.points} {totals[nick]}")
    if record.final_rack:
        out.append(f"#rack1 {record.final_rack}")
    return "\n".join(out) + "\n"
