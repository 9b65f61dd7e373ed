"""No import circle in domain/: the import graph of its modules (every import statement, at
module level, under TYPE_CHECKING or inside a function) has no cycle. What card scripts stand
on (registry, abilities, rules, fx) is below the engine that runs them (steps, effects,
triggers, verbs, flow, decide)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path, package: str) -> dict[str, dict[str, int]]:
    """module -> {module of the same package it imports: line of the first such import}.
    `from pkg import name` points at pkg.name when that is a module, else at pkg."""
    paths = {_module_name(root, p): p for p in sorted((root / package).rglob("*.py"))}
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        found: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    here = here[: len(here) - (node.level - 1)]
                    module = ".".join([*here, *([module] if module else [])])
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    targets.append(sub if sub in paths else module)
            for target in targets:
                while target and target not in paths:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.setdefault(target, node.lineno)
        graph[name] = found
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan): the modules that
    import each other in a circle, each group sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(sorted(group) for group in groups)


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One import cycle (a -> b -> ... -> a) through each circle, sorted."""
    return sorted(_a_cycle_through(graph, set(group)) for group in circles(graph))


def _a_cycle_through(graph: dict[str, dict[str, int]], group: set[str]) -> list[str]:
    start = min(group)
    path, seen = [start], {start}
    while True:
        nxt = sorted(w for w in graph[path[-1]] if w in group)
        if start in nxt and len(path) > 1:
            return [*path, start]
        step = next((w for w in nxt if w not in seen), None)
        if step is None:  # close it through the start (it is strongly connected)
            return [*path, start]
        path.append(step)
        seen.add(step)


def _describe(graph: dict[str, dict[str, int]], cycle: list[str]) -> str:
    return " -> ".join(
        f"{a} (line {graph[a][b]})" if b in graph[a] else a
        for a, b in zip(cycle, [*cycle[1:], ""], strict=True)
    )


def test_the_domain_package_has_no_import_cycle() -> None:
    graph = import_graph(ROOT, "domain")
    found = [
        f"{_describe(graph, _a_cycle_through(graph, set(group)))} (the circle: {', '.join(group)})"
        for group in circles(graph)
    ]
    assert found == [], "import cycles in domain/:\n" + "\n".join(found)


def test_the_cycle_check_finds_and_names_a_circle_through_a_function_level_import(
    tmp_path: Path,
) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "low.py").write_text(
        "def f():\n    from pkg.high import g\n    return g\n", encoding="utf-8"
    )
    (pkg / "high.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import mid\n",
        encoding="utf-8",
    )
    (pkg / "mid.py").write_text("from . import low\n", encoding="utf-8")
    (pkg / "apart.py").write_text("from pkg.low import f\n", encoding="utf-8")
    graph = import_graph(tmp_path, "pkg")
    assert circles(graph) == [["pkg.high", "pkg.low", "pkg.mid"]]
    assert cycles(graph) == [["pkg.high", "pkg.mid", "pkg.low", "pkg.high"]]
    assert _describe(graph, cycles(graph)[0]) == (
        "pkg.high (line 3) -> pkg.mid (line 1) -> pkg.low (line 2) -> pkg.high"
    )
