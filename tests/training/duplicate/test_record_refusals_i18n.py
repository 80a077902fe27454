"""A refused game file speaks the user's language: every refusal code of the engine's record readers has its
text in the web app's French catalogue and in English, on the page "Rejouer une partie" and in the API's 400
(``reason_code`` and ``params`` beside the translated ``detail`` and ``reason``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from engine.duplicate.records import REASONS, RecordError
from tests.engine.duplicate.record_refusals import CASES, TWO, Case
from tests.training.duplicate.test_api import api_for
from training.duplicate import services
from training.duplicate.models import DuplicateGame

PARTIE_1 = (Path(__file__).resolve().parents[2] / "fixtures" / "duplicate" / "partie-1.txt").read_text(encoding="utf-8")


def test_every_engine_refusal_has_a_french_and_an_english_text():
    with translation.override("en"):
        english = services._record_reasons()
    with translation.override("fr"):
        french = services._record_reasons()
    assert set(english) == set(french) == set(REASONS)
    untranslated = [code for code in REASONS if french[code] == english[code]]
    assert untranslated == []


def _refusal(case: Case, language: str) -> tuple[int, str, str]:
    """(line, code, text) of the case's refusal as the web app says it in ``language``."""
    with translation.override(language):
        if case.run is None and case.fmt and case.text.strip():
            with pytest.raises(services.RecordRefused) as caught:
                services.check_record(case.fmt, case.text)
            return caught.value.line, caught.value.code, caught.value.reason
        with pytest.raises(RecordError) as raised:
            case.trigger()
        return raised.value.line, raised.value.code, services.record_refusal(raised.value)


@pytest.mark.parametrize("case", CASES, ids=[c.code for c in CASES])
def test_each_refusal_in_french_and_in_english(case: Case):
    line_fr, code_fr, french = _refusal(case, "fr")
    line_en, code_en, english = _refusal(case, "en")
    assert (line_fr, line_en) == (case.line, case.line)
    assert code_fr == code_en == case.code
    assert french != english
    for text in (french, english):
        assert "%(" not in text and "{" not in text and text.strip() == text
    params = _params(case)
    if "round" in params:
        assert f"{params['round']}" in french
        assert french.startswith(("manche", "coup", "tour")), french


def _params(case: Case) -> dict:
    with pytest.raises(RecordError) as raised:
        case.trigger()
    return raised.value.params


@pytest.fixture
def client_alice(client, alice):
    client.force_login(alice)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "detail", "fragment"), [
    ("fr", "Ligne 3\u00a0: ", "est noté 9 points mais en vaut 8 sur la grille"),
    ("en", "Line 3: ", "is written for 9 points but scores 8 on the board"),
])
def test_the_api_refuses_in_the_callers_language_with_the_code_and_params(alice, dup_lexicon, language, detail,
                                                                          fragment):
    text = "Eliot\n\n   AEILNRS  LIRE  9  H  5\n"
    response = api_for(alice).post("/api/duplicate/games/import/", {"format": "eliot", "text": text,
                                                                    "lexicon": dup_lexicon.pk},
                                   format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_record" and body["line"] == 3 and body["reason_code"] == "points"
    assert body["params"] == {"round": 1, "word": "LIRE", "coord": "H5", "written": 9, "scores": 8}
    assert body["detail"].startswith(detail) and fragment in body["detail"] and fragment in body["reason"]
    assert DuplicateGame.objects.count() == 0


@pytest.mark.django_db
def test_a_play_that_does_not_fit_says_why_in_french_on_the_page(client_alice, dup_lexicon):
    text = "Eliot\n\n   AEILNRS  LIRE  8  A  4\n"
    page = client_alice.post("/training/duplicate/import/", {"lexicon": dup_lexicon.pk, "format": "eliot",
                                                             "text": text, "variant": "classic", "timer": "180"},
                             HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 400
    html = page.content.decode()
    assert "Ligne 3\u00a0: coup 1\u00a0: LIRE A4 ne va pas sur la grille avec le tirage AEILNRS" in html
    assert "le premier mot doit couvrir la case centrale" in html
    assert "does not fit" not in html
    kept = client_alice.post("/training/duplicate/import/", {"lexicon": dup_lexicon.pk, "format": "eliot",
                                                             "text": TWO.replace("OOUMEDR", "O+OUMEDR"),
                                                             "variant": "classic", "timer": "180"})
    assert ("Ligne 4\u00a0: coup 2\u00a0: reliquat du coup précédent\u00a0: rien\u00a0; reliquat écrit\u00a0: « O »"
            in kept.content.decode())
    # the "+" forgotten: nothing written as kept, where the last play left two letters
    forgot = client_alice.post("/training/duplicate/import/", {"lexicon": dup_lexicon.pk, "format": "eliot",
                                                               "text": PARTIE_1.replace("   OU+IIWEL ", "   OUIIWEL  "),
                                                               "variant": "classic", "timer": "180"})
    assert ("Ligne 6\u00a0: coup 4\u00a0: reliquat du coup précédent\u00a0: « OU »\u00a0; reliquat écrit\u00a0: rien"
            in forgot.content.decode())
    assert DuplicateGame.objects.count() == 0
