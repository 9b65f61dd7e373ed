"""Named steps (continuations) and play conditions, and the facts abilities are asked about
(a source in play, the cause of an effect). Card abilities are values: see domain.abilities."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.frozen import fast_init

if TYPE_CHECKING:
    from domain.fx import Fx, Steps
    from domain.model import GameState

Effect = Callable[["Fx"], "Steps"]


@fast_init
@dataclass(frozen=True)
class Source:
    """A card in play whose ongoing ability is being asked about."""

    card: str
    uid: str
    base: int
    controller: int
    host: str | None = None  # uid of the minion an action is attached to


@fast_init
@dataclass(frozen=True)
class Cause:
    """What is trying to affect a minion: the card, its kind and the seat behind it."""

    card: str
    kind: str  # minion | action | base | rule
    seat: int | None
    verb: str = ""  # destroy | return | deck_bottom | move | power | attach | control
    uid: str = ""  # the uid of the card behind the effect (one copy, e.g. for "this action")
    played: bool = False  # a card being played (its on-play ability, an attach) or a Special


CONTINUATIONS: dict[str, Effect] = {}
ConditionFn = Callable[["GameState", int, str, int], bool]
PLAY_CONDITIONS: dict[str, ConditionFn] = {}
IMPLEMENTED: set[str] = set()  # every card and base with a script (domain.abilities.card)


def play_condition(key: str) -> Callable[[ConditionFn], ConditionFn]:
    """A named condition an extra play may carry: fn(state, seat, card, base) -> allowed."""

    def wrap(fn: ConditionFn) -> ConditionFn:
        PLAY_CONDITIONS[key] = fn
        return fn

    return wrap
