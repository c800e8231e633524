"""A solver run in a child process in the lowest scheduling class, observed by polling (Qt-free).

``job.SolverJob`` runs the search on a thread of the app's process: it shares the window's GIL,
so it can only be lowered to nice 5 (``workbench.core.priority``), and the window still waited
for a core behind it. ``ProcessSolverJob`` runs the same ``SolverJob`` in a spawned child (never
a fork of a process with Qt's threads) that is in SCHED_IDLE from its first line: any normal
thread preempts it, and it has a GIL of its own. Same interface as ``SolverJob`` (``start``,
``running``, ``join``, ``poll``, ``control``, ``name``, ``target.no_answer()``).

- The child sends what is new (samples, the frontier snapshot, the improved best answer, then
  the result) at most every ``SEND_SECONDS``; a thread of this process reads the pipe into the
  pending update, which ``poll`` hands over.
- Pause, resume and cancel go the other way. A child starved of the CPU by other programs may not
  answer a cancel soon: after ``CANCEL_GRACE_SECONDS`` it is killed and the run ends here with the
  best answer it last sent.
- A child serves one run after another (``_Host``): loading a puzzle's kernels from numba's cache
  took it 1-4 s, so the window has one ready (``warm``) before Start, and a child whose run ended
  waits for the next. Every child ends when the app does (``end_hosts``, at exit, or when its
  pipe closes), and at once when it does not answer a cancel.
"""

from __future__ import annotations

import _thread
import atexit
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from workbench.core.priority import lower_this_process, lower_this_thread

from .base import Progress, thread_limit
from .driver import Budget, RunControl, RunResult
from .job import JobUpdate, SolverJob

SEND_SECONDS = 1 / 30  # the child sends at most 30 times a second
LOOK_SECONDS = 0.01  # how often the child looks whether its run ended (a message wakes it at once)
CANCEL_GRACE_SECONDS = 0.03  # the child's time to end its run on cancel before it is killed (a child that
# is not starved answers in 5-20 ms; under a loaded machine the timer itself wakes tens of ms late)
EXIT_WAIT_SECONDS = 2.0  # a child told to quit gets this long before it is killed
# "thread": the child runs at an app thread's priority (nice 5), not in the lowest class. The test
# suite says so (tests/conftest.py): in SCHED_IDLE a run makes no progress at all while other
# programs keep every core busy, as the suite's other processes do.
CLASS_VARIABLE = "PWB_SOLVER_CLASS"

_hosts_lock = threading.Lock()
_idle: list[_Host] = []  # children waiting for a run
_every: set[_Host] = set()  # every child alive, busy or not


# ------------------------------------------------------------------ the child's side
def _host_main(connection, threads: int | None, lowest: bool) -> None:
    """The child: warm a puzzle's kernels or serve a run, as the messages say, until told to quit
    or the app's end of the pipe closes."""
    if lowest:
        lower_this_process()  # every thread it has and starts: any normal thread preempts them
    else:
        lower_this_thread()
    from .base import limit_threads

    limit_threads(threads)  # the window's limit: same seed and node budget, same answer
    try:
        while True:
            message = connection.recv()
            if message[0] == "quit":
                return
            if message[0] == "warm":
                _warm(message[1])
            elif message[0] == "run":
                _serve(connection, *message[1:])
            # a pause, resume or cancel that came after its run ended: nothing to do
    except (EOFError, OSError, KeyboardInterrupt):  # the app is gone: so is the child
        return


def _warm(puzzle_id: str) -> None:
    """Load ``puzzle_id``'s solver kernels from numba's cache, if the app compiled them."""
    from workbench.core.registry import solvers

    from .warm_up import is_warm

    try:
        if is_warm(puzzle_id):  # never compile here: the app's warm-up does, once, in its own process
            for cls in solvers(puzzle_id).values():
                # The registry gives classes as `type`; each is a solvers.base.Solver with warm_up.
                cls.warm_up()  # type: ignore[attr-defined]
    except Exception:  # only a head start: the run loads what it needs, and says what fails
        pass


def _serve(connection, build: Callable, budget: Budget, slice_expansions: int | None, name: str, objective) -> None:
    """One run: ``SolverJob`` on a thread of this child, its news sent every SEND_SECONDS."""
    job = SolverJob(build, budget, slice_expansions, name=name, objective=objective)
    job.start()
    sent = 0.0
    cancelled = False
    while True:
        ended = not job.running
        if ended or time.perf_counter() - sent >= SEND_SECONDS:
            sent = time.perf_counter()
            update = job.poll()
            if update.result is not None:  # every sample went already: never all of them again
                update.result = replace(update.result, samples=[])
            if ended or update.samples or update.frontier is not None or update.best_moves is not None:
                connection.send(("update", update))
        if ended:
            no_answer = getattr(job.target, "no_answer", lambda: "")() if job.target is not None else ""
            connection.send(("end", no_answer))
            return
        if connection.poll(LOOK_SECONDS):
            try:
                kind = connection.recv()[0]
            except (EOFError, OSError):  # the app is gone: end the run, then the child
                job.control.cancel()
                job.join()
                raise
            if kind == "pause":
                job.control.pause()
            elif kind == "resume":
                job.control.resume()
            elif kind in ("cancel", "quit") and not cancelled:
                cancelled = True
                job.control.cancel()


