"""A person's path through the site in Debian's headless Chromium (Playwright drives it).

Sign up, land logged in on the French home page, start a background task and watch the htmx progress
bar poll until it reads "Terminé", log out, log back in. Tasks run in a background thread, as with
``make run``. ``scripts/test.sh`` installs Debian's chromium when the suite has browser tests.
"""

from __future__ import annotations

import pytest

from tests.browser_support import BROWSER_MARKS, launch_context

pytestmark = BROWSER_MARKS

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
PASSWORD = "Scrabble-Duplicate-2024"


@pytest.fixture
def page():
    with launch_context(args=CHROMIUM_ARGS, locale="en-US", viewport={"width": 412, "height": 900}) as context:
        context.set_default_timeout(15_000)
        yield context.new_page()


def test_sign_up_watch_a_task_log_out_and_in(page, live_server, settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "fr"  # French whatever the browser says

    page.get_by_role("link", name="Créer un compte").first.click()
    page.get_by_label("Nom d’utilisateur").fill("lea")
    page.get_by_text("Ce nom d’utilisateur est libre.").wait_for()  # htmx check while typing
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Créer un compte").click()

    page.get_by_role("button", name="Menu").click()  # on a phone the menu is folded behind its button
    page.get_by_role("button", name="Se déconnecter (lea)").wait_for()
    page.locator("details.home-tasks summary").click()  # the background-tasks panel starts folded
    page.get_by_role("button", name="Vérifier les tâches de fond").click()
    progress = page.locator("#ping-result .task-progress")
    progress.wait_for()
    page.locator("#ping-result .task-progress--done").wait_for(timeout=20_000)
    assert page.locator("#ping-result progress").get_attribute("value") == "100"
    assert "Terminé" in progress.inner_text()

    page.get_by_role("button", name="Se déconnecter (lea)").click()
    page.get_by_role("link", name="Se connecter").first.click()
    page.get_by_label("Nom d’utilisateur").fill("lea")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form").get_by_role("button", name="Se connecter").click()
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Se déconnecter (lea)").wait_for()


def test_keyboard_users_get_a_skip_link(page, live_server):
    page.goto(live_server.url + "/")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('href')")
    assert focused == "#main"
    assert page.locator(".skip-link").is_visible()
