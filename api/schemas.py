"""Marshmallow schemas: request bodies and query strings in, domain objects out.

Unknown fields are refused everywhere (marshmallow's ``RAISE``): a typo is a 422, never ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from api.queries import (
    CatalogueQuery,
    ChallengesQuery,
    CommandQuery,
    EventsQuery,
    FactionsQuery,
    GamesQuery,
    LangQuery,
    MyGamesQuery,
    StreamQuery,
    TurnsQuery,
)
from api.schema_fields import (
    _ID,
    LANGUAGES,
    MAX_INT,
    ClockSchema,
    Seed,
    StrictBoolean,
    StrictInteger,
    _factions,
    _ids,
    _index,
    _printable,
    _rows,
    _tuples,
    load_query,
    setup_mode,
)
from api.schemas_accounts import (
    SECRET_MAX,
    SECRET_MIN,
    AcceptSchema,
    JoinSchema,
    NewAccountSchema,
    NewChallengeSchema,
    NewSeekSchema,
    NewWebhookSchema,
    PairingSchema,
)
from domain import BoardCard, PlayerSetup, ScriptedSetup
from service.accounts import AccountSeat

__all__ = [
    "LANGUAGES",
    "MAX_INT",
    "SECRET_MAX",
    "SECRET_MIN",
    "AcceptSchema",
    "BoardCardSchema",
    "CatalogueQuery",
    "ChallengesQuery",
    "ClockSchema",
    "CommandQuery",
    "CreateGameSchema",
    "EventsQuery",
    "FactionsQuery",
    "GamesQuery",
    "JoinSchema",
    "LangQuery",
    "MyGamesQuery",
    "NewAccountSchema",
    "NewChallengeSchema",
    "NewSeekSchema",
    "NewWebhookSchema",
    "OpenSeat",
    "PairingSchema",
    "PlayerSchema",
    "ScriptedSchema",
    "StreamQuery",
    "TurnsQuery",
    "load_query",
    "refused_setup",
]


@dataclass(frozen=True)
class OpenSeat:
    """A seat of a new game left open (``{"open": true}``): anyone may join it."""


class PlayerSchema(Schema):
    """One seat of a new game: a ``name`` (anonymous seat or bot), a ``player`` account, or
    ``{"open": true}`` (a seat to be taken later by ``POST /v1/games/{id}/join``)."""

    name = fields.String(validate=[validate.Length(min=1, max=40), _printable])
    player = fields.String(validate=_ID)
    factions = _factions()
    bot = fields.String(load_default=None, allow_none=True, validate=_ID)
    open = StrictBoolean(validate=validate.Equal(True))

    @validates_schema
    def one_identity(self, data: dict[str, Any], **_: Any) -> None:
        """A seat has a name or a player account, not both; accounts are never bots; an open
        seat has nothing else."""
        if "open" in data:
            others = sorted(k for k in data if k != "open" and (k != "bot" or data[k]))
            if others:
                raise ValidationError(f"an open seat takes no {', '.join(others)}", "open")
            return
        if ("name" in data) == ("player" in data):
            raise ValidationError("give either 'name' or 'player'", "_schema")
        if "player" in data and data["bot"] is not None:
            raise ValidationError("an account seat cannot be a bot", "bot")

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> PlayerSetup | AccountSeat | OpenSeat:
        """Build the domain's player setup (wrapped with its account for account seats)."""
        if "open" in data:
            return OpenSeat()
        factions = tuple(data.get("factions", ()))  # none in a drafted game (CreateGameSchema)
        if "player" in data:
            return AccountSeat(PlayerSetup("", factions), data["player"])
        return PlayerSetup(data["name"], factions, data["bot"])


