"""Finding a game: open tables anyone may join, seeks between accounts, quick pairing."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Any

from smashup_client.operations import operation
from smashup_client.resources import JSON, _Group
from smashup_client.transport import new_idempotency_key


def _seat_body(factions: Sequence[str], clock: JSON | None, **fields: Any) -> JSON:
    """A seat's body; no ``factions`` when there are none (a drafted game's seat)."""
    body: JSON = {**fields}
    if factions:
        body["factions"] = builtins.list(factions)
    if clock is not None:
        body["clock"] = clock
    return body


class Tables(_Group):
    """Open games: a game created with ``{"open": true}`` seats waits for players to join."""

    @operation("getTable", "GET", "/v1/games/{game_id}/table")
    def get(self, game_id: str) -> JSON:
        """An open (or recently started) game's table: its seats, taken and open (``Table``)."""
        return self._json("GET", f"/v1/games/{game_id}/table")

    @operation("joinGame", "POST", "/v1/games/{game_id}/join")
    def join(
        self,
        game_id: str,
        factions: Sequence[str],
        *,
        name: str | None = None,
        player: str | None = None,
        idempotency_key: str | None = None,
    ) -> JSON:
        """Take the first open seat, anonymously (``name``: the answer holds the seat's token)
        or for the caller's account (``player``); the last seat taken starts the game.
        An ``Idempotency-Key`` is made when none is given and sent again on every retry, so a
        join whose answer was lost takes one seat and answers its token again."""
        who = {"name": name} if player is None else {"player": player}
        return self._json(
            "POST",
            f"/v1/games/{game_id}/join",
            json_body=_seat_body(factions, None, **who),
            headers={"Idempotency-Key": idempotency_key or new_idempotency_key()},
        )

    @operation("cancelOpenGame", "POST", "/v1/games/{game_id}/cancel")
    def cancel(self, game_id: str) -> JSON:
        """Cancel an open game the caller opened (its account token, or the seat token an
        anonymous creator was given); answers the canceled table (``Table``)."""
        return self._json("POST", f"/v1/games/{game_id}/cancel")


class Seeks(_Group):
    """Seeks between accounts, and the quick-pairing pool."""

    @operation("createSeek", "POST", "/v1/seeks")
    def create(
        self,
        seats: int,
        factions: Sequence[str],
        *,
        clock: JSON | None = None,
        rated: bool = False,
        boxes: int = 1,
        setup: str = "factions",
    ) -> JSON:
        """Open a seek; the caller's account takes seat 0 (``Table``). With ``setup="draft"``
        ``factions`` is empty: the seats draft them."""
        body = _seat_body(factions, clock, seats=seats, rated=rated, boxes=boxes, setup=setup)
        return self._json("POST", "/v1/seeks", json_body=body)

    @operation("listSeeks", "GET", "/v1/seeks")
    def list(self) -> JSON:
        """The open seeks, oldest first (``SeekList``)."""
        return self._json("GET", "/v1/seeks")

    @operation("getSeek", "GET", "/v1/seeks/{seek_id}")
    def get(self, seek_id: str) -> JSON:
        """One seek, open, started or canceled (``Table``)."""
        return self._json("GET", f"/v1/seeks/{seek_id}")

    @operation("acceptSeek", "POST", "/v1/seeks/{seek_id}/accept")
    def accept(self, seek_id: str, factions: Sequence[str]) -> JSON:
        """Take an open seat of a seek for the caller's account (``Joined``)."""
        body = _seat_body(factions, None)
        return self._json("POST", f"/v1/seeks/{seek_id}/accept", json_body=body)

    @operation("cancelSeek", "POST", "/v1/seeks/{seek_id}/cancel")
    def cancel(self, seek_id: str) -> JSON:
        """Withdraw a seek the caller made."""
        return self._json("POST", f"/v1/seeks/{seek_id}/cancel")

    @operation("pair", "POST", "/v1/pairing")
    def pair(
        self,
        seats: int,
        factions: Sequence[str],
        *,
        clock: JSON | None = None,
        setup: str = "factions",
    ) -> JSON:
        """Join the oldest waiting pool seek of the same seats, clock and setup, or wait in a
        new one (``Paired``: ``status`` says which); ``setup="draft"`` with no factions."""
        body = _seat_body(factions, clock, seats=seats, setup=setup)
        return self._json("POST", "/v1/pairing", json_body=body)
