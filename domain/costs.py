"""The costs of Talents, as values (XMage's cost/effect pairs): a Talent is written
`Talent(label, effect, cost=...)`; the engine offers it only when the cost can be paid, pays
it, then runs the effect.

```python
card("astroknights.pupoks", Talent("Pupoks: pay 1 VP to draw 3", pupoks, cost=PayVp(1)))
card("vikings.huscarl", Talent(label, huscarl_bonus, cost=Stash(1, prompt)))  # gets `moved`
```

- `PayVp(n)`: lose n VP (only with that many); the effect is a plain effect, run at once.
- `Stash(most, prompt)`: put up to `most` cards from your hand on top of your deck (only with
  a hand); the effect is a step getting `moved` (how many), plus the cost's `extra`.
- `GiveAway(prompt)`: give control of a minion you control to another player; the effect is
  a step getting the minion (`uid`), the seat (`to`) and its power then (`power`), run only if
  that seat controls it afterwards (see domain.gifts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from domain import gifts, plunder
from domain.fx import Fx, Steps
from domain.model import JSON, GameState


@dataclass(frozen=True)
class PayVp:
    """Lose `n` VP, before the effect; payable with at least `n` VP."""

    n: int = 1

    def payable(self, state: GameState, seat: int, uid: str, base: int) -> bool:
        """Whether the seat has the VP to lose."""
        return state.players[seat].vp >= self.n

    def pay(self, fx: Fx, effect: Callable[[Fx], Steps]) -> Steps:
        """The VP lost, then the effect."""
        return (*fx.gain_vp(fx.me, -self.n), *effect(fx))


@dataclass(frozen=True)
class Stash:
    """Put up to `most` cards from your hand on top of your deck, one at a time (others see
    that cards went, not which); payable with a card in hand. The effect is a step taking
    `moved` and the keys of `extra`."""

    most: int
    prompt: str
    extra: Mapping[str, JSON] = field(default_factory=dict, hash=False, compare=False)

    def payable(self, state: GameState, seat: int, uid: str, base: int) -> bool:
        """Whether the seat has a card in hand."""
        return bool(state.players[seat].hand)

    def pay(self, fx: Fx, effect: Callable[..., Steps]) -> Steps:
        """The cards put on the deck, then the effect with how many."""
        return plunder.put_on_deck(fx, self.most, self.prompt, effect, **self.extra)


@dataclass(frozen=True)
class GiveAway:
    """Give control of a minion you control to another player; the effect (a step taking
    `uid`, `to` and `power`) only if that player controls it then. Always offered: with no
    minion to give, the Talent is used for nothing."""

    prompt: str

    def payable(self, state: GameState, seat: int, uid: str, base: int) -> bool:
        """Always: the choice may be empty."""
        return True

    def pay(self, fx: Fx, effect: Callable[..., Steps]) -> Steps:
        """The minion and the seat chosen, the control given, then the effect."""
        return gifts.give_one_of_mine(fx, self.prompt, effect)
