"""Finding a game: open games (join a seat), seeks for accounts, and quick pairing."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, current_app, url_for
from marshmallow import ValidationError

from api import auth
from api.errors import ApiError
from api.limits import client_id, hold_game, quota
from api.routes.accounts import caller_account, social
from api.routes.common import check_game_id, games, idempotency_key, no_query, read_json
from api.schemas import AcceptSchema, JoinSchema, NewSeekSchema, OpenSeat, PairingSchema
from domain import PlayerSetup
from domain.model import Clock
from service.accounts import AccountSeat
from service.joins import join_once
from service.seating import Joined, TableSeat
from service.seeks import Seeks
from service.tables import OPEN_GAME_TTL, SEEK_TTL, Tables

TABLES = "smashup.tables"

join_bp = Blueprint("tables", __name__, url_prefix="/v1/games")
seeks_bp = Blueprint("seeks", __name__, url_prefix="/v1/seeks")
pairing_bp = Blueprint("pairing", __name__, url_prefix="/v1/pairing")


def _setting(name: str, default: int) -> int:
    """A table setting in seconds: the app's, else the environment variable's, else ``default``."""
    return int(current_app.config.get(name) or os.environ.get(name) or default)


def tables() -> Tables:
    """The tables service of the current app (``OPEN_GAME_TTL`` and ``SEEK_TTL`` in seconds)."""
    found: Tables | None = current_app.extensions.get(TABLES)
    if found is None:
        found = Tables(
            social().accounts,
            social().feeds,
            open_ttl=_setting("OPEN_GAME_TTL", OPEN_GAME_TTL),
            seek_ttl=_setting("SEEK_TTL", SEEK_TTL),
        )
        current_app.extensions[TABLES] = found
    return found


def check_quota() -> None:
    """Refuse (429 ``too_many_games``) a caller whose address or identity has no place left."""
    with hold_game():
        pass  # a place taken and given back at once: the check, without counting


def _counted(joined: Joined) -> Joined:
    """Count a game a join started in the quota of every client that took part in it."""
    limit = quota()
    if limit is not None and joined.game is not None:
        limit.add(joined.clients, joined.game.game_id)
    return joined


def _seat(setup: PlayerSetup | AccountSeat) -> TableSeat:
    if isinstance(setup, AccountSeat):
        return TableSeat(setup.setup.factions, player=setup.player)
    return TableSeat(setup.factions, name=setup.name, bot=setup.bot)


def open_game(
    players: Sequence[PlayerSetup | AccountSeat | OpenSeat],
    seed: str | None,
    clock: Clock | None,
    boxes: int | None,
    setup: str = "factions",
    rated: bool = False,
) -> tuple[dict[str, Any], int, dict[str, str]]:
    """``POST /v1/games`` with open seats: 202 with the table and its anonymous seats' tokens
    (quota checked by the caller). A ``rated`` table seats accounts only."""
    seats = [None if isinstance(p, OpenSeat) else _seat(p) for p in players]
    table, tokens = tables().open(
        "game",
        seats,
        seed=seed,
        clock=clock,
        boxes=boxes or 1,
        setup=setup,
        client=client_id(),
        extra={"rated": rated},
    )
    body = {
        "id": table["id"],
        "table": table,
        "tokens": [{"seat": seat, "token": token} for seat, token in sorted(tokens.items())],
    }
    return body, 202, {"Location": url_for("tables.get_table", game_id=table["id"])}


def _joined(joined: Joined) -> dict[str, Any]:
    return {"seat": joined.seat, "token": joined.token, "table": joined.table}


def _factions_fit(factions: Sequence[str], setup: str) -> None:
    """A seat joining a table where each seat names its factions must name them."""
    if setup != "draft" and not factions:
        raise ValidationError({"factions": ["Missing data for required field."]})


# -- open games -------------------------------------------------------------------------------


@join_bp.get("/<game_id>/table")
def get_table(game_id: str) -> dict[str, Any]:
    """An open (or recently started) game's table: its seats, taken and open."""
    no_query()
    return tables().get(check_game_id(game_id))


