"""Rule errors: every refusal the domain can give, each with a stable machine code."""

from __future__ import annotations


class RuleViolation(Exception):
    """A command that the rules do not allow in the current state."""

    code = "rule_violation"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameNotActive(RuleViolation):
    """The game has ended (or has not started): no command is accepted."""

    code = "game_not_active"


class NotYourTurn(RuleViolation):
    """The seat is not the one the game is waiting for."""

    code = "not_your_turn"


class IllegalMove(RuleViolation):
    """The command is well formed but not among the legal moves."""

    code = "illegal_move"


class UnknownCard(IllegalMove):
    """The command names a card instance the seat cannot use."""

    code = "unknown_card"


class IllegalTarget(IllegalMove):
    """The command names a base, minion or option that is not a legal target."""

    code = "illegal_target"


class InvalidSetup(RuleViolation):
    """A game cannot be created with these players or this scripted setup."""

    code = "invalid_setup"


class FactionNotImplemented(InvalidSetup):
    """The setup names a faction, card or base whose abilities this server does not play yet."""

    code = "faction_not_implemented"


class FactionNotAvailable(IllegalMove):
    """A faction draft pick names a faction the seat may not take (unknown, or already its own:
    a seat's two factions differ)."""

    code = "faction_not_available"


class FactionAlreadyPicked(FactionNotAvailable):
    """A faction draft pick names a faction another seat took (each faction once per box)."""

    code = "faction_taken"
