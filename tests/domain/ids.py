"""Card and base ids for the domain tests, written once by their prefix."""

from __future__ import annotations


def ids(prefix: str, names: str) -> tuple[str, ...]:
    """The ids ``prefix.name`` of the space-separated names, in order:
    ``REX, RAPTOR = ids("dinosaurs", "king_rex war_raptor")``."""
    return tuple(f"{prefix}.{name}" for name in names.split())
