"""A real ``smashup serve`` on a free port of 127.0.0.1, shared by the SDK's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sdk_helpers import serve
from smashup_client import Client


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of ``smashup serve`` (embedded Redis, one bot worker, no rate limit)."""
    with serve(tmp_path_factory.mktemp("serve-data"), "--rate-limit", "0") as base:
        yield base


@pytest.fixture
def client(server_url: str) -> Iterator[Client]:
    """A spectator client of the server."""
    with Client(server_url) as found:
        yield found
