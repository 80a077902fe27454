"""Forms of the room pages (the API uses :mod:`training.rooms.serializers`)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core import forms as core_forms
from lexicon.models import Lexicon
from training.duplicate.models import DuplicateGame
from training.rooms.models import DEFAULT_PAUSE, MAX_PAUSE, MIN_PAUSE, Room, RoomMember

TIMER_CHOICES = [("60", _("1 minute")), ("120", _("2 minutes")), ("180", _("3 minutes")),
                 ("240", _("4 minutes")), ("300", _("5 minutes"))]


class LexiconChoiceField(core_forms.ModelChoiceField):
    """A lexicon named with its language, as the other game forms show it."""

    def label_from_instance(self, obj: Lexicon) -> str:
        return f"{obj.name} ({obj.get_language_display()})"


class RoomForm(forms.Form):
    name = forms.CharField(label=_("Room name"), max_length=80)
    lexicon = LexiconChoiceField(label=_("Lexicon"), queryset=Lexicon.objects.all(), empty_label=None)
    variant = forms.ChoiceField(label=_("Variant"), choices=DuplicateGame.Variant.choices,
                                initial=DuplicateGame.Variant.CLASSIC)
    timer = forms.ChoiceField(label=_("Time per round"), choices=TIMER_CHOICES, initial="180")
    pause = forms.IntegerField(label=_("Pause between rounds (seconds)"), min_value=MIN_PAUSE, max_value=MAX_PAUSE,
                               initial=DEFAULT_PAUSE, help_text=_("Time to read the top before the next round."))
    rules = forms.ChoiceField(label=_("Rules"), choices=Room.Rules.choices, initial=Room.Rules.TOURNAMENT)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        french = Lexicon.objects.filter(language="fr").order_by("-imported_at").first()
        if french is not None:
            self.fields["lexicon"].initial = french.pk


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Room code"), max_length=12,
                           widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}))
    role = forms.ChoiceField(label=_("Join as"), choices=RoomMember.Role.choices, initial=RoomMember.Role.PLAYER)


class SimultaneForm(RoomForm):
    """A simultané: the room settings (its rooms all take them) and the rooms the organiser runs."""

    name = forms.CharField(label=_("Simultané name"), max_length=80)
    rooms = forms.CharField(label=_("Rooms you run (one name a line)"), required=False,
                            widget=forms.Textarea(attrs={"rows": 3}),
                            help_text=_("Clubs' arbitres add their own rooms with the simultané's code."))

    def clean_rooms(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data.get("rooms", "").splitlines() if line.strip()]


class SimultaneJoinForm(forms.Form):
    code = forms.CharField(label=_("Simultané code"), max_length=12,
                           widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}))
    name = forms.CharField(label=_("Your room's name"), max_length=80)

    def __init__(self, *args, **kwargs) -> None:
        # Ids of its own (id_join_name): the page's other form has a "name" too, and a label finds the first id.
        kwargs.setdefault("auto_id", "id_join_%s")
        super().__init__(*args, **kwargs)


class AddRoomForm(forms.Form):
    name = forms.CharField(label=_("Room name"), max_length=80)
