"""Board painters: the one declared for the puzzle's id in the entry-point group ``puzzle_workbench.painters``
(the gui's own in pyproject.toml: ``ahc011 = "workbench.gui.board.painters.ahc011:ADAPTER"``; a plugin's in
its own), else a folder plugin's ``painter`` submodule's ``ADAPTER``, else the generic grid painter for a
puzzle that draws itself as a grid (``grid_picture``).

A painter that fails to import is reported (the registry's plugin problems) and its puzzle is
left out of the app, never silently.
"""

from __future__ import annotations

from functools import cache

from workbench.core.puzzle import Puzzle
from workbench.core.registry import PATH_VARIABLE, PluginError, declared, plugin_problems, puzzles, sources

PAINTERS_GROUP = "puzzle_workbench.painters"  # puzzle id = "module:ADAPTER" (a BoardAdapter class)


@cache
def adapter_class(puzzle_id: str) -> type | None:
    """The painter class of ``puzzle_id``, or None when it has none; PluginError when it fails to import."""
    source = sources().get(puzzle_id)
    if source is None:
        return None
    adapter = declared(puzzle_id, PAINTERS_GROUP, "painter", "ADAPTER", "board painter")
    if adapter is not None:
        return adapter if isinstance(adapter, type) else None
    if callable(getattr(source.puzzle, "grid_picture", None)):
        from workbench.gui.board.painters.grid import GridAdapter

        return GridAdapter
    return None


def playable_puzzles() -> list[Puzzle]:
    """The puzzles the GUI can show, in registry order (one whose painter is broken is reported, not shown)."""
    shown: list[Puzzle] = []
    for puzzle in puzzles().values():
        try:
            if adapter_class(puzzle.id) is not None:
                shown.append(puzzle)
        except PluginError:
            continue
    return shown


def not_loaded(puzzle_id: str) -> str:
    """Why a board of ``puzzle_id``, a puzzle no package loaded here provides, cannot be shown."""
    broken = plugin_problems()
    said = f" ({len(broken)} plugin(s) did not load: {'; '.join(map(str, broken))})" if broken else ""
    return (
        f"No puzzle {puzzle_id} is loaded{said}: if it is a plugin, start the app with --puzzle-path DIR "
        f"(DIR: the folder holding its package) or with {PATH_VARIABLE}=DIR, or install its package"
    )
