"""No module of the server's packages is longer than 400 lines: a longer one is split by topic
(re-exporting its public names where they are imported today)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "events", "service", "api", "workers", "bootstrap")
MAX_LINES = 400


def line_count(path: Path) -> int:
    """The number of lines of a text file."""
    return len(path.read_text(encoding="utf-8").splitlines())


def too_long(root: Path, packages: tuple[str, ...], limit: int) -> dict[str, int]:
    """Every ``.py`` module under the packages with more than `limit` lines: path (relative
    to `root`, with forward slashes) -> its line count."""
    found: dict[str, int] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            count = line_count(path)
            if count > limit:
                found[path.relative_to(root).as_posix()] = count
    return found


def test_no_module_of_the_server_is_over_four_hundred_lines() -> None:
    over = too_long(ROOT, PACKAGES, MAX_LINES)
    assert over == {}, f"split these modules under {MAX_LINES} lines: {over}"


def test_a_module_one_line_over_the_limit_is_found_and_one_at_the_limit_is_not(
    tmp_path: Path,
) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "ok.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    (tmp_path / "pkg" / "sub" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    (tmp_path / "pkg" / "notes.txt").write_text("x\n" * (MAX_LINES + 1), encoding="utf-8")
    assert too_long(tmp_path, ("pkg",), MAX_LINES) == {"pkg/sub/long.py": MAX_LINES + 1}
