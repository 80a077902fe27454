"""Template helpers of the duplicate pages."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` or None (dicts built by the views, e.g. the player of each game)."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def negatif(value: Any) -> str:
    """A négatif as clubs write it: ``0`` when every top was found, else with a true minus sign (−32)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return ""
    return "0" if number == 0 else (f"−{-number}" if number < 0 else f"+{number}")
