"""Tricky interactions from the rulebooks, with real cards of different factions."""

from __future__ import annotations

from tests.domain.table import Table

OASIS, TAR, HOME = "base.jungle_oasis", "base.tar_pits", "base.the_homeworld"
REX, INVADER = "dinosaurs.king_rex", "aliens.invader"


def test_sailing_away_from_a_scoring_base_does_not_stop_its_scoring() -> None:
    """The rulebook's Full Sail example: the power drops below the breakpoint, it still scores."""
    t = Table(
        [OASIS, TAR],
        hands=[[], ["pirates.full_sail"]],
        board=[(0, REX, 0), (0, INVADER, 0), (0, "pirates.saucy_wench", 1)],
        base_deck=[HOME],
    )
    t.end_turn()
    assert t.pending.seat == 1
    t.choose("pirates.full_sail")
    t.choose("pirates.saucy_wench")  # only one other base: it goes to the Tar Pits
    assert t.minions_on(1) == ["pirates.saucy_wench"]
    assert t.vp() == [2, 0]
    assert t.state.bases[0].card == HOME


def test_specials_before_scoring_go_active_seat_first_then_clockwise() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[["ninjas.shinobi"], ["ninjas.shinobi"]],
        board=[
            (0, REX, 0),
            (0, INVADER, 0),
            (0, "aliens.collector", 0),
            (1, "pirates.pirate_king", 1),
        ],
        base_deck=[HOME],
    )
    t.end_turn()
    order = []
    while t.pending is not None and t.pending.kind == "special":
        order.append((t.pending.seat, sorted(t.options())))
        t.choose(t.pending.options[0].id)
    assert order[0] == (0, ["ninjas.shinobi", "skip"])
    assert order[1][0] == 1
    assert "pirates.pirate_king" in order[1][1]
    assert "ninjas.shinobi" in order[1][1]


def test_hidden_ninja_during_scoring_must_use_its_extra_minion_at_once_or_lose_it() -> None:
    t = Table(
        [OASIS, TAR],
        hands=[[], ["ninjas.hidden_ninja", "aliens.collector"]],
        board=[(0, REX, 0), (0, INVADER, 0), (0, "dinosaurs.war_raptor", 0)],
        base_deck=[HOME],
    )
    t.end_turn()
    t.choose("ninjas.hidden_ninja")
    assert t.pending.kind == "extra_play"
    t.choose("skip")
    assert t.pass_empty_me_first() == 1
    assert t.hand(1)[0] == "aliens.collector"  # kept in hand, the extra play is gone
    assert t.state.active == 1
    assert all(p.source == "turn" for p in t.state.players[1].plays)


def test_a_protection_stops_every_effect_whatever_its_faction() -> None:
    t = Table(
        [OASIS],
        hands=[["dinosaurs.laseratops"], []],
        board=[(0, "pirates.buccaneer", 1), (0, "aliens.collector", 1)],
    )
    t.do(__import__("domain").PlayMinion(0, t.hand_uid("dinosaurs.laseratops"), 0))
    # Laseratops must destroy a power-2-or-less minion: only the Collector qualifies
    assert "aliens.collector" in t.discard(1)
    t2 = Table(
        [OASIS, TAR], hands=[["ninjas.ninja_master"], []], board=[(0, "pirates.buccaneer", 1)]
    )
    t2.play("ninjas.ninja_master", 0)
    t2.choose("pirates.buccaneer")
    assert t2.minions_on(1) == ["pirates.buccaneer"]  # moved instead of destroyed
    assert t2.discard(1) == []


def test_a_warbot_cannot_be_destroyed_but_can_be_returned() -> None:
    t = Table(
        [OASIS],
        hands=[["ninjas.seeing_stars", "aliens.beam_up"], []],
        board=[(0, "robots.warbot", 1)],
    )
    t.play("ninjas.seeing_stars")  # power 4: not a target anyway
    assert t.minions_on(0) == ["robots.warbot"]
    t2 = Table(
        [OASIS],
        hands=[["ninjas.ninja_master"], ["aliens.beam_up"]],
        board=[(0, "robots.warbot", 1)],
    )
    t2.play("ninjas.ninja_master", 0)
    if t2.pending is not None:
        t2.choose("robots.warbot")
    assert "robots.warbot" in t2.minions_on(0)
    t2.end_turn()
    t2.play("aliens.beam_up")
    t2.choose("robots.warbot")
    assert "robots.warbot" in t2.hand(1)
