"""Event logs as JSON Lines: one envelope per line, for export, upload and ``smashup replay``.

A line is ``{"version", "type", "schema", "ts", "payload"}`` (``ts`` may be left out of an
upload). Reading checks each line's shape and nothing else: whether the events follow from the
rules is :mod:`domain.verify`'s business. Like :func:`domain.verify.decode_records`, readers
return the good prefix and the first problem, a :class:`LogFormatError` with the version (the
1-based position among non-blank lines) of the first bad line, so that a caller can still look
for an earlier problem in the prefix.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any

from events.envelope import Envelope, encode_payload, upcast
from events.errors import SchemaTooNew

MEDIA_TYPES = ("application/jsonl", "application/x-ndjson")
"""Media types of a log, the preferred one first."""
FIELDS = ("version", "type", "schema", "ts", "payload")
REQUIRED = frozenset({"version", "type", "schema", "payload"})
REASON_LIMIT = 300
"""A reason quotes at most this many characters (never a whole hostile line)."""

_RFC3339 = re.compile(r"\A\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})\Z")


class LogFormatError(ValueError):
    """A line of a log is not a well-formed event envelope (or cannot be upcast)."""

    def __init__(self, version: int, reason: str) -> None:
        reason = reason if len(reason) <= REASON_LIMIT else reason[: REASON_LIMIT - 1] + "…"
        super().__init__(f"version {version}: {reason}")
        self.version = version
        self.reason = reason


def write_line(envelope: Mapping[str, Any]) -> str:
    """One envelope as a JSON Lines line (fields in the usual order, newline included)."""
    ordered = {name: envelope[name] for name in FIELDS if name in envelope}
    return encode_payload(ordered) + "\n"


def write_log(envelopes: Iterable[Mapping[str, Any]]) -> Iterator[str]:
    """The lines of a log."""
    for envelope in envelopes:
        yield write_line(envelope)


def _lines(text: str) -> list[str]:
    """The lines of a log: split at newlines only (a JSON string may hold U+2028 and the like)."""
    return text.split("\n")


def count_events(text: str) -> int:
    """How many events (non-blank lines) a log has."""
    return sum(1 for line in _lines(text) if line.strip())


def read_log(text: str) -> tuple[list[Envelope], LogFormatError | None]:
    """The envelopes of a JSON Lines log as written (not upcast), up to the first bad line."""
    out: list[Envelope] = []
    for line in _lines(text):
        if line.strip():
            try:
                out.append(_envelope(len(out) + 1, line))
            except LogFormatError as error:
                return out, error
    return out, None


def upcast_log(
    envelopes: Iterable[Mapping[str, Any]],
) -> tuple[list[Envelope], LogFormatError | None]:
    """The envelopes at the current schema, up to the first one no upcaster can read."""
    out: list[Envelope] = []
    for position, envelope in enumerate(envelopes, start=1):
        try:
            out.append(upcast(envelope))
        except SchemaTooNew as error:
            return out, LogFormatError(position, str(error))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            reason = f"{envelope.get('type')!r} at schema {envelope.get('schema')}: {error!r}"
            return out, LogFormatError(position, f"cannot upgrade {reason}")
    return out, None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise ValueError("an object has the same key twice")
    return found


def strict_json(text: str | bytes) -> Any:
    """JSON as the standard says it: no NaN or Infinity, no object with the same key twice
    (ValueError otherwise). Used for request bodies and log lines alike."""
    return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)


def _envelope(position: int, line: str) -> Envelope:
    """One line checked: a JSON object with the envelope's fields and their types."""
    try:
        record = strict_json(line)
        json.dumps(record, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise LogFormatError(position, "a string holds a lone UTF-16 surrogate") from None
    except (ValueError, RecursionError) as error:
        raise LogFormatError(position, f"not a JSON line: {error}") from None
    if not isinstance(record, dict):
        raise LogFormatError(position, "a line must be a JSON object (one event envelope)")
    missing = sorted(REQUIRED - record.keys())
    unknown = sorted(record.keys() - set(FIELDS))
    if missing or unknown:
        what = [f"missing {', '.join(missing)}"] if missing else []
        what += [f"unknown {', '.join(unknown)}"] if unknown else []
        raise LogFormatError(position, f"envelope fields: {'; '.join(what)}")
    for name in ("version", "schema"):
        value = record[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise LogFormatError(position, f"{name} must be a non-negative integer")
    if not isinstance(record["type"], str) or not record["type"]:
        raise LogFormatError(position, "type must be a non-empty string")
    if not isinstance(record["payload"], dict):
        raise LogFormatError(position, "payload must be a JSON object")
    if "ts" in record and not _is_timestamp(record["ts"]):
        raise LogFormatError(position, "ts must be an RFC 3339 date-time")
    return {name: record[name] for name in FIELDS if name in record}


def _is_timestamp(value: Any) -> bool:
    if not isinstance(value, str) or not _RFC3339.match(value):
        return False
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True
