"""Once per turn: a card's limit as a value, written once here instead of a marker string per
card. A limit is a named marker keyed by what it is per (a seat, a minion, a base card...): set
when the limit is used, cleared when the next turn starts (`GameState.flags`, event
`flag_set`). Markers are persisted in logs: a limit's name is never renamed.

```python
HIVE = OncePerTurn("hive_of_scum")            # once per turn for each player


def hive_of_scum(fx: Fx) -> Steps:
    seat = ...
    return HIVE.once(fx.state, seat, then=fx.draw(seat, 1))
```
"""

from __future__ import annotations

from dataclasses import dataclass

from domain import events as ev
from domain.model import GameState
from domain.registry import Steps


@dataclass(frozen=True)
class OncePerTurn:
    """A limit used at most once per turn for each value of what it is `per` (e.g. a seat)."""

    name: str

    def marker(self, *per: object) -> str:
        """The turn's marker for these keys (`name:key:key`)."""
        return ":".join((self.name, *(str(k) for k in per)))

    def used(self, state: GameState, *per: object) -> bool:
        """Whether the limit was used this turn for these keys."""
        return self.marker(*per) in state.flags

    def count(self, state: GameState, *per: object) -> int:
        """How many times these keys were marked this turn (a limit used as a tally)."""
        return state.flags.count(self.marker(*per))

    def keys(self, state: GameState) -> list[str]:
        """What the limit was used for this turn (each marker's keys, as written)."""
        prefix = f"{self.name}:"
        return [f.removeprefix(prefix) for f in state.flags if f.startswith(prefix)]

    def use(self, *per: object) -> Steps:
        """The step marking the limit used for these keys."""
        return (ev.FlagSet(self.marker(*per)),)

    def once(self, state: GameState, *per: object, then: Steps) -> Steps:
        """`then` with the limit marked used first, or nothing if it was used this turn."""
        return () if self.used(state, *per) else (*self.use(*per), *then)
