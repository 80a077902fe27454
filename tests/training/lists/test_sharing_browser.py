"""In Chromium, in French, at 1280 and 390 px: the dashboard's daily goal and activity chart (grid answers,
duplicate rounds, quiz answers), a list shared by link read by another learner who copies it, and a list
imported from a text file with a bad line reported by its number. Screenshots in ``artifacts/training/``."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.accounts.test_activity import answer_quiz, play_rounds
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from training.lists import services
from training.lists.models import RevisionList

pytestmark = BROWSER_MARKS
PASSWORD = "Scrabble-2026-ok"


@pytest.fixture
def french(settings):
    settings.LANGUAGE_CODE = "fr"


def log_in(page, base: str, name: str, next_url: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"**{next_url}")


@pytest.mark.parametrize("width", [1280, 390])
def test_dashboard_shared_list_and_import(live_server, django_user_model, small_lexicon, french, tmp_path, width):
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    django_user_model.objects.create_user("bruno", password=PASSWORD)
    revision_list = services.create_list(alice, small_lexicon, "Mes 8")
    for word, support in (("BACCARAT", "T"), ("PRIVATIF", "7"), ("DATAIS", "S")):
        services.add_word(revision_list, word, support)
    play_rounds(alice, small_lexicon, 3, timezone.now())
    answer_quiz(alice, small_lexicon, 2, timezone.now())
    play_rounds(alice, small_lexicon, 5, timezone.now() - timezone.timedelta(days=3))
    out = artifacts_dir("training")
    out.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    with launch_context(viewport={"width": width, "height": 900}, locale="fr-FR") as context:
        page = new_page(context)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

        log_in(page, base, "alice", "/training/")
        goal = " ".join(page.inner_text("#daily-goal").split())
        assert "Aujourd’hui : 5 sur 20 (3 coups de duplicate, 2 réponses de quiz)." in goal
        chart = page.locator("svg.chart--activity")
        assert chart.locator("rect.chart__bar--rounds").count() == 2 and chart.locator("rect.chart__bar--quiz").count() == 1
        assert chart.bounding_box()["width"] <= width
        page.locator("#activity").screenshot(path=str(out / f"dashboard-activity-{width}.png"))
        page.screenshot(path=str(out / f"dashboard-{width}.png"), full_page=True)

        # Alice shares her list; the link is on the page.
        page.goto(f"{base}/training/lists/{revision_list.pk}/")
        page.click("#share-list")
        link = page.input_value("#share-url")
        assert "/training/shared/" in link

        # Import a file: the good lines are added, the bad one is reported by its number and kept.
        file = tmp_path / "mots.txt"
        file.write_text("# ma liste\nSENTIER:S\nXYZZY\n", encoding="utf-8")
        page.set_input_files("#import-file", str(file))
        page.click("#import-list")
        page.wait_for_selector(".refusals")
        assert "Ligne 3\u00a0:" in page.inner_text(".refusals") and "1 mot ajouté." in page.inner_text("#words-notice")
        assert page.input_value("textarea[name=text]") == "XYZZY"
        page.locator("#words-section").screenshot(path=str(out / f"import-{width}.png"))
        assert errors == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]
        errors.clear()  # the import's 400 (a line refused) is logged by the browser; nothing else may be
        context.clear_cookies()  # another learner on the same browser

        # Bruno opens the link: read only, then copies it.
        log_in(page, base, "bruno", link.replace(base, ""))
        assert "Une liste partagée par alice" in page.inner_text("main")
        assert page.locator("#shared-words tbody tr").count() == 4
        assert page.locator("main input[name=word], main textarea").count() == 0  # nothing to edit here
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(out / f"shared-list-{width}.png"), full_page=True)
        page.click("#copy-shared")
        page.wait_for_selector(".message--success")
        assert "copiée" in page.inner_text(".messages") or "copié" in page.inner_text(".messages")
        assert RevisionList.objects.get(owner__username="bruno").entries.count() == 4
        assert errors == [], errors
