"""What a command's caller is told: the answer of a command just appended or replayed from its
idempotency record, the events as a viewer may see them, and the fingerprint that tells a key
reused for another command."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from domain import Command, redact_payload
from events.envelope import Envelope
from service.outcomes import CommandResult, IdempotencyKeyReused


def redact(envelopes: Sequence[Envelope], viewer: int | None) -> list[Envelope]:
    """Envelopes as ``viewer`` (a seat, or None for spectators) may see them."""
    return [{**e, "payload": redact_payload(e["type"], e["payload"], viewer)} for e in envelopes]


def replayed_answer(
    seat: int,
    stored: Mapping[str, Any],
    envelopes: Sequence[Envelope],
    fingerprint: str,
) -> CommandResult:
    """The first answer to an idempotency key, rebuilt from its record and its events."""
    if stored.get("request") != fingerprint:
        raise IdempotencyKeyReused("this Idempotency-Key was already used for a different command")
    game: dict[str, Any] = stored.get("game") or {}  # a record made before lean answers
    status = stored["status"] if "status" in stored else game["status"]
    next_up = stored["awaiting"] if "awaiting" in stored else game["awaiting"]
    answer = command_answer(int(stored["version"]), redact(envelopes, seat), status, next_up, seat)
    return CommandResult(answer, replayed=True)


def command_answer(
    version: int,
    events: list[Envelope],
    status: str,
    next_up: dict[str, Any] | None,
    seat: int,
) -> dict[str, Any]:
    """A command's answer: the new version, the caller's events and what comes next."""
    return {
        "version": version,
        "events": events,
        "status": status,
        "awaiting": next_up,
        "must_act": next_up is not None and next_up["seat"] == seat,
    }


def fingerprint(command: Command, expected_version: int | None) -> str:
    """A digest of what a command asks, to detect an idempotency key reused for another one."""
    body = {**command.body(), "expected_version": expected_version}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
