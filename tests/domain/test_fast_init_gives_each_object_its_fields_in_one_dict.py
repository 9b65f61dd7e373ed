"""`fast_init` gives each object its whole ``__dict__`` at once: the fields the dataclass's own
``__init__`` sets, with the same values in the same order, keyword-only fields and default
factories included, for the model's objects and the events of a seeded game alike."""

from __future__ import annotations

import dataclasses
from typing import Any

from bench.engine import random_game
from domain.evolve import replay
from tests.domain.test_frozen import Fast, Plain


def fields_in_order(obj: Any) -> list[tuple[str, Any]]:
    return [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)]


def test_the_one_dict_holds_the_fields_the_dataclass_init_sets_in_their_order() -> None:
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        (("a",), {}),
        (("a", {"x": 1}, 2), {}),
        (("a",), {"tag": "u", "n": 3}),
    ]
    for args, kwargs in calls:
        plain, fast = Plain(*args, **kwargs), Fast(*args, **kwargs)
        assert list(vars(fast).items()) == list(vars(plain).items())
        assert type(vars(fast)) is dict


def test_every_object_of_a_seeded_game_holds_exactly_its_fields_in_order() -> None:
    log = random_game(7)
    state = replay(log)
    objects: list[Any] = [*log, *state.players, *state.bases]
    objects += [c for p in state.players for c in (*p.hand, *p.deck, *p.discard)]
    objects += [m for b in state.bases for m in b.minions]
    for obj in objects:
        assert list(vars(obj).items()) == fields_in_order(obj), obj
