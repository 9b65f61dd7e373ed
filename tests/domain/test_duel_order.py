"""So-So Corral and Shogun's Palace, the rulebook clarification ("Oops, You Did It Again"): if
a minion played on the base lets its player play another minion there at once (Zapbot is the
example), the duels are resolved in the reverse order of play, each chosen by the minion's
controller after it was played and resolved."""

from __future__ import annotations

from domain import events as ev
from tests.domain.bases_common import REX, TAR
from tests.domain.table import FILLER, Table

ZAPBOT, RAPTOR = "robots.zapbot", "dinosaurs.war_raptor"  # power 2, 2 (3 alone on a base)
CORRAL, PALACE = "base.so_so_corral", "base.shoguns_palace"


def _duels(t: Table) -> list[str]:
    """The cards of the challengers, in the order their duels started."""
    cards = {e.uid: e.card for e in t.events if isinstance(e, ev.MinionPlayed)}
    return [cards[e.challenger] for e in t.events if isinstance(e, ev.DuelStarted)]


def test_zapbots_extra_minion_played_at_once_on_so_so_corral_duels_before_zapbot() -> None:
    t = Table([CORRAL, TAR], hands=[[ZAPBOT, RAPTOR], []], board=[(0, REX, 1)])
    t.play(ZAPBOT, 0)
    offer = t.state.pending
    assert offer is not None
    assert offer.kind == "extra_play"
    assert offer.seat == 0
    assert [o.card for o in offer.options] == [RAPTOR, None]  # the Raptor, or not now
    assert "Zapbot lets you play another minion here now" in offer.prompt
    t.choose(RAPTOR)  # played on So-So Corral with Zapbot's extra play
    assert t.minions_on(0) == [REX, ZAPBOT, RAPTOR]
    assert "So-So Corral" in t.state.pending.prompt
    t.choose(REX)  # the Raptor, played last, duels first: 3 against 7, it is destroyed
    assert t.minions_on(0) == [REX, ZAPBOT]
    assert "So-So Corral" in t.state.pending.prompt  # then Zapbot's own duel
    t.choose(REX)
    assert _duels(t) == [RAPTOR, ZAPBOT]
    assert t.minions_on(0) == [REX]
    assert t.state.pending is None


def test_declining_the_play_at_once_offers_zapbots_duel_and_keeps_the_extra_play() -> None:
    t = Table([CORRAL, TAR], hands=[[ZAPBOT, RAPTOR], []], board=[(0, REX, 1)])
    t.play(ZAPBOT, 0)
    t.choose("skip")
    assert "So-So Corral" in t.state.pending.prompt
    t.choose("skip")  # no duel either
    assert _duels(t) == []
    kept = [a for a in t.state.players[0].plays if a.source == ZAPBOT]
    assert [(a.kind, a.max_power) for a in kept] == [("minion", 2)]  # still this turn's


def test_on_shoguns_palace_only_the_minion_played_last_duels_once_per_turn() -> None:
    decks = [[FILLER] * 4, [FILLER] * 4]
    t = Table([PALACE, TAR], hands=[[ZAPBOT, RAPTOR], []], board=[(0, REX, 1)], decks=decks)
    t.play(ZAPBOT, 0)
    assert t.state.pending.kind == "extra_play"
    t.choose(RAPTOR)
    assert "Shogun's Palace" in t.state.pending.prompt
    t.choose(REX)  # the Raptor's duel: Rex wins, its controller draws two
    assert _duels(t) == [RAPTOR]
    assert t.state.pending is None  # Zapbot's duel: the Palace's once per turn is used
    assert len(t.state.players[1].hand) == 2


def test_no_play_at_once_is_offered_when_zapbot_could_not_duel_anyway() -> None:
    t = Table([CORRAL, TAR], hands=[[ZAPBOT, RAPTOR], []])  # nobody else on the Corral
    t.play(ZAPBOT, 0)
    assert t.state.pending is None
    plays = [(a.kind, a.source) for a in t.state.players[0].plays]
    assert plays == [("action", "turn"), ("minion", ZAPBOT)]  # the extra one kept for the turn


def test_a_minion_granting_no_play_duels_at_once_as_before() -> None:
    t = Table([CORRAL, TAR], hands=[[RAPTOR, ZAPBOT], []], board=[(0, REX, 1)])
    t.play(RAPTOR, 0)
    assert t.state.pending.kind == "minion"
    assert "So-So Corral" in t.state.pending.prompt
