"""Cowboys ("Oops, You Did It Again"): duels, and the bases Saloon and So-So Corral; Shogun's
Palace (a Samurai base that duels) is here too, with the duel cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain import duels, plays, rules, selectors
from domain.abilities import OnPlay, Protection, Special, Triggered, card
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Option
from domain.registry import Cause, Source
from domain.steps import StepFn, step
from domain.verbs import extra_play_base, play_now

# --- Gunfighter -------------------------------------------------------------------------------


def gunfighter(fx: Fx) -> Steps:
    if not duels.may_start(fx.state):
        return ()
    targets = duels.opponents_here(fx.state, fx.src)
    prompt = "Gunfighter may duel a minion of another player on its base (the loser is destroyed)"
    return fx.choose_minion(targets, prompt, gunfighter_duel, optional=True)


@step("gunfighter_duel")
def gunfighter_duel(fx: Fx, *, choice: str) -> Steps:
    return fx.duel(fx.src, choice, duels.losers_destroyed)


# --- High Noon --------------------------------------------------------------------------------


def _challengers(fx: Fx) -> list[str]:
    """My minions that have a minion of another player on their base."""
    return [m.uid for m in fx.minions(controller=fx.me) if duels.opponents_here(fx.state, m.uid)]


def high_noon(fx: Fx) -> Steps:
    if not duels.may_start(fx.state):
        return ()
    mine = [m for m in fx.minions(controller=fx.me) if m.uid in _challengers(fx)]
    prompt = "High Noon: choose your minion that starts a duel"
    return fx.choose_minion(mine, prompt, high_noon_mine)


@step("high_noon_mine")
def high_noon_mine(fx: Fx, *, choice: str) -> Steps:
    prompt = "High Noon: choose the minion it duels (the loser is destroyed)"
    targets = duels.opponents_here(fx.state, choice)
    return fx.choose_minion(targets, prompt, high_noon_duel, mine=choice)


@step("high_noon_duel")
def high_noon_duel(fx: Fx, *, mine: str, choice: str) -> Steps:
    return fx.duel(mine, choice, high_noon_result)


@step("high_noon_result")
def high_noon_result(fx: Fx, *, challenger: str, winners: list[str], losers: list[str]) -> Steps:
    extra = fx.then(high_noon_extra, uid=challenger) if winners == [challenger] else ()
    return (*duels.losers_destroyed(fx, losers=losers), *extra)


@step("high_noon_extra")
def high_noon_extra(fx: Fx, *, uid: str) -> Steps:
    """My minion won: if it survived, an extra minion on the base where it stands."""
    found = rules.find_minion(fx.state, uid)
    if found is None:
        return ()
    return fx.extra_play("minion", base=fx.state.bases[found[0]].card)


# --- Quick Draw -------------------------------------------------------------------------------


def quick_draw(fx: Fx) -> Steps:
    prompt = "Quick Draw: choose a minion of yours (+4 if it is duelling, else +2)"
    return fx.choose_minion(fx.minions(controller=fx.me), prompt, quick_draw_power)


@step("quick_draw_power")
def quick_draw_power(fx: Fx, *, choice: str) -> Steps:
    """The bonus is set now, once, by whether the minion is duelling at this moment."""
    amount = 4 if choice in duels.duelling(fx.state) else 2
    return fx.add_power(choice, amount, this_turn=True)


# --- Deputy -----------------------------------------------------------------------------------


def _deputy_in_duel(state: GameState, seat: int, uid: str, base: int) -> bool:
    """One of the seat's minions is duelling."""
    return any(
        found is not None and found[1].controller == seat
        for found in (rules.find_minion(state, m) for m in duels.duelling(state))
    )


def _deputy_in_play_phase(state: GameState, seat: int, uid: str, base: int) -> bool:
    return any(True for _ in rules.all_minions(state))


