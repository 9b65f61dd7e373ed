"""The base of every domain event and the registry of their stable log names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar, dataclass_transform

from domain.frozen import fast_init


@fast_init
@dataclass(frozen=True)
class Event:
    """Base class of every event; `type` is its stable name in logs."""

    type: ClassVar[str] = "event"


EVENT_TYPES: dict[str, type[Event]] = {}


E = TypeVar("E", bound=type[Event])


@dataclass_transform(frozen_default=True)
def event(name: str) -> Callable[[E], E]:
    """Make the class a frozen dataclass (with the direct ``__init__`` of `fast_init`) and
    register it under its stable log name. A class that is a dataclass already (declared with
    its own ``@dataclass(frozen=True)``) is registered as it is."""

    def wrap(cls: E) -> E:
        if "__dataclass_fields__" not in cls.__dict__:
            fast_init(dataclass(frozen=True)(cls))  # both change the class in place
        cls.type = name
        EVENT_TYPES[name] = cls
        return cls

    return wrap
