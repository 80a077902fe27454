"""Revision list reads: lists, words, support letters and due FSRS cards. Every ``get_*`` takes the
requesting user and raises ``Http404`` for anyone else's object.

Why 404 and not 403: the API must not reveal which ids exist. Why here: one place holds the ownership
rule, so the pages, the REST API and the tasks cannot drift apart.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.core.paginator import Page, Paginator
from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from accounts.selectors import profile_of
from core.request_memo import request_memo
from core.selectors import expire_stale_runs_of, get_or_404, is_user, not_found_message
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_for
from training.lists.models import ReviewCard, ReviewLog, RevisionEntry, RevisionList

logger = logging.getLogger(__name__)

MAX_SUGGESTIONS = 8
FSRS_REVIEW_STATE = 2  # fsrs.State.Review: the card has graduated from (re)learning
PUBLISHED_WORDS_SECONDS = 24 * 3600  # keyed by the list's updated_at: a change is a new key, never stale
ENTRIES_PER_PAGE = 100  # a list's page shows its words 100 at a time (each row carries two forms: ~1.5 KB)


def gaddag_of(lexicon: Lexicon) -> Any:
    """The compiled GADDAG of ``lexicon`` (loaded once per process: ``lexicon.selectors.gaddag_for``)."""

    return gaddag_for(lexicon)


# --- Revision lists ------------------------------------------------------------------------------------

def due_filter(now: dt.datetime | None = None, prefix: str = "") -> Q:
    """A card whose ``due`` is at or before ``now``: its moment has come, before the daily cap of new words.
    What is due for a learner (counted and trained) is :func:`queue_filter`: this, less the new words past the
    day's cap."""
    return Q(**{f"{prefix}due__lte": now or timezone.now()})


def lists_of(user, now: dt.datetime | None = None) -> QuerySet[RevisionList]:
    """The user's own lists, with their word counts and due counts (:func:`queue_filter`: new words within the
    day's cap only), most recently changed first."""
    if not is_user(user):
        return RevisionList.objects.none()
    return (RevisionList.objects.filter(owner=user).select_related("lexicon")
            .annotate(entry_count=Count("entries"),
                      due_count=Count("entries", filter=queue_filter(user, now, "entries__card__"))))


def published_lists() -> QuerySet[RevisionList]:
    """Lists staff shared with every learner (e.g. "7+1 of the week"), with their word counts (not their
    words: the starter lists hold thousands; see :func:`published_words`; nor their owners, whom no reader
    of these rows shows)."""
    return (RevisionList.objects.filter(published=True).select_related("lexicon")
            .annotate(entry_count=Count("entries")))


@dataclass(frozen=True)
class StarterList:
    """What the home page shows of a starter list (cached: the same for every learner of the lexicon)."""

    pk: int
    name: str
    entry_count: int


def starter_lists(lexicon: Lexicon, owner_username: str) -> list[StarterList]:
    """The lists ``owner_username`` published for ``lexicon`` (the starter lists), oldest first, with their
    word counts, from the cache.

    Why cached: every home page view counted the starter lists' words (thousands of rows). The key holds
    how many lists of the lexicon are published and when the latest changed (one small query on the
    published index): a list added, removed, unpublished or whose words changed (``updated_at`` moves,
    ``training.lists.services``) makes a new key, so nothing stale is served.
    """
    stamp = RevisionList.objects.filter(published=True, lexicon=lexicon).aggregate(n=Count("id"), latest=Max("updated_at"))
    if not stamp["n"]:
        return []
    key = f"starter-lists:{lexicon.pk}:{owner_username}:{stamp['n']}:{stamp['latest'].timestamp()}"
    try:
        cached = cache.get(key)
    except Exception as exc:
        logger.warning("starter lists not cached: %s", exc)
        cached = None
    if cached is not None:
        return cached
    rows = [StarterList(lst.pk, lst.name, lst.entry_count) for lst in  # type: ignore[attr-defined]  # annotated by published_lists()
            published_lists().filter(lexicon=lexicon, owner__username=owner_username).order_by("id")]
    with contextlib.suppress(Exception):
        cache.set(key, rows, PUBLISHED_WORDS_SECONDS)
    return rows


def copied_from(user, list_ids: list[int]) -> set[int]:
    """Which of ``list_ids`` the user has copied into their own lists (without the lists' counts)."""
    if not is_user(user):
        return set()
    return set(RevisionList.objects.filter(owner=user, copied_from__in=list_ids)
               .values_list("copied_from_id", flat=True))


