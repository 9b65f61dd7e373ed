"""An option made again is the one made before (domain.options keeps them): on every state of seeded
random games, each minion, card and base gives the option made anew for it, whatever was made
before and wherever its card now is."""

from __future__ import annotations

import random

import pytest

from domain import options
from domain.fx import Fx
from domain.model import Minion, Option
from tests.domain.seeded import game_states


def made_anew(fx: Fx, kind: options.Choice, item: object) -> Option:
    """The option for `item` made anew (nothing kept), as `fx` would offer it."""
    where = fx.base_of(item) if isinstance(item, Minion) else -1
    return options.made_anew(fx.state, kind, item, "", fx.me, where)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [6, 12])
def test_an_option_kept_is_the_option_made_anew(seed: int) -> None:
    states, _ = game_states(seed)
    kept_again = 0
    for state in states[::3]:
        fx = Fx(state, {}, random.Random(0))
        bases = range(len(state.bases))
        items: list[tuple[options.Choice, object]] = [("base", i) for i in bases]
        items += [("minion", m) for b in state.bases for m in b.minions]
        items += [("card", c) for p in state.players for c in (*p.hand, *p.discard)]
        items += [("card", a) for b in state.bases for a in b.attached]
        for kind, item in items:
            made = made_anew(fx, kind, item)
            first = fx.option(kind, item)  # type: ignore[arg-type]
            assert first == made
            assert fx.option(kind, item) is first  # type: ignore[arg-type]
            kept_again += first is not made
    assert kept_again > 100
    assert len(options._OPTIONS) <= options._OPTIONS_KEPT


def test_an_option_with_its_own_label_or_of_a_bool_base_is_made_anew() -> None:
    states, _ = game_states(2)
    state = next(s for s in states if any(b.minions for b in s.bases))
    fx = Fx(state, {}, random.Random(0))
    minion = next(m for b in state.bases for m in b.minions)
    assert fx.option("minion", minion, "Named") == Option(
        minion.uid, "Named", minion.uid, uid=minion.uid, card=minion.card, base=fx.base_of(minion)
    )
    assert fx.option("base", True).id == "base-True"
    assert fx.option("base", 1).id == "base-1"
    with pytest.raises(TypeError):
        fx.option("minion", 3)


def test_options_kept_are_forgotten_past_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(options, "_OPTIONS_KEPT", 3)
    monkeypatch.setattr(options, "_OPTIONS", {})
    states, _ = game_states(2)
    state = states[-1]
    fx = Fx(state, {}, random.Random(0))
    for c in state.players[0].discard[:8]:
        assert fx.option("card", c) == made_anew(fx, "card", c)
        assert len(options._OPTIONS) <= 3


@pytest.mark.parametrize("seed", [4, 9])
def test_a_choice_offers_each_items_option_and_asks_with_the_task_fx_makes(seed: int) -> None:
    states, _ = game_states(seed)
    asked = 0
    for state in states[::3]:
        ctx = {"src": "u1", "card": "aliens.collector", "by": state.active, "base": 0}
        fx = Fx(state, ctx, random.Random(0))
        minions = [m for b in state.bases for m in b.minions]
        choices: list[tuple[options.Choice, list[object]]] = [
            ("minion", [*minions, *minions[:1]]),
            ("base", list(range(len(state.bases)))),
            ("card", [*state.players[0].hand, *state.players[1].discard]),
        ]
        for kind, items in choices:
            for seat in (None, 0, 1):
                steps = fx.choose(kind, items, "Pick one", "move", seat=seat, optional=True, to=1)  # type: ignore[arg-type]
                (ask,) = steps
                who = fx.me if seat is None else seat
                assert ask.options == tuple(fx.option(kind, i, seat=who) for i in items)  # type: ignore[arg-type]
                assert ask.then == fx.task("move", to=1)
                asked += kind == "minion"
    assert asked > 50
