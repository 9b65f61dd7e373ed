"""Typed steps: the work that resumes after a decision (or runs later) is a function referenced
as a function, `@step("stable_name") def f(fx: Fx, *, uid: str, choice: int) -> Steps`.

A task for a typed step carries exactly the step's own parameters, plus the identity of the
ability running it (its source uid, card, controller, base, kind, host): nothing else of the
context that asked is inherited. The chosen option's value reaches the step as `choice`. The
name is what logs and snapshots persist (a pending decision names its step): it is stable,
listed in tests/fixtures/step_names.txt, and an unknown name is an error.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from domain.fx import Fx
from domain.registry import (
    ORIGIN,
    STEP_NAMES,
    STEP_OPEN,
    STEP_OWN,
    STEP_PARAMS,
    StepError,
    StepFn,
    Steps,
    context,
    identity,
    is_typed,
    name_of,
)

__all__ = [
    "CONTINUATIONS",
    "ORIGIN",
    "StepError",
    "StepFn",
    "arguments",
    "context",
    "identity",
    "is_typed",
    "name_of",
    "step",
]

CONTINUATIONS: dict[str, Callable[[Fx], Steps]] = {}
"""Every step by its persisted name: what the engine runs for a task."""

F = TypeVar("F", bound=StepFn)


def step(name: str, *, own: tuple[str, ...] = ()) -> Callable[[F], F]:
    """Register a typed step under its stable `name`. A step that is no ability's (a rule's,
    e.g. playing a card somewhere) may name in `own` the identity keys (`ORIGIN`) its task
    sets itself, as parameters: its `base` is then where to play, not an ability's base.
    A step taking `**facts` receives the keys its task has beyond its parameters and the
    identity (e.g. the facts of the moment a trigger reacts to)."""

    def wrap(fn: F) -> F:
        if name in CONTINUATIONS:
            raise ValueError(f"a step named {name!r} exists already")
        hints = typing.get_type_hints(fn)
        params: dict[str, tuple[Any, bool]] = {}
        rest = False
        for p in list(inspect.signature(fn).parameters.values())[1:]:
            if p.kind is inspect.Parameter.VAR_KEYWORD:
                rest = True
                continue
            if p.kind is not inspect.Parameter.KEYWORD_ONLY:
                raise ValueError(f"step {name!r}: parameter {p.name!r} must be keyword-only")
            if p.name in ORIGIN and p.name not in own:
                raise ValueError(f"step {name!r}: {p.name!r} names the ability running it")
            params[p.name] = (hints.get(p.name, Any), p.default is inspect.Parameter.empty)
        STEP_NAMES[fn] = name
        STEP_PARAMS[name] = params
        STEP_OWN[name] = own
        if rest:
            STEP_OPEN.add(name)

        checks: list[tuple[str, Check, bool]] = []
        skip = frozenset(params) | frozenset(ORIGIN)

        def run(fx: Fx) -> Steps:
            if not checks:
                checks.extend(_checks(name))
            ctx = fx.ctx
            kwargs: dict[str, Any] = {}
            for param, check, required in checks:
                if param in ctx:
                    value = ctx[param]
                    if not check(value):
                        return fn(fx, **arguments(name, ctx))  # raises, naming the problem
                    kwargs[param] = value
                elif required:
                    return fn(fx, **arguments(name, ctx))  # raises, naming the problem
            if rest:
                kwargs.update((k, v) for k, v in ctx.items() if k not in skip)
            return fn(fx, **kwargs)

        CONTINUATIONS[name] = run
        return fn

    return wrap


def arguments(name: str, ctx: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments of a typed step from its task context, type-checked."""
    out: dict[str, Any] = {}
    for param, check, required in _checks(name):
        if param not in ctx:
            if required:
                raise StepError(f"step {name!r} needs {param!r}; the task has {sorted(ctx)}")
            continue
        value = ctx[param]
        if not check(value):
            tp = STEP_PARAMS[name][param][0]
            raise StepError(f"step {name!r}: {param}={value!r} is not a {tp}")
        out[param] = value
    return out


Check = Callable[[Any], bool]
_CHECKS: dict[str, list[tuple[str, Check, bool]]] = {}


def _checks(name: str) -> list[tuple[str, Check, bool]]:
    found = _CHECKS.get(name)
    if found is None:
        found = _CHECKS[name] = [
            (param, _checker(tp), required) for param, (tp, required) in STEP_PARAMS[name].items()
        ]
    return found


def _checker(tp: Any) -> Check:
    """A light runtime check of a JSON value against a parameter's annotation, built once."""
    if tp is Any or tp is object:
        return lambda value: True
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if len(args) == 2 and type(None) in args:  # X | None, the usual one
            inner = _checker(next(a for a in args if a is not type(None)))
            return lambda value: value is None or inner(value)
        options = [_checker(arg) for arg in args]
        return lambda value: any(check(value) for check in options)
    if tp is type(None):
        return lambda value: value is None
    if origin in (list, tuple):
        args = typing.get_args(tp)
        inner = _checker(args[0] if args else Any)
        return lambda value: isinstance(value, list | tuple) and all(inner(v) for v in value)
    if origin is dict or tp is dict:
        return lambda value: isinstance(value, dict)
    if tp is int:
        return lambda value: type(value) is int
    if tp is bool:
        return lambda value: type(value) is bool
    if tp is str:
        return lambda value: isinstance(value, str)  # a StrEnum (e.g. a Zone) too
    if tp is float:
        return lambda value: type(value) in (int, float)
    return (lambda value: isinstance(value, tp)) if isinstance(tp, type) else (lambda value: True)
