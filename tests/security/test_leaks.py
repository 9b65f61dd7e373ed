"""No seat and no spectator ever receives a card hidden from it.

Games are driven through HTTP with each seat's own token; after every command, every seat and a
spectator read the game, their moves, the events feed, their turns (and ``/state?at=`` when that
route exists), and the :class:`~tests.security.oracle.Oracle`, which follows the true log, checks
each part against what that viewer may not know at that version. See ``oracle.py`` for the exact
rule (uids never; card ids and names only when a public copy explains them).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

import api.labels
import api.routes.games
import service.answers
from domain import redact_payload
from domain.catalogue import catalogue
from events.store import EventStore
from tests.security.table import FACTIONS, Table, seat_body
from tests.security.test_draft_leaks import draft_scenario

ANN = seat_body("Ann", ("aliens", "dinosaurs"))
BOB = seat_body("Bob", ("ninjas", "pirates"))
CID = seat_body("Cid", ("zombies", "wizards"))


def _assert_no_leak(table: Table) -> None:
    table.look(full=True)
    leaks = table.oracle.leaks
    assert not leaks, f"{len(leaks)} leaks, first ones:\n" + "\n".join(map(str, leaks[:8]))
    assert table.oracle.checked > 0


def _hand(table: Table, seat: int, card: str) -> str:
    state = table.oracle.state
    assert state is not None
    return next(c.uid for c in state.players[seat].hand if c.card == card)


def _events_of(table: Table, viewer: int | None, kind: str) -> list[dict[str, Any]]:
    events = table.get(viewer, "/events?after=0")["events"]
    return [e["payload"] for e in events if e["type"] == kind]


def probe_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Three seats; Ann probes Bob's hand and makes him discard his Shinobi."""
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld", "base.ninja_dojo"],
        "decks": [["dinosaurs.war_raptor"] * 8, ["pirates.first_mate"] * 8, ["zombies.walker"] * 8],
        "hands": [
            ["aliens.probe", "aliens.collector", "dinosaurs.king_rex"],
            ["ninjas.shinobi", "pirates.saucy_wench", "ninjas.disguise"],
            ["zombies.grave_digger", "wizards.summon"],
        ],
    }
    body = {"players": [ANN, BOB, CID], "scripted": scripted, "seed": "probe"}
    table = Table.create(client, store, body)
    table.look()
    table.act(0, {"type": "play_action", "card": _hand(table, 0, "aliens.probe")})
    table.look()
    table.choose(0, "seat-1")
    table.look()
    table.choose(0, "ninjas.shinobi")
    table.look()
    return table


def walker_scry_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann's Walker looks at her top card (she keeps it), then her Scry takes a Portal."""
    ann = seat_body("Ann", ("zombies", "wizards"))
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
        "decks": [
            [
                "wizards.mystic_studies",
                "zombies.grave_robbing",
                "wizards.time_loop",
                "zombies.tenacious_z",
                "wizards.portal",
                "zombies.lend_a_hand",
            ],
            ["pirates.first_mate"] * 6,
        ],
        "hands": [["zombies.walker", "wizards.scry", "zombies.tenacious_z"], ["pirates.buccaneer"]],
    }
    body = {"players": [ann, BOB], "scripted": scripted, "seed": "walker"}
    table = Table.create(client, store, body)
    table.act(0, {"type": "play_minion", "card": _hand(table, 0, "zombies.walker"), "base": 0})
    table.look()
    table.choose(0, "keep")
    table.look()
    table.act(0, {"type": "play_action", "card": _hand(table, 0, "wizards.scry")})
    table.look()
    table.choose(0, "wizards.portal")
    table.look()
    return table


