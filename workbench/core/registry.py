"""Finds the puzzles and their solvers by looking at the packages on disk.

A puzzle lives in ``workbench/puzzles/<module>/`` and exposes ``PUZZLE``; its
solvers live in ``solvers/<module>/`` and expose ``SOLVERS``. The module name
is the puzzle id with dashes turned into underscores. Adding a puzzle means
adding those packages: nothing here names a puzzle.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .errors import FormatError
from .puzzle import Puzzle


def module_name(puzzle_id: str) -> str:
    return puzzle_id.replace("-", "_")


@cache
def puzzles() -> dict[str, Puzzle]:
    import workbench.puzzles as package

    found: dict[str, Puzzle] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"workbench.puzzles.{info.name}")
        puzzle = getattr(module, "PUZZLE", None)
        if isinstance(puzzle, Puzzle):
            found[puzzle.id] = puzzle
    return found


def get_puzzle(puzzle_id: str) -> Puzzle:
    try:
        return puzzles()[puzzle_id]
    except KeyError:
        known = ", ".join(puzzles())
        raise KeyError(f"unknown puzzle '{puzzle_id}' (known: {known})") from None


@cache
def solvers(puzzle_id: str) -> dict[str, type]:
    """Solver classes of a puzzle by name, in the order the package lists them."""
    try:
        module = importlib.import_module(f"solvers.{module_name(puzzle_id)}")
    except ModuleNotFoundError:
        return {}
    return {cls.name: cls for cls in getattr(module, "SOLVERS", ())}


def detect_puzzle(text: str) -> Puzzle:
    """The one puzzle whose input format ``text`` follows."""
    matches = [p for p in puzzles().values() if p.sniff(text)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise FormatError("not an input file of any known puzzle (choose one with --puzzle)")
    names = ", ".join(p.id for p in matches)
    raise FormatError(f"the file could be any of: {names} (choose one with --puzzle)")
