"""A client generated from the OpenAPI schema works: the contract a mobile team would build on.

``openapi-python-client`` (a test dependency; it runs offline) generates a Python client from the schema
drf-spectacular serves at /api/schema/. The generation must give no warning (a warning means an operation
or an answer left out of the client), the client must import, and it runs the mobile flow against a live
server (pytest-django's ``live_server``, a real HTTP server in a thread): register, token, a revision list
with words, a training grid and an answer, a duplicate round played and validated, a word-study quiz
answered.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

PACKAGE = "tirage_api_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """The client's package directory, generated once for the module."""
    from drf_spectacular.generators import SchemaGenerator

    root = tmp_path_factory.mktemp("client")
    schema = root / "schema.json"
    schema.write_text(json.dumps(SchemaGenerator().get_schema(request=None, public=True)))
    bin_dir = Path(sys.executable).parent
    result = subprocess.run(
        [str(bin_dir / "openapi-python-client"), "generate", "--path", str(schema), "--meta", "none",
         "--output-path", str(root / PACKAGE)],
        capture_output=True, text=True, timeout=300, cwd=root,
        env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"},  # its ruff hooks
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "warning" not in output.lower(), output
    return root


@pytest.fixture(scope="module")
def client_package(generated):
    sys.path.insert(0, str(generated))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(generated))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_client_generates_without_warnings_and_every_module_imports(client_package):
    import pkgutil

    api = importlib.import_module(f"{PACKAGE}.api")
    modules = [m.name for m in pkgutil.walk_packages(api.__path__, f"{PACKAGE}.api.")]
    for name in modules:
        importlib.import_module(name)
    assert len(modules) > 80
    # Every operation keeps its error answers (a dropped one was a warning): 400 reads as an error model.
    register = importlib.import_module(f"{PACKAGE}.api.auth.auth_register_create")
    assert "ValidationErrors" in str(register.sync_detailed.__annotations__["return"])


@pytest.fixture
def flow_lexicon(tmp_path, transactional_db):
    """A real French lexicon (the shipped fixture's words of 2 to 8 letters), ranked for word study."""
    from lexicon.services import import_word_list
    from tests.support import french_dict_words, write_words
    from training.wordstudy.ranking import ensure_ranking

    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_dict_words(8)), name="fr-mobile",
                               language="fr").lexicon
    assert ensure_ranking(lexicon).state == "done"
    return lexicon


def _wait_for_task(client_package, client, task_id) -> None:
    tasks = importlib.import_module(f"{PACKAGE}.api.tasks.tasks_retrieve")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        task = tasks.sync(task_id, client=client)
        if task.state in {"done", "failed"}:
            assert task.state == "done", task.error
            return
        time.sleep(0.2)
    raise AssertionError(f"task {task_id} did not finish")


def test_the_generated_client_runs_the_mobile_flow(client_package, live_server, flow_lexicon, settings):
    def api(module: str):
        return importlib.import_module(f"{PACKAGE}.api.{module}")

    models = importlib.import_module(f"{PACKAGE}.models")
    anonymous = client_package.Client(base_url=live_server.url, raise_on_unexpected_status=True)

    # Register, then exchange the password for the token (as an app does at log-in).
    registered = api("auth.auth_register_create").sync(
        client=anonymous, body=models.RegisterRequest(username="mobile", password="mobile-pass-2026"))
    assert isinstance(registered, models.Registered) and registered.token
    token = api("auth.auth_token_create").sync(
        client=anonymous, body=models.AuthTokenRequest(username="mobile", password="mobile-pass-2026"))
    assert token.token == registered.token
    client = client_package.AuthenticatedClient(base_url=live_server.url, token=token.token, prefix="Token",
                                                raise_on_unexpected_status=True)
    refused = api("auth.auth_register_create").sync_detailed(
        client=anonymous, body=models.RegisterRequest(username="mobile", password="x"))
    assert refused.status_code == 400 and isinstance(refused.parsed, models.ValidationErrors)

    # A revision list with words.
    created = api("lists.lists_create").sync(
        client=client, body=models.ListRequest(name="Mes mots", lexicon=flow_lexicon.pk))
    bulk = api("lists.lists_words_bulk_create").sync(
        client=client, list_id=created.id, body=models.BulkInRequest(text="BACCARAT\nPRIVATIF\nETRANGES"))
    assert len(bulk.added) == 3
    assert [e.word for e in api("lists.lists_words_list").sync(client=client, list_id=created.id)]

    # A training grid, made by a task, and an answer to its first situation.
    started = api("lists.lists_grids_create").sync(client=client, list_id=created.id,
                                                   body=models.GridStartRequest(seed=4))
    _wait_for_task(client_package, client, started.task)
    grid = api("grids.grids_retrieve").sync(client=client, grid_id=started.grid)
    assert grid.status == "done" and grid.situations
    # The learner tries the list's words: a play the rack cannot make is refused and nothing is recorded
    # (400, try again); the first that plays is judged and recorded.
    for guess in ("BACCARAT", "PRIVATIF", "ETRANGES"):
        sent = api("situations.situations_answer_create").sync_detailed(
            client=client, situation_id=grid.situations[0].id, body=models.AnswerInRequest(word=guess))
        assert sent.status_code in (200, 400), sent.content
        if sent.status_code == 200:
            break
    assert sent.status_code == 200, sent.content
    assert isinstance(sent.parsed.correct, bool) and sent.parsed.verdict

    # A duplicate game: the current round played (its top, as a strong player would) and validated.
    from training.duplicate.models import DuplicateGame

    game_started = api("duplicate.duplicate_games_create").sync(
        client=client, body=models.GameCreateRequest(lexicon=flow_lexicon.pk, seed=2))
    if game_started.task is not None:  # None: an identical game was made already
        _wait_for_task(client_package, client, game_started.task)
    current = api("duplicate.duplicate_games_rounds_current_retrieve").sync(client=client,
                                                                          game_id=game_started.game)
    top = DuplicateGame.objects.get(pk=game_started.game).rounds.get(number=current.round_).top
    played = api("duplicate.duplicate_games_rounds_current_play_create").sync(
        client=client, game_id=game_started.game, body=models.PlayInRequest(word=top["word"], coord=top["coord"]))
    assert played.score == top["score"]
    validated = api("duplicate.duplicate_games_rounds_current_validate_create").sync_detailed(
        client=client, game_id=game_started.game)
    assert validated.status_code == 200

    # A word-study quiz: two-letter anagrams, the first question answered.
    quiz = api("quizzes.quizzes_create").sync(
        client=client, body=models.QuizInRequest(lexicon=flow_lexicon.pk, kind=models.QuizInKindEnum.ANAGRAMS, length=2,
                                              rank_from=1, rank_to=5))
    assert len(quiz.questions) == 5
    judged = api("quizzes.quizzes_answers_create").sync(
        client=client, quiz_id=quiz.id, body=models.QuizAnswerInRequest(question=quiz.questions[0].id, answers=["AA"]))
    assert judged is not None
    assert api("quizzes.quizzes_retrieve").sync(client=client, quiz_id=quiz.id).id == quiz.id
