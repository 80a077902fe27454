"""The OpenAPI schema is true: a bounded schemathesis run over every operation it documents.

For each operation of ``/api/schema/`` (whatever the apps have added), schemathesis generates requests
from the schema and sends them to the WSGI application, once with a learner's token and once with a
staff member's token, and checks every answer: no 5xx, a status code the schema documents for that
operation, the documented content type and headers, and a body that validates against the documented
response schema. The database has a lexicon, a list with words and the two users, so lookups and the
users' own objects answer 200 as well as 404.

Bounded: ``MAX_EXAMPLES`` generated requests per operation and role, plus schemathesis's explicit and
coverage cases; the run's size and time print with ``-s`` (``SCHEMATHESIS_EXAMPLES`` overrides the bound).

Input acceptance, on demand: ``SCHEMATHESIS_ACCEPTANCE=positive`` sends only requests the schema allows and
fails an operation that refuses one (``positive_data_acceptance``); ``=negative`` sends only requests the
schema forbids and fails an operation that accepts one (``negative_data_rejection``). Each failing test is
one operation (and role) whose schema and behaviour disagree; a run counts them. An operation that documents
a 422 refuses, with it, requests of the right shape that a rule the schema cannot state refuses (a grid that
breaks its style's rules, black cells the size cannot take, a support letter the entry's word lacks): for
those operations the positive check counts a 422 as the documented answer, and a 400 still fails.
"""

from __future__ import annotations

import os
import zlib

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "8"))
ACCEPTANCE = os.environ.get("SCHEMATHESIS_ACCEPTANCE", "")
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]
if ACCEPTANCE == "positive":
    CHECKS = [not_a_server_error, positive_data_acceptance]
elif ACCEPTANCE == "negative":
    CHECKS = [not_a_server_error, negative_data_rejection]
elif ACCEPTANCE:
    raise ValueError(f"SCHEMATHESIS_ACCEPTANCE is {ACCEPTANCE!r}: expected positive or negative")
POSITIVE_STATUSES = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]  # schemathesis's default
WORDS = ["AA", "AB", "AI", "AN", "AS", "BA", "EN", "ES", "ET", "LA", "LE", "RAT", "ART", "TAR", "ETE", "DAIS",
         "RATE", "TARE", "ARETE", "RESINE", "SENTIER", "PRIVATIF"]


def _load_schema():
    """The schema drf-spectacular serves at /api/schema/, built in-process (no HTTP needed to collect)."""
    from drf_spectacular.generators import SchemaGenerator

    from config.wsgi import application

    raw = SchemaGenerator().get_schema(request=None, public=True)
    ruled = [{"include-path": path, "include-method": method.upper(),
              "checks": {"positive_data_acceptance": {"expected-statuses": [*POSITIVE_STATUSES, "422"]}}}
             for path, item in raw["paths"].items() for method, operation in item.items()
             if isinstance(operation, dict) and "422" in operation.get("responses", {})]
    # Generated requests only (no coverage phase: its boundary-value sweep sends thousands of requests
    # per operation, minutes for the whole schema); the same seed every run, so a failure repeats.
    config = schemathesis.Config.from_dict({
        "seed": 20261123,
        "phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}},
        "generation": {"max-examples": MAX_EXAMPLES, **({"mode": ACCEPTANCE} if ACCEPTANCE else {})},
        "operations": ruled,
    })
    loaded = schemathesis.openapi.from_dict(raw, config=config)
    loaded.app = application
    return loaded


schema = _load_schema()


@pytest.fixture
def api_world(db, settings, tmp_path, django_user_model):
    """Two users with tokens, a lexicon with a definition, a list with words."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections
    from rest_framework.authtoken.models import Token

    from lexicon.services import import_word_list, set_definition
    from tests.support import write_words
    from training.lists import services as training

    settings.ALLOWED_HOSTS = ["localhost", "testserver"]
    learner = django_user_model.objects.create_user("learner", password="learner-pass-123")
    staff = django_user_model.objects.create_user("staffer", password="staffer-pass-123", is_staff=True)
    lexicon = import_word_list(write_words(tmp_path / "words.txt", WORDS), name="api-world", language="fr").lexicon
    set_definition(lexicon, "RATE", "Organe du ventre.", user=staff)
    revision_list = training.create_list(learner, lexicon, "Mes mots")
    for word in ("RATE", "SENTIER"):
        training.add_word(revision_list, word)
    entry = revision_list.entries.order_by("pk").first()
    world = {
        "learner": Token.objects.create(user=learner).key,
        "staff": Token.objects.create(user=staff).key,
        # Path parameters that name real objects (see _run).
        "ids": {"lexicon_id": lexicon.pk, "list_id": revision_list.pk, "entry_id": entry.pk, "number": 1,
                "word": "RATE"},
    }
    # Requests go straight to the WSGI handler: keep it from closing the test's database connection at
    # the end of each request (Django's own test client does the same).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield world
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _valid_like(generated, real) -> bool:
    """``generated`` is a valid value of the parameter ``real`` fills: the same type, and text without the
    control characters every request refuses."""
    from core.request_guard import control_character

    return type(generated) is type(real) and not (isinstance(generated, str) and control_character(generated))


def _run(case, world: dict, role: str) -> None:
    """Send the case with the role's token. Random ids almost always name nothing (404), so every other
    case has its known path parameters replaced by real objects: the 200 bodies get checked too. A path
    parameter of the wrong type (a negative case's violation: ``1.5`` for an id) is left as generated, so
    the case still breaks the schema where it was made to."""
    parameters = case.path_parameters or {}
    if parameters and zlib.crc32(repr(sorted(parameters.items())).encode()) % 2 == 0:
        for name, value in world["ids"].items():
            if name in parameters and _valid_like(parameters[name], value):
                parameters[name] = value
    # identity: the WSGI transport hands the checks the raw body, where an HTTP client decodes gzip itself (the
    # site gzips pages and JSON for clients that accept it: tests/core/test_compression.py).
    case.call_and_validate(headers={"Authorization": f"Token {world[role]}", "Accept-Encoding": "identity"},
                           checks=CHECKS)


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_as_a_learner(case, api_world):
    _run(case, api_world, "learner")


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_as_staff(case, api_world):
    _run(case, api_world, "staff")
