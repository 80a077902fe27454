"""The lexicon line every game, grid, crossword and quiz shows ("Lexique : NOM, version N", and "fait avec la
version N ; la version en service est M" once the lexicon has been published again), checked the same way for
every mode: the version recorded at creation, the page, the API keys, a new publication, an older row."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.test import Client

from lexicon.selectors import lexicon_words, serving_version_number
from lexicon.services import import_word_list
from tests.support import api_for, write_words

# A word no test list holds: adding it makes a new version without changing what the tests play.
EXTRA_WORD = "ZXQW"


def republish(lexicon, directory: Path) -> int:
    """Publish a new version of ``lexicon`` (its words plus one) as an import does; its number."""
    words = [*lexicon_words(lexicon), EXTRA_WORD]
    import_word_list(write_words(directory / f"{lexicon.name}-next.txt", words), name=lexicon.name,
                     language=lexicon.language)
    lexicon.refresh_from_db()
    return serving_version_number(lexicon)


def french_client(user) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    client.force_login(user)
    return client


def lexicon_line(page_html: str) -> str:
    """The text of the page's ``#lexicon-line`` paragraph, tags dropped and spaces folded."""
    found = re.search(r'<p class="muted" id="lexicon-line">(.*?)</p>', page_html, re.S)
    assert found, "the page has no lexicon line"
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", "", found.group(1)))).strip()


def check_lexicon_version(thing: Any, *, user, page: str, api: str, tmp_path: Path,
                          api_body: Callable[[dict], dict] = lambda body: body) -> None:
    """``thing`` (just made by its service) records the serving version; its page (``page``) and its API
    answer (``api``, the object's keys found by ``api_body``) name it; after a new publication both say the
    thing was made with the older one; a row made before versions were recorded says the version is unknown."""
    lexicon = thing.lexicon
    made_with = serving_version_number(lexicon)
    assert made_with is not None
    thing.refresh_from_db()
    assert thing.lexicon_version == made_with
    web, rest = french_client(user), api_for(user)

    def both() -> tuple[str, dict]:
        response = web.get(page)
        assert response.status_code == 200, page
        answer = rest.get(api)
        assert answer.status_code == 200, api
        return lexicon_line(response.content.decode()), api_body(answer.json())

    line, body = both()
    assert line == f"Lexique : {lexicon.name}, version {made_with}."
    assert (body["lexicon_version"], body["lexicon_current_version"]) == (made_with, made_with)

    now = republish(lexicon, tmp_path)
    assert now == made_with + 1
    line, body = both()
    assert line == (f"Lexique : {lexicon.name}, version {made_with}. "
                    f"La version {made_with} n’est plus en service : c’est désormais la {now}.")
    assert (body["lexicon_version"], body["lexicon_current_version"]) == (made_with, now)

    type(thing).objects.filter(pk=thing.pk).update(lexicon_version=None)  # a row from before versions were kept
    line, body = both()
    assert line == f"Lexique : {lexicon.name}, version inconnue. La version en service est la {now}."
    assert (body["lexicon_version"], body["lexicon_current_version"]) == (None, now)
