"""Training grid writes and rules: grid generation (CBIC), answers and their judgement.

- **Answers** are judged against the situation's goal, its list word through its support letter: the list
  word decides the situation, right wherever it is legal; another legal play that scores the situation's
  top is credited as a *top* (:class:`training.models.TopFind`) and the situation stays open for its list
  word; any other legal play decides it, wrong, with its score. An answer that is not a word of the
  lexicon or not a legal play is refused with the reason and recorded nowhere: a typo is not a verdict.
  Coordinates are optional: without them a word is judged at its best legal placement. ONE deciding
  answer per situation reviews the word's FSRS card (right = Good, wrong = Again); later tries are
  refused and counted nowhere, because only the first verdict is an honest test of recall.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.engine_messages import engine_note, message_for
from core.progress import Progress
from core.task_rows import failing_in_words, mark_row, start_row_task
from engine.alphabet import InvalidWord
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from engine.scrabble.notation import NotationError, format_coord, parse_coord
from engine.scrabble.scoring import IllegalPlay, validate_play
from lexicon.models import Lexicon
from lexicon.selectors import serving_version_number
from training.grids import selectors
from training.grids.cbic import run_cbic
from training.grids.models import Answer, Situation, TopFind, TrainingGrid
from training.lists import selectors as list_selectors
from training.lists.models import ReviewCard, RevisionEntry, RevisionList
from training.lists.services import bad_characters_message, review_card

logger = logging.getLogger(__name__)
GRID_MAX_WORDS = 10
"""Words per training grid: CBIC is tuned and benchmarked for sets of 5 to 10 words."""
TOP_N = 10
MAX_ANSWER_LENGTH = 15


class AnswerError(ValueError):
    """Bad answer input (empty word, unknown letters, unreadable coordinates): nothing is recorded."""


class CoordError(AnswerError):
    """Unreadable coordinates (the pages show it under the coordinate field)."""


class GridError(ValueError):
    """A grid that cannot be started (no usable words); the message says why."""


# --- Grids ------------------------------------------------------------------------------------------------

def _grid_words(entries: list[RevisionEntry], gaddag: Any, limit: int) -> list[dict[str, Any]]:
    """The request sent to CBIC: words still in the lexicon, one per distinct word and one per rack, at most
    ``limit``. Why one per rack: two situations with the same rack (AEINRS for ENTRAIS, RAINETS...) have
    the same plays nearby, so the second one is found by memory, not by search; the word left out waits
    for a later grid (entries come due first)."""
    words: list[dict[str, Any]] = []
    seen: set[str] = set()
    racks: set[str] = set()
    for entry in entries:
        if entry.word in seen or entry.rack in racks or not gaddag.contains(entry.word):
            continue
        seen.add(entry.word)
        racks.add(entry.rack)
        words.append({"entry": entry.pk, "word": entry.word, "support_index": entry.support_index})
        if len(words) == limit:
            break
    return words


def _start(user, lexicon: Lexicon, words: list[dict[str, Any]], *, source: str,
           revision_list: RevisionList | None, seed: int | None) -> TrainingGrid:
    if not words:
        raise GridError(_("No word to train on: add words that are in the lexicon %(lexicon)s first.")
                        % {"lexicon": lexicon.name})

    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    return start_row_task(lambda: TrainingGrid.objects.create(owner=user, lexicon=lexicon, revision_list=revision_list,
                                                              source=source, seed=seed, words=words,
                                                              lexicon_version=serving_version_number(lexicon)),
                          "training.generate_grid", "grid_id", owner=user)


def start_list_grid(user, revision_list: RevisionList, *, max_words: int = GRID_MAX_WORDS,
                    seed: int | None = None) -> TrainingGrid:
    """Start generating a grid from a list: its words due soonest first (never-reviewed ones are due now)."""
    max_words = max(1, min(int(max_words), GRID_MAX_WORDS))
    entries = list(revision_list.entries.select_related("card").order_by("card__due", "id"))
    words = _grid_words(entries, list_selectors.gaddag_of(revision_list.lexicon), max_words)
    return _start(user, revision_list.lexicon, words, source=TrainingGrid.Source.LIST,
                  revision_list=revision_list, seed=seed)


def start_due_grid(user, lexicon: Lexicon, *, max_words: int = GRID_MAX_WORDS, seed: int | None = None) -> TrainingGrid:
    """Start generating a grid from the user's words due for review in ``lexicon`` (all lists)."""
    max_words = max(1, min(int(max_words), GRID_MAX_WORDS))
    entries = [card.entry for card in list_selectors.due_cards(user, lexicon=lexicon)]
    if not entries:
        raise GridError(_("No word is due for review in %(lexicon)s.") % {"lexicon": lexicon.name})
    words = _grid_words(entries, list_selectors.gaddag_of(lexicon), max_words)
    return _start(user, lexicon, words, source=TrainingGrid.Source.DUE, revision_list=None, seed=seed)


