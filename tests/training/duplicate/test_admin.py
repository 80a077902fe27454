"""The Django admin lists, searches and opens the duplicate and word-study models (read-only history), in
French, with a game, a player, a play, a ranking, a challenge, a quiz and its answers present."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib import admin
from django.urls import reverse

from training.duplicate.models import DuplicateGame, DuplicatePlay, DuplicatePlayer, DuplicateRound
from training.wordstudy.models import (
    AlphagramRanking,
    DailyChallenge,
    Quiz,
    QuizAnswer,
    QuizQuestion,
    RankedAlphagram,
)

pytestmark = pytest.mark.django_db

MODELS = [DuplicateGame, DuplicateRound, DuplicatePlayer, DuplicatePlay, AlphagramRanking, RankedAlphagram,
          DailyChallenge, Quiz, QuizQuestion, QuizAnswer]


@pytest.mark.parametrize("model", [m for m in MODELS if m is not DuplicateRound], ids=lambda m: m.__name__)
def test_each_model_is_registered_with_a_list_and_a_search(model):
    model_admin = admin.site._registry[model]
    assert len(model_admin.list_display) >= 4 and model_admin.search_fields
    assert not model_admin.has_add_permission(None)


def test_duplicate_and_word_study_rows_list_search_and_open(admin_client, game, alice):
    player = DuplicatePlayer.objects.create(game=game, user=alice)
    DuplicatePlay.objects.create(player=player, number=1, word="ZA", coord="H7", score=22)
    quiz = Quiz.objects.create(owner=alice, lexicon=game.lexicon, content_hash="x", kind=Quiz.Kind.values[0],
                               source=Quiz.Source.values[0])
    question = QuizQuestion.objects.create(quiz=quiz, order=1, question="AENRST", alphagram="AENRST",
                                           answers=["NATRES"])
    QuizAnswer.objects.create(quiz=quiz, question=question, user=alice, given=["NATRES"])
    ranking = AlphagramRanking.objects.create(content_hash="h", language="fr")
    RankedAlphagram.objects.create(ranking=ranking, length=6, rank=1, alphagram="AEINRS", ways=10, words=3)
    import datetime as dt

    DailyChallenge.objects.create(lexicon=game.lexicon, day=dt.date(2026, 11, 26), content_hash="h", time_limit=60)
    searches = {DuplicateGame: str(game.pk), DuplicatePlayer: alice.username, DuplicatePlay: "ZA",
                AlphagramRanking: "h", RankedAlphagram: "AEINRS", DailyChallenge: game.lexicon.name,
                Quiz: alice.username, QuizQuestion: "AENRST", QuizAnswer: alice.username}
    for model, term in searches.items():
        opts = model._meta
        changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        page = admin_client.get(changelist, {"q": term}, HTTP_ACCEPT_LANGUAGE="fr")
        assert page.status_code == 200, model
        assert page.context_data["cl"].result_count == 1, model  # the search finds the row
        assert admin_client.get(changelist, {"q": "no-such-thing-zz"}).context_data["cl"].result_count == 0
        obj = model.objects.first()
        change = admin_client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk]))
        assert change.status_code == 200, model
    game_page = admin_client.get(reverse("admin:training_duplicategame_change", args=[game.pk])).content.decode()
    assert game.rounds.first().rack in game_page  # the rounds, read-only, inside the game


def test_the_admin_names_the_rows_in_french(admin_client, game, alice):
    """Titles and breadcrumbs read each row's name: in the staff member's language, with the states' labels."""
    player = DuplicatePlayer.objects.create(game=game, user=alice)
    play = DuplicatePlay.objects.create(player=player, number=1, word="ZA", coord="H7", score=22)
    quiz = Quiz.objects.create(owner=alice, lexicon=game.lexicon, content_hash="x", kind=Quiz.Kind.ANAGRAMS,
                               source=Quiz.Source.values[0])
    ranking = AlphagramRanking.objects.create(content_hash="0123456789abcdef", language="fr")
    expected = {game: f"Partie de duplicate {game.pk} (Terminé)", player: f"alice dans la partie {game.pk}",
                play: "Coup 1\u00a0: ZA H7 (22)", quiz: f"Quiz {quiz.pk} (Anagrammes)",
                ranking: "Classement 0123456789ab (En cours)"}
    for obj, title in expected.items():
        opts = obj._meta
        page = admin_client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk]),
                                HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        assert title in page, (title, obj)
    assert str(game.rounds.get(number=1)).startswith("Round 1 (")  # English outside a French request


def test_the_games_change_list_is_eight_short_columns(admin_client, game, alice):
    """The games' change list fits the page: the lexicon with its version in one column, the kind of game in a
    few words (not four columns of long labels), visibility and the rest as filters."""
    DuplicateGame.objects.filter(pk=game.pk).update(variant=DuplicateGame.Variant.JOKER, tournament=True,
                                                    source=DuplicateGame.Source.IMPORTED, lexicon_version=2)
    model_admin = admin.site._registry[DuplicateGame]
    assert len(model_admin.list_display) == 8 and "visibility" in model_admin.list_filter
    html = admin_client.get(reverse("admin:training_duplicategame_changelist"),
                            HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f'<td class="field-lexicon_and_version">{game.lexicon.name} v2</td>' in html
    assert '<td class="field-kind">joker · importée · tournoi</td>' in html
    table = html.split('id="result_list"')[1].split("</table>")[0]
    assert "Joker (un joker toujours sur le chevalet)" not in table  # the long label stays in the filter
    DuplicateGame.objects.filter(pk=game.pk).update(variant=DuplicateGame.Variant.CLASSIC, tournament=False,
                                                    source=DuplicateGame.Source.MADE, lexicon_version=None,
                                                    daily_date=dt.date(2026, 11, 27))
    html = admin_client.get(reverse("admin:training_duplicategame_changelist"),
                            HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f'<td class="field-lexicon_and_version">{game.lexicon.name}</td>' in html
    assert '<td class="field-kind">classique · du jour 27/11/2026</td>' in html
