"""Starter lists: the published revision lists a new learner finds, made from a lexicon.

Why published lists: they are the existing way staff share lists (learners copy them and train on
their copy), so starter content needs no second mechanism. The lists belong to a staff account of
their own (``accounts.services.editorial_account``) so a curator's own lists stay
theirs. Making them again is idempotent: a list whose words are already right is left alone (with the
learners' copies untouched); a list whose words changed (new lexicon version) gets the new words.

The lists, named in the lexicon's language:

* every 2-letter word, every 3-letter word;
* the most likely 7- and 8-letter words: the ones whose letters are the likeliest to be drawn from a
  full bag (product over letters of C(tiles of that letter, times it is used)), the racks players meet
  most often;
* short words (2 to 4 letters) with J, K, Q, W, X, Y or Z: the high-value tiles' quick outs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from math import comb

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.services import editorial_account
from engine.alphabet import get_alphabet
from lexicon.models import Lexicon
from lexicon.selectors import lexicon_words
from training.lists import services
from training.lists.models import MAX_WORD_LENGTH, RevisionList

LIKELY_COUNT = 150
RARE_LETTERS = frozenset("JKQWXYZ")
RARE_MAX_LENGTH = 4


@dataclass(frozen=True)
class StarterSpec:
    key: str
    name: Callable[[], str]
    description: Callable[[], str]
    pick: Callable[[list[str], dict[str, int]], list[str]]


def draw_weight(word: str, counts: dict[str, int]) -> int:
    """How many ways a full bag (no blanks) gives the word's letters: prod C(count, used)."""
    weight = 1
    for letter, used in Counter(word).items():
        weight *= comb(counts.get(letter, 0), used)
    return weight


def most_likely(words: list[str], counts: dict[str, int], length: int, limit: int = LIKELY_COUNT) -> list[str]:
    """The ``limit`` words of ``length`` letters likeliest to be drawn (ties: alphabetical order)."""
    weighted = [(draw_weight(w, counts), w) for w in words if len(w) == length]
    weighted = [(weight, w) for weight, w in weighted if weight > 0]
    weighted.sort(key=lambda item: (-item[0], item[1]))
    return [w for _weight, w in weighted[:limit]]


STARTER_SPECS: tuple[StarterSpec, ...] = (
    StarterSpec("two", lambda: _("Every 2-letter word"),
                lambda: _("All the 2-letter words of the lexicon: the first list every player learns."),
                lambda words, counts: [w for w in words if len(w) == 2]),
    StarterSpec("three", lambda: _("Every 3-letter word"),
                lambda: _("All the 3-letter words of the lexicon, for hooks and tight spots."),
                lambda words, counts: [w for w in words if len(w) == 3]),
    StarterSpec("likely7", lambda: _("The most likely 7-letter words"),
                lambda: _("The %(n)s seven-letter words whose letters are the likeliest to be drawn from a "
                          "full bag: the scrabbles you will meet most often.") % {"n": LIKELY_COUNT},
                lambda words, counts: most_likely(words, counts, 7)),
    StarterSpec("likely8", lambda: _("The most likely 8-letter words"),
                lambda: _("The %(n)s eight-letter words whose letters are the likeliest to be drawn: "
                          "seven tiles plus one letter on the board.") % {"n": LIKELY_COUNT},
                lambda words, counts: most_likely(words, counts, 8)),
    StarterSpec("rare", lambda: _("Short words with J, K, Q, W, X, Y or Z"),
                lambda: _("Words of 2 to %(max)s letters with a high-value letter: where to place them "
                          "quickly.") % {"max": RARE_MAX_LENGTH},
                lambda words, counts: [w for w in words
                                       if len(w) <= RARE_MAX_LENGTH and RARE_LETTERS.intersection(w)]),
)


@dataclass(frozen=True)
class StarterOutcome:
    name: str
    words: int
    status: str  # "created" | "updated" | "unchanged"


def create_starter_lists(lexicon: Lexicon) -> list[StarterOutcome]:
    """Publish (or bring up to date) the starter lists of ``lexicon``; safe to call again."""
    words = [w for w in lexicon_words(lexicon) if 2 <= len(w) <= MAX_WORD_LENGTH]
    counts = get_alphabet(lexicon.language).counts
    editor = editorial_account()
    outcomes = []
    with translation.override(lexicon.language):
        for spec in STARTER_SPECS:
            outcomes.append(_publish(editor, lexicon, spec.name(), spec.description(), spec.pick(words, counts)))
    return outcomes


@transaction.atomic
def _publish(editor, lexicon: Lexicon, name: str, description: str, wanted: list[str]) -> StarterOutcome:
    existing = RevisionList.objects.filter(owner=editor, lexicon=lexicon, name=name).first()
    if existing is not None:
        present = set(existing.entries.values_list("word", flat=True))
        if present == set(wanted) and existing.published:
            return StarterOutcome(name, len(wanted), "unchanged")
        existing.entries.all().delete()
        existing.published = True
        existing.description = description
        existing.save()
        target, status = existing, "updated"
    else:
        target = services.create_list(editor, lexicon, name, description, published=True)
        status = "created"
    chunk = services.MAX_BULK_LINES  # the paste limit learners have applies here too
    for start in range(0, len(wanted), chunk):
        services.add_words_bulk(target, "\n".join(wanted[start:start + chunk]))
    return StarterOutcome(name, target.entries.count(), status)
