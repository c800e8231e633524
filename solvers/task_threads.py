"""A solver's own tasks on worker threads, inside its slices (Qt-free).

For a solver whose work comes in tasks longer than a slice, each a kernel call that releases the
GIL (ahc011's annealing and searches). Not the driver's run of a whole solver on a background
thread: that is ``job.SolverJob``.

Two ways to run tasks. ``run_all`` runs a batch at once and hands back every result in order:
under a node budget, where what runs next must depend on finished results only, never on which
thread was quicker. Otherwise tasks start one by one (``start``) while a thread is free and stay
under way across slices; ``wait`` hands back those that end first and, at a deadline, stops the
rest through the solver's stop flag, which every kernel reads. The threads are shared by every
solver in the process, one pool per thread count, and honour ``base.limit_threads``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any, NamedTuple

import numpy as np

from workbench.core.priority import lower_this_thread, lowered

from .base import threads_for

_pools: dict[tuple[int, bool], ThreadPoolExecutor] = {}  # by thread count, and whether lowered


def _pool(count: int) -> ThreadPoolExecutor:
    """The pool of ``count`` threads at the calling thread's priority: the app's solver (in the
    lowest class, ``core.priority``) never gets a thread made at a hint's or the command line's."""
    key = (count, lowered())
    if key not in _pools:
        _pools[key] = ThreadPoolExecutor(
            max_workers=count, thread_name_prefix="solver-tasks", initializer=lower_this_thread if key[1] else None
        )
    return _pools[key]


class Done(NamedTuple):
    task: Any
    result: Any
    seconds: float  # how long it ran


def _timed(work: Callable, task) -> tuple[Any, float]:
    started = time.perf_counter()
    result = work(task)
    return result, time.perf_counter() - started


class TaskThreads:
    """Up to ``wanted`` threads (fewer when ``base.limit_threads`` says so) running tasks by ``work``,
    which a set ``stop`` flag (uint8[1]) ends early."""

    def __init__(self, wanted: int, stop: np.ndarray):
        self.wanted = wanted
        self.stop = stop
        self._under_way: dict[Future, Any] = {}  # started by ``start``, in the order they started

    @property
    def threads(self) -> int:
        return threads_for(self.wanted)

    def run_all(self, work: Callable, tasks: Sequence) -> list:
        """Every task's result, in the tasks' order (at most ``threads`` run at once)."""
        pool = _pool(self.threads)
        return [future.result() for future in [pool.submit(work, task) for task in tasks]]

    @property
    def under_way(self) -> tuple:
        """The tasks started and not handed back yet, in the order they started."""
        return tuple(self._under_way.values())

    def free(self) -> bool:
        """Whether a thread is free for another task."""
        return len(self._under_way) < self.threads

    def start(self, work: Callable, task) -> None:
        self._under_way[_pool(self.threads).submit(_timed, work, task)] = task

    def wait(self, until: float | None = None) -> list[Done]:
        """The tasks that end first (at least one, if any is under way). At ``until`` (a
        ``time.perf_counter()`` time; None: no limit), or once the stop flag is set, the flag is
        set and every task under way is waited for and handed back."""
        if not self._under_way:
            return []
        timeout = None if until is None else max(0.0, until - time.perf_counter())
        done = wait(self._under_way, timeout=timeout, return_when=FIRST_COMPLETED).done
        if not done:
            self.stop[0] = 1
        if self.stop[0]:
            done = wait(self._under_way).done
        return [self._hand_back(future) for future in list(self._under_way) if future in done]

    def stop_all(self) -> list[Done]:
        """Set the stop flag and hand back every task under way once it has stopped."""
        if not self._under_way:
            return []
        self.stop[0] = 1
        return self.wait()

    def _hand_back(self, future: Future) -> Done:
        task = self._under_way.pop(future)
        result, seconds = future.result()
        return Done(task, result, seconds)
