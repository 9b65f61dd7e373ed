"""The Astroknights' bases (Cease and Desist): Hive of Scum and Villainy, No Moon, and Neutral
Space; random games with the faction and its bases."""

from __future__ import annotations

import random
from typing import Any

from domain import (
    GameSetup,
    PlayerSetup,
    ScriptedSetup,
    abilities,
    replay,
    start_game,
)
from domain.abilities import OngoingPower
from domain.catalogue import catalogue
from domain.model import GameState
from domain.rules import power
from domain.serialize import event_from_dict, event_to_dict
from tests.domain.seeded import play_to_the_end
from tests.domain.table import Table
from tests.domain.test_astroknights import (
    ANNOYING,
    FOURS,
    HIVE,
    HOME,
    NEUTRAL,
    NO_MOON,
    OASIS,
    OVERLORD,
    PROBE,
    RAGE,
    REX,
    SUMMON,
    TAR_PITS,
    WALKER,
    ZAPBOT,
    talent,
    weaken_others_here,
)

CORE = ["aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies"]


# --- Hive of Scum and Villainy ----------------------------------------------------------------


def test_hive_of_scum_draws_a_card_the_first_time_a_turn_you_raise_your_minion_there() -> None:
    board = [(0, REX, 0), (1, WALKER, 0)]
    hand = [RAGE, FOURS, PROBE]
    t = Table([HIVE, TAR_PITS], hands=[hand, []], board=board, decks=[[ZAPBOT, SUMMON], []])
    t.play(RAGE)
    t.choose(REX)
    assert ZAPBOT in t.hand(0)
    t.play(FOURS)  # the extra action, onto the same minion
    t.choose(REX)
    assert SUMMON not in t.hand(0)  # once per turn only


def test_hive_of_scum_ignores_raising_an_opponents_minion_or_one_elsewhere() -> None:
    board = [(0, REX, 1), (1, WALKER, 0)]
    t = Table([HIVE, TAR_PITS], hands=[[PROBE], []], board=board, decks=[[ZAPBOT], []])
    t.play(PROBE)
    t.choose(REX)  # the opponent's minion on the Hive
    assert t.hand(0) == []
    t = Table([HIVE, TAR_PITS], hands=[[PROBE], []], board=board, decks=[[ZAPBOT], []])
    t.play(PROBE)
    t.choose(WALKER)  # mine, but elsewhere
    assert t.hand(0) == []


def test_hive_of_scum_counts_a_power_counter_placed_by_an_action_as_a_direct_increase() -> None:
    """Rulebook clarification: placing a +1 power counter directly increases power."""
    bushido = "samurai.code_of_bushido"
    board = [(0, REX, 0)]
    t = Table([HIVE, TAR_PITS], hands=[[bushido], []], board=board, decks=[[ZAPBOT], []])
    t.play(bushido)
    t.choose(REX)
    assert t.minion(REX).counters == 1
    assert ZAPBOT in t.hand(0)


# --- Neutral Space ----------------------------------------------------------------------------


def test_neutral_space_shields_minions_from_other_players_minions_on_it() -> None:
    board = [(0, REX, 0), (0, ANNOYING, 1), (1, WALKER, 0)]
    t = Table([NEUTRAL, TAR_PITS], hands=[[], []], board=board)
    t.end_turn()
    talent(t, ANNOYING)
    t.choose(REX)
    assert t.power(REX) == 7


def test_neutral_space_does_not_shield_from_actions_nor_from_ones_own_minions() -> None:
    board = [(0, REX, 0), (0, ANNOYING, 0), (0, WALKER, 1)]
    t = Table([NEUTRAL], hands=[[PROBE], []], board=board)
    talent(t, ANNOYING)
    t.choose(REX)
    assert t.power(REX) == 5
    t.play(PROBE)
    t.choose(WALKER)
    assert t.power(WALKER) == 4


def test_an_opponents_minion_ongoing_power_change_does_not_reach_a_minion_on_neutral_space() -> (
    None
):
    with abilities.extra(WALKER, OngoingPower(weaken_others_here)):
        board = [(0, REX, 0), (0, WALKER, 1), (1, REX, 0), (1, WALKER, 1), (0, ZAPBOT, 1)]
        t = Table([NEUTRAL, TAR_PITS], hands=[[], []], board=board)
        rex_here, rex_there = (t.state.bases[i].minions[0] for i in (0, 1))
        assert power(t.state, 0, rex_here) == 7  # shielded on Neutral Space
        assert power(t.state, 1, rex_there) == 5  # not elsewhere
        assert t.power(ZAPBOT) == 0  # its own controller's minion: 2 - 2


# --- No Moon ----------------------------------------------------------------------------------


def test_no_moon_discards_another_base_and_all_on_it_before_it_scores() -> None:
    board = [(0, REX, 0), (0, REX, 0), (0, OVERLORD, 0), (0, REX, 1), (1, WALKER, 1)]
    bases = [NO_MOON, TAR_PITS]  # 26 on No Moon (25)
    t = Table(bases, hands=[[], []], board=board, base_deck=[HOME, OASIS, HIVE])
    t.end_turn()
    t.pass_empty_me_first()
    assert WALKER in t.discard(
        1
    )  # discarded, not destroyed: Tar Pits does not put it under the deck
    assert t.state.bases[1].card == HOME  # replaced as usual
    assert t.state.last_scored[0].seat == 0  # No Moon scored too
    assert TAR_PITS in t.state.base_discard


# --- random games -----------------------------------------------------------------------------


def random_astro_game(seed: int) -> tuple[GameState, list[Any]]:
    """A seeded random-bot game with the Astroknights and the faction's bases in it."""
    rng = random.Random(seed)
    seats = 2 + seed % 2
    picks = ["astroknights", *rng.sample(CORE, 2 * seats - 1)]
    cat = catalogue()
    players, decks = [], []
    for s in range(seats):
        factions = (picks[2 * s], picks[2 * s + 1])
        players.append(PlayerSetup(f"p{s}", factions))
        deck = [c for f in factions for c in cat.faction(f).card_ids]
        deck = [c for c in deck for _ in range(cat.card(c).count)]
        rng.shuffle(deck)
        decks.append(tuple(deck))
    bases = [HIVE, NEUTRAL, NO_MOON, TAR_PITS, OASIS, HOME, "base.the_mothership"]
    rng.shuffle(bases)
    scripted = ScriptedSetup(
        tuple(bases[: seats + 1]), tuple(decks), base_deck=tuple(bases[seats + 1 :])
    )
    events = list(start_game(GameSetup(f"astro{seed}", str(seed), tuple(players), scripted)))
    state, events, _ = play_to_the_end(events, rng)
    return state, events


def test_random_games_with_astroknights_end_and_replay_exactly() -> None:
    for seed in range(4):
        state, events = random_astro_game(seed)
        assert state.status == "ended", seed
        assert replay(event_from_dict(event_to_dict(e)) for e in events) == state


def test_no_moon_discards_minions_without_destroying_them() -> None:
    """Fandom FAQ: no Cave of Shinies VP for the minions of a base No Moon discards."""
    cave = "base.cave_of_shinies"
    board = [(0, REX, 0), (0, REX, 0), (0, OVERLORD, 0), (0, REX, 1), (1, WALKER, 1)]
    t = Table([NO_MOON, cave], hands=[[], []], board=board, base_deck=[HOME, OASIS])
    t.end_turn()
    t.pass_empty_me_first()
    assert WALKER in t.discard(1)
    assert t.vp()[1] == 3  # second place on No Moon only
