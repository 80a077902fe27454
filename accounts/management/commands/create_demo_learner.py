"""``manage.py create_demo_learner [--username demo]``: a learner account to try the site with.

The password is random and printed once, when the account is created; later runs only say that the
account exists (run ``changepassword`` to set a new one). That keeps ``make run`` idempotent without
storing a password anywhere.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from accounts.services import create_learner


class Command(BaseCommand):
    help = "Create the demo learner account once and print its password."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", default="demo", help="account name (default: demo)")

    def handle(self, *args, username: str, **options) -> None:
        if get_user_model().objects.filter(username=username).exists():
            self.stdout.write(
                f"Demo learner {username!r} already exists (its password was printed when it was created; "
                f"`manage.py changepassword {username}` sets a new one)."
            )
            return
        password = secrets.token_urlsafe(12)
        create_learner(username, password)
        self.stdout.write(self.style.SUCCESS(f"Demo learner created: username {username!r}, password {password!r}"))
