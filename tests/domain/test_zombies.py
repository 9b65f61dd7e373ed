"""Zombies cards and bases (Evans City Cemetery, Rhodes Plaza Mall)."""

from __future__ import annotations

from domain import PlayMinion, UseSpecial
from domain import events as ev
from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from domain.serialize import event_to_dict
from domain.view import redact_payload, view
from tests.domain.bases_common import INVADER, MOTHER, OASIS, REX, TAR
from tests.domain.ids import ids
from tests.domain.table import Table

CEMETERY, MALL = "base.evans_city_cemetery", "base.rhodes_plaza_mall"


def test_evans_city_cemetery_makes_its_winner_discard_their_hand_and_draw_five() -> None:
    t = Table(
        [CEMETERY],
        hands=[["aliens.probe", "aliens.beam_up"], ["aliens.probe"]],
        board=[(0, REX, 0)] * 3,
        decks=[["aliens.scout"] * 8, []],
        base_deck=[TAR],
    )
    t.end_turn()
    t.pass_empty_me_first()
    assert sorted(t.discard(0)) == sorted(["aliens.probe", "aliens.beam_up", REX, REX, REX])
    assert len(t.hand(0)) == 5 + 2
    assert set(t.hand(0)) == {"aliens.scout"}
    assert t.hand(1) == ["aliens.probe"]


def test_rhodes_plaza_mall_pays_1_vp_per_minion_there_and_nothing_for_places() -> None:
    board = [(0, REX, 0)] * 3 + [(0, INVADER, 1)] * 2
    t = Table([MALL], hands=[[], []], board=board, base_deck=[TAR])
    t.end_turn()
    assert t.vp() == [3, 2]


# --- faction cards -------------------------------------------------------------------------

LORD, DIGGER, TENACIOUS, WALKER = ids("zombies", "zombie_lord grave_digger tenacious_z walker")
ROBBING, LEND, MALL_CRAWL, BULLETS = ids(
    "zombies", "grave_robbing lend_a_hand mall_crawl not_enough_bullets"
)
OUTBREAK, OVERRUN, KEEP_COMING, COMING_TO_GET_YOU = ids(
    "zombies", "outbreak overrun they_keep_coming theyre_coming_to_get_you"
)
SCOUT, FIRST_MATE, HOWL = "aliens.scout", "pirates.first_mate", "dinosaurs.howl"
LIBRARY, SCHOOL = "base.the_great_library", "base.school_of_wizardry"


def minion_moves(t: Table, card: str) -> set[tuple[str, int]]:
    """(zone, base) of every legal play of this minion by the awaited seat."""
    p = t.state.players[t.seat]
    zone = {c.uid: z for z in ("hand", "discard") for c in getattr(p, z) if c.card == card}
    return {
        (zone[m.card], m.base) for m in t.moves() if isinstance(m, PlayMinion) and m.card in zone
    }


def discard_uid(t: Table, card: str, seat: int = 0) -> str:
    return next(c.uid for c in t.state.players[seat].discard if c.card == card)


def test_every_zombies_card_is_implemented() -> None:
    cards = catalogue().faction("zombies").card_ids
    assert len(cards) == 12
    assert set(cards) <= IMPLEMENTED


def test_zombie_lord_plays_a_small_minion_from_the_discard_on_each_base_without_yours() -> None:
    """The bases are noted when it is played: here bases 2 and 3 (base 0 has the Lord)."""
    t = Table(
        [MOTHER, OASIS, LIBRARY, SCHOOL],
        hands=[[LORD], []],
        board=[(1, SCOUT, 0), (2, INVADER, 1)],
        discards=[[TENACIOUS, REX, FIRST_MATE], []],
    )
    t.play(LORD, 0)
    assert t.options() == [TENACIOUS, FIRST_MATE, "skip"]  # power 2 or less only
    t.choose(TENACIOUS)
    assert [o.base for o in t.pending.options] == [2, 3]
    t.choose(2)
    assert t.options() == [FIRST_MATE, "skip"]
    t.choose(FIRST_MATE)  # one base left: it goes there
    assert t.pending is None
    assert t.minions_on(2) == [INVADER, TENACIOUS]
    assert t.minions_on(3) == [FIRST_MATE]
    assert t.discard(0) == [REX]
    assert [p.kind for p in t.state.players[0].plays] == ["action"]  # extra plays, not allowances
    played = [e for e in t.events if isinstance(e, ev.MinionPlayed)]
    assert [(e.card, e.zone) for e in played][-2:] == [
        (TENACIOUS, "discard"),
        (FIRST_MATE, "discard"),
    ]


