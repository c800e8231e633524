"""The command of tests/data/live_program.py following a script: a program that speaks the live protocol;
and the real case the live tests watch (../shared: AHC011 seed 0 and nagiss's answer to it, 868,056)."""

import json
import sys
from pathlib import Path

from workbench.batch.cases import BatchCase

PROGRAM = Path(__file__).resolve().parent / "data" / "live_program.py"
SHARED = Path(__file__).resolve().parents[2] / "shared"
CASE = SHARED / "cases" / "ahc011" / "0000.txt"
ANSWER = SHARED / "solutions" / "ahc011" / "0000.txt"


def command(tmp_path: Path, script: dict, name: str = "script") -> str:
    """The command that runs the live program with ``script`` (written to tmp_path/NAME.json)."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(script))
    return f"{sys.executable} {PROGRAM} {path}"


def ahc011_case() -> BatchCase:
    """CASE as a batch's case 0."""
    return BatchCase(0, "0000", str(CASE), 0, CASE.read_text())


def ahc011_script(answer: str) -> dict:
    """[SCORE] lines (one bad), answers of 20 and 60 moves as snapshot files (AHC011's judge reads one
    line of output, so its snapshots cannot be stdout lines), then the whole answer on stdout."""
    return {
        "*": [
            {"score": "100"},
            {"file": "0001.txt", "text": answer[:20]},
            {"sleep": 0.1},
            {"score": "oops"},
            {"score": "200.5"},
            {"file": "0002.txt", "text": answer[:60]},
            {"sleep": 0.1},
            {"stdout": answer + "\n"},
            {"score": "868056"},
        ]
    }


def two_snapshots(answer: str) -> dict:
    """A script for CASE: [SCORE] 5, a snapshot of the answer's first 30 letters, a [SCORE] line that is no
    number, a snapshot of its first 70, then the answer on stdout (the judge reads one line) and [SCORE] 868056."""
    return {
        "*": [
            {"score": "5"},
            {"file": "1.txt", "text": answer[:30]},
            {"sleep": 0.2},
            {"score": "bad"},
            {"file": "2.txt", "text": answer[:70]},
            {"sleep": 0.2},
            {"stdout": answer + "\n"},
            {"score": "868056"},
        ]
    }
