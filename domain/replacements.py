"""Optional replacements ("you may ... instead"): a Protection verdict that asks the minion's
controller whether another effect happens instead of the one about to touch the minion
(e.g. return it to its owner's hand instead of its destruction). Declining lets the effect
happen, that guard not being asked again for it (the verb's `declined`)."""

from __future__ import annotations

from typing import Any

from domain import registry as reg
from domain.fx import Fx, Steps
from domain.model import JSON, Option, Task
from domain.steps import StepFn, identity, name_of, step


def instead(
    guard: reg.Source, cause: reg.Cause, seat: int, prompt: str, then: StepFn, **params: JSON
) -> Task:
    """A Protection verdict for an optional replacement ("you may ... instead"): `seat` is
    asked (`prompt`, public); yes runs step `then` as the guard's ability with the minion's
    `uid` and `params`; no lets the effect (`cause.verb`) happen, this guard not asked again."""
    return Task(
        "instead_offer",
        {
            "seat": seat,
            "prompt": prompt,
            "instead": name_of(then),
            "guard": guard.uid,
            "guard_card": guard.card,
            "verb": cause.verb,
            "params": dict(params),
        },
    )


@step("instead_offer")
def instead_offer(
    fx: Fx,
    *,
    uid: str,
    seat: int,
    prompt: str,
    instead: str,
    guard: str,
    guard_card: str,
    verb: str,
    params: dict[str, Any],
    declined: list[str] | None = None,
) -> Steps:
    """Ask whether the replacement happens instead (the task keeps the cause's identity)."""
    options = [Option("instead", "Yes, instead", True)]
    return fx.ask(
        seat,
        "yes_no",
        prompt,
        options,
        instead_answer,
        optional=True,
        skip_label="No, let it happen",
        on_skip=instead_answer,
        uid=uid,
        seat=seat,
        instead=instead,
        guard=guard,
        guard_card=guard_card,
        verb=verb,
        params=params,
        declined=list(declined or ()),
    )


@step("instead_answer")
def instead_answer(
    fx: Fx,
    *,
    uid: str,
    seat: int,
    instead: str,
    guard: str,
    guard_card: str,
    verb: str,
    params: dict[str, Any],
    declined: list[str],
    choice: bool | None = None,
) -> Steps:
    if choice:
        return (
            Task(instead, {"src": guard, "card": guard_card, "by": seat, **params, "uid": uid}),
        )
    return (Task(verb, {**identity(fx.ctx), "uid": uid, "declined": [*declined, guard]}),)


def redirect(
    guard: reg.Source, cause: reg.Cause, seat: int, prompt: str, to: str, skip: list[str]
) -> Task:
    """A Protection verdict for an optional redirect ("you may make that card affect this
    minion instead"): `seat` is asked (`prompt`, public); yes makes the same effect of the same
    card touch minion `to` instead, none of the guards in `skip` taking it over again; no lets
    it touch the minion it was about to, this guard not asked again."""
    params = {"seat": seat, "prompt": prompt, "guard": guard.uid, "verb": cause.verb}
    return Task("redirect_offer", {**params, "to_uid": to, "skip": list(skip)})


def attaches_later(item: object) -> bool:
    """Whether a replacement for an action about to be attached still attaches it somewhere
    (the action then stays where it is until it does)."""
    return isinstance(item, Task) and item.key == "redirect_offer"


_NOT_THE_VERBS = frozenset(("on_skip", "uid", "declined"))


@step("redirect_offer")
def redirect_offer(
    fx: Fx,
    *,
    uid: str,
    seat: int,
    prompt: str,
    guard: str,
    verb: str,
    to_uid: str,
    skip: list[str],
    declined: list[str] | None = None,
    **facts: Any,
) -> Steps:
    """Ask whether the effect touches `to_uid` instead; `facts` hold the verb's own arguments
    (e.g. a power change's amount), kept for whichever minion it touches."""
    args = {k: v for k, v in facts.items() if k not in _NOT_THE_VERBS}
    options = [Option("redirect", "Yes, instead", True)]
    return fx.ask(
        seat,
        "yes_no",
        prompt,
        options,
        redirect_answer,
        optional=True,
        skip_label="No, let it happen",
        on_skip=redirect_answer,
        uid=uid,
        guard=guard,
        verb=verb,
        to_uid=to_uid,
        skip=skip,
        declined=list(declined or ()),
        args=args,
    )


@step("redirect_answer")
def redirect_answer(
    fx: Fx,
    *,
    uid: str,
    guard: str,
    verb: str,
    to_uid: str,
    skip: list[str],
    declined: list[str],
    args: dict[str, Any],
    choice: bool | None = None,
) -> Steps:
    """The same verb, of the same cause, on the minion it now touches."""
    if choice:
        target, passed = to_uid, [*declined, *skip]
    else:
        target, passed = uid, [*declined, guard]
    return (Task(verb, {**identity(fx.ctx), **args, "uid": target, "declined": passed}),)
