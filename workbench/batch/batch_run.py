"""Runs a batch: every case on a local process pool or a Dask cluster, results as they finish.

One mechanism for the command line, the app's Runs panel and the benchmarks.
``BatchRun.run`` blocks until the cases are done or ``stop()`` is called (from
any thread); Ctrl+C and SIGTERM in the command line are stops too. A stop kills
the running cases (their programs included) and keeps every finished one.

What can go wrong on the way ends the run with a message and ``"status":
"failed"`` in run.json: a file of the run folder that cannot be written (a full
disk), a Dask scheduler that cannot be reached, that goes away, or that has no
worker left. A local worker that dies is its case's FAIL; the program it was
running dies with it (the reaper, see processes.py).
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import queue
import shutil
import socket
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Collection, Generator, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing.synchronize import Semaphore
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.core.cores import usable_cores
from workbench.core.errors import WorkbenchError
from workbench.core.version import project_version

from .case_run import CaseRun, Runner
from .cases import BatchCase
from .database import LIVE_KEY, RunDatabase, case_set, database_path
from .noise import Noise, noise_of
from .problem import BatchProblem, CaseProblem, feature_names
from .program import ProgramFile
from .results import BestKnown, CaseResult, RunFolder
from .runner import init_worker, run_case, run_cases
from .scratch import run_root

if TYPE_CHECKING:  # both imported where a run uses them (dask is optional)
    from distributed import Client
    from distributed import Future as DaskFuture
    from pebble import ProcessPool

# A run's source of finished cases: each as it finishes, or None (a tick while none did).
Finished = Generator[CaseResult | None, None, None]

POLL_SECONDS = 0.1
FLUSH_SECONDS = 0.2  # finished cases are written (and reported) at most this long after they finish
FLUSH_CASES = 1000  # or as soon as this many wait
META_SECONDS = 2.0  # run.json's count of finished cases is at most this stale while a run goes
PEBBLE_TICK = 0.01  # seconds: how often pebble's threads look at a pool (see _pooled_runs)
WORKER_START_SECONDS = 5.0  # at most this long a pool's stop waits for its workers still starting
MAX_POOLS = 4  # pools a run starts at most: a broken one is replaced for the cases that never ran
# A case's worker that has not answered this long after the case's own limit (its program killed at
# that limit, its score steps bounded by theirs) is stopped or hung (a SIGSTOP, a deadlock): it is
# ended and the case fails, rather than the batch waiting for ever.
HANG_SECONDS = 300.0


def case_deadline(runner: Runner) -> float | None:
    """Seconds after which a local worker's case is ended as hung (None: a budget of nodes, unbounded)."""
    if runner.seconds is None:
        return None
    from .program_run import CPU_WALL_FACTOR, GRACE_SECONDS

    wall = runner.seconds * (CPU_WALL_FACTOR if runner.command and runner.time_by == "cpu" else 1.0)
    return wall + GRACE_SECONDS + HANG_SECONDS


DASK_SECONDS = 10.0  # to reach a scheduler, and how long a cluster may have no worker or scheduler


def default_out(puzzle_id: str, label: str = "", root: Path = Path("runs")) -> Path:
    """A new run folder under ``root``, named by the time, the puzzle and the label, and claimed."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    tail = "-" + "".join(c if c.isalnum() or c in "-_." else "_" for c in label) if label else ""
    path, k = root / f"{stamp}-{puzzle_id}{tail}", 1
    while True:
        try:
            return claim_folder(path)
        except WorkbenchError:
            if k > 1000:
                raise
            k += 1
            path = root / f"{stamp}-{puzzle_id}{tail}-{k}"


STARTING = {"status": "starting"}


def claim_folder(out: Path) -> Path:
    """Make ``out`` this run's folder: refused when it holds any file (another run, anyone's files),
    and claimed by creating its run.json exclusively, so of two batches given the same --out at
    once only one gets it."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise WorkbenchError(f"{out} is a file: --out names the folder a run is written to")
    if out.is_dir() and any(p.is_file() for p in out.rglob("*")):
        raise WorkbenchError(f"{out} already holds files: choose another --out (a run never replaces any)")
    try:
        out.mkdir(parents=True, exist_ok=True)
        with open(out / "run.json", "x") as claim:
            claim.write(json.dumps(STARTING) + "\n")
    except FileExistsError:
        raise WorkbenchError(f"{out} was just taken by another run: choose another --out") from None
    except OSError as error:
        raise WorkbenchError(f"cannot make the run folder {out}: {error.strerror or error}") from None
    return out


