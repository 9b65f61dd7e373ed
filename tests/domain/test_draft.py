"""The faction draft of a drafted game (core rulebook, "choisir vos Factions"): a first picker
drawn from the seed, clockwise, then back counter-clockwise; each faction once per box; the
last pick deals the game by events; the log verifies."""

from __future__ import annotations

import random

import pytest

from domain import GameSetup, PlayerSetup, RuleViolation, decide, legal_commands, replay, view
from domain import events as ev
from domain.bots import BOTS
from domain.catalogue import catalogue
from domain.commands import EndTurn, ExpireClock, PickFaction
from domain.decide import awaited_seat, decide_and_evolve
from domain.draft import bot_pick
from domain.errors import (
    FactionAlreadyPicked,
    FactionNotAvailable,
    IllegalMove,
    InvalidSetup,
    NotYourTurn,
)
from domain.evolve import evolve
from domain.model import Clock, GameState
from domain.narrate import narrate
from domain.serialize import event_from_dict, event_to_dict
from domain.setup import HAND_SIZE, draft_order, start_game
from domain.table import Abort
from domain.verify import verify
from domain.view import redact_payload


def drafted(seats: int, seed: str = "7", boxes: int = 1, **kw: object) -> list[ev.Event]:
    players = tuple(PlayerSetup(f"p{i}", ()) for i in range(seats))
    return list(start_game(GameSetup("d1", seed, players, draft=True, boxes=boxes, **kw)))  # type: ignore[arg-type]


def pick(state: GameState, events: list[ev.Event], faction: str) -> GameState:
    seat = awaited_seat(state)
    assert seat is not None
    more, after = decide_and_evolve(state, PickFaction(seat, faction))
    events.extend(more)
    return after


def test_the_pick_order_goes_clockwise_from_the_first_picker_then_back() -> None:
    assert draft_order(0, 2) == (0, 1, 1, 0)
    assert draft_order(2, 3) == (2, 0, 1, 1, 0, 2)
    assert draft_order(1, 4) == (1, 2, 3, 0, 0, 3, 2, 1)


def test_a_drafted_game_starts_with_no_cards_and_a_first_picker_drawn_from_the_seed() -> None:
    firsts = set()
    for seed in range(12):
        events = drafted(3, str(seed))
        created, started = events
        assert isinstance(created, ev.GameCreated)
        assert isinstance(started, ev.DraftStarted)
        assert all(p.factions == () and p.deck == () for p in created.players)
        assert created.bases == ()
        assert created.base_deck == ()
        assert started.order == draft_order(created.first_seat, 3)
        state = replay(events)
        assert (state.phase, state.active) == ("draft", created.first_seat)
        firsts.add(created.first_seat)
    assert firsts == {0, 1, 2}  # the seed decides, every seat may be first


def test_only_the_picker_may_pick_and_its_moves_are_every_faction_left() -> None:
    events = drafted(2)
    state = replay(events)
    first = state.active
    other = 1 - first
    moves = legal_commands(state, first)
    assert [m.faction for m in moves if isinstance(m, PickFaction)] == list(catalogue().factions)
    assert legal_commands(state, other) == [Abort(other)]  # calling the game off, no pick
    with pytest.raises(NotYourTurn):
        decide(state, PickFaction(other, "ninjas"))
    with pytest.raises(RuleViolation, match="drafted"):
        decide(state, EndTurn(first))
    state = pick(state, events, "ninjas")
    assert state.active == other
    picks = [m.faction for m in legal_commands(state, other) if isinstance(m, PickFaction)]
    assert picks
    assert "ninjas" not in picks


def test_a_faction_taken_is_refused_to_another_seat_with_a_code_naming_it() -> None:
    events = drafted(2)
    state = pick(replay(events), events, "ninjas")
    with pytest.raises(FactionAlreadyPicked, match="'ninjas' is taken") as refused:
        decide(state, PickFaction(state.active, "ninjas"))
    assert refused.value.code == "faction_taken"
    with pytest.raises(FactionNotAvailable, match="'gnomes'") as unknown:
        decide(state, PickFaction(state.active, "gnomes"))
    assert unknown.value.code == "faction_not_available"


def test_two_boxes_let_two_seats_take_one_faction_but_never_one_seat_twice() -> None:
    events = drafted(3, boxes=2)
    state = replay(events)
    assert state.draft is not None
    assert state.draft.boxes == 2
    state = pick(state, events, "ninjas")
    state = pick(state, events, "ninjas")  # the second seat: the other box's ninjas
    with pytest.raises(FactionAlreadyPicked):  # a third copy: there are two boxes only
        decide(state, PickFaction(state.active, "ninjas"))
    state = pick(state, events, "pirates")
    with pytest.raises(FactionNotAvailable, match="already yours"):
        decide(state, PickFaction(state.active, "pirates"))
    state = pick(state, events, "robots")
    state = pick(state, events, "pirates")
    state = pick(state, events, "zombies")
    assert sorted(tuple(sorted(p.factions)) for p in state.players) == [
        ("ninjas", "pirates"),
        ("ninjas", "zombies"),
        ("pirates", "robots"),
    ]
    assert verify(events) == (state, None)