def winds_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann's Winds of Change shuffles her hand into her deck and draws five."""
    ann = seat_body("Ann", ("zombies", "wizards"))
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
        "decks": [
            ["zombies.walker", "wizards.neophyte", "zombies.outbreak"] * 3,
            ["pirates.dinghy"] * 6,
        ],
        "hands": [
            ["wizards.winds_of_change", "zombies.grave_digger", "wizards.portal", "wizards.summon"],
            ["pirates.buccaneer"],
        ],
    }
    body = {"players": [ann, BOB], "scripted": scripted, "seed": "winds"}
    table = Table.create(client, store, body)
    table.act(0, {"type": "play_action", "card": _hand(table, 0, "wizards.winds_of_change")})
    table.look()
    return table


def bury_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann's Lost Knowledge buries her Portal face down beside the Tar Pits."""
    ann = seat_body("Ann", ("ancient_egyptians", "wizards"))
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
        "decks": [["wizards.neophyte"] * 6, ["pirates.dinghy"] * 6],
        "hands": [
            ["ancient_egyptians.lost_knowledge", "wizards.portal", "wizards.summon"],
            ["pirates.buccaneer"],
        ],
    }
    body = {"players": [ann, BOB], "scripted": scripted, "seed": "bury"}
    table = Table.create(client, store, body)
    table.act(
        0, {"type": "play_action", "card": _hand(table, 0, "ancient_egyptians.lost_knowledge")}
    )
    table.look()
    table.choose(0, "bury")
    table.look()
    table.choose(0, "wizards.portal")
    table.look()
    table.choose(0, "base-1")
    table.look()
    return table


def reshuffle_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann draws two from a one-card deck: her discard pile is reshuffled under it."""
    ann = seat_body("Ann", ("zombies", "wizards"))
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
        "decks": [["zombies.walker"], ["pirates.dinghy"] * 6],
        "hands": [["wizards.neophyte"], ["pirates.buccaneer"]],
        "discards": [["wizards.portal", "zombies.outbreak", "wizards.summon"], []],
    }
    body = {"players": [ann, BOB], "scripted": scripted, "seed": "reshuffle"}
    table = Table.create(client, store, body)
    table.act(0, {"type": "end_turn"})
    table.look()
    return table


def school_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann scores the School of Wizardry: she takes the Mothership, puts Tar Pits on top."""
    ann = seat_body("Ann", ("dinosaurs", "wizards"))
    bob = seat_body("Bob", ("aliens", "robots"))
    scripted = {
        "bases": ["base.school_of_wizardry", "base.jungle_oasis"],
        "base_deck": [
            "base.the_homeworld",
            "base.the_mothership",
            "base.tar_pits",
            "base.ninja_dojo",
        ],
        "decks": [["dinosaurs.war_raptor"] * 8, ["robots.microbot_guard"] * 8],
        "hands": [["wizards.neophyte"], ["aliens.scout"]],
        "board": [{"base": 0, "card": "dinosaurs.king_rex", "owner": 0}] * 3,
    }
    body = {"players": [ann, bob], "scripted": scripted, "seed": "school"}
    table = Table.create(client, store, body)
    table.act(0, {"type": "end_turn"})
    table.look()
    for _ in range(10):  # pass any Me first! round
        state = table.oracle.state
        assert state is not None
        pending = state.pending
        if pending is None or pending.source == "base.school_of_wizardry":
            break
        table.choose(pending.seat, pending.options[-1].id)
    state = table.oracle.state
    assert state is not None
    assert state.pending is not None
    assert state.pending.seat == 0
    assert [o.card for o in state.pending.options] == [
        "base.the_homeworld",
        "base.the_mothership",
        "base.tar_pits",
    ]
    table.look()
    table.choose(0, "base.the_mothership")
    table.look()
    table.choose(0, "base.tar_pits")
    table.look()
    return table


