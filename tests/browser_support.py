"""Debian's Chromium driven by Playwright (never a downloaded browser), one way for every browser test.

``launch_context(**options)`` starts headless Chromium and yields a new browser context made with
``options`` (viewport, locale, ...); ``new_page(context)`` opens a page with the suite's default timeout.
Modules that need the browser take ``BROWSER_MARKS`` (with ``needs_chromium``, so they are skipped, with the
reason, where Chromium is not installed).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PAGE_TIMEOUT_MS = 30_000

needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                    reason=f"Chromium not found at {CHROMIUM} (apt install chromium)")
# A browser test module's marks: ``pytestmark = BROWSER_MARKS`` (the live server needs committed rows).
BROWSER_MARKS = [pytest.mark.browser, pytest.mark.django_db(transaction=True), needs_chromium]
ARTIFACTS_ROOT = Path(__file__).resolve().parents[1] / "artifacts"


def artifacts_dir(app: str) -> Path:
    """Where the browser tests of ``app`` put their screenshots (``artifacts/<app>/``, git-ignored)."""
    return ARTIFACTS_ROOT / app


@contextmanager
def launch_context(*, args: Sequence[str] = CHROMIUM_ARGS, **options) -> Iterator:
    """A Playwright browser context of headless Chromium, closed (with the browser) on the way out."""
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=list(args))
            context = browser.new_context(**options)
            try:
                yield context
            finally:
                context.close()
                browser.close()
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


def new_page(context, timeout_ms: int = PAGE_TIMEOUT_MS):
    page = context.new_page()
    page.set_default_timeout(timeout_ms)
    return page


@contextmanager
def page_as(live_server, user, width: int, height: int, *, locale: str = "fr-FR", **options) -> Iterator:
    """A page of a browser of ``width`` x ``height`` speaking ``locale`` that is logged in as ``user``;
    ``options`` go to the browser context (``java_script_enabled=False`` for a page without scripts).

    The session comes from Django's test client (no log-in form to fill), so a test starts on the page it is
    about. The site's language is the one of ``locale``, chosen as the switcher does (the site follows its
    cookie, not the browser's Accept-Language)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    with launch_context(viewport={"width": width, "height": height}, locale=locale, **options) as context:
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                              "url": live_server.url},
                             {"name": settings.LANGUAGE_COOKIE_NAME, "value": locale.split("-")[0],
                              "url": live_server.url}])
        yield new_page(context)


@contextmanager
def french_page_as(live_server, user, width: int, height: int) -> Iterator:
    """A page of a French-speaking browser of ``width`` x ``height`` that is logged in as ``user``."""
    with page_as(live_server, user, width, height) as page:
        yield page


def focus_arrives(page, element_id: str, timeout_ms: int = 5000) -> str:
    """The id of the focused element once ``element_id`` has the focus, or when ``timeout_ms`` is spent.

    Why: after a page load, Chromium applies ``autofocus`` (and a page script its ``focus()``) at a later
    rendering step, not when the text the test waits for appears; reading ``document.activeElement`` at once
    then races with it. Waiting for the focus keeps what is asserted (the box gets it) without the race."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    script = "id => document.activeElement !== null && document.activeElement.id === id"
    with suppress(PlaywrightTimeout):  # the caller's assertion reports what has the focus instead
        page.wait_for_function(script, arg=element_id, timeout=timeout_ms)
    return page.evaluate("document.activeElement ? document.activeElement.id : ''")


# --- axe-core: the accessibility checks of the browser tests ---------------------------------------------------

AXE_SCRIPT = Path(__file__).resolve().parent / "browser" / "vendor" / "axe-core" / "axe.min.js"
# WCAG 2.0, 2.1 and 2.2, levels A and AA; plus two rules axe leaves off unless asked.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
AXE_EXTRA_RULES = ["target-size", "label-content-name-mismatch"]
_AXE_RUN = """options => axe.run(document, options).then(results => results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map(n => ({target: n.target.map(t => Array.isArray(t) ? t.join(' >>> ') : t).join(' '),
                              summary: n.failureSummary, html: n.html.slice(0, 300)})),
})))"""


def run_axe(page) -> list[dict]:
    """The axe-core violations of the page as it is now (WCAG 2.0-2.2 A and AA rules, with ``target-size`` and
    ``label-content-name-mismatch``): each ``{"id", "impact", "help", "helpUrl", "nodes"}``, a node
    ``{"target", "summary", "html"}`` (its CSS selector, what to fix, its start); ``format_axe`` reads them out.

    The vendored script (``tests/browser/vendor/axe-core/``) goes in as an inline script: the site's strict
    CSP forbids those, so the page's context is made with ``bypass_csp=True``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE_SCRIPT.read_text(encoding="utf-8"))
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            raise RuntimeError("axe-core did not load: make the browser context with bypass_csp=True")
    options = {"runOnly": {"type": "tag", "values": AXE_TAGS},
               "rules": {rule: {"enabled": True} for rule in AXE_EXTRA_RULES},
               "resultTypes": ["violations"]}
    return page.evaluate(_AXE_RUN, options)


def format_axe(violations: list[dict], *, max_nodes: int = 5) -> str:
    """``run_axe``'s violations as lines a person reads in a failure message."""
    lines = []
    for violation in violations:
        lines.append(f"- {violation['id']} ({violation['impact']}): {violation['help']} "
                     f"[{len(violation['nodes'])} node(s)] {violation['helpUrl']}")
        for node in violation["nodes"][:max_nodes]:
            summary = " ".join((node["summary"] or "").split())
            lines.append(f"    {node['target']}: {summary}")
        if len(violation["nodes"]) > max_nodes:
            lines.append(f"    ... and {len(violation['nodes']) - max_nodes} more")
    return "\n".join(lines)
