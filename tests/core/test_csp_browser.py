"""The Content-Security-Policy in a real browser: Chromium reports no violation on the main pages.

Each page is loaded (and used a little: an htmx lookup, a word added, a crossword cell typed in, the
menu opened) with a listener for ``securitypolicyviolation`` events installed before any script runs,
and every console message about the policy is collected too; Swagger UI must render its operations with
the same policy. Every page of the menu is visited, at 390 and 1280 px. Screenshots go to
``artifacts/hardening/``.
"""

from __future__ import annotations

import pytest

from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.support import french_dict_words, write_words

pytestmark = BROWSER_MARKS

WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
  e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));
"""
PASSWORD = "Scrabble-2026-ok"


@pytest.fixture
def world(tmp_path, django_user_model, settings):
    from lexicon.services import import_word_list
    from puzzles.crosswords import services as puzzles
    from training.lists import services as training

    settings.TIRAGE_TASKS_MODE = "sync"
    user = django_user_model.objects.create_user("lea", password=PASSWORD, is_staff=True)
    lexicon = import_word_list(write_words(tmp_path / "fr7.txt", french_dict_words(7)), name="fr7",
                               language="fr").lexicon
    revision_list = training.create_list(user, lexicon, "Mes mots")
    training.add_word(revision_list, "RATE")
    share_token = training.share_list(revision_list)
    crossword = puzzles.start_crossword(user, lexicon, 5, "fr", seed=3)
    crossword.refresh_from_db()
    assert crossword.status == "done", crossword.error
    return {"lexicon": lexicon, "list": revision_list, "crossword": crossword, "share_token": share_token}


def violations(page) -> list[str]:
    return page.evaluate("window.__csp")


def csp_console_messages(page) -> list[str]:
    """Console messages about the policy ("Refused to apply inline style because it violates the following
    Content Security Policy directive..."), whatever raised them."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if "Content Security Policy" in m.text else None)
    return found


# Every page of the menu and the pages they lead to (the crossword and the list are visited below).
MENU_PAGES = ["/", "/lexicons/", "/training/", "/training/lists/", "/wordstudy/", "/training/duplicate/",
              "/puzzles/crosswords/", "/puzzles/lab/", "/puzzles/jarnac/", "/accounts/", "/puzzles/crosswords/daily/"]


@pytest.mark.parametrize("width", [390, 1280])
def test_every_menu_page_is_clean_in_the_console(live_server, world, width):
    base = live_server.url
    with launch_context(viewport={"width": width, "height": 844}, locale="fr-FR") as context:
        context.add_init_script(WATCH)
        page = new_page(context)
        console = csp_console_messages(page)
        page.goto(base + "/accounts/login/")
        page.fill("#id_username", "lea")
        page.fill("#id_password", PASSWORD)
        page.locator("main form button[type=submit]").click()
        page.wait_for_load_state("networkidle")
        seen: dict[str, list[str]] = {}
        for path in MENU_PAGES + [f"/training/shared/{world['share_token']}/"]:
            page.goto(base + path)
            page.wait_for_load_state("networkidle")
            if width == 390 and page.locator(".nav-toggle").is_visible():
                page.locator(".nav-toggle").click()  # the menu's own script, too
            seen[path] = violations(page)
        assert page.locator("meta[name=htmx-config]").get_attribute("content").find('"includeIndicatorStyles":false') >= 0
        assert page.evaluate("document.querySelectorAll('style').length") == 0  # nothing injected a <style>
    assert {path: found for path, found in seen.items() if found} == {}
    assert console == []


def test_pages_raise_no_policy_violation(live_server, world):
    out = artifacts_dir("hardening")
    out.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR") as context:
        context.add_init_script(WATCH)
        page = new_page(context)
        console = csp_console_messages(page)
        seen: dict[str, list[str]] = {}

        page.goto(base + "/accounts/login/")
        page.fill("#id_username", "lea")
        page.fill("#id_password", PASSWORD)
        page.locator("main form button[type=submit]").click()
        page.wait_for_load_state("networkidle")
        seen["home"] = violations(page)

        page.goto(f"{base}/lexicons/{world['lexicon'].pk}/?tool=anagrams&letters=ETAR")
        page.wait_for_load_state("networkidle")
        seen["lookup"] = violations(page)

        page.goto(f"{base}/training/lists/{world['list'].pk}/")
        page.fill("input[name=word]", "SENTIER")
        page.locator("input[name=word]").press("Enter")
        page.get_by_text("SENTIER").first.wait_for()
        seen["list"] = violations(page)

        page.goto(f"{base}/training/")
        page.wait_for_load_state("networkidle")
        seen["dashboard"] = violations(page)

        page.goto(f"{base}/puzzles/crosswords/{world['crossword'].pk}/")
        page.locator(".xw-input").first.click()
        page.keyboard.type("A")
        page.wait_for_timeout(300)
        box = page.locator(".xw-grid").bounding_box()
        assert box and box["width"] > 100  # the column count from data-cols laid the grid out
        page.screenshot(path=str(out / "csp-crossword-390.png"), full_page=True)
        seen["crossword"] = violations(page)

        page.goto(f"{base}/api/docs/")
        page.locator(".opblock").first.wait_for()
        page.screenshot(path=str(out / "csp-api-docs-390.png"))
        seen["api docs"] = violations(page)

        # The control: an inline style attribute is blocked and reported, so the listener does hear.
        page.evaluate("""document.body.insertAdjacentHTML('beforeend', '<p id="x" style="color: red">x</p>')""")
        page.wait_for_function("window.__csp.length > 0")
        assert page.evaluate("getComputedStyle(document.getElementById('x')).color") != "rgb(255, 0, 0)"

    assert {name: found for name, found in seen.items() if found} == {}
    assert [m for m in console if "style=\"color: red\"" not in m and "inline style" not in m] == []