def duel_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann's Gunfighter duels Bob's Collector; she bluffs with her King Rex face down, Bob puts
    his Invader face down; both are revealed."""
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
        "decks": [["dinosaurs.war_raptor"] * 6, ["pirates.first_mate"] * 6],
        "hands": [
            ["cowboys.gunfighter", "dinosaurs.king_rex", "aliens.scout"],
            ["aliens.invader", "ninjas.shinobi"],
        ],
        "board": [{"base": 0, "card": "aliens.collector", "owner": 1}],
    }
    body = {"players": [ANN, BOB], "scripted": scripted, "seed": "duel"}
    table = Table.create(client, store, body)
    table.act(0, {"type": "play_minion", "card": _hand(table, 0, "cowboys.gunfighter"), "base": 0})
    table.choose(0, "aliens.collector")
    table.look()
    table.choose(0, "dinosaurs.king_rex")
    table.look()
    table.choose(1, "aliens.invader")
    table.look()
    return table


def test_a_face_down_duel_card_is_seen_by_its_owner_only_until_revealed(
    client: FlaskClient, store: EventStore
) -> None:
    table = duel_scenario(client, store)
    for viewer in (1, None):
        placed = [p for p in _events_of(table, viewer, "duel_card_placed") if p["seat"] == 0]
        assert placed == [{"seat": 0}]
    mine = [p for p in _events_of(table, 0, "duel_card_placed") if p["seat"] == 0]
    assert [p["card"] for p in mine] == ["dinosaurs.king_rex"]
    revealed = _events_of(table, None, "duel_card_revealed")
    assert [p["card"] for p in revealed] == ["dinosaurs.king_rex", "aliens.invader"]
    _assert_no_leak(table)


def test_a_probed_hand_is_shown_to_the_prober_and_to_nobody_else(
    client: FlaskClient, store: EventStore
) -> None:
    table = probe_scenario(client, store)
    shown = _events_of(table, 0, "hand_revealed")
    assert [[c["card"] for c in p["cards"]] for p in shown] == [
        ["ninjas.shinobi", "pirates.saucy_wench", "ninjas.disguise"]
    ]
    assert _events_of(table, 1, "hand_revealed") == shown  # Bob's own hand
    for viewer in (2, None):
        assert _events_of(table, viewer, "hand_revealed") == [{"seat": 1, "to_seat": 0, "count": 3}]
    discarded = _events_of(table, 2, "card_discarded")
    assert "ninjas.shinobi" in [d["card"] for d in discarded]
    table.play_random(random.Random(1), 25, probe_every=5)
    assert "hand_revealed" in {kind for kind, _ in table.oracle.looks}
    _assert_no_leak(table)


def test_a_walker_top_card_is_seen_by_its_owner_only_and_a_scry_search_too(
    client: FlaskClient, store: EventStore
) -> None:
    table = walker_scry_scenario(client, store)
    mine = _events_of(table, 0, "card_revealed")
    assert [(c["card"], c["to_seat"]) for c in mine] == [
        ("wizards.mystic_studies", 0),
        ("wizards.portal", None),
    ]
    for viewer in (1, None):
        assert _events_of(table, viewer, "card_revealed") == [
            {"owner": 0, "zone": "deck", "to_seat": 0},
            {**mine[1]},
        ]
        shuffles = _events_of(table, viewer, "deck_shuffled")
        assert shuffles
        assert all("order" not in s for s in shuffles)
    table.play_random(random.Random(2), 25, probe_every=5)
    assert {"card_revealed", "wizards.scry"} <= {kind for kind, _ in table.oracle.looks}
    _assert_no_leak(table)


def test_a_hand_shuffled_into_a_deck_is_shown_to_nobody_else(
    client: FlaskClient, store: EventStore
) -> None:
    table = winds_scenario(client, store)
    for viewer in (1, None):
        moved = _events_of(table, viewer, "card_moved")
        assert len(moved) == 3
        assert all("uid" not in m and "card" not in m for m in moved)
    assert [m["card"] for m in _events_of(table, 0, "card_moved")] == [
        "zombies.grave_digger",
        "wizards.portal",
        "wizards.summon",
    ]
    table.play_random(random.Random(4), 25, probe_every=5)
    _assert_no_leak(table)


def test_a_reshuffled_discard_pile_keeps_its_new_order_secret(
    client: FlaskClient, store: EventStore
) -> None:
    table = reshuffle_scenario(client, store)
    for viewer in (0, 1, None):
        assert _events_of(table, viewer, "deck_reshuffled") == [{"seat": 0, "count": 3}]
    table.play_random(random.Random(5), 20, probe_every=5)
    _assert_no_leak(table)


def test_the_school_of_wizardry_winner_alone_sees_the_top_bases(
    client: FlaskClient, store: EventStore
) -> None:
    table = school_scenario(client, store)
    for viewer in (1, None):
        made = [p for p in _events_of(table, viewer, "decision_made") if p["seat"] == 0]
        assert made
        assert all("option" not in p for p in made)
        assert _events_of(table, viewer, "base_deck_reordered") == [{"count": 2, "seat": 0}]
    mine = _events_of(table, 0, "base_deck_reordered")
    assert mine == [{"top": ["base.tar_pits", "base.the_homeworld"], "count": 2, "seat": 0}]
    table.play_random(random.Random(3), 20, probe_every=5)
    _assert_no_leak(table)


def pillage_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann (Vikings) pillages a card at random from Bob's hand, puts it on top of her deck with
    her Huscarl's Talent, then casts the runes on Cid."""
    ann = seat_body("Ann", ("vikings", "aliens"))
    scripted = {
        "bases": ["base.jungle_oasis", "base.longhouse"],
        "base_deck": ["base.the_homeworld"],
        "decks": [
            ["vikings.raider", "aliens.collector"] * 4,
            ["pirates.first_mate", "ninjas.shinobi"] * 4,
            ["zombies.walker", "wizards.neophyte", "zombies.outbreak"] * 3,
        ],
        "hands": [
            ["vikings.pillage", "vikings.cast_the_runes"],
            ["ninjas.disguise"],
            ["zombies.grave_digger", "wizards.summon"],
        ],
        "board": [{"base": 1, "card": "vikings.huscarl", "owner": 0}],
    }
    body = {"players": [ann, BOB, CID], "scripted": scripted, "seed": "pillage"}
    table = Table.create(client, store, body)
    table.look()
    table.act(0, {"type": "play_action", "card": _hand(table, 0, "vikings.pillage")})
    table.look()
    table.choose(0, "seat-1")
    table.look()
    state = table.oracle.state
    assert state is not None
    huscarl = state.bases[1].minions[0].uid
    table.act(0, {"type": "use_talent", "card": huscarl})
    table.look()
    table.choose(0, "ninjas.disguise")
    table.look()
    return table