def test_the_last_pick_deals_decks_bases_and_hands_by_events_then_play_starts() -> None:
    events = drafted(3)
    state = replay(events)
    for faction in ("aliens", "cowboys", "astroknights", "zombies", "wizards", "dinosaurs"):
        state = pick(state, events, faction)
    dealt = next(e for e in events if isinstance(e, ev.FactionsDealt))
    assert [len(d) for d in dealt.decks] == [40, 40, 40]
    assert len(dealt.bases) == 4
    cat = catalogue()
    sets = {cat.faction_set(f) for p in state.players for f in p.factions}
    assert {cat.bases[b].set for b in (*dealt.bases, *dealt.base_deck)} <= sets
    assert len({*dealt.bases, *dealt.base_deck}) == len(dealt.bases) + len(dealt.base_deck)
    assert all(len(p.factions) == 2 and len(set(p.factions)) == 2 for p in state.players)
    assert state.phase != "draft"
    assert len(state.bases) == 4
    assert all(len(p.hand) == HAND_SIZE for p in state.players)
    assert state.first_seat == dealt.first_seat
    with pytest.raises(IllegalMove, match="no faction draft"):
        decide(state, PickFaction(state.active, "ninjas"))
    assert replay(events) == state  # the fold alone, no random
    stored = [event_from_dict(event_to_dict(e)) for e in events]
    assert replay(stored) == state


def test_a_drafted_log_verifies_and_an_edited_pick_or_deal_is_caught() -> None:
    events = drafted(2)
    state = replay(events)
    for faction in ("aliens", "pirates", "robots", "tricksters"):
        state = pick(state, events, faction)
    assert verify(events) == (state, None)
    at = next(i for i, e in enumerate(events) if isinstance(e, ev.FactionPicked))
    picker = events[at]
    assert isinstance(picker, ev.FactionPicked)
    forged = [*events[:at], ev.FactionPicked(1 - picker.seat, "aliens"), *events[at + 1 :]]
    assert verify(forged)[1] is not None
    k = next(i for i, e in enumerate(events) if isinstance(e, ev.FactionsDealt))
    dealt = events[k]
    assert isinstance(dealt, ev.FactionsDealt)
    stacked = ev.FactionsDealt(
        (tuple(reversed(dealt.decks[0])), *dealt.decks[1:]), dealt.bases, dealt.base_deck, 0
    )
    error = verify([*events[:k], stacked, *events[k + 1 :]])[1]
    assert error is not None
    assert error.version == k + 1


def test_the_bots_draft_a_legal_faction_by_their_rules() -> None:
    events = drafted(2)
    state = replay(events)
    seat = state.active
    greedy = bot_pick(state, seat, "greedy")
    search = bot_pick(state, seat, "search")
    assert greedy == BOTS["greedy"](state, seat, random.Random(1))
    assert search == BOTS["search"](state, seat, random.Random(1))
    cat = catalogue()

    def power(faction: str) -> int:
        cards = [cat.cards[c] for c in cat.factions[faction].card_ids]
        return sum(c.count * (c.power or 0) for c in cards if c.type == "minion")

    assert greedy is not None
    assert power(greedy.faction) == max(map(power, cat.factions))
    for name in ("random", "greedy", "search"):
        rng = random.Random(3)
        state = replay(events)
        while state.phase == "draft":
            seat = awaited_seat(state)
            assert seat is not None
            command = BOTS[name](state, seat, rng)
            assert command in legal_commands(state, seat)
            state = replay(decide(state, command), state)
        assert all(len(set(p.factions)) == 2 for p in state.players)


def test_the_view_shows_the_picks_and_the_factions_left_and_the_deal_hides_the_decks() -> None:
    events = drafted(2)
    state = pick(replay(events), events, "ninjas")
    shown = view(state, None)
    assert shown["phase"] == "draft"
    assert shown["awaiting"] == {"seat": state.active, "kind": "pick", "prompt": "Pick a faction"}
    assert shown["draft"]["picks"] == [{"seat": 1 - state.active, "faction": "ninjas"}]
    assert "ninjas" not in shown["draft"]["factions_left"]
    assert shown["draft"]["picking"] == state.active
    assert [p["factions"] for p in shown["players"]][1 - state.active] == ["ninjas"]
    for faction in ("pirates", "robots", "zombies"):
        state = pick(state, events, faction)
    dealt = next(e for e in events if isinstance(e, ev.FactionsDealt))
    for viewer in (None, 0, 1):
        payload = redact_payload(dealt.type, event_to_dict(dealt)["payload"], viewer)
        assert "decks" not in payload
        assert "base_deck" not in payload
        assert payload["deck_sizes"] == [40, 40]
    assert view(state, 0)["draft"]["picking"] is None


def test_a_drafted_game_refuses_named_factions_a_script_and_a_third_box() -> None:
    named = (PlayerSetup("a", ("ninjas", "pirates")), PlayerSetup("b", ()))
    with pytest.raises(InvalidSetup, match="give no factions"):
        start_game(GameSetup("d", "1", named, draft=True))
    with pytest.raises(InvalidSetup, match="boxes"):
        drafted(2, boxes=3)


def test_a_turn_clock_runs_on_picks_and_a_forfeit_ends_the_draft() -> None:
    events = drafted(2, clock=Clock(30, "forfeit"))
    state = replay(events)
    picker = state.active
    out, state = decide_and_evolve(state, ExpireClock(picker))
    assert [e.type for e in out] == ["clock_expired", "game_ended"]
    assert state.status == "ended"
    assert state.winner == 1 - picker


def test_the_narration_tells_the_draft() -> None:
    events = drafted(2)
    state = replay(events)
    for faction in ("aliens", "pirates", "robots", "tricksters"):
        state = pick(state, events, faction)
    lines = list(narrate(events))
    assert lines[0] == "Game d1: p0, p1 draft their factions."
    assert any(line.strip().endswith("picks aliens") for line in lines)
    assert any(line.startswith("Dealt:") and "plays first" in line for line in lines)
    assert evolve(None, events[0]).phase == "setup"
