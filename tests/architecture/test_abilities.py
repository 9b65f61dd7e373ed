"""Card abilities are values behind one lookup: no code reads the scripts' tables but
domain/card_scripts.py, no card module reads another's, and every card is a script."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import domain  # noqa: F401  (loads every card script)
from domain import abilities
from domain.abilities import Ability
from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED

ROOT = Path(__file__).resolve().parents[2]
CARD_MODULES = sorted((ROOT / "domain" / "cards").glob("[!_]*.py"))
PRIVATE_TABLES = {"_SCRIPTS", "_BY_KIND"}


def _python_files() -> list[Path]:
    return [
        p
        for folder in ("domain", "service", "api", "workers", "events", "tests", "bench")
        for p in (ROOT / folder).rglob("*.py")
    ]


def _names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.add(node.name.split(".")[-1])
    return found


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_only_the_card_scripts_module_reads_the_tables_of_card_scripts(path: Path) -> None:
    if path == ROOT / "domain" / "card_scripts.py":  # the scripts' own module
        return
    assert not _names(path) & PRIVATE_TABLES, f"{path.name} reads a script table directly"


@pytest.mark.parametrize("path", CARD_MODULES, ids=lambda p: p.name)
def test_a_card_module_imports_no_other_card_module(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.startswith("domain.cards"), f"{path.name}: {node.module}"


def test_the_old_per_kind_registries_are_gone() -> None:
    from domain import registry

    for table in ("ON_PLAY", "TRIGGERS", "ONGOING_POWER", "GUARDS", "SPECIALS", "BASE_HOOKS"):
        assert not hasattr(registry, table), table


def test_every_implemented_card_of_the_core_set_has_a_script_of_ability_values() -> None:
    cat = catalogue()
    core = [c for f in cat.factions.values() if f.set == "core" for c in f.card_ids]
    assert core
    assert set(core) <= IMPLEMENTED
    with_abilities = [c for c in core if abilities.printed(c, Ability)]
    assert len(with_abilities) >= len(core) - 2  # the vanilla ones: King Rex...