def published_words(lists: list[RevisionList]) -> dict[int, str]:
    """``{list id: "WORD:S · WORD:S…"}`` for the lists page, shared by every learner, from the cache.

    Why cached: the published lists page showed every word of every starter list (thousands), read and
    rendered on each visit. The text is the same for everybody; its key holds the list's ``updated_at``,
    which every change of its words moves (``training.lists.services``), so a change is never served stale.
    """
    keys = {f"published-words:{lst.pk}:{lst.updated_at.timestamp()}": lst.pk for lst in lists}
    try:
        found = cache.get_many(list(keys))
    except Exception as exc:  # the cache is down: read the words from the database
        logger.warning("published words not cached: %s", exc)
        found = {}
    texts = {keys[key]: text for key, text in found.items()}
    missing = [pk for pk in keys.values() if pk not in texts]
    if missing:
        words: dict[int, list[str]] = {pk: [] for pk in missing}
        for list_id, word, index in (RevisionEntry.objects.filter(revision_list_id__in=missing)
                                     .order_by("revision_list_id", "added_at", "id")
                                     .values_list("revision_list_id", "word", "support_index")):
            words[list_id].append(f"{word}:{word[index] if index < len(word) else ''}")
        fresh = {key: " · ".join(words[pk]) for key, pk in keys.items() if pk in words}
        with contextlib.suppress(Exception):
            cache.set_many(fresh, PUBLISHED_WORDS_SECONDS)
        texts.update({keys[key]: text for key, text in fresh.items()})
    return texts


def get_own_list(user, list_id: Any) -> RevisionList:
    """The user's list ``list_id``; 404 when it does not exist or is someone else's."""
    return get_or_404(lists_of(user), list_id, "No such list.")


def get_published_list(list_id: Any) -> RevisionList:
    return get_or_404(published_lists(), list_id, "No such published list.")


def get_shared_list(token: Any) -> RevisionList:
    """The list shared under ``token`` (any signed-in learner may read it); 404 when no list is shared so
    (a wrong link, or sharing stopped)."""
    if not isinstance(token, str) or not token or len(token) > 64:
        raise Http404(not_found_message(RevisionList))
    found = (RevisionList.objects.filter(share_token=token).select_related("lexicon", "owner")
             .prefetch_related("entries").first())
    if found is None:
        raise Http404(not_found_message(RevisionList))
    return found


def entries_of(revision_list: RevisionList) -> list[RevisionEntry]:
    """The list's words with ``in_lexicon`` set: False when the lexicon no longer has the word.

    Such words are kept (a learner's work is never deleted behind their back); they are shown
    flagged and left out of new grids.
    """
    entries = list(revision_list.entries.select_related("card"))
    if entries:
        gaddag = gaddag_of(revision_list.lexicon)
        for entry in entries:
            entry.in_lexicon = gaddag.contains(entry.word)
    return entries


def entries_page(revision_list: RevisionList, number: Any = 1, per_page: int = ENTRIES_PER_PAGE) -> Page:
    """One page of the list's words (in the order they were added), ``in_lexicon`` set as :func:`entries_of`
    sets it, for that page's words only. ``number`` may be anything a query string holds: not a number gives
    the first page, past the end the last (Django's ``Paginator.get_page``); ``"last"`` is the last page.

    Why pages: a list can hold thousands of words, and each row carries its two forms (support, removal).
    """
    paginator = Paginator(revision_list.entries.select_related("card"), per_page)
    if number == "last":
        number = paginator.num_pages
    page = paginator.get_page(number)
    page.object_list = list(page.object_list)  # read once: the template and the flags below share the rows
    if page.object_list:
        gaddag = gaddag_of(revision_list.lexicon)
        for entry in page.object_list:
            entry.in_lexicon = gaddag.contains(entry.word)
    return page


def get_own_entry(user, list_id: Any, entry_id: Any) -> RevisionEntry:
    return get_or_404(get_own_list(user, list_id).entries.all(), entry_id, "No such word in this list.")


# --- Support letters -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class SupportOption:
    """Removing ``letter`` (at 0-based ``index``) leaves ``rack``, which makes ``count`` words of the word's length
    with any one extra letter (the "7+1" productivity; the word itself included)."""

    index: int
    letter: str
    rack: str
    count: int

    @property
    def position(self) -> int:
        """The letter's position as people count it, from 1."""
        return self.index + 1

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "position": self.position, "letter": self.letter, "rack": self.rack,
                "count": self.count}