def _expected_play(gaddag: Any, cgp: str, placed: dict[str, Any]) -> dict[str, Any]:
    """Validate the generator's placement with the engine's rules and return the scored play's JSON.

    Why re-validate: the situation is what the learner is judged against, so an illegal one must
    never be shown; a refusal here is reported as an unplaced word instead.
    """

    position = parse_cgp(cgp)
    coord = format_coord(placed["row"], placed["col"], placed["dir"], "fr")
    move = validate_play(gaddag, position, coord, placed["word"])
    return move.to_json("fr")


STORED, ALREADY_THERE, OTHER_THERE, GRID_DONE = "stored", "already there", "other there", "grid done"
"""What :func:`store_situation` did with a situation (see there)."""


def store_situation(grid_id: int, situation: Situation) -> str:
    """Store one situation of a grid being built, in its own short transaction, so that a reader sees it (and
    the learner may answer it) while the later ones are still being built.

    Returns ``STORED``; ``ALREADY_THERE`` when an earlier delivery of the grid's task message stored the same
    situation (same word, same position) at that order; ``OTHER_THERE`` when it stored another one there (its
    construction went otherwise, as one cut short by the time budget may); ``GRID_DONE`` when another delivery
    finished the grid meanwhile. Why the lock: two deliveries of one message may race (a worker presumed dead
    finishing late); the grid row is locked and the unique (grid, order) constraint holds, so a situation is
    never doubled nor replaced (a learner may already have answered it).
    """
    with transaction.atomic():
        locked = TrainingGrid.objects.select_for_update().only("status").get(pk=grid_id)
        if locked.status == TrainingGrid.Status.DONE:
            return GRID_DONE
        at_order = Situation.objects.filter(grid_id=grid_id, order=situation.order).values_list("word", "cgp")
        there = at_order.first()
        if there is None:
            try:
                with transaction.atomic():
                    situation.save(force_insert=True)
                return STORED
            except IntegrityError:  # stored by another delivery since the read (a database without row locks)
                there = at_order.first()
        return ALREADY_THERE if there == (situation.word, situation.cgp) else OTHER_THERE


