"""A new puzzle package that works at once (``puzzle-workbench new-puzzle NAME [--dir DIR]``).

It writes DIR/NAME/ (a Lights Out puzzle to change into yours, with TODO comments where) that the
workbench loads with ``--puzzle-path DIR`` or PUZZLE_WORKBENCH_PATH=DIR: the app (drawn by the
generic grid painter), gen, score, solve, batch, render and the shared test kit all take it.
"""

from __future__ import annotations

from pathlib import Path

from workbench.core.errors import UsageError
from workbench.core.files import write_atomic

TEMPLATE = Path(__file__).with_name("template")
FILES = {"__init__.py.txt": "__init__.py", "solvers.py.txt": "solvers.py"}


def names(puzzle_id: str) -> dict[str, str]:
    from workbench.core.registry import id_problem

    if id_problem(puzzle_id):
        raise UsageError(id_problem(puzzle_id))
    words = puzzle_id.split("-")
    return {
        "ID": puzzle_id,
        "MODULE": puzzle_id.replace("-", "_"),
        "TITLE": " ".join(words).capitalize(),
        "CLASS": "".join(w.capitalize() for w in words) + "Puzzle",
    }


def new_puzzle(puzzle_id: str, folder: Path) -> Path:
    """Write the package for ``puzzle_id`` under ``folder``; return its path."""
    from workbench.core.registry import puzzles

    values = names(puzzle_id)
    if puzzle_id in puzzles():
        raise UsageError(f"there is a puzzle '{puzzle_id}' already: choose another name")
    package = folder / values["MODULE"]
    if package.exists():
        raise UsageError(f"{package} exists: choose another name or --dir")
    package.mkdir(parents=True)
    for source, target in FILES.items():
        text = (TEMPLATE / source).read_text()
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        write_atomic(package / target, text)
    return package
