"""Control characters in a request's data are refused once, at the door (core.request_guard): every route,
GET and POST, with a NUL in a query parameter and in the body, answers a 400 in words, never a 500.

On SQLite a NUL reaches the database harmlessly; on PostgreSQL it was a 500 (psycopg refuses it). The
integration pass runs this module on PostgreSQL too.
"""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from core import request_guard

pytestmark = pytest.mark.django_db

_CONVERTER = re.compile(r"<(?:(?P<kind>\w+):)?(?P<name>\w+)>")
_REGEX_GROUP = re.compile(r"\(\?P<\w+>[^)]*\)")


def _sample(route: str) -> str:
    """A concrete path for a route pattern: numbers for ``int`` converters, a word for the others."""
    route = _CONVERTER.sub(lambda m: "1" if m["kind"] == "int" else "mot", route)
    route = _REGEX_GROUP.sub("mot", route)
    return route.lstrip("^").rstrip("$").replace("\\", "")


def every_route() -> list[str]:
    paths: set[str] = set()

    def walk(patterns, prefix: str) -> None:
        for pattern in patterns:
            here = prefix + _sample(str(pattern.pattern))
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, here)
            elif isinstance(pattern, URLPattern):
                paths.add("/" + here)

    walk(get_resolver().url_patterns, "")
    return sorted(paths)


ROUTES = every_route()


def test_the_walk_finds_the_pages_and_the_api():
    assert len(ROUTES) > 100
    assert "/api/quizzes/" in ROUTES and "/wordstudy/cards/quiz/" in ROUTES and "/healthz" in ROUTES


def assert_refused_in_words(response, path: str, char: str = "U+0000") -> str:
    assert response.status_code == 400, (path, response.status_code, response.content[:300])
    if path.startswith("/api/"):
        assert response["Content-Type"].startswith("application/json"), path
        detail = response.json()["detail"]
    else:
        assert response["Content-Type"].startswith("text/html"), path
        detail = response.content.decode()
    assert char in detail and "caractère de contrôle" in detail, (path, detail[:300])
    return detail


@pytest.fixture
def logged_in(alice) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    return client


@pytest.mark.parametrize("method", ["get", "post"])
def test_every_route_refuses_a_nul_in_a_query_parameter(logged_in, method):
    for path in ROUTES:
        response = getattr(logged_in, method)(path + "?lexicon=%00", HTTP_ACCEPT="*/*")
        assert_refused_in_words(response, path)


def test_every_route_refuses_a_nul_in_a_form_body(logged_in):
    for path in ROUTES:
        response = logged_in.post(path, "lexicon=fr&word=AE%00RIENS",
                                  content_type="application/x-www-form-urlencoded")
        detail = assert_refused_in_words(response, path)
        assert "word" in detail


def test_every_route_refuses_a_nul_in_a_json_body(logged_in):
    body = json.dumps({"lexicon": "\u0000", "level": "easy", "answers": ["AB", "C\u0000"]})
    for path in ROUTES:
        response = logged_in.post(path, body, content_type="application/json")
        assert_refused_in_words(response, path)


def test_every_route_refuses_a_nul_in_a_field_name(logged_in):
    for path in ROUTES:
        response = logged_in.post(path, json.dumps({"a\u0000b": 1}), content_type="application/json")
        assert_refused_in_words(response, path)


# The requests of the outside sweep that were 500s on PostgreSQL, with real objects behind them.
@pytest.mark.parametrize(("path", "body"), [
    ("/api/quizzes/", {"lexicon": "\u0000"}),
    ("/api/jarnac/games/", {"lexicon": "\u0000", "level": "easy"}),
])
def test_the_api_cases_found_outside(alice, path, body):
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(alice)
    assert_refused_in_words(api.post(path, body, format="json"), path)


@pytest.mark.parametrize(("path", "body"), [
    ("/wordstudy/cards/quiz/", "lexicon=%00"),
    ("/wordstudy/challenge/start/", "lexicon=%00"),
    ("/wordstudy/quizzes/1/wall/guess/", "word=AE%00RIENS"),
    ("/wordstudy/quizzes/1/questions/1/answer/", "answers=AB%00C"),
])
def test_the_page_cases_found_outside(logged_in, path, body):
    response = logged_in.post(path, body, content_type="application/x-www-form-urlencoded")
    assert_refused_in_words(response, path)


def test_other_control_characters_are_refused_and_line_breaks_pass(logged_in):
    response = logged_in.post("/api/lists/", json.dumps({"name": "a\u001bb"}), content_type="application/json")
    assert "U+001B" in response.json()["detail"] and response.status_code == 400
    response = logged_in.post("/api/lists/", json.dumps({"name": "a\u0085b"}), content_type="application/json")
    assert "U+0085" in response.json()["detail"] and response.status_code == 400
    # Tab and line breaks are the fields' business (a description may have several lines): not a 400 here.
    assert request_guard.control_character("deux\r\nlignes\tet une tabulation") is None
    response = logged_in.post("/api/lists/", json.dumps({"name": "Mes mots", "description": "un\ndeux"}),
                              content_type="application/json")
    assert response.status_code != 400 or "U+" not in response.json().get("detail", "")


