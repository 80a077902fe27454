"""Forms of the training grid pages: field types and labels only; the rules are in :mod:`training.grids.services`."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from core import forms as core_forms
from lexicon.selectors import list_lexicons


class AnswerForm(forms.Form):
    word = forms.CharField(label=_("Your word"), max_length=64,
                           widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                                         "spellcheck": "false", "autofocus": True}))
    coord = forms.CharField(label=_("Coordinates (optional)"), required=False, max_length=8,
                            help_text=_("H4 = row H, column 4, across; 4H = column 4, row H, down."),
                            widget=forms.TextInput(attrs={"autocomplete": "off", "size": 4,
                                                          "autocapitalize": "characters"}))


class DueGridForm(forms.Form):
    lexicon = core_forms.ModelChoiceField(label=_("Lexicon"), queryset=list_lexicons(), empty_label=None)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["lexicon"]).queryset = list_lexicons()
