"""The legal-move listing's fast paths agree with the general paths they skip."""

from __future__ import annotations

from collections.abc import Iterator

from domain import abilities, moves, plays, replay, rules, specials, talents
from domain.abilities import Restriction
from domain.bots import playout
from domain.commands import Choose, Command, ExpireClock, PickFaction
from domain.decide import _PLAY_MOVES
from domain.effects import Talent
from domain.model import GameState, Zone, replace
from domain.moments import Window
from domain.specials import specials_for
from domain.table import TABLE_COMMANDS
from tests.domain.seeded import seeded_moves, seeded_start


def _states(seed: int) -> list[tuple[GameState, int]]:
    return [(m.before, m.seat) for m in seeded_moves(seed)]


def _with_plays(seeds: int) -> Iterator[tuple[GameState, int]]:
    """The states of seeded games in which the seat moving may play a card from its hand."""
    for seed in range(seeds):
        for state, seat in _states(seed):
            p = state.players[seat]
            if state.phase == "play" and state.pending is None and p.plays:
                yield state, seat


def test_talents_are_skipped_only_when_no_seat_could_use_one() -> None:
    for seed in range(3):
        for state, seat in _states(seed):
            if rules.none_in_play(state, Talent):
                assert talents.usable(state, seat) == []


def test_the_restrictions_for_a_seat_are_those_in_play_for_it_even_when_none_are_listed() -> None:
    listed_none = 0
    for seed in range(3):
        for state, _ in _states(seed):
            for seat in range(len(state.players)):
                found = plays.restrictions(state, seat)
                assert list(found) == list(abilities.in_play(state, Restriction, seat))
                listed_none += not found
    assert listed_none  # the fast path was taken


def test_the_bases_listed_for_a_minion_are_those_allowance_finds_a_play_on() -> None:
    from_discard = 0
    for state, seat in _with_plays(6):
        p = state.players[seat]
        where = moves.HandPlays(state, seat)
        piles = [(Zone.HAND, p.hand)]
        if plays.from_discard_possible(state, p.plays):
            piles.append((Zone.DISCARD, p.discard))
        for zone, pile in piles:
            for card in {c.card for c in pile if rules.card_type(c.card) == "minion"}:
                expected = [
                    b
                    for b in range(len(state.bases))
                    if plays.allowance(state, seat, card, b, zone, choose=False) is not None
                ]
                assert list(where.minion_bases(card, zone)) == expected, (card, zone)
                from_discard += zone == Zone.DISCARD and bool(expected)
    assert from_discard  # minions were found playable from a discard pile


def _allowance_by_ranking_every_fitting_play(
    state: GameState, seat: int, card: str, base: int | None, zone: str, choose: bool
) -> int | None:
    """`plays.allowance` as it was written before its shortcuts: every play asked whether it
    fits, every fitting one ranked."""
    kind = rules.card_type(card)
    if kind == "action" and plays.special_only(card):
        return None
    power = rules.printed_power(card)
    fitting = [
        (plays._strictness(a), i)
        for i, a in enumerate(state.players[seat].plays)
        if a.kind == kind
        and (a.max_power is None or power <= a.max_power)
        and plays._fits_here(state, seat, card, base, zone, a)
    ]
    if not fitting or rules.play_forbidden(state, seat, card, -1 if base is None else base):
        return None
    if choose and len(fitting) > 1:
        fitting = [((plays._left_playable(state, seat, card, i), *k), i) for k, i in fitting]
    return max(fitting)[1]


def test_the_allowance_a_card_uses_is_the_best_ranked_of_the_plays_that_fit() -> None:
    ranked = 0
    for seed in range(4):
        for state, seat in _states(seed):
            p = state.players[seat]
            if state.phase != "play" or not p.plays:
                continue
            for zone, pile in ((Zone.HAND, p.hand), (Zone.DISCARD, p.discard)):
                for card in {c.card for c in pile}:
                    for base in (None, *range(len(state.bases))):
                        for choose in (False, True):
                            args = (state, seat, card, base, zone, choose)
                            found = plays.allowance(*args)
                            assert found == _allowance_by_ranking_every_fitting_play(*args)
                            ranked += found is not None and len(p.plays) > 1
    assert ranked  # cards were played with several plays left


def test_a_made_once_choose_equals_a_new_one() -> None:
    for seed in range(2):
        for state, seat in _states(seed):
            if state.pending is not None:
                listed = moves.choices(seat, state.pending.options)
                assert listed == [Choose(seat, o.id) for o in state.pending.options]
                for o, chosen in zip(state.pending.options, listed, strict=True):
                    made = moves.choose(seat, o.id)
                    assert made == Choose(seat, o.id)
                    assert moves.choose(seat, o.id) is made is chosen


