"""What the request schemas are built of: the limits, strict JSON fields, id lists, the
turn clock, and loading a query string with a schema."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate

from domain.model import Clock
from domain.setup import BOTS, MAX_CLOCK_SECONDS

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


def _seat_count() -> StrictInteger:
    return StrictInteger(load_default=2, validate=validate.Range(min=2, max=4))


def setup_mode() -> fields.String:
    """``setup``: ``factions`` (each seat names its two) or ``draft`` (the seats draft them)."""
    return fields.String(load_default="factions", validate=validate.OneOf(["factions", "draft"]))


def factions_for_setup(data: dict[str, Any]) -> None:
    """Two factions with ``setup`` ``factions``, none with ``draft``."""
    drafted = data.get("setup") == "draft"
    if drafted and data.get("factions"):
        raise ValidationError("a drafted game's seats give no factions", "factions")
    if not drafted and not data.get("factions"):
        raise ValidationError("Missing data for required field.", "factions")


class ClockSchema(Schema):
    """A game's turn clock: seconds per decision, and what happens when they run out."""

    seconds = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_CLOCK_SECONDS))
    on_expiry = fields.String(load_default="bot", validate=validate.OneOf(["bot", "forfeit"]))
    bot = fields.String(load_default="greedy", validate=validate.OneOf(list(BOTS)))

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> Clock:
        """Build the domain's clock."""
        return Clock(data["seconds"], data["on_expiry"], data["bot"])


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
