"""Fx: what an ability sees (the state, its source, the choice made) and the verbs it uses.

Verbs return Steps: a tuple of events (applied at once), tasks (run next, in order) and at most
one Ask (a pending decision, always last). Cards read like what they do:
`return fx.choose_minion(targets, "Destroy a minion", then="destroy")`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain import events as ev
from domain import rules
from domain.model import JSON, GameState, Minion, Option, Task

Steps = tuple[Any, ...]


@dataclass(frozen=True)
class Ask:
    """A decision to put to a seat; answered through the continuation `then`."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    then: Task
    optional: bool = False
    skip_label: str = "Skip"
    auto: bool = True  # a mandatory single option is taken without asking


@dataclass
class Fx:
    """The context of one running ability or rule step."""

    state: GameState
    ctx: Mapping[str, JSON] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)

    # --- who and where ---------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat that controls the ability."""
        return int(self.ctx.get("by", self.state.active))

    @property
    def src(self) -> str:
        """The uid of the card whose ability this is (the base id for a base)."""
        return str(self.ctx.get("src", ""))

    @property
    def card(self) -> str:
        """The catalogue id of the card whose ability this is."""
        return str(self.ctx.get("card", ""))

    @property
    def base(self) -> int:
        """The base index the ability is about (where the minion was played, the scored base)."""
        return int(self.ctx.get("base", -1))

    @property
    def choice(self) -> JSON:
        """The value of the option chosen for the decision that led here."""
        return self.ctx.get("choice")

    def with_ctx(self, **extra: JSON) -> dict[str, JSON]:
        """This context plus some keys, for a continuation."""
        out = {k: v for k, v in self.ctx.items() if k != "choice"}
        out.update(extra)
        return out

    # --- queries ---------------------------------------------------------------------------
    def minions(self, base: int | None = None, controller: int | None = None) -> list[Minion]:
        """Minions in play, optionally on one base and/or controlled by one seat."""
        return [
            m
            for i, m in rules.all_minions(self.state)
            if (base is None or i == base) and (controller is None or m.controller == controller)
        ]

    def power(self, m: Minion | str) -> int:
        """Current power of a minion in play."""
        return rules.power_of(self.state, m if isinstance(m, str) else m.uid)

    def base_of(self, m: Minion | str) -> int:
        """The index of the base a minion is on (-1 if it is not in play)."""
        found = rules.find_minion(self.state, m if isinstance(m, str) else m.uid)
        return found[0] if found else -1

    def bases(self) -> list[int]:
        """Indices of the bases in play."""
        return list(range(len(self.state.bases)))

    def others(self) -> list[int]:
        """The other seats, in turn order after me."""
        return rules.seats_from(self.state, self.me)[1:]

    # --- verbs -----------------------------------------------------------------------------
    def _cause(self) -> dict[str, JSON]:
        return {"src": self.src, "card": self.card, "by": self.me, "kind": self.ctx.get("kind")}

    def verb(self, key: str, **args: JSON) -> Steps:
        """A shared verb as a task, carrying who causes it."""
        return (Task(key, {**self._cause(), **args}),)

    def destroy(self, uid: str) -> Steps:
        """Destroy a minion (to its owner's discard unless something redirects it)."""
        return self.verb("destroy", uid=uid)

    def return_to_hand(self, uid: str) -> Steps:
        """Return a minion to its owner's hand; its attached actions are discarded."""
        return self.verb("return", uid=uid)

    def to_deck_bottom(self, uid: str) -> Steps:
        """Put a minion in play on the bottom of its owner's deck."""
        return self.verb("deck_bottom", uid=uid)

    def move(self, uid: str, to: int) -> Steps:
        """Move a minion to another base."""
        return self.verb("move", uid=uid, to=to)

    def add_power(self, uid: str, amount: int) -> Steps:
        """Change a minion's power until the end of my turn."""
        return self.verb("power", uid=uid, amount=amount)

    def draw(self, seat: int, n: int) -> Steps:
        """A seat draws n cards (reshuffling its discard into its deck when needed)."""
        return (Task("draw", {"seat": seat, "n": n}),)

    def gain_vp(self, seat: int, amount: int, reason: str | None = None) -> Steps:
        """A seat scores VP outside of base scoring."""
        return (ev.VpGained(seat, amount, reason or self.card),)

    def extra_play(
        self,
        kind: str,
        seat: int | None = None,
        max_power: int | None = None,
        base: str | None = None,
    ) -> Steps:
        """Grant an extra minion/action play: kept for the turn during the seat's own play
        phase, otherwise it must be used at once or is lost."""
        who = self.me if seat is None else seat
        s = self.state
        if s.phase == "play" and s.active == who and s.pending is None:
            return (ev.PlayGranted(who, kind, max_power, base, self.card),)
        ctx = {"seat": who, "kind": kind, "max_power": max_power, "base": base, "src": self.card}
        return (Task("extra_play_now", ctx),)

    def play(self, uid: str, base: int | None = None, target: str | None = None) -> Steps:
        """Play a card from my hand as a real play (its ability fires), outside my allowances."""
        return (Task("play_card", {"seat": self.me, "uid": uid, "base": base, "target": target}),)

    def then(self, key: str, **extra: JSON) -> Steps:
        """Run a registered continuation next, with this context plus `extra`."""
        return (Task(key, self.with_ctx(**extra)),)

    # --- choices ---------------------------------------------------------------------------
    def ask(
        self,
        who: int,
        kind: str,
        prompt: str,
        options: Iterable[Option],
        then: str,
        /,
        *,
        optional: bool = False,
        skip_label: str = "Skip",
        **extra: JSON,
    ) -> Steps:
        """Put a decision to seat `who`; the chosen option's value reaches `then` as fx.choice."""
        task = Task(then, self.with_ctx(**extra))
        return (Ask(who, kind, prompt, tuple(options), task, optional, skip_label),)

    def minion_option(self, m: Minion) -> Option:
        """An option pointing at a minion in play."""
        where = self.base_of(m)
        label = f"{rules.name(m.card)} on {rules.name(self.state.bases[where].card)}"
        return Option(id=m.uid, label=label, value=m.uid, uid=m.uid, card=m.card, base=where)

    def base_option(self, index: int) -> Option:
        """An option pointing at a base in play."""
        card = self.state.bases[index].card
        return Option(id=f"base-{index}", label=rules.name(card), value=index, base=index)

    def choose_minion(
        self,
        minions: Sequence[Minion],
        prompt: str,
        then: str,
        optional: bool = False,
        seat: int | None = None,
        **extra: JSON,
    ) -> Steps:
        """Ask for one minion among `minions` (nothing happens if there is none)."""
        options = [self.minion_option(m) for m in minions]
        who = self.me if seat is None else seat
        return self.ask(who, "minion", prompt, options, then, optional=optional, **extra)

    def choose_base(
        self,
        bases: Sequence[int],
        prompt: str,
        then: str,
        optional: bool = False,
        seat: int | None = None,
        **extra: JSON,
    ) -> Steps:
        """Ask for one base among `bases`."""
        options = [self.base_option(i) for i in bases]
        who = self.me if seat is None else seat
        return self.ask(who, "base", prompt, options, then, optional=optional, **extra)


def task(key: str, **ctx: Any) -> Task:
    """A task literal."""
    return Task(key, ctx)
