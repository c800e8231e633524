"""The command of tests/data/live_program.py following a script: a program that speaks the live protocol."""

import json
import sys
from pathlib import Path

PROGRAM = Path(__file__).resolve().parent / "data" / "live_program.py"


def command(tmp_path: Path, script: dict, name: str = "script") -> str:
    """The command that runs the live program with ``script`` (written to tmp_path/NAME.json)."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(script))
    return f"{sys.executable} {PROGRAM} {path}"
