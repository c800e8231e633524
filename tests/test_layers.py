"""The layers stay apart: rules, solvers, batch runs, contests and the command line never import Qt.

import-linter checks the contract in pyproject.toml over every import in the source, function-level
ones included; a fresh interpreter then proves the same at run time for what a batch worker loads.
"""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_import_contract_is_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--config", str(REPO / "pyproject.toml")], cwd=REPO, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "1 kept, 0 broken" in done.stdout


def test_a_batch_worker_and_every_puzzle_load_without_qt():
    probe = ("import sys\n"
             "import workbench.cli, workbench.batch.command, workbench.contest.command, solvers.run_setup\n"
             "from workbench.core.registry import puzzles, solvers\n"
             "for puzzle_id in puzzles():\n"
             "    solvers(puzzle_id)\n"
             "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6'))\n"
             "print(loaded)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
