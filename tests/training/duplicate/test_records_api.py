"""Game files through the web app: import (202, then a replayable game whose tops are the file's and whose
review flags the rounds where Tirage's top differs), refusal of a malformed file with its line and reason
and nothing stored, export in the three formats (import → export → import gives the same game), the rack as
announced, tournament scoring (no feedback before the round ends, an invalid play scores 0 with its reason
after) and the rankings' négatif and solos."""

from __future__ import annotations

import pytest

from engine.duplicate import make_game
from engine.duplicate.records import read_record, record_from_game, replay, write_record
from engine.gaddag import build_gaddag
from tests.engine.duplicate.test_game import GADDAG, SMALL
from tests.training.duplicate.conftest import SEED
from tests.training.duplicate.test_api import api_for, base, finish
from training.duplicate.models import DuplicateGame, DuplicatePlay

pytestmark = pytest.mark.django_db


def eliot_text(seed: int = SEED, lexicon=GADDAG) -> tuple[str, object]:
    game = make_game(lexicon, seed, "classic", lexicon_name="small")
    return write_record(record_from_game(game), "eliot"), game


def test_import_makes_a_game_with_the_files_tops(alice, dup_lexicon):
    text, made = eliot_text()
    client = api_for(alice)
    response = client.post("/api/duplicate/games/import/", {"format": "eliot", "text": text,
                                                             "lexicon": dup_lexicon.pk}, format="json")
    assert response.status_code == 202, response.json()
    body = response.json()
    assert set(body) == {"game", "task"}
    state = client.get(base(DuplicateGame(pk=body["game"]))).json()
    assert state["status"] == "done" and state["source"] == "imported" and state["record_format"] == "eliot"
    assert state["round_count"] == len(made.rounds) and state["top_total"] == made.total
    assert state["differences"] == 0 and state["lexicon_name"] == "dup-small"
    game = DuplicateGame.objects.get(pk=body["game"])
    assert [r.top["word"] for r in game.rounds.all()] == [r.top.word for r in made.rounds]
    # the rounds carry the rack as announced
    current = client.get(base(game) + "rounds/current/").json()
    assert current["announced"] == made.rounds[0].announced and current["drawn"] == made.rounds[0].new


def test_a_file_made_on_another_lexicon_flags_the_rounds_with_the_words(alice, dup_lexicon):
    made = make_game(GADDAG, SEED, "classic")
    victim = made.rounds[1].top.word.upper()
    smaller = build_gaddag([w for w in SMALL if w != victim], "fr")
    assert smaller.word_count < GADDAG.word_count
    text = write_record(record_from_game(made), "eliot-xml")
    client = api_for(alice)
    response = client.post("/api/duplicate/games/import/", {"format": "eliot-xml", "text": text}, format="json")
    assert response.status_code == 202
    game = DuplicateGame.objects.get(pk=response.json()["game"])
    assert game.status == DuplicateGame.Status.DONE, game.error
    assert game.differences == []  # same lexicon: nothing differs
    # now the other way: import with a lexicon missing the word of round 2's top
    import tempfile
    from pathlib import Path

    from lexicon.services import import_word_list
    from tests.support import write_words

    with tempfile.TemporaryDirectory() as folder:
        lacking = import_word_list(write_words(Path(folder) / "lacking.txt", [w for w in SMALL if w != victim]),
                                   name="dup-lacking", language="fr").lexicon
    response = client.post("/api/duplicate/games/import/", {"format": "eliot-xml", "text": text,
                                                             "lexicon": lacking.pk}, format="json")
    game = DuplicateGame.objects.get(pk=response.json()["game"])
    assert game.status == DuplicateGame.Status.DONE, game.error
    flagged = {d["round"]: d for d in game.differences}
    assert victim in flagged[2]["missing"] and flagged[2]["file"]["word"].upper() == victim
    client.get(base(game) + "rounds/current/")
    finish(client, game)
    from django.test import Client

    browser = Client()
    browser.force_login(alice)
    result_page = browser.get(f"/training/duplicate/{game.pk}/rounds/2/").content.decode()
    assert 'id="file-difference"' in result_page and victim in result_page
    review = client.get(base(game) + "review/").json()
    row = next(r for r in review["rounds"] if r["round"] == 2)
    assert row["difference_with_file"]["missing"] == flagged[2]["missing"]


