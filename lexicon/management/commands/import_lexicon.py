"""``manage.py import_lexicon PATH --name NAME --language fr|en [--skip-invalid]``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.progress import in_process_tasks_inline
from engine.alphabet import LANGUAGES
from lexicon.services import ImportStatus, LexiconImportError, import_word_list

SHOWN_SKIPPED = 5


class Command(BaseCommand):
    help = (
        "Import a word-list file (one word per line, any case, accents folded) as a lexicon. "
        "Strict by default: any bad line refuses the whole file."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the word-list file (UTF-8)")
        parser.add_argument("--name", required=True, help="lexicon name, a slug such as 'wfrench'")
        parser.add_argument("--language", required=True, choices=LANGUAGES, help="alphabet of the words")
        parser.add_argument(
            "--skip-invalid",
            action="store_true",
            help="leave out lines that are not words of the alphabet (reported) instead of refusing the file",
        )

    def handle(self, *args, path: str, name: str, language: str, skip_invalid: bool, **options) -> None:
        try:
            # What the import starts (the word-study ranks) finishes before the command exits.
            with in_process_tasks_inline():
                outcome = import_word_list(path, name=name, language=language, skip_invalid=skip_invalid)
        except LexiconImportError as exc:
            raise CommandError(f"{exc} (nothing was imported)") from None
        lexicon = outcome.lexicon
        if outcome.skipped:
            shown = "; ".join(str(p) for p in outcome.skipped[:SHOWN_SKIPPED])
            more = len(outcome.skipped) - SHOWN_SKIPPED
            self.stdout.write(
                self.style.WARNING(
                    f"Skipped {len(outcome.skipped)} invalid line(s): {shown}" + (f"; and {more} more" if more > 0 else "")
                )
            )
        if outcome.status is ImportStatus.UNCHANGED:
            self.stdout.write(f"Lexicon {lexicon.name!r} is already up to date ({lexicon.word_count} words).")
            return
        verb = "Imported" if outcome.status is ImportStatus.CREATED else "Replaced"
        self.stdout.write(
            self.style.SUCCESS(
                f"{verb} lexicon {lexicon.name!r} ({lexicon.language}): {lexicon.word_count} words, "
                f"sha256 {lexicon.content_hash[:12]}…"
            )
        )
