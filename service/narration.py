"""The narration of a finished game: ``smashup replay``'s lines, each with its version."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from domain import event_from_dict
from domain.events import Event
from domain.narrate import narrate
from events.envelope import Envelope


def narration(envelopes: Sequence[Envelope]) -> list[dict[str, Any]]:
    """``{version, text}`` for each line :func:`domain.narrate.narrate` tells of the log.

    ``narrate`` reads one event, then tells what it did before it reads the next, so a line
    belongs to the event read last. The log must be the full (unredacted) one.
    """
    read = [0]

    def events() -> Iterator[Event]:
        for envelope in envelopes:
            read[0] = int(envelope["version"])
            yield event_from_dict(envelope)

    return [{"version": read[0], "text": line.strip()} for line in narrate(events())]
