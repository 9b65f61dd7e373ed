"""A seat's plays in its play phase, for listing its legal moves (`domain.decide`): where
each card of its hand (or discard pile) may be played, worked out once per card id with what
every card's answer shares read once, and the play commands made once per answer."""

from __future__ import annotations

from collections.abc import Sequence
from math import inf
from typing import cast

from domain import abilities, plays, rules
from domain.abilities import AttachCondition, Restriction
from domain.commands import Choose, Command, EndTurn, PlayAction, PlayMinion
from domain.model import GameState, Minion, Option, Zone
from domain.registry import Source

Targets = tuple[int, ...] | range | tuple[tuple[int | None, str | None], ...]
"""Where a card may be played: bases (a minion), or (base, target minion uid) pairs (an
action)."""
_HAND, _DISCARD = Zone.HAND, Zone.DISCARD
"""The zones, read once: an enum member read off its class (``Zone.HAND``) costs several times
a global's read, on paths taken for every card listed."""


class HandPlays:
    """Where `seat`'s cards may be played now, for listing its legal moves: what every card's
    answer shares (the seat's allowances, which kinds have only plain ones, the restrictions in
    play for it, the board's minions, the bases granting plays from a discard pile) is read
    once, not once per card. Its answers are those `allowance` gives card by card and base by
    base."""

    __slots__ = (
        "_granted",
        "_minions",
        "caps",
        "fancy",
        "plays",
        "restricted",
        "seat",
        "state",
    )

    def __init__(self, state: GameState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.plays = state.players[seat].plays
        # the kinds with a play that is not plain (a base, condition or zone attached): a card
        # of another kind from hand has a play anywhere or nowhere (`allowance` only looks at
        # the plays of the card's kind), less where something forbids it
        self.fancy: set[str] = set()
        self.caps: dict[str, float] = {}  # kind -> the highest power a play of it takes
        for a in self.plays:
            if a.base is not None or a.condition is not None or a.zone != _HAND:
                self.fancy.add(a.kind)
            cap = inf if a.max_power is None else a.max_power
            if cap > self.caps.get(a.kind, -inf):
                self.caps[a.kind] = cap
        self.restricted: Sequence[tuple[Source, Restriction]] = plays.restrictions(state, seat)
        self._minions: list[tuple[int, Minion]] | None = None
        self._granted: list[bool] | None = None

    def cards(self) -> list[Command]:
        """The play commands of the seat's hand, then of its discard pile, in pile order."""
        state, seat, caps = self.state, self.seat, self.caps  # caps: the kinds with a play left
        p = state.players[seat]
        out: list[Command] = []
        # card id -> (a minion?, where it may go): copies of a card are asked once
        known: dict[str, tuple[bool, Targets]] = {}
        card_type, power = rules.card_type, rules.printed_power
        # with only plain minion plays and no restriction in play, a minion from hand goes on
        # every base or none, by its power alone: what `minion_bases` answers, without asking it
        plain = "minion" in caps and "minion" not in self.fancy and not self.restricted
        every, cap = range(len(state.bases)), caps.get("minion", -inf)
        # likewise a standard action (no Special-only card) is played on no base, or not at all
        plain_action = "action" in caps and "action" not in self.fancy and not self.restricted
        action_cap = caps.get("action", -inf)
        # so a uid whose card was found such a minion or action (in :data:`_BY_UID`) is played
        # by its power alone, up to these (-inf: no play of its kind; None: ask its card)
        minion_limit = cap if plain or "minion" not in caps else None
        action_limit = action_cap if plain_action or "action" not in caps else None
        sig = _signature(seat, len(every))
        by_uid = _BY_UID
        for c in p.hand:
            made = by_uid.get(c.uid)
            if made is not None and made[0] is sig and made[1] == c.card:
                limit = minion_limit if made[2] else action_limit
                if limit is not None:
                    if made[3] <= limit:
                        out += made[4]
                    continue
            card = c.card
            found = known.get(card)
            if found is None:
                kind = card_type(card)
                if kind not in caps:
                    found = known[card] = (False, ())
                elif kind == "minion":
                    if plain:
                        found = known[card] = (True, every if power(card) <= cap else ())
                    else:
                        found = known[card] = (True, self.minion_bases(card, _HAND))
                elif (
                    plain_action
                    and rules.action_kind(card) == "standard"
                    and not plays.special_only(card)
                ):
                    found = known[card] = (False, _NO_BASE if power(card) <= action_cap else ())
                else:
                    found = known[card] = (False, self.action_targets(card))
            targets = found[1]
            if targets is every or targets is _NO_BASE:
                # the commonest answers: the uid's commands, kept with what they follow from
                if len(by_uid) >= _MADE_MAX:
                    by_uid.clear()
                made = by_uid[c.uid] = (
                    sig,
                    card,
                    found[0],
                    power(card),
                    plays_of(seat, c.uid, *found),
                )
                out += made[4]
            elif targets:
                out += plays_of(seat, c.uid, *found)
        if "minion" in caps and p.discard and plays.from_discard_possible(state, self.plays):
            bases: dict[str, Targets] = {}
            for c in p.discard:  # only minions come from a discard pile
                if card_type(c.card) == "minion":
                    on = bases.get(c.card)
                    if on is None:
                        on = bases[c.card] = self.minion_bases(c.card, _DISCARD)
                    if on:
                        out += plays_of(seat, c.uid, True, on)
        return out

    def minion_bases(self, card: str, zone: str) -> tuple[int, ...] | range:
        """The bases this minion may be played on now from `zone` (a discard pile: the caller
        has checked :func:`from_discard_possible`). With only plain minion plays (no base,
        condition or zone attached), that is every base from hand, the bases granting it from
        a discard pile (what `_fits_here` answers for a plain play), or none, less those where
        something forbids it."""
        state, seat = self.state, self.seat
        granted = None
        if zone == _DISCARD:
            if self._granted is None:
                self._granted = [
                    rules.discard_play_granted(state, seat, b) for b in range(len(state.bases))
                ]
            granted = self._granted
        if "minion" not in self.fancy:
            if rules.printed_power(card) > self.caps.get("minion", -inf):  # fits no play
                return ()
            bases: tuple[int, ...] | range = range(len(state.bases))
            if granted is not None:
                bases = tuple(b for b in bases if granted[b])
            if not self.restricted:
                return bases
            return tuple(
                b for b in bases if not plays.forbidden_by(state, self.restricted, seat, card, b)
            )
        return tuple(plays.bases_with_a_play(state, seat, card, zone, self.restricted, granted))

    def action_targets(self, card: str) -> tuple[tuple[int | None, str | None], ...]:
        """Where this action may be played from hand now, as (base, target minion uid) pairs:
        (None, None) for a standard action, a base for one attached to a base, a minion else."""
        if plays.special_only(card):
            return ()
        state, seat = self.state, self.seat
        kind = rules.action_kind(card)
        if "action" not in self.fancy:  # the same answers `allowance` gives each target at once
            if rules.printed_power(card) > self.caps.get("action", -inf):  # fits no play
                return ()
            restricted = self.restricted
            attach = abilities.printed(card, AttachCondition)
            if kind == "standard":
                if restricted and plays.forbidden_by(state, restricted, seat, card, -1):
                    return ()
                return ((None, None),)
            if kind == "ongoing_base":
                return tuple(
                    (b, None)
                    for b in range(len(state.bases))
                    if not (restricted and plays.forbidden_by(state, restricted, seat, card, b))
                    and (not attach or rules.attach_allowed(state, seat, card, b, None))
                )
            if not restricted and not attach:
                return tuple((None, m.uid) for _, m in self.minions())
            return tuple(
                (None, m.uid)
                for b, m in self.minions()
                if not (restricted and plays.forbidden_by(state, restricted, seat, card, b))
                and (not attach or rules.attach_allowed(state, seat, card, b, m))
            )
        if kind == "standard":
            if plays.allowance(state, seat, card, None, choose=False) is None:
                return ()
            return ((None, None),)
        if kind == "ongoing_base":
            return tuple(
                (b, None)
                for b in range(len(state.bases))
                if plays.allowance(state, seat, card, b, choose=False) is not None
                and rules.attach_allowed(state, seat, card, b, None)
            )
        return tuple(
            (None, m.uid)
            for b, m in self.minions()
            if plays.allowance(state, seat, card, b, choose=False) is not None
            and rules.attach_allowed(state, seat, card, b, m)
        )

    def minions(self) -> list[tuple[int, Minion]]:
        """Every minion in play with its base index (listed once)."""
        if self._minions is None:
            self._minions = list(rules.all_minions(self.state))
        return self._minions


def plays_of(seat: int, uid: str, minion: bool, targets: Targets) -> tuple[Command, ...]:
    """The play commands of card `uid` (a minion, else an action) onto `targets` (bases, or
    (base, target minion) pairs), as listed before: commands are values, so the next state
    whose answer for that card is the same lists the very same objects, not new ones."""
    key = (seat, uid, minion, targets)
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) >= _MADE_MAX:
            _MADE.clear()
        if minion:
            bases = cast("tuple[int, ...] | range", targets)
            made = tuple(PlayMinion(seat, uid, b) for b in bases)
        else:
            pairs = cast("tuple[tuple[int | None, str | None], ...]", targets)
            made = tuple(PlayAction(seat, uid, base=b, target=t) for b, t in pairs)
        _MADE[key] = made
    return made


