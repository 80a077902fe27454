"""Games played before the coach existed count for it: the migrations tag their rounds once (the top's word,
score and kinds), link every play to its round and copy the round's top onto each validated play."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from engine.coach import tags_mask, top_tags

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("training", "0012_simultanes")]
AFTER = [("training", "0018_play_top_fields")]
# ES on row H laid under AS (row G): two cross-words, AE and SS, so a collante.
CGP = "15/15/15/15/15/15/6AS7/15/15/15/15/15/15/15/15 EIRST/ 0/0 0 lex fr;"


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_rounds_and_plays_made_before_the_coach_are_tagged_linked_and_copied():
    apps = _migrate(BEFORE)
    try:
        User = apps.get_model("auth", "User")
        Lexicon = apps.get_model("lexicon", "Lexicon")
        Game = apps.get_model("training", "DuplicateGame")
        Round = apps.get_model("training", "DuplicateRound")
        Player = apps.get_model("training", "DuplicatePlayer")
        Play = apps.get_model("training", "DuplicatePlay")
        now = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
        user = User.objects.create(username="old-player")
        lexicon = Lexicon.objects.create(name="old-fr", language="fr", word_count=1, content_hash="0" * 64,
                                         words_file="x.txt", imported_at=now)
        game = Game.objects.create(owner=user, lexicon=lexicon, seed=1, round_count=1, top_total=12)
        top = {"coord": "H7", "row": 7, "col": 6, "dir": "H", "word": "ES", "score": 12, "tiles": 2}
        Round.objects.create(game=game, number=1, rack="EIRST", cgp=CGP, top=top)
        player = Player.objects.create(game=game, user=user, finished_at=now, total=5, top_total=12)
        Play.objects.create(player=player, number=1, word="RE", coord="H7", score=5, validated_at=now,
                            move={"word": "RE", "coord": "H7", "score": 5})
        apps = _migrate(AFTER)
        rnd = apps.get_model("training", "DuplicateRound").objects.get()
        expected_tags = tags_mask(top_tags(CGP, top, "fr"))
        assert expected_tags == tags_mask(["collante"])
        assert (rnd.top_word, rnd.top_score, rnd.tags) == ("ES", 12, expected_tags)
        play = apps.get_model("training", "DuplicatePlay").objects.get()
        assert play.round_id == rnd.pk
        assert (play.top_word, play.top_score, play.top_tags) == ("ES", 12, expected_tags)
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
