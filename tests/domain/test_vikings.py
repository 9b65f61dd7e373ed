"""Vikings: the faction's cards and bases (Drakkar, Longhouse)."""

from __future__ import annotations

import random

from domain import PlayAction, UseTalent
from domain import events as ev
from domain.catalogue import catalogue
from domain.engine import run
from domain.model import Task
from domain.narrate import narrate
from domain.registry import IMPLEMENTED
from domain.serialize import event_to_dict, state_from_json, state_to_json
from domain.view import redact_payload, view
from tests.domain.bases_common import COLLECTOR, INVADER, OASIS, OVERLORD, REX
from tests.domain.ids import ids
from tests.domain.table import FILLER, Table

HUSCARL, MAIDEN, RAIDER, VALKYRIE = ids("vikings", "huscarl shield_maiden raider valkyrie")
PILLAGE, FUNERAL, RUNES, PARTY = ids(
    "vikings", "pillage viking_funeral cast_the_runes raiding_party"
)
RANSACK, UPGRADE = "vikings.ransack", "dinosaurs.upgrade"
BERSERK, TRIBUTE, TRAINING = "vikings.berserk", "vikings.tribute", "vikings.combat_training"
DRAKKAR, LONGHOUSE = "base.drakkar", "base.longhouse"
BRAIN = "base.the_central_brain"
SACRIFICE, SUMMON, WINDS = "wizards.sacrifice", "wizards.summon", "wizards.winds_of_change"


def seen_by(t: Table, viewer: int | None, kind: str) -> list[dict[str, object]]:
    """The payloads of one kind of event as `viewer` receives them."""
    out = []
    for e in t.events:
        d = event_to_dict(e)
        if d["type"] == kind:
            out.append(redact_payload(kind, d["payload"], viewer))
    return out


def test_every_viking_card_is_implemented_and_both_bases() -> None:
    cards = set(catalogue().faction("vikings").card_ids)
    assert len(cards) == 12
    assert cards <= IMPLEMENTED
    assert {DRAKKAR, LONGHOUSE} <= IMPLEMENTED


# --- putting cards from hand on top of the deck ------------------------------------------------


def test_huscarl_talent_puts_a_hand_card_on_top_of_the_deck_for_two_power() -> None:
    t = Table([OASIS], hands=[[SUMMON], []], board=[(0, HUSCARL, 0)])
    t.do(UseTalent(0, t.minion(HUSCARL).uid))
    t.choose(SUMMON)
    assert t.hand(0) == []
    assert t.deck(0)[0] == SUMMON
    assert t.power(HUSCARL) == 4
    t.end_turn()
    assert t.power(HUSCARL) == 2
    assert t.replays_exactly()


def test_huscarl_gets_nothing_when_no_card_is_put_back() -> None:
    t = Table([OASIS], hands=[[SUMMON], []], board=[(0, HUSCARL, 0)])
    t.do(UseTalent(0, t.minion(HUSCARL).uid))
    t.choose("skip")
    assert t.hand(0) == [SUMMON]
    assert t.power(HUSCARL) == 2


def test_the_card_put_back_is_hidden_from_the_other_seats() -> None:
    t = Table([OASIS], hands=[[SUMMON], [], []], board=[(0, HUSCARL, 0)])
    t.do(UseTalent(0, t.minion(HUSCARL).uid))
    t.choose(SUMMON)
    assert [p["card"] for p in seen_by(t, 0, "card_taken")] == [SUMMON]
    for viewer in (1, 2, None):
        (moved,) = seen_by(t, viewer, "card_taken")
        assert "card" not in moved
        assert "uid" not in moved
        assert (moved["seat"], moved["to_zone"]) == (0, "deck_top")


def test_raider_gets_one_power_per_card_put_back_the_last_one_on_top() -> None:
    t = Table([OASIS], hands=[[SUMMON, SACRIFICE, FILLER], []], board=[(0, RAIDER, 0)])
    t.do(UseTalent(0, t.minion(RAIDER).uid))
    t.choose(SUMMON)
    t.choose(SACRIFICE)
    t.choose("skip")
    assert t.hand(0) == [FILLER]
    assert t.deck(0)[:2] == [SACRIFICE, SUMMON]
    assert t.power(RAIDER) == 6


def test_berserk_gives_a_minion_three_power_when_its_cost_is_paid() -> None:
    t = Table([OASIS], hands=[[BERSERK, SUMMON], []], board=[(0, INVADER, 0)])
    t.play(BERSERK)
    t.choose(SUMMON)
    assert t.power(INVADER) == 6
    assert t.deck(0)[0] == SUMMON


