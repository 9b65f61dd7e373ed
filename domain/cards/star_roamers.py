"""Star Roamers: beam minions back to hand, teleport them around, replace what would befall
them (return instead of destruction, a move instead of a return)."""

from __future__ import annotations

from domain import board, plays, rules, verbs
from domain import registry as reg
from domain.abilities import AttachCondition, ExtraBaseUntilScoring, Protection, card
from domain.effects import OnPlay, Special, Talent, play_itself
from domain.fx import Fx, Steps
from domain.limits import OncePerTurn
from domain.model import GameState, Minion, Option, Task, Zone
from domain.moments import Window
from domain.registry import Cause, Source
from domain.replacements import instead, redirect
from domain.steps import step

PORT_ME_UP = "star_roamers.port_me_up"


# --- Ship's Captain ------------------------------------------------------------------------


def ships_captain(fx: Fx) -> Steps:
    """Search my deck for a minion (options sorted: they must not tell the deck's order)."""
    minions = sorted(
        (c for c in fx.deck() if rules.card_type(c.card) == "minion"),
        key=lambda c: (rules.name(c.card), c.uid),
    )
    if not minions:
        return fx.shuffle_deck()
    prompt = "Ship's Captain: search your deck for a minion"
    return fx.choose("card", minions, prompt, captain_found)


@step("roamers_captain_found")
def captain_found(fx: Fx, *, choice: str) -> Steps:
    """The minion found is revealed and put into my hand; then my deck is shuffled."""
    c = next(c for c in fx.deck() if c.uid == choice)
    return (
        *fx.reveal(c, "deck"),
        *fx.move_card(c, "deck", "hand"),
        *fx.then(captain_shuffled, uid=c.uid),
    )


@step("roamers_captain_shuffled")
def captain_shuffled(fx: Fx, *, uid: str) -> Steps:
    steps = fx.shuffle_deck()
    c = next((c for c in fx.hand() if c.uid == uid), None)
    here = fx.base_of(fx.src)
    if c is None or here < 0 or rules.printed_power(c.card) > 3:
        return steps
    if not plays.may_play(fx.state, fx.me, c.card, here):
        return steps
    options = [Option("play", f"Play {rules.name(c.card)} on this base", True)]
    prompt = "Ship's Captain: play the revealed minion here as an extra minion?"
    ask = fx.ask(fx.me, "yes_no", prompt, options, captain_play, optional=True, uid=uid, to=here)
    return (*steps, *ask)


@step("roamers_captain_play")
def captain_play(fx: Fx, *, uid: str, to: int, choice: bool | None = None) -> Steps:
    return fx.play(uid, to) if choice else ()


# --- Medical Officer, Ship's Engineer, Whiplash Maneuver: replacements ---------------------


def _mine_returning_home(src: Source, m: Minion, cause: Cause) -> bool:
    """Another minion of this card's controller is about to be returned to that player's hand
    (a minion they control but do not own goes to its owner's: not theirs)."""
    return (
        cause.verb == "return"
        and m.uid != src.uid
        and m.controller == src.controller
        and m.owner == src.controller
    )


def medical_officer(
    state: GameState, src: Source, base: int, m: Minion, cause: Cause
) -> Task | None:
    if cause.verb != "destroy" or m.uid == src.uid or m.controller != src.controller:
        return None
    prompt = f"Medical Officer: return {rules.name(m.card)} to its owner's hand instead?"
    return instead(src, cause, src.controller, prompt, medical_return)


@step("roamers_medical_return")
def medical_return(fx: Fx, *, uid: str) -> Steps:
    return fx.return_to_hand(uid)


def ships_engineer(
    state: GameState, src: Source, base: int, m: Minion, cause: Cause
) -> Task | None:
    if not _mine_returning_home(src, m, cause) or len(state.bases) < 2:
        return None
    prompt = f"Ship's Engineer: move {rules.name(m.card)} to another base instead?"
    return instead(src, cause, src.controller, prompt, engineer_move)


@step("roamers_engineer_move")
def engineer_move(fx: Fx, *, uid: str) -> Steps:
    others = [i for i in fx.bases() if i != fx.base_of(uid)]
    return fx.choose("base", others, "Move it to which base?", verbs.move, uid=uid, to=None)


def whiplash_maneuver(
    state: GameState, src: Source, base: int, m: Minion, cause: Cause
) -> Task | None:
    if not _mine_returning_home(src, m, cause) or base == src.base:
        return None
    here = rules.name(state.bases[src.base].card)
    prompt = f"Whiplash Maneuver: move {rules.name(m.card)} to {here} instead?"
    return instead(src, cause, src.controller, prompt, whiplash_move, to=src.base)


@step("roamers_whiplash_move")
def whiplash_move(fx: Fx, *, uid: str, to: int) -> Steps:
    return fx.move(uid, to)


