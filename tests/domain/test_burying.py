"""Burying and uncovering, the engine's rules (Oops, You Did It Again, "Enterrer")."""

from __future__ import annotations

import random

import pytest

from domain import (
    GameSetup,
    PlayerSetup,
    redact_payload,
    replay,
    start_game,
    view,
)
from domain import events as ev
from domain.ai.knowledge import determinize, hidden_uids
from domain.codec import to_json
from domain.engine import run
from domain.model import Task
from domain.narrate import narrate
from domain.registry import IMPLEMENTED
from domain.serialize import event_from_dict, event_to_dict
from tests.domain.bases_common import COLLECTOR, HOME, INVADER, OASIS, REX, TAR
from tests.domain.seeded import play_to_the_end
from tests.domain.table import Table

NEOPHYTE = "wizards.neophyte"
PORTAL = "wizards.portal"
SUMMON = "wizards.summon"
AUGMENT = "dinosaurs.upgrade"  # an action played on a minion
AE = "ancient_egyptians"


def bury(t: Table, uid: str, base: int, seat: int) -> list[ev.Event]:
    """Run the engine's bury verb, as an ability of `seat` would."""
    task = Task("bury", {"uid": uid, "to": base, "seat": seat, "by": seat})
    t.state, events = run(t.state, [task], random.Random(0))
    t.events += events
    return events


def uncover(t: Table, handle: str) -> list[ev.Event]:
    t.state, events = run(t.state, [Task("uncover", {"handle": handle})], random.Random(0))
    t.events += events
    return events


def handles(t: Table, base: int) -> list[str]:
    return [c.id for c in t.state.bases[base].buried]


def test_a_card_buried_from_hand_lies_beside_the_base_without_power() -> None:
    t = Table([TAR, OASIS], hands=[[REX], []], board=[(0, INVADER, 0)])
    uid = t.hand_uid(REX, 0)
    bury(t, uid, 0, 0)
    assert t.hand(0) == []
    (card,) = t.state.bases[0].buried
    assert (card.uid, card.card, card.controller, card.owner) == (uid, REX, 0, 0)
    assert card.id == "buried-1"
    assert t.total(0) == 3  # only the Invader: a buried card has no power
    assert t.minions_on(0) == [INVADER]
    assert t.replays_exactly()


def test_only_the_controller_sees_which_card_is_buried() -> None:
    t = Table([TAR, OASIS], hands=[[REX], []])
    uid = t.hand_uid(REX, 0)
    (buried,) = bury(t, uid, 1, 0)
    mine = view(t.state, 0)["bases"][1]["buried"]
    assert mine == [{"id": "buried-1", "controller": 0, "uid": uid, "card": REX, "owner": 0}]
    for viewer in (1, None):
        assert view(t.state, viewer)["bases"][1]["buried"] == [{"id": "buried-1", "controller": 0}]
        seen = redact_payload("card_buried", to_json(buried), viewer)
        assert "uid" not in seen
        assert "card" not in seen
        assert seen["id"] == "buried-1"
    assert redact_payload("card_buried", to_json(buried), 0)["card"] == REX


def test_a_card_buried_from_play_is_shown_and_loses_what_was_attached() -> None:
    t = Table([TAR, OASIS], hands=[[AUGMENT], []], board=[(0, INVADER, 0)])
    t.play(AUGMENT, target=INVADER)
    uid = t.minion(INVADER).uid
    (buried,) = bury(t, uid, 1, 0)
    assert isinstance(buried, ev.CardBuried)
    assert buried.public
    assert t.minions_on(0) == []
    assert t.discard(0) == [AUGMENT]
    assert [c.card for c in t.state.bases[1].buried] == [INVADER]
    assert redact_payload("card_buried", to_json(buried), 1)["card"] == INVADER


