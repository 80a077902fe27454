"""Forms of the duplicate pages (the API uses :mod:`training.duplicate.serializers`)."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from core import forms as core_forms
from lexicon.models import Lexicon
from lexicon.selectors import preferred_lexicon
from training.duplicate.models import DEFAULT_TIMER, DuplicateGame

TIMER_FIELD_CHOICES = [("60", _("1 minute")), ("120", _("2 minutes")), ("180", _("3 minutes")),
                       ("240", _("4 minutes")), ("300", _("5 minutes")), ("0", _("Untimed"))]


def _lexicon_label(obj: Any) -> str:
    """A lexicon in the game form's list: its name and language."""
    return f"{obj.name} ({obj.get_language_display()})"


class NewGameForm(forms.Form):
    lexicon = core_forms.ModelChoiceField(label=_("Lexicon"), queryset=Lexicon.objects.all(), empty_label=None)
    variant = forms.ChoiceField(label=_("Variant"), choices=DuplicateGame.Variant.choices,
                                initial=DuplicateGame.Variant.CLASSIC)
    timer = forms.ChoiceField(label=_("Time per round"), choices=TIMER_FIELD_CHOICES, initial=str(DEFAULT_TIMER))
    tournament = forms.BooleanField(label=_("Tournament scoring"), required=False,
                                    help_text=_("No validity or score before the round ends; an invalid play scores "
                                                "0 and its reason is shown after."))

    def __init__(self, *args, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Django's way to relabel one form's choices: replace the field's method on the instance.
        cast(forms.ModelChoiceField, self.fields["lexicon"]).label_from_instance = _lexicon_label  # type: ignore[method-assign]
        self.fields["lexicon"].initial = preferred_lexicon(user)  # the learner's default lexicon


RECORD_FORMATS = [("eliot", _("Eliot (plain text)")), ("eliot-xml", _("Eliot (XML save file)")), ("gcg", _("GCG"))]
MAX_RECORD_UPLOAD = 512 * 1024


class ImportForm(NewGameForm):
    """Replay a published game: its file (uploaded or pasted), the lexicon Tirage computes its tops with."""

    format = forms.ChoiceField(label=_("Format"), choices=RECORD_FORMATS, initial="eliot")
    file = forms.FileField(label=_("Game file"), required=False)
    text = forms.CharField(label=_("Or paste it here"), required=False, strip=False,
                           widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "mono", "wrap": "off"}))
    my_plays = forms.BooleanField(label=_("The file's player is me"), required=False,
                                  help_text=_("Eliot's XML keeps a player's plays: they become yours, the game "
                                              "counted as played, and your coach reads it."))
    field_order = ["format", "file", "text", "lexicon", "variant", "timer", "tournament", "my_plays"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["variant"].help_text = _("Eliot's plain text does not say: choose joker for a joker game.")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_RECORD_UPLOAD:
                raise forms.ValidationError(_("The game file is too large (at most %(kb)s KB).")
                                            % {"kb": MAX_RECORD_UPLOAD // 1024})
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The game file is not UTF-8 text.")) from None
        if not (data.get("text") or "").strip() and not self.has_error("file"):  # an empty file says so once
            raise forms.ValidationError(_("Choose a game file or paste it."))
        return data


NOTATION_CHOICES = [("fr", _("French: H4 across, 4H down")), ("en", _("English: 8H across, H8 down"))]
"""The two ways of writing a coordinate (``engine.scrabble.notation``); French is the duplicate tradition."""
NOTATIONS = tuple(value for value, _label in NOTATION_CHOICES)
COORD_HELP = {"fr": _("H4 = row H, column 4, across; 4H = down."),
              "en": _("8H = row 8, column H, across; H8 = down.")}


class PlayForm(forms.Form):
    word = forms.CharField(label=_("Word"), max_length=64, required=False,
                           help_text=_("The whole word, letters on the board included. The blank goes on a letter "
                                       "your rack lacks; to choose it, type that letter in lower case and the "
                                       "others in capitals."),
                           widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters",
                                                         "spellcheck": "false"}))
    coord = forms.CharField(label=_("Coordinates"), max_length=16, required=False,
                            help_text=COORD_HELP["fr"],
                            widget=forms.TextInput(attrs={"autocomplete": "off", "size": 5,
                                                          "autocapitalize": "characters", "spellcheck": "false"}))
    style = forms.ChoiceField(label=_("Notation"), choices=NOTATION_CHOICES, initial="fr", required=False)

    def __init__(self, *args, style: str = "fr", **kwargs) -> None:
        """``style``: the notation remembered for this game (the radio's initial choice, the help shown)."""
        kwargs.setdefault("initial", {}).setdefault("style", style)
        super().__init__(*args, **kwargs)
        self.fields["coord"].help_text = COORD_HELP.get(style, COORD_HELP["fr"])
        # The placement script writes the coordinate in the notation chosen, and swaps this help with it.
        self.fields["coord"].widget.attrs.update({"data-help-fr": COORD_HELP["fr"], "data-help-en": COORD_HELP["en"]})


class ShareForm(forms.Form):
    visibility = forms.ChoiceField(label=_("Who may play it"), choices=DuplicateGame.Visibility.choices)
