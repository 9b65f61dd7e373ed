"""``smashup replay FILE [--at N] [--json]``: replay a JSON Lines log without any server.

The log is checked exactly as ``POST /v1/replays`` checks it (each event upcast, decoded and
verified against the rules). Then it prints a turn-by-turn account (up to version N with
``--at``), or with ``--json`` the game view at the end (or at version N) with every hand shown.
Exit status: 0 when the log is valid, 1 when it is not (the version and reason go to stderr), 2
for a usage error (unreadable file, ``--at`` out of range).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

EXIT_INVALID = 1
EXIT_USAGE = 2
PROGRESS_EVERY = 0.2
"""Seconds between two progress lines."""


def add_parser(commands: Any) -> None:
    """Add the ``replay`` subcommand to the ``smashup`` parser's subparsers."""
    parser = commands.add_parser(
        "replay", help="check a JSON Lines game log and show the game, turn by turn"
    )
    parser.add_argument("file", help="the log, as GET /v1/games/{id}/log gives it (- for stdin)")
    parser.add_argument(
        "--at", type=int, default=None, metavar="N", help="stop at version N (default: the end)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the game view (all hands shown) as JSON"
    )
    add_progress_flags(parser, "the check's progress")


def add_progress_flags(parser: Any, what: str) -> None:
    """``--progress`` / ``--no-progress``: show ``what`` on stderr, by default when stderr is a
    terminal (``args.progress`` is None then)."""
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help=f"show {what} on stderr (default: when stderr is a terminal)",
    )
    shown.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show progress"
    )


def progress_printer(err: TextIO, clock: Callable[[], float] = time.monotonic) -> Any:
    """A ``progress(version, total)`` callback writing ``checking: version N of M`` to ``err``
    at most every :data:`PROGRESS_EVERY` seconds (and at the last version), on one line."""
    last = [-PROGRESS_EVERY]

    def report(version: int, total: int) -> None:
        now = clock()
        if version < total and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        end = "\n" if version >= total else ""
        err.write(f"\rchecking: version {version} of {total} ({100 * version // total}%){end}")
        err.flush()

    return report


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``smashup replay``; return the exit status."""
    from api.schemas import refused_setup
    from domain import replay
    from domain.narrate import narrate
    from service.replays import InvalidLog, check_log, full_view

    out = out or sys.stdout
    err = err or sys.stderr
    show = getattr(args, "progress", None)
    if show is None:
        show = err.isatty()
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as error:
        print(f"smashup replay: cannot read {args.file}: {error}", file=err)
        return EXIT_USAGE
    try:
        log = check_log(text, refused_setup, progress_printer(err) if show else None)
    except InvalidLog as error:
        if show:
            err.write("\n")
        print(f"smashup replay: invalid log at version {error.version}: {error.reason}", file=err)
        return EXIT_INVALID
    final = log.state
    at = final.version if args.at is None else args.at
    if not 1 <= at <= final.version:
        print(f"smashup replay: --at must be a version from 1 to {final.version}", file=err)
        return EXIT_USAGE
    events = log.events[:at]
    try:
        if args.json:
            state = final if at == final.version else replay(events)
            out.write(json.dumps(full_view(state), indent=2, ensure_ascii=False) + "\n")
            return 0
        for line in narrate(events):
            out.write(line + "\n")
        if at < final.version:
            out.write(f"\n(stopped at version {at} of {final.version})\n")
        out.flush()
    except BrokenPipeError:  # the reader has gone (`| head`): stop quietly
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8-sig")
    with open(path, "rb") as handle:
        return handle.read().decode("utf-8-sig")
