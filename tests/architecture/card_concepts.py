"""How many concepts a card needs: the distinct domain names its script uses, found by walking
the AST of its card module from the card's registration (`card("<id>", ...)`).

A concept is
- a name imported from the domain (`Fx`, `Steps`, `card`, `OnPlay`, `step`, `Window`...);
- a member of an imported domain module (`verbs.destroy`, `board.bury`, `duels.challenge`);
- a member of `Fx` used through a parameter annotated `Fx` (`Fx.choose`, `Fx.state`).
The walk follows the module's own functions and constants the registration names, and those
they name in turn (helpers, continuation steps); builtins, parameters, locals, the attributes
of plain values (`m.uid`, `fx.state.bases`) and the card's own helpers are not concepts."""

from __future__ import annotations

import ast
from pathlib import Path

CARDS = Path("domain/cards")


def _imports(tree: ast.Module) -> tuple[set[str], set[str]]:
    """(the names imported from the domain, the domain modules imported by name)."""
    names: set[str] = set()
    modules: set[str] = set()
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("domain"):
            continue
        for alias in node.names:
            local = alias.asname or alias.name
            (modules if node.module == "domain" else names).add(local)
    return names, modules


def _definitions(tree: ast.Module) -> dict[str, ast.AST]:
    """The module's own top-level functions and constants, by name."""
    found: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found[node.target.id] = node
    return found


def _registrations(tree: ast.Module, card_id: str) -> list[ast.Call]:
    """The `card("<card_id>", ...)` calls of the module."""
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "card"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == card_id
    ]


def _fx_params(node: ast.AST) -> set[str]:
    """The parameters of a function annotated `Fx`."""
    if not isinstance(node, ast.FunctionDef):
        return set()
    params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
    return {a.arg for a in params if isinstance(a.annotation, ast.Name) and a.annotation.id == "Fx"}


def concepts_in(source: str, card_id: str) -> set[str]:
    """The concepts the card `card_id` registered in this module source needs."""
    tree = ast.parse(source)
    names, modules = _imports(tree)
    defs = _definitions(tree)
    found: set[str] = set()
    todo: list[ast.AST] = list(_registrations(tree, card_id))
    if not todo:
        raise LookupError(f"no card({card_id!r}, ...) in this module")
    walked: set[str] = set()
    while todo:
        root = todo.pop()
        fx = _fx_params(root)
        for node in ast.walk(root):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                owner = node.value.id
                if owner in modules:
                    found.add(f"{owner}.{node.attr}")
                elif owner in fx:
                    found.add(f"Fx.{node.attr}")
            elif isinstance(node, ast.Name):
                if node.id in names:
                    found.add(node.id)
                elif node.id in defs and node.id not in walked:
                    walked.add(node.id)
                    todo.append(defs[node.id])
    return found


def concepts(card_id: str) -> set[str]:
    """The concepts of a card of the catalogue, from the card module registering it."""
    for path in sorted(CARDS.glob("*.py")):
        source = path.read_text()
        if f'"{card_id}"' in source:
            try:
                return concepts_in(source, card_id)
            except LookupError:
                continue
    raise LookupError(f"no card module registers {card_id!r}")
