"""Astroknights (Cease and Desist): the minions, and the faction's bases. The actions are in
domain.cards.astroknights_actions."""

from __future__ import annotations

from domain import piles, plays, rules, verbs
from domain.abilities import OngoingPower, Protection, card, increases_power
from domain.costs import PayVp
from domain.effects import BaseHook, OnPlay, Special, Talent, Triggered
from domain.facts import PowerRaised
from domain.flow import discard_all_on, replace_with_top
from domain.fx import Fx, Steps, verb
from domain.limits import OncePerTurn
from domain.model import CardRef, GameState, Minion, Option, Zone
from domain.moments import Hook, Moment, Window
from domain.piles import put_back_on_top
from domain.plays import INCREASES_POWER
from domain.registry import Cause, Source
from domain.steps import step

# --- Space Knight ------------------------------------------------------------------------------


def space_knight(fx: Fx) -> Steps:
    steps, top = piles.top_of_deck(fx, 3)
    steps += tuple(e for c in top for e in fx.reveal(c, "deck"))
    actions = [c for c in top if rules.card_type(c.card) == "action"]
    revealed = [c.uid for c in top]
    if not actions:
        return (*steps, *fx.then(restack, revealed=revealed, ordered=[]))
    prompt = "Space Knight: you may put a revealed action into your hand"
    ask = fx.choose(
        "card",
        actions,
        prompt,
        space_knight_take,
        optional=True,
        revealed=revealed,
        on_skip=space_knight_take,
    )
    return (*steps, *ask)


@step("space_knight_take")
def space_knight_take(fx: Fx, *, revealed: list[str], choice: str | None = None) -> Steps:
    taken = [c for c in fx.deck() if c.uid == choice]
    drawn = piles.draw_these(fx, taken)
    left = [u for u in revealed if u != choice]
    return (*drawn, *fx.then(restack, revealed=left, ordered=[]))


@step("astroknights_restack")
def restack(fx: Fx, *, revealed: list[str], ordered: list[str], choice: str | None = None) -> Steps:
    """The revealed cards left go back on top of the deck in the order chosen."""
    ordered = [*ordered, *([] if choice is None else [choice])]
    prompt = "Choose the next card to put back on top of your deck (first = top)"
    return put_back_on_top(fx, revealed, ordered, prompt, restack)


# --- Scoundrel ----------------------------------------------------------------------------------


def scoundrel(fx: Fx) -> Steps:
    """The rulebook: usable with no other minion of yours on its base (then it moves alone)."""
    here = fx.base_of(fx.src)
    others = [m for m in fx.minions(base=here, controller=fx.me) if m.uid != fx.src]
    if not others:
        return fx.then(scoundrel_with)
    prompt = "Scoundrel: you may choose another of your minions here to move with it"
    return fx.choose(
        "minion",
        others,
        prompt,
        scoundrel_with,
        optional=True,
        skip_label="Move it alone",
        on_skip=scoundrel_with,
    )


@step("scoundrel_with")
def scoundrel_with(fx: Fx, *, choice: str | None = None) -> Steps:
    here = fx.base_of(fx.src)
    bases = [i for i in fx.bases() if i != here]
    prompt = "Scoundrel: move to which base?"
    return fx.choose("base", bases, prompt, scoundrel_go, companion=choice)


@step("scoundrel_go")
def scoundrel_go(fx: Fx, *, companion: str | None, choice: int) -> Steps:
    moving = [fx.src, *([] if companion is None else [companion])]
    return tuple(t for uid in moving for t in fx.move(uid, choice))


# --- Space Prince -------------------------------------------------------------------------------


def space_prince(fx: Fx) -> Steps:
    return fx.extra_play("action", condition=INCREASES_POWER)


# --- Walking Carpet -----------------------------------------------------------------------------


def _not_winning(state: GameState, seat: int, base: int) -> bool:
    """Not the player winning the base: someone else has at least as much power there (a tie
    for first is no win)."""
    totals = rules.power_by_seat(state, base)
    mine = totals.get(seat, 0)
    return any(total >= mine for s, total in totals.items() if s != seat)


def _boosts_in_hand(state: GameState, seat: int) -> list[CardRef]:
    return [
        c
        for c in state.players[seat].hand
        if rules.card_type(c.card) == "action"
        and increases_power(c.card)
        and plays.action_playable(state, seat, c.card)
    ]


