"""The OpenAPI schema documents what the API really answers: errors, nullable fields, content types.

(The bounded schemathesis run in test_api_schemathesis.py checks live answers; these are the rules in
the schema itself, checked on every operation, so a new endpoint gets them too.)"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def schema() -> dict:
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def operations(schema: dict):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in {"get", "post", "put", "patch", "delete"}:
                yield path, method, operation


def test_every_operation_documents_its_error_answers(schema):
    missing = []
    for path, method, op in operations(schema):
        codes = set(op["responses"])
        secured = any(requirement for requirement in op.get("security", []))
        wanted = ({"401", "403"} if secured else set()) | ({"404"} if "{" in path else set())
        if "requestBody" in op:
            wanted |= {"400", "413", "415"}
        missing += [f"{method.upper()} {path}: {code}" for code in sorted(wanted - codes)]
    assert missing == []


def test_every_error_answer_has_a_json_body_schema(schema):
    bare = [f"{method.upper()} {path}: {code}" for path, method, op in operations(schema)
            for code, response in op["responses"].items()
            if code[0] in "45" and "application/json" not in response.get("content", {})]
    assert bare == []
    assert schema["components"]["schemas"]["Error"]["required"] == ["detail"]


def nullable(field: dict) -> bool:
    """OpenAPI 3.1: ``null`` among the types, or a ``null`` alternative."""
    types = field.get("type", [])
    return "null" in (types if isinstance(types, list) else [types]) or any(
        nullable(option) for option in field.get("oneOf", []) + field.get("anyOf", []))


def test_fields_that_can_be_null_are_documented_nullable(schema):
    components = schema["components"]["schemas"]
    for name, field in [("Version", "based_on"), ("Version", "created_by"), ("Event", "actor"),
                        ("Event", "version"), ("Lexicon", "current_version"), ("Grid", "revision_list")]:
        assert nullable(components[name]["properties"][field]), (name, field)


def test_the_crossword_export_documents_both_file_types(schema):
    ok = schema["paths"]["/api/crosswords/{crossword_id}/export/"]["get"]["responses"]["200"]["content"]
    assert set(ok) == {"application/json", "application/x-crossword"}
    assert ok["application/x-crossword"]["schema"] == {"type": "string", "format": "binary"}


def test_the_duplicate_export_documents_its_two_file_types(schema):
    ok = schema["paths"]["/api/duplicate/games/{game_id}/export/"]["get"]["responses"]["200"]["content"]
    assert set(ok) == {"text/plain", "application/xml"}


def test_a_task_s_result_may_be_any_json_null_included(schema):
    """The schema of a task's ``result`` accepts what the API answers: null until the task ends, then any value
    (an any-or-null ``oneOf`` refused null, which matched both)."""
    import jsonschema

    result = schema["components"]["schemas"]["TaskRun"]["properties"]["result"]
    for value in (None, {"grid": 3}, [1, 2], "done", 7):
        jsonschema.Draft202012Validator(result).validate(value)


def test_task_starts_document_503(schema):
    starts = [(path, method, op) for path, method, op in operations(schema) if "202" in op["responses"]]
    assert starts and all("503" in op["responses"] for _path, _method, op in starts)


def test_no_two_shapes_share_a_component_name():
    """Two serializers of the same name become one component: one endpoint's schema would be the other's."""
    from drf_spectacular.drainage import GENERATOR_STATS
    from drf_spectacular.generators import SchemaGenerator

    GENERATOR_STATS.reset()
    SchemaGenerator().get_schema(request=None, public=True)
    messages = list(GENERATOR_STATS._warn_cache) + list(GENERATOR_STATS._error_cache)
    assert [m for m in messages if "identical names" in m] == []
    assert [m for m in GENERATOR_STATS._error_cache] == []


def test_the_schema_is_valid_openapi(schema):
    """What client generators read first: openapi-spec-validator finds no error (an email field's default
    ``''`` and arrays without ``items`` were two)."""
    import json

    from openapi_spec_validator import validate

    validate(json.loads(json.dumps(schema)))  # plain JSON types, as served at /api/schema/


def test_the_api_reads_json_and_files_only_as_multipart(schema):
    """Bodies are JSON; multipart only where a file is sent (a generated client then has one body type)."""
    offered = {}
    for path, method, op in operations(schema):
        if "requestBody" in op:
            offered[f"{method.upper()} {path}"] = set(op["requestBody"]["content"])
    uploads = {name for name, types in offered.items() if "multipart/form-data" in types}
    assert uploads == {"POST /api/lexicons/{lexicon_id}/versions/",
                       "POST /api/lexicons/{lexicon_id}/definitions/import/",
                       "POST /api/lists/{list_id}/import/"}  # a text in JSON, or the file
    assert all(types == {"application/json"} for name, types in offered.items() if name not in uploads)
    assert offered["POST /api/lists/{list_id}/import/"] == {"application/json", "multipart/form-data"}


def test_request_text_is_documented_without_control_characters(schema):
    """core.request_guard refuses control characters in every request: the request schemas say so, in
    strings and in property names (OpenAPI 3.1's ``propertyNames``)."""
    from core.openapi import NO_CONTROL_CHARACTERS

    request = schema["components"]["schemas"]["ListRequest"]
    assert request["properties"]["name"]["pattern"] == NO_CONTROL_CHARACTERS
    assert request["propertyNames"] == {"pattern": NO_CONTROL_CHARACTERS}
    words = next(p for p in schema["paths"]["/api/lexicons/{lexicon_id}/check/"]["get"]["parameters"]
                 if p["name"] == "words")
    assert {"pattern": NO_CONTROL_CHARACTERS} in words["schema"]["allOf"]


def test_request_bodies_do_not_ask_for_read_only_fields(schema):
    """Separate request components (``ListRequest``): a client creating a list is not asked for its id."""
    components = schema["components"]["schemas"]
    assert "id" not in components["ListRequest"]["properties"]
    assert "id" in components["List"]["required"]


def test_text_rules_are_stated_where_the_services_check_them(schema):
    """Words, racks and patterns carry the engine's patterns; a name a service refuses blank has no empty
    alternative (drf-spectacular offers one for patterned fields that allow blank text); free-form JSON is gone
    from the Jarnac and crossword inputs."""
    from core import text_schemas
    from puzzles.jarnac.services import KINDS

    def parameter(path: str, name: str) -> dict:
        return next(p["schema"] for p in schema["paths"][path]["get"]["parameters"] if p["name"] == name)

    assert parameter("/api/lexicons/{lexicon_id}/hooks/", "word")["pattern"] == text_schemas.word()["pattern"]
    assert parameter("/api/lexicons/{lexicon_id}/anagrams/", "letters")["pattern"] == text_schemas.rack()["pattern"]
    assert parameter("/api/lexicons/{lexicon_id}/pattern/", "q")["pattern"] == text_schemas.pattern()["pattern"]
    assert parameter("/api/lexicons/{lexicon_id}/audit/", "page")["minimum"] == 1
    components = schema["components"]["schemas"]
    for component in ("RoomCreateRequest", "SimultaneCreateRequest", "RoomNameRequest"):
        name = components[component]["properties"]["name"]
        assert "oneOf" not in name and name["type"] == "string"
        assert {"pattern": text_schemas.not_blank(80)["pattern"]} in name["allOf"]

    def enum(component: str, field: str) -> list:
        reference = components[component]["properties"][field]["allOf"][0]["$ref"]
        return components[reference.rsplit("/", 1)[1]]["enum"]

    assert enum("JarnacMoveInRequest", "kind") == list(KINDS)
    assert enum("CheckInRequest", "scope") == ["cell", "word", "grid"]
    entries = components["EntriesInRequest"]["properties"]["entries"]
    assert entries["type"] == "array" and entries["items"]["pattern"] == text_schemas.grid_row()["pattern"]


def test_quiz_numbers_are_documented_with_the_bounds_the_service_checks(schema):
    from training.wordstudy.ranking import MAX_LENGTH, MIN_LENGTH
    from training.wordstudy.services import MAX_QUESTIONS, MAX_TIME_LIMIT, MIN_TIME_LIMIT

    fields = schema["components"]["schemas"]["QuizInRequest"]["properties"]
    bounds = {name: (fields[name]["minimum"], fields[name]["maximum"]) for name in ("length", "blanks", "time_limit",
                                                                                    "count")}
    assert bounds == {"length": (MIN_LENGTH, MAX_LENGTH), "blanks": (0, 2),
                      "time_limit": (MIN_TIME_LIMIT, MAX_TIME_LIMIT), "count": (1, MAX_QUESTIONS)}
    assert nullable(fields["time_limit"])
