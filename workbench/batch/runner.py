"""What runs one case, wherever it runs: a local worker process or a Dask worker.

``run_case`` plays the case with the run's ``Runner`` (a plain value) and scores it there, by the
problem's ``score_run`` (the rule in ``problem``): a built-in puzzle's answer by its engine, a
contest's by its official tools beside the program. The worker sends back the ``CaseResult``.
"""

from __future__ import annotations

import os
import signal
from types import FrameType
from typing import TYPE_CHECKING

from workbench.core.priority import lower_this_process

from .case_run import Runner
from .cases import BatchCase
from .problem import CaseProblem
from .processes import for_run, kill_running, run_stopped
from .scratch import use_root

if TYPE_CHECKING:
    from multiprocessing.synchronize import Semaphore

    from .results import CaseResult


def run_case(problem: CaseProblem, runner: Runner, case: BatchCase) -> CaseResult:
    """The case played and scored, here (the one rule: a case is scored where it ran)."""
    return problem.score_run(case, problem.play(runner, case))


def run_cases(problem: CaseProblem, runner: Runner, cases: list[BatchCase], run: str | None = None) -> list[CaseResult]:
    """Several cases in turn (one Dask task: a task costs more than a fast program's case) of the batch
    ``run``: once it is stopped (``processes.stop_run``), its programs are killed and no case starts."""
    with for_run(run):
        return [run_case(problem, runner, case) for case in cases if not run_stopped(run)]


# ------------------------------------------------------------ local worker processes
def init_worker(
    runner: Runner, threads: int, scratch: str | None = None, started: Semaphore | None = None, background: bool = False
) -> None:
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

    def stop(signum: int, frame: FrameType | None) -> None:
        kill_running()
        os._exit(1)

    signal.signal(signal.SIGTERM, stop)
    if started is not None:
        started.release()
    # The kernels load in the first case, before its clock starts (puzzle_problem.solve_case), not here: a worker
    # killed in its initializer would break the whole pool, and every case would FAIL with it.
