"""Commands: what a seat asks for. A command is legal exactly when legal_commands lists it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from domain.frozen import fast_init


@fast_init
@dataclass(frozen=True)
class Command:
    """Base class; `seat` is filled in from the caller's token, never from the body."""

    type: ClassVar[str] = "command"
    seat: int

    def body(self) -> dict[str, Any]:
        """The JSON body a client posts for this command."""
        return {"type": self.type}


@fast_init
@dataclass(frozen=True)
class PlayMinion(Command):
    """Play a minion from hand (`card` is its uid) onto the base at index `base`."""

    type: ClassVar[str] = "play_minion"
    card: str
    base: int

    def body(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card, "base": self.base}


@fast_init
@dataclass(frozen=True)
class PlayAction(Command):
    """Play an action from hand; an ongoing one names the base or the minion it attaches to."""

    type: ClassVar[str] = "play_action"
    card: str
    base: int | None = None
    target: str | None = None

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "card": self.card}
        if self.base is not None:
            out["base"] = self.base
        if self.target is not None:
            out["target"] = self.target
        return out


@fast_init
@dataclass(frozen=True)
class Choose(Command):
    """Answer the pending decision with one of its option ids."""

    type: ClassVar[str] = "choose"
    option: str

    def body(self) -> dict[str, Any]:
        return {"type": self.type, "option": self.option}


@fast_init
@dataclass(frozen=True)
class UseSpecial(Command):
    """Use a Special ability during your own play phase (e.g. from a minion in play, or a card
    in your discard pile); `card` is the uid of the card whose Special it is."""

    type: ClassVar[str] = "use_special"
    card: str

    def body(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card}


@fast_init
@dataclass(frozen=True)
class UseTalent(Command):
    """Use the Talent of a card in play you control (or of a base) during your own play phase,
    once per turn each; `card` is the uid of that card (a base's card id for a base)."""

    type: ClassVar[str] = "use_talent"
    card: str

    def body(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card}


@fast_init
@dataclass(frozen=True)
class EndTurn(Command):
    """End the play phase; scoring, drawing and the end of the turn follow by themselves."""

    type: ClassVar[str] = "end_turn"


@fast_init
@dataclass(frozen=True)
class PickFaction(Command):
    """Take a faction in the faction draft of a drafted game (domain.draft)."""

    type: ClassVar[str] = "pick_faction"
    faction: str

    def body(self) -> dict[str, Any]:
        return {"type": self.type, "faction": self.faction}


@dataclass(frozen=True)
class ExpireClock(Command):
    """The server's, never a client's: the awaited seat's turn clock ran out (not listed by
    legal_commands, not in COMMAND_TYPES)."""

    type: ClassVar[str] = "expire_clock"


COMMAND_TYPES: dict[str, type[Command]] = {
    c.type: c for c in (PlayMinion, PlayAction, Choose, UseSpecial, UseTalent, EndTurn, PickFaction)
}
