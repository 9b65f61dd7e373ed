"""`domain.model.replace` copies an object of the model with some fields changed, as
`dataclasses.replace` does, through the one ``__dict__`` setter every class of the model
shares (their base `domain.frozen.Frozen` gives their instances a ``__dict__``)."""

from __future__ import annotations

import dataclasses
import inspect

from bench.engine import random_game
from domain import model
from domain.evolve import replay
from domain.frozen import SET_DICT, Frozen, dict_setter
from domain.model import replace


def test_every_frozen_dataclass_of_the_model_shares_the_one_dict_setter() -> None:
    classes = [c for _, c in inspect.getmembers(model, dataclasses.is_dataclass)]
    assert len(classes) > 20
    for cls in classes:
        assert issubclass(cls, Frozen), cls
        assert dict_setter(cls) == SET_DICT, cls


def test_replace_gives_what_dataclasses_replace_gives_on_the_states_of_a_seeded_game() -> None:
    log = random_game(5)
    for n in range(1, len(log), 7):
        state = replay(log[:n])
        for obj, changes in [
            (state, {"version": state.version + 1, "phase": "x"}),
            (state.players[0], {"vp": 9}),
            (state.bases[0], {"minions": ()}),
        ]:
            copy, expected = replace(obj, **changes), dataclasses.replace(obj, **changes)
            assert copy == expected
            assert list(vars(copy).items()) == list(vars(expected).items())
            assert type(vars(copy)) is dict
