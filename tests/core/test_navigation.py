"""Apps add navigation entries through their AppConfig; visibility follows login and staff status."""

import pytest
from django.apps import apps
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory

from core.navigation import NavItem, navigation

pytestmark = pytest.mark.django_db


@pytest.fixture
def core_nav(monkeypatch):
    config = apps.get_app_config("core")
    items = [
        NavItem("home", "Everyone"),
        NavItem("password_change", "Members", login_required=True),
        NavItem("admin:index", "Staff", staff_only=True),
    ]
    monkeypatch.setattr(config, "nav_items", items, raising=False)
    return items


def labels_for(user, path="/"):
    request = RequestFactory().get(path)
    request.user = user
    return {item["label"]: item for item in navigation(request)["nav_items"]}


def test_visibility(core_nav, django_user_model, admin_user):
    assert set(labels_for(AnonymousUser())) >= {"Everyone"} and "Members" not in labels_for(AnonymousUser())
    learner = django_user_model.objects.create_user("x", password="x")
    assert {"Everyone", "Members"} <= set(labels_for(learner)) and "Staff" not in labels_for(learner)
    assert {"Everyone", "Members", "Staff"} <= set(labels_for(admin_user))


def test_current_page_is_marked(core_nav, client, django_user_model):
    user = django_user_model.objects.create_user("x", password="x")
    assert labels_for(user, "/accounts/password_change/")["Members"]["active"]
    assert not labels_for(user, "/accounts/password_change/")["Everyone"]["active"]
    client.force_login(user)
    body = client.get("/accounts/password_change/").content.decode()
    assert 'aria-current="page">Members<' in body


def test_only_the_deepest_section_is_current(django_user_model):
    """/training/duplicate/ is inside /training/: the Duplicate entry is current, not Training."""
    user = django_user_model.objects.create_user("x", password="x")
    request = RequestFactory().get("/training/duplicate/")
    request.user = user
    items = {item["url"]: item["active"] for item in navigation(request)["nav_items"]}
    assert items["/training/duplicate/"] is True and items["/training/"] is False
