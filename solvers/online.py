"""Playing an online puzzle, where the future is revealed only as play goes on.

Each turn a fresh solver is built from the public view alone, searches under
the turn's budget, and the first move of its plan is played; only then does
the engine (which alone holds the instance) reveal what comes next. The game
offers the same ``run`` contract as ``driver.run``, so the CLI and the GUI's
background job drive both kinds of puzzle the same way.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from .base import Progress, Solver
from .driver import DEFAULT_SLICE, Budget, RunControl, RunResult, Sample, run


class OnlineGame:
    def __init__(self, puzzle, instance: Any, state: Any, solver_cls: type[Solver], *,
                 budget: Budget, seed: int = 0, params: dict | None = None):
        self.puzzle = puzzle
        self._instance = instance  # never handed to a solver
        self.state = state
        self.solver_cls = solver_cls
        self.name = solver_cls.name
        self.seed = seed
        self.params = dict(params or {})
        self.budget = budget  # for the whole rest of the game, shared out turn by turn
        self.moves: list = []
        self.solver: Solver | None = None  # the current turn's solver
        solver_cls(puzzle, puzzle.public_view(instance, state), seed=seed, **self.params)  # checks params

    def turns_left(self) -> int:
        limit = self.puzzle.max_moves(self._instance)
        return max(1, (limit if limit is not None else 1) - len(self.moves))

    def _turn_budget(self, elapsed: float, expansions: int) -> Budget:
        turns = self.turns_left()
        seconds = nodes = None
        if self.budget.seconds is not None:
            seconds = max(0.0, self.budget.seconds - elapsed) / turns
        if self.budget.nodes is not None:
            nodes = max(1, (self.budget.nodes - expansions) // turns)
        return Budget(seconds=seconds, nodes=nodes)

    def score(self) -> float:
        return self.puzzle.evaluate(self._instance, self.state, len(self.moves)).score

    def run(self, control: RunControl | None = None,
            on_progress: Callable[[Sample], None] | None = None,
            slice_expansions: int = DEFAULT_SLICE) -> RunResult:
        control = control or RunControl()
        start = time.perf_counter()
        expansions = 0
        stopped_by = "done"
        while self.puzzle.legal_moves(self._instance, self.state):
            if control.cancelled:
                stopped_by = "cancelled"
                break
            turn = len(self.moves)
            view = self.puzzle.public_view(self._instance, self.state)
            self.solver = self.solver_cls(self.puzzle, view, seed=self.seed + turn, **self.params)
            score, before = self.score(), expansions

            def relay(sample: Sample) -> None:
                if on_progress is not None:
                    p = sample.progress
                    on_progress(Sample(time.perf_counter() - start,
                                       Progress(before + p.expansions, score, p.frontier_size, False)))

            result = run(self.solver, self._turn_budget(time.perf_counter() - start, expansions),
                         control=control, on_progress=relay, slice_expansions=slice_expansions)
            expansions += result.progress.expansions
            if result.stopped_by == "cancelled":
                stopped_by = "cancelled"
                break
            if not result.moves:
                raise RuntimeError(f"{self.name} proposed no move at turn {turn + 1}")
            self.state = self.puzzle.apply(self._instance, self.state, result.moves[0]).state
            self.moves.append(result.moves[0])
        progress = Progress(expansions, self.score(), 0, stopped_by == "done")
        if on_progress is not None:
            on_progress(Sample(time.perf_counter() - start, progress))
        return RunResult(tuple(self.moves), progress, time.perf_counter() - start, stopped_by)


def build_run(puzzle, instance: Any, state: Any, solver_cls: type[Solver], *,
              seed: int, params: dict, budget: Budget):
    """What to run for ``puzzle`` from ``state``: a solver, or an online game of solvers."""
    if puzzle.online:
        return OnlineGame(puzzle, instance, state, solver_cls, budget=budget, seed=seed, params=params)
    return solver_cls(puzzle, puzzle.public_view(instance, state), seed=seed, **params)


def execute(target, budget: Budget, *, control: RunControl | None = None,
            on_progress: Callable[[Sample], None] | None = None,
            slice_expansions: int = DEFAULT_SLICE) -> RunResult:
    """Run what ``build_run`` made: the game carries its own budget, a solver takes ``budget``."""
    if isinstance(target, OnlineGame):
        return target.run(control, on_progress, slice_expansions)
    return run(target, budget, control=control, on_progress=on_progress, slice_expansions=slice_expansions)