def test_zombie_lord_extra_minions_are_optional() -> None:
    t = Table([MOTHER, OASIS], hands=[[LORD], []], discards=[[TENACIOUS], []])
    t.play(LORD, 0)
    t.choose("skip")
    assert t.minions_on(1) == []
    assert t.discard(0) == [TENACIOUS]


def test_grave_digger_may_take_a_minion_from_the_discard_pile_into_hand() -> None:
    t = Table([MOTHER], hands=[[DIGGER], []], discards=[[REX, HOWL], []])
    t.play(DIGGER, 0)
    assert t.options() == [REX, "skip"]
    t.choose(REX)
    assert t.hand(0) == [REX]
    assert t.discard(0) == [HOWL]


def test_tenacious_z_is_played_from_the_discard_once_per_turn_as_an_extra_minion() -> None:
    t = Table([MOTHER], hands=[[SCOUT], [INVADER]], discards=[[TENACIOUS, TENACIOUS], [TENACIOUS]])
    specials = [m for m in t.moves() if isinstance(m, UseSpecial)]
    assert len(specials) == 2  # one per copy in the discard pile
    t.do(specials[0])
    assert t.minions_on(0) == [TENACIOUS]
    assert not any(isinstance(m, UseSpecial) for m in t.moves())  # once per turn
    t.play(SCOUT, 0)  # the normal minion play is still there
    assert t.minions_on(0) == [TENACIOUS, SCOUT]
    t.end_turn()
    assert [m.seat for m in t.moves() if isinstance(m, UseSpecial)] == [1]
    t.end_turn()
    assert len([m for m in t.moves() if isinstance(m, UseSpecial)]) == 1


def test_walker_shows_its_owner_the_top_card_who_may_discard_it() -> None:
    t = Table([MOTHER], hands=[[WALKER], []], decks=[[REX, SCOUT], [HOWL]])
    t.play(WALKER, 0)
    assert t.pending.seat == 0
    assert [o.id for o in t.pending.options] == ["discard", "keep"]
    assert REX not in t.pending.prompt  # the prompt is public; only the options name the card
    shown = [e for e in t.events if isinstance(e, ev.CardRevealed)]
    assert [(e.card, e.to_seat) for e in shown] == [(REX, 0)]
    seen_by_other = redact_payload("card_revealed", event_to_dict(shown[0])["payload"], 1)
    assert "card" not in seen_by_other
    t.choose("discard")
    assert t.discard(0) == [REX]
    assert t.deck(0) == [SCOUT]


def test_walker_may_leave_the_top_card_where_it_is() -> None:
    t = Table([MOTHER], hands=[[WALKER], []], decks=[[REX, SCOUT], [HOWL]])
    t.play(WALKER, 0)
    t.choose("keep")
    assert t.deck(0) == [REX, SCOUT]
    assert t.discard(0) == []


def test_grave_robbing_takes_any_card_from_the_discard_pile_into_hand() -> None:
    t = Table([MOTHER], hands=[[ROBBING], []], discards=[[REX, HOWL], []])
    t.play(ROBBING)
    assert t.options() == [REX, HOWL]
    t.choose(HOWL)
    assert t.hand(0) == [HOWL]
    assert t.discard(0) == [REX, ROBBING]


def test_lend_a_hand_shuffles_any_number_of_discarded_cards_into_the_deck() -> None:
    t = Table(
        [MOTHER], hands=[[LEND], []], decks=[[FIRST_MATE], []], discards=[[REX, SCOUT, HOWL], []]
    )
    t.play(LEND)
    t.choose(REX)
    assert t.options() == [SCOUT, HOWL, "skip"]
    t.choose(SCOUT)
    t.choose("skip")
    assert sorted(t.deck(0)) == sorted([FIRST_MATE, REX, SCOUT])
    assert t.discard(0) == [HOWL, LEND]  # Lend a Hand itself is not shuffled in
    assert any(isinstance(e, ev.DeckShuffled) for e in t.events)


def test_lend_a_hand_may_shuffle_nothing_in() -> None:
    t = Table([MOTHER], hands=[[LEND], []], decks=[[FIRST_MATE], []], discards=[[REX], []])
    t.play(LEND)
    t.choose("skip")
    assert t.deck(0) == [FIRST_MATE]
    assert t.discard(0) == [REX, LEND]


