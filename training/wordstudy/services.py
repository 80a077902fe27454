"""Word-study writes and rules: quizzes (by ranks, from a list, from due cards), answers, the card box, challenges.

Rules the pages, the API and the tests rely on:

- **Choosing**: by lexicon, kind, length (2 to 15; 2 to 14 for 7+1, whose answers are one letter
  longer) and rank range (ranks of :mod:`training.wordstudy.ranking`); at most 50 questions, drawn at
  random from the range when it holds more, then asked in rank order. Or the alphagrams of a revision
  list's words, or the learner's due cards. Refusals raise :class:`QuizError` with the reason in words.
- **Order** of a quiz by ranks: ``probability`` (the default) or ``playability`` (how often the alphagram's
  words are tops in the engine's own duplicate games, :mod:`training.wordstudy.playability`), for 4 to 6
  letters only; the rank range is read in the order chosen. The questions keep their probability ``rank``
  either way, and a playability quiz's questions also their ``play_rank`` and ``tops``.
- **One question per alphagram**, whatever the kind and the source: a hooks question asks about one
  word of its alphagram (the one with the most hooks, the first alphabetically among equals; a list's
  own word for a list quiz), a validity question about one word drawn with the quiz's seed. So every
  sampled rank is asked and a card is reviewed at most once per quiz (closing a question whose
  alphagram was already reviewed in the quiz, as in quizzes stored before this rule, reviews nothing).
- **Answering** a question (any order, any case, accents ignored): a *final* submission closes the
  question; *partial* submissions (a word wall, one word at a time) add found answers and close it
  when every answer is found. Closing a question reviews its alphagram's FSRS card: Good when every
  answer was found and nothing wrong was given, Again otherwise (so a missed alphagram comes back
  sooner). Finishing a quiz closes what is left. Every submission is kept.
- **Time**: a quiz with a time limit refuses answers once the limit (plus a few seconds of grace for
  the network) is past, and closes itself.
- **Passing time** (flash cards): the learner's ``Profile.passing_seconds``, copied onto a flash-card quiz when
  it is made. The server times each flash card itself, from when it first showed it (``QuizQuestion.shown_at``,
  stamped by the flash page or ``GET /api/quizzes/{id}/next/``; a reload keeps the first stamp; a question
  answered without being shown that way was on offer since the quiz's previous question closed, or since the
  quiz was made) to the final answer's arrival at the server (``core.arrival``). A question answered right but
  more slowly is still right (the score counts it) and marked ``slow``: its card is reviewed Again, as missed.
  Word walls and daily challenges show every question at once: their clock is the quiz's time limit.
- **Daily challenge**: per lexicon and day, 50 anagram questions (7 and 8 letters among the most
  likely), the same for everyone, one try each.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.http import Http404
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from accounts.selectors import profile_of
from core.selectors import get_or_404, not_found_message
from engine.wordstudy import (
    KINDS,
    Question,
    alphagram,
    anagram_question,
    hook_question,
    judge,
    normalise_answer,
    seven_plus_one_question,
    validity_question,
)
from engine.wordstudy.playability import QUIZ_LENGTHS
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_of_version, serving_version_number
from training.lists import selectors as training_selectors
from training.lists.models import RevisionList
from training.lists.services import new_card_fields, review_fsrs_card
from training.wordstudy import selectors
from training.wordstudy.indexes import alphagram_index
from training.wordstudy.models import (
    AlphagramCard,
    AlphagramPlayability,
    AlphagramRanking,
    DailyChallenge,
    PlayedAlphagram,
    Quiz,
    QuizAnswer,
    QuizQuestion,
    RankedAlphagram,
)
from training.wordstudy.playability import ensure_playability
from training.wordstudy.ranking import MAX_LENGTH, MIN_LENGTH, ensure_ranking
from training.wordstudy.selectors import due_cards

MAX_QUESTIONS = 50
MAX_ANSWERS = 200
MAX_ANSWER_CHARS = 40
MIN_TIME_LIMIT = 10
MAX_TIME_LIMIT = 3600
MAX_RANK = 10_000_000
GRACE_SECONDS = 10
CHALLENGE_LENGTHS = (7, 8)
CHALLENGE_TOP = 3000
CHALLENGE_TIME = 300
PLAYABILITY_LENGTHS = QUIZ_LENGTHS


class QuizError(ValueError):
    """A quiz that cannot be made or an answer that cannot be taken; the message says why."""


class QuizClosed(QuizError):
    """The quiz is finished (or its time is up): nothing more is taken."""


class ChallengeTaken(QuizError):
    """The learner already has a try at this challenge (``quiz``)."""

    def __init__(self, message: str, quiz: Quiz) -> None:
        super().__init__(message)
        self.quiz = quiz


class RanksNotReady(Exception):
    """The lexicon's ranks are being computed (``ranking.task_run`` shows the progress)."""

    def __init__(self, ranking: AlphagramRanking | AlphagramPlayability) -> None:
        super().__init__("ranks not ready")
        self.ranking = ranking


