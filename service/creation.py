"""What creating a game decides besides its events: the seats' grants and the game's metadata."""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Sequence
from typing import Any

from domain import GameSetup, GameState, InvalidSetup, RuleViolation, ScriptedSetup, start_game
from events.envelope import utc_timestamp
from service.outcomes import SeatGrant

log = logging.getLogger(__name__)


def start_events(setup: GameSetup) -> tuple[Any, ...]:
    """The creation events; any refusal of the setup becomes :class:`InvalidSetup`."""
    try:
        return start_game(setup)
    except RuleViolation:
        raise
    except (ValueError, KeyError, IndexError, TypeError) as error:
        log.warning("start_game refused a setup with %r", error, exc_info=True)
        raise InvalidSetup(f"the setup cannot be played: {error}") from error


def seat_grants(
    state: GameState, owners: Sequence[str | None], handed: Sequence[str | None]
) -> tuple[SeatGrant, ...]:
    """Each seat's grant: a new seat token unless a bot, an account (``owners``) or a token
    handed out beforehand (``handed``, digests) plays it."""
    return tuple(
        SeatGrant(
            p.seat,
            p.name,
            p.bot,
            None if p.bot or owners[p.seat] or handed[p.seat] else secrets.token_urlsafe(32),
            owners[p.seat],
        )
        for p in state.players
    )


def creation_meta(
    state: GameState,
    seats: Sequence[SeatGrant],
    owners: Sequence[str | None],
    *,
    rated: bool,
    scripted: ScriptedSetup | None,
) -> dict[str, str]:
    """A new game's metadata: when, its seats, its status, its accounts, whether it is rated
    (every seat an account and the setup not scripted)."""
    meta = {
        "created_at": utc_timestamp(),
        "seats": json.dumps([{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats]),
        "status": state.status,
    }
    if any(owners):
        meta["accounts"] = json.dumps(owners)
    if rated and all(owners) and scripted is None:
        meta["rated"] = "1"
    return meta