CARPET = OncePerTurn("walking_carpet")  # per minion and base card: once per scoring


def _carpet_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    """Once as its base is about to score, if not winning there, with such an action in hand."""
    found = rules.find_minion(state, uid)
    if found is None or found[0] != base or CARPET.used(state, uid, state.bases[base].card):
        return False
    return _not_winning(state, seat, base) and bool(_boosts_in_hand(state, seat))


def walking_carpet(fx: Fx) -> Steps:
    cards = _boosts_in_hand(fx.state, fx.me)
    prompt = "Walking Carpet: choose an action from your hand to play on it"
    used = CARPET.use(fx.src, fx.state.bases[fx.base].card)
    return (*used, *fx.choose("card", cards, prompt, walking_carpet_play))


@step("walking_carpet_play")
def walking_carpet_play(fx: Fx, *, choice: str) -> Steps:
    if rules.find_minion(fx.state, fx.src) is None:
        return ()
    if rules.action_kind(_hand_card(fx, choice).card) == "ongoing_minion":
        return fx.play(choice, target=fx.src, apply_to=fx.src)
    return fx.play(choice, apply_to=fx.src)


def _hand_card(fx: Fx, uid: str) -> CardRef:
    return next(c for c in fx.hand() if c.uid == uid)


# --- Alien Guru ---------------------------------------------------------------------------------


def _raised_by_its_controller(state: GameState, src: Source, raised: PowerRaised) -> bool:
    """Its controller played an action that directly raised a minion's power (any minion)."""
    return raised.by == src.controller


def alien_guru(fx: Fx, raised: PowerRaised) -> Steps:
    """Once per turn. An action raising several minions asks about each in turn: the rulebook
    lets the player choose which one gets the counter (skip until the one wanted)."""
    if GURU.used(fx.state, fx.src):
        return ()
    found = rules.find_minion(fx.state, raised.uid)
    if found is None:
        return ()
    prompt = "Alien Guru: you may place a +1 power counter on the minion just raised"
    return fx.choose("minion", [found[1]], prompt, alien_guru_counter, optional=True)


GURU = OncePerTurn("alien_guru")  # per Alien Guru


@step("alien_guru_counter")
def alien_guru_counter(fx: Fx, *, choice: str) -> Steps:
    return (*GURU.use(fx.src), *fx.place_counters(choice, 1))


# --- Annoying Alien -----------------------------------------------------------------------------


def annoying_alien(fx: Fx) -> Steps:
    here = fx.base_of(fx.src)
    names = sorted({m.card for m in fx.minions(base=here)}, key=rules.name)
    options = [Option(name, rules.name(name), name, card=name) for name in names]
    prompt = "Annoying Alien: name a minion; each one of that name here gets -2 power"
    return fx.ask(fx.me, "name", prompt, options, annoying_alien_named)


@step("annoying_alien_named")
def annoying_alien_named(fx: Fx, *, choice: str) -> Steps:
    here = fx.base_of(fx.src)
    if here < 0:
        return ()
    until = rules.next_turn_of(fx.state, fx.me) - 1  # until my next turn starts
    named = [m for m in fx.minions(base=here) if m.card == choice]
    return tuple(t for m in named for t in verb(fx, "power", uid=m.uid, amount=-2, until=until))


# --- Astro Robot, Mannersbot, Pupoks ------------------------------------------------------------


def astro_robot(fx: Fx) -> Steps:
    """Printed (not the later errata): the destruction is mandatory when a target exists."""
    attached = [a for _, a, _ in fx.attached(base=fx.base)]
    prompt = "Astro Robot: destroy an action attached to this base or to a minion here"
    return fx.choose("card", attached, prompt, then=verbs.destroy_attached, uid=None)


def mannersbot(fx: Fx) -> Steps:
    steps, top = piles.reveal_top(fx)
    if top is None or rules.card_type(top.card) != "action":
        return steps
    return (*steps, *piles.draw_these(fx, [top]))


def pupoks(fx: Fx) -> Steps:
    steps, top = piles.top_of_deck(fx, 3)
    steps = (*steps, *(e for c in top for e in fx.reveal(c, "deck")))
    drawn = piles.draw_these(fx, top)
    return (*steps, *drawn, *fx.then(pupoks_extra, drawn=[c.uid for c in top]))


