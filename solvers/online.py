"""Playing an online puzzle, where the future is revealed only as play goes on.

Each turn a fresh solver is built from the public view alone, searches under
its share of the budget, and the first move of its plan is played; only then
does the engine (or the contest judge) reveal what comes next.

``TurnDecider`` makes one such decision and is all an interactive agent needs.
``OnlineGame`` plays a whole game against the engine with it and offers the
same ``run`` contract as ``driver.run``, so the CLI and the GUI's background
job drive online and offline puzzles the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .base import Progress, Solver
from .driver import Budget, RunControl, RunResult, Sample, run


class TurnDecider:
    """Chooses a move from a public view, sharing a whole-game budget out over the turns."""

    def __init__(self, puzzle, solver_cls: type[Solver], *, budget: Budget, seed: int = 0, params: dict | None = None):
        self.puzzle = puzzle
        self.solver_cls = solver_cls
        self.budget = budget
        self.seed = seed
        self.params = dict(params or {})
        self.turns = 0
        self.seconds_spent = 0.0
        self.nodes_spent = 0
        self.solver: Solver | None = None  # the current turn's solver

    def turn_budget(self, turns_left: int) -> Budget:
        turns_left = max(1, turns_left)
        seconds = nodes = None
        if self.budget.seconds is not None:
            seconds = max(0.0, self.budget.seconds - self.seconds_spent) / turns_left
        if self.budget.nodes is not None:
            nodes = max(1, (self.budget.nodes - self.nodes_spent) // turns_left)
        return Budget(seconds=seconds, nodes=nodes)

    def decide(
        self,
        view: Any,
        turns_left: int,
        *,
        control: RunControl | None = None,
        on_progress: Callable[[Sample], None] | None = None,
        slice_expansions: int | None = None,
    ) -> RunResult:
        """Search this turn; ``result.moves[0]`` is the move (none when cancelled)."""
        self.solver = self.solver_cls(self.puzzle, view, seed=self.seed + self.turns, **self.params)
        result = run(
            self.solver,
            self.turn_budget(turns_left),
            control=control,
            on_progress=on_progress,
            slice_expansions=slice_expansions,
        )
        self.turns += 1
        self.seconds_spent += result.elapsed
        self.nodes_spent += result.progress.expansions
        if not result.moves and result.stopped_by != "cancelled":
            raise RuntimeError(f"{self.solver_cls.name} proposed no move at turn {self.turns}")
        return result

    def __call__(self, view: Any, turns_left: int) -> Any:
        return self.decide(view, turns_left).moves[0]


class OnlineGame:
    """A whole game against the engine, which alone holds the instance."""

    def __init__(
        self,
        puzzle,
        instance: Any,
        state: Any,
        solver_cls: type[Solver],
        *,
        budget: Budget,
        seed: int = 0,
        params: dict | None = None,
    ):
        self.puzzle = puzzle
        self._instance = instance  # never handed to a solver
        self.state = state
        self.name = solver_cls.name
        self.decider = TurnDecider(puzzle, solver_cls, budget=budget, seed=seed, params=params)
        self.moves: list = []
        solver_cls(puzzle, puzzle.public_view(instance, state), seed=seed, **(params or {}))  # checks params

    @property
    def solver(self) -> Solver | None:
        return self.decider.solver

    @property
    def over(self) -> bool:
        return not self.puzzle.legal_moves(self._instance, self.state)

    def turns_left(self) -> int:
        limit = self.puzzle.max_moves(self._instance)
        return (limit if limit is not None else 1) - len(self.moves)

    def score(self) -> float:
        return self.puzzle.evaluate(self._instance, self.state, len(self.moves)).score

    def run(
        self,
        control: RunControl | None = None,
        on_progress: Callable[[Sample], None] | None = None,
        slice_expansions: int | None = None,
    ) -> RunResult:
        control = control or RunControl()
        start = time.perf_counter()
        stopped_by = "done"
        while self.puzzle.legal_moves(self._instance, self.state):
            if control.cancelled:
                stopped_by = "cancelled"
                break
            score, before = self.score(), self.decider.nodes_spent

            def relay(sample: Sample, before: int = before, score: float = score) -> None:
                if on_progress is not None:
                    p = sample.progress
                    on_progress(
                        Sample(
                            time.perf_counter() - start, Progress(before + p.expansions, score, p.frontier_size, False)
                        )
                    )

            result = self.decider.decide(
                self.puzzle.public_view(self._instance, self.state),
                self.turns_left(),
                control=control,
                on_progress=relay,
                slice_expansions=slice_expansions,
            )
            if result.stopped_by == "cancelled":
                stopped_by = "cancelled"
                break
            self.state = self.puzzle.apply(self._instance, self.state, result.moves[0]).state
            self.moves.append(result.moves[0])
        progress = Progress(self.decider.nodes_spent, self.score(), 0, stopped_by == "done")
        if on_progress is not None:
            on_progress(Sample(time.perf_counter() - start, progress))
        return RunResult(tuple(self.moves), progress, time.perf_counter() - start, stopped_by)


def build_run(puzzle, instance: Any, state: Any, solver_cls: type[Solver], *, seed: int, params: dict, budget: Budget):
    """What to run for ``puzzle`` from ``state``: a solver, or an online game of solvers."""
    if puzzle.online:
        return OnlineGame(puzzle, instance, state, solver_cls, budget=budget, seed=seed, params=params)
    return solver_cls(puzzle, puzzle.public_view(instance, state), seed=seed, **params)


def execute(
    target,
    budget: Budget,
    *,
    control: RunControl | None = None,
    on_progress: Callable[[Sample], None] | None = None,
    slice_expansions: int | None = None,
) -> RunResult:
    """Run what ``build_run`` made: the game carries its own budget, a solver takes ``budget``."""
    if isinstance(target, OnlineGame):
        return target.run(control, on_progress, slice_expansions)
    return run(target, budget, control=control, on_progress=on_progress, slice_expansions=slice_expansions)
