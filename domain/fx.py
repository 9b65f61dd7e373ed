"""Fx: what an ability sees (the state, its source, the choice made) and the verbs it uses.

Verbs return Steps: a tuple of events (applied at once), tasks (run next, in order) and asks
(pending decisions); whatever follows an ask runs after the answer's continuation.
Cards read like what they do:
`return fx.choose("minion", targets, "Destroy a minion", then="destroy")`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import events as ev
from domain import options, rules
from domain.model import (
    JSON,
    Attached,
    Base,
    Buried,
    CardRef,
    GameState,
    Minion,
    Option,
    Task,
)
from domain.options import CHOICES as CHOICES
from domain.options import Choice as Choice
from domain.registry import Ask as Ask
from domain.registry import StepFn, context, name_of
from domain.registry import Steps as Steps

_NO_SEAT: Any = object()
"""What `Fx.me` reads when the context names no seat."""

APPLY_TO = "apply_to"
"""The context key naming the minion a card being played must apply its effect to."""


@dataclass(slots=True)
class Fx:
    """The context of one running ability or rule step."""

    state: GameState
    ctx: Mapping[str, JSON] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)
    _where: tuple[tuple[Base, ...], dict[str, tuple[int, Minion]]] | None = field(
        default=None, init=False, repr=False, compare=False
    )  # each minion in play by uid, with its base, on the board `state` has (built when asked)

    # --- who and where ---------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat that controls the ability."""
        by = self.ctx.get("by", _NO_SEAT)
        if type(by) is int:  # the usual: no conversion
            return by
        return int(self.state.active if by is _NO_SEAT else by)

    @property
    def src(self) -> str:
        """The uid of the card whose ability this is (the base id for a base)."""
        return str(self.ctx.get("src", ""))

    @property
    def card(self) -> str:
        """The catalogue id of the card whose ability this is."""
        return str(self.ctx.get("card", ""))

    @property
    def host(self) -> str | None:
        """The minion the ability's card is attached to (an action played on a minion, or the
        host of an action granting a Talent), else None."""
        host = self.ctx.get("host")
        return None if host is None else str(host)

    @property
    def base(self) -> int:
        """The base index the ability is about (where the minion was played, the scored base)."""
        return int(self.ctx.get("base", -1))

    # --- queries ---------------------------------------------------------------------------
    def minions(
        self, base: int | None = None, controller: int | None = None, max_power: int | None = None
    ) -> list[Minion]:
        """Minions in play, optionally on one base, controlled by one seat, of at most some
        power."""
        state = self.state
        out: list[Minion] = []
        for i, b in enumerate(state.bases):  # rules.all_minions, without a generator
            if base is None or i == base:
                out += [
                    m
                    for m in b.minions
                    if (controller is None or m.controller == controller)
                    and (max_power is None or rules.power(state, i, m) <= max_power)
                ]
        return out

    def power(self, m: Minion | str) -> int:
        """Current power of a minion in play (0 if it is not in play)."""
        found = self._in_play(m)
        return rules.power(self.state, *found) if found else 0

    def base_of(self, m: Minion | str) -> int:
        """The index of the base a minion is on (-1 if it is not in play)."""
        found = self._in_play(m)
        return found[0] if found else -1

    def _in_play(self, m: Minion | str) -> tuple[int, Minion] | None:
        """The base and the minion now in play with the uid of `m` (rules.find_minion's
        answer, from an index of the board built once: options ask it for each minion)."""
        bases = self.state.bases
        where = self._where
        if where is None or where[0] is not bases:
            where = self._where = (
                bases,
                {x.uid: (i, x) for i, b in enumerate(bases) for x in b.minions},
            )
        return where[1].get(m if isinstance(m, str) else m.uid)

    def bases(self) -> list[int]:
        """Indices of the bases in play."""
        return list(range(len(self.state.bases)))

    def hand(self, seat: int | None = None) -> list[CardRef]:
        """A seat's hand (mine by default)."""
        return list(self.state.players[self.me if seat is None else seat].hand)

    def deck(self, seat: int | None = None) -> list[CardRef]:
        """A seat's deck, top first."""
        return list(self.state.players[self.me if seat is None else seat].deck)

    def discard_pile(self, seat: int | None = None) -> list[CardRef]:
        """A seat's discard pile."""
        return list(self.state.players[self.me if seat is None else seat].discard)

    def attached(self, base: int | None = None) -> list[tuple[int, Attached, str | None]]:
        """Actions attached in play: (base, card, host minion uid or None for the base)."""
        out: list[tuple[int, Attached, str | None]] = []
        for i, b in enumerate(self.state.bases):
            if base is not None and i != base:
                continue
            out += [(i, a, None) for a in b.attached]
            out += [(i, a, m.uid) for m in b.minions for a in m.attached]
        return out

    def buried(self, base: int | None = None, controller: int | None = None) -> list[Buried]:
        """Buried cards, optionally at one base and/or of one controller."""
        return [c for _, c in rules.buried(self.state, base, controller)]

    def others(self) -> list[int]:
        """The other seats, in turn order after me."""
        return rules.seats_from(self.state, self.me)[1:]

    # --- verbs -----------------------------------------------------------------------------
    def destroy(self, uid: str) -> Steps:
        """Destroy a minion (to its owner's discard unless something redirects it)."""
        return verb(self, "destroy", uid=uid)

    def return_to_hand(self, uid: str) -> Steps:
        """Return a minion to its owner's hand; its attached actions are discarded."""
        return verb(self, "return", uid=uid)

    def move(self, uid: str, to: int) -> Steps:
        """Move a minion to another base."""
        return verb(self, "move", uid=uid, to=to)

    def add_power(
        self, uid: str, amount: int, until_turn: int | None = None, this_turn: bool = False
    ) -> Steps:
        """Change a minion's power until the end of my turn, or of `until_turn`, or (with
        `this_turn`) of the turn being played."""
        if this_turn:
            until_turn = self.state.turn
        if until_turn is None:
            return verb(self, "power", uid=uid, amount=amount)
        return verb(self, "power", uid=uid, amount=amount, until=until_turn)

    def place_counters(self, uid: str, n: int = 1) -> Steps:
        """Put n +1 power counters (from the supply) on a minion in play; a negative n takes
        up to -n of them off it (back to the supply)."""
        return verb(self, "counters", uid=uid, amount=n)

    def draw(self, seat: int | None = None, n: int = 1) -> Steps:
        """A seat (me by default) draws n cards (reshuffling its discard into its deck when
        needed)."""
        return (Task("draw", {"seat": self.me if seat is None else seat, "n": n}),)

    def gain_vp(self, seat: int, amount: int, reason: str | None = None) -> Steps:
        """A seat scores VP outside of base scoring."""
        return (ev.VpGained(seat, amount, reason or self.card),)

    def extra_play(
        self,
        kind: str,
        seat: int | None = None,
        max_power: int | None = None,
        base: str | None = None,
        zone: str = "hand",
        condition: str | None = None,
        now: bool = False,
        must: bool = False,
        kept: bool = False,
        near: str | None = None,
    ) -> Steps:
        """Grant an extra minion/action play: kept for the turn during the seat's own play
        phase, otherwise it must be used at once or is lost. `zone` is where the card must
        come from; `base` (a base card id), `near` (a minion: the base it stands on, and no
        play at all if it has left play) and `condition` restrict where it may go; `now`
        makes it a play to use at once even in the seat's own play phase; `must` (implies
        `now`) makes it mandatory when a card fits (e.g. "you cannot do only half"); `kept`
        keeps it for the seat's coming play phase (granted as its turn starts)."""
        who = self.me if seat is None else seat
        s = self.state
        if near is not None:
            found = rules.find_minion(s, near)
            if found is None:
                return ()
            base = s.bases[found[0]].card
        in_play_phase = s.phase == "play" and s.active == who and s.pending is None
        if kept or (not (now or must) and in_play_phase):
            return (ev.PlayGranted(who, kind, max_power, base, self.card, zone, condition),)
        ctx = {
            "seat": who,
            "kind": kind,
            "max_power": max_power,
            "base": base,
            "src": self.card,
            "zone": zone,
            "condition": condition,
            "must": must,
        }
        return (Task("extra_play_now", ctx),)

    def play(
        self,
        uid: str,
        base: int | None = None,
        target: str | None = None,
        apply_to: str | None = None,
    ) -> Steps:
        """Play a card out of play (a hand, deck or discard pile) as a real play (its ability
        fires), outside my allowances; it stays its owner's card. `apply_to`: the minion its
        effect must be applied to (its choice of a minion is narrowed to that one)."""
        ctx: dict[str, JSON] = {"seat": self.me, "uid": uid, "base": base, "target": target}
        if apply_to is not None:
            ctx[APPLY_TO] = apply_to
        return (Task("play_card", ctx),)

    def reveal(self, c: CardRef, zone: str, to: int | None = None) -> Steps:
        """Show a card out of play to everyone (to=None) or to one seat only. Another seat's
        card from a hand or deck shown this way may be answered (see domain.seen)."""
        shown = ev.CardRevealed(c.uid, c.card, c.owner, zone, to)
        # a hand card seen, or a deck card revealed to all (merely looked at in a deck: no)
        seen = zone == "hand" or (zone == "deck" and to is None)
        if c.owner == self.me or not seen:
            return (shown,)
        return (shown, seen_task(self, c.owner, [c.uid] if zone == "deck" else None))

    def move_card(self, c: CardRef, from_zone: str, to_zone: str, public: bool = True) -> Steps:
        """Move a card out of play between its owner's hand, deck (top/bottom) and discard."""
        return (ev.CardMoved(c.uid, c.card, c.owner, from_zone, to_zone, public),)

    def shuffle_deck(self, seat: int | None = None, adding: Sequence[CardRef] = ()) -> Steps:
        """Shuffle a deck, first adding cards (from the hand or discard pile) to it."""
        who = self.me if seat is None else seat
        order = [c for c in self.deck(who) if c not in adding] + list(adding)
        self.rng.shuffle(order)
        moves = tuple(
            ev.CardMoved(c.uid, c.card, c.owner, self._zone_of(c.uid), "deck_bottom", False)
            for c in adding
        )
        return (*moves, ev.DeckShuffled(who, tuple(order)))

    def _zone_of(self, uid: str) -> str:
        where = rules.locate(self.state, uid)
        return where[0] if where else "deck"

    def then(self, key: str | StepFn, **extra: JSON) -> Steps:
        """Run a step next (a @step, or its persisted name) with exactly `extra` as its
        parameters, plus this ability's identity."""
        return (self.task(key, **extra),)

    def task(self, then: str | StepFn, **extra: JSON) -> Task:
        """The task running step `then` for this ability (see `then`)."""
        name = name_of(then)
        return Task(name, context(name, self.ctx, extra))

    # --- choices ---------------------------------------------------------------------------
    def ask(
        self,
        who: int,
        kind: str,
        prompt: str,
        options: Iterable[Option],
        then: str | StepFn,
        /,
        *,
        optional: bool = False,
        skip_label: str = "Skip",
        always: bool = False,
        **extra: JSON,
    ) -> Steps:
        """Put a decision to seat `who`; the chosen option's value reaches `then` as fx.choice.
        With always=True it is asked even with no real choice (one option, or only a skip):
        for decisions whose very existence must not tell other seats anything."""
        if "on_skip" in extra and not isinstance(extra["on_skip"], str):
            extra["on_skip"] = name_of(extra["on_skip"])
        name = name_of(then)  # self.task(then, **extra), without repacking `extra`
        task = Task(name, context(name, self.ctx, extra))
        ask = Ask(who, kind, prompt, tuple(options), task, optional, skip_label, auto=not always)
        return (ask,)

    def option(
        self,
        kind: Choice,
        item: Minion | CardRef | Attached | Buried | int,
        label: str = "",
        seat: int | None = None,
    ) -> Option:
        """An option pointing at a minion in play, a card out of play (or an attached action),
        a buried card (only its controller's label names it: `seat` is who reads it, me by
        default), a base or a seat (by index)."""
        where = self.base_of(item) if kind == "minion" and isinstance(item, Minion) else -1
        return options.option(
            self.state, kind, item, label, self.me if seat is None else seat, where
        )

    def choose(
        self,
        kind: Choice,
        items: Sequence[Minion] | Sequence[CardRef | Attached] | Sequence[Buried] | Sequence[int],
        prompt: str,
        /,
        then: str | StepFn,
        optional: bool = False,
        seat: int | None = None,
        skip_label: str = "Skip",
        **extra: JSON,
    ) -> Steps:
        """Ask seat `seat` (me by default) for one of `items`, each a `kind` ("minion", "card",
        "buried", "base" or "seat"); the chosen value (a uid, a buried card's public handle, a
        base or seat index) reaches `then` as `choice`. Nothing is asked if there is none. A card
        played to be applied to one minion (ctx `apply_to`) may only choose that one."""
        who = self.me if seat is None else seat
        forced = self.ctx.get(APPLY_TO)
        narrowed = kind == "minion" and forced is not None
        if narrowed and any(isinstance(m, Minion) and m.uid == forced for m in items):
            items = [m for m in items if isinstance(m, Minion) and m.uid == forced]
        # self.option(kind, i, seat=who) for each item, without its call for each
        state, make = self.state, options.option
        if kind == "minion":
            found = self._in_play
            where = [(found(m) or (-1,))[0] if isinstance(m, Minion) else -1 for m in items]
            made = [make(state, kind, i, "", who, w) for i, w in zip(items, where, strict=True)]
        else:
            made = [make(state, kind, i, "", who, -1) for i in items]
        return self.ask(
            who, kind, prompt, made, then, optional=optional, skip_label=skip_label, **extra
        )


def task(key: str, **ctx: Any) -> Task:
    """A task literal."""
    return Task(key, ctx)


def verb(fx: Fx, key: str, **args: JSON) -> Steps:
    """A shared verb (a step of domain.verbs) as a task, carrying who causes it."""
    cause = {"src": fx.src, "card": fx.card, "by": fx.me, "kind": fx.ctx.get("kind")}
    return (Task(key, {**cause, **args}),)


def seen_task(fx: Fx, seat: int, revealed: list[str] | None) -> Task:
    """The step letting `seat` answer my card showing its hand or these deck cards (None: its
    whole hand; see domain.seen)."""
    return Task("cards_seen", {"seat": seat, "looker": fx.me, "revealed": revealed})