@step("pupoks_extra")
def pupoks_extra(fx: Fx, *, drawn: list[str]) -> Steps:
    options = []
    for c in fx.hand():
        if c.uid not in drawn:
            continue
        if rules.card_type(c.card) == "minion":
            ok = bool(plays.bases_for(fx.state, fx.me, c.card))
        else:
            ok = plays.action_playable(fx.state, fx.me, c.card)
        if ok:
            options.append(fx.option("card", c))
    prompt = "Pupoks: you may play one of the cards drawn as an extra card"
    return fx.ask(
        fx.me,
        "extra_play",
        prompt,
        options,
        verbs.extra_play_card,
        optional=True,
        seat=fx.me,
        base=None,
        condition=None,
    )


# --- Ghost Knight -------------------------------------------------------------------------------


def ghost_knight_immune(
    state: GameState, src: Source, base: int, m: Minion, cause: Cause
) -> str | None:
    return "block" if m.uid == src.uid and cause.verb == "destroy" else None


def ghost_knight(state: GameState, src: Source, base: int, m: Minion) -> int:
    mine_here = base == src.base and m.controller == src.controller
    return 2 if mine_here and m.uid != src.uid else 0


# --- bases --------------------------------------------------------------------------------------


def _raised_own_minion_here(state: GameState, src: Source, raised: PowerRaised) -> bool:
    """An action played raised a minion on this base that its player controls."""
    return raised.base == src.base and raised.controller == raised.by


HIVE = OncePerTurn("hive_of_scum")  # per player


def hive_of_scum(fx: Fx, raised: PowerRaised) -> Steps:
    seat = raised.by
    return HIVE.once(fx.state, seat, then=fx.draw(seat, 1))


def neutral_space(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> str | None:
    """Effects of minions on this base controlled by another player than the minion's own do
    not affect it (a minion elsewhere, or an action, still does)."""
    if base != src.base or cause.kind != "minion" or cause.seat in (None, m.controller):
        return None
    found = rules.find_minion(state, cause.uid)
    return "block" if found is not None and found[0] == src.base else None


def no_moon(fx: Fx) -> Steps:
    """Before it scores: another base in play, chosen at random, goes with every card on it
    (minions discarded, not destroyed) and is replaced as usual; the scoring goes on."""
    others = [i for i in fx.bases() if i != fx.base]
    if not others:
        return ()
    gone = fx.rng.choice(others)
    discarded = discard_all_on(fx, gone, "base_discarded")
    return (*discarded, *replace_with_top(fx, gone, fx.state.bases[gone].card))


# --- the cards: each one's abilities, as values --------------------------------------------

card("astroknights.space_knight", Talent("Space Knight: look for an action", space_knight))
card("astroknights.scoundrel", Talent("Scoundrel: move with a friend", scoundrel))
card("astroknights.space_prince", Talent("Space Prince: play a power-up action", space_prince))
card(
    "astroknights.walking_carpet",
    Special(
        Window.BEFORE_SCORING,
        Zone.PLAY,
        "Walking Carpet: play a power-up action on it",
        _carpet_may,
        walking_carpet,
    ),
)
card(
    "astroknights.alien_guru",
    Triggered(Moment.POWER_RAISED, alien_guru, _raised_by_its_controller),
)
card("astroknights.annoying_alien", Talent("Annoying Alien: name a minion", annoying_alien))
card("astroknights.astro_robot", OnPlay(astro_robot))
card("astroknights.mannersbot", Talent("Mannersbot: reveal your top card", mannersbot))
card("astroknights.pupoks", Talent("Pupoks: pay 1 VP to draw 3", pupoks, cost=PayVp(1)))
card(
    "astroknights.ghost_knight",
    Protection(ghost_knight_immune),
    OngoingPower(ghost_knight),
)
card(
    "base.hive_of_scum_and_villainy",
    Triggered(Moment.POWER_RAISED, hive_of_scum, _raised_own_minion_here),
)
card("base.neutral_space", Protection(neutral_space))
card("base.no_moon", BaseHook(Hook.BEFORE_SCORING, no_moon))
