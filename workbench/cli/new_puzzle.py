"""``puzzle-workbench new-puzzle NAME [--dir DIR]``: a new puzzle package that works at once
(``workbench.scaffold``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from workbench.scaffold import FILES, new_puzzle


def cmd_new_puzzle(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench new-puzzle",
        description="Write a new puzzle package that "
        "works at once in the app, gen, score, solve, batch, render and the test kit.",
    )
    parser.add_argument("name", help="the puzzle's id: lower-case words joined by '-'")
    parser.add_argument("--dir", type=Path, default=Path("puzzles"), help="where its folder goes (default: puzzles)")
    args = parser.parse_args(argv)
    package = new_puzzle(args.name, args.dir)
    folder = args.dir
    print(f"wrote {package}/ ({', '.join(FILES.values())}); try it:", file=sys.stderr)
    for line in (
        f"puzzle-workbench --puzzle-path {folder} gen {args.name} 1 -o case.txt",
        f"puzzle-workbench --puzzle-path {folder} solve {args.name} case.txt --nodes 1000",
        f"puzzle-workbench --puzzle-path {folder} case.txt",
        f"PUZZLE_WORKBENCH_PATH={folder} python -m pytest tests/test_every_puzzle.py -k {args.name}",
    ):
        print(f"  {line}", file=sys.stderr)
    print(package)
    return 0