def deputy(fx: Fx) -> Steps:
    """Discard this Deputy from hand (not a play): one minion gets +2 until the end of the turn."""
    mine = next((c for c in fx.hand() if c.uid == fx.src), None)
    if mine is None:
        return ()
    everyone = [m for _, m in rules.all_minions(fx.state)]
    prompt = "Deputy: choose a minion to give +2 power until the end of the turn"
    return (*fx.discard_from_hand(mine), *fx.choose_minion(everyone, prompt, deputy_power))


@step("deputy_power")
def deputy_power(fx: Fx, *, choice: str) -> Steps:
    return fx.add_power(choice, 2, this_turn=True)


# --- Pinkerton ------------------------------------------------------------------------------


def _my_duellists_here(state: GameState, src: Source, facts: Mapping[str, Any]) -> list[str]:
    """The duelling minions (the moment's facts) that this card's controller controls on this
    card's base."""
    out = []
    for uid in (str(facts["challenger"]), str(facts["challenged"])):
        found = rules.find_minion(state, uid)
        if found is not None and found[0] == src.base and found[1].controller == src.controller:
            out.append(uid)
    return out


def _pinkerton_reacts(state: GameState, src: Source, facts: Mapping[str, Any]) -> bool:
    return bool(_my_duellists_here(state, src, facts))


def pinkerton(fx: Fx) -> Steps:
    """Each of my duelling minions on this Pinkerton's base (itself too) gets a +1 counter,
    before any duel card is placed."""
    found = rules.find_minion(fx.state, fx.src)
    if found is None:
        return ()
    src = Source(fx.card, fx.src, found[0], found[1].controller)
    mine = _my_duellists_here(fx.state, src, fx.ctx)
    return tuple(x for uid in mine for x in fx.place_counters(uid))


# --- Sheriff --------------------------------------------------------------------------------


def _sheriff_flag(state: GameState, uid: str, base: int) -> str:
    return f"sheriff:{uid}:{state.bases[base].card}"


def _sheriff_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    """On the base about to score, with a minion of another player there, once per scoring."""
    found = rules.find_minion(state, uid)
    return (
        found is not None
        and found[0] == base
        and duels.may_start(state)
        and bool(duels.opponents_here(state, uid))
        and _sheriff_flag(state, uid, base) not in state.flags
    )


def sheriff(fx: Fx) -> Steps:
    targets = duels.opponents_here(fx.state, fx.src)
    prompt = "Sheriff: choose the minion it duels (the loser is destroyed)"
    flag = fx.set_flag(_sheriff_flag(fx.state, fx.src, fx.base))
    return (*flag, *fx.choose_minion(targets, prompt, sheriff_duel))


@step("sheriff_duel")
def sheriff_duel(fx: Fx, *, choice: str) -> Steps:
    return fx.duel(fx.src, choice, duels.losers_destroyed)


# --- Run 'Em Off ----------------------------------------------------------------------------


def run_em_off(fx: Fx) -> Steps:
    if not duels.may_start(fx.state):
        return ()
    mine = [m for m in fx.minions(controller=fx.me) if m.uid in _challengers(fx)]
    prompt = "Run 'Em Off: choose your minion that starts a duel"
    return fx.choose_minion(mine, prompt, run_em_off_mine)


@step("run_em_off_mine")
def run_em_off_mine(fx: Fx, *, choice: str) -> Steps:
    prompt = "Run 'Em Off: choose the minion it duels (the loser is moved away)"
    targets = duels.opponents_here(fx.state, choice)
    return fx.choose_minion(targets, prompt, run_em_off_duel, mine=choice)


@step("run_em_off_duel")
def run_em_off_duel(fx: Fx, *, mine: str, choice: str) -> Steps:
    return fx.duel(mine, choice, run_em_off_result)


