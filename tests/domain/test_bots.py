"""The greedy and search bots: legal moves only, and choices made from what their seat sees."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from domain import (
    GameSetup,
    PlayerSetup,
    decide_and_evolve,
    is_legal,
    replay,
    start_game,
    view,
)
from domain.ai.knowledge import determinize, hidden_uids
from domain.ai.search import Budget, SearchBot
from domain.bots import BOTS, Policy, make_bot, playout, random_bot
from domain.commands import Choose, Command
from domain.decide import awaited_seat, game_commands
from domain.model import GameState, replace
from tests.domain.seeded import seeded_start

CORE = ["aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies"]


def new_game(seed: int, seats: int = 2) -> GameState:
    rng = random.Random(seed)
    picks = rng.sample(CORE, 2 * seats)
    players = tuple(PlayerSetup(f"p{i}", (picks[2 * i], picks[2 * i + 1])) for i in range(seats))
    return replay(start_game(GameSetup(f"g{seed}", str(seed), players)))


def play(
    seed: int, policies: list[Policy], moves: int
) -> tuple[GameState, list[tuple[GameState, int, Command]]]:
    """Up to `moves` decisions of a seeded game: the last state, and each decision's state,
    seat and the command chosen (checked legal before it is played)."""
    state = new_game(seed, len(policies))
    made = []
    for k in range(moves):
        if state.status != "active":
            break
        seat = awaited_seat(state)
        assert seat is not None
        command = policies[seat](state, seat, random.Random(f"{seed}:{k}"))
        assert command is not None, "the awaited seat always has a legal move"
        assert is_legal(state, command)
        made.append((state, seat, command))
        state = decide_and_evolve(state, command)[1]
    return state, made


def positions(
    seed: int, policies: list[Policy], moves: int
) -> list[tuple[GameState, int, Command]]:
    return play(seed, policies, moves)[1]


def shown(state: GameState, seat: int) -> set[str]:
    d = state.pending
    if d is None or d.seat != seat:
        return set()
    return {o.uid for o in d.options if o.uid is not None}


def permute_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game as `seat` sees it, with the cards it cannot see moved around at random (and
    another seed, which decides future draws)."""
    keep = shown(state, seat)
    players = []
    for p in state.players:
        zones = [p.deck] if p.seat == seat else [p.hand, p.deck]
        pool = [c for z in zones for c in z if c.uid not in keep]
        rng.shuffle(pool)
        it = iter(pool)
        new = [tuple(c if c.uid in keep else next(it) for c in z) for z in zones]
        if p.seat == seat:
            players.append(replace(p, deck=new[0]))
        else:
            players.append(replace(p, hand=new[0], deck=new[1]))
    bases = list(state.base_deck)
    rng.shuffle(bases)
    return replace(
        state, players=tuple(players), base_deck=tuple(bases), seed=f"other{rng.random()}"
    )


def named_uids(state: GameState, command: Command) -> set[str]:
    out = {v for v in (getattr(command, "card", None), getattr(command, "target", None)) if v}
    if isinstance(command, Choose) and state.pending is not None:
        out |= {o.uid for o in state.pending.options if o.id == command.option and o.uid}
    return out


def small_search() -> SearchBot:
    return SearchBot(Budget(playouts=12))


@pytest.mark.parametrize("seed", range(3))
def test_greedy_plays_only_legal_moves_through_whole_seeded_games(seed: int) -> None:
    final, made = play(seed, [BOTS["greedy"], random_bot], 3000)
    assert final.status == "ended"
    assert all(is_legal(state, command) for state, _, command in made)


@pytest.mark.parametrize("seed", range(2))
def test_search_plays_only_legal_moves_in_seeded_games(seed: int) -> None:
    table: list[Policy] = [small_search(), BOTS["greedy"], random_bot]
    bots = table[: 2 + seed]
    _, made = play(100 + seed, bots, 150)
    assert len(made) == 150
    assert all(is_legal(state, command) for state, _, command in made)


def test_a_determinization_looks_the_same_to_its_seat_and_hides_nothing_else() -> None:
    for state, seat, _ in positions(5, [random_bot, random_bot, random_bot], 60):
        det = determinize(state, seat, random.Random(1))
        assert view(det, seat) == view(state, seat)
        assert det.seed != state.seed
        moved = permute_hidden(state, seat, random.Random(2))
        assert determinize(moved, seat, random.Random(1)) == det


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_a_bot_chooses_the_same_whatever_the_hidden_cards_and_names_no_hidden_card(
    name: str,
) -> None:
    policy = small_search() if name == "search" else BOTS[name]
    checked = 0
    for state, seat, _ in positions(11, [random_bot, random_bot], 70):
        if checked >= 25:
            break
        hidden = hidden_uids(state, seat) - shown(state, seat)
        choice = policy(state, seat, random.Random(3))
        assert choice is not None
        assert is_legal(state, choice)
        assert not named_uids(state, choice) & hidden
        for k in range(2):
            moved = permute_hidden(state, seat, random.Random(k))
            assert moved != state or not hidden
            assert policy(moved, seat, random.Random(3)) == choice
        checked += 1
    assert checked == 25


