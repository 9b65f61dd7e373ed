"""The tests' own Redis: embedded unless they are told a URL for themselves."""

from __future__ import annotations

import pytest

from tests.conftest import _test_redis_url


def test_the_tests_ignore_the_servers_redis_url_and_use_an_embedded_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SMASHUP_TEST_EMBEDDED", raising=False)
    monkeypatch.delenv("SMASHUP_TEST_REDIS_URL", raising=False)
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    assert _test_redis_url() == ""


def test_the_tests_use_the_redis_they_are_told_unless_embedded_is_forced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SMASHUP_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    monkeypatch.delenv("SMASHUP_TEST_EMBEDDED", raising=False)
    assert _test_redis_url() == "redis://127.0.0.1:6379/15"
    monkeypatch.setenv("SMASHUP_TEST_EMBEDDED", "1")
    assert _test_redis_url() == ""
