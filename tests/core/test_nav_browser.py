"""The site menu in Chromium, in French: one line at 1280 px (staff, with every entry), folded behind a
real "Menu" button at 390 px that opens with the mouse or the keyboard, says so in aria-expanded, and
closes with Escape (the focus back on the button); without scripts the menu is simply shown.
Screenshots in ``artifacts/nav/``."""

from __future__ import annotations

import re

import pytest

from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page

pytestmark = BROWSER_MARKS

PASSWORD = "Scrabble-2026-ok"


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("dominique", password=PASSWORD, is_staff=True)


def log_in(page, base: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", "dominique")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.locator(".site-nav__logout").wait_for(state="attached")


def test_the_menu_fits_one_line_at_1280_px(live_server, staff):
    out = artifacts_dir("nav")
    out.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": 1280, "height": 800}, locale="fr-FR") as context:
        page = new_page(context)
        log_in(page, live_server.url)
        page.goto(live_server.url + "/training/")
        page.screenshot(path=str(out / "nav-1280.png"))
        assert not page.locator(".nav-toggle").is_visible()
        header = page.locator(".site-header").bounding_box()
        assert header["height"] < 80, header  # one row: brand, menu, language
        entries = page.locator(".site-nav li")
        assert entries.count() == 11  # 8 sections, administration, account, log out
        tops = {round(entries.nth(i).bounding_box()["y"]) for i in range(entries.count())}
        assert len(tops) == 1, tops
        last = entries.nth(entries.count() - 1).bounding_box()
        assert last["x"] + last["width"] <= 1280 - 16  # inside the header's padding
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        # The name begins with the visible text (WCAG 2.5.3): the user name, then what the link is.
        account = page.get_by_role("link", name="dominique (Mon compte)", exact=True)
        assert account.locator(".site-nav__user").inner_text() == "dominique"
        # (the English words until locale/fr translates "home page"; the name begins with "Tirage" either way)
        assert page.get_by_role("link", name=re.compile(r"^Tirage \(page d’accueil\)$|^Tirage \(home page\)$")).is_visible()
        assert page.locator("footer #language-select").is_visible()  # the language, in the footer
        assert page.locator('.site-nav a[aria-current="page"]').inner_text() == "Entraînement"


def test_the_menu_folds_behind_a_button_on_phones(live_server, staff):
    out = artifacts_dir("nav")
    out.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR", has_touch=True) as context:
        page = new_page(context)
        log_in(page, live_server.url)
        page.goto(live_server.url + "/")
        button = page.get_by_role("button", name="Menu")
        assert button.get_attribute("aria-expanded") == "false"
        assert not page.get_by_role("link", name="Entraînement").is_visible()
        header = page.locator(".site-header").bounding_box()
        assert header["height"] < 80 and page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(out / "nav-390-closed.png"))

        button.click()  # the mouse (a tap)
        assert button.get_attribute("aria-expanded") == "true"
        page.get_by_role("link", name="Entraînement").wait_for()
        assert page.get_by_role("button", name="Se déconnecter (dominique)").is_visible()
        page.screenshot(path=str(out / "nav-390-open.png"), full_page=True)
        button.click()
        assert button.get_attribute("aria-expanded") == "false"
        assert not page.get_by_role("link", name="Entraînement").is_visible()

        # The keyboard alone: Tab past the skip link and the brand to the button, Enter opens, Tab
        # reaches the first entry, Escape closes and gives the focus back to the button.
        page.goto(live_server.url + "/")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "nav-toggle"
        page.keyboard.press("Enter")
        button = page.get_by_role("button", name="Menu")
        assert button.get_attribute("aria-expanded") == "true"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.textContent") == "Lexiques"
        page.keyboard.press("Escape")
        assert button.get_attribute("aria-expanded") == "false"
        assert page.evaluate("document.activeElement.className") == "nav-toggle"
        page.keyboard.press("Space")
        assert button.get_attribute("aria-expanded") == "true"


def test_without_scripts_the_menu_is_shown(live_server, staff):
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR", java_script_enabled=False) as context:
        page = new_page(context)
        page.goto(live_server.url + "/")
        assert not page.locator(".nav-toggle").is_visible()
        assert page.get_by_role("link", name="Lexiques").is_visible()
        assert page.get_by_role("link", name="Se connecter").first.is_visible()
