"""domain/cards/README.md shows real cards: every function, constant and ``card(...)`` line of
its examples is the code the card modules hold (docstrings aside), so the guide cannot drift
from the scripts a newcomer will open next."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "domain" / "cards" / "README.md"
SOURCES = [*sorted((ROOT / "domain" / "cards").glob("*.py")), ROOT / "domain" / "selectors.py"]

Shown = ast.FunctionDef | ast.Assign | ast.Expr


def _key(node: ast.stmt) -> str | None:
    """What names a shown piece of code: a function's or constant's name, a card's id."""
    if isinstance(node, ast.FunctionDef):
        return node.name
    if isinstance(node, ast.Assign):
        return ast.unparse(node.targets[0])
    call = node.value if isinstance(node, ast.Expr) else None
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "card":
        return "card " + ast.unparse(call.args[0])
    return None


def _code(node: ast.stmt) -> str:
    """The node as code, its docstring left out (the guide may shorten or drop it)."""
    if isinstance(node, ast.FunctionDef):
        body = node.body
        if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            node = ast.FunctionDef(**{**node.__dict__, "body": body[1:] or body})
    return ast.unparse(node)


def _abridged(node: ast.stmt) -> bool:
    """A piece the guide shortens on purpose: a function whose body is ``...``."""
    return isinstance(node, ast.FunctionDef) and ast.unparse(node.body[-1]) == "..."


def _shown() -> list[ast.stmt]:
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    return [
        node
        for block in blocks
        for node in ast.parse(textwrap.dedent(block)).body
        if _key(node) is not None and not _abridged(node)
    ]


def _written() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in SOURCES:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (key := _key(node)) is not None:
                found.setdefault(key, set()).add(_code(node))
    return found


def test_every_example_of_the_cards_guide_is_the_code_of_the_card_it_names() -> None:
    written = _written()
    shown = _shown()
    assert len(shown) >= 25  # the guide's examples are read, not skipped
    drifted = [
        f"{_key(node)}:\n{_code(node)}"
        for node in shown
        if _code(node) not in written.get(_key(node) or "", set())
    ]
    assert drifted == [], "the guide shows code no card module holds:\n" + "\n".join(drifted)


def test_a_drifted_example_is_caught() -> None:
    written = _written()
    [node] = ast.parse("card('dinosaurs.laseratops', OnPlay(armor_stego))").body
    assert _code(node) not in written[_key(node) or ""]
