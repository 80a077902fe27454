"""List names and descriptions: invisible characters refused, lengths limited, at every door."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from core.validation import MAX_DESCRIPTION_LENGTH
from tests.support import api_for
from training.lists import services
from training.lists.models import RevisionList

pytestmark = pytest.mark.django_db

BAD_NAMES = ["Mes\x00mots", "Mes\u202emots", "Mes\x1b[31mmots", "Mes\nmots", "Mes\u2066mots\u2069"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_api_refuses_bad_names_with_a_message(alice, small_lexicon, name):
    response = api_for(alice).post("/api/lists/", {"name": name, "lexicon": small_lexicon.pk}, format="json")
    assert response.status_code == 400
    # Control characters but line breaks are refused at the door (core.request_guard), naming the field;
    # the others by the field itself.
    assert response.json().get("name") or "name" in response.json()["detail"]
    assert not RevisionList.objects.exists()


def test_the_api_refuses_a_description_too_long_or_with_an_override(alice, small_lexicon):
    api = api_for(alice)
    too_long = {"name": "Mots", "description": "x" * (MAX_DESCRIPTION_LENGTH + 1), "lexicon": small_lexicon.pk}
    response = api.post("/api/lists/", too_long, format="json")
    assert response.status_code == 400 and "description" in response.json()
    spoof = {"name": "Mots", "description": "a\u202eb", "lexicon": small_lexicon.pk}
    assert api.post("/api/lists/", spoof, format="json").status_code == 400
    ok = {"name": "Mots", "description": "Deux lignes\net une tabulation\t.", "lexicon": small_lexicon.pk}
    made = api.post("/api/lists/", ok, format="json")
    assert made.status_code == 201
    patch = api.patch(f"/api/lists/{made.json()['id']}/", {"name": "Mots\u202e"}, format="json")
    assert patch.status_code == 400
    assert RevisionList.objects.get().name == "Mots"


@pytest.mark.parametrize("name", BAD_NAMES[:3])
def test_the_page_form_refuses_bad_names(client, alice, small_lexicon, name):
    client.force_login(alice)
    response = client.post("/training/lists/", {"name": name, "lexicon": small_lexicon.pk})
    assert response.status_code in (200, 400)
    assert "U+" in response.content.decode()
    assert not RevisionList.objects.exists()


def test_the_services_refuse_them_too(alice, small_lexicon):
    with pytest.raises(ValueError, match="U\\+202E"):
        services.create_list(alice, small_lexicon, "Mes\u202emots")
    with pytest.raises(ValueError, match="longer than"):
        services.create_list(alice, small_lexicon, "Mots", description="x" * (MAX_DESCRIPTION_LENGTH + 1))
    made = services.create_list(alice, small_lexicon, "Mots")
    with pytest.raises(ValueError, match="control character"):
        services.update_list(made, alice, description="a\x00b")


def test_the_model_validates_the_same_rules(alice, small_lexicon):
    bad = RevisionList(owner=alice, lexicon=small_lexicon, name="Mes\u202emots", description="x" * 2001)
    with pytest.raises(ValidationError) as caught:
        bad.full_clean()
    assert set(caught.value.message_dict) == {"name", "description"}