@step("run_em_off_result")
def run_em_off_result(
    fx: Fx, *, challenger: str, challenged: str, winners: list[str], losers: list[str]
) -> Steps:
    """Winners get +3 until the end of the turn; each loser is moved to another base by the
    controller of the other minion (on a tie, each by the other's controller)."""
    out: Steps = tuple(x for uid in winners for x in fx.add_power(uid, 3, this_turn=True))
    for loser in losers:
        other = challenged if loser == challenger else challenger
        found, by = rules.find_minion(fx.state, loser), rules.find_minion(fx.state, other)
        if found is None or by is None:
            continue
        bases = [i for i in fx.bases() if i != found[0]]
        prompt = f"Run 'Em Off: move {rules.name(found[1].card)} to another base"
        out += fx.choose_base(bases, prompt, "move", seat=by[1].controller, uid=loser)
    return out


# --- Form a Posse ----------------------------------------------------------------------------

POSSE = "cowboys.form_a_posse"


def form_a_posse(fx: Fx) -> Steps:
    """The minions I control now: +1 power and immune to destroy, move and return this turn
    (a lasting effect noting them)."""
    mine = fx.minions(controller=fx.me)
    turn = fx.state.turn
    lasting = fx.linger(POSSE, fx.me, turn, turn, " ".join(m.uid for m in mine))
    return (*lasting, *(x for m in mine for x in fx.add_power(m.uid, 1, this_turn=True)))


def posse_immunity(
    state: GameState, src: Source, base: int, minion: Minion, cause: Cause
) -> str | None:
    if cause.verb not in ("destroy", "move", "return"):
        return None
    covered = any(
        x.card == POSSE
        and x.seat == src.controller
        and x.from_turn <= state.turn <= x.until_turn
        and minion.uid in (x.note or "").split()
        for x in state.lingering
    )
    return "block" if covered else None


# --- Gold Strike ----------------------------------------------------------------------------


def _mine_played_here(state: GameState, src: Source, facts: Mapping[str, Any]) -> bool:
    return facts.get("played_base") == src.base and facts.get("played_by") == src.controller


