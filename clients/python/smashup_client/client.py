"""The entry point: ``Client(base_url, token)`` with one attribute per group of operations."""

from __future__ import annotations

from typing import Any

import httpx

from smashup_client.exports import Exports
from smashup_client.operations import Operation, covered_operations
from smashup_client.ratings import Ratings
from smashup_client.resources import (
    Accounts,
    Catalogue,
    Challenges,
    Games,
    Me,
    Replays,
    Service,
    Site,
    Webhooks,
)
from smashup_client.tables import Seeks, Tables
from smashup_client.tournaments import Tournaments
from smashup_client.transport import RetryPolicy, Transport


class Client:
    """A client of one Smash Up server, acting with one token (or as a spectator).

    >>> client = Client("http://127.0.0.1:8000", token="sua_...")  # doctest: +SKIP
    >>> client.me.turns(wait=20)  # doctest: +SKIP

    Groups: ``service``, ``catalogue``, ``games``, ``me``, ``accounts``, ``challenges``,
    ``webhooks``, ``replays``, ``site``, ``tables`` (open games), ``seeks`` (seeks and
    quick pairing), ``exports`` (finished games in bulk), ``ratings`` (the leaderboard) and
    ``tournaments``.
    Refusals raise
    :class:`~smashup_client.errors.ApiError` subclasses carrying the problem's ``code``.
    Use it as a context manager, or call :meth:`close`, to free its connections.
    """

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        http: httpx.Client | None = None,
    ) -> None:
        self.transport = Transport(base_url, token, timeout=timeout, retry=retry, http=http)
        self.service = Service(self.transport)
        self.catalogue = Catalogue(self.transport)
        self.games = Games(self.transport)
        self.me = Me(self.transport)
        self.accounts = Accounts(self.transport)
        self.challenges = Challenges(self.transport)
        self.webhooks = Webhooks(self.transport)
        self.replays = Replays(self.transport)
        self.site = Site(self.transport)
        self.tables = Tables(self.transport)
        self.seeks = Seeks(self.transport)
        self.exports = Exports(self.transport)
        self.ratings = Ratings(self.transport)
        self.tournaments = Tournaments(self.transport)

    @property
    def token(self) -> str | None:
        """The bearer token this client sends (None: a spectator)."""
        return self.transport.token

    def with_token(self, token: str | None) -> Client:
        """Another client of the same server acting with ``token`` (its own connections)."""
        return Client(
            self.transport.base_url,
            token,
            timeout=self.transport.timeout,
            retry=self.transport.retry,
        )

    def operations(self) -> dict[str, tuple[str, Operation]]:
        """``operationId -> ("Group.method", Operation)`` for every operation this SDK calls."""
        return covered_operations(
            self.service,
            self.catalogue,
            self.games,
            self.me,
            self.accounts,
            self.challenges,
            self.webhooks,
            self.replays,
            self.site,
            self.tables,
            self.seeks,
            self.exports,
            self.ratings,
            self.tournaments,
        )

    def close(self) -> None:
        """Close the connections."""
        self.transport.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
