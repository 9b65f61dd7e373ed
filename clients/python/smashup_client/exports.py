"""Bulk exports of finished games (ndjson): all public games, or one account's."""

from __future__ import annotations

from typing import Any

from smashup_client.operations import operation
from smashup_client.resources import JSON, _Group, parse_json_lines


class Exports(_Group):
    """Finished games in bulk, oldest first: ``format="games"`` gives one line a game (its
    metadata and events), ``format="events"`` one line an event."""

    def _lines(self, path: str, **params: Any) -> list[JSON]:
        """The lines of one export (``params``: its query; None values are left out)."""
        return parse_json_lines(self._t.request("GET", path, params=params).text)

    @operation("exportGames", "GET", "/v1/games/export")
    def games(
        self,
        *,
        since: str | None = None,
        until: str | None = None,
        limit: int | None = None,
        format: str | None = None,
    ) -> list[JSON]:
        """Every finished public game created in ``[since, until)``."""
        path = "/v1/games/export"
        return self._lines(path, since=since, until=until, limit=limit, format=format)

    @operation("exportPlayerGames", "GET", "/v1/players/{player_id}/games/export")
    def player_games(
        self,
        player_id: str,
        *,
        since: str | None = None,
        until: str | None = None,
        limit: int | None = None,
        format: str | None = None,
    ) -> list[JSON]:
        """The finished games that seat account ``player_id``, created in ``[since, until)``."""
        path = f"/v1/players/{player_id}/games/export"
        return self._lines(path, since=since, until=until, limit=limit, format=format)
