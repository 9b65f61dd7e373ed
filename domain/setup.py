"""Creating a game: validated players, decks, bases and hands, or an exact scripted setup."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from domain import events as ev
from domain.catalogue import catalogue
from domain.engine import run
from domain.errors import FactionNotImplemented, InvalidSetup
from domain.evolve import replay
from domain.flow import start_turn
from domain.model import Attached, CardRef, Clock, Task
from domain.registry import IMPLEMENTED

BOTS = ("random", "greedy", "search")
"""The bots that may play a seat (domain.bots.BOT_NAMES)."""
# Bump whenever a change to the rules or the cards changes what some command produces: logs
# recorded under this version are checked by re-deciding every command (domain.verify); older
# ones are replayed from their events, which are facts, and checked for structure only.
RULES_VERSION = "4"
"""History: 1, the core set; 2, Infiltrate's "may", Hidden Ninja and Full Sail playable with
nothing to resolve, the active player orders abilities triggering at the same time, prompts
that name no privately chosen card; 3, every step typed: the work a pending decision keeps
carries only its steps' parameters (playing a card, extra plays, attaching, triggers), and a
game still on at version 9,900 ends as a draw (``game_ended`` with reason ``version_cap``);
4, So-So Corral and Shogun's Palace: a minion played there whose ability granted its player
a minion play (e.g. Zapbot) first offers to play a minion there at once with it, and the
duels resolve in the reverse order of play (a new ``extra_play`` decision before the duel)."""
HAND_SIZE = 5


@dataclass(frozen=True)
class PlayerSetup:
    """One seat: a display name, two different factions, and an optional bot."""

    name: str
    factions: tuple[str, ...]
    bot: str | None = None


@dataclass(frozen=True)
class BoardCard:
    """A card already in play in a scripted setup; an action may attach to a board minion."""

    base: int
    card: str
    owner: int
    attached_to: int | None = None


@dataclass(frozen=True)
class ScriptedSetup:
    """Exact starting positions for tests, tutorials and bug reports (decks top first)."""

    bases: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...]
    first_seat: int = 0
    hands: tuple[tuple[str, ...], ...] | None = None
    discards: tuple[tuple[str, ...], ...] | None = None
    base_deck: tuple[str, ...] = ()
    board: tuple[BoardCard, ...] = ()
    vp: tuple[int, ...] | None = None


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to create a game."""

    game_id: str
    seed: str
    players: tuple[PlayerSetup, ...]
    scripted: ScriptedSetup | None = field(default=None)
    clock: Clock | None = None
    draft: bool = False  # the players give no factions: they draft them (domain.draft)
    boxes: int = 1  # in a draft, how many seats may pick one faction (2: two boxes combined)


def start_game(setup: GameSetup) -> tuple[ev.Event, ...]:
    """The events that create a game, up to the first decision, the first play phase or, in
    a drafted game, the first pick."""
    _validate_clock(setup.clock)
    rng = random.Random(f"{setup.seed}:setup")
    if setup.draft:
        _validate_draft(setup)
        created = _drafted(setup, rng)
    else:
        _validate_players(setup.players)
        uids = _UidMaker(rng)
        created = (
            _scripted(setup, setup.scripted, uids) if setup.scripted else _random(setup, rng, uids)
        )
    created = replace(created, rules=RULES_VERSION, clock=setup.clock)
    _check_implemented(created)
    return (created, *setup_events(created, setup.boxes))


def drafted(created: ev.GameCreated) -> bool:
    """Whether a game drafts its factions: created with seats that have none yet."""
    return not created.scripted and all(not p.factions for p in created.players)


def draft_order(first: int, seats: int) -> tuple[int, ...]:
    """The seats in pick order: from the first picker clockwise (increasing seats, the order of
    play), then the last of them picks again and the picks go back counter-clockwise."""
    clockwise = tuple((first + k) % seats for k in range(seats))
    return (*clockwise, *reversed(clockwise))


def _validate_draft(setup: GameSetup) -> None:
    if setup.scripted is not None:
        raise InvalidSetup("a scripted game names every seat's cards: it cannot be drafted")
    if setup.boxes not in (1, 2):
        raise InvalidSetup(f"boxes must be 1 or 2, got {setup.boxes}")
    _validate_players(setup.players, drafted=True)


def _drafted(setup: GameSetup, rng: random.Random) -> ev.GameCreated:
    """A game whose seats have no factions, no decks and no bases yet: the draft deals them.
    Its first seat is the first picker, drawn from the seed."""
    players = tuple(
        ev.PlayerInit(seat, p.name, (), p.bot, ()) for seat, p in enumerate(setup.players)
    )
    first = rng.randrange(len(players))
    return ev.GameCreated(setup.game_id, setup.seed, False, first, players, (), ())


