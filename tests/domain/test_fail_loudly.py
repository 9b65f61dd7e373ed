"""A card script written wrong fails loudly, with the message its author will read: an effect
returning something that is not a step, a misspelt moment, window, hook or zone, and an event
type that no fold handles."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from domain import abilities
from domain import events as ev
from domain.abilities import DestroyedGoTo
from domain.effects import BaseHook, OnPlay, Special, Triggered
from domain.engine import NotAStep, apply_steps
from domain.errors import RuleViolation
from domain.evolve import FACT_ONLY, NoFold, evolve
from domain.fx import Fx, Steps
from domain.model import GameState, Task, Zone
from domain.moments import Hook, Moment, ScriptError, Window
from tests.domain.bases_common import OASIS, REX, TAR
from tests.domain.table import Table


def _never(state: GameState, seat: int, uid: str, base: int) -> bool:
    return False


def _nothing(fx: Fx) -> Steps:
    return ()


def _rex_on_a_board_with_a_rival() -> Table:
    return Table([OASIS, TAR], hands=[[REX], []], board=[(0, REX, 1)])


def test_an_effect_returning_a_verb_instead_of_its_result_names_the_card_and_the_fix() -> None:
    t = _rex_on_a_board_with_a_rival()

    def destroy_forgot_the_call(fx: Fx) -> Steps:
        return (fx.destroy,)  # the mistake under test

    with abilities.extra(REX, OnPlay(destroy_forgot_the_call)), pytest.raises(NotAStep) as raised:
        t.play(REX, 0)
    message = str(raised.value)
    assert "step 'on_play' of card 'dinosaurs.king_rex'" in message
    assert "a function: call it and return its result" in message
    assert not isinstance(raised.value, RuleViolation)


def test_an_effect_returning_a_nested_tuple_asks_for_it_to_be_unpacked() -> None:
    t = _rex_on_a_board_with_a_rival()
    rival = next(m.uid for m in t.state.bases[0].minions if m.owner == 1)

    def nested(fx: Fx) -> Steps:
        return (fx.destroy(rival),)  # `*fx.destroy(rival)` was meant

    with (
        abilities.extra(REX, OnPlay(nested)),
        pytest.raises(NotAStep, match=r"a nested tuple: unpack it with \*"),
    ):
        t.play(REX, 0)


def test_an_on_play_effect_returning_a_bare_event_names_the_card() -> None:
    t = _rex_on_a_board_with_a_rival()

    def bare(fx: Fx) -> Steps:
        return ev.VpGained(fx.me, 1, "test")  # type: ignore[return-value]  # not in a tuple

    with (
        abilities.extra(REX, OnPlay(bare)),
        pytest.raises(NotAStep, match=r"step 'on_play' of card 'dinosaurs.king_rex' returned Vp"),
    ):
        t.play(REX, 0)


def test_steps_that_are_not_a_tuple_say_what_a_step_is() -> None:
    state = _rex_on_a_board_with_a_rival().state
    bare = ev.VpGained(0, 1, "test")
    with pytest.raises(NotAStep, match=r"a command.s steps returned VpGained.*a step is an Event"):
        apply_steps(state, bare, [], [])  # type: ignore[arg-type]  # not a tuple


def test_a_bad_item_after_a_task_is_caught_too_not_deferred() -> None:
    t = _rex_on_a_board_with_a_rival()

    def task_then_junk(fx: Fx) -> Steps:
        later = Task("discard_resolving", {"uid": "nothing"})
        return (*fx.draw(fx.me, 1), later, "junk")

    with (
        abilities.extra(REX, OnPlay(task_then_junk)),
        pytest.raises(NotAStep, match="returned 'junk'"),
    ):
        t.play(REX, 0)


def test_a_misspelt_moment_fails_when_the_ability_is_written_with_a_suggestion() -> None:
    with pytest.raises(ScriptError) as raised:
        Triggered("minon_played", _nothing)  # type: ignore[arg-type]
    assert str(raised.value).startswith(
        "Triggered: 'minon_played' is not a Moment; did you mean 'minion_played'?"
    )


def test_a_misspelt_window_or_zone_of_a_special_names_the_special() -> None:
    with pytest.raises(ScriptError, match=r"Special 'X': 'befor_scoring' is not a Window; did you"):
        Special("befor_scoring", Zone.HAND, "X", _never, _nothing)  # type: ignore[arg-type]
    with pytest.raises(ScriptError, match=r"'hnad' is not a Zone; did you mean 'hand'\?"):
        Special(Window.BEFORE_SCORING, "hnad", "X", _never, _nothing)  # type: ignore[arg-type]


def test_a_misspelt_base_hook_or_destination_zone_fails_too() -> None:
    with pytest.raises(ScriptError, match="BaseHook: 'after_scorign' is not a Hook"):
        BaseHook("after_scorign", _nothing)  # type: ignore[arg-type]
    with pytest.raises(ScriptError, match="DestroyedGoTo: 'hands' is not a Zone"):
        DestroyedGoTo("hands")  # type: ignore[arg-type]


def test_a_plain_string_spelt_right_becomes_the_enum_and_persists_unchanged() -> None:
    ability = Triggered("minion_played", _nothing)  # type: ignore[arg-type]
    assert ability.moment is Moment.MINION_PLAYED
    assert BaseHook(Hook.REPLACED, _nothing).moment == "replaced"
    assert str(Window.SEEN) == "seen"
    assert f"{Zone.HAND}" == "hand"


@dataclasses.dataclass(frozen=True)
class _Unfolded(ev.Event):
    """An event class nobody wrote a fold for (not registered as a log type)."""

    type = "unfolded_for_the_test"


def test_an_event_type_without_a_fold_is_an_error_naming_it() -> None:
    state = _rex_on_a_board_with_a_rival().state
    with pytest.raises(NoFold, match=re.escape("no fold for event type 'unfolded_for_the_test'")):
        evolve(state, _Unfolded())


def test_a_second_game_created_is_not_folded_into_a_game() -> None:
    t = _rex_on_a_board_with_a_rival()
    created = t.events[0]
    assert isinstance(created, ev.GameCreated)
    with pytest.raises(NoFold, match="'game_created'"):
        evolve(t.state, created)


def test_exactly_these_event_types_only_record_a_fact() -> None:
    assert sorted(cls.type for cls in FACT_ONLY) == [
        "card_revealed",
        "clock_expired",
        "hand_revealed",
        "special_used",
    ]


def test_a_fact_only_event_changes_nothing_but_the_version() -> None:
    state = _rex_on_a_board_with_a_rival().state
    after = evolve(state, ev.HandRevealed(0, 1, ()))
    assert after.version == state.version + 1
    assert dataclasses.replace(after, version=state.version) == state


def _engine_trees() -> list[ast.Module]:
    root = Path(__file__).resolve().parents[2] / "domain"
    return [
        ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted(root.glob("*.py"))
        if p.name != "moments.py"
    ]


def _members_named(node: ast.AST, enum: str) -> set[str]:
    return {
        n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == enum
    }


def test_every_moment_is_raised_by_the_engine_so_no_trigger_waits_for_nothing() -> None:
    raised: set[str] = set()
    for tree in _engine_trees():
        for call in ast.walk(tree):
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id in {"fire", "fired", "fire_for"}
            ):
                for arg in call.args[:2]:
                    raised |= _members_named(arg, "Moment")
    assert sorted(m.name for m in Moment if m.name not in raised) == []


def test_every_window_and_hook_is_opened_by_the_engine() -> None:
    used = {enum: set[str]() for enum in ("Window", "Hook")}
    for tree in _engine_trees():
        for enum in used:
            used[enum] |= _members_named(tree, enum)
    assert sorted(w.name for w in Window if w.name not in used["Window"]) == []
    assert sorted(h.name for h in Hook if h.name not in used["Hook"]) == []
