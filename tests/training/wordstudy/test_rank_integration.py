"""The rank task on a real Celery worker (another process) through Redis, on PostgreSQL.

Runs in the second pass of ``.ci/run`` (skipped otherwise, see tests/conftest.py); locally:
``/work/tools/services-pass.sh <name> <redis-db> -q tests/training/wordstudy/test_rank_integration.py``.
"""

from __future__ import annotations

import pytest
from django.db import connection

from core.models import TaskRun
from lexicon.services import import_word_list
from tests.integration_support import wait_for_run
from tests.support import write_words
from training.wordstudy import services
from training.wordstudy.models import AlphagramRanking, RankedAlphagram
from training.wordstudy.ranking import ensure_ranking

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TIMEOUT = 180


def test_first_quiz_starts_the_rank_task_on_a_worker(settings, shared_media, django_user_model, tmp_path,
                                                      french_words):
    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8-ranks",
                               language="fr").lexicon
    user = django_user_model.objects.create_user("rank-worker", password="x")
    request = services.QuizRequest(lexicon=lexicon.pk, kind="anagrams", length=7, rank_from=1, rank_to=50)
    with pytest.raises(services.RanksNotReady) as pending:  # the request returns before the work is done
        services.create_quiz(user, request)
    ranking = pending.value.ranking
    run = wait_for_run(TaskRun.objects.get(pk=ranking.task_run_id), timeout=TIMEOUT, what="rank task")
    assert run.state == TaskRun.State.DONE, run.error
    ranking.refresh_from_db()
    assert ranking.state == AlphagramRanking.State.DONE
    sevens = {w for w in french_words if len(w) == 7}
    assert RankedAlphagram.objects.filter(ranking=ranking, length=7).count() == len({"".join(sorted(w)) for w in sevens})
    assert ensure_ranking(lexicon).pk == ranking.pk  # computed once
    quiz = services.create_quiz(user, request)
    assert quiz.questions.count() == 50
