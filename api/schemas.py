"""Marshmallow schemas: request bodies and query strings in, domain objects out.

Unknown fields are refused everywhere (marshmallow's ``RAISE``): a typo is a 422, never ignored.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from domain import BoardCard, PlayerSetup, ScriptedSetup
from domain.model import Clock
from domain.setup import BOTS, MAX_CLOCK_SECONDS
from service.accounts import AccountSeat

LANGUAGES = ("en", "fr", "es")
MAX_WAIT = 30.0
MAX_EVENTS = 1000
MAX_INT = 2**31 - 1
MAX_GAMES_PAGE = 100
GAME_STATUSES = ("active", "ended")
_ID = validate.Length(min=1, max=64)


class StrictInteger(fields.Integer):
    """A JSON integer: refuses strings, floats and booleans."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        result: int = super()._deserialize(value, attr, data, **kwargs)
        return result


class StrictBoolean(fields.Boolean):
    """A JSON boolean: refuses strings and numbers."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class Seed(fields.Field[str]):
    """A seed given as a string or an integer; kept as a string."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise ValidationError("must be a string or an integer")
        text = str(value)
        if not 1 <= len(text) <= 128:
            raise ValidationError("must have 1 to 128 characters")
        return text


def _index(**kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.Range(min=0, max=MAX_INT), **kwargs)


def _ids(max_length: int = 200, **kwargs: Any) -> fields.Field[Any]:
    return fields.List(
        fields.String(validate=_ID), validate=validate.Length(max=max_length), **kwargs
    )


def _rows(**kwargs: Any) -> fields.Field[Any]:
    return fields.List(_ids(required=True), validate=validate.Length(min=1, max=4), **kwargs)


def _tuples(rows: list[list[str]] | None) -> tuple[tuple[str, ...], ...] | None:
    return None if rows is None else tuple(tuple(row) for row in rows)


def _printable(value: str) -> None:
    """Refuse control and invisible formatting characters, and blank names."""
    if not value.isprintable() or not value.strip():
        raise ValidationError("must be printable text, not blank")


def _factions(**kwargs: Any) -> fields.Field[Any]:
    return fields.List(fields.String(validate=_ID), validate=validate.Length(equal=2), **kwargs)


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
        if "factions" not in data:
            raise ValidationError("Missing data for required field.", "factions")
        if "player" in data and data["bot"] is not None:
            raise ValidationError("an account seat cannot be a bot", "bot")

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> PlayerSetup | AccountSeat | OpenSeat:
        """Build the domain's player setup (wrapped with its account for account seats)."""
        if "open" in data:
            return OpenSeat()
        if "player" in data:
            return AccountSeat(PlayerSetup("", tuple(data["factions"])), data["player"])
        return PlayerSetup(data["name"], tuple(data["factions"]), data["bot"])


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


class ClockSchema(Schema):
    """A game's turn clock: seconds per decision, and what happens when they run out."""

    seconds = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_CLOCK_SECONDS))
    on_expiry = fields.String(load_default="bot", validate=validate.OneOf(["bot", "forfeit"]))
    bot = fields.String(load_default="greedy", validate=validate.OneOf(list(BOTS)))

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> Clock:
        """Build the domain's clock."""
        return Clock(data["seconds"], data["on_expiry"], data["bot"])


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


class CatalogueQuery(Schema):
    """``?lang=&set=&faction=`` of the catalogue endpoints."""

    lang = fields.String(load_default="en", validate=validate.OneOf(LANGUAGES))
    set = fields.String(load_default=None, validate=_ID)
    faction = fields.String(load_default=None, validate=_ID)


class LangQuery(Schema):
    """``?lang=`` of the views that carry labels (absent: ``Accept-Language`` decides)."""

    lang = fields.String(load_default=None, validate=validate.OneOf(LANGUAGES))


class FactionsQuery(CatalogueQuery):
    """``GET /v1/factions`` takes no faction filter."""

    class Meta:
        exclude = ("faction",)


class _WaitQuery(Schema):
    wait = fields.Float(
        load_default=0.0, allow_nan=False, validate=validate.Range(min=0, max=MAX_WAIT)
    )


class EventsQuery(_WaitQuery):
    """``?after=N&wait=S&limit=L`` of the events feed."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_INT))
    limit = fields.Integer(load_default=MAX_EVENTS, validate=validate.Range(min=1, max=MAX_EVENTS))


class CommandQuery(Schema):
    """``?view=true`` of ``POST /v1/games/{id}/commands``: answer the game view too; ``?lang=``:
    the language of the awaited decision's option labels."""

    view = fields.Boolean(load_default=False)
    lang = fields.String(load_default=None, validate=validate.OneOf(LANGUAGES))


class TurnsQuery(_WaitQuery):
    """``?wait=S`` of ``/v1/me/turns``."""


