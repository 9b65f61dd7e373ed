"""Check HTTP responses against openapi.yaml: documented status, media type and body schema."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from openapi_schema_validator import OAS31Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
SPEC_URI = "urn:smashup:openapi"
PROBLEM_POINTER = "/components/schemas/Problem"
SEQUENTIAL_MEDIA = frozenset({"application/jsonl", "application/x-ndjson"})
"""JSON Lines media: the body is text; each line is checked against ``x-itemSchema``."""


TEXT_MEDIA = frozenset({"application/openmetrics-text"})
"""Non-JSON text answers (beside ``text/*``): checked as strings."""


def is_text(media: str) -> bool:
    """Whether an answer of this media type is text that is not JSON."""
    return media.startswith("text/") or media in TEXT_MEDIA


def load_spec() -> dict[str, Any]:
    """The parsed openapi.yaml."""
    spec: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    return spec


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class Contract:
    """Validates responses against the spec's schema for their path, method and status."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.registry = Registry().with_resource(SPEC_URI, DRAFT202012.create_resource(spec))
        self.routes = [
            (re.compile("^" + re.sub(r"\{[^/}]+\}", "[^/]+", template) + "$"), template)
            # a literal path wins over a template that also matches it (as OpenAPI says)
            for template in sorted(spec["paths"], key=lambda t: t.count("{"))
        ]
        self.checked: set[tuple[str, str, str]] = set()

    def operation(self, method: str, path: str) -> tuple[str, dict[str, Any]] | None:
        """The documented ``(template, operation)`` for a request, if any."""
        for pattern, template in self.routes:
            if pattern.match(path):
                operation = self.spec["paths"][template].get(method.lower())
                return None if operation is None else (template, operation)
        return None

    def check(
        self, method: str, path: str, status: int, content_type: str | None, body: Any
    ) -> None:
        """Fail (AssertionError) unless the response is exactly what the spec documents."""
        assert status != 500, f"{method} {path} answered {status}: {body!r}"
        media = (content_type or "").split(";")[0].strip()
        found = self.operation(method, path)
        if found is None:
            assert status in (404, 405), f"{method} {path} is undocumented but gave {status}"
            assert media == "application/problem+json", media
            self._validate(PROBLEM_POINTER, body, f"{method} {path} {status}")
            return
        template, operation = found
        key = str(status)
        if key not in operation["responses"] and status == 503:
            key = "default"  # Redis down: any operation may answer service_unavailable
        assert key in operation["responses"], f"{method} {template}: {status} is undocumented"
        pointer = f"/paths/{_escape(template)}/{method.lower()}/responses/{key}"
        response = operation["responses"][key]
        if "$ref" in response:
            pointer = response["$ref"][1:]
            response = self._resolve(pointer)
        assert media in response.get("content", {}), f"{method} {template} {status}: {media}"
        self._validate(f"{pointer}/content/{_escape(media)}/schema", body, f"{method} {path}")
        if media in SEQUENTIAL_MEDIA:
            assert "x-itemSchema" in response["content"][media], f"{method} {template} {media}"
            item = f"{pointer}/content/{_escape(media)}/x-itemSchema"
            for number, line in enumerate(body.split("\n"), start=1):
                if line:
                    self._validate(item, json.loads(line), f"{method} {path} line {number}")
        self.checked.add((method.lower(), template, key))

    def _resolve(self, pointer: str) -> dict[str, Any]:
        node: Any = self.spec
        for token in pointer.strip("/").split("/"):
            node = node[token.replace("~1", "/").replace("~0", "~")]
        resolved: dict[str, Any] = node
        return resolved

    def _validate(self, pointer: str, body: Any, where: str) -> None:
        validator = OAS31Validator(
            {"$ref": f"{SPEC_URI}#{pointer}"},
            registry=self.registry,
            format_checker=OAS31Validator.FORMAT_CHECKER,
        )
        errors = sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))
        assert not errors, f"{where}: " + "; ".join(
            f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]
        )
