"""A real ``smashup serve`` on a free port of 127.0.0.1, shared by the SDK's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave this directory's ``slow`` tests out unless a ``-m`` expression is given
    (``pytest -m slow clients/python/tests`` runs the 20-game soak)."""
    if config.getoption("markexpr"):
        return
    here = Path(__file__).parent
    slow = [i for i in items if i.get_closest_marker("slow") and here in i.path.parents]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item not in slow]
