"""Command bodies in, domain commands out: one marshmallow schema per command type, made from
the domain's dataclasses, and a quick path for the plain bodies a game sends most.

Unknown fields are refused (marshmallow's ``RAISE``), as everywhere in :mod:`api.schemas`.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from api.schema_fields import _ID, MAX_INT, _index, _instance
from domain import COMMAND_TYPES, Command

LABEL_MAX = 500
"""The longest ``label`` a command body may carry (a move's label, sent back with it)."""


class _CommandSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(sorted(COMMAND_TYPES)))
    expected_version = _index(load_default=None, allow_none=True)
    label = fields.String(load_default=None, validate=validate.Length(max=LABEL_MAX))
    """A move's label, posted back with the move: accepted and ignored."""


def _command_field(hint: Any, default: Any) -> fields.Field[Any]:
    """The marshmallow field of one command dataclass field (``int``/``str``, maybe optional)."""
    args = typing.get_args(hint)
    optional = type(None) in args
    base = next(a for a in args if a is not type(None)) if optional else hint
    kwargs: dict[str, Any] = (
        {"required": True}
        if default is dataclasses.MISSING
        else {"load_default": default, "allow_none": optional}
    )
    if base is int:
        return _index(**kwargs)
    if base is str:
        return fields.String(validate=_ID, **kwargs)
    raise TypeError(f"no request field for a command field of type {hint!r}")


def _command_schema(command: type[Command]) -> type[_CommandSchema]:
    """A schema for one command type, made from its dataclass fields (``seat`` excluded)."""
    hints = typing.get_type_hints(command)
    declared = {
        f.name: _command_field(hints[f.name], f.default)
        for f in dataclasses.fields(command)
        if f.name != "seat"
    }
    name = f"{command.__name__}Schema"
    return type(name, (_CommandSchema,), {**declared, "__doc__": f"``{command.type}``."})


COMMAND_SCHEMAS: dict[str, type[_CommandSchema]] = {
    kind: _command_schema(command) for kind, command in COMMAND_TYPES.items()
}
"""One schema per domain command type; the domain's dataclasses define the fields."""


@dataclass(frozen=True)
class CommandRequest:
    """A loaded command body: the command (seat to be set from the token) and its guard."""

    command: Command
    expected_version: int | None


def load_command(body: Any, seat: int) -> CommandRequest:
    """Load a command body for ``seat``; raise ``ValidationError`` with field messages."""
    if not isinstance(body, Mapping):
        raise ValidationError({"_schema": ["the body must be a JSON object"]})
    kind = body.get("type")
    schema = COMMAND_SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        _CommandSchema().load({"type": kind} if "type" in body else {})
        raise ValidationError({"type": ["Unknown command type."]})
    quick = _quick_load(str(kind), body)
    if quick is not None:
        return CommandRequest(COMMAND_TYPES[str(kind)](seat=seat, **quick[0]), quick[1])
    return _schema_load(schema, body, seat)


def _schema_load(schema: type[Schema], body: Mapping[str, Any], seat: int) -> CommandRequest:
    data = _instance(schema).load(body)
    expected = data.pop("expected_version")
    data.pop("label")
    command_type = COMMAND_TYPES[data.pop("type")]
    return CommandRequest(command_type(seat=seat, **data), expected)


@dataclass(frozen=True)
class _QuickField:
    name: str
    kind: type
    """``int`` (0 to MAX_INT, not a boolean) or ``str`` (1 to 64 characters)."""
    required: bool
    nullable: bool


def _quick_fields(command: type[Command]) -> tuple[_QuickField, ...]:
    hints = typing.get_type_hints(command)
    out = []
    for f in dataclasses.fields(command):
        if f.name != "seat":
            args = typing.get_args(hints[f.name])
            optional = type(None) in args
            kind = next(a for a in args if a is not type(None)) if optional else hints[f.name]
            required = f.default is dataclasses.MISSING
            out.append(_QuickField(f.name, kind, required, optional and not required))
    return tuple(out)


_QUICK = {kind: _quick_fields(command) for kind, command in COMMAND_TYPES.items()}


def _quick_value(value: Any, kind: type) -> bool:
    if kind is int:
        return type(value) is int and 0 <= value <= MAX_INT
    return type(value) is str and 1 <= len(value) <= 64


def _quick_load(kind: str, body: Mapping[str, Any]) -> tuple[dict[str, Any], int | None] | None:
    """A command body's fields and expected version without marshmallow, for a body its
    schema certainly loads to just that; None for any other (the schema loads it, or says
    what is wrong). The common bodies of a game are all plain: this saves most of the load."""
    if type(body) is not dict:
        return None
    known = _QUICK[kind]
    expected = body.get("expected_version")
    if expected is not None and not _quick_value(expected, int):
        return None
    data: dict[str, Any] = {}
    for field in known:
        if field.name in body:
            value = body[field.name]
            if not (field.nullable if value is None else _quick_value(value, field.kind)):
                return None
            data[field.name] = value
        elif field.required:
            return None
    label = body.get("label")
    if label is not None and not (type(label) is str and len(label) <= LABEL_MAX):
        return None
    if len(body) != len(data) + 1 + ("expected_version" in body) + ("label" in body):
        return None  # an unknown field
    return data, expected
