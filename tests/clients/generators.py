"""Run openapi-generator (the ``openapi-generator-cli`` package, which bundles its jar) and
sort its warnings: the ones about our spec, and the generator's own.

The generator's own warnings are measured in the same run, by generating the same client from a
minimal valid spec using the constructs the API's bodies use (a closed object, a nullable field):
whatever it says about that spec is not about ours (openapi-generator 7 says "Failed to get the
schema name: null" for it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

TIMEOUT = 180.0
"""Seconds one generation may take (about 8 s on an idle machine)."""

MINIMAL_SPEC = """\
openapi: 3.1.0
info: {title: minimal, version: "1"}
paths:
  /thing:
    get:
      operationId: getThing
      responses:
        "200":
          description: A thing.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Thing"}
components:
  schemas:
    Thing:
      type: object
      required: [name, note]
      additionalProperties: false
      properties:
        name: {type: string}
        note:
          type: [string, "null"]
          description: A closed object with a nullable field, as the API's bodies are.
"""

_WARNING = re.compile(r"^\[main\] (?:WARN|ERROR)\s+\S+ - (.*)$", re.MULTILINE)


def generator_command() -> str:
    """The ``openapi-generator-cli`` installed beside this Python."""
    beside = Path(sys.executable).parent / "openapi-generator-cli"
    found = str(beside) if beside.exists() else shutil.which("openapi-generator-cli")
    assert found, "openapi-generator-cli is missing: pip install -e '.[test]'"
    return found


def generate(spec: Path, generator: str, output: Path, *options: str) -> str:
    """Generate a client of ``spec`` with ``generator`` into ``output``; the generator's log."""
    result = subprocess.run(
        [
            generator_command(),
            "generate",
            "-i",
            str(spec),
            "-g",
            generator,
            "-o",
            str(output),
            *options,
        ],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        env={
            **os.environ,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        },
    )
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    return log


def warnings(log: str) -> set[str]:
    """The distinct warning (and error) messages of a generator's log."""
    return set(_WARNING.findall(log))


def own_warnings(generator: str, workdir: Path, *options: str) -> set[str]:
    """What the generator warns about a minimal valid spec: its own notes, not about ours."""
    workdir.mkdir(parents=True, exist_ok=True)
    spec = workdir / "minimal.yaml"
    spec.write_text(MINIMAL_SPEC, encoding="utf-8")
    return warnings(generate(spec, generator, workdir / "out", *options))
