"""Account writes shared by the sign-up page, the register API and the ``create_demo_learner`` command."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.db import transaction


@transaction.atomic
def create_learner(username: str, password: str, email: str = "") -> AbstractBaseUser:
    """A new ordinary (non-staff) user, the password checked by the configured validators.

    Raises ``django.core.exceptions.ValidationError`` when the password is refused; callers check the
    username's uniqueness through their form or serializer first.
    """
    user_model = get_user_model()
    user = user_model(username=username, email=email)
    validate_password(password, user)
    user.set_password(password)
    user.save()
    return user
