"""The fold's quick path (``domain.evolve``: the commonest events fold into one fresh dict by
their ``domain.evolve_quick`` fold, and the table is looked at only when it may change) gives
exactly what the general path gives (the event's fold in ``domain.fold.APPLY``, then
``table_state.track``, then the version), on every event of seeded random games."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from domain.events import Event, PhaseChanged
from domain.evolve import evolve
from domain.evolve_quick import QUICK
from domain.fold import APPLY, on
from domain.model import GameState, replace
from domain.table_state import track
from tests.domain.seeded import game_states


def general(state: GameState, event: Event) -> GameState:
    """The state after `event` by the general path, with no quick fold."""
    new = track(state, APPLY[type(event)](state, event), event)
    return replace(new, version=state.version + 1)


def differences(before: GameState, fast: GameState, slow: GameState) -> list[str]:
    """How the quick path's state differs from the general path's: a field's value, the order
    of the fields, or a field the general path keeps as the very object `before` has and the
    quick path copies (the answers kept per object, by identity, would be lost)."""
    out = [] if fast == slow else ["the states differ"]
    if list(vars(fast)) != list(vars(slow)):
        out.append("the fields are in another order")
    old: dict[str, Any] = vars(before)
    for name, value in vars(slow).items():
        if value is old[name] and vars(fast)[name] is not value:
            out.append(f"{name} is copied")
    return out


@pytest.mark.parametrize(("seed", "seats"), [(3, 2), (4, 2), (9, 3), (12, 4)])
def test_the_quick_fold_gives_what_the_general_fold_gives_on_every_event(
    seed: int, seats: int
) -> None:
    _, events = game_states(seed, seats)
    state = evolve(None, events[0])
    folded: Counter[str] = Counter()
    changed: set[tuple[str, str]] = set()
    checkpoints = 0
    for e in events[1:]:
        fast, slow = evolve(state, e), general(state, e)
        assert differences(state, fast, slow) == [], (e, differences(state, fast, slow))
        if type(e) in QUICK:
            folded[e.type] += 1
            changed |= {(e.type, k) for k, v in vars(slow).items() if v is not vars(state)[k]}
            checkpoints += state.table is not None and state.table.undo is not None
        state = fast
    assert set(folded) == {cls.type for cls in QUICK}, folded  # every quick fold ran
    assert ("phase_changed", "players") in changed  # plays lost at the end of a play phase
    expired = {k for kind, k in changed if kind == "effects_expired"}
    assert expired & {"lingering", "temp_power"}  # effects of some length run out
    assert checkpoints > 0  # and some with a takeback checkpoint to keep or drop


def test_the_quick_folds_are_their_events_only_folds() -> None:
    # the general table holds each quick fold wrapped, not a second fold that could drift
    for cls, quick in QUICK.items():
        assert APPLY[cls].__name__ == quick.__name__, cls
        assert APPLY[cls].__module__ == "domain.evolve_quick", cls


def test_a_second_fold_for_an_event_type_is_refused_by_name() -> None:
    def _phase_again(s: GameState, e: PhaseChanged) -> GameState:
        return s

    with pytest.raises(TypeError, match=r"'phase_changed' has a fold already .*_phase_again"):
        on(PhaseChanged)(_phase_again)
    assert APPLY[PhaseChanged].__module__ == "domain.evolve_quick"  # and nothing changed
