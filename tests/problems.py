"""Checking a refused HTTP answer: a problem+json with the expected status and stable code."""

from __future__ import annotations

from typing import Any


def refused(response: Any, status: int, code: str) -> None:
    """The response is a problem with this status and code (the problem is shown if not)."""
    problem = response.get_json()
    assert (response.status_code, problem["code"]) == (status, code), problem
