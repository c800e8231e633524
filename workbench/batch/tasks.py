"""What runs one case, wherever it runs: a local worker process or a Dask worker.

``run_case`` returns the answer text and how the run went; it never scores.
The batch's own process re-scores every answer with the engine, so a score
never depends on the machine a case ran on.
"""

from __future__ import annotations

import os
import signal
import socket
import time
from dataclasses import dataclass, field

from workbench.core.errors import WorkbenchError

from .cases import BatchCase, load_instance
from .judge import kill_running_programs, run_program


@dataclass(frozen=True)
class Runner:
    """How every case of a run is played: a built-in solver or the user's command."""

    puzzle_id: str
    seconds: float | None  # per case: the solver's budget, or the program's time limit (None: nodes only)
    solver: str | None = None
    params: dict = field(default_factory=dict)
    nodes: int | None = None
    solver_seed: int = 0
    command: str | None = None
    cwd: str | None = None  # where the command runs (the batch's working folder)

    def describe(self) -> str:
        if self.command:
            return f"command '{self.command}', {self.seconds:g} s limit"
        params = " ".join(f"{k}={v}" for k, v in self.params.items())
        budget = ", ".join(([f"{self.seconds:g} s"] if self.seconds is not None else [])
                           + ([f"{self.nodes} nodes"] if self.nodes else []))
        return f"solver {self.solver}{' ' + params if params else ''}, {budget}"


@dataclass
class CaseRun:
    index: int
    answer: str | None  # None: nothing to score
    verdict: str | None  # decided before scoring ("TLE", "RE", "WA"), or None
    message: str
    seconds: float
    stderr_tail: str = ""
    worker: str = ""


_warmed: set[tuple[str, str]] = set()


def _solver_class(runner: Runner):
    from workbench.core.registry import solvers

    cls = solvers(runner.puzzle_id)[runner.solver]
    if (runner.puzzle_id, runner.solver) not in _warmed:
        cls.warm_up()  # compile or load the kernels before the first case's clock starts
        _warmed.add((runner.puzzle_id, runner.solver))
    return cls


def _solve(runner: Runner, puzzle, instance) -> tuple[str, float]:
    from solvers.driver import Budget
    from solvers.online import build_run, execute

    cls = _solver_class(runner)
    budget = Budget(seconds=runner.seconds, nodes=runner.nodes)
    started = time.perf_counter()
    target = build_run(puzzle, instance, puzzle.initial_state(instance), cls,
                       seed=runner.solver_seed, params=dict(runner.params), budget=budget)
    result = execute(target, budget)
    return puzzle.format_solution(instance, result.moves), time.perf_counter() - started


def run_case(runner: Runner, case: BatchCase) -> CaseRun:
    from workbench.core.registry import get_puzzle

    worker = f"{socket.gethostname()}:{os.getpid()}"
    puzzle = get_puzzle(runner.puzzle_id)
    try:
        instance = load_instance(puzzle, case)
    except (WorkbenchError, ValueError) as error:
        return CaseRun(case.index, None, "FAIL", f"bad input: {error}", 0.0, worker=worker)
    if runner.command:
        outcome = run_program(puzzle, instance, runner.command, runner.seconds, cwd=runner.cwd)
        return CaseRun(case.index, outcome.answer, outcome.verdict, outcome.message, outcome.seconds,
                       outcome.stderr_tail, worker)
    started = time.perf_counter()
    try:
        answer, seconds = _solve(runner, puzzle, instance)
    except WorkbenchError as error:  # e.g. an online game cut short has no complete answer
        return CaseRun(case.index, None, "WA", str(error), time.perf_counter() - started, worker=worker)
    except Exception as error:  # a solver bug is this case's verdict, never the batch's end
        return CaseRun(case.index, None, "RE", f"solver crashed: {type(error).__name__}: {error}",
                       time.perf_counter() - started, worker=worker)
    return CaseRun(case.index, answer, None, "", seconds, worker=worker)


# ------------------------------------------------------------ local worker processes
def init_worker(runner: Runner) -> None:
    """A local pool worker: Ctrl+C belongs to the batch; SIGTERM (a stop) kills the programs it runs."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def stop(signum, frame):
        kill_running_programs()
        os._exit(1)

    signal.signal(signal.SIGTERM, stop)
    if runner.solver:
        _solver_class(runner)
