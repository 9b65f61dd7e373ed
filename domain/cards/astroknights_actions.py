"""Astroknights (Cease and Desist): the actions. "Until the end of the turn" is the turn being
played (these may be played in another player's turn, through a Special or Walking Carpet)."""

from __future__ import annotations

from domain import plays, rules, verbs
from domain.abilities import IncreasesPower, OngoingPower, Protection, card
from domain.effects import OnPlay, Special, Triggered, anytime, play_itself
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Option, Zone
from domain.moments import Moment, Window
from domain.registry import Cause, Source, Step
from domain.selectors import its_controllers_turn
from domain.steps import step
from domain.verbs import pick_from_discard, play_now, shuffle_picked


def _boost(fx: Fx, minions: list[Minion], amount: int, prompt: str) -> Steps:
    """Choose one of `minions`: it gets +amount power until the end of the turn."""
    return fx.choose(
        "minion", minions, prompt, then=verbs.modify_power, amount=amount, this_turn=True
    )


# --- Block the Probe ----------------------------------------------------------------------------


def block_the_probe(fx: Fx) -> Steps:
    return _boost(fx, fx.minions(), 2, "Block the Probe: a minion gets +2 power")


# --- Hidden Base --------------------------------------------------------------------------------


def hidden_base(fx: Fx) -> Steps:
    if not fx.minions(base=fx.base, controller=fx.me):
        return ()
    return fx.draw(fx.me, 1)


# --- It's a Trap! -------------------------------------------------------------------------------


def its_a_trap(fx: Fx) -> Steps:
    return (*fx.play(fx.src), *fx.then(its_a_trap_reveal))


@step("its_a_trap_reveal")
def its_a_trap_reveal(fx: Fx) -> Steps:
    """Reveal from the top until an action (the discard pile reshuffled under the deck if the
    deck runs out); nothing more if there is none."""
    p = fx.state.players[fx.me]
    in_deck = any(rules.card_type(c.card) == "action" for c in p.deck)
    steps, cards = fx.top_of_deck(len(p.deck) + (0 if in_deck else len(p.discard)))
    shown: list[Step] = []
    found = None
    for c in cards:
        shown += fx.reveal(c, "deck")
        if rules.card_type(c.card) == "action":
            found = c
            break
    if found is None:
        return (*steps, *shown, *fx.shuffle_deck())
    options = [
        Option("hand", "Put it into your hand", "hand"),
        Option("play", "Play it now", "play"),
    ]
    if not plays.action_playable(fx.state, fx.me, found.card):
        options.pop()
    prompt = f"It's a Trap!: {rules.name(found.card)} was revealed; keep it or play it?"
    ask = fx.ask(
        fx.me,
        "choice",
        prompt,
        options,
        its_a_trap_take,
        optional=True,
        skip_label="Shuffle it back",
        uid=found.uid,
        on_skip=its_a_trap_take,
    )
    return (*steps, *shown, *ask)


@step("its_a_trap_take")
def its_a_trap_take(fx: Fx, *, uid: str, choice: str | None = None) -> Steps:
    found = next((c for c in fx.deck() if c.uid == uid), None)
    if found is None or choice is None:
        return fx.shuffle_deck()
    if choice == "hand":
        return (*fx.move_card(found, "deck", "hand"), *fx.then(its_a_trap_shuffle))
    return (*play_now(fx, fx.me, found), *fx.then(its_a_trap_shuffle))


@step("its_a_trap_shuffle")
def its_a_trap_shuffle(fx: Fx) -> Steps:
    return fx.shuffle_deck()


# --- Laser Sword --------------------------------------------------------------------------------


def laser_sword(state: GameState, src: Source, base: int, m: Minion) -> int:
    """Printed +1 (not the later +2 errata)."""
    return 1 if src.host == m.uid else 0


def laser_sword_guard(
    state: GameState, src: Source, base: int, m: Minion, cause: Cause
) -> str | None:
    """Effects of minions controlled by anyone but this action's controller do not affect
    its host."""
    theirs = cause.kind == "minion" and cause.seat not in (None, src.controller)
    return "block" if src.host == m.uid and theirs else None


