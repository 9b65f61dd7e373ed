"""Named steps (continuations) and play conditions, and the facts abilities are asked about
(a source in play, the cause of an effect). Card abilities are values: see domain.abilities."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.events import Event
from domain.frozen import fast_init
from domain.model import GameState, Option, Task


@fast_init
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


Step = Event | Task | Ask
"""One step item: an event (applied at once), a task (run next) or an ask (a decision)."""
Steps = tuple[Step, ...]
"""What an effect or a step returns: events (applied at once), tasks (run next, in order) and
asks (pending decisions); whatever follows an ask runs after the answer's continuation."""
StepFn = Callable[..., Steps]
"""A typed step (see domain.steps): its names, parameters and tasks are kept here, below
`domain.fx`, which names steps in the tasks it makes; the decorator is in domain.steps."""


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


ConditionFn = Callable[[GameState, int, str, int], bool]
PLAY_CONDITIONS: dict[str, ConditionFn] = {}
IMPLEMENTED: set[str] = set()  # every card and base with a script (domain.abilities.card)


def play_condition(key: str) -> Callable[[ConditionFn], ConditionFn]:
    """A named condition an extra play may carry: fn(state, seat, card, base) -> allowed."""

    def wrap(fn: ConditionFn) -> ConditionFn:
        PLAY_CONDITIONS[key] = fn
        return fn

    return wrap


# --- the names and parameters of typed steps (registered by domain.steps.step) -----------

ORIGIN = ("src", "card", "by", "base", "kind", "host")
"""The keys naming the ability a step belongs to, carried from step to step."""

STEP_NAMES: dict[StepFn, str] = {}
STEP_PARAMS: dict[str, dict[str, tuple[Any, bool]]] = {}  # name -> param -> (type, required)
STEP_OWN: dict[str, tuple[str, ...]] = {}  # name -> identity keys its task sets itself
STEP_OPEN: set[str] = set()  # steps taking **facts


class StepError(TypeError):
    """A task does not fit its step: a parameter missing, unexpected or of the wrong type."""


def name_of(then: str | StepFn) -> str:
    """The persisted name of a step (a legacy step is named by its string)."""
    if isinstance(then, str):
        return then
    found = STEP_NAMES.get(then)
    if found is None:
        raise StepError(f"{getattr(then, '__name__', then)!r} is not a registered @step")
    return found


def is_typed(name: str) -> bool:
    """Whether the step with this name is a typed step."""
    return name in STEP_PARAMS


def context(name: str, origin: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
    """A typed step's task context: the ability's identity and exactly the given parameters
    (checked against the step's signature, and the skip step's when a decision names one:
    a skip resumes with the same context; `choice` comes with the answer)."""
    known = _ALLOWED.get(name)
    if known is None:
        if name not in STEP_PARAMS:
            raise StepError(f"no step is registered as {name!r}")
        own = STEP_OWN[name]
        known = _ALLOWED[name] = (
            frozenset((*STEP_PARAMS[name], *ORIGIN, "on_skip")),
            tuple(k for k in ORIGIN if k not in own),
        )
    allowed, carried = known
    if not params.keys() <= allowed and name not in STEP_OPEN:
        declared = set(allowed)
        skip = params.get("on_skip")
        if isinstance(skip, str) and skip in STEP_PARAMS:
            declared |= set(STEP_PARAMS[skip])
        unknown = set(params) - declared
        if unknown:
            raise StepError(f"step {name!r} takes no parameter {', '.join(sorted(unknown))}")
    ctx = {}
    for k in carried:  # a loop, not a comprehension (a call of its own): the hot path
        if k in origin:
            ctx[k] = origin[k]
    ctx.update(params)
    return ctx


_ALLOWED: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
"""name -> the keys a task of that step may carry, and the identity keys it carries over."""


def identity(ctx: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    """The identity of the ability a context belongs to (its `ORIGIN` keys), with changes."""
    out = {k: ctx[k] for k in ORIGIN if k in ctx}
    out.update(changes)
    return out