class _SituationStream:
    """The situations of one grid as CBIC builds them: each checked (:func:`_expected_play`) and stored at once.

    A refused one goes to the words left out, as before streaming. Once an earlier delivery's situation
    disagrees with this run's (``OTHER_THERE``), nothing more is stored: the situations already stored stand
    and the grid is finished from them (:func:`_finish_from_stored`), since later situations of this run
    would sit on another board.
    """

    def __init__(self, grid: TrainingGrid, gaddag: Any) -> None:
        self.grid = grid
        self.gaddag = gaddag
        self.entries = {w["word"]: w["entry"] for w in grid.words}
        self.existing = set(RevisionEntry.objects.filter(pk__in=self.entries.values()).values_list("pk", flat=True))
        self.accepted = 0
        """Situations of this run stored or found already there, in order."""
        self.refused: list[dict[str, Any]] = []
        self.diverged = False
        self.done_elsewhere = False

    def add(self, placed: dict[str, Any]) -> None:
        """The engine's hook (``on_situation``): one placed word's JSON, in the grid's order."""
        if self.diverged or self.done_elsewhere:
            return
        situation = placed.get("situation") or {}
        word = placed["word"].upper()
        try:
            expected = _expected_play(self.gaddag, situation["cgp"], placed)
        except (IllegalPlay, KeyError, ValueError) as exc:
            logger.error("grid %s: CBIC situation for %s refused: %s", self.grid.pk, word, exc)
            self.refused.append({"word": word, "reason": f"illegal situation: {exc}", "code": "cbic_illegal_situation",
                                 "params": {"error": getattr(exc, "code", type(exc).__name__)}})
            return
        entry_id = self.entries.get(word)
        outcome = store_situation(self.grid.pk, Situation(
            grid=self.grid, entry_id=entry_id if entry_id in self.existing else None, order=self.accepted, word=word,
            cgp=situation["cgp"], rack=situation.get("rack", ""), support=placed.get("support") or {},
            expected=expected, top=[_top_json(play) for play in situation.get("top", [])],
        ))
        if outcome in (STORED, ALREADY_THERE):
            self.accepted += 1
        elif outcome == OTHER_THERE:
            logger.warning("grid %s: situation %s differs from the one an earlier delivery stored; keeping those",
                           self.grid.pk, self.accepted + 1)
            self.diverged = True
        else:
            self.done_elsewhere = True


def build_grid(grid_id: int, progress: Progress) -> dict[str, Any]:
    """Run CBIC for a pending grid and store its situations as they are built, then its board (called by the
    Celery task).

    Marks the grid running; each situation is stored as soon as the engine has built it, in its own
    transaction (:func:`store_situation`), so the learner sees situation 1 and may answer it while the grid
    is still running; the board, the words left out and the statistics come at the end with the status done.
    A failure marks the grid failed (with the reason, raised again as :class:`TaskFailure` so the task run
    shows it too). A message delivered twice never doubles a situation: a done grid is kept as it is, and
    situations an earlier delivery stored stand (see :class:`_SituationStream`).
    """
    grid = TrainingGrid.objects.select_related("lexicon").get(pk=grid_id)
    if grid.status == TrainingGrid.Status.DONE:  # a message delivered again after the grid was stored
        return _built_summary(grid)
    mark_row(TrainingGrid, grid_id, TrainingGrid.Status.RUNNING)
    with failing_in_words(TrainingGrid, grid_id, _("The grid could not be built: %(error)s"), expected=(GridError,)):
        progress.report(2, _("Loading the lexicon"))
        gaddag = list_selectors.gaddag_of(grid.lexicon)
        stream = _SituationStream(grid, gaddag)
        progress.report(5, _("Building the grid"))
        result = run_cbic(gaddag, grid.words, seed=grid.seed, top_n=TOP_N, lexicon_name=grid.lexicon.name,
                          progress=lambda pct, msg="": progress.report(5 + 0.9 * float(pct), engine_note(msg)),
                          on_situation=stream.add)
        with transaction.atomic():
            # The first delivery to finish stores the board; another one keeps what is there.
            locked = TrainingGrid.objects.select_for_update().get(pk=grid_id)
            if locked.status == TrainingGrid.Status.DONE:
                return _built_summary(locked)
            if stream.diverged or locked.situations.count() != stream.accepted:
                return _finish_from_stored(locked)
            unplaced = [*result.get("unplaced", []), *stream.refused]
            mark_row(TrainingGrid, grid_id, TrainingGrid.Status.DONE, board=result.get("board", []),
                     unplaced=unplaced, stats=result.get("stats", {}), error="")
            return {"grid": grid_id, "situations": stream.accepted, "unplaced": len(unplaced)}


