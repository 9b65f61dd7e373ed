"""What the expansions' cards show, and to whom: the oracle learns it from the card texts.

Each scenario plays a card of Oops You Did It Again or Cease and Desist that shows hidden cards
(a deck searched, a hand card used as a Special), checks who receives which card, then plays on
at random with every answer checked by the :class:`~tests.security.oracle.Oracle`.
"""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from events.store import EventStore
from tests.security.table import Table, seat_body
from tests.security.test_leaks import _assert_no_leak, _events_of, _hand

BOB = seat_body("Bob", ("ninjas", "pirates"))


def _requested(table: Table, viewer: int | None, source: str) -> list[dict[str, Any]]:
    made = _events_of(table, viewer, "decision_requested")
    return [p["decision"] for p in made if p["decision"].get("source") == source]


def _with_bob(
    ann: tuple[str, str], hands: list[list[str]], decks: list[list[str]], **more: Any
) -> dict[str, Any]:
    """A scripted game of Ann (with her two factions) and Bob on two plain bases."""
    scripted = {
        "bases": ["base.jungle_oasis", "base.tar_pits"],
        "base_deck": ["base.the_homeworld"],
    }
    scripted |= {"hands": hands, "decks": decks, **more}
    return {"players": [seat_body("Ann", ann), BOB], "scripted": scripted, "seed": "expansions"}


def captain_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann's Ship's Captain searches her deck for a minion: she takes her Medical Officer."""
    deck = ["wizards.mystic_studies", "star_roamers.medical_officer", "wizards.portal"]
    deck += ["star_roamers.ensign", "wizards.summon", "wizards.neophyte"]
    hands = [["star_roamers.ships_captain", "wizards.scry"], ["pirates.buccaneer"]]
    body = _with_bob(("star_roamers", "wizards"), hands, [deck, ["pirates.first_mate"] * 6])
    table = Table.create(client, store, body)
    captain = _hand(table, 0, "star_roamers.ships_captain")
    table.act(0, {"type": "play_minion", "card": captain, "base": 0})
    table.look()
    table.choose(0, "star_roamers.medical_officer")
    table.look()
    return table


def test_a_ship_s_captain_search_shows_the_deck_s_minions_to_its_player_only(
    client: FlaskClient, store: EventStore
) -> None:
    table = captain_scenario(client, store)
    (mine,) = _requested(table, 0, "star_roamers.ships_captain")
    offered = sorted(o["card"] for o in mine["options"] if "card" in o)
    assert offered == ["star_roamers.ensign", "star_roamers.medical_officer", "wizards.neophyte"]
    for viewer in (1, None):
        (theirs,) = _requested(table, viewer, "star_roamers.ships_captain")
        assert "options" not in theirs
        revealed = _events_of(table, viewer, "card_revealed")
        assert [r["card"] for r in revealed] == ["star_roamers.medical_officer"]
    assert "star_roamers.ships_captain" in {kind for kind, _ in table.oracle.looks}
    table.play_random(random.Random(7), 25, probe_every=5)
    _assert_no_leak(table)


def deputy_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann discards her Deputy from her hand (its Special) to give her King Rex +2 power."""
    hands = [["cowboys.deputy", "cowboys.sheriff"], ["pirates.buccaneer"]]
    decks = [["dinosaurs.war_raptor"] * 6, ["pirates.first_mate"] * 6]
    board = [{"base": 0, "card": "dinosaurs.king_rex", "owner": 0}]
    table = Table.create(
        client, store, _with_bob(("cowboys", "dinosaurs"), hands, decks, board=board)
    )
    table.act(0, {"type": "use_special", "card": _hand(table, 0, "cowboys.deputy")})
    table.look()  # the King Rex, her only minion, is the one chosen
    return table


def test_a_deputy_used_from_a_hand_is_shown_to_everyone_and_its_hand_stays_hidden(
    client: FlaskClient, store: EventStore
) -> None:
    table = deputy_scenario(client, store)
    for viewer in (1, None):
        (used,) = _events_of(table, viewer, "special_used")
        assert used["card"] == "cowboys.deputy"
        discarded = _events_of(table, viewer, "card_discarded")
        assert [d["card"] for d in discarded] == ["cowboys.deputy"]
        assert "cowboys.sheriff" not in str(table.get(viewer, "/events?after=0"))
    table.play_random(random.Random(8), 25, probe_every=5)
    _assert_no_leak(table)


def test_the_oracle_learns_no_card_offered_from_deeper_in_a_deck_than_its_card_shows(
    client: FlaskClient, store: EventStore
) -> None:
    table = deputy_scenario(client, store)
    state = table.oracle.state
    assert state is not None
    deck = state.players[0].deck
    offered = [{"id": c.uid, "uid": c.uid} for c in deck] + [{"id": "skip"}]
    assert table.oracle._tops(offered, 3) == {c.uid for c in deck[:3]}
    assert table.oracle._tops(offered, None) == {c.uid for c in deck}
