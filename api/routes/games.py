"""Games: create, view, legal moves, commands and the events feed."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from marshmallow import ValidationError

from api import auth
from api.commands import load_command
from api.labels import language, localize_options, move_label, needs_localizing, query_language
from api.limits import count_identity, hold_game
from api.routes.common import check_game_id, games, idempotency_key, no_query, read_json
from api.routes.replays import replays
from api.routes.tables import check_quota, open_game
from api.schemas import CommandQuery, CreateGameSchema, EventsQuery, OpenSeat, load_query
from domain import GameState, legal_commands, view
from domain.table import UNAWAITED, has_resigned, refuse_resigned
from domain.view import option_view
from service.accounts import AccountNotFound
from service.archive import refuse_archived
from service.clocks import deadline, deadline_text
from service.games import Games
from service.seating import check_boxes
from service.social import new_game

bp = Blueprint("games", __name__, url_prefix="/v1/games")


@bp.post("")
def create_game() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Create a game: 201 with its id, version and the seats' tokens; 202 with its table when
    seats are left open (the game starts when they are all taken)."""
    no_query()
    data = CreateGameSchema().load(read_json())
    players = data["players"]
    drafted = data["setup"] == "draft"
    if any(isinstance(p, OpenSeat) for p in players):
        check_quota()
        return open_game(
            players, data["seed"], data["clock"], data["boxes"], data["setup"], data["rated"]
        )
    if data["boxes"] is not None:
        check_boxes([getattr(p, "setup", p).factions for p in players], data["boxes"])
    with hold_game() as held:
        try:
            created = new_game(
                games(),
                players,
                data["seed"],
                data["scripted"],
                data["clock"],
                data["rated"],
                drafted=drafted,
                boxes=data["boxes"] or 1,
            )
        except AccountNotFound as missing:
            raise ValidationError({"players": [missing.message]}) from None
        held.keep(created.game_id)
    body = {
        "id": created.game_id,
        "version": created.version,
        "seats": [s.as_json() for s in created.seats],
    }
    return body, 201, {"Location": url_for("games.get_game", game_id=created.game_id)}


@bp.get("/<game_id>")
def get_game(game_id: str) -> dict[str, Any]:
    """The game as the caller may see it."""
    service = games()
    state = service.load(check_game_id(game_id))
    seat = auth.viewer(service, game_id)
    lang = query_language()
    shown = localize_options(state, view(state, seat), lang)
    return with_deadline(service, game_id, state, shown)


def with_deadline(
    service: Games, game_id: str, state: GameState, shown: dict[str, Any]
) -> dict[str, Any]:
    """A view with its clock's deadline filled in (when a client's decision is due)."""
    if "clock" in shown:
        due = deadline(service, game_id, state)
        shown["clock"]["deadline"] = None if due is None else deadline_text(due)
    return shown


@bp.get("/<game_id>/moves")
def moves(game_id: str) -> dict[str, Any]:
    """Every legal command of the caller now, each a complete body with its ``label`` in the
    caller's language (spectators: none)."""
    service = games()
    state = service.load(check_game_id(game_id))
    seat = auth.viewer(service, game_id)
    lang = query_language()
    moves: list[dict[str, Any]] = []
    table: list[dict[str, Any]] = []
    if seat is not None and not has_resigned(state, seat):  # a bot plays a resigned seat
        decision = state.pending
        options = {} if decision is None else {o.id: option_view(o) for o in decision.options}
        for c in legal_commands(state, seat):
            body = c.body() | {"expected_version": state.version}
            body["label"] = move_label(state, seat, body, options, lang)
            (table if isinstance(c, UNAWAITED) else moves).append(body)
    return {"version": state.version, "seat": seat, "lang": lang, "moves": moves, "table": table}


@bp.post("/<game_id>/commands")
def command(game_id: str) -> Response:
    """Run one command for the caller's seat: 200 with the new version, the caller's events and
    what comes next; the game view too with ``?view=true``.

    Redis round trips: one to load the game and check the token, one to append (and record the
    idempotency key).
    """
    service = games()
    state, owner = service.open(check_game_id(game_id), auth.token_or_none())
    seat = auth.seat(service, game_id, lambda _token: owner)
    count_identity()  # the token was checked with the game's load (one round trip)
    refuse_archived(service, game_id, state.status)
    query = load_query(CommandQuery, request.args)
    loaded = load_command(read_json(), seat)
    refuse_resigned(state, seat)
    key = idempotency_key()
    result = service.execute(
        game_id, seat, loaded.command, loaded.expected_version, key, state=state
    )
    answer = result.answer
    lang = language(query["lang"])
    if query["view"] or needs_localizing(answer, lang):
        shown = result.state or replays().state_at(game_id, answer["version"])
        answer = localize_options(shown, answer, lang)
        if query["view"]:
            game = localize_options(shown, view(shown, seat), lang)
            answer = {**answer, "game": with_deadline(service, game_id, shown, game)}
    response = jsonify(answer)
    if result.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@bp.get("/<game_id>/events")
def events(game_id: str) -> dict[str, Any]:
    """The caller's view of the events after ``?after=``, long-polling up to ``?wait=``."""
    service = games()
    service.require(check_game_id(game_id))
    viewer = auth.viewer(service, game_id)
    query = load_query(EventsQuery, request.args)
    found = service.events(game_id, viewer, query["after"], query["wait"], query["limit"])
    next_after = found[-1]["version"] if found else query["after"]
    return {"events": found, "next_after": next_after}
