"""The building blocks card scripts share: one `Fx.choose` for every kind of decision, a
once-per-turn limit as a value, Specials that play their own card."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from domain import abilities, plays
from domain import events as ev
from domain.abilities import Restriction
from domain.effects import Special, anytime, play_itself
from domain.evolve import evolve
from domain.fx import Ask, Fx
from domain.limits import OncePerTurn
from domain.model import GameState, Zone
from domain.moments import Window
from domain.plays import PlaysItself
from domain.registry import Source
from domain.verbs import destroy
from tests.domain.bases_common import OASIS, REX, TAR
from tests.domain.table import Table

FULL_SAIL = "pirates.full_sail"


def _fx_of_seat_0() -> Fx:
    t = Table([OASIS, TAR], hands=[[REX], []], board=[(0, REX, 1)])
    return Fx(t.state, {"by": 0})


def test_choose_asks_for_a_minion_with_its_base_in_the_label_and_its_uid_as_the_value() -> None:
    fx = _fx_of_seat_0()
    rival = fx.minions(controller=1)[0]
    (ask,) = fx.choose("minion", [rival], "Destroy a minion", then=destroy)
    assert isinstance(ask, Ask)
    assert (ask.seat, ask.kind, ask.then.key) == (0, "minion", "destroy")
    (option,) = ask.options
    assert (option.value, option.base) == (rival.uid, 0)
    assert option.label.endswith(f"on {fx.option('base', 0).label}")


def test_choose_asks_for_a_seat_or_a_base_by_index() -> None:
    fx = _fx_of_seat_0()
    (seat_ask,) = fx.choose("seat", [1], "Which player?", then=destroy, seat=1)
    (base_ask,) = fx.choose("base", [0, 1], "Which base?", then=destroy)
    assert isinstance(seat_ask, Ask)
    assert isinstance(base_ask, Ask)
    assert seat_ask.seat == 1
    assert [(o.id, o.value) for o in seat_ask.options] == [("seat-1", 1)]
    assert [(o.id, o.value) for o in base_ask.options] == [("base-0", 0), ("base-1", 1)]


def test_choose_given_items_of_another_kind_fails_loudly_naming_the_kinds() -> None:
    fx = _fx_of_seat_0()
    with pytest.raises(
        TypeError, match=r"is not a base \(one of minion, card, buried, base, seat\)"
    ):
        fx.choose("base", fx.minions(), "Which base?", then=destroy)


# --- once per turn -------------------------------------------------------------------------


def test_a_once_per_turn_limit_runs_its_steps_the_first_time_only_for_the_same_keys() -> None:
    t = Table([OASIS, TAR], hands=[[REX], []], board=[(0, REX, 1)])
    hive = OncePerTurn("hive_of_scum")
    first = hive.once(t.state, 1, then=(ev.VpGained(1, 1, "test"),))
    assert first == (ev.FlagSet("hive_of_scum:1"), ev.VpGained(1, 1, "test"))
    used = evolve(t.state, first[0])
    assert hive.used(used, 1)
    assert hive.once(used, 1, then=(ev.VpGained(1, 1, "test"),)) == ()
    assert not hive.used(used, 0)
    assert hive.keys(used) == ["1"]


def test_a_once_per_turn_limit_counts_its_marks_and_forgets_them_when_the_next_turn_starts() -> (
    None
):
    t = Table([OASIS, TAR], hands=[[REX], []], board=[(0, REX, 1)])
    way = OncePerTurn("way_of_the_warrior")
    state = evolve(evolve(t.state, way.use(0, "m1")[0]), way.use(0, "m1")[0])
    assert way.count(state, 0, "m1") == 2
    t.state = state
    t.end_turn()
    assert way.count(t.state, 0, "m1") == 0


# --- "play this card as a Special in window W" ---------------------------------------------


def _forbids_actions(state: GameState, src: Source, seat: int, card: str, base: int) -> bool:
    return card == FULL_SAIL


def test_a_special_that_plays_its_card_is_offered_only_when_nothing_forbids_that_play() -> None:
    def table() -> Table:
        return Table([OASIS, TAR], hands=[[REX, FULL_SAIL], []], board=[(0, REX, 1)])

    play = Special(Window.BEFORE_SCORING, Zone.HAND, "play it", anytime, play_itself, plays_it=True)
    free = replace(play, plays_it=False)
    assert play.usable(table().state, 0, FULL_SAIL, "x", 0)
    with abilities.extra(REX, Restriction(_forbids_actions)):
        forbidden = table().state
        assert not play.usable(forbidden, 0, FULL_SAIL, "x", 0)
        assert free.usable(forbidden, 0, FULL_SAIL, "x", 0)


def _forbids_rex_on_oasis(state: GameState, src: Source, seat: int, card: str, base: int) -> bool:
    return card == REX and base == 0


def _forbids_rex(state: GameState, src: Source, seat: int, card: str, base: int) -> bool:
    return card == REX


def test_a_special_playing_its_minion_on_its_own_base_is_offered_only_if_it_may_go_there() -> None:
    def table() -> Table:
        return Table([OASIS, TAR], hands=[[], []], board=[(0, REX, 0), (1, REX, 1)])

    mine = table().minion(REX, 0).uid
    again = Special(
        Window.PLAY, Zone.PLAY, "again", anytime, play_itself, plays_it=PlaysItself.ITS_BASE
    )
    assert again.usable(table().state, 0, REX, mine, -1)
    assert not again.usable(table().state, 0, REX, "not-in-play", -1)
    with abilities.extra(OASIS, Restriction(_forbids_rex_on_oasis)):
        assert not again.usable(table().state, 0, REX, mine, -1)


def test_a_special_playing_its_minion_on_some_base_is_offered_while_one_base_allows_it() -> None:
    def table() -> Table:
        return Table([OASIS, TAR], hands=[[], []], discards=[[REX], []])

    back = Special(
        Window.PLAY, Zone.DISCARD, "back", anytime, play_itself, plays_it=PlaysItself.A_BASE
    )
    assert back.usable(table().state, 0, REX, "x", -1)
    with abilities.extra(OASIS, Restriction(_forbids_rex_on_oasis)):
        assert back.usable(table().state, 0, REX, "x", -1)
        assert plays.bases_for(table().state, 0, REX) == [1]
    with abilities.extra(OASIS, Restriction(_forbids_rex)):
        assert not back.usable(table().state, 0, REX, "x", -1)


PLAYABILITY = {"may_play", "bases_for", "may_play_itself"}


def playability_checks(source: str) -> list[str]:
    """The Specials of a card module whose `when`, or whatever it calls in the module, asks
    whether a card may be played (the engine does it for a Special with `plays_it`), and
    those whose effect checks a play with `may_play`: (the function, the check)."""
    tree = ast.parse(source)
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    found: list[str] = []
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") == "Special"):
            continue
        args = {k.arg: k.value for k in call.keywords}
        when = call.args[3] if len(call.args) > 3 else args.get("when")
        effect = call.args[4] if len(call.args) > 4 else args.get("effect")
        for root, banned in ((when, PLAYABILITY), (effect, {"may_play"})):
            todo = [root.id] if isinstance(root, ast.Name) else []
            seen: set[str] = set()
            while todo:
                name = todo.pop()
                if name in seen or name not in defs:
                    continue
                seen.add(name)
                for node in ast.walk(defs[name]):
                    used = node.attr if isinstance(node, ast.Attribute) else None
                    used = node.id if isinstance(node, ast.Name) else used
                    if used in banned:
                        found.append(f"{name}: {used}")
                    elif isinstance(node, ast.Name):
                        todo.append(node.id)
    return found


def test_the_playability_finder_sees_a_special_checking_its_own_play() -> None:
    source = (
        "def _may(state, seat, uid, base):\n"
        "    return _here(state, seat)\n\n\n"
        "def _here(state, seat):\n"
        "    return plays.may_play(state, seat, 'ninjas.ninja_acolyte', 0)\n\n\n"
        "card('ninjas.ninja_acolyte', Special(W, Z, 'label', _may, effect))\n"
    )
    assert playability_checks(source) == ["_here: may_play"]


def test_no_card_special_checks_its_own_playability_itself() -> None:
    """Specials that play their own card say `plays_it=True` or where (`PlaysItself`): the
    engine checks the play, e.g. Ninja Acolyte on its base, Tenacious Z on some base."""
    found = {p.name: playability_checks(p.read_text()) for p in Path("domain/cards").glob("*.py")}
    assert {name: checks for name, checks in found.items() if checks} == {}
