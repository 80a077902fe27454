"""Reading settings from the environment, with errors that name the variable.

Kept apart from ``settings.py`` so the parsing rules (what counts as true, how lists are split) are
one small tested place instead of ad-hoc ``os.environ`` calls scattered through the settings.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import overload

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


@overload
def env_str(name: str, default: str, environ: Mapping[str, str] | None = None) -> str: ...
@overload
def env_str(name: str, default: None = None, environ: Mapping[str, str] | None = None) -> str | None: ...
def env_str(name: str, default: str | None = None, environ: Mapping[str, str] | None = None) -> str | None:
    """The variable's value stripped, or ``default`` when it is unset or blank."""
    value = (environ if environ is not None else os.environ).get(name)
    if value is None or not value.strip():
        return default
    return value.strip()


def env_bool(name: str, default: bool, environ: Mapping[str, str] | None = None) -> bool:
    """``1/true/yes/on`` or ``0/false/no/off``; anything else is a configuration error, not a guess."""
    value = (environ if environ is not None else os.environ).get(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean; use 1/0, true/false, yes/no or on/off")


def env_int(name: str, default: int, environ: Mapping[str, str] | None = None) -> int:
    value = env_str(name, None, environ)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not an integer") from None


def env_list(name: str, default: list[str], environ: Mapping[str, str] | None = None) -> list[str]:
    """A comma-separated list (blank items dropped)."""
    value = env_str(name, None, environ)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


# Django's own bar for a production key (check --deploy, security.W009), enforced instead of warned.
MIN_SECRET_KEY_LENGTH = 50
MIN_SECRET_KEY_UNIQUE_CHARACTERS = 5


def secret_key_problem(key: str) -> str | None:
    """Why ``key`` is too weak to sign sessions and password-reset links, or None when it will do."""
    if key.startswith("django-insecure-"):
        return "starts with 'django-insecure-' (a development key)"
    if len(key) < MIN_SECRET_KEY_LENGTH:
        return f"is too short ({len(key)} characters; at least {MIN_SECRET_KEY_LENGTH})"
    if len(set(key)) < MIN_SECRET_KEY_UNIQUE_CHARACTERS:
        return f"is too simple (fewer than {MIN_SECRET_KEY_UNIQUE_CHARACTERS} different characters)"
    return None
