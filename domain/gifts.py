"""Giving control away (the Ignobles): "give control of a minion you control to another
player; if you do, ..." The reward, a step taking the minion (`uid`), the seat given to (`to`)
and its power when given (`power`), runs only if that seat controls the minion afterwards.

```python
def aunt_of_drakes(fx: Fx) -> Steps:
    return gifts.give_one_of_mine(fx, "Give control of a minion ...", aunt_of_drakes_reward)
```
"""

from __future__ import annotations

from domain import board, rules
from domain.fx import Fx, Steps
from domain.registry import StepFn, name_of
from domain.steps import step


def give_one_of_mine(fx: Fx, prompt: str, reward: StepFn) -> Steps:
    """Choose a minion I control, then the player to give it to; then `reward` if given."""
    mine = fx.minions(controller=fx.me)
    return fx.choose("minion", mine, prompt, then=give_to, reward=name_of(reward))


@step("ignobles_give_to")
def give_to(fx: Fx, *, reward: str, choice: str) -> Steps:
    prompt = "Give control of it to which player?"
    return fx.choose("seat", fx.others(), prompt, then=give_now, uid=choice, reward=reward)


def offer_self(fx: Fx, reward: StepFn | None = None) -> Steps:
    """'You may give control of this minion to another player' (this card, just played)."""
    prompt = "You may give control of this minion to another player"
    then = name_of(reward) if reward else ""
    return fx.choose("seat", fx.others(), prompt, give_now, optional=True, uid=fx.src, reward=then)


@step("ignobles_give_now")
def give_now(fx: Fx, *, uid: str, reward: str, choice: int) -> Steps:
    power = fx.power(uid) if fx.base_of(uid) >= 0 else 0
    return (
        *board.give_control(fx, uid, choice),
        *fx.then(given, uid=uid, to=choice, reward=reward, power=power),
    )


@step("ignobles_given")
def given(fx: Fx, *, uid: str, to: int, reward: str, power: int) -> Steps:
    """The reward of a gift (a step taking the minion, the seat and its power when given),
    only if `to` controls the minion now; "" for a gift with no reward."""
    found = rules.find_minion(fx.state, uid)
    if not reward or found is None or found[1].controller != to:
        return ()
    return fx.then(reward, uid=uid, to=to, power=power)
