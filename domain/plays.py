"""Play legality, in one place: which play allowance a card uses, where a minion or an action
may go (normal plays, extra plays, plays from other zones), and the "can't"s that beat every
allowance. `legal_commands`, extra plays and the play verb all ask here."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache

from domain import abilities, rules
from domain import registry as reg
from domain.abilities import PlaysFromDiscard, Restriction
from domain.catalogue import catalogue
from domain.model import Allowance, GameState, Minion, Zone, replace
from domain.registry import Source


def may_play(state: GameState, seat: int, card: str, base: int | None) -> bool:
    """Whether nothing in play forbids `seat` to play this card on this base (None: a standard
    action, played on no base). A "can't" beats every allowance and extra play."""
    return not rules.play_forbidden(state, seat, card, _on(base))


def restrictions(state: GameState, seat: int) -> Sequence[tuple[Source, Restriction]]:
    """``abilities.in_play(state, Restriction, seat)``, not listed when nothing in play has a
    Restriction (as :func:`rules.play_forbidden` does): for callers asking about many cards
    or bases with one list (:func:`forbidden_by`)."""
    if rules.none_in_play(state, Restriction):
        return ()
    return abilities.in_play(state, Restriction, seat)


def _on(base: int | None) -> int:
    """The base a play restriction is asked about: -1 for a standard action (on no base)."""
    return -1 if base is None else base


def bases_for(state: GameState, seat: int, card: str) -> list[int]:
    """The bases nothing forbids `seat` to play this card on, in board order."""
    return [i for i in range(len(state.bases)) if may_play(state, seat, card, i)]


class PlaysItself(StrEnum):
    """Where a Special that plays its own card plays it, so that the engine offers it only
    when nothing forbids that play (`Special(..., plays_it=...)`)."""

    WINDOW = "window"  # a minion on the window's base (the scoring base), an action on none
    ITS_BASE = "its_base"  # on the base the card (a minion in play) stands on now
    A_BASE = "a_base"  # on some base of the board


_A_BASE, _ITS_BASE, _DISCARD = PlaysItself.A_BASE, PlaysItself.ITS_BASE, Zone.DISCARD
"""Enum members read once (read off its class, one costs several times a global's read)."""


def may_play_itself(
    state: GameState, seat: int, card: str, uid: str, base: int, where: PlaysItself
) -> bool:
    """Whether nothing forbids `seat` to play its card `uid` as a Special playing it `where`
    says (`base`: the window's base, -1 for none)."""
    if not restrictions(state, seat):  # nothing forbids any play
        if where == _A_BASE:
            return bool(state.bases)
        return where != _ITS_BASE or rules.find_minion(state, uid) is not None
    if where == _A_BASE:
        return any(may_play(state, seat, card, i) for i in range(len(state.bases)))
    if where == _ITS_BASE:
        found = rules.find_minion(state, uid)
        return found is not None and may_play(state, seat, card, found[0])
    on = base if base >= 0 and rules.card_type(card) == "minion" else None
    return may_play(state, seat, card, on)


def allowance(
    state: GameState,
    seat: int,
    card: str,
    base: int | None,
    zone: str = Zone.HAND,
    choose: bool = True,
) -> int | None:
    """Index of the most restrictive play allowance this card can use, or None. A "can't"
    (a play restriction) beats every allowance."""
    kind = rules.card_type(card)
    if kind == "action" and special_only(card):
        return None
    power = rules.printed_power(card)
    plays = state.players[seat].plays
    fitting: list[int] = []
    for i, a in enumerate(plays):
        if a.kind != kind or (a.max_power is not None and power > a.max_power):
            continue
        # a plain play (no base, condition or other zone) fits anywhere: not asked
        plain = a.base is None and a.condition is None and a.zone == zone
        if plain or _fits_here(state, seat, card, base, zone, a):
            fitting.append(i)
    if not fitting:
        return None
    if rules.play_forbidden(state, seat, card, _on(base)):
        return None
    if len(fitting) == 1:  # the one play that fits: no need to rank them
        return fitting[0]
    keyed: list[tuple[tuple[int, ...], int]] = [(_strictness(plays[i]), i) for i in fitting]
    if choose:
        keyed = [((_left_playable(state, seat, card, i), *key), i) for key, i in keyed]
    return max(keyed)[1]


def _fits_here(
    state: GameState,
    seat: int,
    card: str,
    base: int | None,
    zone: str,
    a: Allowance,
    granted: Sequence[bool] | None = None,
) -> bool:
    """Whether play allowance `a` (of the card's kind and power) lets `seat` play the card
    from `zone` on `base` (None: on no base): its base, zone and condition. `granted`, if
    given, says base by base what :func:`rules.discard_play_granted` answers."""
    if a.base is not None and (base is None or state.bases[base].card != a.base):
        return False
    if a.zone != zone and not (
        zone == "discard"
        and a.zone == "hand"
        and base is not None
        and (
            granted[base] if granted is not None else rules.discard_play_granted(state, seat, base)
        )
    ):
        return False
    cond = reg.PLAY_CONDITIONS.get(a.condition) if a.condition else None
    return cond is None or cond(state, seat, card, -1 if base is None else base)


def bases_with_a_play(
    state: GameState,
    seat: int,
    card: str,
    zone: str,
    restricted: Sequence[tuple[Source, Restriction]] | None = None,
    granted: Sequence[bool] | None = None,
) -> list[int]:
    """The bases where `allowance` finds a play for this card from `zone` (choose=False):
    what does not depend on the base (kind, power) is asked once for them all. `restricted`
    (the restrictions in play for `seat`) and `granted` (see :func:`_fits_here`), if given,
    spare asking what is in play again."""
    kind = rules.card_type(card)
    if kind == "action" and special_only(card):
        return []
    power = rules.printed_power(card)
    fit = [
        a
        for a in state.players[seat].plays
        if a.kind == kind and (a.max_power is None or power <= a.max_power)
    ]
    if not fit:
        return []
    if restricted is None:
        restricted = restrictions(state, seat)
    out: list[int] = []
    for b in range(len(state.bases)):
        for a in fit:  # a loop, not any(...): asked for every base
            if _fits_here(state, seat, card, b, zone, a, granted):
                if not (restricted and forbidden_by(state, restricted, seat, card, b)):
                    out.append(b)
                break
    return out


def forbidden_by(
    state: GameState,
    restricted: Sequence[tuple[Source, Restriction]],
    seat: int,
    card: str,
    base: int,
) -> bool:
    """:func:`rules.play_forbidden`, given the restrictions in play for `seat`."""
    for src, r in restricted:  # noqa: SIM110 - a loop costs less than any() on a generator
        if r.forbids(state, src, seat, card, base):
            return True
    return False


@cache
def special_only(card: str) -> bool:
    """An action whose only text is a Special (e.g. It's a Trap!, Hidden Ninja): it is played
    through its Special only, never with a play (normal or extra)."""
    timing = catalogue().card(card).timing
    return "special" in timing and "on_play" not in timing and "ongoing" not in timing


def _left_playable(state: GameState, seat: int, card: str, used: int) -> int:
    """How many of the seat's other hand cards could still be played if allowance `used` is
    spent: when several plays fit, the one whose loss costs the least is spent."""
    p = state.players[seat]
    left = tuple(a for k, a in enumerate(p.plays) if k != used)
    rest = replace(
        state, players=tuple(replace(q, plays=left) if q.seat == seat else q for q in state.players)
    )
    others = [c.card for c in p.hand]
    if card in others:
        others.remove(card)
    bases = range(len(state.bases))
    playable = 0
    for c in others:
        if rules.card_type(c) == "minion":  # somewhere (what `allowance` finds base by base)
            playable += bool(bases_with_a_play(rest, seat, c, Zone.HAND))
        else:  # on no base (asked once, not once per base)
            playable += bool(bases) and allowance(rest, seat, c, None, choose=False) is not None
    return playable


def _strictness(a: Allowance) -> tuple[int, int]:
    restrictions = (a.base is not None) + (a.max_power is not None) + (a.condition is not None)
    return restrictions + (a.zone != "hand"), -(a.max_power or 0)


INCREASES_POWER = "increases_power"
"""The condition of an extra action play that must directly increase a minion's power."""


@reg.play_condition(INCREASES_POWER)
def _increases_power(state: GameState, seat: int, card: str, base: int) -> bool:
    """Only an action that directly increases the power of a minion (abilities.IncreasesPower):
    each such action may be applied to a minion the player controls."""
    return rules.card_type(card) == "action" and abilities.increases_power(card)


def meets(state: GameState, seat: int, card: str, condition: str | None) -> bool:
    """Whether a standard or ongoing action meets an extra play's condition (if any)."""
    cond = reg.PLAY_CONDITIONS.get(condition) if condition else None
    return cond is None or cond(state, seat, card, -1)


def minion_play_legal(state: GameState, seat: int, uid: str, base: int) -> bool:
    """Whether `seat` may now play the minion with this uid (from hand or discard) there."""
    p = state.players[seat]
    for zone, cards in ((Zone.HAND, p.hand), (Zone.DISCARD, p.discard)):
        for c in cards:
            if c.uid == uid:
                return (
                    rules.card_type(c.card) == "minion"
                    and 0 <= base < len(state.bases)
                    and allowance(state, seat, c.card, base, zone, choose=False) is not None
                )
    return False


def action_play_legal(
    state: GameState, seat: int, uid: str, base: int | None, target: str | None
) -> bool:
    """Whether `seat` may now play the action with this uid from hand, onto that base or minion
    (neither for a standard action)."""
    card = next((c.card for c in state.players[seat].hand if c.uid == uid), None)
    if card is None or rules.card_type(card) != "action":
        return False
    kind = rules.action_kind(card)
    if kind == "standard":
        return (
            base is None
            and target is None
            and allowance(state, seat, card, None, choose=False) is not None
        )
    if kind == "ongoing_base":
        return (
            target is None
            and base is not None
            and 0 <= base < len(state.bases)
            and allowance(state, seat, card, base, choose=False) is not None
            and rules.attach_allowed(state, seat, card, base, None)
        )
    found = None if base is not None or target is None else rules.find_minion(state, target)
    return (
        found is not None
        and allowance(state, seat, card, found[0], choose=False) is not None
        and rules.attach_allowed(state, seat, card, found[0], found[1])
    )


def from_discard_possible(state: GameState, plays: tuple[Allowance, ...]) -> bool:
    """Whether any minion could come from a discard pile: a play from there, or something in
    play letting ordinary plays take minions from there (what `allowance` would accept)."""
    for a in plays:
        if a.zone == _DISCARD:
            return True
    if rules.none_in_play(state, PlaysFromDiscard):
        return False
    return bool(abilities.in_play(state, PlaysFromDiscard))


# --- extra plays ------------------------------------------------------------------------------


def fits(card: str, kind: str, max_power: int | None) -> bool:
    """Whether a card may be used for an extra play of this kind and power limit."""
    if rules.card_type(card) != kind or (kind == "action" and special_only(card)):
        return False
    return max_power is None or rules.printed_power(card) <= max_power


def extra_minion_bases(
    state: GameState, seat: int, card: str, only: str | None, condition: str | None
) -> list[int]:
    """Bases an extra minion play may put this minion on: `only` a base card id, `condition` a
    registered play condition."""
    cond = reg.PLAY_CONDITIONS.get(condition) if condition else None
    return [
        i
        for i, b in enumerate(state.bases)
        if (only is None or b.card == only)
        and may_play(state, seat, card, i)
        and (cond is None or cond(state, seat, card, i))
    ]


def action_bases(state: GameState, seat: int, card: str) -> list[int]:
    """Bases an ongoing-base action may go to for `seat` now."""
    return [
        i
        for i in range(len(state.bases))
        if may_play(state, seat, card, i) and rules.attach_allowed(state, seat, card, i, None)
    ]


def action_minions(state: GameState, seat: int, card: str) -> list[Minion]:
    """Minions an ongoing-minion action may go on for `seat` now."""
    return [
        m
        for i, m in rules.all_minions(state)
        if may_play(state, seat, card, i) and rules.attach_allowed(state, seat, card, i, m)
    ]


def action_playable(state: GameState, seat: int, card: str) -> bool:
    """Whether `seat` may play this action now with a play (nothing forbids it, it has
    somewhere to go, it is no Special-only card)."""
    if special_only(card):
        return False
    kind = rules.action_kind(card)
    if kind == "standard":
        return may_play(state, seat, card, None)
    if kind == "ongoing_base":
        return bool(action_bases(state, seat, card))
    return bool(action_minions(state, seat, card))
