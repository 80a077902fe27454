from typing import cast

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts import login_limits
from accounts.models import (
    MAX_DAILY_GOAL,
    MAX_NEW_CARDS_PER_DAY,
    MAX_PASSING_SECONDS,
    MIN_DAILY_GOAL,
    MIN_NEW_CARDS_PER_DAY,
    MIN_PASSING_SECONDS,
)
from accounts.services import new_cards_refusal, passing_time_refusal
from core import forms as core_forms
from lexicon.selectors import list_lexicons


class SignUpForm(UserCreationForm):
    """Username, optional e-mail (needed only for password reset) and the password twice."""

    email = forms.EmailField(
        label=_("E-mail"),
        required=False,
        help_text=_("Optional; used only to reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]  # django-stubs does not declare this Meta
        model = get_user_model()
        fields = ("username", "email")


class LoginLimitsMixin:
    """Refuses attempts once this account failed too often from this address, or the address or the account
    is under attack (``accounts.login_limits``): the refusal comes before the password is checked, so
    guessing stops. Mixed into every log-in form."""

    refusal: login_limits.Refusal | None = None

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        self.refusal = login_limits.refusal(self.request, username)
        if self.refusal is not None:
            raise ValidationError(self.refusal.message, code="too_many_attempts")
        try:
            cleaned = super().clean()
        except ValidationError:
            login_limits.record_failure(self.request, username)
            raise
        login_limits.record_success(self.request, username)
        return cleaned


class RateLimitedAuthenticationForm(LoginLimitsMixin, AuthenticationForm):
    """Django's log-in form with the log-in limits (the site's log-in page)."""


class RateLimitedAdminAuthenticationForm(LoginLimitsMixin, AdminAuthenticationForm):
    """The admin's log-in form with the same limits: the admin page is a second door to the same accounts."""


class ProfileForm(forms.Form):
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    default_lexicon = core_forms.ModelChoiceField(
        label=_("Default lexicon"), queryset=list_lexicons(), required=False,
        empty_label=_("The site's default"),
        help_text=_("Preselected when you create a list, a grid or a crossword."))
    daily_goal = forms.IntegerField(
        label=_("Daily goal (answers a day)"), min_value=MIN_DAILY_GOAL, max_value=MAX_DAILY_GOAL)
    new_cards_per_day = forms.IntegerField(
        label=_("New words a day"), min_value=MIN_NEW_CARDS_PER_DAY, max_value=MAX_NEW_CARDS_PER_DAY,
        help_text=_("How many words you never reviewed enter your reviews each day (the rest wait their turn): "
                    "20 is a pace you can keep, as card-box players do; 0 for reviews only."))
    passing_seconds = forms.IntegerField(
        label=_("Passing time of flash cards (seconds)"), required=False, min_value=MIN_PASSING_SECONDS,
        max_value=MAX_PASSING_SECONDS,
        help_text=_("A flash card answered right but more slowly than this counts as missed for the card box "
                    "(it comes back soon). Leave empty for no passing time."))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["default_lexicon"]).queryset = list_lexicons()
        # The refusal in words the API and the service give too, not the generic "greater than or equal to".
        for name, refusal in (("new_cards_per_day", new_cards_refusal), ("passing_seconds", passing_time_refusal)):
            self.fields[name].error_messages.update(
                dict.fromkeys(("invalid", "min_value", "max_value", "required"), refusal()))