def _finish_from_stored(grid: TrainingGrid) -> dict[str, Any]:
    """Finish a grid from the situations an earlier delivery stored when this run's construction went
    otherwise: those stand (a learner may have answered them); the final board is the last one's board with
    its word, and the words not among them are left out as interrupted. Called with the grid row locked."""
    situations = list(grid.situations.order_by("order"))
    board: list[str] = []
    if situations:
        last = situations[-1]
        final = parse_cgp(last.cgp).board
        final.place(last.expected["row"], last.expected["col"], last.expected["dir"], last.expected["word"])
        board = final.rows()
    stored = {s.word for s in situations}
    unplaced = [{"word": w["word"], "reason": "the grid’s construction was interrupted before this word was placed",
                 "code": "cbic_interrupted", "params": {}} for w in grid.words if w["word"] not in stored]
    mark_row(TrainingGrid, grid.pk, TrainingGrid.Status.DONE, board=board, unplaced=unplaced,
             stats={"seed": grid.seed, "kept_situations": len(situations)}, error="")
    return {"grid": grid.pk, "situations": len(situations), "unplaced": len(unplaced)}


def _built_summary(grid: TrainingGrid) -> dict[str, Any]:
    return {"grid": grid.pk, "situations": grid.situations.count(), "unplaced": len(grid.unplaced)}


def _top_json(play: dict[str, Any]) -> dict[str, Any]:
    keys = ("coord", "row", "col", "dir", "word", "score", "tiles", "expected")
    return {k: play[k] for k in keys if k in play}


def play_refusal(exc: IllegalPlay) -> str:
    """The engine's refusal in the learner's language, by its stable ``code`` and the words and params it
    carries (``exc.words`` for invalid words), never by reading its English message."""
    reasons = {
        "off_board": _("the word runs off the board"),
        "overlap": _("a square on the way holds another letter"),
        "incomplete_word": _("the word continues into a tile on the board: write the whole word"),
        "no_tiles": _("the word is already on the board"),
        "not_in_rack": _("the rack does not hold the letters this placement needs"),
        "not_connected": _("the word does not touch the tiles on the board"),
        "no_centre": _("the first word must cover the centre square"),
        "too_short": _("a word needs at least 2 letters"),
        "gap": _("the tiles leave a gap"),
        "not_in_line": _("the tiles are not in one line"),
    }
    params = getattr(exc, "params", None) or {}
    if exc.code == "invalid_word":
        return _("it forms words that are not in the lexicon: %(words)s") % {"words": ", ".join(exc.words) or "?"}
    if exc.code == "bad_letter":
        if "letter" in params:
            return message_for("bad_character", {"char": params["letter"]})
        return _("a tile is not a letter of the alphabet")
    if exc.code == "bad_coord":
        if params.get("coord"):
            return _("the coordinates “%(coord)s” cannot be read") % {"coord": params["coord"]}
        return _("the coordinates cannot be read")
    return reasons.get(exc.code) or _("the play breaks a rule of the game")


@dataclass
class AnswerOutcome:
    answer: Answer | None
    correct: bool
    score: int
    message: str
    expected: dict[str, Any]
    top: list[dict[str, Any]]
    verdict: str = Answer.Verdict.WRONG
    play: dict[str, Any] | None = None
    """The learner's legal play as the engine scored it (None when the answer is not a legal play)."""
    decided: bool = True
    """False when a top other than the list word was credited: the situation stays open for its list word."""
    top_found: bool = False
    """The learner found the situation's top (the list word when it is the top, or another play)."""

    @property
    def top_rows(self) -> list[dict[str, Any]]:
        """The top plays with ``mine`` (the learner's play) and ``is_expected`` (the list word) marked."""
        def key(play: dict[str, Any] | None) -> tuple[str, str] | None:
            return (play.get("coord", ""), str(play.get("word", "")).upper()) if play else None

        mine, expected = key(self.play), key(self.expected)
        return [{**t, "mine": mine is not None and key(t) == mine, "is_expected": key(t) == expected}
                for t in self.top]

    @property
    def play_in_top(self) -> bool:
        return any(row["mine"] for row in self.top_rows)


class AlreadyAnswered(Exception):
    """The situation is already decided for this learner (answered, or its grid revealed): nothing recorded."""


class SituationLocked(Exception):
    """An earlier situation of the grid is still open: this one's board would show its answer (CBIC builds
    the grid word after word), so situations are answered in order. Nothing recorded."""

    def __init__(self, message: str, current: Situation | None = None) -> None:
        super().__init__(message)
        self.current = current


