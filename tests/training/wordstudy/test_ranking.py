"""The rank task: stored once per lexicon version, equal to a brute force over the word list, restarted when it died."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest
from django.test import override_settings

from core.models import TaskRun
from engine.alphabet import get_alphabet
from lexicon.services import import_word_list
from tests.support import write_words
from tests.training.conftest import SMALL_WORDS
from training.wordstudy.models import AlphagramRanking, RankedAlphagram
from training.wordstudy.ranking import ensure_ranking, ranking_of

pytestmark = pytest.mark.django_db


def brute_ranks(words: list[str]) -> dict[int, list[str]]:
    bag = get_alphabet("fr").counts
    groups: dict[int, set[str]] = {}
    for word in words:
        if 2 <= len(word) <= 15:
            groups.setdefault(len(word), set()).add("".join(sorted(word)))

    def ways(a: str) -> int:
        out = 1
        for letter, k in Counter(a).items():
            out *= comb(bag[letter], k)
        return out

    return {n: sorted(keys, key=lambda a: (-ways(a), a)) for n, keys in groups.items()}


def test_rank_task_stores_the_brute_force_order(small_lexicon):
    ranking = ensure_ranking(small_lexicon)
    assert ranking.state == AlphagramRanking.State.DONE
    run = ranking.task_run
    assert run.kind == "wordstudy.rank" and run.state == TaskRun.State.DONE and run.progress == 100
    expected = brute_ranks(SMALL_WORDS)
    for length, keys in expected.items():
        stored = list(RankedAlphagram.objects.filter(ranking=ranking, length=length).order_by("rank")
                      .values_list("alphagram", "rank"))
        assert stored == [(a, i) for i, a in enumerate(keys, start=1)]
        assert ranking.lengths[str(length)] == len(keys)
    assert run.result["alphagrams"] == sum(len(k) for k in expected.values())


def test_ranks_are_computed_once_per_version(small_lexicon, tmp_path):
    first = ensure_ranking(small_lexicon)
    assert ensure_ranking(small_lexicon).pk == first.pk
    assert TaskRun.objects.filter(kind="wordstudy.rank").count() == 1
    # A new version (other words) gets its own ranking; the old one stays for quizzes already asked.
    lexicon = import_word_list(write_words(tmp_path / "v2.txt", [*SMALL_WORDS, "ARETE"]), name="small",
                               language="fr").lexicon
    second = ensure_ranking(lexicon)
    assert second.pk != first.pk and second.content_hash == lexicon.content_hash
    assert RankedAlphagram.objects.filter(ranking=second, alphagram="AEERT").exists()
    assert not RankedAlphagram.objects.filter(ranking=first, alphagram="AEERT").exists()


def test_a_ranking_whose_task_failed_is_started_again(small_lexicon):
    ranking = ensure_ranking(small_lexicon)
    AlphagramRanking.objects.filter(pk=ranking.pk).update(state=AlphagramRanking.State.FAILED, error="worker lost")
    again = ensure_ranking(small_lexicon)
    assert again.pk == ranking.pk and again.state == AlphagramRanking.State.DONE
    assert TaskRun.objects.filter(kind="wordstudy.rank").count() == 2


def test_a_running_ranking_whose_run_failed_is_started_again(small_lexicon):
    ranking = ensure_ranking(small_lexicon)
    TaskRun.objects.filter(pk=ranking.task_run_id).update(state=TaskRun.State.FAILED, error="process died")
    AlphagramRanking.objects.filter(pk=ranking.pk).update(state=AlphagramRanking.State.RUNNING)
    assert ensure_ranking(small_lexicon).state == AlphagramRanking.State.DONE


def test_a_task_failure_is_recorded_in_words(small_lexicon, monkeypatch):
    from training.wordstudy import ranking as ranking_module

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(ranking_module, "rank_alphagrams", broken)
    ranking = ensure_ranking(small_lexicon)
    assert ranking.state == AlphagramRanking.State.FAILED and "disk full" in ranking.error
    assert "disk full" in ranking.task_run.error
    assert not RankedAlphagram.objects.filter(ranking=ranking).exists()


@override_settings(WORDSTUDY_RANK_ON_PUBLISH=True)
def test_publishing_a_lexicon_ranks_it(tmp_path, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        lexicon = import_word_list(write_words(tmp_path / "w.txt", SMALL_WORDS), name="published",
                                   language="fr").lexicon
    ranking = ranking_of(lexicon)
    assert ranking is not None and ranking.state == AlphagramRanking.State.DONE


@override_settings(WORDSTUDY_RANK_ON_PUBLISH=False)
def test_ranking_at_publication_can_be_turned_off(tmp_path, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        lexicon = import_word_list(write_words(tmp_path / "w.txt", SMALL_WORDS), name="quiet", language="fr").lexicon
    assert ranking_of(lexicon) is None