def test_specials_indexed_by_window_value_match_every_window() -> None:
    state, seat = _states(0)[-1]
    for window in Window:
        assert specials_for(state, seat, window, -1) == specials_for(state, seat, window, -1)


def test_no_clock_table_or_draft_command_is_of_a_class_decide_takes_for_a_play_move() -> None:
    others = (ExpireClock, PickFaction, *TABLE_COMMANDS)
    assert _PLAY_MOVES
    for cls in _PLAY_MOVES:
        assert not issubclass(cls, others), cls
        assert not any(issubclass(other, cls) for other in others), cls


def _plays_card_by_card(state: GameState, seat: int) -> list[Command]:
    """The play commands of a seat's hand and discard pile as `HandPlays` answers card by card
    (`minion_bases`, `action_targets`): what its listing of every card must give."""
    p = state.players[seat]
    where = moves.HandPlays(state, seat)
    out: list[Command] = []
    for c in p.hand:
        kind = rules.card_type(c.card)
        if kind not in {a.kind for a in p.plays}:
            continue
        if kind == "minion":
            out += moves.plays_of(seat, c.uid, True, where.minion_bases(c.card, Zone.HAND))
        else:
            out += moves.plays_of(seat, c.uid, False, where.action_targets(c.card))
    if any(a.kind == "minion" for a in p.plays) and plays.from_discard_possible(state, p.plays):
        for c in p.discard:
            if rules.card_type(c.card) == "minion":
                out += moves.plays_of(seat, c.uid, True, where.minion_bases(c.card, Zone.DISCARD))
    return out


def test_the_plays_listed_for_a_hand_are_those_asked_card_by_card() -> None:
    plain = 0
    for state, seat in _with_plays(6):
        where = moves.HandPlays(state, seat)
        assert where.cards() == _plays_card_by_card(state, seat)
        plain += "minion" not in where.fancy and not where.restricted
        # a board with a base less (the commands made for a uid are of that many bases)
        fewer = replace(state, bases=state.bases[:-1])
        assert moves.HandPlays(fewer, seat).cards() == _plays_card_by_card(fewer, seat)
    assert plain  # the plain minion plays' shortcut was taken


def test_the_plays_found_again_by_uid_are_those_a_fresh_listing_makes() -> None:
    again = 0
    for state, seat in _with_plays(6):
        listed = moves.HandPlays(state, seat).cards()  # found again where the uid's card is known
        again += any(c.uid in moves._BY_UID for c in state.players[seat].hand)
        moves._BY_UID.clear()
        assert listed == moves.HandPlays(state, seat).cards() == _plays_card_by_card(state, seat)
    assert again  # commands were found again by uid


def test_a_uid_found_again_holding_another_card_is_listed_for_that_card() -> None:
    swapped = 0
    for state, seat in _with_plays(3):
        p = state.players[seat]
        if len(p.hand) < 2:
            continue
        moves.HandPlays(state, seat).cards()  # each uid's commands kept
        # the same uids, each holding the next card's id (as a uid of another game may)
        cards = [c.card for c in p.hand]
        hand = tuple(replace(c, card=cards[(i + 1) % len(cards)]) for i, c in enumerate(p.hand))
        players = tuple(replace(q, hand=hand) if q.seat == seat else q for q in state.players)
        other = replace(state, players=players)
        assert moves.HandPlays(other, seat).cards() == _plays_card_by_card(other, seat)
        swapped += cards != cards[1:] + cards[:1]
    assert swapped


def _states_with_play_phase_specials(seed: int) -> list[tuple[GameState, int]]:
    """The states of a seeded game of the factions with a Special used in the play phase
    (from hand, play and discard: Cowboys, Ninjas, Zombies) and one other."""
    rng, setup = seeded_start(seed, factions=("cowboys", "ninjas", "zombies", "pirates"))
    return [(m.before, m.seat) for m in playout(replay(setup), rng, max_moves=400)]


def test_the_specials_found_with_known_piles_are_those_looked_up() -> None:
    found: set[str] = set()
    for seed in range(4):
        for state, seat in _states_with_play_phase_specials(seed):
            if state.phase != "play" or state.pending is not None:
                continue
            fast = specials_for(state, seat, Window.PLAY, -1)
            again = specials_for(state, seat, Window.PLAY, -1)  # the discard pile known now
            specials._HELD.clear()
            plain = specials_for(state, seat, Window.PLAY, -1)
            assert fast == again == plain
            found.update(str(o.card) for o in plain)
    # Specials used from hand, from play and from a discard pile were found
    assert found == {"cowboys.deputy", "ninjas.ninja_acolyte", "zombies.tenacious_z"}
