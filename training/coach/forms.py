"""Forms of the coach's pages (the API uses :mod:`training.coach.serializers`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core import forms as core_forms
from engine.coach import TAGS
from lexicon.models import Lexicon
from lexicon.selectors import preferred_lexicon
from training.coach.selectors import TAG_NAMES
from training.coach.services import DRILL_SIZE, MAX_DRILL


class DrillForm(forms.Form):
    """A drill of one kind of top: how many puzzles, optionally only one word length or only list words."""

    tag = forms.ChoiceField(label=_("Kind of top"), choices=[(tag, TAG_NAMES[tag]) for tag in TAGS])
    count = forms.IntegerField(label=_("Number of puzzles"), min_value=1, max_value=MAX_DRILL, initial=DRILL_SIZE, required=False)
    length = forms.IntegerField(label=_("Word length"), min_value=2, max_value=15, required=False,
                                help_text=_("Empty: every length."))
    my_lists = forms.BooleanField(label=_("Only words of my revision lists"), required=False)
    lexicon = core_forms.ModelChoiceField(label=_("Lexicon of the puzzle bank"), queryset=Lexicon.objects.all(),
                                          required=False, empty_label=None,
                                          help_text=_("When your own missed rounds are too few, puzzles come from "
                                                      "games the engine plays with this lexicon."))

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["lexicon"].initial = preferred_lexicon(user)
