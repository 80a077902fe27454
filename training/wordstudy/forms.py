"""The page form for choosing a quiz (the API takes the same fields; the rules are in services)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core import forms as core_forms
from lexicon.models import Lexicon
from training.wordstudy.models import Quiz
from training.wordstudy.ranking import MAX_LENGTH, MIN_LENGTH


class QuizForm(forms.Form):
    lexicon = core_forms.ModelChoiceField(label=_("Lexicon"), queryset=Lexicon.objects.all(), empty_label=None)
    kind = forms.ChoiceField(label=_("Questions"), choices=Quiz.Kind.choices, initial="anagrams")
    length = forms.IntegerField(label=_("Word length"), min_value=MIN_LENGTH, max_value=MAX_LENGTH, initial=7)
    rank_from = forms.IntegerField(label=_("From rank"), min_value=1, initial=1,
                                   help_text=_("1 is the likeliest rack of that length."))
    rank_to = forms.IntegerField(label=_("To rank"), min_value=1, initial=50)
    blanks = forms.TypedChoiceField(label=_("Blanks"), coerce=int, initial=0,
                                    choices=[(0, pgettext_lazy("no blank", "none")), (1, "1"), (2, "2")],
                                    help_text=_("Anagrams only: letters replaced by a blank."))
    mode = forms.ChoiceField(label=_("Mode"), choices=Quiz.Mode.choices, initial=Quiz.Mode.WALL)
    minutes = forms.IntegerField(label=_("Minutes"), min_value=1, max_value=60, initial=5,
                                 help_text=_("Word wall: the time to answer every question."))
