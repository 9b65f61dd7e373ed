"""JSON codec for the domain's frozen dataclasses (events, commands, state snapshots)."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def to_json(obj: Any) -> Any:
    """A JSON-ready copy of a dataclass tree (tuples become lists)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_json(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, tuple | list):
        return [to_json(x) for x in obj]
    if isinstance(obj, Mapping):
        return {str(k): to_json(v) for k, v in obj.items()}
    return obj


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from what `to_json` produced."""
    origin = typing.get_origin(tp)
    if tp is Any or tp is object:
        return _freeze(data)
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        inner = [a for a in typing.get_args(tp) if a is not type(None)]
        return from_json(inner[0], data)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], x) for x in data)
        return tuple(from_json(a, x) for a, x in zip(args, data, strict=True))
    if origin in (Mapping, dict, typing.Mapping) or tp in (dict, Mapping):
        return _freeze(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {
            f.name: from_json(hints[f.name], data[f.name])
            for f in dataclasses.fields(tp)
            if f.init and f.name in data
        }
        return tp(**kwargs)
    return data


def _freeze(data: Any) -> Any:
    if isinstance(data, list):
        return [_freeze(x) for x in data]
    if isinstance(data, dict):
        return {k: _freeze(v) for k, v in data.items()}
    return data


def decode(cls: type[T], data: Any) -> T:
    """Typed entry point: rebuild a `cls` dataclass from its JSON form."""
    value: T = from_json(cls, data)
    return value