def best_known_path(puzzle_id: str, root: Path = Path("runs")) -> Path:
    return root / "best-known" / f"{puzzle_id}.csv"


@dataclass
class BatchSpec:
    problem: BatchProblem
    runner: Runner  # a plain value: what every case is played with
    cases: list[BatchCase]
    out: Path
    workers: int = 1  # cases at a time (the user's --jobs; run.json keeps it as "jobs")
    dask: str | None = None  # a dask.distributed scheduler address
    label: str = ""
    best: Path | None = None  # the best-known file (default: runs/best-known/PUZZLE.csv)
    freeze_best: bool = False  # read the best-known file but never update it
    database: Path | None = None  # the run database (default: runs.sqlite beside the run folder)
    comment: str = ""
    group_by: str | None = None  # the summary's groups (default: the first feature)
    command_line: list[str] = field(default_factory=list)
    generator_options: dict[str, object] = field(default_factory=dict)  # how seeded cases were generated
    instance_options: dict[str, object] = field(default_factory=dict)
    program: ProgramFile | None = None  # the file the user's command starts, hashed
    build: dict[str, Any] | None = None  # the build step run first: its command, folder and sources' hashes
    repeat: int = 1  # runs of each case (batch --repeat)
    rerun_of: Path | None = None  # the run this one reruns


def _stop_pool(pool: ProcessPool, started: Semaphore, workers: int) -> None:
    """Stop a pool once its workers are up: workers still busy are killed (SIGTERM: each kills its
    programs' process groups first). A short run may end while a worker is still starting, and
    pebble closes the pool's pipe (unlinking its lock) before it kills the workers: one starting
    then prints a traceback (FileNotFoundError in spawn_main). So a worker that is not up yet is
    waited for, at most WORKER_START_SECONDS in all (a worker that never comes is not waited for)."""
    deadline = time.monotonic() + WORKER_START_SECONDS
    for _ in range(workers):
        if not started.acquire(timeout=max(0.0, deadline - time.monotonic())):
            break
    pool.stop()
    pool.join()


