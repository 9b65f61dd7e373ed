"""The pure Smash Up rules engine: decide(state, command) -> events, evolve(state, event) -> state.

Importing this package registers every card ability (domain.cards).
"""

from domain import cards as _cards  # noqa: F401  (registers the abilities)
from domain import seen as _seen  # noqa: F401  (registers the step answering a look at cards)
from domain.commands import (
    COMMAND_TYPES,
    Choose,
    Command,
    EndTurn,
    PlayAction,
    PlayMinion,
    UseSpecial,
    UseTalent,
)
from domain.decide import awaited_seat, decide, decide_and_evolve, is_legal, legal_commands
from domain.errors import (
    GameNotActive,
    IllegalMove,
    IllegalTarget,
    InvalidSetup,
    NotYourTurn,
    RuleViolation,
    UnknownCard,
)
from domain.events import EVENT_TYPES, Event
from domain.evolve import evolve, replay
from domain.model import GameState
from domain.serialize import (
    event_from_dict,
    event_to_dict,
    snapshot_point,
    state_from_json,
    state_to_json,
)
from domain.setup import BoardCard, GameSetup, PlayerSetup, ScriptedSetup, start_game
from domain.view import redact_payload, view

__all__ = [
    "COMMAND_TYPES",
    "EVENT_TYPES",
    "BoardCard",
    "Choose",
    "Command",
    "EndTurn",
    "Event",
    "GameNotActive",
    "GameSetup",
    "GameState",
    "IllegalMove",
    "IllegalTarget",
    "InvalidSetup",
    "NotYourTurn",
    "PlayAction",
    "PlayMinion",
    "PlayerSetup",
    "RuleViolation",
    "ScriptedSetup",
    "UnknownCard",
    "UseSpecial",
    "UseTalent",
    "awaited_seat",
    "decide",
    "decide_and_evolve",
    "event_from_dict",
    "event_to_dict",
    "evolve",
    "is_legal",
    "legal_commands",
    "redact_payload",
    "replay",
    "snapshot_point",
    "start_game",
    "state_from_json",
    "state_to_json",
    "view",
]
