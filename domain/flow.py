"""The turn: start, play, scoring (with Me first! windows), draw, end, and the game's end."""

from __future__ import annotations

import functools

from domain import abilities, burying, rules
from domain import events as ev
from domain.abilities import ExtraBaseUntilScoring, ScoringBonus
from domain.catalogue import catalogue
from domain.effects import BaseHook
from domain.facts import BaseScored, TurnEnding, TurnStarted
from domain.fx import Fx, Steps
from domain.model import Allowance, GameState, Option, Placement, Task
from domain.moments import Hook, Moment, Window
from domain.specials import me_first
from domain.steps import step
from domain.triggers import discarded_from_play, fire, simultaneous
from domain.verbs import base_hook_task, draw_cards

assert burying  # registers the burying steps (uncover_at_start, uncover, bury)


_SEAT_TASKS: dict[tuple[str, int], Task] = {}


def seat_task(key: str, seat: int) -> Task:
    """`Task(key, {"seat": seat})`, one object per key and seat: each turn runs a few such
    tasks, and nothing changes a task once made, nor its context (a step reads it, a new task
    copies it), so these are made once (tests/domain/test_shared_tasks.py)."""
    found = _SEAT_TASKS.get((key, seat))
    if found is None:
        found = _SEAT_TASKS[(key, seat)] = Task(key, {"seat": seat})
    return found


def start_turn(seat: int) -> Task:
    """The task that begins `seat`'s turn."""
    return seat_task("start_turn", seat)


# the facts of a turn's moments, one object per seat (facts never change): made every turn
_turn_started = functools.cache(TurnStarted)
_turn_ending = functools.cache(TurnEnding)

# the phases a turn enters, one event each (events never change); the plays not made are lost
# when the play phase ends
_TO_PLAY, _TO_SCORING_PHASE = ev.PhaseChanged("play"), ev.PhaseChanged("scoring")
_TO_DRAW, _TO_END = ev.PhaseChanged("draw", plays_lost=True), ev.PhaseChanged("end")

_PLAYS = (Allowance("minion"), Allowance("action"))
"""One minion and one action a turn: one tuple serves every turn (it never changes)."""


@step("start_turn")
def _start_turn(fx: Fx, *, seat: int) -> Steps:
    return ev.TurnStarted(seat, fx.state.turn + 1, _PLAYS), seat_task("start_triggers", seat)


@step("start_triggers")
def _start_triggers(fx: Fx, *, seat: int) -> Steps:
    """Effects that end when a turn starts end first; then start-of-turn abilities trigger."""
    ending = fire(fx.state, Moment.ENDS_AT_START_OF_TURN, _turn_started(seat))
    if not ending:  # the next task would run on this very state: it runs now
        return _start_abilities(fx, seat=seat)
    return (*ending, seat_task("start_abilities", seat))


@step("start_abilities")
def _start_abilities(fx: Fx, *, seat: int) -> Steps:
    fired = fire(fx.state, Moment.START_OF_TURN, _turn_started(seat))
    if not fired and not fx.buried(controller=seat):
        # the usual turn: uncover_at_start would run on this very state and find no buried
        # card of the seat (tests/domain/test_shared_tasks.py), so the play phase begins now
        return (_TO_PLAY,)
    uncover = seat_task("uncover_at_start", seat)  # a seat may uncover a buried card
    return (*fired, uncover, _TO_PLAY)


# the tasks of no parameters a turn runs, made once (see seat_task)
_END_PHASE, _DRAW_PHASE, _TO_SCORING = Task("end_phase"), Task("draw_phase"), Task("to_scoring")
_SCORING_CHECK, _EXPIRE = Task("scoring_check"), Task("expire")


def end_play_phase() -> list[Task]:
    """The rest of the turn after the play phase, top of stack last."""
    return [_END_PHASE, _DRAW_PHASE, _TO_SCORING]


@step("to_scoring")
def _to_scoring(fx: Fx) -> Steps:
    """The scoring phase begins: the bases ready then score (the phase changes no power)."""
    return (_TO_SCORING_PHASE, *_scoring_check(fx))


@step("scoring_check")
def _scoring_check(fx: Fx) -> Steps:
    ready = rules.ready_to_score(fx.state)
    if not ready:
        return ()
    prompt = "Several bases are ready to score: choose the next one"
    return fx.choose("base", ready, prompt, _scoring_pick, seat=fx.state.active)


@step("scoring_pick")
def _scoring_pick(fx: Fx, *, choice: int) -> Steps:
    return Task("score_base", {"base": choice}), _SCORING_CHECK


