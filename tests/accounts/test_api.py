"""Token API: register and obtain a token; the token authenticates API calls."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
PASSWORD = "Scrabble-Duplicate-2024"
# An endpoint that needs authentication: anonymous → 401, authenticated → 404 (no such task).
PROTECTED = f"/api/tasks/{uuid.uuid4()}/"


@pytest.fixture
def api():
    return APIClient()


def test_register_returns_a_working_token(api):
    response = api.post("/api/auth/register/", {"username": "dora", "password": PASSWORD}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["username"] == "dora" and len(body["token"]) == 40
    api.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert api.get(PROTECTED).status_code == 404


def test_register_refuses_a_taken_username(api, django_user_model):
    django_user_model.objects.create_user("dora", password=PASSWORD)
    response = api.post("/api/auth/register/", {"username": "DORA", "password": PASSWORD}, format="json")
    assert response.status_code == 400
    assert "username" in response.json()


def test_register_refuses_a_weak_password(api):
    response = api.post("/api/auth/register/", {"username": "dora", "password": "123"}, format="json")
    assert response.status_code == 400
    assert "password" in response.json()
    assert not get_user_model().objects.filter(username="dora").exists()


def test_register_refuses_an_invalid_username(api):
    response = api.post("/api/auth/register/", {"username": "no spaces!", "password": PASSWORD}, format="json")
    assert response.status_code == 400 and "username" in response.json()


def test_token_for_valid_credentials(api, django_user_model):
    django_user_model.objects.create_user("eve", password=PASSWORD)
    response = api.post("/api/auth/token/", {"username": "eve", "password": PASSWORD}, format="json")
    assert response.status_code == 200 and len(response.json()["token"]) == 40


def test_token_refused_for_bad_credentials(api, django_user_model):
    django_user_model.objects.create_user("eve", password=PASSWORD)
    response = api.post("/api/auth/token/", {"username": "eve", "password": "nope"}, format="json")
    assert response.status_code == 400


def test_api_needs_authentication(api):
    assert api.get(PROTECTED).status_code == 401
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    assert api.get(PROTECTED).status_code == 401


def test_schema_and_offline_docs(api, django_user_model):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in ("/api/auth/register/", "/api/auth/token/", "/api/tasks/{task_run_id}/"):
        assert path in paths
    docs = api.get("/api/docs/").content.decode()
    assert "drf_spectacular_sidecar/swagger-ui-dist" in docs
    assert "cdn.jsdelivr" not in docs and "unpkg" not in docs
