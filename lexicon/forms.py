"""Forms of the lexicon pages: lookups (GET) and curation (POST, staff)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.validation import MAX_NOTE_LENGTH, validate_multiline


class CheckForm(forms.Form):
    words = forms.CharField(label=_("Words"), max_length=2000,
                            help_text=_("One or more words, separated by spaces or commas."))


class AnagramForm(forms.Form):
    letters = forms.CharField(label=_("Letters"), max_length=15, help_text=_("Up to 15 letters; ? for a blank (2 at most)."))
    min_length = forms.IntegerField(label=_("Shorter words down to"), min_value=1, max_value=15, required=False,
                                    help_text=_("Leave empty for words using every letter."))


class PatternForm(forms.Form):
    q = forms.CharField(label=_("Pattern"), max_length=15, help_text=_("A dot for one letter (.A.E.), a star for any run of letters (*TION)."))
    rack = forms.CharField(label=_("Rack (optional)"), max_length=15, required=False,
                           help_text=_("Fill the dots and stars only with these tiles (? = blank)."))


class HooksForm(forms.Form):
    word = forms.CharField(label=_("Word"), max_length=30)


class NewWordsForm(forms.Form):
    version = forms.IntegerField(label=_("Version"), min_value=1, required=False,
                                 help_text=_("Leave empty for the version in use."))


class UploadForm(forms.Form):
    file = forms.FileField(label=_("Word list"), help_text=_("UTF-8 text, one word per line, at most 20 MB."))
    note = forms.CharField(label=_("Note"), required=False, max_length=MAX_NOTE_LENGTH, validators=[validate_multiline],
                           widget=forms.Textarea(attrs={"rows": 2}), help_text=_("Where the list comes from, why."))
    skip_invalid = forms.BooleanField(label=_("Leave out invalid lines instead of refusing the file"), required=False)
    mode = forms.ChoiceField(
        label=_("What the file does"), widget=forms.RadioSelect,
        choices=[("add", _("Add these words to the list (nothing is removed)")),
                 ("replace", _("Replace the list: the file becomes the whole lexicon, every word missing from it "
                               "is removed"))],
        error_messages={"required": _("Say whether the file adds its words or replaces the whole list.")})


class PublishForm(forms.Form):
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Why roll back?"), required=False, max_length=MAX_NOTE_LENGTH,
                             validators=[validate_multiline], widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=_("Required for a rollback; kept in the history."))


class WordEditForm(forms.Form):
    add = forms.CharField(label=_("Words to add"), required=False, max_length=5000,
                          widget=forms.Textarea(attrs={"rows": 2}), help_text=_("Separated by spaces, commas or new lines."))
    remove = forms.CharField(label=_("Words to remove"), required=False, max_length=5000,
                             widget=forms.Textarea(attrs={"rows": 2}))
    reason = forms.CharField(label=_("Reason"), max_length=MAX_NOTE_LENGTH, validators=[validate_multiline], widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=_("Kept in the audit trail."))


class DefinitionForm(forms.Form):
    word = forms.CharField(label=_("Word"), max_length=64)
    text = forms.CharField(label=_("Definition"), required=False, max_length=500, validators=[validate_multiline],
                           widget=forms.Textarea(attrs={"rows": 2}), help_text=_("Leave empty to delete it."))


class DefinitionImportForm(forms.Form):
    file = forms.FileField(label=_("Definitions file"),
                           help_text=_("UTF-8 lines: WORD, a tab, then the definition. At most 20 MB."))
    skip_unknown = forms.BooleanField(label=_("Skip words that are not in the lexicon"), required=False)

    def __init__(self, *args, **kwargs) -> None:
        # Ids of its own (id_definitions_file): the upload form on the same page has a "file" too, and a label
        # (and the help's aria-describedby) finds the first element of an id.
        kwargs.setdefault("auto_id", "id_definitions_%s")
        super().__init__(*args, **kwargs)


def split_words(text: str) -> list[str]:
    """Words typed in a text box: separated by spaces, commas, semicolons or new lines."""
    return [w for w in text.replace(",", " ").replace(";", " ").split() if w]
