"""``manage.py create_starter_lists [--lexicon NAME]``: publish the starter lists of a lexicon (idempotent)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.progress import in_process_tasks_inline
from lexicon.models import Lexicon
from lexicon.selectors import default_lexicon
from training.lists.starter import create_starter_lists


class Command(BaseCommand):
    help = ("Publish the starter revision lists (2- and 3-letter words, the most likely 7- and 8-letter "
            "words, short words with J K Q W X Y Z) made from a lexicon. Safe to run again.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--lexicon", default=None,
                            help="lexicon name (default: the default French lexicon)")

    def handle(self, *args, lexicon: str | None, **options) -> None:
        if lexicon:
            target = Lexicon.objects.filter(name=lexicon).first()
            if target is None:
                raise CommandError(f"no lexicon named {lexicon!r}")
        else:
            target = default_lexicon("fr")
            if target is None:
                raise CommandError("no French lexicon yet: import one first (manage.py import_lexicon)")
        with in_process_tasks_inline():  # anything it starts finishes before the command exits
            outcomes = list(create_starter_lists(target))
        for outcome in outcomes:
            self.stdout.write(f"{outcome.status:9} {outcome.name} ({outcome.words} words)")
