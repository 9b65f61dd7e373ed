"""Every problem ``code`` the server can answer is listed in the spec and in docs/clients.md.

The codes are collected from the code base itself: the ``code`` of every rule and service error
class, every code the API layer passes to ``ApiError`` or ``problem``, and the codes of the HTTP
server's own refusals. A new code that is not documented fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

from api import errors, server
from tests.api.contract import load_spec

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("api", "service", "domain", "events", "workers")
DOCS = ROOT / "docs" / "clients.md"

_CLASS_CODE = re.compile(r'^\s+code = "([a-z_]+)"', re.MULTILINE)
_PASSED_CODE = re.compile(r'\b(?:ApiError|problem)\(\s*\d{3},\s*"([a-z_]+)"')
_ABSTRACT = {"rule_violation", "service_error"}
"""The base classes' codes: only their subclasses are raised (checked below)."""


def _sources() -> dict[Path, str]:
    return {
        path: path.read_text(encoding="utf-8")
        for folder in SOURCES
        for path in (ROOT / folder).rglob("*.py")
    }


def collected_codes() -> set[str]:
    """The codes found in the code base."""
    found: set[str] = set()
    for text in _sources().values():
        found.update(_CLASS_CODE.findall(text))
        found.update(_PASSED_CODE.findall(text))
    found.update(server.CODES.values())
    found.update(errors.HTTP_CODES.values())
    return found - _ABSTRACT


def _spec_codes() -> set[str]:
    return set(load_spec()["components"]["schemas"]["Problem"]["properties"]["code"]["enum"])


def _documented_codes() -> set[str]:
    section = DOCS.read_text(encoding="utf-8").split("## Error codes", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE))


def test_the_base_error_classes_are_never_raised_themselves() -> None:
    for text in _sources().values():
        assert not re.search(r"raise (RuleViolation|ServiceError)\(", text)


def test_every_code_the_server_answers_is_in_the_spec() -> None:
    found = collected_codes()
    assert len(found) > 30, "the collector finds the codes"
    assert {"webhook_url_refused", "invalid_log", "uri_too_long", "not_your_turn"} <= found
    assert found <= _spec_codes(), sorted(found - _spec_codes())


def test_every_code_in_the_spec_is_answered_somewhere() -> None:
    assert _spec_codes() <= collected_codes(), sorted(_spec_codes() - collected_codes())


def test_the_client_docs_list_exactly_the_specs_codes() -> None:
    assert _documented_codes() == _spec_codes()