class PlayRefused(AnswerError):
    """The answer is not a word of the lexicon or not a legal play on the situation's board: a typo is not a
    verdict, so nothing is recorded and the situation stays open (the message gives the reason)."""


def _coord_message(coord: str) -> str:
    return _("Coordinates “%(coord)s” cannot be read: write a row letter A to O and a column number 1 to 15, "
             "such as H4 (across) or 4H (down).") % {"coord": coord}


@dataclass
class _Judgement:
    verdict: str
    score: int
    message: str
    play: dict[str, Any] | None
    top_found: bool = False


def top_score(situation: Situation) -> int | None:
    """The best score of the situation's board and rack (its first top play), None without tops."""
    scores = [int(t.get("score", 0)) for t in situation.top or [] if isinstance(t, dict)]
    return max(scores) if scores else None


def top_is_list_word(situation: Situation) -> bool:
    """Does the list word score the top of its situation (no other play scores more)?"""
    best = top_score(situation)
    return best is None or int(situation.expected.get("score", 0)) >= best


def is_anagram_through_support(move: Any, situation: Situation) -> bool:
    """Does ``move`` find the list word's letters where the goal asks for them: an anagram of the list word (a
    blank counts as the letter it stands for) whose main word crosses the support square and lays every tile
    of the rack? Such a play meets every condition the situation states, so it is credited as the list word
    (docs/training.md, "Anagrams of the list word")."""
    if sorted(move.word.upper()) != sorted(situation.word.upper()) or move.word.upper() == situation.word.upper():
        return False
    support = situation.support or {}
    square = (support.get("row"), support.get("col"))
    crosses = any((r, c) == square for r, c, _ch in move.squares())
    return crosses and move.tiles == len(situation.rack)


def other_anagrams(gaddag: Any, situation: Situation, played: str) -> list[str]:
    """The list word's other anagrams in the lexicon (neither the list word nor the word played)."""
    list_word = situation.word.upper()
    return sorted(w for w in gaddag.anagrams(list_word) if w.upper() not in (list_word, played.upper()))


def _judge_move(move: Any, situation: Situation, gaddag: Any) -> _Judgement:
    """A legal play against the situation's goal. The list word is right anywhere it is legal (and a top too
    when it scores the top); an anagram of it through the support letter, laying the whole rack, is right too
    (it stands for the list word, which the verdict names). Another play scoring the top is a top: credited,
    the situation stays open for its list word. Any other legal play is wrong, with its score."""
    play = move.to_json("fr")
    word = move.word.upper()
    expected = situation.expected
    target = int(expected.get("score", 0))
    best = top_score(situation)
    values = {"word": word, "coord": move.coord, "score": move.score, "expected": target, "top": best}
    is_top = best is not None and move.score >= best
    if word == situation.word.upper():
        if is_top:
            message = _("Right: %(word)s at %(coord)s scores %(score)s, and it is the top.") % values
        else:
            message = _("Right: %(word)s at %(coord)s scores %(score)s.") % values
        return _Judgement(Answer.Verdict.EXPECTED, move.score, message, play, is_top)
    if is_anagram_through_support(move, situation):
        values["list_word"] = situation.word.upper()
        message = _("Right: %(word)s at %(coord)s scores %(score)s. It is an anagram of %(list_word)s, the word "
                    "of your list, through its support letter: it counts as found.") % values
        others = other_anagrams(gaddag, situation, word)
        if others:
            message += " " + _("Its other anagrams: %(words)s.") % {"words": ", ".join(others)}
        if is_top:
            message += " " + _("And it is the top.")
        return _Judgement(Answer.Verdict.ANAGRAM, move.score, message, play, is_top)
    if is_top:
        return _Judgement(Answer.Verdict.TOP, move.score,
                          _("A top: %(word)s at %(coord)s scores %(score)s, the best score of this board. "
                            "The word of the list is still to find.") % values, play, True)
    return _Judgement(Answer.Verdict.WRONG, move.score,
                      _("%(word)s at %(coord)s is legal and scores %(score)s, but it is not the word of the "
                        "list.") % values, play)


