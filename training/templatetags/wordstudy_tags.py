"""Template helpers of word study: racks drawn as tiles."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from engine.alphabet import BLANK, get_alphabet

register = template.Library()


@register.simple_tag
def tiles(text: str, language: str = "fr") -> SafeString:
    """``text`` as a row of small tiles with their values (a ``?`` is a blank tile); read as the word by screen readers."""
    alphabet = get_alphabet(language)
    cells = [("tile tile--blank", "", "") if ch == BLANK else ("tile", ch, alphabet.values.get(ch, "")) for ch in text]
    inner = format_html_join("", '<span class="{}" aria-hidden="true">{}<sub>{}</sub></span>', cells)
    return format_html('<span class="ws-tiles" role="img" aria-label="{}">{}</span>', text, inner)