def test_berserk_gives_nothing_when_its_cost_is_not_paid() -> None:
    t = Table([OASIS], hands=[[BERSERK, SUMMON], []], board=[(0, INVADER, 0)])
    t.play(BERSERK)
    t.choose("skip")
    assert t.power(INVADER) == 3
    assert t.hand(0) == [SUMMON]


def test_longhouse_talent_gives_a_minion_there_two_power_for_a_card_put_back() -> None:
    board = [(0, INVADER, 0), (0, COLLECTOR, 0), (0, REX, 1), (1, OVERLORD, 0)]
    t = Table([LONGHOUSE, OASIS], hands=[[SUMMON], []], board=board)
    t.do(UseTalent(0, LONGHOUSE))
    t.choose(SUMMON)
    assert t.options() == [INVADER, COLLECTOR]  # only minions of mine on the Longhouse
    t.choose(INVADER)
    assert t.power(INVADER) == 5
    assert t.deck(0)[0] == SUMMON


# --- taking from other players ----------------------------------------------------------------


def test_shield_maiden_takes_a_small_card_turned_up_from_another_deck() -> None:
    t = Table([OASIS], hands=[[MAIDEN], []], decks=[[FILLER] * 3, [SUMMON, REX]])
    t.play(MAIDEN, 0)
    taken = next(c for c in t.state.players[0].hand if c.card == SUMMON)
    assert taken.owner == 1
    assert t.deck(1) == [REX]
    revealed = [e for e in t.events if isinstance(e, ev.CardRevealed)]
    assert [(e.card, e.to_seat) for e in revealed] == [(SUMMON, None)]
    assert t.replays_exactly()


def test_shield_maiden_leaves_a_strong_minion_on_top_of_that_deck() -> None:
    t = Table([OASIS], hands=[[MAIDEN], []], decks=[[FILLER] * 3, [REX, SUMMON]])
    t.play(MAIDEN, 0)
    assert t.deck(1) == [REX, SUMMON]
    assert t.hand(0) == []


def test_a_card_taken_from_another_is_played_as_mine_and_goes_back_to_its_owner() -> None:
    """Rulebook clarification: a card you do not own in your hand is yours to play; you
    control it, and when it leaves play it goes to its owner's discard pile."""
    t = Table(
        [OASIS, BRAIN],
        hands=[[MAIDEN, SACRIFICE], []],
        decks=[[FILLER] * 9, [INVADER, REX]],
    )
    t.play(MAIDEN, 0)
    t.end_turn()
    t.end_turn()
    t.play(INVADER, 1)
    m = t.minion(INVADER)
    assert (m.owner, m.controller) == (1, 0)
    assert t.vp()[0] == 1  # its on-play ability is mine
    t.play(SACRIFICE)
    t.choose(INVADER)
    assert INVADER in t.discard(1)
    assert INVADER not in t.discard(0)


def test_valkyrie_takes_a_minion_from_another_players_discard_pile() -> None:
    t = Table([OASIS], hands=[[VALKYRIE], []], discards=[[COLLECTOR], [SUMMON, INVADER, REX]])
    t.play(VALKYRIE, 0)
    assert sorted(t.options()) == sorted([INVADER, REX])  # not my own, not an action
    t.choose(REX)
    assert t.hand(0) == [REX]
    assert t.discard(1) == [SUMMON, INVADER]
    assert t.state.players[0].hand[0].owner == 1


def test_pillage_takes_a_random_card_from_another_hand_seen_only_by_those_two() -> None:
    t = Table([OASIS], hands=[[PILLAGE], [SUMMON, REX], [INVADER]])
    t.play(PILLAGE)
    t.choose("seat-1")
    assert len(t.hand(0)) == 1
    assert len(t.hand(1)) == 1
    assert sorted(t.hand(0) + t.hand(1)) == sorted([SUMMON, REX])
    for viewer in (0, 1):
        assert seen_by(t, viewer, "card_taken")[0]["card"] == t.hand(0)[0]
    for viewer in (2, None):
        (taken,) = seen_by(t, viewer, "card_taken")
        assert "card" not in taken
        assert "uid" not in taken
        assert "owner" not in taken
    assert t.replays_exactly()