# --- Prepare for Battle -------------------------------------------------------------------------


def prepare_for_battle(fx: Fx) -> Steps:
    """Printed (not the later errata): reveal 2, take 1, the other on top or at the bottom."""
    steps, top = fx.top_of_deck(2)
    steps += tuple(e for c in top for e in fx.reveal(c, "deck"))
    if not top:
        return steps
    prompt = "Prepare for Battle: put one of the revealed cards into your hand"
    ask = fx.choose("card", top, prompt, prepare_take, revealed=[c.uid for c in top])
    return (*steps, *ask)


@step("prepare_take")
def prepare_take(fx: Fx, *, revealed: list[str], choice: str) -> Steps:
    taken = [c for c in fx.deck() if c.uid == choice]
    other = [c for c in fx.deck() if c.uid in revealed and c.uid != choice]
    steps = fx.draw_these(taken)
    if not other:
        return steps
    options = [
        Option("deck_top", "On top of your deck", "deck_top"),
        Option("deck_bottom", "At the bottom of your deck", "deck_bottom"),
    ]
    prompt = "Prepare for Battle: the other revealed card goes on top or at the bottom?"
    ask = fx.ask(fx.me, "choice", prompt, options, prepare_put, uid=other[0].uid)
    return (*steps, *ask)


@step("prepare_put")
def prepare_put(fx: Fx, *, uid: str, choice: str) -> Steps:
    found = next((c for c in fx.deck() if c.uid == uid), None)
    if found is None or choice == "deck_top":
        return ()
    return fx.move_card(found, "deck", "deck_bottom")


# --- Recycle the Trash --------------------------------------------------------------------------


def recycle_the_trash(fx: Fx) -> Steps:
    return fx.then(recycle_pick, picked=[])


@step("recycle_pick")
def recycle_pick(fx: Fx, *, picked: list[str], choice: str | None = None) -> Steps:
    picked = [*picked, *([] if choice is None else [choice])]
    prompt = "Recycle the Trash: you may shuffle an action from your discard pile into your deck"
    return pick_from_discard(fx, picked, _is_action, 2, prompt, recycle_pick, recycle_shuffle)


def _is_action(card: str) -> bool:
    return rules.card_type(card) == "action"


@step("recycle_shuffle")
def recycle_shuffle(fx: Fx, *, picked: list[str]) -> Steps:
    return shuffle_picked(fx, picked)


# --- Use the Fours, Yield to Rage ---------------------------------------------------------------


def use_the_fours(fx: Fx) -> Steps:
    mine = fx.minions(controller=fx.me)
    return _boost(fx, mine, 4, "Use the Fours: one of your minions gets +4 power")


def yield_to_rage(fx: Fx) -> Steps:
    mine = fx.minions(controller=fx.me)
    boost = _boost(fx, mine, 2, "Yield to Rage: one of your minions gets +2 power")
    return (*boost, *fx.extra_play("action"))


# --- the cards: each one's abilities, as values --------------------------------------------

card(
    "astroknights.block_the_probe",
    OnPlay(block_the_probe),
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "Block the Probe: play it now",
        anytime,
        play_itself,
        plays_it=True,
    ),
    IncreasesPower(),
)
card(
    "astroknights.hidden_base",
    Triggered(Moment.START_OF_TURN, hidden_base, its_controllers_turn),
)
card(
    "astroknights.its_a_trap",
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "It's a Trap!: play it now",
        anytime,
        its_a_trap,
        plays_it=True,
    ),
)
card(
    "astroknights.laser_sword",
    OngoingPower(laser_sword),
    Protection(laser_sword_guard),
    IncreasesPower(),
)
card("astroknights.prepare_for_battle", OnPlay(prepare_for_battle))
card("astroknights.recycle_the_trash", OnPlay(recycle_the_trash))
card("astroknights.use_the_fours", OnPlay(use_the_fours), IncreasesPower())
card("astroknights.yield_to_rage", OnPlay(yield_to_rage), IncreasesPower())
