"""The error answers every API operation can give, written into the OpenAPI schema once for all.

drf-spectacular documents what a view says it returns; the errors come from layers the views never
mention (authentication, permissions, the parsers, ``get_or_404``), so they were missing from the
schema. This post-processing hook adds to each operation, unless the view already documents that code:

- 400 for every operation: ``{"detail": message}`` (possibly with ``problems``; a control character in the
  address or the body, ``core.request_guard``, is refused on any operation) or, for operations with a body
  or query parameters, from serializers, ``{field: [messages]}`` (both added as alternatives to a 400 the
  view documents);
- 401 and 403 for operations that accept credentials (no or a bad token; not allowed, or a session
  request without its CSRF token);
- 404 for operations with path parameters (no such object, or another user's);
- 413 and 415 for operations with a body (larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE``; a Content-Type no
  parser of the view reads);
- 503 for operations that start a task (202): the task service did not take it.

The schemas are the components ``Error`` and ``ValidationErrors``; ``tests/test_api_schemathesis.py``
checks every answer against the result. An error the view documents in words only (no body schema)
gets the ``Error`` body: every API error is ``{"detail": ...}`` (``core.api_errors``).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

ERROR = {
    "type": "object",
    "description": "An error in words; ``problems`` lists the bad lines of a refused file.",
    "properties": {
        "detail": {"type": "string"},
        "problems": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"line": {"type": "integer"}, "text": {"type": "string"}, "reason": {"type": "string"}},
            },
        },
    },
    "required": ["detail"],
}
VALIDATION_ERRORS = {
    "type": "object",
    "description": "Refused fields: each field name (``non_field_errors`` for the whole body) with its messages; "
                   "a nested field has an object or a list of objects of the same shape.",
    "additionalProperties": {"oneOf": [
        {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "object", "additionalProperties": True}]}},
        {"type": "object", "additionalProperties": True},
    ]},
}


def checked_json_field(schema: dict[str, Any], **kwargs: Any) -> serializers.JSONField:
    """A body field the service checks itself (one set of messages for the page and the API), documented as
    ``schema``: what the API accepts, so that clients and schemathesis send what the service takes rather than
    "any JSON value". The field still reads any JSON value; the service refuses the rest in words."""
    documented = extend_schema_field(schema)(type("CheckedJSONField", (serializers.JSONField,), {}))
    return documented(**kwargs)


def checked_char_field(schema: dict[str, Any], **kwargs: Any) -> serializers.CharField:
    """A text field whose rule the service checks itself (its messages and status codes stay the API's),
    documented as ``schema`` (a pattern from ``core.text_schemas``) with the field's ``max_length``: the
    schema states the rule instead of "any string"."""
    documented_schema = {"type": "string", **schema}
    if "pattern" in documented_schema:
        # Under allOf: drf-spectacular offers a patterned field that allows blank text an alternative empty
        # string, but the pattern is the rule here (the service refuses blank text itself).
        documented_schema.setdefault("allOf", []).insert(0, {"pattern": documented_schema.pop("pattern")})
    if kwargs.get("max_length") is not None:
        documented_schema.setdefault("maxLength", kwargs["max_length"])
    documented = extend_schema_field(documented_schema)(type("CheckedCharField", (serializers.CharField,), {}))
    return documented(**kwargs)


def checked_integer_field(minimum: int, maximum: int, **kwargs: Any) -> serializers.IntegerField:
    """A whole number whose bounds the service checks itself (its messages stay the API's), documented with
    them (``minimum``, ``maximum``) instead of the field's wide storage bounds; ``kwargs`` go to the field."""
    documented_schema: dict[str, Any] = {"type": "integer", "minimum": minimum, "maximum": maximum}
    if kwargs.get("allow_null"):
        documented_schema["nullable"] = True
    documented = extend_schema_field(documented_schema)(type("CheckedIntegerField", (serializers.IntegerField,), {}))
    return documented(**kwargs)


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _has_credentials(operation: dict[str, Any]) -> bool:
    """The operation takes a token or a session (``{}`` alone in ``security`` means anonymous only)."""
    return any(requirement for requirement in operation.get("security", []))


def _parameters(operation: dict[str, Any], where: str) -> bool:
    return any(p.get("in") == where for p in operation.get("parameters", []))


def error_responses(operation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The error answers ``operation`` can give, by status code."""
    error = _ref("Error")
    added: dict[str, dict[str, Any]] = {}
    has_body = "requestBody" in operation
    if has_body or _parameters(operation, "query"):
        added["400"] = _json({"anyOf": [error, _ref("ValidationErrors")]},
                             "Bad input: `{\"detail\": message}` or `{field: [messages]}`.")
    else:  # any request: a control character in its address (core.request_guard)
        added["400"] = _json(error, "A control character in the address.")
    if _has_credentials(operation):
        added["401"] = _json(error, "No credentials, or a token that is not valid.")
        added["403"] = _json(error, "Not allowed (staff only, someone else's object), or a session request "
                                    "without its CSRF token.")
    if _parameters(operation, "path"):
        added["404"] = _json(error, "No such object, or one that belongs to someone else.")
    if has_body:
        added["413"] = _json(error, "The request body is larger than the server accepts.")
        added["415"] = _json(error, "A Content-Type the operation does not read.")
    if "202" in operation.get("responses", {}):
        added["503"] = _json(error, "The task service is unavailable: nothing was started; try again later.")
    return added


def _with_field_errors(response: dict[str, Any], *, body: bool) -> None:
    """A documented 400: its own schema, or ``{"detail": message}`` (``core.request_guard`` refuses a control
    character in any request), or for an operation with a body the serializer's field errors
    (``serializer.is_valid(raise_exception=True)`` answers ``{field: [messages]}``, whatever the view
    documents for its own refusals)."""
    media = response.get("content", {}).get("application/json")
    if not media or "schema" not in media:
        return
    schema = media["schema"]
    options = list(schema["anyOf"]) if set(schema) == {"anyOf"} else [schema]
    for name in ("Error", "ValidationErrors") if body else ("Error",):
        if _ref(name) not in options:
            options.append(_ref(name))
    media["schema"] = options[0] if len(options) == 1 else {"anyOf": options}


NO_CONTROL_CHARACTERS = r"^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$"
"""Text the API takes: no control character but tab and line breaks (``core.request_guard`` refuses them
in every request, whatever the field)."""


def _refuse_controls(schema: Any) -> None:
    """Write the control-character rule into every string of a request schema (but enums) and into every
    object's property names."""
    if isinstance(schema, list):
        for item in schema:
            _refuse_controls(item)
        return
    if not isinstance(schema, dict):
        return
    types = schema.get("type")
    types = types if isinstance(types, list) else [types]
    if "string" in types and "enum" not in schema and schema.get("format") != "binary":
        if "pattern" not in schema:
            schema["pattern"] = NO_CONTROL_CHARACTERS
        elif schema["pattern"] != NO_CONTROL_CHARACTERS:  # both rules hold
            schema.setdefault("allOf", []).append({"pattern": NO_CONTROL_CHARACTERS})
    if "object" in types or "properties" in schema:
        # Property names: OpenAPI 3.1's propertyNames. Values of fields the API ignores are left free: a
        # recursive "any JSON without control characters" schema is what generated clients fail on.
        schema.setdefault("propertyNames", {"pattern": NO_CONTROL_CHARACTERS})
    for key, value in schema.items():
        if key in {"properties", "patternProperties"}:
            for item in value.values():
                _refuse_controls(item)
        elif key in {"items", "additionalProperties", "oneOf", "anyOf", "allOf", "not"}:
            _refuse_controls(value)


def _closed(schema: Any) -> None:
    """A request object lists every field it reads: ``additionalProperties: false``. The API ignores a field
    it does not know, but not a control character inside one (``core.request_guard`` reads the whole body),
    so a schema that let clients send anything besides would promise more than the API takes."""
    if isinstance(schema, dict) and "properties" in schema and "additionalProperties" not in schema:
        schema["additionalProperties"] = False


def document_refused_characters(result: dict[str, Any]) -> None:
    """The request side of the schema says that text holds no control characters: request components
    (``...Request``, with ``COMPONENT_SPLIT_REQUEST``), inline bodies, query and path parameters; and request
    objects take the fields they list, no others."""
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            _refuse_controls(component)
            _closed(component)
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if method not in {"get", "put", "patch", "post", "delete"}:
                continue
            for parameter in operation.get("parameters", []):
                if parameter.get("in") in {"query", "path"}:
                    _refuse_controls(parameter.get("schema"))
            for media in operation.get("requestBody", {}).get("content", {}).values():
                if "$ref" not in media.get("schema", {}):
                    _refuse_controls(media.get("schema"))
                    _closed(media.get("schema"))


def add_error_responses(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """drf-spectacular post-processing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault("Error", ERROR)
    schemas.setdefault("ValidationErrors", VALIDATION_ERRORS)
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if method not in {"get", "put", "patch", "post", "delete"}:
                continue
            responses = operation.setdefault("responses", {})
            for code, response in responses.items():
                if code[0] in "45" and "content" not in response:  # documented in words only: give it the body
                    default = _json(_ref("Error"), "")
                    if code == "400":
                        default = _json({"anyOf": [_ref("Error"), _ref("ValidationErrors")]}, "")
                    response["content"] = default["content"]
            if "400" in responses:
                _with_field_errors(responses["400"], body="requestBody" in operation)
            for code, response in error_responses(operation).items():
                responses.setdefault(code, response)
    document_refused_characters(result)
    return result
