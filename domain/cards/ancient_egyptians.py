"""Ancient Egyptians: burying cards face down beside bases and uncovering them at the right
moment. Bases: Pyramids, Star Portal."""

from __future__ import annotations

from domain import board, burying, rules, verbs
from domain.abilities import OngoingPower, card
from domain.effects import OnPlay, OnUncover, Special, Talent, Triggered, anytime, play_itself
from domain.facts import ActionAttached, CardBuried, CardUncovered
from domain.fx import Fx, Steps, verb
from domain.model import GameState, Minion, Option, Zone
from domain.moments import Moment, Window
from domain.registry import Source
from domain.steps import step

# --- shared by several cards -----------------------------------------------------------------


def _bury_itself(fx: Fx) -> Steps:
    """On play: this card (shown as it was played) is buried at a base its player picks."""
    prompt = f"{rules.name(fx.card)}: bury it at which base?"
    return fx.choose("base", fx.bases(), prompt, burying.bury, uid=fx.src)


def _bury_from_hand(fx: Fx, base: int) -> Steps:
    """Its player may bury a card from their hand at base `base` (the prompt names no card)."""
    prompt = f"{rules.name(fx.card)}: choose a card from your hand to bury"
    return fx.choose("card", fx.hand(), prompt, burying.bury, to=base)


def _playable_now(card_id: str) -> Special:
    """A Special: this action may also be played from hand when a base is about to score."""
    label = f"{rules.name(card_id)}: play it now"
    play = play_itself
    return Special(Window.BEFORE_SCORING, Zone.HAND, label, anytime, play, plays_it=True)


def _on_scoring_base(state: GameState, seat: int, uid: str, base: int) -> bool:
    found = rules.find_minion(state, uid)
    return found is not None and found[0] == base


# --- minions -----------------------------------------------------------------------------------


def _mummy_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    return _on_scoring_base(state, seat, uid, base) and len(state.bases) > 1


def mummy(fx: Fx) -> Steps:
    """After its base scored: bury it at another base instead of it being discarded."""
    others = [i for i in fx.bases() if i != fx.base]
    return fx.choose(
        "base", others, "Mummy: bury it at which other base?", burying.bury, uid=fx.src
    )


def pyramid_engineer(fx: Fx) -> Steps:
    mine = fx.buried(base=fx.base, controller=fx.me)
    prompt = "Pyramid Engineer: you may uncover one of your buried cards here"
    return fx.choose("buried", mine, prompt, burying.uncover, optional=True)


def pyramid_engineer_talent(fx: Fx) -> Steps:
    return _bury_from_hand(fx, fx.base_of(fx.src))


def _has_a_hand(state: GameState, seat: int, uid: str, base: int) -> bool:
    return bool(state.players[seat].hand)


def priest_of_anubis(state: GameState, src: Source, base: int, m: Minion) -> int:
    if m.uid != src.uid:
        return 0
    return 2 if rules.buried(state, base, m.controller) else 0


def _another_card(state: GameState, src: Source, uncovered: CardUncovered) -> bool:
    return uncovered.uid != src.uid


