"""The OpenAPI document: valid, and in step with the app's routes."""

from __future__ import annotations

import dataclasses
import re

from flask import Flask
from openapi_spec_validator import validate

from domain import COMMAND_TYPES
from domain.catalogue import catalogue
from tests.api.contract import Contract, load_spec


def test_the_openapi_document_is_a_valid_openapi_3_1_document() -> None:
    spec = load_spec()
    validate(spec)
    assert spec["openapi"].startswith("3.1")


def test_every_route_of_the_app_is_documented_and_every_documented_path_exists(
    app: Flask,
) -> None:
    spec = load_spec()
    routes = {
        (re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.endpoint != "static"
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    }
    documented = {
        (path, method)
        for path, item in spec["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert routes == documented


def test_every_operation_documents_its_problem_responses(contract: Contract) -> None:
    for path, item in contract.spec["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            assert "default" in operation["responses"], (method, path)
            if "{game_id}" in path:
                assert "404" in operation["responses"], (method, path)
            if "requestBody" in operation:
                assert {"400", "413", "422"} <= set(operation["responses"]), (method, path)


def test_the_documented_commands_are_exactly_the_domains_command_types(
    contract: Contract,
) -> None:
    schemas = contract.spec["components"]["schemas"]
    documented = {}
    for ref in schemas["Command"]["oneOf"]:
        schema = schemas[ref["$ref"].rsplit("/", 1)[1]]
        documented[schema["properties"]["type"]["const"]] = schema
    assert set(documented) == set(COMMAND_TYPES)
    for kind, command in COMMAND_TYPES.items():
        names = {f.name for f in dataclasses.fields(command)} - {"seat"}
        required = {
            f.name
            for f in dataclasses.fields(command)
            if f.name != "seat" and f.default is dataclasses.MISSING
        }
        schema = documented[kind]
        assert set(schema["properties"]) == names | {"type", "expected_version", "label"}, kind
        assert set(schema["required"]) == required | {"type"}, kind
        assert schema["additionalProperties"] is False


def test_the_specs_set_and_faction_enums_are_the_catalogues() -> None:
    spec = load_spec()["components"]["schemas"]
    factions = catalogue().factions.values()
    assert spec["SetId"]["enum"] == list(dict.fromkeys(f.set for f in factions))
    assert spec["FactionId"]["enum"] == [f.id for f in factions]
