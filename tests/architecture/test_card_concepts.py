"""What writing a card takes: few concepts per card (see tests/architecture/card_concepts.py),
a small `Fx`, and no card module building raw events (shared verbs build them)."""

from __future__ import annotations

import ast
import dataclasses

import pytest

from domain.fx import Fx
from tests.architecture.card_concepts import CARDS, concepts, concepts_in

MOST_CONCEPTS = 8
MOST_FX_MEMBERS = 35

SAMPLE = """
from domain import verbs
from domain.abilities import card
from domain.effects import OnPlay
from domain.fx import Fx, Steps

LIMIT = 2


def _small(fx: Fx, base: int) -> list[str]:
    return [m.uid for m in fx.minions(base=base) if len(m.uid) <= LIMIT]


def sample(fx: Fx) -> Steps:
    here = fx.base
    return fx.choose("minion", _small(fx, here), "Pick", verbs.destroy)


def other(fx: Fx) -> Steps:
    return verbs.move(fx)


card("test.sample", OnPlay(sample))
card("test.other", OnPlay(other))
"""


def test_a_card_s_concepts_are_the_domain_names_its_script_and_helpers_use() -> None:
    assert concepts_in(SAMPLE, "test.sample") == {
        "card",
        "OnPlay",
        "Fx",
        "Steps",
        "Fx.minions",
        "Fx.base",
        "Fx.choose",
        "verbs.destroy",
    }


def test_a_card_s_concepts_leave_out_the_functions_of_the_other_cards_of_its_module() -> None:
    assert concepts_in(SAMPLE, "test.other") == {"card", "OnPlay", "Fx", "Steps", "verbs.move"}


def test_counting_the_concepts_of_a_card_no_module_registers_fails_loudly() -> None:
    with pytest.raises(LookupError, match=r"test\.nowhere"):
        concepts_in(SAMPLE, "test.nowhere")


@pytest.mark.parametrize(
    "card_id", ["dinosaurs.laseratops", "cowboys.high_noon", "ignobles.aunt_of_drakes"]
)
def test_the_cards_newcomers_read_first_each_need_at_most_eight_concepts(card_id: str) -> None:
    found = concepts(card_id)
    assert len(found) <= MOST_CONCEPTS, sorted(found)


def fx_members() -> set[str]:
    """The public members of Fx: its fields, properties and methods."""
    declared = {name for name in vars(Fx) if not name.startswith("_")}
    return declared | {f.name for f in dataclasses.fields(Fx) if not f.name.startswith("_")}


def test_fx_offers_card_authors_at_most_thirty_five_members() -> None:
    members = fx_members()
    assert {"state", "ctx", "choose", "destroy", "then"} <= members
    assert len(members) <= MOST_FX_MEMBERS, sorted(members)


def raw_events(source: str) -> list[str]:
    """Where a module builds events itself: imports of domain.events, uses of what it names."""
    tree = ast.parse(source)
    local: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "domain.events":
            local |= {a.asname or a.name for a in node.names}
            found.append(f"line {node.lineno}: from domain.events import ...")
        elif isinstance(node, ast.ImportFrom) and node.module == "domain":
            for a in node.names:
                if a.name == "events":
                    local.add(a.asname or a.name)
                    found.append(f"line {node.lineno}: from domain import events")
        elif isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: import {a.name}" for a in node.names if "events" in a.name
            ]
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in local:
            found.append(f"line {node.lineno}: {node.id}")
    return found


def test_the_raw_event_finder_sees_an_event_built_by_hand() -> None:
    source = "from domain import events as ev\n\n\ndef f():\n    return (ev.VpGained(0, 1, 'x'),)\n"
    assert raw_events(source) == ["line 1: from domain import events", "line 5: ev"]


def test_no_card_module_builds_a_raw_event() -> None:
    found = {p.name: raw_events(p.read_text()) for p in sorted(CARDS.glob("*.py"))}
    assert {name: where for name, where in found.items() if where} == {}