def test_greedy_wins_most_seeded_games_against_random() -> None:
    wins = 0
    for seed in range(4):
        policies: list[Policy] = [BOTS["greedy"], random_bot]
        if seed % 2:
            policies.reverse()
        final, _ = play(seed, policies, 3000)
        assert final.status == "ended"
        wins += final.winner == (seed % 2)
    assert wins >= 3


def first_choice(seed: int) -> tuple[GameState, int]:
    """The first position of seeded game `seed` where the awaited seat has two moves or more."""
    state = new_game(seed)
    seat = awaited_seat(state)
    assert seat is not None
    while len(game_commands(state, seat)) < 2:
        state = decide_and_evolve(state, game_commands(state, seat)[0])[1]
        seat = awaited_seat(state)
        assert seat is not None
    return state, seat


def test_search_stops_at_its_seconds_budget_when_given_a_clock() -> None:
    ticks = iter(range(1000))
    bot = SearchBot(Budget(playouts=500, seconds=10.0), clock=lambda: float(next(ticks)))
    state, seat = first_choice(21)
    assert bot(state, seat, random.Random(0)) is not None
    # the clock reads 0 at the start, then one more after each round of playouts: after 9
    # rounds it reads 9, and 9 + the mean round (1) reaches the 10 s
    assert bot.last_rounds == 9
    assert bot.last_playouts == 9 * bot.last_candidates
    unbounded = SearchBot(Budget(playouts=7))
    unbounded(state, seat, random.Random(0))
    assert unbounded.last_rounds == 7 // unbounded.last_candidates


def test_search_chooses_the_same_for_the_same_position_and_seed() -> None:
    for state, seat, _ in positions(8, [BOTS["greedy"], BOTS["greedy"]], 40)[::4]:
        first = small_search()(state, seat, random.Random(f"{state.version}"))
        again = small_search()(state, seat, random.Random(f"{state.version}"))
        assert first == again


def continued(state: GameState, seat: int, command: Command) -> GameState:
    """The real game after `command`, both seats played by greedy, at the start of `seat`'s
    next turn."""
    since = state.turn
    state = decide_and_evolve(state, command)[1]
    for k in range(200):
        if state.status != "active" or (state.turn > since and state.active == seat):
            break
        mover = awaited_seat(state)
        assert mover is not None
        move = BOTS["greedy"](state, mover, random.Random(k))
        assert move is not None
        state = decide_and_evolve(state, move)[1]
    return state


def test_search_sees_the_other_seat_score_a_base_that_greedy_leaves_it() -> None:
    # seeded game 0, greedy playing both seats, at its 58th decision: greedy's minion play
    # lets the other seat gain VP on its next turn (with the real hidden cards, both seats then
    # played by greedy); search plays each candidate on through that turn and plays elsewhere
    state = new_game(0)
    for k in range(58):
        mover = awaited_seat(state)
        assert mover is not None
        move = BOTS["greedy"](state, mover, random.Random(k))
        assert move is not None
        state = decide_and_evolve(state, move)[1]
    seat = awaited_seat(state)
    assert seat is not None
    greedy_move = BOTS["greedy"](state, seat, random.Random(58))
    assert greedy_move is not None
    search_move = SearchBot()(state, seat, random.Random(58))
    assert search_move != greedy_move

    def gap(move: Command) -> int:
        after = continued(state, seat, move)
        return after.players[seat].vp - after.players[1 - seat].vp

    assert gap(search_move) > gap(greedy_move)


def test_an_unknown_bot_name_is_refused() -> None:
    with pytest.raises(KeyError, match="known: random, greedy, search"):
        make_bot("clever")


def test_a_playout_chains_each_move_to_the_next_and_stops_when_the_game_ends() -> None:
    rng, setup = seeded_start(4)
    made = list(playout(replay(setup), rng))
    assert made[-1].after.status == "ended"
    assert all(a.after is b.before for a, b in pairwise(made))
    assert all(m.before.version + len(m.events) == m.after.version for m in made)
    assert replay([*setup, *(e for m in made for e in m.events)]) == made[-1].after


def test_a_playout_whose_policy_has_no_command_is_an_error_naming_the_seat() -> None:
    _, setup = seeded_start(4)
    with pytest.raises(RuntimeError, match="no command for seat 0"):
        next(playout(replay(setup), random.Random(1), lambda state, seat, rng: None))
