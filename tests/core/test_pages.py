"""The base pages render, in French by default and in English on request, with htmx served locally."""

import pytest
from django.urls import reverse

from tests.support import without_csrf_tokens

pytestmark = pytest.mark.django_db


def test_home_renders_for_anonymous_visitors(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    body = without_csrf_tokens(response.content.decode())
    assert 'href="#main"' in body  # skip link
    assert "vendor/htmx/htmx.min.js" in body
    assert "unpkg.com" not in body and "cdn" not in body.lower()
    assert reverse("signup") in body


def test_french_is_the_default_language(client):
    body = client.get(reverse("home")).content.decode()
    assert '<html lang="fr">' in body
    assert "Aller au contenu" in body and "Créer un compte" in body


def test_language_switcher_sets_english(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    response = client.get(reverse("home"))
    body = response.content.decode()
    assert '<html lang="en">' in body
    assert "Skip to content" in body and "Aller au contenu" not in body


def test_vendored_htmx_is_version_2():
    from pathlib import Path

    from django.conf import settings

    source = (Path(settings.BASE_DIR) / "static/vendor/htmx/htmx.min.js").read_text()
    assert 'version:"2.' in source.replace(" ", "")


def test_browser_language_does_not_override_the_french_default(client):
    body = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert '<html lang="fr">' in body


def test_an_unknown_language_cookie_falls_back_to_french(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = client.get(reverse("home"))
    assert '<html lang="fr">' in response.content.decode()
    assert response["Content-Language"] == "fr"


def test_a_request_does_not_leave_its_language_active(client):
    from django.utils import translation

    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    client.get(reverse("home"))
    assert translation.get_language() == "fr"
