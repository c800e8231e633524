"""Runs one ahc011 job with the kernels (``attempt``), on whichever worker thread it is given.

Each job reads only itself and what every job of the run shares (the case, the settings, the
seed, the stop flag), so its result is the same on any thread and in any order.
"""

from __future__ import annotations

from functools import reduce

import numpy as np

from workbench.puzzles.ahc011.board import slide

from .attempt import cut_shortcuts, make_target, slide_into, slide_toward_any
from .grid import LETTERS, cancel_back_and_forth
from .jobs import (
    BuildTarget,
    Built,
    Found,
    GroupedSearch,
    Job,
    PlanSearch,
    PooledSearch,
    Result,
    ShortenAnswer,
    SlideSearch,
    TailSearch,
    slide_search_width,
)

HANDOVER_RATE = 100.0  # the plan gets the board of fewest slides + HANDOVER_RATE * travel (notes: "How a run goes")


def tiles_of(board) -> np.ndarray:
    """A board's tiles as the kernels take them."""
    return np.frombuffer(board.tiles, dtype=np.uint8).astype(np.int64)


def _letters(moves: np.ndarray, length: int) -> tuple[str, ...]:
    return tuple(LETTERS[m] for m in moves[:length])


def _codes(letters) -> list[int]:
    return [LETTERS.index(letter) for letter in letters]


class JobRunner:
    """The kernels' calls for each kind of job on one case: its start ``board`` and move ``limit``,
    the solver's ``settings``, ``seed`` (as the kernels take it: int64), the annealing steps per
    target (``iterations``) and the ``stop`` flag every kernel reads."""

    def __init__(self, board, limit: int, settings: dict, seed: int, iterations: int, stop: np.ndarray):
        self.n, self.start, self.tiles = board.n, board, tiles_of(board)
        self.limit, self.settings, self.seed, self.iterations, self.stop = limit, settings, seed, iterations, stop

    def run(self, job: Job) -> Result:
        if isinstance(job, BuildTarget):
            return self.build(job)
        if isinstance(job, ShortenAnswer):
            return self.shorten(job)
        if isinstance(job, PlanSearch):
            return self.plan(job)
        if isinstance(job, SlideSearch):
            return self.slide(job.stream, job.target.reshape(1, -1), job.scale)
        if isinstance(job, TailSearch):
            return self.tail(job)
        if isinstance(job, (GroupedSearch, PooledSearch)):
            return self.slide(job.stream, job.targets, job.scale)
        raise TypeError(f"not an ahc011 job: {job!r}")

    def build(self, job: BuildTarget) -> Built:
        """The target annealed; with ``trial``, the slide search at ``pilot_width`` toward it (the
        plan's beam, where it hands over, narrowed as much), on the stream of its first full search."""
        target = np.zeros(self.n * self.n, dtype=np.int64)
        travel = make_target(self.n, self.tiles, self.seed, job.k, self.iterations, target, self.stop, job.hole)
        if travel < 0 or not job.trial:
            return Built(travel, None, target)
        full = slide_search_width(self.n, self.settings["move_width"])
        trial, _, _ = self._slide_search(job.k, target.reshape(1, -1), self.settings["pilot_width"] / full)
        return Built(travel, trial, target)

    def shorten(self, job: ShortenAnswer) -> tuple[str, ...]:
        """The answer with shortcuts cut in (when stopped, the answer as it came: still a full tree)."""
        moves = np.array(_codes(job.moves), dtype=np.int64)
        length = cut_shortcuts(self.n, self.tiles, moves, len(moves), self.settings["shortcut_cells"], self.stop)
        return job.moves if length < 0 else _letters(moves, length)

    def plan(self, job: PlanSearch) -> Found | None:
        settings = self._scaled_settings(job.scale)
        moves = self._moves_buffer()
        length = slide_into(
            self.n,
            self.tiles,
            job.target,
            self.limit,
            self.seed,
            job.stream,
            settings["width"],
            settings["branch"],
            settings["noise"],
            settings["lookahead"],
            self.stop,
            moves,
        )
        return None if length < 0 else Found(_letters(moves, length))

    def slide(self, stream: int, targets: np.ndarray, scale: float) -> Found | None:
        """The slide-by-slide search toward whichever of ``targets`` (rows) it reaches cheapest."""
        length, moves, row = self._slide_search(stream, targets, scale)
        return None if length < 0 else Found(_letters(moves, length), row)

    def tail(self, job: TailSearch) -> Found | None:
        length, moves, _ = self._slide_search(job.stream, job.target.reshape(1, -1), job.scale, job.prefix)
        if length < 0:
            return None
        # The first new slide may undo the last of ``prefix``.
        whole = np.array(_codes(job.prefix) + list(moves[:length]), dtype=np.int64)
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
            settings["move_width"],
            settings["move_noise"],
            HANDOVER_RATE,
            settings["width"],
            settings["branch"],
            settings["noise"],
            settings["lookahead"],
            settings["shortcut_cells"],
            self.stop,
            moves,
            row,
        )
        return length, moves, int(row[0])
