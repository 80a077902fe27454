"""Forms of the revision list pages: field types and labels only; the rules are in :mod:`training.lists.services`."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from core import forms as core_forms
from core.validation import MAX_DESCRIPTION_LENGTH, validate_multiline, validate_single_line
from lexicon.selectors import list_lexicons, preferred_lexicon


class ListForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100, validators=[validate_single_line])
    description = forms.CharField(label=_("Description"), required=False, max_length=MAX_DESCRIPTION_LENGTH,
                                  validators=[validate_multiline], widget=forms.Textarea(attrs={"rows": 2}))
    lexicon = core_forms.ModelChoiceField(label=_("Lexicon"), queryset=list_lexicons(), empty_label=None)
    published = forms.BooleanField(label=_("Published (every learner can copy it)"), required=False)

    def __init__(self, *args, user=None, editing: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["lexicon"]).queryset = list_lexicons()
        self.fields["lexicon"].initial = preferred_lexicon(user)  # the learner's default lexicon
        if editing:
            del self.fields["lexicon"]  # words were checked against it: it stays
        if not getattr(user, "is_staff", False):
            del self.fields["published"]


class WordForm(forms.Form):
    word = forms.CharField(label=_("Word"), max_length=64,
                           widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                                         "spellcheck": "false"}))
    support = forms.CharField(
        label=_("Support letter"), required=False, max_length=2,
        help_text=_("The letter already on the board, or its position in the word counted from 1 (PRIVATIF 5 = A). "
                    "Empty: the most productive one."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "size": 3}),
    )


class BulkForm(forms.Form):
    text = forms.CharField(
        label=_("Paste words, one per line"),
        help_text=_("BACCARAT:T (support letter), PRIVATIF 5 (position of the support letter, counted from 1: "
                    "the A) or the word alone (the most productive support letter is chosen)."),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "autocapitalize": "characters"}),
    )
