"""What a trigger knows about its moment: one frozen facts class per moment (domain.facts),
persisted under the keys logs already hold, handed typed to a trigger's effect and `when`; a
trigger written for another moment's facts fails when its card is imported, a field its facts
lack fails mypy."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest
from mypy import api as mypy_api

from domain import abilities
from domain.effects import Triggered
from domain.facts import (
    FACTS,
    BaseScored,
    CardBuried,
    Facts,
    MinionDestroyed,
    MinionDiscarded,
    MinionPlayed,
    TurnEnding,
    TurnStarted,
)
from domain.fx import Fx, Steps
from domain.model import GameState
from domain.moments import Moment, ScriptError
from domain.registry import Source
from domain.selectors import its_controllers_turn
from domain.triggers import fire
from tests.domain.bases_common import OASIS, REX, TAR
from tests.domain.table import Table


def draws_for_the_player(fx: Fx, played: MinionPlayed) -> Steps:
    """A test reaction: the player who played the minion draws a card."""
    return fx.draw(played.by, 1)


def reads_a_destroyed_minion(fx: Fx, destroyed: MinionDestroyed) -> Steps:
    return fx.draw(destroyed.owner, 1)


def on_its_base(state: GameState, src: Source, played: MinionPlayed) -> bool:
    return played.base == src.base


def when_a_turn_ends(state: GameState, src: Source, turn: TurnEnding) -> bool:
    return turn.seat == src.controller


def unannotated(fx, facts):  # type: ignore[no-untyped-def]  # as a card author might write it
    return ()


def test_every_moment_carries_a_facts_class() -> None:
    assert set(FACTS) == set(Moment)
    assert all(issubclass(cls, Facts) and dataclasses.is_dataclass(cls) for cls in FACTS.values())


def test_facts_are_frozen() -> None:
    played = MinionPlayed("m1", REX, 0, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        played.by = 1  # type: ignore[misc]


def test_facts_are_persisted_under_the_keys_logs_already_hold_and_read_back_the_same() -> None:
    played = MinionPlayed("m1", REX, 0, 1)
    assert played.ctx() == {"uid": "m1", "played_card": REX, "played_by": 0, "played_base": 1}
    scored = BaseScored(2, (0, 1))
    assert scored.ctx() == {"scored_base": 2, "winners": [0, 1]}  # a list, as JSON holds it
    gone = MinionDiscarded("m2", REX, 1, 0, 0, 5, "destroyed")
    for facts in (played, scored, gone):
        assert type(facts).of({"src": "x", "by": 3, **facts.ctx()}) == facts


def test_a_task_missing_a_fact_names_the_key_and_the_facts_class() -> None:
    with pytest.raises(ScriptError, match=r"MinionPlayed: the task has no fact 'played_base'"):
        MinionPlayed.of({"uid": "m1", "played_card": REX, "played_by": 0})


def test_a_trigger_reading_another_moments_facts_fails_when_its_card_is_declared() -> None:
    with pytest.raises(ScriptError) as raised:
        Triggered(Moment.MINION_PLAYED, reads_a_destroyed_minion)
    message = str(raised.value)
    assert "Triggered('minion_played')" in message
    assert "reads_a_destroyed_minion reads MinionDestroyed facts" in message
    assert "'minion_played' carries MinionPlayed" in message


def test_a_when_filter_reading_another_moments_facts_fails_when_its_card_is_declared() -> None:
    with pytest.raises(ScriptError, match=r"when_a_turn_ends reads TurnEnding facts, but "):
        Triggered(Moment.START_OF_TURN, lambda fx: (), when_a_turn_ends)


def test_a_facts_parameter_without_its_class_is_refused_with_the_class_to_write() -> None:
    with pytest.raises(ScriptError, match=r"carries TurnStarted \(annotate 'facts' with it\)"):
        Triggered(Moment.START_OF_TURN, unannotated)


def test_a_facts_parameter_may_name_the_moments_of_several_triggers_of_one_card() -> None:
    start = Triggered(Moment.START_OF_TURN, lambda fx: (), its_controllers_turn)
    end = Triggered(Moment.END_OF_TURN, lambda fx: (), its_controllers_turn)
    assert (start.moment, end.moment) == (Moment.START_OF_TURN, Moment.END_OF_TURN)
    assert not start.takes_facts  # an effect taking only the Fx reads no facts


def test_firing_a_moment_with_another_moments_facts_is_a_script_error() -> None:
    t = Table([OASIS, TAR], hands=[[], []])
    with pytest.raises(ScriptError, match=r"'card_buried' carries CardBuried facts, not Turn"):
        fire(t.state, Moment.CARD_BURIED, TurnStarted(0))
    assert fire(t.state, Moment.CARD_BURIED, CardBuried(0, "b1", 0)) == ()


def test_a_trigger_receives_its_moments_facts_typed() -> None:
    watching = Triggered(Moment.MINION_PLAYED, draws_for_the_player, on_its_base)
    t = Table([OASIS, TAR], hands=[[REX, REX], []], board=[(0, REX, 1)])
    with abilities.extra(REX, watching):
        t.play(REX, 1)  # only the Rex played sees it: seat 0 draws once
        assert len(t.hand(0)) == 2
        t.end_turn()
        t.end_turn()
        drawn = len(t.hand(0))
        t.play(REX, 0)  # the Rex of seat 1 and the one played see it: seat 0 draws twice
    assert len(t.hand(0)) == drawn - 1 + 2


def test_reading_a_field_its_moments_facts_lack_fails_mypy(tmp_path: Path) -> None:
    card = tmp_path / "misread_card.py"
    card.write_text(
        textwrap.dedent(
            """
            from domain.facts import MinionPlayed

            def misread(played: MinionPlayed) -> int:
                return played.destroyed_base
            """
        )
    )
    out, _, status = mypy_api.run(
        ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(card)]
    )
    assert status == 1
    assert '"MinionPlayed" has no attribute "destroyed_base"' in out