def _check_implemented(created: ev.GameCreated) -> None:
    """Refuse a game that would hold a card or base whose abilities are not implemented: it
    would play them as blank cards."""
    cat = catalogue()
    for p in created.players:
        for f in p.factions:
            if not implemented_faction(f):
                done = [x for x in cat.factions if implemented_faction(x)]
                raise FactionNotImplemented(
                    f"faction {f!r} is not implemented yet (implemented: {', '.join(done)})"
                )
    cards = [c.card for p in created.players for c in (*p.deck, *p.hand, *p.discard)]
    cards += [m.card for m in created.board] + [a.card for m in created.board for a in m.attached]
    cards += [a.card for _, a in created.base_attached]
    for name in (*cards, *created.bases, *created.base_deck):
        if name not in IMPLEMENTED:
            what = "base" if name in cat.bases else "card"
            raise FactionNotImplemented(f"{what} {name!r} is not implemented yet")


def implemented_faction(faction: str) -> bool:
    """Whether every card of this faction is implemented."""
    return all(c in IMPLEMENTED for c in catalogue().factions[faction].card_ids)


def setup_events(created: ev.GameCreated, boxes: int = 1) -> tuple[ev.Event, ...]:
    """What follows the creation: opening hands, mulligan offers, then the first turn; in a
    drafted game, the start of the draft (``boxes`` is only its declaration). A pure function
    of the creation event, so a log's setup can be checked by running it again."""
    n = len(created.players)
    if drafted(created):
        return (ev.DraftStarted(draft_order(created.first_seat, n), boxes),)
    state = replay([created])
    stack = opening_tasks(created.first_seat, n, mulligans=not created.scripted, deal=created.deal)
    _, more = run(state, stack, random.Random(f"{created.seed}:1"))
    return tuple(more)


def opening_tasks(first: int, seats: int, *, mulligans: bool, deal: bool) -> list[Task]:
    """The work that opens a game once decks and bases are in place (run last first): opening
    hands from `first` in order of play, then the mulligan offers, then the first turn."""
    stack: list[Task] = [start_turn(first)]
    order = [(first + k) % seats for k in range(seats)]
    if mulligans:
        stack += [Task("mulligan_offer", {"seat": s}) for s in reversed(order)]
    if deal:
        stack += [Task("draw", {"seat": s, "n": HAND_SIZE}) for s in reversed(order)]
    return stack


def bases_in_play(sets: set[str]) -> list[str]:
    """The bases of these boxes whose ability is implemented (a box whose factions are done may
    still have bases to come; every core base is implemented), in catalogue order."""
    return [b for b in catalogue().bases_for_sets(sorted(sets)) if b in IMPLEMENTED]


