"""Account writes shared by the sign-up page, the register API and the ``create_demo_learner`` command."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import (
    MAX_DAILY_GOAL,
    MAX_NEW_CARDS_PER_DAY,
    MAX_PASSING_SECONDS,
    MIN_DAILY_GOAL,
    MIN_NEW_CARDS_PER_DAY,
    MIN_PASSING_SECONDS,
    Profile,
)
from accounts.selectors import forget_preferences
from core.middleware import LOGIN_LANGUAGE_KEY
from lexicon.models import Lexicon

_UNSET: Any = object()


@transaction.atomic
def create_learner(username: str, password: str, email: str = "") -> AbstractBaseUser:
    """A new ordinary (non-staff) user, the password checked by the configured validators.

    Raises ``django.core.exceptions.ValidationError`` when the password is refused; callers check the
    username's uniqueness through their form or serializer first.
    """
    user_model = get_user_model()
    user = user_model(username=username, email=email)
    validate_password(password, user)
    user.set_password(password)
    user.save()
    return user


EDITORIAL_USERNAME = "tirage-editions"


def editorial_account() -> AbstractBaseUser:
    """The staff account that owns shared content (starter lists, the crossword of the day).

    Why an account of its own: shared content must not belong to a curator who may leave, and its
    lists must not mix with anyone's own lists. It has no usable password: nobody logs in with it.
    """
    user_model = get_user_model()
    editor, created = user_model.objects.get_or_create(username=EDITORIAL_USERNAME,
                                                       defaults={"is_staff": True, "is_active": True})
    if created:
        editor.set_unusable_password()
        editor.save(update_fields=["password"])
    elif not editor.is_staff:
        editor.is_staff = True
        editor.save(update_fields=["is_staff"])
    return editor


class ProfileError(ValueError):
    """A refused preference change; ``field`` names the setting, the message says why (translated)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(message)


def new_cards_refusal() -> str:
    """Why a number of new words a day is refused (the page, the API and the service say the same)."""
    return gettext("New words a day: a whole number from %(min)s to %(max)s (0: no new word, only the reviews).") % {
        "min": MIN_NEW_CARDS_PER_DAY, "max": MAX_NEW_CARDS_PER_DAY}


def passing_time_refusal() -> str:
    """Why a passing time is refused (the page, the API and the service say the same)."""
    return gettext("The passing time is a whole number of seconds from %(min)s to %(max)s, or empty for none.") % {
        "min": MIN_PASSING_SECONDS, "max": MAX_PASSING_SECONDS}


def _whole_number(value: Any) -> int | None:
    """``value`` as a whole number (an int, or digits in a string); None for anything else (True included)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip()
    return int(text) if text.isdigit() else None


def update_profile(user: Any, *, language: str | None = None, default_lexicon: Any = _UNSET,
                   daily_goal: Any = None, new_cards_per_day: Any = None, passing_seconds: Any = _UNSET) -> Profile:
    """Change some preferences (the others stay); every value checked before anything is written.

    ``default_lexicon`` is a Lexicon, a lexicon id, or None to go back to the site's default;
    ``passing_seconds`` a number of seconds, or None for no passing time.
    """
    from django.conf import settings
    from django.utils.translation import gettext as _


    profile, _created = Profile.objects.get_or_create(user=user)
    if language is not None:
        if language not in {code for code, _name in settings.LANGUAGES}:
            raise ProfileError("language", _("Unknown language “%(value)s”.") % {"value": language})
        profile.language = language
    if default_lexicon is not _UNSET:
        if default_lexicon is None or isinstance(default_lexicon, Lexicon):
            profile.default_lexicon = default_lexicon
        else:
            lexicon = Lexicon.objects.filter(pk=default_lexicon).first() if str(default_lexicon).isdigit() else None
            if lexicon is None:
                raise ProfileError("default_lexicon", _("No such lexicon."))
            profile.default_lexicon = lexicon
    if daily_goal is not None:
        if isinstance(daily_goal, bool) or not str(daily_goal).strip().isdigit() \
                or not MIN_DAILY_GOAL <= int(daily_goal) <= MAX_DAILY_GOAL:
            raise ProfileError("daily_goal", _("The daily goal is a number of answers from %(min)s to %(max)s.")
                               % {"min": MIN_DAILY_GOAL, "max": MAX_DAILY_GOAL})
        profile.daily_goal = int(daily_goal)
    if new_cards_per_day is not None:
        number = _whole_number(new_cards_per_day)
        if number is None or not MIN_NEW_CARDS_PER_DAY <= number <= MAX_NEW_CARDS_PER_DAY:
            raise ProfileError("new_cards_per_day", new_cards_refusal())
        profile.new_cards_per_day = number
    if passing_seconds is not _UNSET:
        if passing_seconds is None or passing_seconds == "":
            profile.passing_seconds = None
        else:
            number = _whole_number(passing_seconds)
            if number is None or not MIN_PASSING_SECONDS <= number <= MAX_PASSING_SECONDS:
                raise ProfileError("passing_seconds", passing_time_refusal())
            profile.passing_seconds = number
    profile.save()
    forget_preferences(user)  # this request reads the new preferences from now on
    return profile


def apply_language_at_login(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Log-in signal: the learner's saved language becomes the site's language for them.

    Only when they saved a profile (a learner who never chose keeps the language they browse in);
    ``core.middleware.ChosenLanguageMiddleware`` applies it and moves it into the language cookie.
    """

    language = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    session = getattr(request, "session", None)
    if language and session is not None:
        session[LOGIN_LANGUAGE_KEY] = language
