"""End to end in a real browser: a visitor looks words up (htmx results, keyboard only); a curator uploads a
version, reads its diff, publishes it and watches the progress bar until the new words are served.

Debian's Chromium driven by Playwright (never a downloaded browser). Tasks run in a background thread of the
live server (``thread`` mode), so the progress bar really polls. Screenshots go to ``artifacts/lexicon/``.
"""

from __future__ import annotations

import pytest

from lexicon.models import LexiconVersion
from lexicon.selectors import gaddag_for
from lexicon.services import import_word_list
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.lexicon.conftest import FRENCH_WORDS

ARTIFACTS = artifacts_dir("lexicon")

pytestmark = BROWSER_MARKS


@pytest.fixture
def browser_page():
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR") as context:  # a phone
        yield new_page(context)


def test_lookup_then_upload_diff_publish_with_progress(live_server, browser_page, tmp_path, settings,
                                                        django_user_model):
    settings.TIRAGE_TASKS_MODE = "thread"
    settings.LANGUAGE_CODE = "fr"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "mini.txt"
    path.write_text("\n".join(FRENCH_WORDS) + "\n", encoding="utf-8")
    lexicon = import_word_list(path, name="mini", language="fr").lexicon
    django_user_model.objects.create_user("curator", password="Curator-2026-ok", is_staff=True)
    page = browser_page
    base = live_server.url

    # A visitor: anagrams typed and submitted with the keyboard; htmx swaps only the results.
    page.goto(f"{base}/lexicons/")
    page.click(f"a[href='/lexicons/{lexicon.pk}/']")
    page.click("text=Anagrammes")
    page.focus("#id_letters")
    page.keyboard.type("enier")
    page.keyboard.press("Enter")
    page.wait_for_selector("#lookup-results li")
    assert page.inner_text("#lookup-results ul").split() == ["REINE"]
    assert "letters=enier" in page.url  # pushed: the result can be bookmarked
    page.fill("#id_letters", "???")
    page.keyboard.press("Enter")
    page.wait_for_selector("#lookup-results [role=alert]")
    assert "2 jokers au plus" in page.inner_text("#lookup-results")

    # The curator logs in and uploads a new version.
    page.goto(f"{base}/accounts/login/?next=/lexicons/{lexicon.pk}/curate/")
    page.fill("input[name=username]", "curator")
    page.fill("input[name=password]", "Curator-2026-ok")
    page.press("input[name=password]", "Enter")
    page.wait_for_url(f"**/lexicons/{lexicon.pk}/curate/")
    new_list = tmp_path / "v2.txt"
    new_list.write_text("\n".join(sorted(set(FRENCH_WORDS) - {"ANE"} | {"LOUVE"})) + "\n", encoding="utf-8")
    page.set_input_files("#id_file", str(new_list))
    page.fill("#id_note", "ODS 9")
    page.check("input[name=mode][value=replace]")  # the file is the whole new list: said explicitly
    page.click("form[action$='/curate/upload/'] button[type=submit]")
    page.wait_for_url(f"**/lexicons/{lexicon.pk}/versions/2/")
    assert "LOUVE" in page.inner_text(".word-grid--added") and "ANE" in page.inner_text(".word-grid--removed")
    assert "Ce brouillon retire 1 mot de la liste en service." in page.inner_text(".messages")
    assert not gaddag_for(lexicon).contains("LOUVE")  # a draft serves nobody

    # With the keyboard: the focus follows each answer (never left on the page's body as buttons go).
    expect = pytest.importorskip("playwright.sync_api").expect
    page.focus("#publish-button")
    page.keyboard.press("Enter")  # ANE is 1 of 16 words: more than 1 %, a confirmation first
    page.wait_for_selector("#publish-confirm")
    assert "retirerait 1 des 16 mots en service" in page.inner_text("#publish-confirm")
    expect(page.locator("#publish-confirm-message")).to_be_focused()  # the question is read first
    page.screenshot(path=str(ARTIFACTS / "publish-confirm-390.png"), full_page=True)
    assert LexiconVersion.objects.get(lexicon=lexicon, number=2).state == "draft"  # nothing started
    page.keyboard.press("Tab")
    expect(page.locator("#confirm-publish")).to_be_focused()  # then the button that answers it
    page.keyboard.press("Enter")
    page.wait_for_selector("#publish-progress progress")
    assert page.locator("#publish-button").count() == 0  # no second press while it compiles
    page.wait_for_selector("#version-state .state--published", timeout=60_000)  # refreshed when the task ends
    expect(page.locator("#published-message")).to_be_focused()  # the outcome, where the button was
    page.screenshot(path=str(ARTIFACTS / "published.png"), full_page=True)
    # the messages of the draft's upload ("brouillon") went with the publication; htmx swapped them out
    assert "brouillon" not in page.inner_text("#messages").lower()
    page.wait_for_selector("#messages .message--success")  # the state's refresh says it is done
    assert "La version 2 est publiée" in page.inner_text("#messages")
    assert page.locator("#publish-button").count() == 0  # the serving version cannot be published again
    assert LexiconVersion.objects.get(lexicon=lexicon, number=2).state == "published"
    assert gaddag_for(lexicon).contains("LOUVE") and not gaddag_for(lexicon).contains("ANE")

    # The visitor's check now answers with the new version.
    page.goto(f"{base}/lexicons/{lexicon.pk}/?tool=check&words=louve+ane")
    assert "valide" in page.inner_text(".word-check--ok") and "LOUVE" in page.inner_text(".word-check--ok")
    assert "ANE" in page.inner_text(".word-check--bad")

    # Roll back from the history: version 1 serves again.
    page.goto(f"{base}/lexicons/{lexicon.pk}/curate/")
    page.click("a[href$='/versions/1/']")
    assert page.inner_text("#publish-button") == "Revenir à cette version"
    page.fill("#id_reason", "LOUVE entre l’an prochain")  # a rollback says why
    page.click("#publish-button")
    page.wait_for_selector("#publish-confirm")  # LOUVE would go: confirmed too
    page.click("#confirm-publish")
    page.wait_for_selector("#version-state .state--published", timeout=60_000)
    assert gaddag_for(lexicon).contains("ANE") and not gaddag_for(lexicon).contains("LOUVE")

    page.goto(f"{base}/lexicons/{lexicon.pk}/audit/")
    assert "LOUVE entre l’an prochain" in page.inner_text("main")


