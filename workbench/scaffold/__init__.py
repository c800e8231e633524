"""``puzzle-workbench new-puzzle NAME [--dir DIR]``: a new puzzle package that works at once.

It writes DIR/NAME/ (a Lights Out puzzle to change into yours, with TODO comments where) that the
workbench loads with ``--puzzle-path DIR`` or PUZZLE_WORKBENCH_PATH=DIR: the app (drawn by the
generic grid painter), gen, score, solve, batch, render and the shared test kit all take it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from workbench.core.errors import UsageError
from workbench.core.files import write_atomic

TEMPLATE = Path(__file__).with_name("template")
FILES = {"__init__.py.txt": "__init__.py", "solvers.py.txt": "solvers.py"}


def names(puzzle_id: str) -> dict[str, str]:
    from workbench.core.registry import id_problem

    if id_problem(puzzle_id):
        raise UsageError(id_problem(puzzle_id))
    words = puzzle_id.split("-")
    return {"ID": puzzle_id, "MODULE": puzzle_id.replace("-", "_"), "TITLE": " ".join(words).capitalize(),
            "CLASS": "".join(w.capitalize() for w in words) + "Puzzle"}


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


def cmd_new_puzzle(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="puzzle-workbench new-puzzle", description="Write a new puzzle package that "
                                     "works at once in the app, gen, score, solve, batch, render and the test kit.")
    parser.add_argument("name", help="the puzzle's id: lower-case words joined by '-'")
    parser.add_argument("--dir", type=Path, default=Path("puzzles"), help="where its folder goes (default: puzzles)")
    args = parser.parse_args(argv)
    package = new_puzzle(args.name, args.dir)
    folder = args.dir
    print(f"wrote {package}/ ({', '.join(FILES.values())}); try it:", file=sys.stderr)
    for line in (f"puzzle-workbench --puzzle-path {folder} gen {args.name} 1 -o case.txt",
                 f"puzzle-workbench --puzzle-path {folder} solve {args.name} case.txt --nodes 1000",
                 f"puzzle-workbench --puzzle-path {folder} case.txt",
                 f"PUZZLE_WORKBENCH_PATH={folder} python -m pytest tests/test_every_puzzle.py -k {args.name}"):
        print(f"  {line}", file=sys.stderr)
    print(package)
    return 0
