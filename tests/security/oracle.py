"""The leak oracle: what each viewer may not see at every version of a game, from the true log.

The oracle reads the game's unredacted events straight from the event store and folds them with
the domain's ``evolve``, so it knows where every card is at every version. On top of the state it
tracks *knowledge*: which hidden cards a viewer (a seat, or ``None`` for a spectator) has
legitimately learned, and forgets it when the rules make it stale. Only the true events feed it,
never a response of the server, so a redaction bug cannot hide itself.

Hidden zones are every hand and every deck (a seat's own deck too: nobody knows a deck's order);
the base deck is hidden as well. At version ``v``, for a viewer ``V``:

* **secret uids**: cards in a hidden zone at ``v`` that are not ``V``'s own hand and that ``V`` has
  not learned. A secret uid must never appear in anything ``V`` receives about version ``v``.
* **secret ids**: the card (and base) ids of secret cards, minus every id ``V`` can see at ``v`` for
  another reason (another copy on the table, in a discard pile, in ``V``'s hand, a known card, a
  base in play, the card that granted a play or a lasting effect...). A card id is a weaker
  secret than a uid: it may appear when a public copy explains it, never otherwise.
* **secret names**: the names of secret ids (in English, French and Spanish: the languages of
  the labels of moves and options) that no visible id shares, searched as whole words in free
  text (prompts, labels, problem details).

What a viewer learns (and when it forgets), all from the true events:

* its own hand is always visible to it; a card it draws is in its hand;
* ``hand_revealed``: the receiving seat learns the cards shown;
* ``card_revealed``: everyone (``to_seat`` null) or the receiving seat only learns it (the
  owner does not know the order of its own deck);
* ``card_moved``: everyone learns a public move, the owner a private one;
* ``card_taken``: everyone learns a public one; a private one, its owner and both seats;
* ``minion_removed``: a minion leaves play in front of everyone, so its uid stays known wherever
  it goes (a hand, a deck top);
* ``deck_shuffled`` / ``deck_reshuffled``: every viewer forgets the cards of that deck (their
  order is new);
* a decision whose ``source`` is a card that searches its owner's deck (:data:`DECK_SEARCHES`):
  the deciding seat has looked through its whole deck (until the next shuffle of it);
* a decision whose ``source`` shows its seat cards of a deck, its own or another seat's
  (:data:`TOP_LOOKS`): the deciding seat learns the cards offered, from as deep in that deck
  as the card text says at most;
* ``special_used`` (and the other events of :data:`PUBLIC_UIDS`): everyone learns the card;
* a decision whose ``source`` looks at bases in the base deck (:data:`BASE_LOOKS`): the deciding
  seat learns the bases offered; ``base_deck_reordered`` tells its ``seat`` the new top; every
  ``base_deck_shuffled`` makes everyone forget the base deck;
* a ``card_name`` decision (a card name said aloud, e.g. Mall Crawl) and the decisions of
  :data:`ANNOUNCED` (a base taken out of the base deck in front of everyone): the chosen id is
  public until the turn ends;
* ``bases_swapped``: the base leaving play goes into the base deck in front of everyone.
* ``card_buried``: a buried card is hidden from every viewer but its controller (who sees it
  beside the base); everyone learns it when it was buried in front of them (``public``: a card
  burying itself, a minion from play), its controller always;
* ``card_uncovered``: everyone learns the card turned face up.
* a duel card placed face down (``duel_card_placed``) is hidden from every viewer but the seat
  that placed it (it is in no zone, not in that seat's hand any more);
  ``duel_card_revealed`` shows it to everyone.

An event at version ``v`` is checked against the secrets at ``v`` (after it): a card an event
makes public (a play, a public reveal) may appear in it, a card that stays hidden may not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from domain import GameState, event_from_dict, evolve
from domain.catalogue import catalogue
from events.store import EventStore

Viewer = int | None

DECK_SEARCHES = frozenset(
    {
        "wizards.scry",  # looks through its player's deck for an action
        "zombies.mall_crawl",  # finds every card of the named name in its player's deck
        "star_roamers.ships_captain",  # searches its player's deck for a minion
    }
)
"""Cards whose ability makes their player search (look through) their own deck."""
TOP_LOOKS: dict[str, int | None] = {
    # its player looks at cards of its own deck (privately)
    "cowboys.gold_in_them_thar_hills": 3,  # the top three, one is taken
    "zombies.walker": 1,  # the top card, kept or discarded
    # its player turns up cards of its own deck (everyone sees them)
    "wizards.portal": 5,  # the top five, minions taken, the rest put back in any order
    "wizards.neophyte": 1,  # the top card, an action taken or played
    "robots.hoverbot": 1,  # the top card, a minion played
    "astroknights.space_knight": 3,  # the top three, an action taken, the rest put back
    "astroknights.prepare_for_battle": 2,  # the top two, one taken, one on top or bottom
    "astroknights.pupoks": 3,  # the top three, all taken, one may be played
    "astroknights.its_a_trap": None,  # down to the first action, taken or played
    "astroknights.mannersbot": 1,  # the top card, an action taken
    # its player looks at (or turns up) cards of another player's deck
    "vikings.cast_the_runes": 2,  # looks at the top two, puts them back in any order
    "vikings.raiding_party": 3,  # turns up the top three, one may be played
    "vikings.shield_maiden": 1,  # turns up the top card, taken if small enough
    "base.drakkar": 1,  # turns up the top card of another deck, taken if small enough
    "wizards.mass_enchantment": 1,  # every opponent turns up its top card, one is played
}
"""Cards (and bases) whose ability shows their player cards of a deck as a decision's options,
and how deep in that deck the card text lets it see (None: as deep as it takes). That player
learns the cards offered from that deep at most: a card offered from deeper is not learned, so
it is reported. (A card turned up for everyone is learned by all from its public
``card_revealed``.)"""
BASE_LOOKS = frozenset({"base.school_of_wizardry", "aliens.terraforming"})
"""Sources of decisions that show their seat bases from the base deck. (Weird New Worlds and the
Unicrave put the base deck's top base into play: that base is public as soon as it is in play.)"""
ANNOUNCED = frozenset({"terraforming_new", "school_pick"})
"""Continuations whose chosen card is shown to everyone as it is chosen: the base Terraforming
takes out of the base deck to swap in, the base that replaces the School of Wizardry."""

PUBLIC_UIDS = frozenset({"minion_removed", "card_uncovered", "duel_card_revealed", "special_used"})
"""Events whose card (``uid``) everyone sees, wherever it goes next: a minion leaving play, a
buried card turned face up, a duel card revealed, a Special used (a Deputy is discarded from hand
to use it, a Tenacious Z comes from a discard pile, a Ninja Acolyte is in play)."""

_UID = re.compile(r"c[0-9a-f]{8}")
_ID = re.compile(r"[a-z0-9_]+\.[a-z0-9_]+")


LANGUAGES = ("en", "fr", "es")
"""The languages of the labels a viewer may ask for (``?lang=``)."""


def _names() -> tuple[dict[str, frozenset[str]], re.Pattern[str]]:
    """The names of every card and base id in every language of the labels, and one regex
    finding any of them in text."""
    cat = catalogue()
    names = {
        i: frozenset(cat.name(d, lang) for lang in LANGUAGES)
        for i, d in (*cat.cards.items(), *cat.bases.items())
    }
    ordered = sorted(set().union(*names.values()), key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in ordered) + r")(?!\w)")
    return names, pattern