def test_curation_asks_before_it_hurts_at_1280(live_server, tmp_path, settings, django_user_model):
    """A 5-word file offered as a replacement: the upload says what it does, publishing asks with the counts,
    the draft is discarded instead; French, 1280 px."""
    settings.TIRAGE_TASKS_MODE = "thread"
    settings.LANGUAGE_CODE = "fr"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "mini.txt"
    path.write_text("\n".join(FRENCH_WORDS) + "\n", encoding="utf-8")
    lexicon = import_word_list(path, name="mini", language="fr").lexicon
    django_user_model.objects.create_user("curator", password="Curator-2026-ok", is_staff=True)
    base = live_server.url
    with launch_context(viewport={"width": 1280, "height": 900}, locale="fr-FR") as context:
        page = new_page(context)
        page.goto(f"{base}/accounts/login/?next=/lexicons/{lexicon.pk}/curate/")
        page.fill("input[name=username]", "curator")
        page.fill("input[name=password]", "Curator-2026-ok")
        page.press("input[name=password]", "Enter")
        page.wait_for_url(f"**/lexicons/{lexicon.pk}/curate/")
        small = tmp_path / "five.txt"
        small.write_text("chat\nchien\nloup\nlouve\nzebre\n", encoding="utf-8")
        page.set_input_files("#id_file", str(small))
        page.click("form[action$='/curate/upload/'] button[type=submit]")  # neither add nor replace chosen
        assert page.evaluate("document.querySelector('input[name=mode]').validity.valueMissing")  # asked first
        assert page.url.endswith("/curate/") and LexiconVersion.objects.count() == 1
        page.locator("form[action$='/curate/upload/']").screenshot(path=str(ARTIFACTS / "upload-mode-1280.png"))
        page.set_input_files("#id_file", str(small))
        page.check("input[name=mode][value=replace]")
        page.click("form[action$='/curate/upload/'] button[type=submit]")
        page.wait_for_url(f"**/lexicons/{lexicon.pk}/versions/2/")
        page.click("#publish-button")
        page.wait_for_selector("#publish-confirm")
        text = page.inner_text("#publish-confirm")
        assert "retirerait 13 des 16 mots en service (81,2\u00a0%) et en ajouterait 2" in text, text
        page.screenshot(path=str(ARTIFACTS / "publish-confirm-1280.png"), full_page=True)
        page.click("#publish-confirm a")  # cancel: nothing happened
        page.wait_for_selector("#discard summary")
        page.click("#discard summary")
        page.click("#discard-button")
        page.wait_for_url(f"**/lexicons/{lexicon.pk}/curate/")
        assert "Brouillon 2 abandonné." in page.inner_text(".messages")
        assert list(LexiconVersion.objects.values_list("number", flat=True)) == [1]
        assert gaddag_for(lexicon).contains("ANE")
        page.screenshot(path=str(ARTIFACTS / "discarded-1280.png"), full_page=True)
