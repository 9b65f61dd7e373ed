"""The options a decision offers (`Fx.option`): a minion in play, a card out of play (or an
attached action), a buried card, a base or a seat. An Option never changes, so one made for the
same card (or base) at the same place serves every decision offering it again: decisions are
asked again and again, and making options anew was a measurable share of a game."""

from __future__ import annotations

from typing import Literal, get_args

from domain import rules
from domain.model import Attached, Buried, CardRef, GameState, Minion, Option

Choice = Literal["minion", "card", "buried", "base", "seat"]
"""What a decision is about (`Fx.choose`): the kind of its options."""
CHOICES: tuple[Choice, ...] = get_args(Choice)

Item = Minion | CardRef | Attached | Buried | int
"""What an option points at (a base or a seat by index)."""

_OPTIONS: dict[tuple[str | int, ...], Option] = {}
"""The options :func:`option` made, by what each was made of (a card's uid and id, and where it
is). Forgotten when _OPTIONS_KEPT are kept (a bound on memory)."""
_OPTIONS_KEPT = 4096


def option(state: GameState, kind: Choice, item: Item, label: str, seat: int, where: int) -> Option:
    """The option for `item` (a minion on base `where`; a buried card labelled as `seat` may
    read it), named `label` or by its card: made once per card (or base) and place when the
    label is its card's name."""
    if label:
        return made_anew(state, kind, item, label, seat, where)
    if kind == "minion" and isinstance(item, Minion):
        key: tuple[str | int, ...] = (item.uid, item.card, where, state.bases[where].card)
    elif kind == "card" and isinstance(item, (CardRef, Attached)):
        key = (item.uid, item.card)
    elif kind == "base" and type(item) is int:
        key = (item, state.bases[item].card)
    else:
        return made_anew(state, kind, item, label, seat, where)
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= _OPTIONS_KEPT:
            _OPTIONS.clear()
        found = _OPTIONS[key] = made_anew(state, kind, item, label, seat, where)
    return found


def made_anew(
    state: GameState, kind: Choice, item: Item, label: str, seat: int, where: int
) -> Option:
    """:func:`option`'s answer, made anew."""
    if kind == "minion" and isinstance(item, Minion):
        label = label or f"{rules.name(item.card)} on {_base_name(state, where)}"
        return Option(item.uid, label, item.uid, uid=item.uid, card=item.card, base=where)
    if kind == "card" and isinstance(item, (CardRef, Attached)):
        return Option(
            item.uid, label or rules.name(item.card), item.uid, uid=item.uid, card=item.card
        )
    if kind == "buried" and isinstance(item, Buried):
        return _buried(state, item, seat)
    if kind == "base" and isinstance(item, int):
        return Option(f"base-{item}", _base_name(state, item), item, base=item)
    if kind == "seat" and isinstance(item, int):
        return Option(f"seat-{item}", state.players[item].name, item, seat=item)
    raise TypeError(f"option: {item!r} is not a {kind} (one of {', '.join(CHOICES)})")


def _base_name(state: GameState, index: int) -> str:
    return rules.name(state.bases[index].card)


def _buried(state: GameState, c: Buried, seat: int) -> Option:
    """A buried card's option: only its controller's label names it."""
    where = next(i for i, b in rules.buried(state) if b.id == c.id)
    if seat == c.controller:
        label = f"{rules.name(c.card)} buried at {_base_name(state, where)}"
        return Option(c.id, label, c.id, uid=c.uid, card=c.card, base=where, seat=c.controller)
    label = f"A card buried by {state.players[c.controller].name} at {_base_name(state, where)}"
    return Option(c.id, label, c.id, base=where, seat=c.controller)
