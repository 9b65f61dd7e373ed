"""The layers import only downwards: domain <- events <- service <- bootstrap <- api, workers never
api, service never workers, and domain nothing outside itself but the standard library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FORBIDDEN = {
    "events": {"flask", "marshmallow", "rq", "service", "api", "workers", "bootstrap"},
    "service": {"flask", "marshmallow", "rq", "api", "workers", "bootstrap"},
    "workers": {"flask", "marshmallow", "api"},
    "bootstrap": {"flask", "marshmallow", "api"},
}
# what domain/ may import besides itself: the standard library and the YAML of its card data
DOMAIN_ALLOWED = set(sys.stdlib_module_names) | {"domain", "yaml"}


def _imported_packages(path: Path, root: Path = ROOT) -> set[str]:
    """The top-level names ``path`` imports, relative imports resolved against its package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(root).parent.parts
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            base = package[: len(package) - node.level + 1]
            found.add(base[0] if base else (node.module or "").split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_from_the_layers_above_it(package: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(_imported_packages(path) & FORBIDDEN[package])
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    assert {file: names for file, names in offenders.items() if names} == {}


def test_the_domain_imports_nothing_from_outside_itself() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(_imported_packages(path) - DOMAIN_ALLOWED)
        for path in sorted((ROOT / "domain").rglob("*.py"))
    }
    assert {file: names for file, names in offenders.items() if names} == {}


def test_the_layer_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from api.schemas import X\nimport flask\n", encoding="utf-8")
    assert _imported_packages(module, tmp_path) == {"api", "flask"}


def test_the_layer_check_sees_the_service_importing_workers(tmp_path: Path) -> None:
    module = tmp_path / "service" / "m.py"
    module.parent.mkdir()
    module.write_text("from workers.queue import BotQueue\nfrom . import games\n", encoding="utf-8")
    assert _imported_packages(module, tmp_path) & FORBIDDEN["service"] == {"workers"}


def test_the_domain_check_sees_a_relative_import_that_leaves_the_domain(tmp_path: Path) -> None:
    module = tmp_path / "domain" / "m.py"
    module.parent.mkdir()
    module.write_text("from ..events import store\nimport redis\nfrom . import rules\n", "utf-8")
    assert _imported_packages(module, tmp_path) - DOMAIN_ALLOWED == {"events", "redis"}