@pytest.mark.parametrize(("change", "line", "words"), [
    (lambda lines: lines.__setitem__(2, lines[2].replace(lines[2].split()[-3], str(int(lines[2].split()[-3]) + 1), 1)),
     3, "but scores"),
    (lambda lines: lines.__setitem__(0, "Elliot"), 1, "Eliot"),
    (lambda lines: lines.__setitem__(2, "   ZZZZZZZ  " + "  ".join(lines[2].split()[1:])), 3, "the bag holds 1"),
])
def test_a_malformed_file_is_refused_with_its_line_and_nothing_is_stored(alice, dup_lexicon, change, line, words):
    text, _made = eliot_text()
    lines = text.splitlines()
    change(lines)
    before = DuplicateGame.objects.count()
    response = api_for(alice).post("/api/duplicate/games/import/", {"format": "eliot", "text": "\n".join(lines),
                                                                    "lexicon": dup_lexicon.pk}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_record" and body["line"] == line and words in body["reason"]
    assert body["detail"].startswith(f"Line {line}: ")
    assert DuplicateGame.objects.count() == before


def test_import_refuses_an_unknown_format_an_empty_file_and_a_file_in_another_language(alice, dup_lexicon):
    client = api_for(alice)
    assert client.post("/api/duplicate/games/import/", {"format": "pdf", "text": "x"}, format="json").status_code == 400
    empty = client.post("/api/duplicate/games/import/", {"format": "eliot", "text": "  "}, format="json")
    assert empty.status_code == 400 and "empty" in empty.json()["detail"]
    english = (write_record(read_record(open_fixture("english-sample.gcg"), "gcg"), "gcg"))
    refused = client.post("/api/duplicate/games/import/", {"format": "gcg", "text": english,
                                                           "lexicon": dup_lexicon.pk}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_record"
    assert DuplicateGame.objects.count() == 0


def open_fixture(name: str) -> str:
    from tests.engine.duplicate.test_records import FIXTURES

    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["eliot", "eliot-xml", "gcg"])
def test_export_then_import_gives_the_same_game(alice, game, fmt):
    client = api_for(alice)
    response = client.get(base(game) + f"export/?format={fmt}")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert response["Content-Type"] == ("application/xml" if fmt == "eliot-xml" else "text/plain") + "; charset=utf-8"
    text = response.content.decode()
    record = read_record(text, fmt, language="fr")
    replay(record)
    assert [(r.word, r.coord, r.points) for r in record.rounds] == \
        [(r.top["word"], r.top["coord"], r.top["score"]) for r in game.rounds.all()]
    again = client.post("/api/duplicate/games/import/", {"format": fmt, "text": text, "lexicon": game.lexicon_id},
                        format="json")
    assert again.status_code == 202
    imported = DuplicateGame.objects.get(pk=again.json()["game"])
    keys = ("row", "col", "dir", "coord", "word", "score", "tiles")
    assert [{k: r.top[k] for k in keys} for r in imported.rounds.all()] == \
        [{k: r.top[k] for k in keys} for r in game.rounds.all()]
    assert [r.rack for r in imported.rounds.all()] == [r.rack for r in game.rounds.all()] or fmt == "gcg"
    assert client.get(base(imported) + f"export/?format={fmt}").content.decode() == text or fmt != "eliot"


def test_export_is_for_the_owner_and_for_players_who_finished(alice, bob, game):
    assert api_for(alice).get(base(game) + "export/?format=pdf").status_code == 400
    empty = api_for(alice).get(base(game) + "export/?format=")  # given empty is not "absent"
    assert empty.status_code == 400 and empty.json()["code"] == "bad_input"
    assert api_for(alice).get(base(game) + "export/").status_code == 200  # absent: Eliot's text
    game.visibility = DuplicateGame.Visibility.PUBLIC
    game.save(update_fields=["visibility"])
    other = api_for(bob)
    response = other.get(base(game) + "export/")
    assert response.status_code == 409 and response.json()["code"] == "not_finished"
    other.get(base(game) + "rounds/current/")
    finish(other, game)
    exported = other.get(base(game) + "export/?format=eliot-xml")
    assert exported.status_code == 200 and "<PlayerMove" in exported.content.decode()
    assert bob.get_username() in exported.content.decode()


def test_tournament_scoring_tells_nothing_before_the_round_ends_and_scores_an_invalid_play_0(alice, dup_lexicon):
    client = api_for(alice)
    created = client.post("/api/duplicate/games/", {"lexicon": dup_lexicon.pk, "seed": SEED, "tournament": True},
                          format="json")
    game = DuplicateGame.objects.get(pk=created.json()["game"])
    assert game.tournament and client.get(base(game)).json()["tournament"] is True
    current = client.get(base(game) + "rounds/current/").json()
    assert current["tournament"] is True
    # an invalid play (a word not in the lexicon, across the centre) is received like any play
    response = client.post(base(game) + "rounds/current/play/", {"word": "ZZ", "coord": "H8"}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["score"] is None and body["move_score"] is None and body["tournament"] is True
    assert client.get(base(game) + "rounds/current/").json()["play"]["score"] is None
    result = client.post(base(game) + "rounds/current/validate/", {}, format="json").json()
    assert result["score"] == 0 and result["refusal"] and "ZZ" in result["refusal"]
    row = DuplicatePlay.objects.get(player__game=game, number=1)
    assert row.score == 0 and row.move is None and row.refusal
    # a valid play is not told its score either, and counts at the end of the round
    top = game.rounds.get(number=2).top
    played = client.post(base(game) + "rounds/current/play/", {"word": top["word"], "coord": top["coord"]},
                         format="json").json()
    assert played["score"] is None
    result = client.post(base(game) + "rounds/current/validate/", {}, format="json").json()
    assert result["score"] == top["score"] and result["refusal"] == ""
    # input that cannot be a play at all is still refused at once
    assert client.post(base(game) + "rounds/current/play/", {"word": "", "coord": "H8"},
                       format="json").status_code == 400


def test_ranking_and_review_give_the_negatif_sous_top_and_solos(alice, bob, game):
    game.visibility = DuplicateGame.Visibility.PUBLIC
    game.save(update_fields=["visibility"])
    first = game.rounds.get(number=1).top
    for user, plays_top in ((alice, True), (bob, False)):
        client = api_for(user)
        client.get(base(game) + "rounds/current/")
        if plays_top:
            client.post(base(game) + "rounds/current/play/", {"word": first["word"], "coord": first["coord"]},
                        format="json")
        finish(client, game)
    ranking = api_for(alice).get(base(game) + "ranking/").json()["players"]
    by_name = {row["username"]: row for row in ranking}
    assert by_name[alice.get_username()]["solos"] == 1 and by_name[bob.get_username()]["solos"] == 0
    assert by_name[alice.get_username()]["negatif"] == first["score"] - game.top_total
    assert by_name[bob.get_username()]["negatif"] == -game.top_total
    review = api_for(alice).get(base(game) + "review/").json()
    assert review["negatif"] == first["score"] - game.top_total and review["tops_found"] == 1
    row = review["rounds"][0]
    assert row["solo"] is True and row["announced"]
    subtop_scores = [m["score"] for m in game.rounds.get(number=1).subtops if m["score"] < first["score"]]
    assert row["sous_top"] == (max(subtop_scores) if subtop_scores else None)


def test_a_two_player_gcg_game_imports_to_replay_and_exports_as_gcg_only(alice, tmp_path):
    from engine.duplicate.records import replay as replay_record
    from lexicon.services import import_word_list
    from tests.support import write_words

    text = open_fixture("two-player.gcg")
    record = read_record(text, "gcg")
    words = sorted({w.upper() for d in replay_record(record) for w in d.move.words} | {"ZEAL", "HAH"})
    english = import_word_list(write_words(tmp_path / "en.txt", words), name="en-two", language="en").lexicon
    client = api_for(alice)
    response = client.post("/api/duplicate/games/import/", {"format": "gcg", "text": text, "lexicon": english.pk},
                           format="json")
    assert response.status_code == 202, response.json()
    game = DuplicateGame.objects.get(pk=response.json()["game"])
    assert game.status == DuplicateGame.Status.DONE, game.error
    rounds = list(game.rounds.all())
    assert [(r.rack, r.kept, r.top["word"], r.top["score"]) for r in rounds] == \
        [(r.rack, "", r.word, r.points) for r in record.rounds]
    # played like any game, then written back as the two players' game; Eliot's formats cannot hold it
    client.get(base(game) + "rounds/current/")
    finish(client, game)
    exported = client.get(base(game) + "export/?format=gcg")
    assert exported.status_code == 200
    assert exported.content.decode() == write_record(record, "gcg")
    assert ">Bob: ZT?DOSN 10L DOT +11 43" in exported.content.decode().splitlines()
    eliot = client.get(base(game) + "export/?format=eliot")
    assert eliot.status_code == 409 and eliot.json()["code"] == "two_player_game"
    from django.test import Client

    browser = Client()
    browser.force_login(alice)
    review = browser.get(f"/training/duplicate/{game.pk}/review/").content.decode()
    assert "?format=gcg" in review and "?format=eliot" not in review
    # the file exported imports again as the same game
    again = client.post("/api/duplicate/games/import/", {"format": "gcg", "text": exported.content.decode(),
                                                         "lexicon": english.pk}, format="json")
    assert again.status_code == 202
    copy = DuplicateGame.objects.get(pk=again.json()["game"])
    assert [(r.rack, r.top["word"], r.top["score"]) for r in copy.rounds.all()] == \
        [(r.rack, r.top["word"], r.top["score"]) for r in rounds]


def test_eliots_history_table_imports_like_its_plain_text(alice, dup_lexicon):
    from tests.engine.duplicate.test_history_table import table

    text, made = eliot_text()
    saved_game = table(read_record(text, "eliot"))
    client = api_for(alice)
    response = client.post("/api/duplicate/games/import/", {"format": "eliot", "text": saved_game,
                                                             "lexicon": dup_lexicon.pk}, format="json")
    assert response.status_code == 202, response.json()
    game = DuplicateGame.objects.get(pk=response.json()["game"])
    assert game.status == DuplicateGame.Status.DONE, game.error
    assert [r.top["word"] for r in game.rounds.all()] == [r.top.word for r in made.rounds]
    refused = client.post("/api/duplicate/games/import/", {"format": "eliot", "lexicon": dup_lexicon.pk,
                                                           "text": saved_game.replace("Training", "Free game")},
                          format="json")
    assert refused.status_code == 400
    assert refused.json()["line"] == 3 and refused.json()["reason_code"] == "xml_mode"