def judge_answer(gaddag: Any, situation: Situation, word: str, coord: str) -> _Judgement:
    """Judge a normalised word (and optional French coordinates) without recording anything.

    With coordinates the play is checked and scored by the engine's rules (:func:`validate_play`).
    Without them, the expected word is right at its expected placement; any other word is judged at
    its best legal placement on the situation's board with the situation's rack (the move generator
    lists every legal play), so a top found without coordinates counts too.

    Raises :class:`PlayRefused` for a word that is not in the lexicon or not a legal play: a typo is not
    a verdict.
    """
    expected = situation.expected
    expected_word = situation.word.upper()
    position = parse_cgp(situation.cgp)
    if coord:
        try:
            move = validate_play(gaddag, position, coord, word)
        except IllegalPlay as exc:
            raise PlayRefused(_("%(word)s at %(coord)s is not a legal play: %(reason)s. Nothing is recorded: "
                                "try again.") % {"word": word, "coord": coord, "reason": play_refusal(exc)}) from None
        return _judge_move(move, situation, gaddag)
    if word == expected_word:
        best = top_score(situation)
        score = int(expected.get("score", 0))
        is_top = best is None or score >= best
        values = {"word": expected_word, "coord": expected.get("coord", ""), "score": score}
        message = (_("Right: %(word)s at %(coord)s scores %(score)s, and it is the top.") if is_top and best is not None
                   else _("Right: %(word)s at %(coord)s scores %(score)s.")) % values
        return _Judgement(Answer.Verdict.EXPECTED, score, message, dict(expected), is_top and best is not None)
    if not gaddag.contains(word):
        raise PlayRefused(_("%(word)s is not in the lexicon. Nothing is recorded: try again.") % {"word": word})
    plays = [m for m in generate_moves(gaddag, position) if m.word.upper() == word]
    if not plays:
        raise PlayRefused(_("%(word)s is a word, but it cannot be played on this board with this rack. Nothing "
                            "is recorded: try again.") % {"word": word})
    # Without coordinates, an anagram of the list word is taken through its support letter when it can be.
    through = [m for m in plays if is_anagram_through_support(m, situation)]
    return _judge_move((through or plays)[0], situation, gaddag)


def answer_situation(situation: Situation, user, word: str, coord: str | None = None) -> AnswerOutcome:
    """Judge an answer to ``situation`` for ``user``; record it when it decides the situation and review the
    word's FSRS card.

    Judged against the situation's goal, its list word (:func:`judge_answer`): the list word decides the
    situation, right (and a top too when it scores the top); another play scoring the top is credited
    (:class:`TopFind`) and the situation stays open for its list word; any other legal play decides it,
    wrong. Raises :class:`AnswerError` (nothing recorded, the situation stays open) for an empty word,
    letters outside the alphabet, a word longer than 15 letters, unreadable coordinates, and
    (:class:`PlayRefused`) a word that is not in the lexicon or not a legal play; :class:`AlreadyAnswered`
    when the situation was already decided or its grid revealed: only the first verdict is an honest test
    of recall, so later ones count nowhere; :class:`SituationLocked` while an earlier situation of the grid
    is open (its board is not shown yet).
    """
    text = (word or "").strip()
    if not text:
        raise AnswerError(_("Type a word."))
    gaddag = list_selectors.gaddag_of(situation.grid.lexicon)
    try:
        normalised = gaddag.alphabet.normalise(text)
    except InvalidWord:
        raise AnswerError(bad_characters_message(gaddag.alphabet, text)) from None
    if len(normalised) > MAX_ANSWER_LENGTH:
        raise AnswerError(_("“%(word)s” is too long for the board.") % {"word": text})
    coord = (coord or "").strip().upper()
    if coord:
        try:
            parse_coord(coord, "fr")
        except NotationError:
            raise CoordError(_coord_message(coord)) from None
    _refuse_if_decided(situation, user)
    _refuse_if_locked(situation, user)

    judged = judge_answer(gaddag, situation, normalised, coord)
    if judged.verdict == Answer.Verdict.TOP:
        return _credit_top(situation, user, normalised, judged)
    correct = judged.verdict in (Answer.Verdict.EXPECTED, Answer.Verdict.ANAGRAM)
    top_found = judged.top_found or TopFind.objects.filter(situation=situation, user=user).exists()
    try:
        with transaction.atomic():
            _refuse_if_decided(situation, user)
            answer = Answer.objects.create(
                situation=situation, user=user, word=normalised, coord=(judged.play or {}).get("coord", coord)[:4],
                correct=correct, verdict=judged.verdict, score=judged.score, play=judged.play,
                message=judged.message[:255])
            if situation.entry_id is not None:
                card_row = (ReviewCard.objects.select_for_update()
                            .filter(entry_id=situation.entry_id, owner=user).first())
                if card_row is not None:
                    review_card(card_row, correct)
    except IntegrityError:  # a concurrent first answer won the race
        raise AlreadyAnswered(_already_message()) from None
    return AnswerOutcome(answer, correct, judged.score, judged.message, situation.expected, list(situation.top),
                         judged.verdict, judged.play, decided=True, top_found=top_found)


