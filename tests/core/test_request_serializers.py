"""Request bodies hold what the operation reads (core.request_serializers): an unknown field, a read-only
one or a number where text is required is a 400 naming the field, in JSON, form and multipart bodies and in
nested objects; and an empty integer query parameter is refused in words, not read as the default."""

from __future__ import annotations

import inspect

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import QueryDict
from django.urls import get_resolver
from rest_framework import serializers
from rest_framework.serializers import BaseSerializer, ListSerializer

from core.request_serializers import RefuseUnknownFields, Serializer
from lexicon.services import import_word_list
from tests.support import api_for, write_words
from training.lists import services as list_services
from training.lists.models import RevisionList

pytestmark = pytest.mark.django_db

UNKNOWN = "Champ inconnu\u00a0: cette opération ne le prend pas."  # French: the API's language by default
NOT_TEXT = "Pas du texte\u00a0: écrivez-le entre guillemets."

PROJECT_APPS = ("core", "accounts", "lexicon", "training", "puzzles")


@pytest.fixture
def lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "w.txt", ["CHAT", "CHATS", "LOUP"]), name="mini",
                            language="fr").lexicon


@pytest.fixture
def own_list(alice, lexicon):
    return list_services.create_list(alice, lexicon, "Félins", "", False)


def _project_serializers() -> list[type]:
    get_resolver().url_patterns  # noqa: B018  (imports every app's API views, and so their serializers)
    found, pending = [], list(BaseSerializer.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        module = inspect.getmodule(cls)
        if module and module.__name__.split(".")[0] in PROJECT_APPS and not issubclass(cls, ListSerializer):
            found.append(cls)
    return found


def test_every_serializer_of_the_project_refuses_unknown_fields():
    found = _project_serializers()
    assert len(found) > 100  # the walk reached the apps' serializers
    lax = [f"{cls.__module__}.{cls.__qualname__}" for cls in found
           if not issubclass(cls, RefuseUnknownFields) and not cls.__name__.startswith("CheckedJSONField")]
    assert lax == []


def test_an_unknown_field_is_refused_by_name_and_nothing_is_saved(alice, own_list):
    response = api_for(alice).patch(f"/api/lists/{own_list.pk}/", {"name": "Chats", "publised": True, "": []},
                                    format="json")
    assert response.status_code == 400
    assert response.json() == {"publised": [UNKNOWN],
                               "": [UNKNOWN]}
    assert RevisionList.objects.get(pk=own_list.pk).name == "Félins"


def test_the_profile_refuses_an_unknown_field_in_the_learner_s_language(alice):
    response = api_for(alice).patch("/api/auth/me/", {"daily_goal": 30, "goal": 40}, format="json")
    assert response.status_code == 400
    assert response.json() == {"goal": [UNKNOWN]}
    english = api_for(alice).patch("/api/auth/me/", {"goal": 40}, format="json", HTTP_COOKIE="django_language=en")
    assert english.json() == {"goal": ["Unknown field: this operation does not take it."]}


def test_a_read_only_field_is_not_part_of_a_request(alice, lexicon):
    response = api_for(alice).post("/api/lists/", {"name": "Loups", "lexicon": lexicon.pk, "entry_count": 3},
                                   format="json")
    assert response.status_code == 400 and list(response.json()) == ["entry_count"]
    assert not RevisionList.objects.filter(name="Loups").exists()


def test_a_number_is_not_text(alice, own_list):
    response = api_for(alice).patch(f"/api/lists/{own_list.pk}/", {"name": 12}, format="json")
    assert response.status_code == 400
    assert response.json() == {"name": [NOT_TEXT]}
    assert api_for(alice).patch(f"/api/lists/{own_list.pk}/", {"name": "12"}, format="json").status_code == 200


def test_the_log_in_refuses_an_unknown_field(alice):
    response = api_for().post("/api/auth/token/", {"username": "alice", "password": "x", "remember": True},
                              format="json")
    assert response.status_code == 400 and "remember" in response.json()


def test_multipart_bodies_are_checked_too(alice, own_list):
    upload = SimpleUploadedFile("l.txt", b"CHAT\n")
    response = api_for(alice).post(f"/api/lists/{own_list.pk}/import/", {"file": upload, "mode": "x"},
                                   format="multipart")
    assert response.status_code == 400 and list(response.json()) == ["mode"]


class _Inner(Serializer):
    word = serializers.CharField()


class _Outer(Serializer):
    items = _Inner(many=True)
    one = _Inner(required=False)


def test_nested_objects_and_lists_of_objects_are_checked():
    outer = _Outer(data={"items": [{"word": "CHAT"}, {"word": "LOUP", "extra": 1}], "one": {"wrod": "X"}})
    assert not outer.is_valid()
    assert outer.errors["items"][1] == {"extra": [UNKNOWN]}
    assert "wrod" in outer.errors["one"]
    assert _Outer(data={"items": [{"word": "CHAT"}]}).is_valid()


def test_form_bodies_are_checked_like_json():
    form = QueryDict("word=CHAT&other=1")
    inner = _Inner(data=form)
    assert not inner.is_valid() and list(inner.errors) == ["other"]
    assert _Inner(data=QueryDict("word=CHAT")).is_valid()


def test_null_is_left_to_the_field():
    inner = _Inner(data={"word": None})
    assert not inner.is_valid() and inner.errors["word"][0].code == "null"


@pytest.mark.parametrize("path", ["/api/duplicate/today/?lexicon=", "/api/wordstudy/due/?lexicon=",
                                  "/api/wordstudy/due/?lexicon=%20"])
def test_an_empty_lexicon_parameter_is_refused_in_words(alice, lexicon, path):
    response = api_for(alice).get(path)
    assert response.status_code == 400
    assert response.json()["detail"].startswith("lexicon est vide\u00a0: donnez un nombre entier")


def test_a_lexicon_parameter_left_out_still_means_the_default(alice, lexicon):
    assert api_for(alice).get("/api/wordstudy/due/").status_code == 200
    assert api_for(alice).get(f"/api/wordstudy/due/?lexicon={lexicon.pk}").status_code == 200
    assert api_for(alice).get("/api/wordstudy/due/?lexicon=abc").status_code == 400


@pytest.mark.parametrize("value", ["-5", "0", "99999999999999999999999"])
def test_a_whole_number_naming_no_lexicon_is_not_found_rather_than_bad_input(alice, lexicon, value):
    assert api_for(alice).get(f"/api/duplicate/today/?lexicon={value}").status_code == 404


def test_an_empty_version_is_refused_and_a_missing_one_is_the_serving_one(alice, lexicon):
    assert api_for(alice).get(f"/api/lexicons/{lexicon.pk}/new/?version=").status_code == 400
    assert api_for(alice).get(f"/api/lexicons/{lexicon.pk}/new/").status_code == 200
