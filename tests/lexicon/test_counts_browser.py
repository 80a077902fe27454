"""Word counts in a real browser, in French, at 1280 px and 390 px: 420 440 mots (a narrow no-break space
between the groups, so the number never wraps) on the lexicons page and the curation page.
Screenshots go to ``artifacts/lexicon/`` for a person to look at."""

from __future__ import annotations

import pytest
from django.test import Client

from lexicon.models import Lexicon, LexiconVersion
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page

ARTIFACTS = artifacts_dir("lexicon")

pytestmark = BROWSER_MARKS


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_word_counts_read_in_french(live_server, staff, lexicon, settings, width, height):
    Lexicon.objects.filter(pk=lexicon.pk).update(word_count=420440)
    LexiconVersion.objects.filter(pk=lexicon.current_version_id).update(word_count=420440)
    client = Client()
    client.force_login(staff)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": width, "height": height}, locale="fr-FR") as context:
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                              "url": live_server.url},  # French asked for (this folder's tests default to English)
                             {"name": settings.LANGUAGE_COOKIE_NAME, "value": "fr", "url": live_server.url}])
        page = new_page(context)
        page.goto(f"{live_server.url}/lexicons/")
        assert "420\u202f440 mots" in page.inner_text(".lexicon-card")
        page.screenshot(path=str(ARTIFACTS / f"index-counts-{width}.png"), full_page=True)
        page.goto(f"{live_server.url}/lexicons/{lexicon.pk}/curate/")
        assert "420\u202f440 mots." in page.inner_text("main")
        assert page.inner_text("table.versions tbody td:nth-child(3)") == "420\u202f440"
        page.screenshot(path=str(ARTIFACTS / f"curate-counts-{width}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