def test_the_public_handles_count_burials_and_say_nothing_of_the_cards() -> None:
    t = Table([TAR, OASIS], hands=[[REX, COLLECTOR], [INVADER]])
    bury(t, t.hand_uid(REX, 0), 0, 0)
    bury(t, t.hand_uid(INVADER, 1), 0, 1)
    bury(t, t.hand_uid(COLLECTOR, 0), 1, 0)
    assert handles(t, 0) == ["buried-1", "buried-2"]
    assert handles(t, 1) == ["buried-3"]
    assert [c.controller for c in t.state.bases[0].buried] == [0, 1]


def test_a_seat_may_uncover_one_buried_card_at_the_start_of_its_turn() -> None:
    t = Table([TAR, OASIS], hands=[[REX, COLLECTOR], []])
    bury(t, t.hand_uid(REX, 0), 1, 0)
    bury(t, t.hand_uid(COLLECTOR, 0), 0, 0)
    t.end_turn()  # seat 1's turn: nothing of its own is buried, nothing is asked
    assert t.pending is None
    t.end_turn()
    assert t.pending.kind == "buried"
    assert t.pending.seat == 0
    assert sorted(t.options()) == sorted([REX, COLLECTOR, "skip"])
    t.choose(REX)
    assert t.minions_on(1) == [REX]
    assert t.minion(REX).controller == 0
    assert [c.card for c in t.state.bases[0].buried] == [COLLECTOR]
    assert [a.kind for a in t.state.players[0].plays] == ["minion", "action"]  # an extra card
    assert t.state.phase == "play"
    assert t.replays_exactly()


def test_a_seat_may_keep_its_cards_buried_at_the_start_of_its_turn() -> None:
    t = Table([TAR, OASIS], hands=[[REX], []])
    bury(t, t.hand_uid(REX, 0), 1, 0)
    t.end_turn()
    t.end_turn()
    t.choose("skip")
    assert handles(t, 1) == ["buried-1"]
    assert t.state.phase == "play"


def test_another_seat_is_offered_a_buried_card_without_its_name() -> None:
    t = Table([TAR, OASIS], hands=[[REX], [INVADER]])
    bury(t, t.hand_uid(INVADER, 1), 1, 1)
    t.end_turn()
    (option, _skip) = t.pending.options
    assert t.pending.seat == 1
    assert option.card == INVADER
    seen = view(t.state, 0)
    assert "options" not in seen["awaiting"]
    assert INVADER not in str(seen)
    assert "Invader" not in str(seen)


def test_an_uncovered_action_is_resolved_and_discarded_like_one_played_from_hand() -> None:
    t = Table([TAR, OASIS], hands=[[SUMMON], []], decks=[[REX] * 5, [REX] * 5])
    bury(t, t.hand_uid(SUMMON, 0), 0, 0)
    uncover(t, "buried-1")
    assert t.discard(0) == [SUMMON]
    # Summon grants an extra minion play: played at once outside the play phase
    assert t.state.uncovered == ()


def test_an_uncovered_card_that_cannot_be_played_there_is_discarded() -> None:
    t = Table([TAR, OASIS], hands=[[AUGMENT], []], board=[(0, INVADER, 0)])
    bury(t, t.hand_uid(AUGMENT, 0), 1, 0)  # no minion at Jungle Oasis to play it on
    uncover(t, "buried-1")
    assert t.discard(0) == [AUGMENT]
    assert t.minion(INVADER).attached == ()


def test_an_uncovered_card_played_only_through_its_special_is_discarded() -> None:
    trap = "astroknights.its_a_trap"
    t = Table([TAR, OASIS], hands=[[trap], []], decks=[[REX] * 5, [REX] * 5])
    bury(t, t.hand_uid(trap, 0), 0, 0)
    events = uncover(t, "buried-1")
    assert not any(isinstance(e, ev.ActionPlayed) for e in events)  # not played: discarded
    assert t.discard(0) == [trap]


