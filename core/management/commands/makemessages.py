"""``makemessages`` without fuzzy matching: a new string gets an empty translation, never a guess.

Why: msgmerge's fuzzy matching fills a new msgid with the translation of a similar old one and marks it
fuzzy; a fuzzy entry is not compiled, so the page silently shows English while the catalogue looks
translated. Django documents overriding these options in a command of the project's own.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