# ------------------------------------------------------------------ the app's side
class _Host:
    """One child process and this side's end of its pipe."""

    def __init__(self, threads: int | None, lowest: bool):
        context = multiprocessing.get_context("spawn")  # never a fork of a process with Qt's threads
        self.connection, theirs = context.Pipe()
        self.threads = threads
        self.lowest = lowest
        self.warmed: set[str] = set()
        self.killed = False
        self.process = context.Process(target=_host_main, args=(theirs, threads, lowest), name="wb-solver", daemon=True)
        try:
            self.process.start()
        finally:
            theirs.close()
        with _hosts_lock:
            _every.add(self)

    def kill(self) -> None:
        """End the child now (it did not answer, or the app ends)."""
        with _hosts_lock:
            if self.killed:
                return
            self.killed = True
            _every.discard(self)
            if self in _idle:
                _idle.remove(self)
        try:
            self.process.kill()
        except (OSError, ValueError):  # already reaped
            pass
        threading.Thread(target=self._reap, name="wb-solver-reap", daemon=True).start()

    def quit(self) -> None:
        """Ask an idle child to end; killed if it has not within EXIT_WAIT_SECONDS."""
        try:
            self.connection.send(("quit",))
        except (OSError, ValueError):
            pass
        with _hosts_lock:
            _every.discard(self)
        threading.Thread(target=self._quit_reap, name="wb-solver-reap", daemon=True).start()

    def _quit_reap(self) -> None:
        self._reap(EXIT_WAIT_SECONDS)
        self.connection.close()  # an idle child's: no thread reads it

    def _reap(self, wait: float = 0.0) -> None:
        """Wait for the child's end (killed after ``wait`` seconds). The pipe is closed by the
        thread that reads it (a run's), or, for an idle child, by ``quit``'s reaping."""
        self.process.join(wait or None)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


def _lowest() -> bool:
    return os.environ.get(CLASS_VARIABLE, "idle") != "thread"


def _ready_host() -> _Host | None:
    """An idle child under the window's thread limit and in the class asked for now."""
    threads, lowest = thread_limit(), _lowest()
    with _hosts_lock:
        return next(
            (host for host in _idle if host.threads == threads and host.lowest == lowest and host.process.is_alive()),
            None,
        )


def _take_host() -> _Host:
    """A child waiting for a run, or a new one."""
    host = _ready_host()
    if host is not None:
        with _hosts_lock:
            if host in _idle:
                _idle.remove(host)
                return host
    return _Host(thread_limit(), _lowest())


def _give_back(host: _Host) -> None:
    with _hosts_lock:
        if host in _every:
            _idle.append(host)


def warm(puzzle_id: str) -> None:
    """Have a child ready for ``puzzle_id``'s next run: started, its kernels loaded (this returns
    at once; the child works in the lowest class)."""
    host = _ready_host()
    if host is None:
        host = _Host(thread_limit(), _lowest())
        _give_back(host)
    if puzzle_id not in host.warmed:
        host.warmed.add(puzzle_id)
        try:
            host.connection.send(("warm", puzzle_id))
        except (OSError, ValueError):  # it died: the next run starts another
            host.kill()


def end_hosts() -> None:
    """End every child: the idle ones are asked, the busy ones (their runs cancelled) killed."""
    with _hosts_lock:
        idle, busy = list(_idle), [h for h in _every if h not in _idle]
        _idle.clear()
    for host in idle:
        host.quit()
    for host in busy:
        host.kill()


atexit.register(end_hosts)


class _Said:
    """What the child said of a run that ended without an answer (``Solver.no_answer``)."""

    def __init__(self, why: str = ""):
        self.why = why

    def no_answer(self) -> str:
        return self.why


class _RemoteControl(RunControl):
    """``RunControl`` whose flags are also sent to the child; a cancel that the child does not
    answer within CANCEL_GRACE_SECONDS ends the run here."""

    def __init__(self, job: ProcessSolverJob):
        super().__init__()
        self._job = job

    def pause(self) -> None:
        super().pause()
        self._job._tell("pause")

    def resume(self) -> None:
        super().resume()
        self._job._tell("resume")

    def cancel(self) -> None:
        first = not self.cancelled
        super().cancel()
        self._job._tell("cancel")
        if first and self._job.running:
            threading.Thread(target=self._job._end_if_silent, name="wb-solver-cancel", daemon=True).start()