def pharaoh_draws(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


def _pharaoh_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    return _on_scoring_base(state, seat, uid, base) and bool(rules.buried(state, base, seat))


def pharaoh_uncovers(fx: Fx) -> Steps:
    mine = fx.buried(base=fx.base, controller=fx.me)
    return fx.choose(
        "buried", mine, "Pharaoh: uncover one of your buried cards here", burying.uncover
    )


# --- actions -----------------------------------------------------------------------------------


def lost_knowledge(fx: Fx) -> Steps:
    options = [
        Option("bury", "Bury a card from your hand at a base", "bury"),
        Option("uncover", "Uncover one of your buried cards", "uncover"),
    ]
    prompt = "Lost Knowledge: bury a card from your hand, or uncover one of your buried cards"
    return fx.ask(fx.me, "mode", prompt, options, lost_knowledge_mode)


@step("lost_knowledge_mode")
def lost_knowledge_mode(fx: Fx, *, choice: str) -> Steps:
    if choice == "uncover":
        mine = fx.buried(controller=fx.me)
        return fx.choose("buried", mine, "Lost Knowledge: uncover which card?", burying.uncover)
    prompt = "Lost Knowledge: choose a card from your hand to bury"
    return fx.choose("card", fx.hand(), prompt, lost_knowledge_where)


@step("lost_knowledge_where")
def lost_knowledge_where(fx: Fx, *, choice: str) -> Steps:
    prompt = "Lost Knowledge: bury the chosen card at which base?"
    return fx.choose("base", fx.bases(), prompt, burying.bury, uid=choice)


def you_can_take_it_with_you(fx: Fx) -> Steps:
    return fx.draw(fx.me, 3)


def plague_of_locusts(fx: Fx) -> Steps:
    prompt = "Plague of Locusts: other players' minions at which base get -1 power?"
    return fx.choose("base", fx.bases(), prompt, plague_of_locusts_base)


@step("plague_of_locusts_base")
def plague_of_locusts_base(fx: Fx, *, choice: int) -> Steps:
    steps: Steps = ()
    for m in fx.minions(base=choice):
        if m.controller != fx.me:  # until the end of this turn, whoever's it is
            steps += verb(fx, "power", uid=m.uid, amount=-1, this_turn=True)
    return steps


def mummy_strength(fx: Fx) -> Steps:
    prompt = "Mummy Strength: which of your minions gets +2 (+3 with a buried card there)?"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, mummy_strength_target)


@step("mummy_strength_target")
def mummy_strength_target(fx: Fx, *, choice: str) -> Steps:
    amount = 3 if fx.buried(base=fx.base_of(choice)) else 2
    return fx.add_power(choice, amount)


def tomb_trap(fx: Fx) -> Steps:
    small = fx.minions(base=fx.base, max_power=4)
    prompt = "Tomb Trap: you may destroy a minion of power 4 or less here"
    return fx.choose("minion", small, prompt, verbs.destroy, optional=True)


def ancient_curse(fx: Fx) -> Steps:
    host = fx.host
    if host is None or not any(m.uid == host and m.counters for m in fx.minions()):
        return ()
    options = [Option("remove", "Remove a +1 power counter from it", True)]
    prompt = "Ancient Curse: you may remove a +1 power counter from that minion"
    return fx.ask(fx.me, "yes_no", prompt, options, ancient_curse_counter, optional=True)


@step("ancient_curse_counter")
def ancient_curse_counter(fx: Fx, *, choice: bool) -> Steps:
    host = fx.host
    return fx.place_counters(host, -1) if choice and host else ()


def ancient_curse_power(state: GameState, src: Source, base: int, m: Minion) -> int:
    return -2 if src.host == m.uid else 0


def blessing_of_anubis(fx: Fx) -> Steps:
    steps: Steps = ()
    for m in fx.minions(base=fx.base, controller=fx.me):
        steps += verb(fx, "power", uid=m.uid, amount=2, this_turn=True)
    return steps


def seal_the_tomb(fx: Fx) -> Steps:
    options = [
        Option("bury", "Bury up to two cards from your hand at one base", "bury"),
        Option("uncover", "Uncover up to two of your buried cards at one base", "uncover"),
    ]
    prompt = "Seal the Tomb: bury cards from your hand, or uncover buried cards, at one base"
    return fx.ask(fx.me, "mode", prompt, options, seal_the_tomb_mode)


@step("seal_the_tomb_mode")
def seal_the_tomb_mode(fx: Fx, *, choice: str) -> Steps:
    if choice == "uncover":
        bases = sorted({i for i, _ in rules.buried(fx.state, controller=fx.me)})
        prompt = "Seal the Tomb: uncover your buried cards at which base?"
        return fx.choose("base", bases, prompt, seal_the_tomb_uncover, left=2)
    prompt = "Seal the Tomb: bury cards from your hand at which base?"
    return fx.choose("base", fx.bases(), prompt, seal_the_tomb_bury, left=2)


@step("seal_the_tomb_bury")
def seal_the_tomb_bury(fx: Fx, *, left: int, choice: int) -> Steps:
    """Up to `left` cards from the hand buried at base `choice`, one at a time."""
    if left <= 0 or not fx.hand():
        return ()
    prompt = f"Seal the Tomb: you may bury a card from your hand there ({left} left)"
    return fx.choose(
        "card", fx.hand(), prompt, seal_the_tomb_buried, optional=True, left=left, to=choice
    )


