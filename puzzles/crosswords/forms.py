"""Forms of the crossword pages: field types and labels only; the rules are in :mod:`puzzles.crosswords.services`."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from core import forms as core_forms
from lexicon.selectors import list_lexicons, preferred_lexicon
from puzzles.crosswords.models import MAX_SIZE, MIN_SIZE, Crossword
from training.lists import selectors as training_selectors


class CrosswordForm(forms.Form):
    size = forms.IntegerField(label=_("Size"), initial=9,
                              help_text=_("Cells per side, %(min)s to %(max)s.") % {"min": MIN_SIZE, "max": MAX_SIZE},
                              widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    style = forms.ChoiceField(label=_("Style"), choices=Crossword.Style.choices, initial=Crossword.Style.FR)
    lexicon = core_forms.ModelChoiceField(label=_("Lexicon"), queryset=list_lexicons(), empty_label=None)
    theme_list = core_forms.ModelChoiceField(
        label=_("Theme words (optional)"), required=False, queryset=training_selectors.lists_of(None),
        empty_label=_("None"), help_text=_("One of your revision lists of the same lexicon: its words are placed first."))

    def __init__(self, *args, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)

        cast(forms.ModelChoiceField, self.fields["lexicon"]).queryset = list_lexicons()
        self.fields["lexicon"].initial = preferred_lexicon(user)  # the learner's default lexicon
        cast(forms.ModelChoiceField, self.fields["theme_list"]).queryset = training_selectors.lists_of(user)
        # Bounds are checked by the service (one message for the API and the page); the browser hint is extra.
        self.fields["size"].widget.attrs.update({"min": MIN_SIZE, "max": MAX_SIZE})