class ProcessSolverJob:
    """A run of ``build()`` (a solver or an online game; it must pickle: a module-level function
    or a ``functools.partial`` of one) in a child process; the interface of ``SolverJob``."""

    def __init__(
        self,
        build: Callable,
        budget: Budget,
        slice_expansions: int | None = None,
        name: str | None = None,
        objective=None,
    ):
        self._build = build
        self.name = name or getattr(build, "name", "solver")
        self.budget = budget
        self.slice_expansions = slice_expansions
        self.objective = objective
        self.control = _RemoteControl(self)
        self.target = _Said()
        self._lock = threading.Lock()
        self._pending = JobUpdate()
        self._last_progress = Progress(0, float("-inf"), 0, False)
        self._last_elapsed = 0.0
        self._best: tuple = ()  # the best answer the child sent last (kept for a run ended here)
        self._host: _Host | None = None
        self._started = False
        self._ended = threading.Event()
        self.pid: int | None = None  # the child's, once started

    # -------------------------------------------------- the SolverJob interface
    def start(self) -> None:
        self._started = True
        try:
            self._host = _take_host()
            self._host.connection.send(
                ("run", self._build, self.budget, self.slice_expansions, self.name, self.objective)
            )
        except Exception as error:  # a run that cannot be pickled, or no process to be had
            if self._host is not None:
                _give_back(self._host)
            self._host = None
            self._finish(error=f"the solver's process did not start: {type(error).__name__}: {error}")
            return
        self.pid = self._host.process.pid
        _thread.start_new_thread(self._read, (self._host,))  # a bare thread: see SolverJob.start

    @property
    def running(self) -> bool:
        return self._started and not self._ended.is_set()

    def join(self, timeout: float | None = None) -> bool:
        return not self._started or self._ended.wait(timeout)

    def poll(self) -> JobUpdate:
        with self._lock:
            update, self._pending = self._pending, JobUpdate()
        return update

    # -------------------------------------------------- this side's threads
    def _tell(self, what: str) -> None:
        host = self._host
        if host is None or not self.running:
            return
        try:
            host.connection.send((what,))
        except (OSError, ValueError):  # the child is gone: the reader ends the run
            pass

    def _read(self, host: _Host) -> None:
        """The pipe's news into the pending update, until the run's end (or the child's)."""
        try:
            while True:
                message = host.connection.recv()
                if message[0] == "update":
                    self._take(message[1])
                elif message[0] == "end":
                    self.target = _Said(message[1])
                    _give_back(host)  # first: a run started once this one ended finds it; read no more
                    self._finish()
                    return
        except (EOFError, OSError, ValueError):  # the child died, or was killed on cancel
            if not self.control.cancelled:
                host.process.join(1.0)  # it closed the pipe as it died: its exit code is there at once
                code = host.process.exitcode
                host.kill()
                self._finish(error=f"the solver's process ended unexpectedly (exit code {code})")
            else:
                host.kill()
                self._finish(result=self._result_here())
            host.connection.close()  # only now: no thread reads it any more

    def _take(self, update: JobUpdate) -> None:
        with self._lock:
            if self._ended.is_set():  # ended here already (cancel): later news is dropped
                return
            pending = self._pending
            pending.samples.extend(update.samples)
            if update.samples:
                self._last_progress = update.samples[-1].progress
                self._last_elapsed = update.samples[-1].elapsed
            if update.frontier is not None:
                pending.frontier = update.frontier
            if update.best_moves is not None:
                pending.best_moves = self._best = update.best_moves
            if update.result is not None:
                pending.result = update.result
            if update.error is not None:
                pending.error = update.error

    def _end_if_silent(self) -> None:
        """After a cancel: the child's end, or the run ends here and the child is killed."""
        if self._ended.wait(CANCEL_GRACE_SECONDS):
            return
        host = self._host
        self._finish(result=self._result_here())
        if host is not None:
            host.kill()

    def _result_here(self) -> RunResult:
        """The cancelled run's result from what the child last sent."""
        return RunResult(self._best, self._last_progress, self._last_elapsed, "cancelled")

    def _finish(self, result: RunResult | None = None, error: str | None = None) -> None:
        with self._lock:
            if self._ended.is_set():
                return
            if result is not None:
                self._pending.result = result
                self._pending.best_moves = result.moves
            if error is not None:
                self._pending.error = error
            self._ended.set()