def support_options(gaddag: Any, word: str) -> list[SupportOption]:
    """Every distinct support letter of ``word``, most productive rack first (ties: earliest letter).

    ``word`` must be normalised and at most 8 letters (the rack then holds at most 7 tiles). The
    count of a letter L is ``len(gaddag.anagrams(rack + "?"))`` with ``rack = word - L``: the words of
    ``len(word)`` letters that the rack makes with one more letter, which is what a learner meets over
    the board. Computed with ONE query instead of one per letter (5x faster on a full lexicon): each
    word W of the same length made from ``word + "?"`` lacks exactly one letter L of ``word`` (W counts
    for L) or none (W is an anagram of ``word`` and counts for every letter).
    """
    n = len(word)
    letters = Counter(word)
    per_letter: Counter[str] = Counter()
    anagrams_of_word = 0
    if n > 1:
        for found in gaddag.anagrams(word + "?", n):
            if len(found) != n:
                continue
            missing = letters - Counter(found)
            if not missing:
                anagrams_of_word += 1
            elif missing.total() == 1:
                per_letter[next(iter(missing))] += 1
    seen: set[str] = set()
    options: list[SupportOption] = []
    for index, letter in enumerate(word):
        if letter in seen:
            continue
        seen.add(letter)
        rack = "".join(sorted(word[:index] + word[index + 1 :]))
        count = per_letter[letter] + anagrams_of_word if rack else 0
        options.append(SupportOption(index, letter, rack, count))
    options.sort(key=lambda o: (-o.count, o.index))
    return options


# --- Reviews and progress ------------------------------------------------------------------------------
#
# The daily cap of new words. A word never reviewed (``reviews == 0``: a fresh FSRS card, due from its
# creation) is *new*. New words enter the learner's reviews at most ``Profile.new_cards_per_day`` a day (20
# unless they change it, as card-box players do: Anki's "new cards/day"), oldest first (by ``due``, then id:
# a starter list's words in its order); the others wait, shown as such. The new words of the day are those
# whose first review happened today (local day): once the cap's worth were started, no more enter today,
# and tomorrow as many again enter beside the words due for review. Without the cap, copying a starter list
# of 150 words made all 150 "due now", a pace nobody keeps.

def start_of_today(now: dt.datetime | None = None) -> dt.datetime:
    """Local midnight of ``now``'s day (the day the daily cap counts)."""
    return timezone.localtime(now or timezone.now()).replace(hour=0, minute=0, second=0, microsecond=0)


def end_of_today(now: dt.datetime | None = None) -> dt.datetime:
    now = timezone.localtime(now or timezone.now())
    return now.replace(hour=23, minute=59, second=59, microsecond=999999)


def _started_key(user, now: dt.datetime | None) -> tuple[str, int, str]:
    return ("new-started", user.pk, start_of_today(now).isoformat())


def new_cards_started(user, now: dt.datetime | None = None) -> int:
    """How many of the user's revision words had their first review today (local day, up to ``now``): the new
    words of the day, counted against the cap. Read once per request (``core.request_memo``; a review drops
    it: :func:`forget_pace`)."""
    if not is_user(user):
        return 0
    memo, key = request_memo(), _started_key(user, now)
    if memo is not None and key in memo:
        return memo[key]
    start = start_of_today(now)
    earlier = ReviewLog.objects.filter(card=OuterRef("pk"), reviewed_at__lt=start)
    count = (ReviewCard.objects.filter(owner=user, reviews__gt=0, last_review__gte=start)
             .exclude(Exists(earlier)).count())
    if memo is not None:
        memo[key] = count
    return count


def forget_pace(user_id: int) -> None:
    """Drop what this request kept of the reviews of user ``user_id`` (a card of theirs was just reviewed)."""
    memo = request_memo()
    if memo is not None:
        for key in [key for key in memo if key[0] in ("new-started", "review-pace") and key[1] == user_id]:
            del memo[key]


def new_card_allowance(user, now: dt.datetime | None = None) -> int:
    """How many more new words may enter the user's reviews today: their cap less the words started today."""
    if not is_user(user):
        return 0
    return max(0, profile_of(user).new_cards_per_day - new_cards_started(user, now))


def queue_filter(user, now: dt.datetime | None = None, prefix: str = "") -> Q:
    """The one definition of "due" every count and every choice of due words uses (the dashboard, each list's
    ``due_count``, "Train on due words" and its lexicons, ``/api/reviews/due/``, ``/api/progress/``): a word
    already reviewed whose ``due`` is at or before ``now``, or one of the first new words the day's cap lets in
    (:func:`new_card_allowance`, oldest first). ``prefix`` reaches the card from another model
    (``"entries__card__"`` from a list)."""
    now = now or timezone.now()
    reviewed = due_filter(now, prefix) & Q(**{f"{prefix}reviews__gt": 0})
    allowance = new_card_allowance(user, now)
    if allowance <= 0:
        return reviewed
    first_new = (ReviewCard.objects.filter(owner=user, reviews=0, due__lte=now)
                 .order_by("due", "id").values("pk")[:allowance])
    return reviewed | Q(**{f"{prefix}pk__in": first_new})