# --- Ensign ----------------------------------------------------------------------------------

ENSIGN = "star_roamers.ensign"


def ensign(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> Task | None:
    """An opponent's card being played (or a Special) is about to touch another minion of mine
    on this base: it may touch this Ensign instead, whatever that card asks of its target; an
    effect an Ensign took over is not taken by another one."""
    theirs = cause.played and cause.seat is not None and cause.seat != src.controller
    if not theirs or not cause.verb or m.uid == src.uid:
        return None
    if m.controller != src.controller or base != src.base:
        return None
    ensigns = [x.uid for _, x in rules.all_minions(state) if x.card == ENSIGN]
    prompt = f"Ensign: make {rules.name(cause.card)} affect this Ensign instead?"
    return redirect(src, cause, src.controller, prompt, src.uid, ensigns)


# --- returning my minions -------------------------------------------------------------------


def science_officer(fx: Fx) -> Steps:
    small = fx.minions(controller=fx.me, max_power=4)
    prompt = "Science Officer: return a minion you control of power 4 or less"
    return fx.choose("minion", small, prompt, science_returned)


@step("roamers_science_returned")
def science_returned(fx: Fx, *, choice: str) -> Steps:
    m = rules.find_minion(fx.state, choice)
    if m is None:
        return ()
    return (
        *fx.return_to_hand(choice),
        *SCIENCE.use(m[1].card),
        *fx.extra_play("minion", condition=SCIENCE_FLAG),
    )


SCIENCE_FLAG = "star_roamers.science_officer:"  # the extra play's condition (persisted)
SCIENCE = OncePerTurn("star_roamers.science_officer")  # the minions it returned this turn


@reg.play_condition(SCIENCE_FLAG)
def _named_otherwise(state: GameState, seat: int, card: str, base: int) -> bool:
    """Science Officer's extra minion: its name differs from the minion it returned."""
    returned = SCIENCE.keys(state)
    return rules.name(card) not in {rules.name(c) for c in returned}


def mass_teleport(fx: Fx) -> Steps:
    """Each player, me first then in turn order, returns a minion they control."""
    return tuple(fx.task(mass_teleport_choose, seat=s) for s in rules.seats_from(fx.state, fx.me))


@step("roamers_mass_teleport_choose")
def mass_teleport_choose(fx: Fx, *, seat: int) -> Steps:
    prompt = "Mass Teleport: return a minion you control to its owner's hand"
    return fx.choose("minion", fx.minions(controller=seat), prompt, verbs.return_to_hand, seat=seat)


def port_me_up(fx: Fx) -> Steps:
    """Played right after a base scored (its Special), the minion must be on that base."""
    mine = fx.minions(controller=fx.me)
    if fx.state.scoring is not None:
        scored = [i for i, b in enumerate(fx.state.bases) if b.card == fx.state.scoring]
        mine = [m for m in mine if fx.base_of(m) in scored]
    prompt = "Port Me Up: return a minion you control to its owner's hand"
    return fx.choose("minion", mine, prompt, verbs.return_to_hand)


def _port_me_up_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    mine = any(m.controller == seat for m in state.bases[base].minions)
    return mine


def teleport_overflow(fx: Fx) -> Steps:
    prompt = "Teleport Overflow: return a minion you control to its owner's hand"
    return (
        *fx.choose("minion", fx.minions(controller=fx.me), prompt, verbs.return_to_hand),
        *fx.then(overflow_name),
    )


def _hand_minions(fx: Fx, name: str | None = None) -> list[Option]:
    return [
        fx.option("card", c)
        for c in fx.hand()
        if rules.card_type(c.card) == "minion" and name in (None, rules.name(c.card))
    ]


@step("roamers_overflow_name")
def overflow_name(fx: Fx) -> Steps:
    """Choose the name the revealed minions share (the option is one card of that name)."""
    seen: dict[str, Option] = {}
    for o in _hand_minions(fx):
        seen.setdefault(o.label, o)
    prompt = "Teleport Overflow: you may reveal minions sharing one name to play them"
    options = list(seen.values())
    return fx.ask(fx.me, "card", prompt, options, overflow_reveal, optional=True, picked=[])


@step("roamers_overflow_reveal")
def overflow_reveal(fx: Fx, *, picked: list[str], choice: str) -> Steps:
    """Reveal one more minion of the name; then more, or stop and play them all."""
    c = next(c for c in fx.hand() if c.uid == choice)
    picked = [*picked, c.uid]
    name = rules.name(c.card)
    more = [o for o in _hand_minions(fx, name) if o.uid not in picked]
    if not more:
        return (*fx.reveal(c, "hand"), *fx.then(overflow_play_all, picked=picked))
    prompt = f"Teleport Overflow: reveal another {name} too, or stop and play them"
    ask = fx.ask(
        fx.me,
        "card",
        prompt,
        more,
        overflow_reveal,
        optional=True,
        skip_label="Stop",
        on_skip=overflow_play_all,
        picked=picked,
    )
    return (*fx.reveal(c, "hand"), *ask)


@step("roamers_overflow_play_all")
def overflow_play_all(fx: Fx, *, picked: list[str]) -> Steps:
    """Each revealed minion is played as an extra minion, one after the other."""
    return tuple(fx.task(overflow_play, uid=uid) for uid in picked)


@step("roamers_overflow_play")
def overflow_play(fx: Fx, *, uid: str) -> Steps:
    c = next((c for c in fx.hand() if c.uid == uid), None)
    if c is None:
        return ()
    bases = plays.bases_for(fx.state, fx.me, c.card)
    prompt = f"Teleport Overflow: play the revealed {rules.name(c.card)} on which base?"
    return fx.choose("base", bases, prompt, overflow_base, uid=uid)


@step("roamers_overflow_base")
def overflow_base(fx: Fx, *, uid: str, choice: int) -> Steps:
    return fx.play(uid, choice)


# --- moving minions -------------------------------------------------------------------------


def hyperspeed_10(fx: Fx) -> Steps:
    crowded = [i for i in fx.bases() if fx.minions(base=i)]
    if len(fx.bases()) < 2:
        return ()
    prompt = "Hyperspeed 10: choose a base: every minion on it moves"
    return fx.choose("base", crowded, prompt, hyperspeed_from)


@step("roamers_hyperspeed_from")
def hyperspeed_from(fx: Fx, *, choice: int) -> Steps:
    others = [i for i in fx.bases() if i != choice]
    prompt = "Hyperspeed 10: move them all to which base?"
    return fx.choose("base", others, prompt, hyperspeed_to, source=choice)


@step("roamers_hyperspeed_to")
def hyperspeed_to(fx: Fx, *, source: int, choice: int) -> Steps:
    steps: Steps = ()
    for m in fx.minions(base=source):
        steps += fx.move(m.uid, choice)
    return steps


def teleport_error(fx: Fx) -> Steps:
    if len(fx.bases()) < 2:
        return ()
    prompt = "Teleport Error: choose a minion: it moves to another base chosen at random"
    return fx.choose("minion", fx.minions(), prompt, teleport_error_move)


@step("roamers_teleport_error_move")
def teleport_error_move(fx: Fx, *, choice: str) -> Steps:
    here = fx.base_of(choice)
    others = [i for i in fx.bases() if i != here]
    if here < 0 or not others:
        return ()
    return fx.move(choice, fx.rng.choice(others))


# --- Weird New Worlds -----------------------------------------------------------------------


def weird_new_worlds(fx: Fx) -> Steps:
    """One more base from the base deck, with an extra minion to play on it; it lasts until the
    next base scores (ExtraBaseUntilScoring), or for good if this card leaves play first."""
    added, new = board.add_base(fx)
    if new is None:
        return added
    return (*added, *fx.extra_play("minion", base=new))


# --- Protector Fields -----------------------------------------------------------------------


def protector_fields_where(state: GameState, seat: int, base: int, m: Minion | None) -> bool:
    return m is None and any(x.controller == seat for x in state.bases[base].minions)


def protector_fields(
    state: GameState, src: Source, base: int, m: Minion, cause: Cause
) -> str | None:
    theirs = cause.seat is not None and cause.seat != src.controller
    mine_here = base == src.base and m.controller == src.controller
    return "block" if theirs and mine_here else None


# --- the cards: each one's abilities, as values ----------------------------------------

card("star_roamers.ships_captain", OnPlay(ships_captain))
card("star_roamers.medical_officer", Protection(medical_officer))
card(
    "star_roamers.science_officer",
    Talent("Science Officer: return a minion, play another", science_officer),
)
card("star_roamers.ships_engineer", Protection(ships_engineer))
card(ENSIGN, Protection(ensign))
card("star_roamers.hyperspeed_10", OnPlay(hyperspeed_10))
card("star_roamers.mass_teleport", OnPlay(mass_teleport))
card(
    PORT_ME_UP,
    OnPlay(port_me_up),
    Special(
        Window.AFTER_SCORING,
        Zone.HAND,
        "Port Me Up: return a minion from the base that scored",
        _port_me_up_may,
        play_itself,
        plays_it=True,
    ),
)
card(
    "star_roamers.protector_fields",
    AttachCondition(protector_fields_where),
    Protection(protector_fields),
)
card("star_roamers.teleport_error", OnPlay(teleport_error))
card("star_roamers.teleport_overflow", OnPlay(teleport_overflow))
card(
    "star_roamers.weird_new_worlds",
    OnPlay(weird_new_worlds),
    ExtraBaseUntilScoring(),
)
card("star_roamers.whiplash_maneuver", Protection(whiplash_maneuver))
