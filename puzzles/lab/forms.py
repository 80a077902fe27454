"""The crossword lab's page form."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from core import forms as core_forms
from lexicon.selectors import list_lexicons, preferred_lexicon
from puzzles.crosswords.models import MAX_SIZE, MIN_SIZE, Crossword
from puzzles.lab.services import algorithm_labels
from training.lists import selectors as training_selectors


class LabForm(forms.Form):
    """The crossword lab: the drawn grid, the lexicons, the algorithm, and what to do with them.

    One form for every action of the page (random grid, import, export, solve, compare): the grid travels
    in ``grid`` (rows of ``#``, ``.`` and letters), which the editor script keeps in step with the
    clickable grid; without the script the text can be edited as it is.
    """

    grid = forms.CharField(label=_("Grid"), required=False, widget=forms.Textarea(attrs={"rows": 9, "cols": 25,
                                                                                        "spellcheck": "false"}),
                           help_text=_("One row per line: # a black cell, . an empty cell, a letter a given letter."))
    style = forms.ChoiceField(label=_("Style"), choices=Crossword.Style.choices, initial=Crossword.Style.FR)
    symmetric = forms.BooleanField(label=_("Symmetric editing (a black cell and its mirror image together)"),
                                   required=False)
    rows = forms.IntegerField(label=_("Rows"), initial=9, required=False,
                              widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": MIN_SIZE, "max": MAX_SIZE}))
    cols = forms.IntegerField(label=_("Columns"), initial=9, required=False,
                              widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": MIN_SIZE, "max": MAX_SIZE}))
    blocks = forms.IntegerField(label=_("Black cells"), initial=12, required=False,
                                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}))
    file = forms.FileField(label=_("Grid file"), required=False,
                           help_text=_("Text (# . letters) or 0/1 (1 a black cell), one row per line."))
    file_format = forms.ChoiceField(label=_("File format"), initial="text",
                                    choices=[("text", _("Text (# and .)")), ("01", _("0/1 (1 = black)"))])
    lexicon = core_forms.ModelChoiceField(label=_("Lexicon"), queryset=list_lexicons(), empty_label=None)
    extra_lexicons = forms.ModelMultipleChoiceField(label=_("Other lexicons (their words fill the grid too)"),
                                                    queryset=list_lexicons(), required=False,
                                                    widget=forms.CheckboxSelectMultiple)
    theme_list = core_forms.ModelChoiceField(
        label=_("Theme words (optional)"), required=False, queryset=training_selectors.lists_of(None),
        empty_label=_("None"), help_text=_("One of your revision lists of the same lexicon: its words are placed first."))
    algorithm = forms.ChoiceField(label=_("Algorithm"), initial="mac", choices=[])
    algorithms = forms.MultipleChoiceField(label=_("Algorithms to compare"), required=False, choices=[],
                                           initial=["fc", "fc-cbj", "mac"], widget=forms.CheckboxSelectMultiple)
    seeds = forms.IntegerField(label=_("Runs per algorithm (seeds)"), initial=3, required=False,
                               widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1, "max": 5}))
    time_limit = forms.FloatField(label=_("Time limit per run (seconds)"), initial=10, required=False,
                                  widget=forms.NumberInput(attrs={"inputmode": "decimal", "min": 0.5, "max": 30,
                                                                  "step": "0.5"}))

    def __init__(self, *args, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)

        labels = list(algorithm_labels().items())
        cast(forms.ChoiceField, self.fields["algorithm"]).choices = labels
        cast(forms.ChoiceField, self.fields["algorithms"]).choices = labels
        cast(forms.ModelChoiceField, self.fields["lexicon"]).queryset = list_lexicons()
        cast(forms.ModelChoiceField, self.fields["extra_lexicons"]).queryset = list_lexicons()
        self.fields["lexicon"].initial = preferred_lexicon(user)
        cast(forms.ModelChoiceField, self.fields["theme_list"]).queryset = training_selectors.lists_of(user)