class _UidMaker:
    """Opaque, unique card instance ids: they must not reveal which card they name."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seen: set[str] = set()

    def __call__(self) -> str:
        while True:
            uid = f"c{self.rng.getrandbits(32):08x}"
            if uid not in self.seen:
                self.seen.add(uid)
                return uid


MAX_CLOCK_SECONDS = 7 * 24 * 3600


def _validate_clock(clock: Clock | None) -> None:
    if clock is None:
        return
    if not 1 <= clock.seconds <= MAX_CLOCK_SECONDS:
        raise InvalidSetup(f"clock.seconds must be 1 to {MAX_CLOCK_SECONDS}, got {clock.seconds}")
    if clock.on_expiry not in ("bot", "forfeit"):
        raise InvalidSetup(f"clock.on_expiry must be 'bot' or 'forfeit', not {clock.on_expiry!r}")
    if clock.bot not in BOTS:
        raise InvalidSetup(f"clock.bot: unknown bot {clock.bot!r} (known: {', '.join(BOTS)})")


def _validate_players(players: Sequence[PlayerSetup], *, drafted: bool = False) -> None:
    cat = catalogue()
    if not 2 <= len(players) <= 4:
        raise InvalidSetup(f"a game needs 2 to 4 players, got {len(players)}")
    for i, p in enumerate(players):
        if drafted and p.factions:
            raise InvalidSetup(f"player {i}: a drafted game's players give no factions")
        if not drafted and (len(p.factions) != 2 or p.factions[0] == p.factions[1]):
            raise InvalidSetup(f"player {i} must choose two different factions, got {p.factions}")
        for f in p.factions:
            if f not in cat.factions:
                raise InvalidSetup(f"player {i}: unknown faction {f!r}")
        if p.bot is not None and p.bot not in BOTS:
            raise InvalidSetup(f"player {i}: unknown bot {p.bot!r} (known: {', '.join(BOTS)})")


def _random(setup: GameSetup, rng: random.Random, uids: _UidMaker) -> ev.GameCreated:
    cat = catalogue()
    players = []
    sets: set[str] = set()
    for seat, p in enumerate(setup.players):
        cards = cat.deck_for(list(p.factions))
        rng.shuffle(cards)
        deck = tuple(CardRef(uids(), c, seat) for c in cards)
        players.append(ev.PlayerInit(seat, p.name, p.factions, p.bot, deck))
        sets.update(cat.faction_set(f) for f in p.factions)
    bases = bases_in_play(sets)
    rng.shuffle(bases)
    n = len(setup.players) + 1
    first = rng.randrange(len(setup.players))
    return ev.GameCreated(
        setup.game_id, setup.seed, False, first, tuple(players), tuple(bases[:n]), tuple(bases[n:])
    )


def _scripted(setup: GameSetup, sc: ScriptedSetup, uids: _UidMaker) -> ev.GameCreated:
    cat = catalogue()
    n = len(setup.players)

    def per_seat(name: str, rows: tuple[tuple[str, ...], ...] | None) -> list[tuple[str, ...]]:
        if rows is None:
            return [() for _ in range(n)]
        if len(rows) != n:
            raise InvalidSetup(f"scripted.{name} needs one list per seat ({n}), got {len(rows)}")
        for row in rows:
            for c in row:
                if c not in cat.cards:
                    raise InvalidSetup(f"scripted.{name}: unknown card {c!r}")
        return list(rows)

    decks, hands, discards = (
        per_seat("decks", sc.decks),
        per_seat("hands", sc.hands),
        per_seat("discards", sc.discards),
    )
    all_bases = list(sc.bases) + list(sc.base_deck)
    for b in all_bases:
        if b not in cat.bases:
            raise InvalidSetup(f"scripted: unknown base {b!r}")
    if len(set(all_bases)) != len(all_bases):
        raise InvalidSetup("scripted: a base may appear only once among bases and base_deck")
    if not sc.bases:
        raise InvalidSetup("scripted.bases must name at least one base in play")
    if not 0 <= sc.first_seat < n:
        raise InvalidSetup(f"scripted.first_seat must be a seat from 0 to {n - 1}")
    vp = sc.vp or tuple(0 for _ in range(n))
    if len(vp) != n or any(v < 0 for v in vp):
        raise InvalidSetup(f"scripted.vp needs {n} non-negative numbers")
    players = tuple(
        ev.PlayerInit(
            seat,
            p.name,
            p.factions,
            p.bot,
            deck=tuple(CardRef(uids(), c, seat) for c in decks[seat]),
            hand=tuple(CardRef(uids(), c, seat) for c in hands[seat]),
            discard=tuple(CardRef(uids(), c, seat) for c in discards[seat]),
            vp=vp[seat],
        )
        for seat, p in enumerate(setup.players)
    )
    board, base_attached = _board(sc, n, uids)
    return ev.GameCreated(
        setup.game_id,
        setup.seed,
        True,
        sc.first_seat,
        players,
        tuple(sc.bases),
        tuple(sc.base_deck),
        board,
        base_attached,
        deal=sc.hands is None,
    )


def _board(
    sc: ScriptedSetup, n: int, uids: _UidMaker
) -> tuple[tuple[ev.MinionInit, ...], tuple[tuple[int, Attached], ...]]:
    cat = catalogue()
    minions: dict[int, ev.MinionInit] = {}
    base_attached: list[tuple[int, Attached]] = []
    for k, bc in enumerate(sc.board):
        if bc.card not in cat.cards:
            raise InvalidSetup(f"scripted.board[{k}]: unknown card {bc.card!r}")
        if not 0 <= bc.base < len(sc.bases) or not 0 <= bc.owner < n:
            raise InvalidSetup(f"scripted.board[{k}]: base or owner out of range")
        card = cat.card(bc.card)
        if card.type == "minion":
            if bc.attached_to is not None:
                raise InvalidSetup(f"scripted.board[{k}]: a minion cannot be attached")
            minions[k] = ev.MinionInit(bc.base, uids(), bc.card, bc.owner)
            continue
        att = Attached(uids(), bc.card, bc.owner, bc.owner)
        if bc.attached_to is None:
            if card.action_kind != "ongoing_base":
                raise InvalidSetup(f"scripted.board[{k}]: {bc.card} cannot be attached to a base")
            base_attached.append((bc.base, att))
            continue
        host = minions.get(bc.attached_to)
        if host is None or card.action_kind != "ongoing_minion" or host.base != bc.base:
            raise InvalidSetup(
                f"scripted.board[{k}]: attached_to must name an earlier minion on the same base"
            )
        minions[bc.attached_to] = ev.MinionInit(
            host.base, host.uid, host.card, host.owner, (*host.attached, att)
        )
    return tuple(minions.values()), tuple(base_attached)
