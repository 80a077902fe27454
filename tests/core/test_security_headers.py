"""The Content-Security-Policy: sent on pages and the API, strict, and possible because no template has
anything inline (core.csp)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from core.csp import HEADER, build_policy

ROOT = Path(__file__).resolve().parents[2]
# Inline code and styles the policy would block: a <script> without src, <style>, style= attributes,
# on...= event handlers, htmx's hx-on (evaluated code) and javascript: URLs.
INLINE = re.compile(
    r"<script(?![^>]*\ssrc=)[^>]*>|<style[\s>]|\sstyle=|\son[a-z]+\s*=|\shx-on[:-]"
    r"""|(?:href|src|action)\s*=\s*["']\s*javascript:""",
    re.IGNORECASE,
)


def template_files() -> list[Path]:
    folders = [ROOT / "templates", *(ROOT / app / "templates" for app in ("core", "accounts", "lexicon", "training",
                                                                          "puzzles"))]
    return sorted(p for folder in folders if folder.is_dir() for p in folder.rglob("*.html"))


def test_no_template_has_inline_script_style_or_handler():
    offenders = []
    for path in template_files():
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:  # removed meanwhile by another process
            continue
        text = re.sub(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", "", text, flags=re.DOTALL)
        offenders += [f"{path.relative_to(ROOT)}: {m.group(0)!r}" for m in INLINE.finditer(text)]
    assert offenders == [], "move these to static files or CSS classes (the CSP forbids them):\n" + "\n".join(offenders)


def test_the_policy_allows_nothing_inline_and_nothing_from_elsewhere():
    policy = build_policy(settings.SECURE_CSP)
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy and "*" not in policy
    directives = dict(part.split(" ", 1) for part in policy.split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


def test_build_policy_joins_directives_and_bare_flags():
    assert build_policy({"default-src": ["'self'"], "upgrade-insecure-requests": []}) == (
        "default-src 'self'; upgrade-insecure-requests")


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/api/schema/", "/api/docs/", "/api/lexicons/", "/healthz"])
def test_responses_carry_the_policy(client, url):
    response = client.get(url)
    assert response[HEADER] == build_policy(settings.SECURE_CSP)
    assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_swagger_ui_page_loads_its_script_and_styles_from_files(client):
    page = client.get("/api/docs/").content.decode()
    assert not re.search(r"<style|<script>", page)
    assert "css/swagger.css" in page and "?script=" in page.replace("&amp;", "&")
    script = client.get("/api/docs/", {"script": ""})
    assert script.status_code == 200 and "javascript" in script["Content-Type"]
    assert "SwaggerUIBundle" in script.content.decode()


@pytest.mark.django_db
def test_htmx_is_told_not_to_inject_its_indicator_style(client):
    page = client.get("/").content.decode()
    assert '"includeIndicatorStyles":false' in page.replace(" ", "")
