"""Tournaments (arenas): create, list, show, enter, leave and start (service.tournaments)."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from flask import Blueprint, Response, request, url_for
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.routes.accounts import caller_account
from api.routes.common import games, no_query, read_json
from api.routes.site import asset_text
from api.schema_fields import (
    ClockSchema,
    StrictBoolean,
    StrictInteger,
    _factions,
    _printable,
    load_query,
)
from service.accounts import BUILTIN_BOTS
from service.pairings import FORMATS
from service.seating import check_factions
from service.tournaments import Tournaments, tournaments_of

bp = Blueprint("tournaments", __name__, url_prefix="/v1/tournaments")
page_bp = Blueprint("arena", __name__)

STATUSES = ("open", "running", "finished", "canceled")
MAX_PLAYERS = 64
MAX_ROUNDS = 64


class NewTournamentSchema(Schema):
    """``POST /v1/tournaments``."""

    name = fields.String(
        load_default="Tournament", validate=[validate.Length(min=1, max=60), _printable]
    )
    format = fields.String(load_default="round_robin", validate=validate.OneOf(FORMATS))
    seats = StrictInteger(load_default=2, validate=validate.Range(min=2, max=4))
    rounds = StrictInteger(
        load_default=None, allow_none=True, validate=validate.Range(min=1, max=MAX_ROUNDS)
    )
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    factions = fields.String(
        load_default="random", validate=validate.OneOf(["fixed", "random", "draft"])
    )
    rated = StrictBoolean(load_default=True)
    max_players = StrictInteger(load_default=16, validate=validate.Range(min=2, max=MAX_PLAYERS))
    starts_at = fields.AwareDateTime(load_default=None, allow_none=True)
    start_when_full = StrictBoolean(load_default=False)
    bots = fields.List(
        fields.String(validate=validate.OneOf(sorted(BUILTIN_BOTS))),
        load_default=list,
        validate=validate.Length(max=len(BUILTIN_BOTS)),
    )

    @validates_schema
    def entrants(self, data: dict[str, Any], **_: Any) -> None:
        """Each built-in bot once, no more of them than the players taken."""
        bots = data.get("bots", [])
        if len(set(bots)) != len(bots):
            raise ValidationError("each built-in bot once", "bots")
        if len(bots) > data.get("max_players", 16):
            raise ValidationError("more built-in bots than max_players", "bots")


class JoinTournamentSchema(Schema):
    """``POST /v1/tournaments/{id}/join``: the caller's factions (required when fixed)."""

    factions = _factions(load_default=None)


class TournamentsQuery(Schema):
    """``?status=&limit=`` of the list of tournaments."""

    status = fields.String(load_default=None, validate=validate.OneOf(STATUSES))
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


def tournaments() -> Tournaments:
    """The tournaments service of the current app."""
    found = tournaments_of(games())
    if found is None:
        raise RuntimeError("the games service has no tournaments attached")
    return found


@bp.post("")
def create_tournament() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Create an open tournament; the caller's account is its creator (it enters by joining)."""
    no_query()
    by = caller_account()
    data = NewTournamentSchema().load(read_json())
    bots = data.pop("bots")
    if data["starts_at"] is not None:
        at = data["starts_at"].astimezone(UTC)
        data["starts_at"] = at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{at.microsecond // 1000:03d}Z"
    created = tournaments().create(by, data, bots)
    location = url_for("tournaments.get_tournament", tournament_id=created["id"])
    return created, 201, {"Location": location}


@bp.get("")
def list_tournaments() -> dict[str, Any]:
    """The newest tournaments, newest first (optionally of one status)."""
    query = load_query(TournamentsQuery, request.args)
    return {"tournaments": tournaments().listing(query["status"], query["limit"])}


@bp.get("/<tournament_id>")
def get_tournament(tournament_id: str) -> dict[str, Any]:
    """A tournament: its settings, players, standings and every game."""
    no_query()
    return tournaments().get(tournament_id)


@bp.post("/<tournament_id>/join")
def join_tournament(tournament_id: str) -> dict[str, Any]:
    """Enter the caller's account (before the start)."""
    no_query()
    player = caller_account()
    data = JoinTournamentSchema().load(read_json() if request.get_data() else {})
    service = tournaments()
    if service.record(tournament_id)["factions"] == "fixed":
        if data["factions"] is None:
            raise ValidationError({"factions": ["this tournament's factions are fixed: give two"]})
        check_factions(data["factions"])
    return service.join(tournament_id, player, data["factions"])


@bp.post("/<tournament_id>/leave")
def leave_tournament(tournament_id: str) -> dict[str, Any]:
    """Take the caller's account out (before the start)."""
    no_query()
    return tournaments().leave(tournament_id, caller_account())


@bp.post("/<tournament_id>/start")
def start_tournament(tournament_id: str) -> dict[str, Any]:
    """Start the tournament now (its creator only); a worker pairs the first round."""
    no_query()
    return tournaments().start(tournament_id, caller_account())


@page_bp.get("/arena")
def arena_page() -> Response:
    """The web page of the leaderboard and a tournament's standings, kept live by polling the
    public API (``?tournament=<id>`` shows that one first)."""
    return Response(asset_text("arena.html"), mimetype="text/html")
