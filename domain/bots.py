"""Bots: pure policies from (state, seat, rng) to a legal command.

`random` plays legal moves at random; `greedy` and `search` (domain.ai) play well and decide only
from what their seat may see. Every bot answers a draw offer or a takeback request awaiting its
seat by one rule (:func:`answer`) before it plays: it accepts a takeback (a takeback is only
possible when nobody learned anything since, so it gives no one an edge), and it accepts a draw
unless it has more VP than the seat that offered it. Bots never resign, abort or offer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from domain import table
from domain.ai.greedy import greedy_bot
from domain.ai.search import Budget, SearchBot
from domain.commands import Command, EndTurn
from domain.decide import awaited_seat, decide_and_evolve, legal_moves
from domain.events import Event
from domain.model import GameState

Policy = Callable[[GameState, int, random.Random], Command | None]


def random_bot(state: GameState, seat: int, rng: random.Random) -> Command | None:
    """A legal command chosen at random, preferring to play cards before ending the turn."""
    moves = legal_moves(state, seat)
    if not moves:
        return None
    # legal moves list EndTurn last, once, if at all: the plays are the moves before it
    plays = moves[:-1] if isinstance(moves[-1], EndTurn) else moves
    if plays and (len(plays) == len(moves) or rng.random() < 0.9):
        return rng.choice(plays)
    return rng.choice(moves)


def answer(state: GameState, seat: int) -> Command | None:
    """The bots' answer to the open proposal awaiting `seat` (None if none awaits it)."""
    proposal = table.proposal_of(state)
    if proposal is None or table.answerer(state) != seat:
        return None
    if proposal.kind == "takeback":
        return table.AcceptTakeback(seat)
    ahead = state.players[seat].vp > state.players[proposal.seat].vp
    return table.DeclineDraw(seat) if ahead else table.AcceptDraw(seat)


def answering(policy: Policy) -> Policy:
    """`policy`, answering open proposals first by the bots' rule (:func:`answer`)."""

    def play(state: GameState, seat: int, rng: random.Random) -> Command | None:
        return answer(state, seat) or policy(state, seat, rng)

    return play


@dataclass(frozen=True, slots=True)
class Move:
    """One command of a game played out by bots: the state it was sent in, by which seat, the
    events it caused and the state after them."""

    before: GameState
    seat: int
    command: Command
    events: tuple[Event, ...]
    after: GameState


def playout(
    state: GameState, rng: random.Random, policy: Policy = random_bot, max_moves: int = 10_000
) -> Iterator[Move]:
    """`policy` plays every awaited seat from `state` until the game ends (or `max_moves`
    commands were sent), drawing its randomness from `rng`; each command as a :class:`Move`.
    A policy with no command for the awaited seat is a RuntimeError."""
    for _ in range(max_moves):
        seat = awaited_seat(state)
        if seat is None:  # the game has ended
            return
        command = policy(state, seat, rng)
        if command is None:
            raise RuntimeError(f"the policy has no command for seat {seat} at {state.version}")
        events, after = decide_and_evolve(state, command)
        yield Move(state, seat, command, events, after)
        state = after


BOT_NAMES = ("random", "greedy", "search")


def make_bot(
    name: str, *, budget: Budget | None = None, clock: Callable[[], float] | None = None
) -> Policy:
    """The policy of a bot by name; `search` takes a budget and, for a seconds budget, a clock."""
    if name == "random":
        return answering(random_bot)
    if name == "greedy":
        return answering(greedy_bot)
    if name == "search":
        return answering(SearchBot(budget, clock))
    raise KeyError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")


BOTS: dict[str, Policy] = {name: make_bot(name) for name in BOT_NAMES}
"""Each bot's policy with its default budget (`search`: playouts only, no clock)."""
