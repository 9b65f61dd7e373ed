"""Step names are persisted (a pending decision names the step that resumes it), so they are a
stable, tested list; a step nobody registers is an error, never skipped."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from domain import Choose, decide, steps
from domain.cards.dinosaurs import natural_selection_prey
from domain.engine import UnknownStep
from domain.fx import Fx
from domain.model import Task
from domain.steps import CONTINUATIONS, StepError
from tests.domain.table import Table

FIXTURES = Path(__file__).parents[1] / "fixtures"
GOLDEN = FIXTURES / "step_names.txt"


def golden_names() -> set[str]:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def names_in_log(path: Path) -> Iterator[str]:
    """Every step name a log's decisions persisted: the continuation and the work left."""
    for line in path.read_text(encoding="utf-8").splitlines():
        record: dict[str, Any] = json.loads(line)
        if record["type"] == "decision_requested":
            decision = record["payload"]["decision"]
            yield decision["then"]["key"]
            yield from (task["key"] for task in decision["stack"])


def test_every_step_name_in_the_golden_list_is_still_registered() -> None:
    missing = golden_names() - set(CONTINUATIONS)
    assert not missing, f"renamed or removed steps that stored games may wait on: {missing}"


def test_every_registered_step_is_in_the_golden_list_so_new_names_are_chosen_on_purpose() -> None:
    new = set(CONTINUATIONS) - golden_names()
    assert not new, f"add these step names to {GOLDEN.name}: {sorted(new)}"


def test_every_step_name_persisted_in_the_fixture_logs_is_registered() -> None:
    names = set(names_in_log(FIXTURES / "v1_game.jsonl"))
    assert {"me_first_answer", "scoring_pick", "destroy"} <= names
    assert names <= set(CONTINUATIONS)


def test_answering_a_decision_whose_step_is_unknown_raises_instead_of_doing_nothing() -> None:
    t = Table(
        ["base.the_homeworld"],
        hands=[["aliens.beam_up"], []],
        board=[(0, "dinosaurs.laseratops", 1), (0, "dinosaurs.war_raptor", 1)],
    )
    t.play("aliens.beam_up")
    pending = t.state.pending
    assert pending is not None
    assert pending.then.key == "return"
    renamed = replace(pending, then=Task("return_renamed", pending.then.ctx))
    state = replace(t.state, pending=renamed)
    with pytest.raises(UnknownStep, match="unknown step 'return_renamed'"):
        decide(state, Choose(0, pending.options[0].id))


# --- typed steps ----------------------------------------------------------------------------


def test_a_typed_steps_task_carries_its_ability_and_nothing_inherited_by_accident() -> None:
    fx = Fx(Table(["base.the_homeworld"]).state, {"src": "u1", "card": "c", "by": 0, "stale": 1})
    task = fx.task(natural_selection_prey)
    assert task.key == "natural_selection_prey"
    assert task.ctx == {"src": "u1", "card": "c", "by": 0}
    by_name = fx.task("minion_played", uid="u2")  # a step named by its string is typed too
    assert by_name.ctx == {"src": "u1", "card": "c", "by": 0, "uid": "u2"}


def test_every_registered_step_is_a_typed_step() -> None:
    untyped = sorted(name for name in CONTINUATIONS if not steps.is_typed(name))
    assert not untyped, f"steps without typed parameters: {untyped}"


def test_a_task_for_a_step_nobody_registered_is_refused_when_it_is_made() -> None:
    fx = Fx(Table(["base.the_homeworld"]).state, {"src": "u1", "card": "c", "by": 0})
    with pytest.raises(StepError, match="no step is registered as 'nowhere'"):
        fx.task("nowhere")


def test_a_rule_step_names_its_own_base_instead_of_inheriting_the_abilitys() -> None:
    fx = Fx(Table(["base.the_homeworld"]).state, {"src": "u1", "card": "c", "by": 0, "base": 2})
    task = fx.task("play_card", seat=1, uid="u9", base=0)
    assert task.ctx["base"] == 0
    assert fx.task("play_card", seat=1, uid="u9").ctx.get("base") is None
    assert fx.task("on_play").ctx["base"] == 2  # an ability's step keeps its ability's base


def test_a_trigger_step_passes_the_moments_facts_and_checks_its_own_parameters() -> None:
    with pytest.raises(StepError, match="moment=3 is not a"):
        steps.arguments("trigger", {"moment": 3})
    ctx = {"src": "u1", "card": "c", "moment": "minion_played", "played_by": 1, "uid": "u2"}
    seen: dict[str, object] = {}

    @steps.step("test_facts_step")
    def facts_step(fx: Fx, *, moment: str, **facts: object) -> tuple[()]:
        seen.update(facts, moment=moment)
        return ()

    try:
        CONTINUATIONS["test_facts_step"](Fx(Table(["base.the_homeworld"]).state, ctx))
    finally:
        del CONTINUATIONS["test_facts_step"]
    assert seen == {"moment": "minion_played", "played_by": 1, "uid": "u2"}


def test_natural_selections_pending_decision_names_its_typed_step_with_only_its_identity() -> None:
    t = Table(
        ["base.the_homeworld"],
        hands=[["dinosaurs.natural_selection"], []],
        board=[(0, "dinosaurs.king_rex", 0), (0, "dinosaurs.armor_stego", 0)],
    )
    t.play("dinosaurs.natural_selection")
    pending = t.state.pending
    assert pending is not None
    assert pending.then.key == "natural_selection_prey"
    assert set(pending.then.ctx) <= set(steps.ORIGIN)


def test_a_typed_step_refuses_a_task_missing_a_parameter_or_of_the_wrong_type() -> None:
    assert steps.arguments("natural_selection_prey", {"choice": "u1", "other": 2}) == {
        "choice": "u1"
    }
    with pytest.raises(StepError, match="needs 'choice'"):
        steps.arguments("natural_selection_prey", {"src": "u1"})
    with pytest.raises(StepError, match="choice=5 is not a"):
        steps.arguments("natural_selection_prey", {"choice": 5})


def test_a_typed_step_takes_no_parameter_it_does_not_declare() -> None:
    fx = Fx(Table(["base.the_homeworld"]).state, {"src": "u1", "card": "c", "by": 0})
    with pytest.raises(StepError, match="takes no parameter hunter"):
        fx.task(natural_selection_prey, hunter="u2")
    with pytest.raises(StepError, match="is not a registered @step"):
        fx.task(len)  # type: ignore[arg-type]


def test_a_typed_step_may_not_take_a_parameter_named_like_the_ability_running_it() -> None:
    with pytest.raises(ValueError, match="'base' names the ability running it"):

        @steps.step("test_never_registered")
        def bad(fx: Fx, *, base: int) -> tuple[()]:
            return ()

    assert "test_never_registered" not in CONTINUATIONS