def gold_strike(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


# --- Stagecoach -----------------------------------------------------------------------------


def _my_cards_at(fx: Fx, base: int) -> list[Option]:
    """The cards I control at a base that Stagecoach may relocate: minions, actions played on
    the base itself, buried cards (their options name them to me only)."""
    out = [fx.minion_option(m) for m in fx.minions(base=base, controller=fx.me)]
    out += [fx.card_option(a) for a in fx.state.bases[base].attached if a.controller == fx.me]
    out += [fx.buried_option(c) for c in fx.buried(base, fx.me)]
    return out


def _base_of(state: GameState, card_id: str) -> int | None:
    """Where a minion, an action on a base, or a buried card (by handle) is."""
    found = rules.find_minion(state, card_id)
    if found is not None:
        return found[0]
    buried = rules.find_buried(state, card_id)
    if buried is not None:
        return buried[0]
    return next(
        (i for i, b in enumerate(state.bases) for a in b.attached if a.uid == card_id), None
    )


def stagecoach(fx: Fx) -> Steps:
    options = [o for b in fx.bases() for o in _my_cards_at(fx, b)]
    prompt = "Stagecoach: choose a card you control to relocate (up to two from one base)"
    return fx.ask(fx.me, "card", prompt, options, stagecoach_first, optional=True)


@step("stagecoach_first")
def stagecoach_first(fx: Fx, *, choice: str) -> Steps:
    base = _base_of(fx.state, choice)
    if base is None:
        return ()
    others = [o for o in _my_cards_at(fx, base) if o.id != choice]
    prompt = "Stagecoach: choose a second card of yours at the same base, or none"
    return fx.ask(
        fx.me,
        "card",
        prompt,
        others,
        stagecoach_second,
        optional=True,
        skip_label="Only the first",
        on_skip=stagecoach_second,
        first=choice,
    )


@step("stagecoach_second")
def stagecoach_second(fx: Fx, *, first: str, choice: str | None = None) -> Steps:
    base = _base_of(fx.state, first)
    if base is None:
        return ()
    cards = [first] if choice is None else [first, choice]
    prompt = "Stagecoach: choose the base the cards go to"
    elsewhere = [i for i in fx.bases() if i != base]
    return fx.choose_base(elsewhere, prompt, stagecoach_go, cards=cards)


@step("stagecoach_go")
def stagecoach_go(fx: Fx, *, cards: list[str], choice: int) -> Steps:
    out: Steps = ()
    for card_id in cards:
        base = _base_of(fx.state, card_id)
        if base is None or base == choice:
            continue
        if rules.find_minion(fx.state, card_id) is not None:
            out += fx.move(card_id, choice)
        else:
            out += fx.relocate(card_id, base, choice)
    return out


# --- Gold in Them Thar Hills ----------------------------------------------------------------


def gold_hills(fx: Fx) -> Steps:
    """Look at my top three cards (options only I see); take one, revealed, into my hand."""
    reshuffle, top = fx.top_of_deck(3)
    prompt = "Gold in Them Thar Hills: choose one of the top cards of your deck to take"
    return (*reshuffle, *fx.choose_card(top, prompt, gold_hills_take, looked=len(top)))


@step("gold_hills_take")
def gold_hills_take(fx: Fx, *, looked: int, choice: str) -> Steps:
    deck = fx.deck()
    taken = next((c for c in deck[:looked] if c.uid == choice), None)
    if taken is None:
        return ()
    rest = [c for c in deck[:looked] if c.uid != choice]
    out = (*fx.reveal(taken, "deck"), *fx.move_card(taken, "deck", "hand"))
    if len({c.card for c in rest}) > 1:  # the others go back on top in the order I choose
        prompt = "Gold in Them Thar Hills: choose the card to put on top of your deck"
        out += fx.choose_card(rest, prompt, gold_hills_order)
    return (*out, *fx.then(gold_hills_play, uid=taken.uid))


@step("gold_hills_order")
def gold_hills_order(fx: Fx, *, choice: str) -> Steps:
    top = next((c for c in fx.deck() if c.uid == choice), None)
    return () if top is None else fx.move_card(top, "deck", "deck_top", public=False)


@step("gold_hills_play")
def gold_hills_play(fx: Fx, *, uid: str) -> Steps:
    """The card taken may be played at once as an extra card of its kind."""
    taken = next((c for c in fx.hand() if c.uid == uid), None)
    if taken is None:
        return ()
    kind = rules.card_type(taken.card)
    if kind == "minion" and not plays.extra_minion_bases(fx.state, fx.me, taken.card, None, None):
        return ()
    if kind == "action" and not plays.action_playable(fx.state, fx.me, taken.card):
        return ()
    option = Option("play", f"Play {rules.name(taken.card)} now", True)
    prompt = f"Gold in Them Thar Hills: you may play {rules.name(taken.card)} now"
    return fx.ask(fx.me, "yes_no", prompt, [option], gold_hills_extra, optional=True, uid=uid)


@step("gold_hills_extra")
def gold_hills_extra(fx: Fx, *, uid: str, choice: bool) -> Steps:
    taken = next((c for c in fx.hand() if c.uid == uid), None)
    if taken is None:
        return ()
    if rules.card_type(taken.card) != "minion":
        return play_now(fx, fx.me, taken)
    bases = plays.extra_minion_bases(fx.state, fx.me, taken.card, None, None)
    prompt = f"Play {rules.name(taken.card)} on which base?"
    options = [fx.base_option(i) for i in bases]
    return fx.ask(fx.me, "base", prompt, options, extra_play_base, seat=fx.me, uid=uid)


# --- bases ------------------------------------------------------------------------------------

SALOON, CORRAL, PALACE = "base.saloon", "base.so_so_corral", "base.shoguns_palace"


def saloon(fx: Fx) -> Steps:
    """After a minion here is destroyed, each player with a minion here may draw a card."""
    here = {m.controller for m in fx.minions(base=fx.base)}
    out: Steps = ()
    for seat in rules.seats_from(fx.state, fx.state.active):
        if seat in here:
            draw = [Option("draw", "Draw a card", True)]
            prompt = "Saloon: a minion was destroyed here; you may draw a card"
            out += fx.ask(seat, "yes_no", prompt, draw, saloon_draw, optional=True, seat=seat)
    return out


@step("saloon_draw")
def saloon_draw(fx: Fx, *, seat: int) -> Steps:
    return fx.draw(seat, 1)


def _base_duel(fx: Fx, prompt: str, then: StepFn) -> Steps:
    """The minion just played on this base may duel one of another player's minions here: its
    player chooses (and is the one behind the duel's effects)."""
    uid, seat = str(fx.ctx["uid"]), int(fx.ctx["played_by"])
    found = rules.find_minion(fx.state, uid)
    if found is None or found[0] != fx.base or not duels.may_start(fx.state):
        return ()
    targets = duels.opponents_here(fx.state, uid)
    asking = Fx(fx.state, {**fx.ctx, "by": seat}, fx.rng)
    return asking.choose_minion(targets, prompt, then, optional=True, seat=seat, mine=uid)


def so_so_corral(fx: Fx) -> Steps:
    prompt = "So-So Corral: the minion you played may duel a minion here (the loser is destroyed)"
    return _base_duel(fx, prompt, corral_duel)


@step("corral_duel")
def corral_duel(fx: Fx, *, mine: str, choice: str) -> Steps:
    return fx.duel(mine, choice, duels.losers_destroyed)


def _palace_flag(state: GameState) -> str:
    return f"shoguns_palace:{state.turn}"


def _palace_reacts(state: GameState, src: Source, facts: Mapping[str, Any]) -> bool:
    return selectors.played_here(state, src, facts) and _palace_flag(state) not in state.flags


def shoguns_palace(fx: Fx) -> Steps:
    prompt = "Shogun's Palace: the minion you played may duel a minion here (the winner draws 2)"
    return _base_duel(fx, prompt, palace_duel)


@step("palace_duel")
def palace_duel(fx: Fx, *, mine: str, choice: str) -> Steps:
    """Once per turn: the flag is set when a duel is chosen here."""
    return (*fx.set_flag(_palace_flag(fx.state)), *fx.duel(mine, choice, palace_result))


@step("palace_result")
def palace_result(fx: Fx, *, winners: list[str]) -> Steps:
    out: Steps = ()
    for uid in winners:
        found = rules.find_minion(fx.state, uid)
        if found is not None:
            out += fx.draw(found[1].controller, 2)
    return out


DEPUTY_LABEL = "Deputy: discard it to give a minion +2 power"

card(
    "cowboys.deputy",
    Special("play", "hand", DEPUTY_LABEL, _deputy_in_play_phase, deputy),
    Special(duels.WINDOW, "hand", DEPUTY_LABEL, _deputy_in_duel, deputy),
)
card("cowboys.gunfighter", OnPlay(gunfighter))
card("cowboys.pinkerton", Triggered(duels.DUEL_STARTED, pinkerton, when=_pinkerton_reacts))
card(
    "cowboys.sheriff",
    Special("before_scoring", "play", "Sheriff: duel a minion here", _sheriff_may, sheriff),
)
card("cowboys.form_a_posse", OnPlay(form_a_posse), Protection(posse_immunity))
card("cowboys.quick_draw", OnPlay(quick_draw))
card("cowboys.gold_in_them_thar_hills", OnPlay(gold_hills))
card("cowboys.stagecoach", OnPlay(stagecoach))
card("cowboys.run_em_off", OnPlay(run_em_off))
card("cowboys.high_noon", OnPlay(high_noon))
card("cowboys.gold_strike", Triggered("minion_played", gold_strike, when=_mine_played_here))
card(SALOON, Triggered("minion_destroyed", saloon, when=selectors.destroyed_here))
card(CORRAL, Triggered("minion_played", so_so_corral, when=selectors.played_here))
card(PALACE, Triggered("minion_played", shoguns_palace, when=_palace_reacts))