class BatchRun:
    def __init__(self, spec: BatchSpec, background: bool = False):
        """``background``: the app's run, whose workers run below its window (``core.priority``)."""
        self.spec = spec
        self.background = background
        self.problem = spec.problem
        self.folder = RunFolder(spec.out)
        # Beside the run folders: runs/runs.sqlite for the default runs/TIME-PUZZLE folders.
        self.database = RunDatabase(spec.database or database_path(Path(spec.out).parent))
        self.run_id: int | None = None
        self._cases = {case.index: case for case in spec.cases}
        self.best = BestKnown(
            spec.best or best_known_path(self.problem.id), self.problem.objective, frozen=spec.freeze_best
        )
        self.features = feature_names(self.problem, spec.cases)
        self.case_set = case_set({case.key for case in spec.cases})  # a case run K times is one case
        self.noise: Noise | None = None  # measured at the end of a run of --repeat K
        self.results: list[CaseResult] = []
        self.status = "running"
        self._stop = threading.Event()
        self.started = time.time()
        self._pending: list[CaseResult] = []  # finished, not yet written
        self._on_result: Callable[[CaseResult], None] | None = None
        self._meta_written = time.monotonic()
        self._meta_behind = False  # cases recorded since run.json was last written

    def stop(self) -> None:
        self._stop.set()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def meta(self) -> dict[str, Any]:
        runner = self.spec.runner
        return {
            "puzzle": self.problem.id,
            "kind": self.problem.kind,
            "features": self.features,
            "objective": self.problem.objective,
            **self.problem.meta(),
            "label": self.spec.label,
            "comment": self.spec.comment,
            "command_line": self.spec.command_line,
            "solver": runner.solver,
            "params": runner.params,
            "command": runner.command,
            "seconds": runner.seconds,
            "nodes": runner.nodes,
            "solver_seed": runner.solver_seed,
            "generator_options": self.spec.generator_options,
            "instance_options": self.spec.instance_options,
            "jobs": self.spec.workers,
            "dask": self.spec.dask,
            "cases": len(self.spec.cases),
            "cwd": runner.cwd,
            "finished": len(self.results),
            "status": self.status,
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "started": datetime.fromtimestamp(self.started, UTC).isoformat(timespec="seconds"),
            "wall_seconds": round(time.time() - self.started, 3),
            "version": project_version(),
            "best_known": str(self.best.path),
            "best_frozen": self.best.frozen,
            "time_by": runner.time_by if runner.command else None,
            "program": self.spec.program.meta() if self.spec.program else None,
            "case_set": self.case_set,
            "build": self.spec.build,
            "env": dict(runner.env) if runner.env else None,
            "repeat": self.spec.repeat,
            "rerun_of": str(self.spec.rerun_of) if self.spec.rerun_of else None,
            **({"noise": self.noise.meta()} if self.noise else {}),
        }

    def run(self, on_result: Callable[[CaseResult], None] | None = None) -> list[CaseResult]:
        """Run every case; each finished one is scored, written and passed to ``on_result``.

        Finished cases are written in batches (``_record``: their files, their rows of results.csv,
        one transaction of the run database, their new bests), at most FLUSH_SECONDS after they
        finish, and passed to ``on_result`` only once written: whatever was reported is on disk.
        WorkbenchError says why a run could not go on (run.json then says "failed")."""
        try:
            source = self._dask_runs(self._dask_client()) if self.spec.dask else self._local_runs()
        except WorkbenchError:
            self._forget_folder()
            raise
        self._on_result = on_result
        try:  # recorded before anything is written: a database that fails leaves no folder to block a retry
            self.run_id = self.database.start_run(self.spec.out, self.meta(), self.spec.comment)
        except WorkbenchError:
            source.close()
            self._forget_folder()
            raise
        try:
            self.folder.write_meta(self.meta())
            flushed = time.monotonic()
            for result in source:  # a finished case, scored where it ran, or None: a tick while none finished
                if result is not None:
                    self._pending.append(self._judged(result))
                if self._pending and (len(self._pending) >= FLUSH_CASES or time.monotonic() - flushed >= FLUSH_SECONDS):
                    self._record()
                    flushed = time.monotonic()
                if self._meta_behind and time.monotonic() - self._meta_written >= META_SECONDS:
                    self._write_meta()
            self._record()
            self.status = "stopped" if self.stopped else "complete"
        except KeyboardInterrupt:
            self.status = "stopped"
            raise
        except OSError as error:  # the run folder cannot take a file: a full disk, a removed folder
            self.status = "failed"
            raise WorkbenchError(
                f"cannot write {error.filename or self.folder.path}: "
                f"{error.strerror or error}; the cases finished before are kept"
            ) from None
        except WorkbenchError:
            self.status = "failed"
            raise
        finally:
            source.close()
            self._save_what_finished()
        return self.results

    def _judged(self, result: CaseResult) -> CaseResult:
        """A case scored where it ran, with what only this process knows: its relative score."""
        own = self._cases[result.case.index]
        if result.case == own:  # the worker's copy of it: this one is kept, the copy let go
            result.case = own
        result.relative = self.best.relative(result)
        return result

    def _record(self, report: bool = True) -> None:
        """Write the finished cases waiting, then report them. A case whose row cannot be written
        loses its files too, so the folder never lists a case it lacks nor holds one it does not list."""
        fresh, self._pending = self._pending, []
        if not fresh:
            return
        try:
            for result in fresh:
                self.folder.write_case(result)
            self.folder.append_results(fresh, self.results + fresh)
        except OSError:
            for result in fresh:
                self.folder.forget_case(result)
            raise
        self.results.extend(fresh)
        self.best.record(fresh, str(self.spec.out))
        assert self.run_id is not None  # started in ``run`` before any case is recorded
        self.database.add_cases(
            self.run_id, [result.row() | ({LIVE_KEY: result.live.to_json()} if result.live else {}) for result in fresh]
        )
        self._meta_behind = True
        if time.monotonic() - self._meta_written >= META_SECONDS:
            self._write_meta()
        if report and self._on_result is not None:
            for result in fresh:
                self._on_result(result)

    def _write_meta(self) -> None:
        self.folder.write_meta(self.meta())
        self._meta_written, self._meta_behind = time.monotonic(), False

    def _save_what_finished(self) -> None:
        """The cases still waiting, results.csv in case order (and noise.csv, for --repeat), the
        best-known file compacted and run.json, as the run ends; each as far as it can go."""

        def finish_in_database() -> None:
            if self.run_id is not None:
                self.database.finish_run(self.run_id, self.meta())

        saves: tuple[Callable[[], object], ...] = (
            lambda: self._record(report=False),
            lambda: self.folder.write_results(self.results),
            self._measure_noise,
            lambda: self.best.compact(),
            lambda: self.folder.write_meta(self.meta()),
            finish_in_database,
        )
        for save in saves:
            try:
                save()
            except (OSError, WorkbenchError):
                pass  # said already, or the next line will be; what could be written is

    def _measure_noise(self) -> None:
        """A run of --repeat K: the noise its repeats show, in run.json and noise.csv (per case)."""
        if self.spec.repeat > 1:
            self.noise = noise_of([r.row() for r in self.results])
            if self.noise is not None:
                self.folder.write_noise(self.noise)

    def _forget_folder(self) -> None:
        """A run that never started leaves no folder behind, so the same --out works next time."""
        files = [p for p in Path(self.spec.out).rglob("*") if p.is_file()]
        if all(p.name == "run.json" and p.parent == Path(self.spec.out) for p in files):
            try:
                started = json.loads((Path(self.spec.out) / "run.json").read_text()) if files else STARTING
            except (OSError, ValueError):
                return
            if started == STARTING:
                shutil.rmtree(self.spec.out, ignore_errors=True)

    # ------------------------------------------------------------ where cases run
    def _local_runs(self) -> Finished:
        """Cases on a pool of worker processes, each as it finishes (None: a tick while none did).

        A finished case is passed on through a queue its future puts itself in (a wait over 100,000
        pending futures would cost as much at every case). A worker lost before it took any case
        breaks a pebble pool ("All workers expired"): the cases that never ran then run on a new
        pool, so one lost worker fails at most its own case."""
        runner = self.spec.runner
        # spawn, not fork: the parent may hold threads (the live display, the GUI) that fork would copy.
        workers = min(self.spec.workers, max(len(self.spec.cases), 1))
        # The cores are shared among the cases at a time: a solver's threads beyond its share
        # would time-share a core, and its timed searches, sized for a whole core, overrun.
        threads = max(1, usable_cores() // workers)
        waiting = list(self.spec.cases)
        position = {case.index: number for number, case in enumerate(self.spec.cases)}
        # The workers' case folders, under one of the run's own: removed here once they have ended.
        scratch = run_root()
        try:
            yield from self._pooled_runs(runner, workers, threads, scratch, waiting, position)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def _pooled_runs(
        self,
        runner: Runner,
        workers: int,
        threads: int,
        scratch: str,
        waiting: list[BatchCase],
        position: dict[int, int],
    ) -> Finished:
        """``_local_runs``'s pools, one after another while cases wait that never ran."""
        from concurrent.futures.process import BrokenProcessPool

        from pebble import CONSTS, ProcessPool

        # How often pebble's threads look at the pool: also how long its join waits for them to see
        # the stop. Its default (0.1 s) cost every run about that much at its end, and a tick looks at
        # no more than the few cases dispatched to the workers' pipe.
        CONSTS.sleep_unit = PEBBLE_TICK
        pools = 0
        while waiting:
            pools += 1
            spawn = multiprocessing.get_context("spawn")
            started = spawn.Semaphore(0)  # each worker releases it once up (see _stop_pool)
            pool = ProcessPool(
                max_workers=workers,
                initializer=init_worker,
                initargs=(runner, threads, scratch, started, self.background),
                context=spawn,
            )
            finished: queue.Queue[Future[CaseResult]] = queue.Queue()
            futures: dict[Future[CaseResult], BatchCase] = {}
            deadline = case_deadline(runner)
            for case in waiting:
                scheduled = pool.schedule(run_case, args=(self.problem, runner, case), timeout=deadline)
                futures[scheduled] = case
                scheduled.add_done_callback(finished.put)
            waiting = []
            try:
                while futures:
                    if self.stopped:
                        return
                    try:
                        future = finished.get(timeout=POLL_SECONDS)
                    except queue.Empty:
                        yield None
                        continue
                    case = futures.pop(future)
                    if (
                        not future.cancelled()
                        and isinstance(future.exception(), BrokenProcessPool)
                        and pools < MAX_POOLS
                    ):
                        waiting.append(case)  # it never ran: again, on a new pool
                        continue
                    yield _outcome(self.problem, future, case)
            finally:
                _stop_pool(pool, started, workers)
            waiting.sort(key=lambda c: position[c.index])  # in the run's own order (a trial's is shuffled)

    def _dask_client(self) -> Client:
        """A client of the scheduler, connected; WorkbenchError when it does not answer in DASK_SECONDS
        (something else on the port, a closed port, no such host)."""
        try:
            from distributed import Client
        except ImportError:
            raise WorkbenchError("--dask needs dask.distributed: pip install -e '.[cluster]'") from None
        _quiet_dask_logs()
        clients: list[Client] = []
        errors: list[Exception] = []

        def connect() -> None:
            try:
                clients.append(Client(self.spec.dask, timeout=f"{DASK_SECONDS:g}s"))
            except Exception as error:  # whatever the address was, it is this run's message
                errors.append(error)

        thread = threading.Thread(target=connect, name="dask connect", daemon=True)
        thread.start()
        thread.join(DASK_SECONDS + 2)
        if clients:
            _quiet_dask_logs()  # loggers the connection made
            return clients[0]
        reason = errors[0] if errors else f"no answer in {DASK_SECONDS:g} s (is a Dask scheduler listening there?)"
        raise WorkbenchError(f"cannot reach the Dask scheduler at {self.spec.dask}: {reason}")

    def _dask_runs(self, client: Client) -> Finished:
        """Cases on a Dask cluster, each as it finishes (None: a tick while none did).

        Dask costs a task a few milliseconds of CPU (the scheduler's, the worker's, this client's),
        more than a fast program's case: so cases go in chunks sized to last about CHUNK_SECONDS
        (one case a task at first, then as many as the cases seen so far took that long), a few
        chunks a worker thread at a time. (The runner goes with each chunk: scattered once, it would
        be lost with the workers holding it, and every case after with it.)

        A case that kills its worker (a crash, an OOM kill) makes Dask give up on every task the dying
        workers held (KilledWorker): the cases of such a task run again, each as a task of its own, up
        to KILLED_ATTEMPTS times, so that only the case that kills fails, as on the local pool."""
        from distributed import as_completed

        waiting = deque(self.spec.cases)
        again: deque[tuple[BatchCase, int]] = deque()  # (case, attempts so far) of tasks whose workers died
        batch_id = uuid.uuid4().hex  # names this batch's programs on the workers, to stop only them
        futures: dict[DaskFuture[list[CaseResult]], list[BatchCase]] = {}  # future -> the cases it runs
        attempts: dict[DaskFuture[list[CaseResult]], int] = {}  # future -> times its one case was lost before
        finished = as_completed()
        pace = _Pace()
        threads = _cluster_threads(client)
        lost_since: float | None = None  # when the cluster was last seen without a scheduler or a worker
        next_look = time.monotonic() + POLL_SECONDS
        try:
            while waiting or again or futures:
                if self.stopped:
                    return
                while (again or waiting) and len(futures) < CHUNKS_PER_THREAD * threads:
                    if again:
                        case, tried = again.popleft()
                        chunk = [case]
                    else:
                        chunk, tried = [waiting.popleft() for _ in range(min(pace.chunk(), len(waiting)))], 0
                    future = client.submit(run_cases, self.problem, self.spec.runner, chunk, batch_id, pure=False)
                    futures[future] = chunk
                    attempts[future] = tried
                    finished.add(future)
                if not finished.has_ready():
                    if time.monotonic() >= next_look:  # the cluster is asked at most every POLL_SECONDS
                        next_look = time.monotonic() + POLL_SECONDS
                        problem = _cluster_problem(client, self.spec.dask)
                        if not problem:
                            lost_since = None
                        else:
                            lost_since = lost_since or time.monotonic()
                            if time.monotonic() - lost_since > DASK_SECONDS:
                                raise WorkbenchError(
                                    f"{problem}; {_unrun(futures, waiting) + len(again)} cases did not run"
                                )
                        threads = _cluster_threads(client) or threads
                        yield None
                    time.sleep(DASK_WAIT_SECONDS)
                    continue
                for future in finished.next_batch(block=False):
                    if future.cancelled() and not self.stopped:
                        raise WorkbenchError(
                            f"the Dask scheduler at {self.spec.dask} went away; "
                            f"{_unrun(futures, waiting) + len(again)} cases did not run"
                        )
                    chunk, tried = futures.pop(future), attempts.pop(future)
                    if _worker_died(future) and (len(chunk) > 1 or tried + 1 < KILLED_ATTEMPTS):
                        again.extend((case, tried + (len(chunk) == 1)) for case in chunk)
                        continue
                    for run in _outcomes(self.problem, future, chunk):
                        pace.saw(run.seconds)
                        yield run
        finally:
            if futures:
                try:
                    client.cancel(list(futures))
                except Exception:  # the scheduler is gone: nothing to cancel there
                    pass
                _stop_on_workers(client, batch_id)
            client.close(timeout=2)


STOP_SECONDS = 5.0  # a stopping batch waits this long at most for the workers to kill its programs


def _stop_on_workers(client: Client, run: str) -> None:
    """Kill ``run``'s programs on every worker: a cancelled task that already runs is not interrupted
    by Dask, and its program would run on to its time limit, holding the worker's thread."""
    from .processes import stop_run

    def ask() -> None:
        try:
            client.run(stop_run, run, on_error="ignore")
        except Exception:  # the scheduler or the workers are gone: so are their programs (their reapers)
            pass

    thread = threading.Thread(target=ask, name="dask stop", daemon=True)
    thread.start()
    thread.join(STOP_SECONDS)  # a worker that does not answer (stopped, far away) does not hold the exit


CHUNK_SECONDS = 0.2  # a Dask task's cases last about this long (their results come this much later)
MAX_CHUNK = 64  # cases in one Dask task at most
CHUNKS_PER_THREAD = 2  # Dask tasks sent ahead per worker thread: one runs while the next waits
DASK_WAIT_SECONDS = 0.01  # how often the client looks for finished tasks
# How many times a case alone in its task may be lost with its worker: the case that kills its worker
# fails, one that only waited on such a worker (Dask counts it too) gets another turn.
KILLED_ATTEMPTS = 3


def _worker_died(future: DaskFuture[list[CaseResult]]) -> bool:
    """Whether a Dask task failed because the workers holding it died (KilledWorker), not by itself."""
    from distributed import KilledWorker

    return not future.cancelled() and future.status == "error" and isinstance(future.exception(), KilledWorker)


class _Pace:
    """How many cases a Dask task gets: one at first, then as many as last CHUNK_SECONDS on the
    cases seen so far."""

    def __init__(self) -> None:
        self.cases = 0
        self.seconds = 0.0

    def saw(self, seconds: float) -> None:
        """A case came back that took ``seconds``."""
        self.cases += 1
        self.seconds += max(seconds, 0.0)

    def chunk(self) -> int:
        if not self.cases:
            return 1
        each = self.seconds / self.cases
        return max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / each) if each > 0 else MAX_CHUNK))


