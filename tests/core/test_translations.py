"""The committed .mo catalogues match their .po sources (a forgotten ``compilemessages`` fails here)."""

from __future__ import annotations

import gettext
import json
import re
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
ENTRY = re.compile(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', re.MULTILINE)


def po_entries(path: Path) -> dict[str, str]:
    """Translated singular entries of a .po file (fuzzy ones are not compiled, so left out)."""
    text = path.read_text(encoding="utf-8")
    entries = {}
    for block in text.split("\n\n"):
        if "#, fuzzy" in block or "msgid_plural" in block:
            continue
        match = ENTRY.search(block + "\n")
        if not match:
            continue
        msgid, msgstr = ("".join(json.loads(part) for part in group.strip().split("\n")) for group in match.groups())
        if msgid and msgstr:
            entries[msgid] = msgstr
    return entries


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_mo_is_compiled_from_the_current_po(language):
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    mo = LOCALE / language / "LC_MESSAGES" / "django.mo"
    assert po.is_file() and mo.is_file(), f"missing catalogue for {language}: run `make messages`"
    with mo.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    stale = [msgid for msgid, msgstr in po_entries(po).items() if catalogue.gettext(msgid) != msgstr]
    assert not stale, f"{mo} is older than {po.name} for {len(stale)} entries, e.g. {stale[:3]}: run `make messages`"


def test_french_catalogue_translates_the_base_layout():
    entries = po_entries(LOCALE / "fr" / "LC_MESSAGES" / "django.po")
    for msgid in ("Skip to content", "Log in", "Sign up", "Progress", "Reset my password"):
        assert entries.get(msgid), f"no French translation for {msgid!r}"