def test_pillage_draws_its_card_from_the_games_seed() -> None:
    picks = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        t = Table([OASIS], hands=[[PILLAGE], [SUMMON, REX, INVADER]], seed=seed)
        t.play(PILLAGE)
        picks.add(t.hand(0)[0])
        again = Table([OASIS], hands=[[PILLAGE], [SUMMON, REX, INVADER]], seed=seed)
        again.play(PILLAGE)
        assert again.hand(0) == t.hand(0)
    assert len(picks) > 1


def test_a_card_not_owned_may_be_put_on_top_of_ones_own_deck() -> None:
    """Rulebook clarification (Huscarl, Raider, Berserk, Longhouse)."""
    t = Table([OASIS], hands=[[PILLAGE], [SUMMON]], board=[(0, HUSCARL, 0)])
    t.play(PILLAGE)
    t.do(UseTalent(0, t.minion(HUSCARL).uid))
    t.choose(SUMMON)
    top = t.state.players[0].deck[0]
    assert (top.card, top.owner) == (SUMMON, 1)
    assert t.power(HUSCARL) == 4
    assert t.replays_exactly()


def bury(t: Table, uid: str, base: int, seat: int) -> None:
    """Run the engine's bury verb, as an ability of `seat` would."""
    task = Task("bury", {"uid": uid, "to": base, "seat": seat, "by": seat})
    t.state, events = run(t.state, [task], random.Random(0))
    t.events += events


def test_ransack_takes_an_action_attached_to_another_players_minion() -> None:
    board = [(0, INVADER, 1), (0, UPGRADE, 1, 0)]
    t = Table([OASIS], hands=[[RANSACK], []], board=board)
    assert t.power(INVADER) == 5
    t.play(RANSACK)
    assert t.hand(0) == [UPGRADE]
    assert t.state.players[0].hand[0].owner == 1
    assert t.power(INVADER) == 3
    assert UPGRADE not in t.discard(1)
    assert t.replays_exactly()


def test_ransack_takes_a_buried_card_and_only_those_concerned_see_which() -> None:
    board = [(0, INVADER, 1), (0, UPGRADE, 1, 0)]
    t = Table([OASIS], hands=[[RANSACK], [REX], []], board=board)
    bury(t, t.hand_uid(REX, 1), 0, 1)
    t.play(RANSACK)
    assert sorted(t.options()) == sorted([UPGRADE, "buried-1"])  # the buried card unnamed
    t.choose("buried-1")
    assert t.hand(0) == [REX]
    assert t.state.bases[0].buried == ()
    for viewer in (0, 1):
        assert seen_by(t, viewer, "card_taken")[0]["card"] == REX
    for viewer in (2, None):
        assert "card" not in seen_by(t, viewer, "card_taken")[0]
    assert t.replays_exactly()


def test_cast_the_runes_shows_a_hand_and_orders_the_top_two_then_grants_an_action() -> None:
    t = Table([OASIS], hands=[[RUNES], [REX]], decks=[[FILLER] * 3, [SUMMON, INVADER, FILLER]])
    t.play(RUNES)
    shown = [e for e in t.events if isinstance(e, ev.HandRevealed)]
    assert [(e.seat, e.to_seat, [c.card for c in e.cards]) for e in shown] == [(1, 0, [REX])]
    looked = [e for e in t.events if isinstance(e, ev.CardRevealed)]
    assert [(e.card, e.to_seat) for e in looked] == [(SUMMON, 0), (INVADER, 0)]
    assert sorted(t.options()) == sorted([SUMMON, INVADER])
    t.choose(INVADER)
    assert t.deck(1) == [INVADER, SUMMON, FILLER]
    assert [(a.kind, a.source) for a in t.state.players[0].plays][-1] == ("action", RUNES)
    for viewer in (1, None):  # not even the deck's owner knows its order
        assert all("card" not in p for p in seen_by(t, viewer, "card_revealed"))
    assert t.replays_exactly()


def test_raiding_party_plays_a_turned_up_minion_as_mine_and_orders_the_rest() -> None:
    t = Table([OASIS], hands=[[PARTY], []], decks=[[FILLER] * 3, [REX, INVADER, SUMMON, FILLER]])
    t.play(PARTY)
    assert sorted(t.options()) == sorted([INVADER, SUMMON, "skip"])  # not the power 7 Rex
    t.choose(INVADER)
    t.choose(SUMMON)  # the rest go back, Summon on top
    m = t.minion(INVADER)
    assert (m.owner, m.controller) == (1, 0)
    assert t.vp() == [1, 0]
    assert t.deck(1) == [SUMMON, REX, FILLER]
    assert t.replays_exactly()


