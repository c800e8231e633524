"""Runs one ahc011 task with the kernels (``attempt``), on whichever worker thread it is given.

Each task reads only itself and what every task of the run shares (the case, the settings, the
seed, the stop flag), so its result is the same on any thread and in any order.
"""

from __future__ import annotations

from functools import reduce

import numpy as np

from workbench.puzzles.ahc011.board import slide

from .attempt import cut_shortcuts, make_target, slide_into, slide_toward_any
from .grid import LETTERS, cancel_back_and_forth
from .tasks import (
    BuildTarget,
    Built,
    Found,
    GroupedSearch,
    PlanSearch,
    PooledSearch,
    Result,
    ShortenAnswer,
    SlideSearch,
    TailSearch,
    Task,
    slide_search_width,
)

HANDOVER_RATE = 100.0  # the plan gets the board of fewest slides + HANDOVER_RATE * travel (notes: "How a run goes")


def plan_settings(settings: dict) -> tuple:
    """The placement plan's beam settings as ``slide_into`` takes them after ``k``."""
    return settings["width"], settings["branch"], settings["noise"], settings["lookahead"]


def slide_settings(settings: dict) -> tuple:
    """The slide-by-slide search's settings as ``slide_toward_any`` and ``slide_by_moves`` take them
    after ``k`` (``move_width`` as it stands in ``settings``)."""
    return (
        settings["move_width"],
        settings["move_noise"],
        HANDOVER_RATE,
        *plan_settings(settings),
        settings["shortcut_cells"],
    )


def tiles_of(board) -> np.ndarray:
    """A board's tiles as the kernels take them."""
    return np.frombuffer(board.tiles, dtype=np.uint8).astype(np.int64)


def _letters(moves: np.ndarray, length: int) -> tuple[str, ...]:
    return tuple(LETTERS[m] for m in moves[:length])


def _codes(letters) -> list[int]:
    return [LETTERS.index(letter) for letter in letters]


class TaskRunner:
    """The kernels' calls for each kind of task on one case: its start ``board`` and move ``limit``,
    the solver's ``settings``, ``seed`` (as the kernels take it: int64), the annealing steps per
    target (``iterations``) and the ``stop`` flag every kernel reads."""

    def __init__(self, board, limit: int, settings: dict, seed: int, iterations: int, stop: np.ndarray):
        self.n, self.start, self.tiles = board.n, board, tiles_of(board)
        self.limit, self.settings, self.seed, self.iterations, self.stop = limit, settings, seed, iterations, stop

    def run(self, task: Task) -> Result:
        if isinstance(task, BuildTarget):
            return self.build(task)
        if isinstance(task, ShortenAnswer):
            return self.shorten(task)
        if isinstance(task, PlanSearch):
            return self.plan(task)
        if isinstance(task, SlideSearch):
            return self.slide(task.stream, task.target.reshape(1, -1), task.scale)
        if isinstance(task, TailSearch):
            return self.tail(task)
        if isinstance(task, (GroupedSearch, PooledSearch)):
            return self.slide(task.stream, task.targets, task.scale)
        raise TypeError(f"not an ahc011 task: {task!r}")

    def build(self, task: BuildTarget) -> Built:
        """The target annealed; with ``trial``, the slide search at ``pilot_width`` toward it (the
        plan's beam, where it hands over, narrowed as much), on the stream of its first full search."""
        target = np.zeros(self.n * self.n, dtype=np.int64)
        travel = make_target(self.n, self.tiles, self.seed, task.k, self.iterations, target, self.stop, task.hole)
        if travel < 0 or not task.trial:
            return Built(travel, None, target)
        full = slide_search_width(self.n, self.settings["move_width"])
        trial, _, _ = self._slide_search(task.k, target.reshape(1, -1), self.settings["pilot_width"] / full)
        return Built(travel, trial, target)

    def shorten(self, task: ShortenAnswer) -> tuple[str, ...]:
        """The answer with shortcuts cut in (when stopped, the answer as it came: still a full tree)."""
        moves = np.array(_codes(task.moves), dtype=np.int64)
        length = cut_shortcuts(self.n, self.tiles, moves, len(moves), self.settings["shortcut_cells"], self.stop)
        return task.moves if length < 0 else _letters(moves, length)

    def plan(self, task: PlanSearch) -> Found | None:
        settings = self._scaled_settings(task.scale)
        moves = self._moves_buffer()
        length = slide_into(
            self.n,
            self.tiles,
            task.target,
            self.limit,
            self.seed,
            task.stream,
            *plan_settings(settings),
            self.stop,
            moves,
        )
        return None if length < 0 else Found(_letters(moves, length))

    def slide(self, stream: int, targets: np.ndarray, scale: float) -> Found | None:
        """The slide-by-slide search toward whichever of ``targets`` (rows) it reaches cheapest."""
        length, moves, row = self._slide_search(stream, targets, scale)
        return None if length < 0 else Found(_letters(moves, length), row)

    def tail(self, task: TailSearch) -> Found | None:
        length, moves, _ = self._slide_search(task.stream, task.target.reshape(1, -1), task.scale, task.prefix)
        if length < 0:
            return None
        # The first new slide may undo the last of ``prefix``.
        whole = np.array(_codes(task.prefix) + list(moves[:length]), dtype=np.int64)
        return Found(_letters(whole, cancel_back_and_forth(whole, len(whole))))

    def _moves_buffer(self) -> np.ndarray:
        return np.zeros(4 * self.limit + 4 * self.n**3, dtype=np.int64)

    def _scaled_settings(self, scale: float) -> dict:
        """The settings with the beams' widths (the slide search's for this board) times ``scale``."""
        settings = dict(self.settings)
        settings["move_width"] = slide_search_width(self.n, settings["move_width"])
        for name in ("width", "move_width"):
            settings[name] = max(1, round(settings[name] * scale))
        return settings

    def _slide_search(
        self, stream: int, targets: np.ndarray, scale: float, prefix: tuple = ()
    ) -> tuple[int, np.ndarray, int]:
        """The slide-by-slide search on ``stream`` at ``scale`` times the widths from the board after
        ``prefix`` (letters; within the slides left) toward whichever of ``targets`` (rows; one row:
        ``slide_by_moves``' search) it reaches cheapest: its slides' count (-1: none), the array they
        are in and the row it went to."""
        settings = self._scaled_settings(scale)
        moves = self._moves_buffer()
        row = np.zeros(1, dtype=np.int64)
        board = tiles_of(reduce(slide, prefix, self.start)) if prefix else self.tiles
        length = slide_toward_any(
            self.n,
            board,
            targets,
            self.limit - len(prefix),
            self.seed,
            stream,
            *slide_settings(settings),
            self.stop,
            moves,
            row,
        )
        return length, moves, int(row[0])
