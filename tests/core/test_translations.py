"""The committed .mo catalogues match their .po sources (a forgotten ``compilemessages`` fails here)."""

from __future__ import annotations

import gettext
import json
import re
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
ENTRY = re.compile(r'^(?:msgctxt ((?:".*"\n)+))?msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', re.MULTILINE)


def _join(group: str | None) -> str | None:
    return None if group is None else "".join(json.loads(part) for part in group.strip().split("\n"))


def po_entries(path: Path) -> dict[tuple[str | None, str], str]:
    """Translated singular entries, keyed by (context, msgid); fuzzy ones are not compiled, so left out."""
    text = path.read_text(encoding="utf-8")
    entries = {}
    for block in text.split("\n\n"):
        if "#, fuzzy" in block or "msgid_plural" in block:
            continue
        match = ENTRY.search(block + "\n")
        if not match:
            continue
        context, msgid, msgstr = (_join(group) for group in match.groups())
        if msgid and msgstr:
            entries[(context, msgid)] = msgstr
    return entries


def lookup(catalogue: gettext.GNUTranslations, context: str | None, msgid: str) -> str:
    return catalogue.gettext(msgid) if context is None else catalogue.pgettext(context, msgid)


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_mo_is_compiled_from_the_current_po(language):
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    mo = LOCALE / language / "LC_MESSAGES" / "django.mo"
    assert po.is_file() and mo.is_file(), f"missing catalogue for {language}: run `make messages`"
    with mo.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    stale = [key for key, msgstr in po_entries(po).items() if lookup(catalogue, *key) != msgstr]
    assert not stale, f"{mo} is older than {po.name} for {len(stale)} entries, e.g. {stale[:3]}: run `make messages`"


def test_french_catalogue_translates_the_base_layout():
    entries = po_entries(LOCALE / "fr" / "LC_MESSAGES" / "django.po")
    for msgid in ("Skip to content", "Log in", "Sign up", "Progress", "Reset my password"):
        assert entries.get((None, msgid)), f"no French translation for {msgid!r}"


def test_french_high_punctuation_never_starts_a_line():
    """French sets a space before : ; ! ? (and %) that must not break: an ordinary one lets the browser put
    the mark alone at the start of the next line. The catalogue uses U+00A0 (U+202F before ; ! ? is as good)."""
    with (LOCALE / "fr" / "LC_MESSAGES" / "django.mo").open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    texts = [text for key, text in catalogue._catalog.items() if key]  # the key "" is the catalogue's header
    breaking = sorted(text for text in texts if re.search(r" (?:[:;!?]|%%)", text))
    assert breaking == [], f"{len(breaking)} French messages with an ordinary space before : ; ! ? or %: {breaking[:3]}"


def test_the_removal_confirmation_keeps_its_colon_and_percent_on_their_line():
    from django.utils import translation

    message = ("Version %(number)d would remove %(removed)s of the %(serving)s words served (%(share)s %%) and add "
               "%(added)s: confirm to publish it.")
    with translation.override("fr"):
        french = translation.gettext(message) % {"number": 2, "removed": 1, "serving": 16, "share": "6,2", "added": 1}
    assert french == ("La version 2 retirerait 1 des 16 mots en service (6,2\u00a0%) et en ajouterait 1\u00a0: "
                      "confirmez pour la publier.")