@step("score_base")
def _score_base(fx: Fx) -> Steps:
    i = fx.base
    card = fx.state.bases[i].card
    hook = {"src": card, "card": card, "base": i}
    return (
        ev.ScoringStarted(i, card),
        base_hook_task(card, i, Hook.BEFORE_SCORING),
        me_first(Window.BEFORE_SCORING, i, fx.state.active),
        Task("award", hook),
        base_hook_task(card, i, Hook.AFTER_SCORING),
        me_first(Window.AFTER_SCORING, i, fx.state.active),
        Task("clear_base", hook),
        # whether its ability applies is fixed now: clearing the base discards what blanks it
        Task("replace_base", {**hook, "active": rules.base_active(fx.state, i)}),
    )


def placements(state: GameState, base: int) -> tuple[Placement, ...]:
    """Ranks on a base: ties share the better place and push the next place down."""
    powers = rules.power_by_seat(state, base)
    contenders = dict(powers.items())
    vp = catalogue().base(state.bases[base].card).vp
    out = []
    for seat in rules.seats_from(state, state.active):
        if seat not in contenders:
            continue
        place = sum(1 for p in contenders.values() if p > contenders[seat])
        out.append(Placement(seat, contenders[seat], place, vp[place] if place < 3 else 0))
    return tuple(out)


@step("award")
def _award(fx: Fx) -> Steps:
    i = fx.base
    result = list(placements(fx.state, i))
    card = fx.state.bases[i].card
    for bonus in abilities.of_base(fx.state, i, ScoringBonus):
        extra = bonus.bonus(fx.state, i, {p.seat: p.place for p in result})
        extra = {s: v for s, v in extra.items() if rules.base_active(fx.state, i, s)}
        result = [Placement(p.seat, p.power, p.place, p.vp + extra.get(p.seat, 0)) for p in result]
        for seat, vp in extra.items():
            if vp and seat not in {p.seat for p in result}:
                result.append(Placement(seat, 0, 9, vp))
    winners = [p.seat for p in result if p.place == 0]
    return (
        ev.BaseScored(i, card, tuple(result)),
        *fire(fx.state, Moment.BASE_SCORED, BaseScored(i, tuple(winners))),
    )


SHRINK = "bases_shrink:"
"""The turn flag saying that the base scored at an index (with its card) is not replaced."""


@step("clear_base")
def _clear_base(fx: Fx) -> Steps:
    """Every card on the scored base goes to its owner's discard pile at once: the minions'
    going there from play is one moment for all of them."""
    return (*_extra_base_ends(fx), *discard_all_on(fx, fx.base, "scored"))


def discard_all_on(fx: Fx, i: int, reason: str) -> Steps:
    """Every card on base i goes to its owner's discard pile at once (not destroyed): the
    minions' going there from play is one moment for all of them, for this `reason`."""
    leaving = [(i, m) for m in fx.state.bases[i].minions]
    gone = discarded_from_play(fx.state, leaving, reason)
    return (ev.BaseCleared(i), *simultaneous(fx.state, gone))


def _extra_base_ends(fx: Fx) -> Steps:
    """A card in play whose extra base lasted until a base scores (e.g. Weird New Worlds):
    it is discarded and the scored base will not be replaced (one such card per scoring)."""
    for src, _ in abilities.in_play(fx.state, ExtraBaseUntilScoring):
        a = next((a for _, a, _ in fx.attached() if a.uid == src.uid), None)
        if a is not None:
            gone = ev.AttachedRemoved(a.uid, a.card, a.owner, "discarded")
            return gone, ev.FlagSet(f"{SHRINK}{fx.base}:{fx.card}")
    return ()


@step("replace_base")
def _replace_base(fx: Fx, *, active: bool = True) -> Steps:
    """`active`: whether the scored base's ability applied while it was in play."""
    i, old = fx.base, fx.card
    now = fx.state.bases[i].card
    if now != old:  # another base took the scored one's place (e.g. Unicrave): it leaves
        return (Task("replace_base", {**fx.ctx, "src": now, "card": now}),)
    if f"{SHRINK}{i}:{old}" in fx.state.flags:  # one base fewer: nothing takes its place
        return (ev.BaseReplaced(i, old, None),)
    then = fx.task(_replaced, active=active)
    if _hook(old, Hook.REPLACEMENT) and active:
        return (base_hook_task(old, i, Hook.REPLACEMENT), then)
    return (*replace_with_top(fx, i, old), then)


def replace_with_top(fx: Fx, i: int, old: str) -> Steps:
    """Replace base i by the top of the base deck, reshuffling the base discard if needed."""
    s = fx.state
    if s.base_deck:
        return (ev.BaseReplaced(i, old, s.base_deck[0]),)
    pool = list(s.base_discard)
    if not pool:
        return (ev.BaseReplaced(i, old, old),)
    fx.rng.shuffle(pool)
    return ev.BaseDeckShuffled(tuple(pool), True), ev.BaseReplaced(i, old, pool[0])


