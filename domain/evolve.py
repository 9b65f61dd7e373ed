"""evolve(state, event) -> state: the pure fold. Generic over cards; never random, and never
fails on a stored event: every event type has a fold (those that only record a fact have an
explicit no-op one, :data:`FACT_ONLY`), and an event type without one is an error."""

from __future__ import annotations

from collections.abc import Iterable

from domain import events as ev
from domain import evolve_cards, evolve_draft, evolve_turns, table_state
from domain.evolve_cards import moved_flag
from domain.evolve_quick import QUICK
from domain.evolve_turns import talent_flag
from domain.fold import APPLY, register
from domain.frozen import SET_DICT
from domain.model import (
    Base,
    GameState,
    Minion,
    Player,
    replace,
)
from domain.table_state import PLAIN, WATCHED, track

_new = object.__new__


class NoFold(TypeError):
    """An event type no fold handles (a new event class without its `@on` fold, or a
    `game_created` after the start): a programming error, never silently skipped."""

    def __init__(self, event: ev.Event) -> None:
        super().__init__(
            f"no fold for event type {event.type!r} ({type(event).__name__}): add one with "
            "@on in domain/evolve_cards.py or domain/evolve_turns.py, "
            "or list it in FACT_ONLY if it changes nothing"
        )
        self.event = event


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """The state after `event`; the version counts events."""
    if state is None:
        assert isinstance(event, ev.GameCreated), "a game starts with game_created"
        return _created(event)
    kind = type(event)
    quick = QUICK.get(kind)
    if quick is not None:
        fields = quick(state, event)
        fields["version"] = state.version + 1
        new = _new(GameState)
        SET_DICT(new, fields)
        # track's own first test, asked here: most events leave the table alone
        t = state.table
        if kind not in WATCHED and (
            t is None or (t.undo is None and not t.offered) or kind in PLAIN
        ):
            return new
        return track(state, new, event)  # sets the table of `new` in place, if at all
    fn = APPLY.get(kind)
    if fn is None:
        raise NoFold(event)
    new = track(state, fn(state, event), event)
    if new is state:
        return replace(state, version=state.version + 1)
    # a handler's answer is a fresh copy that nothing else holds yet: count it in place (in
    # its __dict__, which is what object.__setattr__ would write, at a third of the cost)
    new.__dict__["version"] = state.version + 1
    return new


def replay(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    """Fold events from `state` (or from nothing)."""
    for e in events:
        state = evolve(state, e)
    if state is None:
        raise ValueError("no events to replay")
    return state


FACT_ONLY: tuple[type[ev.Event], ...] = (
    ev.HandRevealed,
    ev.CardRevealed,
    ev.SpecialUsed,
    ev.ClockExpired,
)
"""The events that record a fact and change nothing but the version: who saw which cards, a
Special used (what it does comes as events of its own), a turn clock run out (the game's
end, if any, is its own event)."""


def _fact_only(state: GameState, _: ev.Event) -> GameState:
    return state


for _cls in FACT_ONLY:
    register(_cls, _fact_only)
for _cls, _fold in table_state.FOLDS.items():
    register(_cls, _fold)


# --- the first event ---------------------------------------------------------------------


def _created(e: ev.GameCreated) -> GameState:
    players = tuple(
        Player(
            seat=p.seat,
            name=p.name,
            factions=p.factions,
            bot=p.bot,
            vp=p.vp,
            hand=p.hand,
            deck=p.deck,
            discard=p.discard,
        )
        for p in e.players
    )
    bases = [Base(card=c) for c in e.bases]
    for m in e.board:
        b = bases[m.base]
        minion = Minion(m.uid, m.card, m.owner, m.owner, m.attached)
        bases[m.base] = replace(b, minions=(*b.minions, minion))
    for i, a in e.base_attached:
        bases[i] = replace(bases[i], attached=(*bases[i].attached, a))
    return GameState(
        game_id=e.game_id,
        seed=e.seed,
        players=players,
        bases=tuple(bases),
        base_deck=e.base_deck,
        first_seat=e.first_seat,
        active=e.first_seat,
        scripted=e.scripted,
        clock=e.clock,
        version=1,
    )


_FOLD_MODULES = (evolve_cards, evolve_turns, evolve_draft)  # importing them registers their folds
__all__ = ["FACT_ONLY", "NoFold", "evolve", "moved_flag", "replay", "talent_flag"]