_MADE: dict[tuple[int, str, bool, Targets], tuple[Command, ...]] = {}
"""The play commands :func:`plays_of` made, by what they were made of (values, not objects
of a state: nothing is kept about a state). Forgotten whole past :data:`_MADE_MAX` entries."""
_MADE_MAX = 4096
_NO_BASE: tuple[tuple[int | None, str | None], ...] = ((None, None),)
"""Where a standard action goes: on no base, at no minion."""
_Signature = tuple[int, int]
_BY_UID: dict[str, tuple[_Signature, str, bool, int, tuple[Command, ...]]] = {}
"""By a card's uid, for a minion found to go on every base by its power alone, or a standard
action on no base: the seat and number of bases (:func:`_signature`), the card, whether it is
a minion, its power and its play commands (forgotten whole past :data:`_MADE_MAX` entries)."""
_SIGNATURES: dict[_Signature, _Signature] = {}


def _signature(seat: int, bases: int) -> _Signature:
    """``(seat, bases)``, made once (told apart by identity)."""
    key = (seat, bases)
    found = _SIGNATURES.get(key)
    if found is None:
        found = _SIGNATURES[key] = key
    return found


_END_TURN: dict[int, EndTurn] = {}  # each seat's EndTurn, a value made once


def end_turn(seat: int) -> EndTurn:
    """`EndTurn(seat)`, made once for each seat (a value)."""
    end = _END_TURN.get(seat)
    if end is None:
        end = _END_TURN[seat] = EndTurn(seat)
    return end


_CHOSEN: dict[int, dict[str, Choose]] = {}
"""Each seat's Choose of each option id, a value made once (by the option id alone: its hash is
kept; a seat's are forgotten whole past :data:`_MADE_MAX`)."""


def choose(seat: int, option: str) -> Choose:
    """`Choose(seat, option)`, made once for each seat and option id (a value)."""
    made = _CHOSEN.get(seat)
    if made is None or len(made) >= _MADE_MAX:
        made = _CHOSEN[seat] = {}
    found = made.get(option)
    if found is None:
        found = made[option] = Choose(seat, option)
    return found


def choices(seat: int, options: Sequence[Option]) -> list[Command]:
    """``[choose(seat, o.id) for o in options]``, without a call per option."""
    made = _CHOSEN.get(seat)
    if made is None or len(made) >= _MADE_MAX:
        made = _CHOSEN[seat] = {}
    out: list[Command] = []
    for o in options:
        found = made.get(o.id)
        if found is None:
            found = made[o.id] = Choose(seat, o.id)
        out.append(found)
    return out