def _credit_top(situation: Situation, user, word: str, judged: _Judgement) -> AnswerOutcome:
    """Record the top found (once) and leave the situation open: nothing about its list word is shown."""
    play = judged.play or {}
    with transaction.atomic():
        _refuse_if_decided(situation, user)
        TopFind.objects.get_or_create(situation=situation, user=user, defaults={
            "word": word, "coord": str(play.get("coord", ""))[:4], "score": judged.score, "play": play})
    return AnswerOutcome(None, True, judged.score, judged.message, {}, [], Answer.Verdict.TOP, judged.play,
                         decided=False, top_found=True)


def recorded_outcome(situation: Situation) -> AnswerOutcome | None:
    """The verdict that stands for a decided situation (its answer, as recorded), for pages shown again;
    a situation closed by a reveal gets an outcome without an answer (nothing was counted)."""
    answer = getattr(situation, "my_answer", None)
    top_found = bool(getattr(situation, "top_found", False))
    if answer is None:
        if not getattr(situation, "revealed", False):
            return None
        return AnswerOutcome(None, False, 0, _("Revealed: this situation was not answered and counts nowhere."),
                             situation.expected, list(situation.top), "", None, top_found=top_found)
    return AnswerOutcome(answer, answer.correct, answer.score, answer.message, situation.expected,
                         list(situation.top), answer.verdict, answer.play, top_found=top_found)


def _already_message() -> str:
    return _("This situation is already decided: only the first answer counts. Go on to the next one.")


def _refuse_if_decided(situation: Situation, user) -> None:
    if situation.answers.filter(user=user).exists():
        raise AlreadyAnswered(_already_message())
    if TrainingGrid.objects.filter(pk=situation.grid_id, revealed_at__isnull=False).exists():
        raise AlreadyAnswered(_("The grid was revealed: its situations can no longer be answered."))


def locked_message(current: Situation) -> str:
    return _("Answer situation %(n)s first: situations are played in order, since the board of each one "
             "shows the answers of those before it.") % {"n": current.order + 1}


def _refuse_if_locked(situation: Situation, user) -> None:
    current = selectors.current_situation(situation, user)
    if current is not None:
        raise SituationLocked(locked_message(current), current)


def reveal_grid(grid: TrainingGrid) -> TrainingGrid:
    """Show the final grid before every situation is answered; the unanswered ones are closed (shown as
    revealed, counted nowhere) and the grid will never count as solved. Idempotent."""
    if grid.status != TrainingGrid.Status.DONE:
        raise GridError(_("The grid is not built yet: there is nothing to reveal."))
    if grid.revealed_at is None:
        TrainingGrid.objects.filter(pk=grid.pk, revealed_at__isnull=True).update(revealed_at=timezone.now())
        grid.refresh_from_db(fields=["revealed_at"])
    return grid