@step("seal_the_tomb_buried")
def seal_the_tomb_buried(fx: Fx, *, left: int, to: int, choice: str) -> Steps:
    return (*board.bury(fx, choice, to), *fx.then(seal_the_tomb_bury, left=left - 1, choice=to))


@step("seal_the_tomb_uncover")
def seal_the_tomb_uncover(fx: Fx, *, left: int, choice: int) -> Steps:
    """Up to `left` of my buried cards at base `choice` uncovered (and played), one at a time."""
    mine = fx.buried(base=choice, controller=fx.me)
    if left <= 0 or not mine:
        return ()
    prompt = f"Seal the Tomb: you may uncover one of your buried cards there ({left} left)"
    return fx.choose(
        "buried", mine, prompt, seal_the_tomb_uncovered, optional=True, left=left, at=choice
    )


@step("seal_the_tomb_uncovered")
def seal_the_tomb_uncovered(fx: Fx, *, left: int, at: int, choice: str) -> Steps:
    return (*board.uncover(fx, choice), *fx.then(seal_the_tomb_uncover, left=left - 1, choice=at))


# --- bases -------------------------------------------------------------------------------------


def pyramids(fx: Fx) -> Steps:
    return _bury_from_hand(fx, fx.base)


def _buried_here(state: GameState, src: Source, buried: CardBuried) -> bool:
    return buried.base == src.base


def _action_played_here(state: GameState, src: Source, attached: ActionAttached) -> bool:
    return attached.base == src.base and attached.to is None


def star_portal(fx: Fx, done: CardBuried | ActionAttached) -> Steps:
    """Whoever buried a card here, or played an action on this base, draws a card."""
    return fx.draw(done.seat, 1)


# --- the cards: each one's abilities, as values ----------------------------------------

card(
    "ancient_egyptians.mummy",
    Special(Window.AFTER_SCORING, Zone.PLAY, "Mummy: bury it at another base", _mummy_may, mummy),
)
card(
    "ancient_egyptians.pyramid_engineer",
    OnPlay(pyramid_engineer),
    Talent(
        "Pyramid Engineer: bury a card from your hand here", pyramid_engineer_talent, _has_a_hand
    ),
)
card("ancient_egyptians.priest_of_anubis", OngoingPower(priest_of_anubis))
card(
    "ancient_egyptians.pharaoh",
    Triggered(Moment.CARD_UNCOVERED, pharaoh_draws, _another_card),
    Special(
        Window.BEFORE_SCORING,
        Zone.PLAY,
        "Pharaoh: uncover a buried card",
        _pharaoh_may,
        pharaoh_uncovers,
    ),
)
card(
    "ancient_egyptians.lost_knowledge",
    OnPlay(lost_knowledge),
    _playable_now("ancient_egyptians.lost_knowledge"),
)
card(
    "ancient_egyptians.you_can_take_it_with_you",
    OnPlay(_bury_itself),
    OnUncover(you_can_take_it_with_you),
)
card(
    "ancient_egyptians.plague_of_locusts",
    OnPlay(plague_of_locusts),
    _playable_now("ancient_egyptians.plague_of_locusts"),
)
card("ancient_egyptians.mummy_strength", OnPlay(mummy_strength))
card("ancient_egyptians.tomb_trap", OnPlay(_bury_itself), OnUncover(tomb_trap))
card(
    "ancient_egyptians.ancient_curse",
    OnPlay(ancient_curse),
    OngoingPower(ancient_curse_power),
)
card("ancient_egyptians.blessing_of_anubis", OnPlay(_bury_itself), OnUncover(blessing_of_anubis))
card("ancient_egyptians.seal_the_tomb", OnPlay(seal_the_tomb))
card("base.pyramids", Talent("Pyramids: bury a card from your hand here", pyramids, _has_a_hand))
card(
    "base.star_portal",
    Triggered(Moment.CARD_BURIED, star_portal, _buried_here),
    Triggered(Moment.ACTION_ATTACHED, star_portal, _action_played_here),
)
