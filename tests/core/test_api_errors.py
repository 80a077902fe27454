"""Bad requests to the API answer JSON 4xx, never a 500 or an HTML page (core.api_errors)."""

from __future__ import annotations

import json

import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient

from core import api_errors

pytestmark = pytest.mark.django_db

DEEP = "[" * 1000 + "]" * 1000


def client() -> APIClient:
    return APIClient(raise_request_exception=False)


def assert_json_error(response, status: int) -> dict:
    assert response.status_code == status, response.content[:200]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert isinstance(body["detail"], str) and body["detail"]
    return body


def test_json_nested_too_deeply_is_a_400_before_log_in():
    response = client().post("/api/auth/token/", DEEP, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")
    assert "nested too deeply" in assert_json_error(response, 400)["detail"]
    response = client().post("/api/auth/token/", DEEP, content_type="application/json")
    assert "imbriqué trop profondément" in assert_json_error(response, 400)["detail"]  # French by default


@pytest.mark.parametrize("payload", [DEEP, '{"name": ' + "{" * 5000 + "}" * 5000 + "}"])
def test_json_nested_too_deeply_is_a_400_when_logged_in(alice, payload):
    api = client()
    api.force_authenticate(alice)
    assert_json_error(api.post("/api/lists/", payload, content_type="application/json"), 400)


def test_json_nested_but_reasonable_still_reaches_the_serializer(alice):
    api = client()
    api.force_authenticate(alice)
    response = api.post("/api/lists/", json.dumps({"name": [[["x"]]]}), content_type="application/json")
    assert response.status_code == 400 and "name" in response.json()  # a field error, not a parse error


def test_a_body_over_the_limit_is_a_json_413(alice, settings):
    api = client()
    api.force_authenticate(alice)
    body = json.dumps({"name": "x" * (3 * 1024 * 1024)})
    response = api.post("/api/lists/", body, content_type="application/json")
    detail = assert_json_error(response, 413)["detail"]
    assert str(settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024) in detail


def test_a_body_over_the_limit_is_a_json_413_before_log_in():
    body = json.dumps({"username": "x" * (3 * 1024 * 1024), "password": "y"})
    assert_json_error(client().post("/api/auth/token/", body, content_type="application/json"), 413)


def test_unknown_api_urls_answer_json_and_pages_keep_html():
    assert_json_error(client().get("/api/no-such-thing/"), 404)
    assert_json_error(client().get("/api/lists/not-a-number/"), 404)
    page = client().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


def test_server_errors_and_bad_requests_answer_json_under_api():
    factory = RequestFactory()
    crash = api_errors.server_error(factory.get("/api/lists/"))
    assert crash.status_code == 500 and json.loads(crash.content)["detail"]
    assert api_errors.server_error(factory.get("/lists/")).status_code == 500  # Django's page elsewhere
    bad = api_errors.bad_request(factory.get("/api/lists/"), ValueError("x"))
    assert bad.status_code == 400 and json.loads(bad.content)["detail"]
    denied = api_errors.permission_denied(factory.get("/api/lists/"), None)
    assert denied.status_code == 403 and json.loads(denied.content)["detail"]


def test_ids_beyond_bigint_are_404_everywhere(alice):
    api = client()
    api.force_authenticate(alice)
    huge = "9" * 25
    for url in [f"/api/lists/{huge}/", f"/api/grids/{huge}/", f"/api/situations/{huge}/",
                f"/api/crosswords/{huge}/", f"/api/lexicons/{huge}/check/?words=a", f"/api/lists/published/{huge}/"]:
        assert_json_error(api.get(url), 404)
    pages = client()
    pages.force_login(alice)
    for url in [f"/training/lists/{huge}/", f"/training/grids/{huge}/", f"/puzzles/crosswords/{huge}/",
                f"/lexicons/{huge}/"]:
        assert pages.get(url).status_code == 404, url


@pytest.mark.parametrize("url", ["/api/lexicons/?language=f%00r", "/api/lexicons/1/definitions/?words=a%00b",
                                 "/api/lexicons/1/definitions/a%00b/", "/api/tasks/?x%00=1"])
def test_a_nul_character_in_an_api_url_is_a_json_400(alice, url):
    api = client()
    api.force_authenticate(alice)
    assert_json_error(api.get(url), 400)


def test_a_nul_character_in_a_page_url_is_a_400_page():
    """PostgreSQL cannot compare a string holding NUL: the username check used to answer 500 there."""
    response = client().get("/accounts/signup/check-username/?username=a%00b")
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
    assert client().get("/accounts/signup/check-username/?username=ab").status_code == 200


def test_every_api_error_has_one_shape_detail_then_code_then_its_own_fields():
    plain = api_errors.error_response("Bad input.")
    assert (plain.status_code, plain.data) == (400, {"detail": "Bad input."})
    coded = api_errors.error_response("Over.", 409, code="round_closed", line=3, task=None)
    assert coded.status_code == 409 and list(coded.data) == ["detail", "code", "line", "task"]
    assert coded.data == {"detail": "Over.", "code": "round_closed", "line": 3, "task": None}
    limited = api_errors.error_response("Slow down.", 429, headers={"Retry-After": "30"})
    assert limited["Retry-After"] == "30" and "code" not in limited.data


@pytest.mark.parametrize(("url", "french", "english"), [
    ("/api/tasks/00000000-0000-0000-0000-000000000000/", "Tâche introuvable.", "No such task."),
    ("/api/duplicate/join/nothing/", "Partie partagée introuvable.", "No such shared game."),
])
def test_the_api_404_texts_follow_the_language(alice, url, french, english):
    api = client()
    api.force_authenticate(alice)
    send = api.post if "/join/" in url else api.get
    assert assert_json_error(send(url), 404)["detail"] == french  # French by default
    assert assert_json_error(send(url, HTTP_ACCEPT_LANGUAGE="en"), 404)["detail"] == english


@pytest.mark.parametrize("url", ["/api/duplicate/games/{}/", "/api/quizzes/{}/", "/api/situations/{}/"])
def test_a_missing_object_answers_its_404_in_words(alice, bob, url):
    """"<Thing> not found.", in French by default; someone else's object answers the same (the selectors)."""
    api = client()
    api.force_authenticate(alice)
    detail = assert_json_error(api.get(url.format(999999)), 404)["detail"]
    assert detail.endswith("introuvable.") and detail[0].isupper()
    english = assert_json_error(api.get(url.format(999999), HTTP_ACCEPT_LANGUAGE="en"), 404)["detail"]
    assert english.endswith("not found.")