def test_raiding_party_plays_a_turned_up_action_which_then_goes_to_its_owner() -> None:
    t = Table([OASIS], hands=[[PARTY], []], decks=[[FILLER] * 3, [SUMMON, REX, REX, FILLER]])
    t.play(PARTY)
    t.choose(SUMMON)  # two copies of Rex left: no order to choose
    assert t.discard(1) == [SUMMON]
    assert [(a.kind, a.source) for a in t.state.players[0].plays][-1] == ("minion", SUMMON)
    assert t.deck(1) == [REX, REX, FILLER]


def test_raiding_party_may_play_nothing_and_put_all_three_back() -> None:
    t = Table([OASIS], hands=[[PARTY], []], decks=[[FILLER] * 3, [REX, INVADER, SUMMON, FILLER]])
    t.play(PARTY)
    t.choose("skip")
    t.choose(SUMMON)
    t.choose(INVADER)
    assert t.deck(1) == [SUMMON, INVADER, REX, FILLER]
    assert t.minions_on(0) == []


def test_tribute_draws_three_cards() -> None:
    t = Table([OASIS], hands=[[TRIBUTE], []], decks=[[SUMMON, REX, INVADER, FILLER], []])
    t.play(TRIBUTE)
    assert t.hand(0) == [SUMMON, REX, INVADER]


def test_combat_training_gives_my_minions_one_power_for_the_rest_of_the_turn() -> None:
    board = [(0, COLLECTOR, 0), (0, REX, 1)]
    t = Table([LONGHOUSE], hands=[[TRAINING, INVADER], []], board=board)
    t.play(TRAINING)
    assert t.power(COLLECTOR) == 3
    assert t.power(REX) == 7
    t.play(INVADER, 0)
    assert t.power(INVADER) == 4
    t.end_turn()
    assert t.power(COLLECTOR) == 2
    assert t.power(INVADER) == 3


# --- Viking Funeral and the game box -----------------------------------------------------------


def test_viking_funeral_goes_only_on_a_minion_of_mine_of_power_five_or_more() -> None:
    t = Table(
        [OASIS], hands=[[FUNERAL], []], board=[(0, OVERLORD, 0), (0, INVADER, 0), (0, REX, 1)]
    )
    targets = {m.target for m in t.moves() if isinstance(m, PlayAction)}
    assert t.minion(OVERLORD).uid in targets
    assert t.minion(INVADER).uid not in targets
    assert t.minion(REX).uid not in targets


def test_viking_funeral_scores_a_vp_and_boxes_my_destroyed_minion() -> None:
    t = Table([OASIS], hands=[[FUNERAL, SACRIFICE], []], board=[(0, OVERLORD, 0)])
    t.play(FUNERAL, target=OVERLORD)
    t.end_turn()
    t.end_turn()
    t.play(SACRIFICE)
    assert t.vp() == [1, 0]
    assert [c.card for c in t.state.box] == [OVERLORD]
    assert OVERLORD not in t.discard(0)
    assert FUNERAL in t.discard(0)
    assert [c["card"] for c in view(t.state, 1)["box"]] == [OVERLORD]
    assert t.replays_exactly()
    assert state_from_json(state_to_json(t.state)) == t.state  # a snapshot keeps the box


def test_viking_funeral_also_acts_when_the_base_scores() -> None:
    t = Table([OASIS, BRAIN], hands=[[FUNERAL], []], board=[(0, OVERLORD, 0), (0, REX, 0)])
    t.play(FUNERAL, target=OVERLORD)
    t.end_turn()
    t.pass_empty_me_first()
    assert t.vp()[0] == 2 + 1
    assert [c.card for c in t.state.box] == [OVERLORD]
    assert REX in t.discard(0)


def test_viking_funeral_on_a_minion_i_do_not_own_scores_but_leaves_it_to_its_owner() -> None:
    t = Table([LONGHOUSE], hands=[[VALKYRIE, FUNERAL, SACRIFICE], []], discards=[[], [OVERLORD]])
    t.play(VALKYRIE, 0)
    t.end_turn()
    t.end_turn()
    t.play(OVERLORD, 0)
    t.choose("skip")  # its own on-play ability
    t.play(FUNERAL, target=OVERLORD)
    t.end_turn()
    t.end_turn()
    t.play(SACRIFICE)
    t.choose(OVERLORD)
    assert t.vp() == [1, 0]
    assert t.state.box == ()
    assert OVERLORD in t.discard(1)


