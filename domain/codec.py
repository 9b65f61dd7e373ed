"""JSON codec for the domain's frozen dataclasses (events, commands, state snapshots).

Encoders and decoders are built once per class from its type hints, then reused: a replay
decodes thousands of events of a few dozen classes."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, TypeVar

T = TypeVar("T")
Decoder = Callable[[Any], Any]

SCALARS = frozenset({str, int, bool, float, type(None)})
_SCALARS = SCALARS


def to_json(obj: Any) -> Any:
    """A JSON-ready copy of a dataclass tree (tuples become lists)."""
    cls = type(obj)
    if cls in _SCALARS:
        return obj
    encode = _ENCODERS.get(cls)
    if encode is None:
        encode = _ENCODERS[cls] = _build_encoder(cls)
    return encode(obj)


Encoder = Callable[[Any], Any]
_ENCODERS: dict[Any, Encoder] = {}
"""The encoder of each class met, chosen once: what `to_json` does depends only on the class."""


def _build_encoder(cls: Any) -> Encoder:
    if cls is dict:
        return _encode_mapping
    if cls is list or cls is tuple:
        return _encode_items
    if isinstance(cls, type) and issubclass(cls, Enum):
        return _enum_value  # e.g. a Zone: its name in events
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        return _dataclass_encoder(tuple(f.name for f in dataclasses.fields(cls)))
    if isinstance(cls, type) and issubclass(cls, tuple | list):
        return _encode_items
    if isinstance(cls, type) and issubclass(cls, Mapping):
        return _encode_mapping
    return _identity


def _dataclass_encoder(names: tuple[str, ...]) -> Encoder:
    """The encoder of one dataclass, compiled from its field names (identifiers): attribute
    reads and scalars copied inline cost less than a loop over ``getattr``, and every event
    of every command is encoded."""
    reads = "".join(f"    v{i} = obj.{name}\n" for i, name in enumerate(names))
    items = ", ".join(
        f"{name!r}: v{i} if type(v{i}) in scalars else to_json(v{i})"
        for i, name in enumerate(names)
    )
    scope: dict[str, Any] = {"scalars": _SCALARS, "to_json": to_json}
    exec(f"def encode_one(obj):\n{reads}    return {{{items}}}\n", scope)  # field names only
    encoder: Encoder = scope["encode_one"]
    return encoder


def _encode_items(obj: Any) -> Any:
    return [x if type(x) in _SCALARS else to_json(x) for x in obj]


def _encode_mapping(obj: Any) -> Any:
    return {str(k): v if type(v) in _SCALARS else to_json(v) for k, v in obj.items()}


def _enum_value(obj: Any) -> Any:
    return obj.value


def from_json(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from what `to_json` produced."""
    return decoder(tp)(data)


def decode(cls: type[T], data: Any) -> T:
    """Typed entry point: rebuild a `cls` dataclass from its JSON form."""
    value: T = decoder(cls)(data)
    return value


_DECODERS: dict[Any, Decoder] = {}
_NORMALIZERS: dict[Any, Decoder] = {}


def decoder(tp: Any) -> Decoder:
    """The function rebuilding values of type `tp`, built once per type."""
    found = _DECODERS.get(tp)
    if found is None:
        found = _DECODERS[tp] = _build_decoder(tp)
    return found


def _build_decoder(tp: Any) -> Decoder:
    origin = typing.get_origin(tp)
    if tp is Any or tp is object:
        return _freeze
    if origin in (typing.Union, types.UnionType):
        inner = decoder(next(a for a in typing.get_args(tp) if a is not type(None)))
        return lambda data: None if data is None else inner(data)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = decoder(args[0])
            if item is _identity:
                return tuple
            return lambda data: tuple([item(x) for x in data])
        items = [decoder(a) for a in args]
        return lambda data: tuple(f(x) for f, x in zip(items, data, strict=True))
    if origin in (Mapping, dict, typing.Mapping) or tp in (dict, Mapping):
        return _freeze
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    return _identity


