"""Every refusal of a game record has a stable code, params and its line: one malformed file per code
(``record_refusals.CASES``), checked here in the engine's English; the web app translates the same codes."""

from __future__ import annotations

import json

import pytest

from engine.duplicate.records import REASONS, RecordError
from tests.engine.duplicate.record_refusals import CASES, Case


def test_every_refusal_code_has_a_case() -> None:
    assert sorted(c.code for c in CASES) == sorted(REASONS)


@pytest.mark.parametrize("case", CASES, ids=[c.code for c in CASES])
def test_each_refusal_gives_its_code_params_and_line(case: Case) -> None:
    with pytest.raises(RecordError) as caught:
        case.trigger()
    error = caught.value
    assert (error.code, error.line) == (case.code, case.line), error
    assert error.reason == REASONS[case.code].format(**error.params)
    assert str(error) == (f"line {case.line}: {error.reason}" if case.line else error.reason)
    json.dumps(error.params)  # the API sends them as they are
