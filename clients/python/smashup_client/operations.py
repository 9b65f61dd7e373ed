"""The link between SDK methods and the operations of ``openapi.yaml``.

Each method that calls an operation is marked ``@operation("<operationId>", "<METHOD>",
"<path>")``; :func:`covered_operations` lists them, so a test can check that every operation
of the served spec has a method (and that the method calls what the spec says).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

ATTRIBUTE = "__smashup_operation__"


@dataclass(frozen=True)
class Operation:
    """An operation of the spec: its id, HTTP method and path template."""

    operation_id: str
    method: str
    path: str


def operation(operation_id: str, method: str, path: str) -> Callable[[F], F]:
    """Mark a method as the SDK's call of ``operation_id`` (``method`` on ``path``)."""

    def mark(function: F) -> F:
        setattr(function, ATTRIBUTE, Operation(operation_id, method.upper(), path))
        return function

    return mark


def covered_operations(*groups: object) -> dict[str, tuple[str, Operation]]:
    """``operationId -> ("group.method", Operation)`` for every marked method of ``groups``."""
    found: dict[str, tuple[str, Operation]] = {}
    for group in groups:
        for name in dir(type(group)):
            marked = getattr(getattr(type(group), name), ATTRIBUTE, None)
            if isinstance(marked, Operation):
                found[marked.operation_id] = (f"{type(group).__name__}.{name}", marked)
    return found