def _dataclass_decoder(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    fields = [(f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init]
    # decoders of fields are looked up lazily: a class may refer to itself (Task in Decision)
    built: list[Decoder] = []

    def decode_one(data: Any) -> Any:
        if not built:
            built.append(_compiled_decoder(cls, [(name, decoder(hint)) for name, hint in fields]))
            _DECODERS[cls] = built[0]  # what decoder(cls) answers from now on
        return built[0](data)

    return decode_one


def _compiled_decoder(cls: type, fields: list[tuple[str, Decoder]]) -> Decoder:
    """The decoder of one dataclass, compiled from its field names (identifiers), like the
    encoders: every field read and passed by name, a field that needs no decoding without a
    call. A field missing from `data` takes its default (the general case, also what a
    ``KeyError`` of the direct call falls back to)."""
    scope: dict[str, Any] = {"cls": cls, "KeyError": KeyError}
    args = []
    for i, (name, dec) in enumerate(fields):
        if dec is _identity:
            args.append(f"{name}=data[{name!r}]")
        else:
            scope[f"dec{i}"] = dec
            args.append(f"{name}=dec{i}(data[{name!r}])")
    scope["fields"] = fields
    source = (
        "def decode_all(data):\n"
        "    try:\n"
        f"        return cls({', '.join(args)})\n"
        "    except KeyError:\n"
        "        return cls(**{name: dec(data[name]) for name, dec in fields if name in data})\n"
    )
    exec(source, scope)  # field names only
    compiled: Decoder = scope["decode_all"]
    return compiled


def _identity(data: Any) -> Any:
    return data


def _freeze(data: Any) -> Any:
    if isinstance(data, list):
        return [_freeze(x) for x in data]
    if isinstance(data, dict):
        return {k: _freeze(v) for k, v in data.items()}
    return data


def normalize(value: Any) -> Any:
    """`value` exactly as decoding its JSON form gives it back (tuples where the types say
    tuples, JSON containers in untyped fields), without the round trip: an object that is
    already in that form is returned as it is."""
    return normalizer(type(value))(value)


def normalizer(tp: Any) -> Decoder:
    """The function putting values of type `tp` into their decoded form, built once per type."""
    found = _NORMALIZERS.get(tp)
    if found is None:
        found = _NORMALIZERS[tp] = _build_normalizer(tp)
    return found


def _build_normalizer(tp: Any) -> Decoder:
    origin = typing.get_origin(tp)
    if tp is Any or tp is object or origin in (Mapping, dict) or tp in (dict, Mapping):
        return _as_json
    if origin in (typing.Union, types.UnionType):
        inner = normalizer(next(a for a in typing.get_args(tp) if a is not type(None)))
        if inner is _identity:
            return _identity
        return lambda value: None if value is None else inner(value)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = normalizer(args[0])
            if item is _identity:
                return _as_tuple

            def items_of(value: Any) -> Any:
                if type(value) is tuple:
                    for x in value:
                        if item(x) is not x:
                            break
                    else:  # already as decoding gives it: no copy, nor of its holder
                        return value
                return tuple([item(x) for x in value])

            return items_of
        items = [normalizer(a) for a in args]

        def fixed(value: Any) -> Any:
            out = [f(x) for f, x in zip(items, value, strict=True)]
            if type(value) is tuple and all(a is b for a, b in zip(out, value, strict=True)):
                return value
            return tuple(out)

        return fixed
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_normalizer(tp)
    return _identity


def _dataclass_normalizer(cls: type) -> Decoder:
    hints = typing.get_type_hints(cls)
    fields = [(f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init]
    _NORMALIZERS[cls] = _identity  # a class that contains itself: its own fields decide
    norms = [(name, normalizer(hint)) for name, hint in fields]
    work = [(name, norm) for name, norm in norms if norm is not _identity]
    if not work:
        return _identity  # only scalars: already as decoding would give it
    return _compiled_normalizer([name for name, _ in work], [norm for _, norm in work])


def _compiled_normalizer(names: list[str], norms: list[Decoder]) -> Decoder:
    """The normalizer of one dataclass, compiled from the names (identifiers) and normalizers
    of its fields that may need one, like the encoders: attribute reads inline, and an
    untyped (JSON) field holding a scalar (as most do) or a tuple of values that need no
    normalizing checked without a call. The object itself when every field is already in
    decoded form, else a copy with those changed."""
    scope: dict[str, Any] = {"scalars": _SCALARS, "as_json": _as_json, "copy": dataclasses.replace}
    body = []
    for i, (name, norm) in enumerate(zip(names, norms, strict=True)):
        body.append(f"    v{i} = value.{name}")
        if norm is _as_json:
            body.append(f"    n{i} = v{i} if type(v{i}) in scalars else as_json(v{i})")
        elif norm is _as_tuple:
            body.append(f"    n{i} = v{i} if type(v{i}) is tuple else tuple(v{i})")
        else:
            scope[f"norm{i}"] = norm
            body.append(f"    n{i} = norm{i}(v{i})")
    same = " and ".join(f"n{i} is v{i}" for i in range(len(names)))
    body.append(f"    if {same}:\n        return value")
    body.append("    changed = {}")
    for i, name in enumerate(names):
        body.append(f"    if n{i} is not v{i}:\n        changed[{name!r}] = n{i}")
    body.append("    return copy(value, **changed)")
    exec("def normalize_one(value):\n" + "\n".join(body) + "\n", scope)  # field names only
    compiled: Decoder = scope["normalize_one"]
    return compiled


def _as_tuple(value: Any) -> Any:
    """A sequence of values that need no normalizing, as the tuple decoding gives."""
    return value if type(value) is tuple else tuple(value)


def _as_json(value: Any) -> Any:
    """`to_json(value)`, or `value` itself when it already is plain JSON (no copy)."""
    return value if plain_json(value) else to_json(value)


def plain_json(value: Any) -> bool:
    """Whether `value` is plain JSON already (scalars, lists, dicts of str keys): what
    normalizing an untyped (JSON) field leaves as it is."""
    cls = type(value)
    if cls in _SCALARS:
        return True
    if cls is dict:
        # the hot path of every decision asked: a context of scalars under str keys, checked
        # by C loops over the types; else one key or value at a time
        if _STR.issuperset(map(type, value)) and _SCALARS.issuperset(map(type, value.values())):
            return True
        for k, v in value.items():
            if type(k) is not str or (type(v) not in _SCALARS and not plain_json(v)):
                return False
        return True
    if cls is list:
        if _SCALARS.issuperset(map(type, value)):
            return True
        for x in value:  # noqa: SIM110 - a loop costs less than all() on a generator
            if type(x) not in _SCALARS and not plain_json(x):
                return False
        return True
    return False


_STR = frozenset({str})
