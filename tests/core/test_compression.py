"""Pages and JSON are gzipped for a client that accepts it (django.middleware.gzip.GZipMiddleware, placed in
config/settings.py below WhiteNoise), with the BREACH mitigation Django 4.2 added: a file name of random length
in the gzip header, on top of the CSRF token masked anew per response (docs/architecture.md)."""

from __future__ import annotations

import gzip

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

FNAME = 0x08  # gzip header flag: a file name follows the fixed header (RFC 1952, section 2.3.1)


def test_the_middleware_sits_below_whitenoise_and_above_the_session():
    middleware = settings.MIDDLEWARE
    gzip_at = middleware.index("django.middleware.gzip.GZipMiddleware")
    assert middleware.index("whitenoise.middleware.WhiteNoiseMiddleware") < gzip_at
    assert gzip_at < middleware.index("django.contrib.sessions.middleware.SessionMiddleware")


def test_an_html_page_is_gzipped_when_the_client_accepts_it(client, alice):
    client.force_login(alice)
    plain = client.get("/training/")
    assert plain.status_code == 200 and not plain.has_header("Content-Encoding")
    response = client.get("/training/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"] and "Cookie" in response["Vary"]
    html = gzip.decompress(response.content).decode()
    assert html.startswith("<!DOCTYPE html>") and "csrfmiddlewaretoken" in html
    assert len(response.content) < len(html.encode()) / 3
    assert int(response["Content-Length"]) == len(response.content)
    assert response.content[3] & FNAME  # the name of random length that makes the length useless to BREACH


def test_json_is_gzipped_too(client, alice):
    client.force_login(alice)
    response = client.get("/api/progress/", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).decode().startswith("{")


def test_a_client_without_gzip_gets_the_page_as_is(client):
    response = client.get("/accounts/login/", HTTP_ACCEPT_ENCODING="identity")
    assert response.status_code == 200 and not response.has_header("Content-Encoding")
    assert response.content.decode().lstrip().startswith("<!DOCTYPE html>")