class BoardCardSchema(Schema):
    """A card already in play in a scripted setup."""

    base = _index(required=True)
    card = fields.String(required=True, validate=_ID)
    owner = _index(required=True)
    attached_to = _index(load_default=None, allow_none=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> BoardCard:
        """Build the domain's board card."""
        return BoardCard(data["base"], data["card"], data["owner"], data["attached_to"])


class ScriptedSchema(Schema):
    """An exact starting position (decks and base deck top first)."""

    first_seat = _index(load_default=0)
    decks = _rows(required=True)
    hands = _rows(load_default=None, allow_none=True)
    discards = _rows(load_default=None, allow_none=True)
    bases = _ids(8, required=True)
    base_deck = _ids(load_default=list)
    board = fields.List(
        fields.Nested(BoardCardSchema), load_default=list, validate=validate.Length(max=100)
    )
    vp = fields.List(
        StrictInteger(validate=validate.Range(min=0, max=1000)),
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=4),
    )

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> ScriptedSetup:
        """Build the domain's scripted setup (tuples everywhere)."""
        return ScriptedSetup(
            bases=tuple(data["bases"]),
            decks=_tuples(data["decks"]) or (),
            first_seat=data["first_seat"],
            hands=_tuples(data["hands"]),
            discards=_tuples(data["discards"]),
            base_deck=tuple(data["base_deck"]),
            board=tuple(data["board"]),
            vp=None if data["vp"] is None else tuple(data["vp"]),
        )


class CreateGameSchema(Schema):
    """``POST /v1/games``."""

    players = fields.List(
        fields.Nested(PlayerSchema), required=True, validate=validate.Length(min=2, max=4)
    )
    seed = Seed(load_default=None, allow_none=True)
    scripted = fields.Nested(ScriptedSchema, load_default=None, allow_none=True)
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    boxes = StrictInteger(load_default=None, allow_none=False, validate=validate.OneOf([1, 2]))
    rated = StrictBoolean(load_default=False)
    setup = setup_mode()

    @validates_schema
    def seat_factions(self, data: dict[str, Any], **_: Any) -> None:
        """Each seat names its two factions, except in a drafted game where none does."""
        drafted = data.get("setup") == "draft"
        if drafted and data.get("scripted"):
            raise ValidationError("a scripted game names every seat's cards: no draft", "setup")
        errors: dict[int, dict[str, list[str]]] = {}
        for i, p in enumerate(data.get("players", [])):
            if isinstance(p, OpenSeat):
                continue
            named = bool(getattr(p, "setup", p).factions)
            if drafted and named:
                errors[i] = {"factions": ["a drafted game's seats give no factions"]}
            elif not drafted and not named:
                errors[i] = {"factions": ["Missing data for required field."]}
        if errors:
            raise ValidationError({"players": errors})

    @validates_schema
    def scripted_seats(self, data: dict[str, Any], **_: Any) -> None:
        """A scripted setup names every seat's cards: it leaves no seat open. A rated game seats
        only player accounts and is not scripted."""
        if data.get("scripted") and any(isinstance(p, OpenSeat) for p in data["players"]):
            raise ValidationError("a scripted game cannot leave seats open", "scripted")
        if data.get("rated"):
            if data.get("scripted"):
                raise ValidationError("a scripted game cannot be rated", "rated")
            if not all(isinstance(p, AccountSeat | OpenSeat) for p in data.get("players", [])):
                raise ValidationError(
                    "a rated game seats only player accounts ({'player': id} on every seat,"
                    " or an open seat, which only an account may take)",
                    "rated",
                )


def refused_setup(players: list[dict[str, Any]], seed: str) -> str | None:
    """Why ``POST /v1/games`` would refuse these players and seed (None if it accepts them);
    players with no factions at all are a drafted game's."""
    body: dict[str, Any] = {"players": players, "seed": seed}
    if players and all(not p.get("factions") for p in players):
        seats = [{k: v for k, v in p.items() if k != "factions"} for p in players]
        body = {"players": seats, "seed": seed, "setup": "draft"}
    try:
        CreateGameSchema().load(body)
    except ValidationError as error:
        return str(error.messages)
    return None
