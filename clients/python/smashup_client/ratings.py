"""Ratings: the leaderboard (an account's ratings are in ``accounts.get``, its profile)."""

from __future__ import annotations

from smashup_client.operations import operation
from smashup_client.resources import JSON, _Group


class Ratings(_Group):
    """The ranking of each rating category (``2p``, ``3-4p``)."""

    @operation("getLeaderboard", "GET", "/v1/leaderboard")
    def leaderboard(
        self,
        category: str = "2p",
        *,
        bots: str = "exclude",
        limit: int | None = None,
        cursor: str | None = None,
    ) -> JSON:
        """One page of the ranking, best first (``Leaderboard``; pass its ``next_cursor`` as
        ``cursor`` for the next). ``bots``: ``exclude`` (people), ``only`` or ``include``."""
        params = {"category": category, "bots": bots, "limit": limit, "cursor": cursor}
        return self._json("GET", "/v1/leaderboard", params=params)
