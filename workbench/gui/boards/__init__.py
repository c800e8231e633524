"""Board painters: the puzzle package's own (a module exposing ``ADAPTER``, see the registry), or the
generic grid painter for a puzzle that draws itself as a grid (``grid_picture``).

A painter that fails to import is reported (the registry's plugin problems) and its puzzle is
left out of the app, never silently.
"""

from __future__ import annotations

from functools import cache

from workbench.core.registry import PluginError, first_module, puzzles, sources


@cache
def adapter_class(puzzle_id: str):
    """The painter class of ``puzzle_id``, or None when it has none; PluginError when it fails to import."""
    source = sources().get(puzzle_id)
    if source is None:
        return None
    module = first_module(puzzle_id, source.board_modules, "board painter")
    if module is not None:
        return getattr(module, "ADAPTER", None)
    if callable(getattr(source.puzzle, "grid_picture", None)):
        from .grid import GridAdapter

        return GridAdapter
    return None


def playable_puzzles() -> list:
    """The puzzles the GUI can show, in registry order (one whose painter is broken is reported, not shown)."""
    shown = []
    for puzzle in puzzles().values():
        try:
            if adapter_class(puzzle.id) is not None:
                shown.append(puzzle)
        except PluginError:
            continue
    return shown
