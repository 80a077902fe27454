import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_demo_learner_is_created_once_and_its_password_printed_once():
    first = StringIO()
    call_command("create_demo_learner", stdout=first)
    password = re.search(r"password '([^']+)'", first.getvalue()).group(1)
    user = get_user_model().objects.get(username="demo")
    assert user.check_password(password) and not user.is_staff

    second = StringIO()
    call_command("create_demo_learner", stdout=second)
    assert "already exists" in second.getvalue()
    assert password not in second.getvalue()
    assert get_user_model().objects.filter(username="demo").count() == 1