class GamesQuery(Schema):
    """``?status=&limit=&cursor=`` of the public list of games."""

    status = fields.String(load_default=None, validate=validate.OneOf(GAME_STATUSES))
    open = fields.Boolean(load_default=False)
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=MAX_GAMES_PAGE))
    cursor = fields.String(
        load_default=None,
        validate=[
            validate.Length(max=120),
            validate.Regexp(r"\A[0-9T:.+Z-]{0,40}~[0-9]{12}~[A-Za-z0-9_-]{1,64}\Z"),
        ],
    )


class NewAccountSchema(Schema):
    """``POST /v1/players``."""

    name = fields.String(required=True, validate=[validate.Length(min=1, max=40), _printable])
    bot = StrictBoolean(load_default=False)


class NewChallengeSchema(Schema):
    """``POST /v1/challenges``: whom, with which factions, at which seat (0 plays first)."""

    to = fields.String(required=True, validate=_ID)
    factions = _factions(required=True)
    seat = StrictInteger(load_default=0, validate=validate.OneOf([0, 1]))
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    rated = StrictBoolean(load_default=False)


class AcceptSchema(Schema):
    """``POST /v1/challenges/{id}/accept``: the accepting account's factions."""

    factions = _factions(required=True)


class JoinSchema(Schema):
    """``POST /v1/games/{id}/join``: an anonymous ``name`` or the caller's ``player`` account,
    with two factions."""

    name = fields.String(validate=[validate.Length(min=1, max=40), _printable])
    player = fields.String(validate=_ID)
    factions = _factions(required=True)

    @validates_schema
    def one_identity(self, data: dict[str, Any], **_: Any) -> None:
        """A name or a player account, not both."""
        if ("name" in data) == ("player" in data):
            raise ValidationError("give either 'name' or 'player'", "_schema")


def _seat_count() -> StrictInteger:
    return StrictInteger(load_default=2, validate=validate.Range(min=2, max=4))


class NewSeekSchema(Schema):
    """``POST /v1/seeks``: seats, the creator's factions, clock, rated or casual, setup."""

    seats = _seat_count()
    factions = _factions(required=True)
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    rated = StrictBoolean(load_default=False)
    setup = fields.String(load_default="factions", validate=validate.OneOf(["factions", "draft"]))
    boxes = StrictInteger(load_default=1, validate=validate.OneOf([1, 2]))


class PairingSchema(Schema):
    """``POST /v1/pairing``: the seat count and clock wanted, and the caller's factions."""

    seats = _seat_count()
    factions = _factions(required=True)
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)


class MyGamesQuery(Schema):
    """``?status=`` of ``/v1/me/games``."""

    status = fields.String(load_default=None, validate=validate.OneOf(["active", "ended"]))


class ChallengesQuery(Schema):
    """``?direction=&status=`` of ``/v1/challenges``."""

    direction = fields.String(
        load_default="incoming", validate=validate.OneOf(["incoming", "outgoing"])
    )
    status = fields.String(
        load_default=None,
        validate=validate.OneOf(["pending", "accepting", "accepted", "declined", "canceled"]),
    )


SECRET_MIN, SECRET_MAX = 16, 200
"""The length limits of a webhook's signing secret (openapi.yaml's ``NewWebhook``)."""


class NewWebhookSchema(Schema):
    """``POST /v1/webhooks``: where to deliver, and the signing secret (made if absent)."""

    url = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    secret = fields.String(
        load_default=None,
        validate=validate.Length(
            min=SECRET_MIN,
            max=SECRET_MAX,
            error=f"a webhook secret has {SECRET_MIN} to {SECRET_MAX} characters",
        ),
    )


class StreamQuery(Schema):
    """``?after=&timeout=`` of the streams (``after`` may come as ``Last-Event-ID`` instead)."""

    after = fields.String(load_default=None, validate=validate.Length(min=1, max=64))
    timeout = fields.Float(
        load_default=300.0, allow_nan=False, validate=validate.Range(min=0.1, max=3600)
    )


def load_query(schema: type[Schema], args: Mapping[str, str]) -> dict[str, Any]:
    """Load a query string (first value of each parameter) with a schema."""
    if not args:
        defaults = _defaults(schema)
        if defaults is not None:
            return dict(defaults)
    loaded: dict[str, Any] = _instance(schema).load(dict(args))
    return loaded


@functools.cache
def _defaults(schema: type[Schema]) -> dict[str, Any] | None:
    """What an empty query loads to, kept when it holds constants only (None: load each time)."""
    loaded: dict[str, Any] = _instance(schema).load({})
    constant = all(type(v) in (str, int, float, bool, type(None)) for v in loaded.values())
    return loaded if constant else None


@functools.cache
def _instance(schema: type[Schema]) -> Schema:
    """One reusable instance per schema class (loading keeps no state on the instance)."""
    return schema()


def refused_setup(players: list[dict[str, Any]], seed: str) -> str | None:
    """Why ``POST /v1/games`` would refuse these players and seed (None if it accepts them)."""
    try:
        CreateGameSchema().load({"players": players, "seed": seed})
    except ValidationError as error:
        return str(error.messages)
    return None