# --- bases -------------------------------------------------------------------------------------


def test_drakkar_lets_the_first_minion_played_there_take_a_small_top_card() -> None:
    decks = [[FILLER] * 3, [SUMMON, INVADER, FILLER]]
    t = Table([DRAKKAR, OASIS], hands=[[INVADER, INVADER], []], decks=decks)
    t.play(INVADER, 0)
    assert t.pending.seat == 0
    t.choose("seat-1")
    t.choose(SUMMON)
    assert t.hand(0) == [INVADER, SUMMON]
    assert t.state.players[0].hand[-1].owner == 1  # still Bob's card, in Ann's hand
    assert t.deck(1) == [INVADER, FILLER]
    t.play(SUMMON)
    t.play(INVADER, 0)
    assert t.pending is None  # once per turn
    assert t.deck(1) == [INVADER, FILLER]
    assert t.replays_exactly()


def test_drakkar_leaves_a_strong_top_card_and_may_be_declined() -> None:
    decks = [[FILLER] * 3, [REX, SUMMON]]
    t = Table([DRAKKAR, OASIS], hands=[[INVADER, INVADER], []], decks=decks)
    t.play(INVADER, 0)
    t.choose("seat-1")
    assert t.pending is None
    assert t.deck(1) == [REX, SUMMON]
    t2 = Table([DRAKKAR, OASIS], hands=[[INVADER], []], decks=[[FILLER] * 3, [SUMMON]])
    t2.play(INVADER, 0)
    t2.choose("skip")
    assert t2.deck(1) == [SUMMON]
    assert [e for e in t2.events if isinstance(e, ev.CardRevealed)] == []


def test_drakkar_does_nothing_for_a_minion_played_on_another_base() -> None:
    t = Table([DRAKKAR, OASIS], hands=[[INVADER], []], decks=[[FILLER] * 3, [SUMMON]])
    t.play(INVADER, 1)
    assert t.pending is None


def test_a_card_not_owned_shuffled_from_my_hand_into_my_deck_stays_with_me() -> None:
    """Rulebook clarification: a card you do not own stays in your hand or deck; only going
    anywhere else sends it back to its owner."""
    t = Table([OASIS], hands=[[PILLAGE, WINDS], [SUMMON]], decks=[[FILLER] * 8, [FILLER] * 8])
    t.play(PILLAGE)
    taken = t.state.players[0].hand[-1]
    t.end_turn()
    t.end_turn()
    t.play(WINDS)
    mine = [*t.state.players[0].hand, *t.state.players[0].deck]
    assert taken in mine
    everywhere = [c.uid for p in t.state.players for c in (*p.hand, *p.deck, *p.discard)]
    assert everywhere.count(taken.uid) == 1
    assert t.replays_exactly()


def test_raiding_party_offers_only_cards_that_could_be_played_now() -> None:
    decks = [[FILLER] * 3, [UPGRADE, INVADER, REX, FILLER]]
    t = Table([OASIS], hands=[[PARTY], []], decks=decks)
    t.play(PARTY)
    assert sorted(t.options()) == sorted([INVADER, "skip"])  # no minion to put Upgrade on


def test_the_narration_tells_of_cards_taken_and_boxed() -> None:
    t = Table([OASIS], hands=[[FUNERAL, SACRIFICE, PILLAGE], [SUMMON]], board=[(0, OVERLORD, 0)])
    t.play(FUNERAL, target=OVERLORD)
    t.end_turn()
    t.end_turn()
    t.play(SACRIFICE)
    t.end_turn()
    t.end_turn()
    t.play(PILLAGE)
    lines = list(narrate(t.events))
    assert "  Supreme Overlord (p0) goes back in the box, out of the game" in lines
    assert "  p0 puts a card from p1's hand into their hand" in lines


def test_a_seat_holding_another_seats_card_is_asked_in_me_first_as_if_it_could_be_a_special() -> (
    None
):
    """Being asked must not tell whether the card taken is a Special: a seat holding a card of
    another seat is asked for the Specials of that seat's factions too (here Bob's ninjas)."""
    board = [(0, REX, 0), (0, OVERLORD, 0)]
    t = Table([OASIS, BRAIN], hands=[[PILLAGE], ["robots.zapbot"]], board=board)
    t.play(PILLAGE)
    t.end_turn()
    assert t.pending is not None
    assert (t.pending.seat, t.pending.kind, t.options()) == (0, "special", ["skip"])
