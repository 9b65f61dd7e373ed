"""openapi-generator's ``typescript-fetch`` client compiles with ``tsc`` and plays a game.

A second language catches schema mistakes one generator forgives. The client is generated into
a temporary directory beside ``play.ts`` (a seat playing a whole game against the server's
random bot, reading its moves with French labels and the log at the end); ``tsc`` (pinned in
``tests/clients/typescript/package.json``, installed by ``npm ci`` here when missing) compiles
both, strict, and Node runs the result against a live server on 127.0.0.1.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from tests.api.contract import SPEC_PATH
from tests.api.live import live_server
from tests.clients.generators import generate, own_warnings, warnings

HERE = Path(__file__).resolve().parent / "typescript"
TSC = HERE / "node_modules" / ".bin" / "tsc"
NPM_TIMEOUT = 300.0
RUN_TIMEOUT = 300.0

SET_PARAMETER = (
    "Set (model name matches existing language type) cannot be used as a model name. "
    "Renamed to ModelSet"
)
"""The generator's note on the catalogue's ``set`` query parameter (a name of the v1 contract,
which is also a TypeScript type): no model is named after it, nothing is renamed in the output."""

NO_SCHEMA_NAME = "Failed to get the schema name: null"
"""openapi-generator 7's internal note when it asks a schema that is not a reference for its
name: its python generator prints it for a one-schema spec (the baseline of
test_openapi_generator_python.py); no model or file of the output lacks a name."""


def _tsc() -> Path:
    """The pinned ``tsc``, installed with ``npm ci`` (package-lock.json) when missing."""
    if not TSC.exists():
        npm = shutil.which("npm")
        assert npm, "npm is missing (Debian: apt-get install npm)"
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=HERE, timeout=NPM_TIMEOUT, check=True
        )
    return TSC


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str]]:
    """A directory holding the compiled client and ``dist/play.js``, and the generator's
    warnings about our spec."""
    root = tmp_path_factory.mktemp("typescript")
    log = generate(SPEC_PATH, "typescript-fetch", root / "generated")
    about_ours = warnings(log) - own_warnings("typescript-fetch", root / "baseline")
    for name in ("play.ts", "tsconfig.json"):
        shutil.copy(HERE / name, root / name)
    result = subprocess.run(
        [str(_tsc()), "-p", str(root / "tsconfig.json")],
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return root, about_ours


def test_the_typescript_generator_warns_about_nothing_in_the_spec(
    compiled: tuple[Path, set[str]],
) -> None:
    root, about_ours = compiled
    assert about_ours <= {SET_PARAMETER, NO_SCHEMA_NAME}, sorted(about_ours)
    sources = "".join(p.read_text() for p in (root / "generated").rglob("*.ts"))
    assert "ModelSet" not in sources
    assert "export type Command = " in sources


def test_the_compiled_typescript_client_plays_a_whole_game_against_a_bot(
    compiled: tuple[Path, set[str]], make_app: Callable[..., Flask]
) -> None:
    root, _ = compiled
    node = shutil.which("node")
    assert node, "node is missing (Debian: apt-get install nodejs)"
    with live_server(make_app()) as base_url:
        result = subprocess.run(
            [node, str(root / "dist" / "play.js"), base_url],
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT,
            check=False,
        )
    assert result.returncode == 0, result.stdout + result.stderr
    played = json.loads(result.stdout.strip().splitlines()[-1])
    assert played["winner"] in (0, 1)
    assert played["logLines"] == played["version"]
    assert played["sent"] > 0
    assert played["labels"], "the moves carry labels"
    assert "Keep this hand" not in played["labels"], "the mulligan's options are told in French"
    assert any(label.startswith("Jouer ") for label in played["labels"]), played["labels"]