def test_an_uncovered_action_on_a_minion_goes_on_a_minion_at_that_base() -> None:
    t = Table([TAR, OASIS], hands=[[AUGMENT], []], board=[(0, INVADER, 0), (1, COLLECTOR, 0)])
    bury(t, t.hand_uid(AUGMENT, 0), 1, 0)
    uncover(t, "buried-1")  # only the Collector is at that base: no choice to make
    assert [a.card for a in t.minion(COLLECTOR).attached] == [AUGMENT]
    assert t.minion(INVADER).attached == ()


def test_buried_cards_go_to_their_owners_discard_piles_after_the_base_scores() -> None:
    t = Table(
        [TAR, OASIS],
        hands=[[COLLECTOR], [NEOPHYTE]],
        board=[(0, REX, 0), (0, REX, 0), (0, REX, 1)],
        base_deck=[HOME],
    )
    bury(t, t.hand_uid(COLLECTOR, 0), 0, 0)
    bury(t, t.hand_uid(NEOPHYTE, 1), 0, 1)
    t.end_turn()
    t.pass_empty_me_first()
    assert t.state.bases[0].card == HOME
    assert t.state.bases[0].buried == ()
    assert COLLECTOR in t.discard(0)
    assert NEOPHYTE in t.discard(1)
    assert t.vp()[0] > 0
    assert t.replays_exactly()


def test_a_buried_card_is_not_buried_a_second_time_elsewhere() -> None:
    t = Table([TAR, OASIS], hands=[[REX], []])
    uid = t.hand_uid(REX, 0)
    bury(t, uid, 0, 0)
    events = bury(t, uid, 1, 0)  # already buried: it is not moved
    assert events == []
    assert handles(t, 0) == ["buried-1"]


def test_a_bots_determinization_deals_again_the_cards_other_seats_buried() -> None:
    t = Table([TAR, OASIS], hands=[[REX], [INVADER]], decks=[[COLLECTOR] * 3, [NEOPHYTE] * 6])
    bury(t, t.hand_uid(REX, 0), 0, 0)
    bury(t, t.hand_uid(INVADER, 1), 1, 1)
    seen: set[str] = set()
    for k in range(12):
        det = determinize(t.state, 0, random.Random(k))
        assert view(det, 0) == view(t.state, 0)
        assert det.bases[0].buried == t.state.bases[0].buried  # its own: known
        (theirs,) = det.bases[1].buried
        assert (theirs.id, theirs.controller) == ("buried-2", 1)
        seen.add(theirs.card)
    assert seen == {INVADER, NEOPHYTE}
    assert t.state.bases[1].buried[0].uid in hidden_uids(t.state, 0)
    assert t.state.bases[0].buried[0].uid not in hidden_uids(t.state, 0)


def test_the_narration_names_a_card_buried_from_hand_only_once_it_is_uncovered() -> None:
    t = Table([TAR, OASIS], hands=[[REX], []])
    bury(t, t.hand_uid(REX, 0), 1, 0)
    uncover(t, "buried-1")
    lines = [line.strip() for line in narrate(t.events)]
    assert "p0 buries a card at Jungle Oasis" in lines
    assert "p0 uncovers King Rex at Jungle Oasis" in lines
    assert "p0 plays King Rex (uncovered) on Jungle Oasis" in lines


# --- whole games with the Ancient Egyptians, who bury and uncover -----------------------


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_ancient_egyptians_end_and_replay_exactly(seed: int) -> None:
    rng = random.Random(seed)
    factions = [(AE, "wizards"), (AE, "pirates"), ("zombies", "robots")][: 2 + seed % 2]
    players = tuple(PlayerSetup(f"p{i}", f) for i, f in enumerate(factions))
    events = list(start_game(GameSetup(f"ae{seed}", f"ae{seed}", players)))
    first = replay(events)
    assert {b.card for b in first.bases} | set(first.base_deck) <= IMPLEMENTED
    state, events, _ = play_to_the_end(events, rng)
    assert state.status == "ended"
    assert {"card_buried", "card_uncovered"} <= {e.type for e in events}
    assert replay(event_from_dict(event_to_dict(e)) for e in events) == state