def test_an_escaped_backslash_is_not_a_control_character(logged_in):
    """``"\\\\u0000"`` in JSON is a backslash followed by "u0000": text, not NUL."""
    response = logged_in.post("/api/lists/", '{"name": "\\\\u0000"}', content_type="application/json")
    assert response.status_code != 400 or "U+0000" not in response.content.decode()


def test_the_message_follows_the_language(logged_in):
    logged_in.cookies["django_language"] = "en"
    response = logged_in.get("/api/quizzes/?lexicon=%00")
    assert "control character, U+0000" in response.json()["detail"]
    response = logged_in.get("/wordstudy/?x=%01")
    assert response.status_code == 400 and "U+0001" in response.content.decode()


@pytest.fixture
def staff_api(django_user_model) -> APIClient:
    staff = django_user_model.objects.create_user("staffer", password="x-staff-pass-1", is_staff=True)
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(staff)
    return api


@pytest.fixture
def lexicon(tmp_path, shared_media):
    from lexicon.services import import_word_list
    from tests.support import write_words

    return import_word_list(write_words(tmp_path / "w.txt", ["AA", "AB"]), name="nul-test", language="fr").lexicon


def test_a_multipart_api_body_with_nul_is_refused(staff_api, lexicon):
    # Django's multipart parser drops unprintable characters from file names itself: never a 500.
    upload = SimpleUploadedFile("mots\x00.txt", b"AA\nAB\n")
    response = staff_api.post(f"/api/lexicons/{lexicon.pk}/versions/", {"file": upload}, format="multipart")
    assert response.status_code < 500 and "\x00" not in response.content.decode()
    response = staff_api.post(f"/api/lexicons/{lexicon.pk}/versions/",
                              {"file": SimpleUploadedFile("mots.txt", b"AA\n"), "note": "a\x00b"},
                              format="multipart")
    assert_refused_in_words(response, "/api/")


def test_a_multipart_page_form_with_nul_is_refused(django_user_model, lexicon):
    staff = django_user_model.objects.create_user("staffer", password="x-staff-pass-1", is_staff=True)
    client = Client(raise_request_exception=False, enforce_csrf_checks=True)
    client.force_login(staff)
    page = f"/lexicons/{lexicon.pk}/curate/upload/"
    client.get(f"/lexicons/{lexicon.pk}/curate/")
    token = client.cookies["csrftoken"].value
    # The CSRF check reads the form: the refusal comes from there, before the view.
    response = client.post(page, {"csrfmiddlewaretoken": token, "note": "a\x00b"})
    assert_refused_in_words(response, page)
    response = client.post(page, {"csrfmiddlewaretoken": token, "a\x01": "1"})
    assert_refused_in_words(response, page, "U+0001")


def assert_not_utf8_refused(response, path: str) -> None:
    assert response.status_code == 400, (path, response.status_code)
    body = response.json()["detail"] if path.startswith("/api/") else response.content.decode()
    assert "n’est pas du texte UTF-8" in body, (path, body[:300])


def test_every_route_refuses_a_form_field_that_is_not_utf8(logged_in):
    """``%FF`` decodes to U+FFFD: the page would have stored "��" for what the learner typed."""
    for path in ROUTES:
        response = logged_in.post(path, "name=Mes%20mots%FF%FE&word=ABC",
                                  content_type="application/x-www-form-urlencoded")
        assert_not_utf8_refused(response, path)
        assert "name" in (response.json()["detail"] if path.startswith("/api/") else response.content.decode())


def test_every_route_refuses_a_parameter_that_is_not_utf8(logged_in):
    for path in ROUTES:
        assert_not_utf8_refused(logged_in.get(path + "?q=%C3%28", HTTP_ACCEPT="*/*"), path)


def test_utf8_text_passes_the_door(logged_in):
    assert request_guard._strict_pairs("name=%C3%89T%C3%89&x=", str) == [("name", "ÉTÉ"), ("x", "")]
    response = logged_in.get("/wordstudy/?q=%C3%89T%C3%89")
    assert response.status_code == 200


def test_a_multipart_page_field_decoded_to_replacement_characters_is_refused(django_user_model, lexicon):
    staff = django_user_model.objects.create_user("staffer", password="x-staff-pass-1", is_staff=True)
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    page = f"/lexicons/{lexicon.pk}/curate/upload/"
    boundary = "XyZ"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n").encode() + b"a\xff\xfeb" + \
        f"\r\n--{boundary}--\r\n".encode()
    response = client.post(page, body, content_type=f"multipart/form-data; boundary={boundary}")
    assert_not_utf8_refused(response, page)