def _cluster_threads(client: Client) -> int:
    """The worker threads of the cluster now (0 when it cannot say)."""
    try:
        return sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values())
    except Exception:
        return 0


def _unrun(futures: Mapping[DaskFuture[list[CaseResult]], list[BatchCase]], waiting: Collection[BatchCase]) -> int:
    return sum(len(chunk) for chunk in futures.values()) + len(waiting)


def _failed(problem: CaseProblem, case: BatchCase, message: str, seconds: float = 0.0) -> CaseResult:
    """A case whose worker never answered: FAIL, judged here (nothing ran to score), with its features."""
    return problem.score_run(case, CaseRun(case.index, None, "FAIL", message, seconds))


def _outcomes(problem: CaseProblem, future: DaskFuture[list[CaseResult]], chunk: list[BatchCase]) -> list[CaseResult]:
    """A finished Dask task's results; a worker that died or failed is its cases' verdict."""
    try:
        return future.result()
    except Exception as error:
        return [_failed(problem, case, f"the worker failed: {type(error).__name__}: {error}") for case in chunk]


def _quiet_dask_logs() -> None:
    """dask.distributed logs a lost scheduler as pages of tracebacks on stderr; the run says it once.
    Its loggers carry levels of their own, so each is set, not only the package's."""
    for name in list(logging.root.manager.loggerDict):
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _cluster_problem(client: Client, address: str | None) -> str:
    """What keeps a Dask cluster from running cases now ("" when nothing)."""
    if client.status != "running":
        return f"lost the Dask scheduler at {address}"
    try:
        workers = client.scheduler_info().get("workers", {})
    except Exception:
        return f"lost the Dask scheduler at {address}"
    return "" if workers else f"the Dask scheduler at {address} has no worker left"


def _outcome(problem: CaseProblem, future: Future[CaseResult], case: BatchCase) -> CaseResult:
    """A finished future's result; a worker that died or failed is this case's verdict, not the batch's end."""
    try:
        return future.result()
    except TimeoutError as error:  # pebble's per-case deadline (case_deadline): the worker was ended
        return _failed(
            problem,
            case,
            f"its worker gave no answer in {error.args[1]:g} s (stopped or hung): ended",
            float(error.args[1]),
        )
    except Exception as error:
        return _failed(problem, case, f"the worker failed: {type(error).__name__}: {error}")