def test_a_pillaged_card_is_seen_by_the_two_seats_only_even_on_top_of_a_deck(
    client: FlaskClient, store: EventStore
) -> None:
    table = pillage_scenario(client, store)
    for viewer in (2, None):
        taken = _events_of(table, viewer, "card_taken")
        assert len(taken) == 2
        assert all("uid" not in t and "card" not in t for t in taken)
    for viewer in (0, 1):
        taken = _events_of(table, viewer, "card_taken")
        assert [t["card"] for t in taken] == ["ninjas.disguise"] * 2
    table.play_random(random.Random(6), 30, probe_every=5)
    _assert_no_leak(table)


def test_a_card_buried_from_hand_is_seen_by_its_controller_only_until_uncovered(
    client: FlaskClient, store: EventStore
) -> None:
    table = bury_scenario(client, store)
    for viewer in (1, None):
        (buried,) = _events_of(table, viewer, "card_buried")
        assert "uid" not in buried
        assert "card" not in buried
        assert buried["id"] == "buried-1"
        base = table.get(viewer, "")["bases"][1]
        assert base["buried"] == [{"id": "buried-1", "controller": 0}]
    (mine,) = _events_of(table, 0, "card_buried")
    assert mine["card"] == "wizards.portal"
    assert table.get(0, "")["bases"][1]["buried"][0]["card"] == "wizards.portal"
    table.play_random(random.Random(6), 30, probe_every=5)
    _assert_no_leak(table)


