"""The runner: pops tasks, applies the events they yield, stops at the first open decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from domain import codec
from domain import events as ev
from domain.codec import SCALARS, normalizer, plain_json, to_json
from domain.evolve import evolve
from domain.fx import Ask, Fx, Steps
from domain.model import Decision, GameState, Option, Task
from domain.moments import ScriptError
from domain.steps import CONTINUATIONS

SKIP = "skip"


class UnknownStep(LookupError):
    """A task names a step no code registers (e.g. a step renamed while a game waited on it):
    an error, never skipped, since skipping would silently drop the rest of an effect."""

    def __init__(self, key: str) -> None:
        super().__init__(f"unknown step {key!r}: no registered continuation has this name")
        self.key = key


class NotAStep(ScriptError):
    """An ability or rule step returned something that is not a step item (an Event, a Task or
    an Ask): e.g. a verb itself instead of its result (`fx.destroy` for `fx.destroy(uid)`), or
    a tuple of steps nested without `*`. Named with the step (and card) it came from."""

    def __init__(self, item: object, origin: Task | None) -> None:
        where = "a command's steps"
        if origin is not None:
            card = origin.ctx.get("card")
            where = f"step {origin.key!r}" + (f" of card {card!r}" if card else "")
        hint = ""
        if callable(item):
            hint = " (a function: call it and return its result)"
        elif isinstance(item, tuple | list):
            hint = " (a nested tuple: unpack it with *)"
        super().__init__(f"{where} returned {item!r}{hint}: a step is an Event, a Task or an Ask")
        self.item = item
        self.origin = origin


def effect_steps(effect: Callable[[Fx], Steps], fx: Fx, key: str) -> Steps:
    """What an ability's effect returns, run inside step `key` among others' (its items are
    checked when applied): a NotAStep naming the step and card if it is not a tuple."""
    items = effect(fx)
    if isinstance(items, tuple):
        return items
    raise NotAStep(items, Task(key, {"card": fx.card}))


MAX_STEPS = 20_000
_new = object.__new__


def normalize(event: ev.Event) -> ev.Event:
    """The event exactly as a replay from its JSON form will see it."""
    out: ev.Event = codec.normalize(event)
    return out


def emit_task(event: ev.Event) -> Task:
    """A task that emits an event later, after earlier tasks have run."""
    return Task("emit", {"type": event.type, "payload": to_json(event)})


def run(
    state: GameState, stack: list[Task], rng: random.Random
) -> tuple[GameState, list[ev.Event]]:
    """Run tasks until none is left, the game ends, or a decision must be made."""
    out: list[ev.Event] = []
    for _ in range(MAX_STEPS):
        if not stack or state.status == "ended":
            return state, out
        task = stack.pop()
        fn = CONTINUATIONS.get(task.key)
        if fn is None:
            raise UnknownStep(task.key)
        # Fx(state, task.ctx, rng) without the class call's cost (one a task): its fields set
        # one by one, every one (tests/domain/test_runner_fast_paths.py)
        fx = _new(Fx)
        fx.state = state
        fx.ctx = task.ctx
        fx.rng = rng
        fx._where = None
        items = fn(fx) or ()
        if type(items) is not tuple:  # a list, or not steps at all: the general way
            state, stopped = apply_steps(state, items, stack, out, task)
            if stopped:
                return state, out
            continue
        # apply_steps inlined (the hot path: about four tasks a command), same order
        for n, item in enumerate(items):
            norm = _EVENT_NORMALIZERS.get(type(item), _UNKNOWN)
            if norm is None:  # an event needing no normalizing: the usual
                state = evolve(state, item)  # type: ignore[arg-type]
                out.append(item)  # type: ignore[arg-type]
                continue
            if norm is _UNKNOWN and isinstance(item, ev.Event):
                norm = _event_normalizer(type(item))
            if norm is not _UNKNOWN:  # an event
                e: ev.Event = item if norm is None else norm(item)  # type: ignore[assignment]
                state = evolve(state, e)
                out.append(e)
            elif n == len(items) - 1 and type(item) is Task:  # the usual last item
                stack.append(item)
                break
            elif n == len(items) - 1 and type(item) is Ask:  # a decision last: nothing after
                state, stopped = _ask(state, item, stack, out)
                if stopped:
                    return state, out
                break
            else:
                state, stopped = apply_steps(state, items[n:], stack, out, task)
                if stopped:
                    return state, out
                break
    raise RuntimeError("effect loop did not settle")


def apply_steps(
    state: GameState,
    items: Steps,
    stack: list[Task],
    out: list[ev.Event],
    origin: Task | None = None,
) -> tuple[GameState, bool]:
    """Apply events in order until a task or a decision; push what is left onto the stack.
    Anything that is not a step item is a NotAStep error naming `origin`, the task that
    returned it."""
    if type(items) is not tuple and not isinstance(items, (tuple, list)):
        raise NotAStep(items, origin)
    for n, item in enumerate(items):
        norm = _EVENT_NORMALIZERS.get(type(item), _UNKNOWN)  # normalize(item), the hot path
        if norm is None:  # an event needing no normalizing: the usual
            state = evolve(state, item)  # type: ignore[arg-type]
            out.append(item)  # type: ignore[arg-type]
            continue
        if norm is _UNKNOWN and isinstance(item, ev.Event):
            norm = _event_normalizer(type(item))
        if norm is not _UNKNOWN:  # an event (only event classes are in that table)
            e: ev.Event = item if norm is None else norm(item)  # type: ignore[assignment]
            state = evolve(state, e)
            out.append(e)
        elif isinstance(item, Task):
            if n == len(items) - 1:  # the usual: one task last, nothing to convert
                stack.append(item)
            elif _TASK.issuperset(map(type, rest := items[n:])):  # tasks only (e.g. a play's)
                stack.extend(reversed(rest))  # type: ignore[arg-type]
            else:
                stack.extend(_later(items[n:], origin)[::-1])
            return state, False
        elif isinstance(item, Ask):
            # what follows a decision runs after its continuation
            stack.extend(_later(items[n + 1 :], origin)[::-1])
            return _ask(state, item, stack, out)
        else:
            raise NotAStep(item, origin)
    return state, False


_IDENTITY = normalizer(int)
"""What `codec.normalizer` gives a type whose values are already in decoded form."""
_UNKNOWN: Any = object()
_EVENT_NORMALIZERS: dict[type, Callable[[ev.Event], ev.Event] | None] = {}
"""Each event class met, with `codec.normalizer`'s function for it (None: the identity)."""