class PlayabilityNotReady(RanksNotReady):
    """The lexicon's playability is being computed (``playability``, also ``ranking``: its row): answered like
    ranks being computed (409 with the task, a progress bar), in its own words."""

    def __init__(self, playability: AlphagramPlayability) -> None:
        super().__init__(playability)
        self.playability = playability


# --- Input ------------------------------------------------------------------------------------------------

def _int(value: Any, name: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise QuizError(_("%(name)s must be a whole number.") % {"name": name})
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise QuizError(_("%(name)s must be a whole number.") % {"name": name}) from None
    if str(number) != str(value).strip() and not isinstance(value, int):
        raise QuizError(_("%(name)s must be a whole number.") % {"name": name})
    return number


def resolve_lexicon(value: Any) -> Lexicon:
    """A lexicon by id (or by name); :class:`QuizError` naming the value otherwise."""
    if value is None or value == "":
        raise QuizError(_("Choose a lexicon."))
    lexicon = None
    if isinstance(value, int) and not isinstance(value, bool) or (isinstance(value, str) and value.strip().isdigit()):
        number = int(value)
        if number < 2**31:
            lexicon = Lexicon.objects.filter(pk=number).first()
    elif isinstance(value, str):
        lexicon = Lexicon.objects.filter(name=value.strip()).first()
    if lexicon is None:
        raise QuizError(_("Unknown lexicon “%(value)s”.") % {"value": value})
    return lexicon


def check_kind(kind: Any) -> str:
    kind = "anagrams" if kind in (None, "") else kind
    if kind not in KINDS:
        raise QuizError(_("Unknown kind “%(kind)s”: choose anagrams, hooks, seven_plus_one or validity.")
                        % {"kind": kind})
    return kind


def _check_mode(mode: Any) -> str:
    mode = Quiz.Mode.WALL if mode in (None, "") else mode
    if mode not in Quiz.Mode.values:
        raise QuizError(_("Unknown mode “%(mode)s”: choose wall or flash.") % {"mode": mode})
    return mode


def _check_time_limit(value: Any) -> int | None:
    seconds = _int(value, "time_limit")
    if seconds is not None and not MIN_TIME_LIMIT <= seconds <= MAX_TIME_LIMIT:
        raise QuizError(_("The time limit must be between 10 and %(max)s seconds.") % {"max": MAX_TIME_LIMIT})
    return seconds


def check_order(order: Any, length: int | None) -> str:
    """The order of a quiz by ranks: ``probability`` (the default) or ``playability``, which only words of
    :data:`PLAYABILITY_LENGTHS` have (``length`` None: not checked yet); :class:`QuizError` otherwise.

    Why 4 to 6 letters: 2- and 3-letter words are learned whole, and longer words are too rarely tops over
    the games played for their counts to order them (``docs/wordstudy.md``, "Playability")."""
    order = Quiz.Order.PROBABILITY if order in (None, "") else order
    if order not in Quiz.Order.values:
        raise QuizError(_("Unknown order “%(order)s”: choose probability or playability.") % {"order": order})
    if order == Quiz.Order.PLAYABILITY and length is not None and length not in PLAYABILITY_LENGTHS:
        raise QuizError(_("Playability ranks are for words of %(min)s to %(max)s letters, not %(length)s: choose "
                          "the probability order for this length.")
                        % {"min": PLAYABILITY_LENGTHS[0], "max": PLAYABILITY_LENGTHS[-1], "length": length})
    return str(order)


def _check_count(value: Any) -> int:
    count = _int(value, "count")
    if count is None:
        return MAX_QUESTIONS
    if not 1 <= count <= MAX_QUESTIONS:
        raise QuizError(_("A quiz has 1 to %(max)s questions.") % {"max": MAX_QUESTIONS})
    return count


# --- Questions --------------------------------------------------------------------------------------------

def _gaddag(lexicon: Lexicon) -> Any:
    # The hash and the file read together from one row: the questions match the version recorded.
    return gaddag_of_version(lexicon.content_hash, lexicon.language, words_file=lexicon.words_file.name)


def _index(lexicon: Lexicon, gaddag: Any, kind: str, blanks: int) -> Any:
    """The version's alphagram index when the questions are look-ups in it (anagrams with blanks, 7+1)."""
    if kind == "seven_plus_one" or (kind == "anagrams" and blanks):
        return alphagram_index(lexicon.content_hash, lexicon.language, gaddag)
    return None


def _hook_question(gaddag: Any, words: list[str]) -> Question:
    """One hooks question for an alphagram's ``words`` (alphabetical): the word with the most hooks, the
    first among equals; the same word every time the alphagram comes back."""
    return max((hook_question(gaddag, word) for word in words), key=lambda q: q.count)


def _questions_for(gaddag: Any, kind: str, alphagrams: Sequence[tuple[str, int | None]], *, blanks: int,
                   rng: random.Random, limit: int, index: Any = None) -> list[tuple[Question, int | None]]:
    """One question of ``kind`` per ``(alphagram, rank)`` pair (alphagrams distinct), at most ``limit``."""
    out: list[tuple[Question, int | None]] = []
    seen: set[str] = set()
    for letters, rank in alphagrams:
        if len(out) >= limit:
            break
        if letters in seen:
            continue
        seen.add(letters)
        if kind == "anagrams":
            out.append((anagram_question(gaddag, letters, blanks, rng, index=index), rank))
        elif kind == "seven_plus_one":
            out.append((seven_plus_one_question(gaddag, letters, index=index), rank))
        else:
            words = gaddag.anagrams(letters)
            if not words:
                continue
            if kind == "hooks":
                out.append((_hook_question(gaddag, words), rank))
            else:
                out.append((validity_question(gaddag, rng.choice(words), rng), rank))
    return out


def _store(quiz: Quiz, questions: list[tuple[Question, int | None]],
           played: dict[str, tuple[int, int]] | None = None) -> Quiz:
    """Store the questions in order; ``played``: alphagram → (playability rank, tops), a playability quiz's."""
    rows = []
    for order, (q, rank) in enumerate(questions):
        play_rank, tops = (played or {}).get(q.alphagram, (None, None))
        rows.append(QuizQuestion(quiz=quiz, order=order, question=q.question, alphagram=q.alphagram, rank=rank,
                                 play_rank=play_rank, tops=tops, answers=list(q.answers), detail=q.detail))
    QuizQuestion.objects.bulk_create(rows)
    return quiz


def _done_ranking(lexicon: Lexicon) -> AlphagramRanking | None:
    return AlphagramRanking.objects.filter(content_hash=lexicon.content_hash, language=lexicon.language,
                                           state=AlphagramRanking.State.DONE).first()


def _ranks_of(lexicon: Lexicon, alphagrams: list[str]) -> dict[str, int]:
    ranking = _done_ranking(lexicon)
    if ranking is None or not alphagrams:
        return {}
    return dict(RankedAlphagram.objects.filter(ranking=ranking, alphagram__in=alphagrams)
                .values_list("alphagram", "rank"))


def ready_ranking(lexicon: Lexicon, user=None) -> AlphagramRanking:
    """The finished ranking of the lexicon's serving version; :class:`RanksNotReady` while it is computed."""
    ranking = ensure_ranking(lexicon, user)
    if ranking.state != AlphagramRanking.State.DONE:
        raise RanksNotReady(ranking)
    return ranking


def ready_playability(lexicon: Lexicon, user=None) -> AlphagramPlayability:
    """The finished playability of the lexicon's serving version; :class:`PlayabilityNotReady` while it is
    computed (its task started on this first demand)."""
    playability = ensure_playability(lexicon, user)
    if playability.status != AlphagramPlayability.Status.DONE:
        raise PlayabilityNotReady(playability)
    return playability


def _passing_seconds(user, mode: str) -> int | None:
    """The passing time a new quiz keeps: the learner's, for flash cards (shown one at a time); None for a word
    wall, whose questions are all shown at once under the quiz's own time limit."""
    return profile_of(user).passing_seconds if mode == Quiz.Mode.FLASH else None


@dataclass
class QuizRequest:
    """What a learner asks for (pages and API alike); every field is checked by :func:`create_quiz`."""

    lexicon: Any = None
    kind: Any = None
    length: Any = None
    rank_from: Any = None
    rank_to: Any = None
    blanks: Any = 0
    list_id: Any = None
    due: bool = False
    mode: Any = None
    time_limit: Any = None
    count: Any = None
    seed: int | None = None
    order: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


def create_quiz(user, request: QuizRequest) -> Quiz:
    """A new quiz for ``user`` (see the module docstring); :class:`QuizError`, :class:`RanksNotReady` or
    ``Http404`` (someone else's list) otherwise."""
    kind = check_kind(request.kind)
    mode = _check_mode(request.mode)
    time_limit = _check_time_limit(request.time_limit)
    count = _check_count(request.count)
    blanks = _int(request.blanks, "blanks") or 0
    if blanks and kind != "anagrams":
        raise QuizError(_("Blanks are for anagram quizzes only."))
    if not 0 <= blanks <= 2:
        raise QuizError(_("An anagram quiz has 0, 1 or 2 blanks."))
    seed = request.seed if request.seed is not None else random.SystemRandom().randrange(2**53)
    rng = random.Random(seed)
    chosen = [request.list_id not in (None, ""), bool(request.due)]
    if sum(chosen) > 1:
        raise QuizError(_("Ask for a list or for due questions, not both."))
    if any(chosen) and check_order(request.order, None) != Quiz.Order.PROBABILITY:
        raise QuizError(_("The playability order is for a quiz by ranks, not for a list or due questions."))
    if request.list_id not in (None, ""):
        return _list_quiz(user, request.list_id, kind, mode, time_limit, count, blanks, seed, rng)
    if request.due:
        return _due_quiz(user, request.lexicon, kind, mode, time_limit, count, blanks, seed, rng)
    return _rank_quiz(user, request, kind, mode, time_limit, count, blanks, seed, rng)


def _rank_quiz(user, request: QuizRequest, kind: str, mode: str, time_limit: int | None, count: int,
               blanks: int, seed: int, rng: random.Random) -> Quiz:
    lexicon = resolve_lexicon(request.lexicon)
    length = _int(request.length, "length")
    if length is None:
        raise QuizError(_("Choose a word length."))
    top = MAX_LENGTH - 1 if kind == "seven_plus_one" else MAX_LENGTH
    if not MIN_LENGTH <= length <= top:
        raise QuizError(_("The length must be between %(min)s and %(max)s letters, not %(length)s.")
                        % {"min": MIN_LENGTH, "max": top, "length": length})
    if blanks >= length:
        raise QuizError(_("A rack of %(length)s letters cannot have %(blanks)s blanks.")
                        % {"length": length, "blanks": blanks})
    order = check_order(request.order, length)
    rank_from = _int(request.rank_from, "rank_from")
    rank_from = 1 if rank_from is None else rank_from
    rank_to = _int(request.rank_to, "rank_to")
    rank_to = rank_from + count - 1 if rank_to is None else rank_to
    if rank_from < 1 or rank_to < 1:
        raise QuizError(_("Ranks start at 1."))
    if max(rank_from, rank_to) > MAX_RANK:
        raise QuizError(_("Ranks go up to %(max)s.") % {"max": number_format(MAX_RANK, force_grouping=True)})
    if rank_from > rank_to:
        raise QuizError(_("The first rank (%(start)s) is after the last one (%(end)s).")
                        % {"start": rank_from, "end": rank_to})
    playability: AlphagramPlayability | None = None
    ranking: AlphagramRanking | None = None
    if order == Quiz.Order.PLAYABILITY:  # its own computation: the probability ranks are not needed
        playability = ready_playability(lexicon, user)
        available = int(playability.lengths.get(str(length), 0))
    else:
        ranking = ready_ranking(lexicon, user)
        available = int(ranking.lengths.get(str(length), 0))
    if rank_from > available:
        raise QuizError(_("There are %(n)s alphagrams of %(length)s letters in %(lexicon)s: rank %(start)s is "
                          "beyond them.") % {"n": number_format(available, force_grouping=True), "length": length,
                                              "lexicon": lexicon.name, "start": rank_from})
    last = min(rank_to, available)
    span = last - rank_from + 1
    # A random sample of the range when it is larger than the quiz, asked in rank order.
    wanted = sorted(rng.sample(range(rank_from, last + 1), min(span, count))) if span > count else \
        list(range(rank_from, last + 1))
    played: dict[str, tuple[int, int]] = {}
    if playability is not None:  # in playability order; each question keeps its probability rank too
        found = list(PlayedAlphagram.objects.filter(playability=playability, length=length, rank__in=wanted)
                     .order_by("rank").values_list("alphagram", "probability_rank", "rank", "tops"))
        rows = [(letters, probability_rank) for letters, probability_rank, _rank, _tops in found]
        played = {letters: (play_rank, tops) for letters, _rank, play_rank, tops in found}
    else:
        rows = list(RankedAlphagram.objects.filter(ranking=ranking, length=length, rank__in=wanted)
                    .order_by("rank").values_list("alphagram", "rank"))
    gaddag = _gaddag(lexicon)
    questions = _questions_for(gaddag, kind, rows, blanks=blanks, rng=rng, limit=count,
                               index=_index(lexicon, gaddag, kind, blanks))
    with transaction.atomic():
        quiz = Quiz.objects.create(owner=user, lexicon=lexicon, content_hash=lexicon.content_hash, kind=kind,
                                   lexicon_version=serving_version_number(lexicon),
                                   source=Quiz.Source.RANKS, mode=mode, length=length, rank_from=rank_from,
                                   rank_to=rank_to, order=order, blanks=blanks, seed=seed, time_limit=time_limit,
                                   passing_seconds=_passing_seconds(user, mode))
        return _store(quiz, questions, played)


def _list_quiz(user, list_id: Any, kind: str, mode: str, time_limit: int | None, count: int, blanks: int,
               seed: int, rng: random.Random) -> Quiz:

    number = _int(list_id, "list")
    if number is None or not 0 < number < 2**63:
        raise Http404(not_found_message(RevisionList))
    revision_list: RevisionList = training_selectors.get_own_list(user, number)
    lexicon = revision_list.lexicon
    gaddag = _gaddag(lexicon)
    words = [w for w in revision_list.entries.order_by("added_at", "id").values_list("word", flat=True)
             if gaddag.contains(w)]
    if not words:
        raise QuizError(_("The list “%(name)s” has no word of the lexicon %(lexicon)s.")
                        % {"name": revision_list.name, "lexicon": lexicon.name})
    if kind == "seven_plus_one" and any(len(w) >= MAX_LENGTH for w in words):
        words = [w for w in words if len(w) < MAX_LENGTH]
    seen: dict[str, None] = {}
    for word in words:
        seen.setdefault(alphagram(word), None)
    keys = [a for a in seen if len(a) > blanks]
    ranks = _ranks_of(lexicon, keys)
    if kind == "hooks":  # the list's own words, not every anagram of them; its first word of each alphagram
        first: dict[str, str] = {}
        for word in words:
            first.setdefault(alphagram(word), word)
        questions = [(hook_question(gaddag, w), ranks.get(a)) for a, w in first.items()][:count]
    else:
        questions = _questions_for(gaddag, kind, [(a, ranks.get(a)) for a in keys], blanks=blanks, rng=rng,
                                   limit=count, index=_index(lexicon, gaddag, kind, blanks))
    with transaction.atomic():
        quiz = Quiz.objects.create(owner=user, lexicon=lexicon, content_hash=lexicon.content_hash, kind=kind,
                                   lexicon_version=serving_version_number(lexicon),
                                   source=Quiz.Source.LIST, mode=mode, blanks=blanks, revision_list=revision_list,
                                   seed=seed, time_limit=time_limit, passing_seconds=_passing_seconds(user, mode))
        return _store(quiz, questions)


def _due_quiz(user, lexicon_value: Any, kind: str, mode: str, time_limit: int | None, count: int, blanks: int,
              seed: int, rng: random.Random) -> Quiz:
    lexicon = resolve_lexicon(lexicon_value) if lexicon_value not in (None, "") else None
    cards = list(due_cards(user, lexicon=lexicon)[: MAX_QUESTIONS * 2])
    if not cards:
        raise QuizError(_("Nothing is due for review: come back later or start a new quiz."))
    lexicon = lexicon or cards[0].lexicon
    keys = [c.alphagram for c in cards if c.lexicon_id == lexicon.pk and len(c.alphagram) > blanks]
    if kind == "seven_plus_one":
        keys = [a for a in keys if len(a) < MAX_LENGTH]
    ranks = _ranks_of(lexicon, keys)
    gaddag = _gaddag(lexicon)
    questions = _questions_for(gaddag, kind, [(a, ranks.get(a)) for a in keys], blanks=blanks, rng=rng,
                               limit=count, index=_index(lexicon, gaddag, kind, blanks))
    if not questions:
        raise QuizError(_("Nothing is due for review: come back later or start a new quiz."))
    with transaction.atomic():
        quiz = Quiz.objects.create(owner=user, lexicon=lexicon, content_hash=lexicon.content_hash, kind=kind,
                                   lexicon_version=serving_version_number(lexicon),
                                   source=Quiz.Source.DUE, mode=mode, blanks=blanks, seed=seed, time_limit=time_limit,
                                   passing_seconds=_passing_seconds(user, mode))
        return _store(quiz, questions)


# --- Time -------------------------------------------------------------------------------------------------

def deadline(quiz: Quiz) -> Any:
    """When the quiz stops taking answers (None without a time limit)."""
    if not quiz.time_limit:
        return None
    return quiz.created_at + timedelta(seconds=quiz.time_limit + GRACE_SECONDS)


def seconds_left(quiz: Quiz, now=None) -> int | None:
    """Whole seconds the player has left, as the wall's countdown shows them (the grace is not the player's: it
    is for answers already on their way); None without a time limit."""
    if not quiz.time_limit:
        return None
    end = quiz.created_at + timedelta(seconds=quiz.time_limit)
    return max(0, round((end - (now or timezone.now())).total_seconds()))


def close_if_expired(quiz: Quiz, now=None) -> bool:
    """Finish a quiz whose time is up; True when it is (now) finished."""
    if quiz.finished_at is not None:
        return True
    limit = deadline(quiz)
    if limit is not None and (now or timezone.now()) > limit:
        finish_quiz(quiz)
        return True
    return False


def get_own_quiz(user, quiz_id: Any) -> Quiz:
    """The user's quiz ``quiz_id``, closed first when its time is up; 404 when it does not exist or is
    someone else's. A service, not a selector, because reading a quiz past its time finishes it."""
    try:
        if not 0 < int(quiz_id) < 2**63:
            raise Http404(not_found_message(Quiz))
    except (TypeError, ValueError):
        raise Http404(not_found_message(Quiz)) from None
    quiz = get_or_404(selectors.quizzes_of(user), quiz_id, "No such quiz.")
    if close_if_expired(quiz):
        quiz.refresh_from_db()
    return quiz


# --- The daily challenge's ranking (reading it closes the tries whose time is up) -------------------------

@dataclass(frozen=True)
class Standing:
    position: int
    user: str
    right: int
    found: int
    seconds: int | None
    quiz: int


def challenge_ranking(challenge: DailyChallenge, limit: int = 100) -> list[Standing]:
    """Finished tries, best first: questions right, then answers found, then time taken, then who finished first."""
    tries = list(challenge.tries.select_related("owner"))
    rows = []
    for quiz in tries:
        close_if_expired(quiz)
        if quiz.finished_at is None:
            quiz.refresh_from_db()
            if quiz.finished_at is None:
                continue
        score = selectors.score_of(quiz, list(quiz.questions.all()))
        rows.append((-score.right, -score.found, score.seconds or 0, quiz.finished_at, quiz, score))
    rows.sort(key=lambda row: row[:4])
    return [Standing(position, row[4].owner.get_username(), row[5].right, row[5].found, row[5].seconds, row[4].pk)
            for position, row in enumerate(rows[:limit], start=1)]


def _open(quiz: Quiz) -> None:
    if close_if_expired(quiz):
        raise QuizClosed(_("This quiz is over: its answers are in the results."))


# --- Answers ----------------------------------------------------------------------------------------------

def review_alphagram(user, lexicon: Lexicon, letters: str, correct: bool, now=None) -> AlphagramCard:
    """One FSRS review of the learner's card for ``letters`` (created on first meeting): Good or Again.

    ``lapses`` counts lapses as FSRS defines them (see :func:`training.lists.services.review_fsrs_card`).
    """
    now = now or timezone.now()
    row = AlphagramCard.objects.select_for_update().filter(owner=user, lexicon=lexicon, alphagram=letters).first()
    if row is None:
        try:
            with transaction.atomic():
                row = AlphagramCard.objects.create(owner=user, lexicon=lexicon, alphagram=letters,
                                                   **new_card_fields())
        except IntegrityError:  # created meanwhile by a concurrent answer
            row = AlphagramCard.objects.select_for_update().get(owner=user, lexicon=lexicon, alphagram=letters)
    review_fsrs_card(row, correct, now)
    row.save()
    return row


def _settle(question: QuizQuestion, user, lexicon: Lexicon, now, reviewed: set[str] | None = None,
            passing_seconds: int | None = None) -> None:
    """Close ``question`` and review its card, unless a question of the same alphagram already did in this
    quiz (``reviewed``: the alphagrams of the quiz's closed questions, when the caller has them).

    A right answer timed (``answer_seconds``) past ``passing_seconds`` stays right but is ``slow``: the card is
    reviewed Again, as missed."""
    if reviewed is None:
        done = (QuizQuestion.objects.filter(quiz_id=question.quiz_id, alphagram=question.alphagram,
                                            settled_at__isnull=False).exclude(pk=question.pk).exists())
    else:
        done = question.alphagram in reviewed
    question.settled_at = now
    question.correct = not question.missed and not question.wrong
    question.slow = bool(question.correct and passing_seconds and question.answer_seconds is not None
                         and question.answer_seconds > passing_seconds)
    question.save(update_fields=["found", "wrong", "settled_at", "correct", "shown_at", "answer_seconds", "slow"])
    if not done:
        review_alphagram(user, lexicon, question.alphagram, question.correct and not question.slow, now)
    if reviewed is not None:
        reviewed.add(question.alphagram)


def show_question(question: QuizQuestion, now=None) -> QuizQuestion:
    """Stamp when the server first shows ``question`` (a flash card): its answer time runs from there. Showing
    it again (a reload, the API asked twice) keeps the first stamp, so it gives no more time."""
    if question.shown_at is None and question.settled_at is None:
        moment = now or timezone.now()
        if QuizQuestion.objects.filter(pk=question.pk, shown_at__isnull=True).update(shown_at=moment):
            question.shown_at = moment
        else:  # stamped meanwhile by another request
            question.refresh_from_db(fields=["shown_at"])
    return question


def next_question(quiz: Quiz, now=None) -> QuizQuestion | None:
    """The quiz's first open question, shown now (:func:`show_question`); None when every one is closed."""
    question = selectors.next_open_question(quiz)
    return show_question(question, now) if question is not None else None


def _time_answer(quiz: Quiz, question: QuizQuestion, arrival) -> None:
    """Time a flash card's final answer: from when the server showed it to ``arrival`` (when the answer reached
    the server). A card never shown through the page or ``next`` was on offer since the quiz's previous
    question closed, or since the quiz was made. Word walls are timed by their limit, not per question."""
    if quiz.mode != Quiz.Mode.FLASH:
        return
    if question.shown_at is None:
        previous = quiz.questions.exclude(pk=question.pk).aggregate(latest=Max("settled_at"))["latest"]
        question.shown_at = max(filter(None, (quiz.created_at, previous)))
    question.answer_seconds = round(max(0.0, (arrival - question.shown_at).total_seconds()), 3)


def _question_of(quiz: Quiz, question_id: Any) -> QuizQuestion:
    number = _int(question_id, "question")
    question = None
    if number is not None and 0 < number < 2**63:
        question = quiz.questions.select_for_update().filter(pk=number).first()
    if question is None:
        raise QuizError(_("Question %(id)s is not in this quiz.") % {"id": question_id})
    return question


def _clean_answers(answers: Any) -> list[str]:
    if isinstance(answers, str):
        answers = answers.replace(",", " ").split()
    if not isinstance(answers, list | tuple) or not all(isinstance(a, str) for a in answers):
        raise QuizError(_("Answers must be a list of words."))
    if len(answers) > MAX_ANSWERS:
        raise QuizError(_("At most %(max)s answers at a time.") % {"max": MAX_ANSWERS})
    if any(len(a) > MAX_ANSWER_CHARS for a in answers):
        raise QuizError(_("An answer has at most %(max)s characters.") % {"max": MAX_ANSWER_CHARS})
    return [a for a in answers if a.strip()]


@dataclass
class Submission:
    question: QuizQuestion
    correct: list[str]
    missed: list[str]
    wrong: list[str]
    settled: bool
    remaining: int


def submit_answers(quiz: Quiz, user, question_id: Any, answers: Any, *, final: bool = True,
                   arrived_at=None) -> Submission:
    """Judge and keep one submission for one question (see the module docstring).

    The response's ``missed`` lists the answers still missing once the question is closed (a partial
    submission that leaves it open reveals nothing, only ``remaining``). ``arrived_at``: when the request
    reached the server (``core.arrival``; default now), the end of a flash card's answer time.
    """
    arrival = arrived_at or timezone.now()
    given = _clean_answers(answers)
    with transaction.atomic():
        quiz = Quiz.objects.select_for_update().get(pk=quiz.pk)
        _open(quiz)
        question = _question_of(quiz, question_id)
        verdict = judge(Question(quiz.kind, question.question, question.alphagram, tuple(question.answers)), given)
        QuizAnswer.objects.create(quiz=quiz, question=question, user=user, given=given, correct=list(verdict.correct),
                                  wrong=list(verdict.wrong), final=final)
        if question.settled_at is None:
            question.found = [a for a in question.answers if a in set(question.found) | set(verdict.correct)]
            question.wrong = list(dict.fromkeys([*question.wrong, *verdict.wrong]))
            if final or not question.missed:
                _time_answer(quiz, question, arrival)
                _settle(question, user, quiz.lexicon, timezone.now(), passing_seconds=quiz.passing_seconds)
                if not quiz.questions.filter(settled_at__isnull=True).exists():
                    Quiz.objects.filter(pk=quiz.pk).update(finished_at=timezone.now())
            else:
                question.save(update_fields=["found", "wrong"])
        settled = question.settled_at is not None
        return Submission(question, list(verdict.correct), question.missed if settled else [], list(verdict.wrong),
                          settled, len(question.missed))


@dataclass
class Guess:
    word: str
    questions: list[QuizQuestion]  # the questions it answered
    already: bool  # found before
    wrong: bool


def wall_guess(quiz: Quiz, user, text: Any) -> Guess:
    """A word typed on a word wall: it answers every open question that expects it (any order).

    Not for a valid-or-not quiz: there every answer is YES or NO, so one typed word would answer every
    question expecting it; each of its questions takes its own final answer (:func:`submit_answers`).
    """
    if not isinstance(text, str) or not text.strip():
        raise QuizError(_("Type a word."))
    if len(text) > MAX_ANSWER_CHARS:
        raise QuizError(_("An answer has at most %(max)s characters.") % {"max": MAX_ANSWER_CHARS})
    with transaction.atomic():
        quiz = Quiz.objects.select_for_update().get(pk=quiz.pk)
        _open(quiz)
        if quiz.kind == Quiz.Kind.VALIDITY:
            raise QuizError(_("A valid-or-not quiz is answered word by word: choose Valid or Phony for each one."))
        word = normalise_answer(quiz.kind, text)
        matched: list[QuizQuestion] = []
        already = False
        now = timezone.now()
        for question in quiz.questions.select_for_update().all():
            if word not in question.answers:
                continue
            if word in question.found:
                already = True
                continue
            if question.settled_at is not None:
                continue
            question.found = [a for a in question.answers if a in set(question.found) | {word}]
            QuizAnswer.objects.create(quiz=quiz, question=question, user=user, given=[word], correct=[word], final=False)
            if not question.missed:
                _settle(question, user, quiz.lexicon, now)
            else:
                question.save(update_fields=["found"])
            matched.append(question)
        wrong = not matched and not already
        if not matched:
            QuizAnswer.objects.create(quiz=quiz, question=None, user=user, given=[word], correct=[],
                                      wrong=[word] if wrong else [], final=False)
        if matched and not quiz.questions.filter(settled_at__isnull=True).exists():
            Quiz.objects.filter(pk=quiz.pk).update(finished_at=now)
    return Guess(word, matched, already, wrong)


def finish_quiz(quiz: Quiz) -> Quiz:
    """Close every open question (reviewing its card by what was found) and the quiz. Idempotent."""
    with transaction.atomic():
        quiz = Quiz.objects.select_for_update().select_related("lexicon").get(pk=quiz.pk)
        now = timezone.now()
        reviewed = set(quiz.questions.filter(settled_at__isnull=False).values_list("alphagram", flat=True))
        for question in quiz.questions.select_for_update().filter(settled_at__isnull=True):
            _settle(question, quiz.owner, quiz.lexicon, now, reviewed)
        if quiz.finished_at is None:
            quiz.finished_at = now
            quiz.save(update_fields=["finished_at"])
    return quiz


# --- Daily challenges -------------------------------------------------------------------------------------

def _challenge_seed(content_hash: str, day: Any) -> int:
    return int(hashlib.sha256(f"{content_hash}:{day.isoformat()}".encode()).hexdigest()[:15], 16)


def challenge_for(lexicon: Lexicon, day=None, user=None) -> DailyChallenge:
    """The challenge of ``lexicon`` on ``day`` (today by default), made on first demand.

    The questions depend only on the lexicon version and the day: whoever asks first, everyone gets
    the same ones (and they are stored, so a version published mid-day changes nothing that day).
    """
    day = day or timezone.localdate()
    existing = DailyChallenge.objects.filter(lexicon=lexicon, day=day).first()
    if existing is not None:
        return existing
    ranking = ready_ranking(lexicon, user)
    rng = random.Random(_challenge_seed(lexicon.content_hash, day))
    gaddag = _gaddag(lexicon)
    per_length = MAX_QUESTIONS // len(CHALLENGE_LENGTHS)
    questions: list[dict[str, Any]] = []
    for length in CHALLENGE_LENGTHS:
        available = min(CHALLENGE_TOP, int(ranking.lengths.get(str(length), 0)))
        wanted = sorted(rng.sample(range(1, available + 1), min(per_length, available)))
        rows = RankedAlphagram.objects.filter(ranking=ranking, length=length, rank__in=wanted).order_by("rank")
        for letters, rank in rows.values_list("alphagram", "rank"):
            questions.append({**anagram_question(gaddag, letters).to_json(), "rank": rank})
    if not questions:
        raise QuizError(_("The lexicon %(lexicon)s has no word of 7 or 8 letters for a challenge.")
                        % {"lexicon": lexicon.name})
    try:
        with transaction.atomic():
            return DailyChallenge.objects.create(lexicon=lexicon, day=day, content_hash=lexicon.content_hash,
                                                 questions=questions, time_limit=CHALLENGE_TIME,
                                                 lexicon_version=serving_version_number(lexicon))
    except IntegrityError:  # made meanwhile by someone else's first demand: the same questions
        return DailyChallenge.objects.get(lexicon=lexicon, day=day)


def start_challenge(user, challenge: DailyChallenge) -> Quiz:
    """The learner's one try at ``challenge`` (a timed word wall); :class:`ChallengeTaken` for a second one."""
    existing = Quiz.objects.filter(challenge=challenge, owner=user).first()
    if existing is not None:
        raise ChallengeTaken(_("You have already taken today's challenge: one try per day."), existing)
    try:
        with transaction.atomic():
            quiz = Quiz.objects.create(owner=user, lexicon=challenge.lexicon, content_hash=challenge.content_hash,
                                       kind=challenge.kind, source=Quiz.Source.CHALLENGE, mode=Quiz.Mode.WALL,
                                       challenge=challenge, time_limit=challenge.time_limit,
                                       lexicon_version=challenge.lexicon_version)
            return _store(quiz, [(Question.from_json(q), q.get("rank")) for q in challenge.questions])
    except IntegrityError:
        existing = Quiz.objects.get(challenge=challenge, owner=user)
        raise ChallengeTaken(_("You have already taken today's challenge: one try per day."), existing) from None
