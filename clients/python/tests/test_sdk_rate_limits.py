"""429 ``Retry-After`` is honoured: against a server with a small rate limit."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from sdk_helpers import account, serve
from smashup_client import Client, RateLimited, RetryPolicy

LIMIT = (6, 2)
"""Requests per window, window seconds of the server under test."""


@pytest.fixture(scope="module")
def limited_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``smashup serve`` allowing 6 requests per 2 s and client."""
    with serve(
        tmp_path_factory.mktemp("limited"), "--rate-limit", f"{LIMIT[0]}/{LIMIT[1]}"
    ) as base:
        yield base


def test_requests_past_the_rate_limit_wait_out_retry_after_and_all_succeed(
    limited_url: str,
) -> None:
    client, _ = account(limited_url, "Burst")  # a bucket of its own (made-up tokens get 401)
    with client:
        started = time.monotonic()
        answers = [client.catalogue.factions(set="core")["count"] for _ in range(14)]
        elapsed = time.monotonic() - started
    assert answers == [answers[0]] * 14
    assert elapsed >= LIMIT[1], "14 requests at 6 per 2 s span at least two windows"
    assert elapsed < 30


def test_without_retries_a_429_raises_rate_limited_with_its_retry_after(limited_url: str) -> None:
    made, _ = account(limited_url, "Hasty")
    made.close()
    token = made.transport.token
    with Client(limited_url, token, retry=RetryPolicy(attempts=1)) as client:
        for _ in range(LIMIT[0]):
            client.catalogue.bases()
        with pytest.raises(RateLimited) as refused:
            client.catalogue.bases()
    assert (refused.value.status, refused.value.code) == (429, "rate_limited")
    assert refused.value.retry_after is not None
    assert 0 < refused.value.retry_after <= LIMIT[1]