@dataclass(frozen=True)
class ReviewPace:
    """The learner's reviews now, the daily cap of new words applied (see above)."""

    new_cap: int  # new words a day (the learner's setting)
    new_today: int  # new words started today (first review today)
    new_due: int  # new words in the reviews now (never reviewed, within what the cap leaves today)
    new_waiting: int  # new words held back for the next days
    reviews_due: int  # words already reviewed, due now
    reviews_due_today: int  # the same by tonight (local midnight)
    cards: int = 0  # every revision word's card
    learned: int = 0  # cards in the FSRS Review state (graduated from learning)

    @property
    def due_now(self) -> int:
        """Due now: the reviews due and the new words the cap lets in today."""
        return self.reviews_due + self.new_due

    @property
    def due_today(self) -> int:
        """Due by tonight (the reviews falling due before midnight too)."""
        return self.reviews_due_today + self.new_due

    @property
    def cap_reached(self) -> bool:
        """Today's new words are all started (or the cap is 0) while new words wait."""
        return self.new_due == 0 and self.new_waiting > 0


def review_pace(user, now: dt.datetime | None = None) -> ReviewPace:
    """The user's reviews now (:class:`ReviewPace`, with the counts of cards and of words learned): one query for
    the cards' counts, one for the new words started today (both once per request when ``now`` is not given)."""
    if not is_user(user):
        return ReviewPace(0, 0, 0, 0, 0, 0)
    memo, key = request_memo(), ("review-pace", user.pk)
    if now is None and memo is not None and key in memo:
        return memo[key]
    moment = now or timezone.now()
    counts = ReviewCard.objects.filter(owner=user).aggregate(
        cards=Count("id"), learned=Count("id", filter=Q(state=FSRS_REVIEW_STATE)),
        reviews_due=Count("id", filter=Q(reviews__gt=0, due__lte=moment)),
        reviews_due_today=Count("id", filter=Q(reviews__gt=0, due__lte=end_of_today(moment))),
        never=Count("id", filter=Q(reviews=0)), never_due=Count("id", filter=Q(reviews=0, due__lte=moment)))
    cap = profile_of(user).new_cards_per_day
    started = new_cards_started(user, moment)
    new_due = min(max(0, cap - started), counts["never_due"])
    pace = ReviewPace(new_cap=cap, new_today=started, new_due=new_due, new_waiting=counts["never"] - new_due,
                      reviews_due=counts["reviews_due"], reviews_due_today=counts["reviews_due_today"],
                      cards=counts["cards"], learned=counts["learned"])
    if now is None and memo is not None:
        memo[key] = pace
    return pace


def due_cards(user, *, until: dt.datetime | None = None, lexicon: Lexicon | None = None) -> QuerySet[ReviewCard]:
    """The user's cards due by ``until`` (default now), soonest first, with their words and lists: the words
    already reviewed whose time has come and the new words the day's cap lets in (:func:`queue_filter`)."""
    if not is_user(user):
        return ReviewCard.objects.none()
    queryset = ReviewCard.objects.filter(queue_filter(user, until), owner=user)
    if lexicon is not None:
        queryset = queryset.filter(entry__revision_list__lexicon=lexicon)
    return queryset.select_related("entry", "entry__revision_list", "entry__revision_list__lexicon").order_by("due", "id")


def due_lexicons(user) -> list[tuple[Lexicon, int]]:
    """The lexicons with cards due now (the daily cap of new words applied), with how many: where a "due words"
    grid can be built."""
    counts = (due_cards(user).values("entry__revision_list__lexicon")
              .annotate(n=Count("id")).order_by("-n"))
    by_id = Lexicon.objects.in_bulk([row["entry__revision_list__lexicon"] for row in counts])
    return [(by_id[row["entry__revision_list__lexicon"]], row["n"]) for row in counts]


def grids_of_list(revision_list: RevisionList) -> QuerySet[Any]:
    """The training grids started on the owner's ``revision_list``, newest first (dead runs failed first)."""
    expire_stale_runs_of(revision_list.owner)
    return revision_list.grids.filter(owner=revision_list.owner).select_related("task_run", "lexicon")