@join_bp.post("/<game_id>/join")
def join(game_id: str) -> dict[str, Any]:
    """Take the first open seat: anonymous (``name``: the answer holds the seat's token) or
    the caller's account (``player``); the game starts when the last seat is taken."""
    no_query()
    data = JoinSchema().load(read_json())
    if "player" in data:
        if caller_account() != data["player"]:
            raise ApiError(403, "forbidden", "'player' must be the account of your token")
        seat = TableSeat(tuple(data["factions"]), player=data["player"])
    else:
        seat = TableSeat(tuple(data["factions"]), name=data["name"])
    _factions_fit(seat.factions, tables().get(check_game_id(game_id))["setup"])
    check_quota()
    joined = join_once(
        tables(),
        check_game_id(game_id),
        seat,
        idempotency_key(),
        client=client_id(),
        caller_token=auth.token_or_none(),
    )
    return _joined(_counted(joined))


@join_bp.post("/<game_id>/cancel")
def cancel_open_game(game_id: str) -> dict[str, Any]:
    """Cancel an open game: its creator's account token, or (an anonymous creator) the seat
    token it was given when it opened the game."""
    no_query()
    token = auth.token_or_none()
    if token is None:
        raise ApiError(401, "unauthenticated", "send the token that opened this game")
    account = auth.account(games())
    return tables().cancel(check_game_id(game_id), account, "game", token=token)


# -- seeks ------------------------------------------------------------------------------------


def seeks() -> Seeks:
    """The seeks service of the current app."""
    return Seeks(tables())


@seeks_bp.post("")
def create_seek() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Open a seek: the caller's account takes seat 0; 201 with the seek."""
    account = caller_account()
    no_query()
    data = NewSeekSchema().load(read_json())
    check_quota()
    seek = seeks().create(
        account,
        data["seats"],
        data["factions"],
        clock=data["clock"],
        rated=data["rated"],
        boxes=data["boxes"],
        setup=data["setup"],
        client=client_id(),
    )
    return seek, 201, {"Location": url_for("seeks.get_seek", seek_id=seek["id"])}


@seeks_bp.get("")
def list_seeks() -> dict[str, Any]:
    """The open seeks, oldest first."""
    no_query()
    return {"seeks": tables().listing("seek")}


@seeks_bp.get("/<seek_id>")
def get_seek(seek_id: str) -> dict[str, Any]:
    """One seek (open, started or canceled, until its record expires)."""
    no_query()
    return tables().get(seek_id, "seek")


@seeks_bp.post("/<seek_id>/accept")
def accept_seek(seek_id: str) -> dict[str, Any]:
    """Take an open seat of a seek for the caller's account."""
    account = caller_account()
    no_query()
    data = AcceptSchema().load(read_json())
    _factions_fit(data["factions"], tables().get(seek_id, "seek")["setup"])
    check_quota()
    joined = seeks().accept(seek_id, account, data["factions"], client_id())
    return _joined(_counted(joined))


@seeks_bp.post("/<seek_id>/cancel")
def cancel_seek(seek_id: str) -> dict[str, Any]:
    """Withdraw an open seek the caller made."""
    account = caller_account()
    no_query()
    return tables().cancel(seek_id, account, "seek")


# -- quick pairing ----------------------------------------------------------------------------


@pairing_bp.post("")
def pair() -> dict[str, Any]:
    """Join the oldest waiting pool seek of the same seats and clock, or open one and wait."""
    account = caller_account()
    no_query()
    data = PairingSchema().load(read_json())
    check_quota()
    paired = seeks().pair(
        account, data["seats"], data["factions"], data["clock"], client_id(), data["setup"]
    )
    if paired.joined is not None:
        _counted(paired.joined)
    return {"status": paired.status, "seat": paired.seat, "seek": paired.seek}
