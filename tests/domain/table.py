"""A scripted table for domain tests: set up a position, act by card id, inspect the result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import (
    BoardCard,
    Choose,
    EndTurn,
    GameSetup,
    PlayAction,
    PlayerSetup,
    ScriptedSetup,
    decide,
    evolve,
    replay,
    start_game,
)
from domain.decide import awaited_seat, game_commands
from domain.events import Event
from domain.model import GameState, Minion
from domain.rules import breakpoint, power, total_power
from domain.serialize import event_from_dict, event_to_dict

FILLER = "zombies.walker"


class Table:
    """A scripted game: bases in play, hands, decks, cards on the board."""

    def __init__(
        self,
        bases: Sequence[str],
        hands: Sequence[Sequence[str]] = ((), ()),
        board: Sequence[tuple[int, str, int] | tuple[int, str, int, int]] = (),
        decks: Sequence[Sequence[str]] | None = None,
        discards: Sequence[Sequence[str]] | None = None,
        base_deck: Sequence[str] = (),
        first_seat: int = 0,
        vp: Sequence[int] | None = None,
        seed: str = "test",
    ) -> None:
        n = len(hands)
        decks = decks if decks is not None else [[FILLER] * 10 for _ in range(n)]
        factions = [
            ("aliens", "dinosaurs"),
            ("ninjas", "robots"),
            ("pirates", "zombies"),
            ("wizards", "tricksters"),
        ]
        setup = GameSetup(
            "t1",
            seed,
            tuple(PlayerSetup(f"p{i}", factions[i]) for i in range(n)),
            ScriptedSetup(
                bases=tuple(bases),
                decks=tuple(tuple(d) for d in decks),
                first_seat=first_seat,
                hands=tuple(tuple(h) for h in hands),
                discards=None if discards is None else tuple(tuple(d) for d in discards),
                base_deck=tuple(base_deck),
                board=tuple(BoardCard(*b) for b in board),
                vp=None if vp is None else tuple(vp),
            ),
        )
        self.events: list[Event] = list(start_game(setup))
        self.state: GameState = replay(self.events)

    # --- acting ------------------------------------------------------------------------------
    def do(self, command: Any) -> list[Event]:
        new = decide(self.state, command)
        for e in new:
            self.state = evolve(self.state, e)
        self.events += new
        return list(new)

    @property
    def seat(self) -> int:
        s = awaited_seat(self.state)
        assert s is not None, "the game waits for nobody"
        return s

    def hand_uid(self, card: str, seat: int | None = None) -> str:
        seat = self.seat if seat is None else seat
        return next(c.uid for c in self.state.players[seat].hand if c.card == card)

    def play(self, card: str, base: int | None = None, target: str | None = None) -> list[Event]:
        """Play a card from the awaited seat's hand; `target` is a card id in play."""
        uid = self.hand_uid(card)
        from domain import PlayMinion
        from domain.rules import card_type

        if card_type(card) == "minion":
            assert base is not None
            return self.do(PlayMinion(self.seat, uid, base))
        tuid = self.minion(target).uid if target else None
        return self.do(PlayAction(self.seat, uid, base, tuid))

    def choose(self, pick: str | int) -> list[Event]:
        """Answer the pending decision by option id, card id, base index or label."""
        d = self.state.pending
        assert d is not None, "no decision is pending"
        for o in d.options:
            if pick in (o.id, o.card, o.label) or (isinstance(pick, int) and o.base == pick):
                return self.do(Choose(d.seat, o.id))
        raise AssertionError(f"{pick!r} is not among {[o.id for o in d.options]}")

    def end_turn(self) -> list[Event]:
        return self.do(EndTurn(self.seat))

    def pass_empty_me_first(self) -> int:
        """Pass every Me first! question that offers nothing but a pass (a seat whose factions
        have hand Specials is asked even without one, so that being asked leaks nothing)."""
        passed = 0
        while (
            self.state.pending is not None
            and self.state.pending.kind == "special"
            and [o.id for o in self.state.pending.options] == ["skip"]
        ):
            self.choose("skip")
            passed += 1
        return passed

    # --- looking -----------------------------------------------------------------------------
    def minion(self, card: str | None, base: int | None = None) -> Minion:
        for i, b in enumerate(self.state.bases):
            for m in b.minions:
                if m.card == card and (base is None or i == base):
                    return m
        raise AssertionError(f"{card} is not in play")

    def minions_on(self, base: int) -> list[str]:
        return [m.card for m in self.state.bases[base].minions]

    def power(self, card: str) -> int:
        m = self.minion(card)
        base = next(i for i, b in enumerate(self.state.bases) if m in b.minions)
        return power(self.state, base, m)

    def total(self, base: int) -> int:
        return total_power(self.state, base)

    def breakpoint(self, base: int) -> int:
        return breakpoint(self.state, base)

    def hand(self, seat: int) -> list[str]:
        return [c.card for c in self.state.players[seat].hand]

    def deck(self, seat: int) -> list[str]:
        return [c.card for c in self.state.players[seat].deck]

    def discard(self, seat: int) -> list[str]:
        return [c.card for c in self.state.players[seat].discard]

    def vp(self) -> list[int]:
        return [p.vp for p in self.state.players]

    def options(self) -> list[str]:
        d = self.state.pending
        return [] if d is None else [o.card or o.id for o in d.options]

    @property
    def pending(self) -> Any:
        return self.state.pending

    def moves(self, seat: int | None = None) -> list[Any]:
        """The seat's moves of the game itself (the table's resign, abort and offers aside)."""
        return game_commands(self.state, self.seat if seat is None else seat)

    def replays_exactly(self) -> bool:
        return replay(event_from_dict(event_to_dict(e)) for e in self.events) == self.state
