"""The page form for choosing a quiz (the API takes the same fields; the rules are in services)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core import forms as core_forms
from lexicon.models import Lexicon
from training.wordstudy import services
from training.wordstudy.models import Quiz
from training.wordstudy.ranking import MAX_LENGTH, MIN_LENGTH


class QuizForm(forms.Form):
    lexicon = core_forms.ModelChoiceField(label=_("Lexicon"), queryset=Lexicon.objects.all(), empty_label=None)
    kind = forms.ChoiceField(label=_("Questions"), choices=Quiz.Kind.choices, initial="anagrams")
    length = forms.IntegerField(label=_("Word length"), min_value=MIN_LENGTH, max_value=MAX_LENGTH, initial=7)
    rank_from = forms.IntegerField(label=_("From rank"), min_value=1, initial=1,
                                   help_text=_("1 is the likeliest rack of that length."))
    rank_to = forms.IntegerField(label=_("To rank"), min_value=1, initial=50)
    # Not required: a form sent without it (a page from before the field) asks for probability, as before.
    order = forms.ChoiceField(label=_("Ranking"), choices=Quiz.Order.choices, initial=Quiz.Order.PROBABILITY,
                              required=False,
                              help_text=_("Probability: the likeliest racks first. Playability (4 to 6 letters): the "
                                          "alphagrams whose words are most often tops in the games Tirage plays."))
    blanks = forms.TypedChoiceField(label=_("Blanks"), coerce=int, initial=0,
                                    choices=[(0, pgettext_lazy("no blank", "none")), (1, "1"), (2, "2")],
                                    help_text=_("Anagrams only: letters replaced by a blank."))
    mode = forms.ChoiceField(label=_("Mode"), choices=Quiz.Mode.choices, initial=Quiz.Mode.WALL)
    minutes = forms.IntegerField(label=_("Minutes"), min_value=1, max_value=60, initial=5,
                                 help_text=_("Word wall: the time to answer every question."))

    def clean(self) -> dict[str, Any]:
        """The order's rule (playability for 4 to 6 letters only) as an error on the field, in the services'
        words, so the learner sees it beside the select rather than above the form."""
        data = super().clean() or {}
        if data.get("order") and data.get("length") is not None:
            try:
                services.check_order(data["order"], data["length"])
            except services.QuizError as exc:
                self.add_error("order", str(exc))
        return data