def test_mall_crawl_moves_copies_of_a_named_card_from_the_deck_to_the_discard() -> None:
    deck = [REX, SCOUT, REX, INVADER, REX]
    t = Table([MOTHER], hands=[[MALL_CRAWL], []], decks=[deck, []])
    t.play(MALL_CRAWL)
    assert t.options() == [REX, SCOUT, INVADER, "skip"]  # the names found in the deck
    t.choose(REX)
    assert [o.id for o in t.pending.options] == ["1", "2", "3"]
    t.choose("2")
    assert t.discard(0) == [REX, REX, MALL_CRAWL]
    assert sorted(t.deck(0)) == sorted([REX, SCOUT, INVADER])
    assert isinstance(
        [e for e in t.events if not isinstance(e, ev.CardDiscarded)][-1], ev.DeckShuffled
    )


def test_mall_crawls_public_prompt_does_not_name_the_card_named_from_the_deck() -> None:
    t = Table([MOTHER], hands=[[MALL_CRAWL], []], decks=[[REX, SCOUT, REX], []])
    t.play(MALL_CRAWL)
    t.choose(REX)
    seen_by_other = view(t.state, 1)["awaiting"]
    assert "Rex" not in seen_by_other["prompt"]
    assert "options" not in seen_by_other
    labels = [o["label"] for o in view(t.state, 0)["awaiting"]["options"]]
    assert labels == ["1 of King Rex", "2 of King Rex"]  # the chooser still reads the name


def test_not_enough_bullets_takes_copies_of_a_named_minion_from_the_discard_pile() -> None:
    t = Table([MOTHER], hands=[[BULLETS], []], discards=[[REX, SCOUT, SCOUT, HOWL], []])
    t.play(BULLETS)
    assert t.options() == [REX, SCOUT, "skip"]  # minions only
    t.choose(SCOUT)
    t.choose("2")
    assert t.hand(0) == [SCOUT, SCOUT]
    assert t.discard(0) == [REX, HOWL, BULLETS]


def test_outbreak_gives_an_extra_minion_only_where_you_have_no_minion() -> None:
    t = Table(
        [MOTHER, OASIS, LIBRARY],
        hands=[[OUTBREAK, SCOUT, INVADER], []],
        board=[(0, REX, 0), (2, REX, 1)],
    )
    t.play(SCOUT, 1)
    assert minion_moves(t, INVADER) == set()
    t.play(OUTBREAK)
    assert minion_moves(t, INVADER) == {("hand", 2)}
    t.play(INVADER, 2)
    assert t.minions_on(2) == [REX, INVADER]


def test_overrun_lets_only_its_controller_play_minions_there_until_their_next_turn() -> None:
    t = Table([MOTHER, OASIS], hands=[[OVERRUN, SCOUT], [INVADER, INVADER]])
    t.play(OVERRUN, 0)
    assert minion_moves(t, SCOUT) == {("hand", 0), ("hand", 1)}
    t.end_turn()
    assert minion_moves(t, INVADER) == {("hand", 1)}
    t.end_turn()
    assert t.state.bases[0].attached == ()
    assert OVERRUN in t.discard(0)
    t.end_turn()
    assert minion_moves(t, INVADER) == {("hand", 0), ("hand", 1)}


def test_they_keep_coming_gives_an_extra_minion_from_the_discard_pile() -> None:
    t = Table([MOTHER], hands=[[KEEP_COMING, SCOUT], []], discards=[[REX], []])
    assert minion_moves(t, REX) == set()
    t.play(KEEP_COMING)
    assert minion_moves(t, REX) == {("discard", 0)}
    t.do(PlayMinion(0, discard_uid(t, REX), 0))
    assert t.minions_on(0) == [REX]
    assert minion_moves(t, SCOUT) == {("hand", 0)}  # the normal play is still there


def test_theyre_coming_to_get_you_lets_your_minions_here_come_from_your_discard_pile() -> None:
    t = Table(
        [MOTHER, OASIS],
        hands=[[COMING_TO_GET_YOU, SCOUT], [HOWL]],
        discards=[[REX], [INVADER]],
    )
    t.play(COMING_TO_GET_YOU, 0)
    assert minion_moves(t, REX) == {("discard", 0)}
    t.do(PlayMinion(0, discard_uid(t, REX), 0))
    assert t.minions_on(0) == [REX]
    assert minion_moves(t, SCOUT) == set()  # it used the turn's minion play
    t.end_turn()
    assert minion_moves(t, INVADER) == set()  # not for the other players
