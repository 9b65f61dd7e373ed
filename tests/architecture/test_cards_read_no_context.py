"""Cards read what they know through typed names (`fx.me`, `fx.host`, a moment's facts,
`seen.looker(fx)`), never the untyped context of their task (`fx.ctx[...]`)."""

from __future__ import annotations

import ast
from pathlib import Path

CARDS = Path(__file__).resolve().parents[2] / "domain" / "cards"
KEPT = {("ninjas.py", 'return fx.then(poison_pick, host_uid=fx.host or fx.ctx.get("uid"))')}
"""The one read left: Poison's on-play task as rules version 2 stored it (its host as `uid`),
for a game begun under it."""


def context_reads(source: str) -> list[str]:
    """The lines of a module that read `fx.ctx`, stripped, in order."""
    lines = source.splitlines()
    return [
        lines[node.lineno - 1].strip()
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr == "ctx"
        and isinstance(node.value, ast.Name)
        and node.value.id == "fx"
    ]


def test_no_card_module_reads_its_task_s_context() -> None:
    reads = {
        (path.name, read)
        for path in sorted(CARDS.glob("*.py"))
        for read in context_reads(path.read_text(encoding="utf-8"))
    }
    assert reads == KEPT


def test_a_context_read_is_found_however_it_is_written() -> None:
    source = 'def f(fx):\n    seat = fx.ctx["looker"]\n    return Fx(fx.state, {**fx.ctx})\n'
    assert context_reads(source) == ['seat = fx.ctx["looker"]', "return Fx(fx.state, {**fx.ctx})"]
