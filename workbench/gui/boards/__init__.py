"""Board painters, one module per puzzle (``<module>.py`` exposing ``ADAPTER``).

The module name is the puzzle id with dashes turned into underscores, as for
the rules packages; a puzzle without a painter is not offered in the GUI.
"""

from __future__ import annotations

import importlib
from functools import cache

from workbench.core.registry import module_name, puzzles


@cache
def adapter_class(puzzle_id: str):
    try:
        module = importlib.import_module(f"workbench.gui.boards.{module_name(puzzle_id)}")
    except ModuleNotFoundError:
        return None
    return getattr(module, "ADAPTER", None)


def playable_puzzles() -> list:
    """The puzzles the GUI can show, in registry order."""
    return [p for p in puzzles().values() if adapter_class(p.id) is not None]