def _event_normalizer(cls: type[ev.Event]) -> Callable[[ev.Event], ev.Event] | None:
    """The normalizer of an event class, None when its events need none (learnt once)."""
    found = normalizer(cls)
    norm = _EVENT_NORMALIZERS[cls] = None if found is _IDENTITY else found
    return norm


def _later(items: Steps, origin: Task | None) -> list[Task]:
    """Step items to run later, as tasks (an event becomes a task emitting it)."""
    out: list[Task] = []
    for i in items:
        if isinstance(i, Task):
            out.append(i)
        elif isinstance(i, Ask):
            out.append(Task("ask", {"ask": to_json(i)}))
        elif isinstance(i, ev.Event):
            out.append(emit_task(i))
        else:
            raise NotAStep(i, origin)
    return out


def _ask(
    state: GameState, ask: Ask, stack: list[Task], out: list[ev.Event]
) -> tuple[GameState, bool]:
    options = ask.options
    if type(options) is not tuple:
        options = tuple(options)
    if not options and (ask.auto or not ask.optional):
        return state, False
    if ask.auto and not ask.optional and len(options) == 1:
        stack.append(Task(ask.then.key, {**ask.then.ctx, "choice": options[0].value}))
        return state, False
    if ask.optional:
        options += (_skip(ask.skip_label),)
    decision = Decision(
        seat=ask.seat,
        kind=ask.kind,
        prompt=ask.prompt,
        options=options,
        then=ask.then,
        stack=tuple(stack),
        source=str(card) if (card := ask.then.ctx.get("card")) else None,
    )
    stack.clear()
    e = _requested(decision)
    out.append(e)
    return evolve(state, e), True


def _requested(decision: Decision) -> ev.Event:
    """`normalize(DecisionRequested(decision))`: the event itself when what normalizing may
    change, its options' values and its tasks' contexts, is plain JSON already (nearly always:
    checked here without the general normalizer's call for each option and task)."""
    e = ev.DecisionRequested(decision)
    options = decision.options
    # the options' classes and their values' types, checked by C loops (no call for each)
    if not _OPTION.issuperset(map(type, options)) or not SCALARS.issuperset(
        map(type, map(_VALUE, options))
    ):
        return normalize(e)
    if type(decision.then) is not Task or not plain_json(decision.then.ctx):
        return normalize(e)
    stack = decision.stack
    if not _TASK.issuperset(map(type, stack)):
        return normalize(e)
    for t in stack:
        ctx = t.ctx
        if (ctx or type(ctx) is not dict) and not plain_json(ctx):  # {} is plain JSON
            return normalize(e)
    return e


_OPTION, _TASK = frozenset({Option}), frozenset({Task})
_VALUE = attrgetter("value")


_SKIPS: dict[str, Option] = {}


def _skip(label: str) -> Option:
    """The option declining an optional decision: one object per label (an Option never
    changes), the labels being a few literals (all forgotten past 64, a bound on memory)."""
    found = _SKIPS.get(label)
    if found is None:
        if len(_SKIPS) >= 64:
            _SKIPS.clear()
        found = _SKIPS[label] = Option(id=SKIP, label=label, value=None)
    return found


def answer(state: GameState, option_id: str) -> list[Task]:
    """The work to resume after the awaited seat picks `option_id` (already validated)."""
    d = state.pending
    assert d is not None
    for opt in d.options:  # the option chosen (a loop, not next() on a generator)
        if opt.id == option_id:
            break
    else:
        # validated before this is called: a missing id is a programming error, said as one
        raise ValueError(f"no option {option_id!r} in the pending decision")
    stack = list(d.stack)
    if opt.id == SKIP and opt.value is None:
        if d.then.ctx.get("on_skip"):
            stack.append(Task(str(d.then.ctx["on_skip"]), dict(d.then.ctx)))
        return stack
    stack.append(Task(d.then.key, {**d.then.ctx, "choice": opt.value}))
    return stack
