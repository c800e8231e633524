"""What runs one case, wherever it runs: a local worker process or a Dask worker.

``run_case`` returns the answer text and how the run went. A built-in puzzle's
answer is re-scored by the batch's own process, so a score never depends on
the machine a case ran on; a contest's score comes from its official tools,
which run beside the program.
"""

from __future__ import annotations

import os
import signal
import socket
import time
from dataclasses import dataclass, field

from typing import TYPE_CHECKING, Any

from workbench.core.priority import lower_this_process

from .cases import BatchCase
from .processes import kill_running
from .scratch import use_root

if TYPE_CHECKING:
    from .live import LiveTrace


@dataclass(frozen=True)
class Runner:
    """How every case of a run is played: a built-in solver or the user's command."""

    problem: Any  # a workbench.batch.problem.BatchProblem (that module builds runners: no import back)
    seconds: float | None  # per case: the solver's budget, or the program's time limit (None: nodes only)
    solver: str | None = None
    params: dict = field(default_factory=dict)
    nodes: int | None = None
    solver_seed: int = 0
    command: str | None = None
    cwd: str | None = None  # where the command runs (the batch's working folder)
    env: dict = field(default_factory=dict)  # variables the command gets on top of the batch's (tuning)
    time_by: str = "wall"  # which time judges the command's limit: "wall" (AtCoder's rule) or "cpu"

    @property
    def puzzle_id(self) -> str:
        return self.problem.id

    def describe(self) -> str:
        if self.command:
            given = " ".join(f"{k}={v}" for k, v in self.env.items())
            return f"command '{self.command}'{' with ' + given if given else ''}, {self.seconds:g} s limit"
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
    score: float | None = None  # set when the score came with the run (a contest's official tools)
    data: dict = field(default_factory=dict)  # "[DATA] name = value" lines the program wrote
    cpu_seconds: float | None = None  # the program's (or the built-in solver's) CPU time
    live: "LiveTrace | None" = None  # its [SCORE] lines and scored snapshots (None: it wrote none)
    input_text: str | None = None  # the input the run made and saved (a Topcoder tester), kept with the run


_warmed: set[tuple[str, str]] = set()


def _solver_class(runner: Runner):
    from workbench.core.registry import solvers
    from solvers.warm_up import ready_solver

    cls = solvers(runner.puzzle_id)[runner.solver]
    if (runner.puzzle_id, runner.solver) not in _warmed:
        # compile or load the kernels before the first case's clock starts (one worker compiles,
        # the others wait for it and load)
        ready_solver(runner.puzzle_id, cls)
        _warmed.add((runner.puzzle_id, runner.solver))
    return cls


def solve_case(runner: Runner, puzzle, instance) -> tuple[str, float, float]:
    """A built-in solver's answer for the case, the seconds it took and the CPU seconds it used."""
    from solvers.driver import Budget
    from solvers.online import build_run, execute

    cls = _solver_class(runner)
    budget = Budget(seconds=runner.seconds, nodes=runner.nodes)
    started, cpu = time.perf_counter(), time.process_time()
    target = build_run(puzzle, instance, puzzle.initial_state(instance), cls,
                       seed=runner.solver_seed, params=dict(runner.params), budget=budget)
    result = execute(target, budget)
    return (puzzle.format_solution(instance, result.moves), time.perf_counter() - started,
            time.process_time() - cpu)


def run_case(runner: Runner, case: BatchCase) -> CaseRun:
    run = runner.problem.play(runner, case)
    run.worker = f"{socket.gethostname()}:{os.getpid()}"
    return run


def run_cases(runner: Runner, cases: list[BatchCase]) -> list[CaseRun]:
    """Several cases in turn (one Dask task: a task costs more than a fast program's case)."""
    return [run_case(runner, case) for case in cases]


# ------------------------------------------------------------ local worker processes
def init_worker(runner: Runner, threads: int, scratch: str | None = None, started=None,
                background: bool = False) -> None:
    """A local pool worker: Ctrl+C belongs to the batch; SIGTERM (a stop) kills the programs it runs;
    a solver runs at most ``threads`` kernel threads; cases work in folders under ``scratch``; it
    releases ``started`` (a multiprocessing semaphore) once it is up. ``background`` (the app's
    run): the worker, and the programs it runs, in the lowest scheduling class (on Linux it already
    is, from the app's lowered thread that started it; not so on macOS and Windows)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if background:
        lower_this_process()
    use_root(scratch)
    if runner.solver:  # a program's worker loads no solver (nor numba: its start-up stays short)
        from solvers.base import limit_threads

        limit_threads(threads)

    def stop(signum, frame):
        kill_running()
        os._exit(1)

    signal.signal(signal.SIGTERM, stop)
    if started is not None:
        started.release()
    # The kernels load in the first case, before its clock starts (solve_case), not here: a worker
    # killed in its initializer would break the whole pool, and every case would FAIL with it.
