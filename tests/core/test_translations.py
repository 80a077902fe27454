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
