"""Tournaments (arenas): create, list, show, enter, leave and start."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Any

from smashup_client.operations import operation
from smashup_client.resources import JSON, _Group


class Tournaments(_Group):
    """Round-robin and Swiss tournaments of accounts, paired by the server each round."""

    @operation("createTournament", "POST", "/v1/tournaments")
    def create(self, name: str = "Tournament", **settings: Any) -> JSON:
        """Create an open tournament; the caller's account is its creator (``Tournament``).
        ``settings``: ``format``, ``seats``, ``rounds``, ``clock``, ``factions``, ``rated``,
        ``max_players``, ``starts_at``, ``start_when_full``, ``bots`` (as ``NewTournament``)."""
        return self._json("POST", "/v1/tournaments", json_body={"name": name, **settings})

    @operation("listTournaments", "GET", "/v1/tournaments")
    def list(self, status: str | None = None, *, limit: int | None = None) -> JSON:
        """The newest tournaments, newest first (``TournamentList``)."""
        params = {"status": status, "limit": limit}
        return self._json("GET", "/v1/tournaments", params=params)

    @operation("getTournament", "GET", "/v1/tournaments/{tournament_id}")
    def get(self, tournament_id: str) -> JSON:
        """A tournament with its players, standings and every game (``Tournament``)."""
        return self._json("GET", f"/v1/tournaments/{tournament_id}")

    @operation("joinTournament", "POST", "/v1/tournaments/{tournament_id}/join")
    def join(self, tournament_id: str, factions: Sequence[str] | None = None) -> JSON:
        """Enter the caller's account (``factions``: its two, when they are fixed)."""
        body = {} if factions is None else {"factions": builtins.list(factions)}
        return self._json("POST", f"/v1/tournaments/{tournament_id}/join", json_body=body)

    @operation("leaveTournament", "POST", "/v1/tournaments/{tournament_id}/leave")
    def leave(self, tournament_id: str) -> JSON:
        """Take the caller's account out of an open tournament."""
        return self._json("POST", f"/v1/tournaments/{tournament_id}/leave")

    @operation("startTournament", "POST", "/v1/tournaments/{tournament_id}/start")
    def start(self, tournament_id: str) -> JSON:
        """Start the tournament now (its creator only)."""
        return self._json("POST", f"/v1/tournaments/{tournament_id}/start")