REDACTED = {
    "card_buried": bury_scenario,
    "game_created": probe_scenario,
    "cards_drawn": winds_scenario,
    "deck_reshuffled": reshuffle_scenario,
    "card_moved": winds_scenario,
    "card_taken": pillage_scenario,
    "deck_shuffled": walker_scry_scenario,
    "card_revealed": walker_scry_scenario,
    "hand_revealed": probe_scenario,
    "base_deck_reordered": school_scenario,
    "decision_requested": probe_scenario,
    "decision_made": probe_scenario,
    "duel_card_placed": duel_scenario,
    "factions_dealt": draft_scenario,
}
"""Each kind of event that is redacted, and a scenario where it hides something."""


@pytest.mark.parametrize("kind", sorted(REDACTED))
def test_the_oracle_catches_each_redaction_left_out(
    client: FlaskClient, store: EventStore, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    def unredacted(event: str, payload: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        return dict(payload) if event == kind else redact_payload(event, payload, viewer)

    monkeypatch.setattr(service.answers, "redact_payload", unredacted)
    table = REDACTED[kind](client, store)
    table.look(full=True)
    assert any(kind in leak.where for leak in table.oracle.leaks)


SEEDS = range(5)
"""The seeds of the random games."""

_DEALING = random.Random("leak-factions").sample(FACTIONS, len(FACTIONS))
"""Every faction once, in a seeded order: the random games deal their factions from it in
turn (game after game, round and round), so that a few games play every faction."""


def _random_game(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    seats = 2 + seed % 3
    dealt = sum(2 * (2 + s % 3) for s in range(seed))  # factions dealt to the games before
    factions = [_DEALING[(dealt + i) % len(_DEALING)] for i in range(2 * seats)]
    rng.shuffle(factions)  # who plays which two of them
    players = []
    for s in range(seats):
        bot = "random" if s > 0 and rng.random() < 0.3 else None
        players.append(seat_body(f"P{s}", (factions[2 * s], factions[2 * s + 1]), bot))
    return {"players": players, "seed": f"leak-{seed}"}


def test_the_random_games_together_play_every_faction() -> None:
    assert set(FACTIONS) == set(catalogue().factions)
    games = [_random_game(seed)["players"] for seed in SEEDS]
    assert {f for players in games for p in players for f in p["factions"]} == set(FACTIONS)
    for players in games:  # a faction is dealt to one seat of a game at most
        picks = [f for p in players for f in p["factions"]]
        assert len(picks) == len(set(picks))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_leak_nothing_to_any_seat_or_spectator(
    client: FlaskClient, store: EventStore, seed: int
) -> None:
    table = Table.create(client, store, _random_game(seed))
    table.look()
    played = table.play_random(random.Random(seed), 50, probe_every=7)
    assert played > 10
    assert table.probes > 0
    _assert_no_leak(table)


def _scoring_seen_by_a_spectator(
    client: FlaskClient, store: EventStore, bob_hand: list[str]
) -> Any:
    """Ann scores Jungle Oasis; what a spectator sees of the game right after."""
    ann = seat_body("Ann", ("dinosaurs", "wizards"))
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
        "decks": [["dinosaurs.war_raptor"] * 6, ["pirates.first_mate"] * 6],
        "hands": [["wizards.neophyte"], bob_hand],
        "board": [{"base": 0, "card": "dinosaurs.king_rex", "owner": 0}] * 2,
    }
    body = {"players": [ann, BOB], "scripted": scripted, "seed": "me-first"}
    table = Table.create(client, store, body)
    table.act(0, {"type": "end_turn"})
    return table.get(None, "")["awaiting"]


def test_a_me_first_round_does_not_tell_who_holds_a_special_in_hand(
    client: FlaskClient, store: EventStore
) -> None:
    holding = _scoring_seen_by_a_spectator(client, store, ["ninjas.shinobi", "pirates.buccaneer"])
    without = _scoring_seen_by_a_spectator(
        client, store, ["pirates.saucy_wench", "pirates.buccaneer"]
    )
    assert holding == without


def _first_awaited(client: FlaskClient, seed: str) -> Any:
    body = {"players": [ANN, BOB], "seed": seed}
    game = client.post("/v1/games", json=body).get_json()
    awaiting = client.get(f"/v1/games/{game['id']}").get_json()["awaiting"]
    return {k: awaiting.get(k) for k in ("kind", "decision")}


def test_an_opening_hand_without_minions_is_not_told_to_the_other_seats(
    client: FlaskClient,
) -> None:
    # Seed mull-13 deals Ann a hand without minions; mull-0 deals minions to both seats.
    assert _first_awaited(client, "mull-13") == _first_awaited(client, "mull-0")


def _probed_seen_by_a_spectator(client: FlaskClient, store: EventStore, hand: list[str]) -> Any:
    """Ann probes Bob (a Cowboys player); what a spectator sees of the game right after."""
    bob = seat_body("Bob", ("cowboys", "ninjas"))
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
        "decks": [["dinosaurs.war_raptor"] * 6, ["ninjas.shinobi"] * 6],
        "hands": [["aliens.probe"], hand],
        "board": [{"base": 0, "card": "dinosaurs.king_rex", "owner": 0}],
    }
    body = {"players": [ANN, bob], "scripted": scripted, "seed": "seen"}
    table = Table.create(client, store, body)
    table.act(0, {"type": "play_action", "card": _hand(table, 0, "aliens.probe")})
    return table.get(None, "")["awaiting"]


def test_a_look_at_a_hand_does_not_tell_whether_it_holds_dynamite_surprise(
    client: FlaskClient, store: EventStore
) -> None:
    holding = _probed_seen_by_a_spectator(
        client, store, ["cowboys.dynamite_surprise", "ninjas.shinobi"]
    )
    without = _probed_seen_by_a_spectator(client, store, ["cowboys.gunfighter", "ninjas.shinobi"])
    assert holding == without
    assert holding["seat"] == 1


def test_the_oracle_catches_a_hidden_card_named_in_a_french_label(
    client: FlaskClient, store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    def telling(
        state: Any, seat: int, body: dict[str, Any], options: dict[str, Any], lang: str
    ) -> str:
        others = [c.card for p in state.players if p.seat != seat for c in p.hand]
        told = ", ".join(catalogue().name(card, lang) for card in others)
        return f"{labelled(state, seat, body, options, lang)} ({told})"

    labelled = api.labels.move_label
    monkeypatch.setattr(api.routes.games, "move_label", telling)
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
        "decks": [["dinosaurs.war_raptor"] * 8, ["vikings.raider"] * 8],
        "hands": [["dinosaurs.war_raptor", "aliens.collector"], ["cowboys.sheriff"]],
    }
    ann = seat_body("Ann", ("aliens", "dinosaurs"))
    bob = seat_body("Bob", ("cowboys", "vikings"))
    table = Table.create(client, store, {"players": [ann, bob], "scripted": scripted})
    table.look()
    table.look()
    found = {s for leak in table.oracle.leaks if "moves" in leak.where for s in leak.secrets}
    assert {"Shérif", "Sheriff"} <= found, found


def test_a_taken_back_move_leaks_nothing_and_the_look_before_it_cannot_be_taken_back(
    client: FlaskClient, store: EventStore
) -> None:
    table = probe_scenario(client, store)  # Ann has seen Bob's hand and made him discard
    rex = _hand(table, 0, "dinosaurs.king_rex")
    table.act(0, {"type": "play_minion", "card": rex, "base": 1})
    table.look()
    table.act(0, {"type": "takeback"})
    table.look()
    table.act(1, {"type": "accept_takeback"})
    table.look()
    table.act(2, {"type": "accept_takeback"})
    table.look()
    state = table.oracle.state
    assert state is not None
    assert rex in [c.uid for c in state.players[0].hand]
    refused = table.post(0, {"type": "takeback"})  # the probe showed her Bob's hand
    assert (refused.status_code, refused.get_json()["code"]) == (422, "takeback_impossible")
    table.play_random(random.Random(6), 20, probe_every=5)
    _assert_no_leak(table)
