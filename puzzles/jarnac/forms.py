"""The Jarnac page form: a new game against the AI."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy

from core import forms as core_forms
from lexicon.selectors import list_lexicons, preferred_lexicon
from puzzles.jarnac.models import JarnacGame


class NewGameForm(forms.Form):
    lexicon = core_forms.ModelChoiceField(label=gettext_lazy("Lexicon"), queryset=list_lexicons(), empty_label=None)
    level = forms.ChoiceField(label=gettext_lazy("AI level"), choices=JarnacGame.Level.choices,
                              initial=JarnacGame.Level.MEDIUM)

    def __init__(self, *args, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["lexicon"]).queryset = list_lexicons()
        self.fields["lexicon"].initial = preferred_lexicon(user)  # the learner's default lexicon
