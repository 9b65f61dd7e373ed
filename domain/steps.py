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

        # a step of no parameters is called as it is: there is nothing to read or check
        CONTINUATIONS[name] = _compile(name, fn, rest) if params or rest else fn
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


def _compile(name: str, fn: StepFn, rest: bool) -> Callable[[Fx], Steps]:
    """The runner of a typed step: one function, generated once, that reads each parameter
    from the task context, checks its type inline and calls the step with them as keywords.
    A missing or ill-typed parameter goes the slow way (`arguments`), which names it."""
    defaults = {
        p.name: p.default
        for p in inspect.signature(fn).parameters.values()
        if p.default is not inspect.Parameter.empty
    }
    env: dict[str, Any] = {"fn": fn, "_slow": _slow(name, fn), "_MISSING": _MISSING}
    lines = ["def run(fx):", "    ctx = fx.ctx"]
    call: list[str] = []
    for k, (param, check, required) in enumerate(_checks(name)):
        var = f"a{k}"
        test = _inline_check(STEP_PARAMS[name][param][0], var, f"c{k}", env, check)
        if required:
            lines += [
                f"    {var} = ctx.get({param!r}, _MISSING)",
                f"    if {var} is _MISSING or not ({test}):",
                "        return _slow(fx)",
            ]
        else:
            env[f"d{k}"] = defaults[param]
            lines += [
                f"    {var} = ctx.get({param!r}, _MISSING)",
                f"    if {var} is _MISSING:",
                f"        {var} = d{k}",
                f"    elif not ({test}):",
                "        return _slow(fx)",
            ]
        call.append(f"{param}={var}")
    if rest:
        env["_skip"] = frozenset(STEP_PARAMS[name]) | frozenset(ORIGIN)
        call.append("**{k: v for k, v in ctx.items() if k not in _skip}")
    lines.append(f"    return fn(fx, {', '.join(call)})")
    source = "\n".join(lines)
    code = _CODE.get(source)
    if code is None:  # steps of the same shape share their code (compiling is the cost)
        code = _CODE[source] = compile(source, "<typed step>", "exec")
    exec(code, env)  # the source is built above from the step's own signature
    compiled: Callable[[Fx], Steps] = env["run"]
    compiled.__qualname__ = compiled.__name__ = f"run_{name}"
    return compiled


_MISSING = object()
_CODE: dict[str, types.CodeType] = {}  # the source of a step runner -> its compiled code


def _slow(name: str, fn: StepFn) -> Callable[[Fx], Steps]:
    """The step run with its arguments checked one by one: raises, naming the problem."""

    def slow(fx: Fx) -> Steps:
        return fn(fx, **arguments(name, fx.ctx))

    return slow


def _inline_check(tp: Any, var: str, name: str, env: dict[str, Any], check: Check) -> str:
    """The source of `check(var)` for the usual annotations (the same test, with no call);
    any other calls `check`, bound in `env` as `name`."""
    simple = {int: "type({v}) is int", bool: "type({v}) is bool", str: "isinstance({v}, str)"}
    if tp in simple:
        return simple[tp].format(v=var)
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType) and len(args) == 2:
        inner = next((a for a in args if a is not type(None)), None)
        if type(None) in args and inner in simple:
            return f"{var} is None or " + simple[inner].format(v=var)
    env[name] = check
    return f"{name}({var})"


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