NAMES, _NAME = _names()


@dataclass(frozen=True)
class Secrets:
    """What one viewer may not see at one version."""

    uids: frozenset[str]
    ids: frozenset[str]
    names: frozenset[str]

    def found_in(self, text: str) -> list[str]:
        """Every secret found in a serialised response part."""
        found = {u for u in _UID.findall(text) if u in self.uids}
        found |= {i for i in _ID.findall(text) if i in self.ids}
        found |= {n for n in _NAME.findall(text) if n in self.names}
        return sorted(found)


@dataclass
class Leak:
    """A secret seen by a viewer who may not see it."""

    viewer: Viewer
    version: int
    where: str
    secrets: list[str]
    text: str

    def __str__(self) -> str:
        who = "spectator" if self.viewer is None else f"seat {self.viewer}"
        paths = _paths(json.loads(self.text), self.secrets)
        return f"{who} at v{self.version} in {self.where}: {paths} in {self.text[:300]}"


def _paths(value: Any, secrets: list[str], at: str = "") -> list[str]:
    """Where in a JSON value the secrets are (``players.0.plays.1.source=...``)."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _paths(v, secrets, f"{at}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _paths(v, secrets, f"{at}.{i}")]
    text = json.dumps(value, ensure_ascii=False)
    return [f"{at[1:]}={value!r}" for s in secrets if s in text]


@dataclass
class Oracle:
    """Follows one game's true log; checks what viewers receive against their secrets."""

    store: EventStore
    game_id: str
    seats: int
    state: GameState | None = None
    version: int = 0
    ended_at: int | None = None
    leaks: list[Leak] = field(default_factory=list)
    checked: int = 0
    seen_types: set[str] = field(default_factory=set)
    looks: list[tuple[str, int]] = field(default_factory=list)
    _secrets: dict[int, dict[Viewer, Secrets]] = field(default_factory=dict)
    _known: dict[Viewer, set[str]] = field(default_factory=dict)
    _known_bases: dict[Viewer, set[str]] = field(default_factory=dict)
    _named: set[str] = field(default_factory=set)
    _pending: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        for viewer in self.viewers:
            self._known[viewer] = set()
            self._known_bases[viewer] = set()

    @property
    def viewers(self) -> list[Viewer]:
        """Every seat, then the spectator."""
        return [*range(self.seats), None]

    # -- following the true log ---------------------------------------------------------------

    def sync(self) -> None:
        """Fold the events appended since the last sync."""
        for envelope in self.store.read(self.game_id, after=self.version):
            self._fold(envelope)

    def _fold(self, envelope: dict[str, Any]) -> None:
        event = event_from_dict(envelope)
        self.state = evolve(self.state, event)
        self.version = envelope["version"]
        assert self.state.version == self.version
        kind, payload = envelope["type"], envelope["payload"]
        self.seen_types.add(kind)
        self._learn(kind, payload)
        if kind == "game_ended" and self.ended_at is None:
            self.ended_at = self.version
        self._secrets[self.version] = {v: self._compute(v) for v in self.viewers}

    def _everyone(self) -> Iterator[set[str]]:
        return iter(self._known.values())

    def _learn(self, kind: str, p: dict[str, Any]) -> None:
        if kind == "hand_revealed":
            self._known[p["to_seat"]] |= {c["uid"] for c in p["cards"]}
            self.looks.append((kind, self.version))
        elif kind == "card_revealed":
            if p["to_seat"] is None:
                for known in self._everyone():
                    known.add(p["uid"])
            else:
                self._known[p["to_seat"]].add(p["uid"])
                self.looks.append((kind, self.version))
        elif kind == "card_moved":
            targets = self._everyone() if p["public"] else iter([self._known[p["owner"]]])
            for known in targets:
                known.add(p["uid"])
        elif kind == "card_taken":
            seats = {p["owner"], p["from_seat"], p["seat"]}
            targets = self._everyone() if p["public"] else (self._known[v] for v in seats)
            for known in targets:
                known.add(p["uid"])
        elif kind in PUBLIC_UIDS or (kind == "card_buried" and p["public"]):
            for known in self._everyone():
                known.add(p["uid"])
        elif kind == "card_buried":
            self._known[p["controller"]].add(p["uid"])
        elif kind in ("deck_shuffled", "deck_reshuffled"):
            shuffled = {c["uid"] for c in p["order"]}
            for known in self._everyone():
                known -= shuffled
        elif kind == "decision_requested":
            self._decision(p["decision"])
        elif kind == "decision_made":
            if self._pending is not None and (
                self._pending[0] == "card_name" or self._pending[1] in ANNOUNCED
            ):
                self._named.add(p["option"])
            self._pending = None
        elif kind == "bases_swapped":
            for known in self._known_bases.values():
                known.add(p["old"])
        elif kind == "base_deck_reordered" and p.get("seat") is not None:
            self._known_bases[p["seat"]] |= set(p["top"])
        elif kind == "base_deck_shuffled":
            for known in self._known_bases.values():
                known.clear()
        elif kind == "turn_started":
            self._named.clear()

    def _decision(self, d: dict[str, Any]) -> None:
        assert self.state is not None
        seat, source = d["seat"], d.get("source")
        self._pending = (d["kind"], d["then"]["key"])
        if source in DECK_SEARCHES:
            self._known[seat] |= {c.uid for c in self.state.players[seat].deck}
            self.looks.append((str(source), self.version))
        if source in TOP_LOOKS:
            self._known[seat] |= self._tops(d["options"], TOP_LOOKS[source])
        if source in BASE_LOOKS:
            offered = {o.get("card") for o in d["options"]} & set(self.state.base_deck)
            self._known_bases[seat] |= {str(b) for b in offered}
            self.looks.append((str(source), self.version))

    def _tops(self, options: list[dict[str, Any]], depth: int | None) -> set[str]:
        """The offered cards among the top ``depth`` cards of a deck (any deep if None)."""
        assert self.state is not None
        at = {c.uid: k for p in self.state.players for k, c in enumerate(p.deck)}
        offered = (str(o["uid"]) for o in options if o.get("uid") in at)
        return {u for u in offered if depth is None or at[u] < depth}

    def _compute(self, viewer: Viewer) -> Secrets:
        state = self.state
        assert state is not None
        hidden: dict[str, str] = {}
        visible: dict[str, str] = {}
        for p in state.players:
            for c in p.deck:
                hidden[c.uid] = c.card
            for c in p.hand:
                (visible if p.seat == viewer else hidden)[c.uid] = c.card
            for c in p.discard:
                visible[c.uid] = c.card
        for b in state.bases:
            for a in b.attached:
                visible[a.uid] = a.card
            for m in b.minions:
                visible[m.uid] = m.card
                for a in m.attached:
                    visible[a.uid] = a.card
        for c in (*state.resolving, *state.box, *state.uncovered):
            visible[c.uid] = c.card
        for b in state.bases:
            for c in b.buried:
                (visible if c.controller == viewer else hidden)[c.uid] = c.card
        for c in state.duel.face_down if state.duel else ():
            (visible if c.owner == viewer else hidden)[c.uid] = c.card
        known = self._known[viewer]
        for uid in [u for u in hidden if u in known]:
            visible[uid] = hidden.pop(uid)
        public_ids = set(visible.values()) | self._named
        # What granted a play or an effect is shown by design (that card was played publicly),
        # even once that card is back in a deck.
        public_ids |= {a.source for p in state.players for a in p.plays}
        public_ids |= {effect.card for effect in state.lingering}
        public_ids |= {b.card for b in state.bases} | set(state.base_discard)
        public_ids |= self._known_bases[viewer]
        secret_ids = (set(hidden.values()) | set(state.base_deck)) - public_ids
        public_names = set().union(*(NAMES[i] for i in public_ids if i in NAMES))
        names = set().union(*(NAMES[i] for i in secret_ids)) - public_names
        return Secrets(frozenset(hidden), frozenset(secret_ids), frozenset(names))

    # -- checking what viewers receive --------------------------------------------------------

    def secrets(self, viewer: Viewer, version: int) -> Secrets:
        """The secrets of ``viewer`` at ``version`` (syncing first if the version is new)."""
        if version > self.version:
            self.sync()
        return self._secrets[version][viewer]

    @property
    def ended(self) -> bool:
        """Once a game has ended, nothing is secret any more."""
        return self.ended_at is not None

    def check(self, viewer: Viewer, version: int, part: Any, where: str) -> None:
        """Record a leak if ``part`` (received by ``viewer``, about ``version``) shows a secret."""
        if self.ended_at is not None and version >= self.ended_at:
            return
        text = json.dumps(part, ensure_ascii=False)
        self.checked += 1
        found = self.secrets(viewer, version).found_in(text)
        if found:
            self.leaks.append(Leak(viewer, version, where, found, text))

    def check_events(self, viewer: Viewer, events: Iterable[dict[str, Any]], where: str) -> None:
        """Check each event against the secrets at its own version."""
        for e in events:
            self.check(viewer, int(e["version"]), e, f"{where} {e['type']}")

    def hidden_from(self, viewer: Viewer) -> list[str]:
        """Uids secret to ``viewer`` now, sorted (for probing requests)."""
        return sorted(self.secrets(viewer, self.version).uids)