@step("replaced")
def _replaced(fx: Fx, *, active: bool = True) -> Steps:
    i = fx.base
    if i >= len(fx.state.bases):
        return ()
    old = fx.card
    if _hook(old, Hook.REPLACED) and active:
        return (Task("base_hook_gone", {**fx.ctx, "moment": Hook.REPLACED.value}),)
    return ()


@step("base_hook_gone")
def _base_hook_gone(fx: Fx, *, moment: str) -> Steps:
    """A scored base's ability that acts after it has left play (e.g. Tortuga)."""
    hook = _hook(fx.card, Hook(moment))
    return hook.effect(fx) if hook else ()


def _hook(base_card: str, moment: Hook) -> BaseHook | None:
    """A base's hook for a moment, asked once the base has left play (its ability applied or
    not was settled while it was in play: the task's 'active')."""
    return next((h for h in abilities.printed(base_card, BaseHook) if h.moment == moment), None)


# --- draw and end of turn --------------------------------------------------------------------


@step("draw_phase")
def _draw_phase(fx: Fx) -> Steps:
    seat = fx.state.active
    drawn = draw_cards(fx, seat, 2)
    # the hand as these events leave it (only the cards drawn join it): at the limit or under
    # it, the hand_limit task would ask nothing, so it is not run (most turns)
    size = len(fx.state.players[seat].hand)
    for e in drawn:
        if type(e) is ev.CardsDrawn:
            size += len(e.cards)
    if size <= rules.HAND_LIMIT:
        return _TO_DRAW, *drawn  # the plays not made are lost when the play phase ends
    return _TO_DRAW, *drawn, seat_task("hand_limit", seat)


@step("hand_limit")
def _hand_limit(fx: Fx, *, seat: int) -> Steps:
    hand = fx.state.players[seat].hand
    if len(hand) <= rules.HAND_LIMIT:
        return ()
    options = [fx.option("card", c) for c in hand]
    prompt = f"Discard down to {rules.HAND_LIMIT} cards ({len(hand) - rules.HAND_LIMIT} more)"
    return fx.ask(seat, "discard", prompt, options, _hand_limit_discard, seat=seat)


@step("hand_limit_discard")
def _hand_limit_discard(fx: Fx, *, seat: int, choice: str) -> Steps:
    card = next(c for c in fx.state.players[seat].hand if c.uid == choice)
    discarded = ev.CardDiscarded(card.uid, card.card, card.owner, "hand")
    return discarded, seat_task("hand_limit", seat)


@step("end_phase")
def _end_phase(fx: Fx) -> Steps:
    """End-of-turn abilities resolve first, then every 'until the end of the turn' expires."""
    fired = fire(fx.state, Moment.END_OF_TURN, _turn_ending(fx.state.active))
    if not fired:  # the expire task would run on this state but for its phase: it runs now
        return (_TO_END, *_expire(fx))
    return (_TO_END, *fired, _EXPIRE)


@step("expire")
def _expire(fx: Fx) -> Steps:
    return ev.EffectsExpired(fx.state.turn), *_check_end(fx)  # expiring changes no VP


@step("check_end")
def _check_end(fx: Fx) -> Steps:
    vps = [p.vp for p in fx.state.players]
    gone = fx.state.table.resigned if fx.state.table else ()
    # a seat that resigned cannot win
    can_win = [-1 if seat in gone else vp for seat, vp in enumerate(vps)] if gone else vps
    best = max(can_win)
    if best >= rules.WIN_VP and can_win.count(best) == 1:
        return (ev.GameEnded(can_win.index(best), tuple(vps), "victory"),)
    # the next turn's start_turn task, run now: it would run next, on a state of this turn
    return _start_turn(fx, seat=rules.next_seat(fx.state, fx.state.active))


# --- setup: the mulligan ---------------------------------------------------------------------


@step("mulligan_offer")
def _mulligan_offer(fx: Fx, *, seat: int) -> Steps:
    """Every seat is asked, so being asked tells nobody that a hand has no minion; only a hand
    without minions may be shown, discarded and drawn again (once)."""
    hand = fx.state.players[seat].hand
    options = [Option("keep", "Keep this hand", False)]
    if not any(rules.card_type(c.card) == "minion" for c in hand):
        options.append(Option("mulligan", "Show this hand, discard it and draw 5 new cards", True))
    prompt = "Your starting hand: keep it (a hand without minions may be redrawn once)"
    return fx.ask(seat, "mulligan", prompt, options, _mulligan_answer, always=True, seat=seat)


@step("mulligan_answer")
def _mulligan_answer(fx: Fx, *, seat: int, choice: bool) -> Steps:
    if not choice:
        return ()
    hand = fx.state.players[seat].hand
    return ev.HandDiscarded(seat, hand, "mulligan"), *fx.draw(seat, 5)
