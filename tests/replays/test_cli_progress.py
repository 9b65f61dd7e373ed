"""``smashup replay`` shows its progress on long logs; ``smashup --help`` loads no web app."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from api.cli import main
from api.replay_cli import progress_printer


@pytest.fixture
def log_file(tmp_path: Path, finished_log: str) -> Path:
    """A finished game's exported log, in a file."""
    path = tmp_path / "game.jsonl"
    path.write_text(finished_log, encoding="utf-8")
    return path


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_replay_with_progress_reports_the_versions_checked_on_stderr(
    log_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", "--progress", str(log_file)]) == 0
    out, err = capsys.readouterr()
    total = len(log_file.read_text(encoding="utf-8").splitlines())
    assert err.startswith("\rchecking: version ")
    assert err.endswith(f"\rchecking: version {total} of {total} (100%)\n")
    assert "checking" not in out


def test_progress_is_shown_on_a_terminal_and_not_in_a_pipe(log_file: Path) -> None:
    from api import replay_cli

    args = replay_cli_args(log_file)
    terminal, pipe = _Terminal(), io.StringIO()
    assert replay_cli.run(args, out=io.StringIO(), err=terminal) == 0
    assert replay_cli.run(args, out=io.StringIO(), err=pipe) == 0
    assert "(100%)" in terminal.getvalue()
    assert pipe.getvalue() == ""
    args.progress = False
    quiet = _Terminal()
    assert replay_cli.run(args, out=io.StringIO(), err=quiet) == 0
    assert quiet.getvalue() == ""


def replay_cli_args(path: Path) -> object:
    from api.cli import _parser

    return _parser().parse_args(["replay", str(path)])


def test_progress_lines_are_spaced_in_time_but_the_last_is_always_shown() -> None:
    ticks = iter([0.0, 0.05, 0.1, 0.25, 0.3, 0.31])
    err = io.StringIO()
    report = progress_printer(err, clock=lambda: next(ticks))
    for version in range(1, 7):
        report(version, 6)
    shown = err.getvalue().split("\r")[1:]
    assert shown == [
        "checking: version 1 of 6 (16%)",
        "checking: version 4 of 6 (66%)",
        "checking: version 6 of 6 (100%)\n",
    ]


def test_the_command_line_loads_neither_flask_nor_the_routes_to_start() -> None:
    probe = (
        "import sys; from api.cli import _parser; _parser().format_help(); "
        "print(sorted(m for m in ('flask', 'api.app', 'api.routes', 'domain', 'redis') "
        "if m in sys.modules))"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert shown.stdout.strip() == "[]"


def test_smashup_help_still_lists_every_sub_command() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "api.cli", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    for command in ("serve", "worker", "replay"):
        assert command in shown.stdout
