"""Runs a batch: every case on a local process pool or a Dask cluster, results as they finish.

One mechanism for the command line, the app's Runs panel and the benchmarks.
``BatchRun.run`` blocks until the cases are done or ``stop()`` is called (from
any thread); Ctrl+C in the command line is a stop too. A stop kills the
running cases (their programs included) and keeps every finished one.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

from workbench.core.errors import WorkbenchError

from .cases import BatchCase
from .problem import feature_names
from .results import BestKnown, CaseResult, RunFolder
from .tasks import CaseRun, Runner, init_worker, run_case

POLL_SECONDS = 0.1


def project_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("puzzle-workbench")
    except PackageNotFoundError:
        return "unknown"


def default_out(puzzle_id: str, label: str = "", root: Path = Path("runs")) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    tail = "-" + "".join(c if c.isalnum() or c in "-_." else "_" for c in label) if label else ""
    path = root / f"{stamp}-{puzzle_id}{tail}"
    k = 1
    while path.exists():
        k += 1
        path = root / f"{stamp}-{puzzle_id}{tail}-{k}"
    return path


def best_known_path(puzzle_id: str, root: Path = Path("runs")) -> Path:
    return root / "best-known" / f"{puzzle_id}.csv"


@dataclass
class BatchSpec:
    runner: Runner
    cases: list[BatchCase]
    out: Path
    jobs: int = 1
    dask: str | None = None  # a dask.distributed scheduler address
    label: str = ""
    best: Path | None = None  # the best-known file (default: runs/best-known/PUZZLE.csv)
    freeze_best: bool = False  # read the best-known file but never update it
    group_by: str | None = None  # the summary's groups (default: the first feature)
    command_line: list[str] = field(default_factory=list)
    generator_options: dict = field(default_factory=dict)  # how seeded cases were generated
    instance_options: dict = field(default_factory=dict)


class BatchRun:
    def __init__(self, spec: BatchSpec):
        self.spec = spec
        self.problem = spec.runner.problem
        self.folder = RunFolder(spec.out)
        self.best = BestKnown(spec.best or best_known_path(self.problem.id), self.problem.objective,
                              frozen=spec.freeze_best)
        self.features = feature_names(self.problem, spec.cases)
        self.results: list[CaseResult] = []
        self.status = "running"
        self._stop = threading.Event()
        self.started = time.time()

    def stop(self) -> None:
        self._stop.set()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def meta(self) -> dict:
        runner = self.spec.runner
        return {
            "puzzle": self.problem.id, "kind": self.problem.kind, "features": self.features,
            "objective": self.problem.objective,
            **self.problem.meta(), "label": self.spec.label, "command_line": self.spec.command_line,
            "solver": runner.solver, "params": runner.params, "command": runner.command,
            "seconds": runner.seconds, "nodes": runner.nodes, "solver_seed": runner.solver_seed,
            "generator_options": self.spec.generator_options, "instance_options": self.spec.instance_options,
            "jobs": self.spec.jobs, "dask": self.spec.dask, "cases": len(self.spec.cases),
            "finished": len(self.results), "status": self.status,
            "started": datetime.fromtimestamp(self.started, timezone.utc).isoformat(timespec="seconds"),
            "wall_seconds": round(time.time() - self.started, 3),
            "version": project_version(), "best_known": str(self.best.path), "best_frozen": self.best.frozen,
        }

    def run(self, on_result: Callable[[CaseResult], None] | None = None) -> list[CaseResult]:
        """Run every case; each finished one is scored, written and passed to ``on_result``."""
        self.folder.write_meta(self.meta())
        source = self._dask_runs() if self.spec.dask else self._local_runs()
        try:
            for case_run in source:
                result = self._finish(case_run)
                if on_result is not None:
                    on_result(result)
            self.status = "stopped" if self.stopped else "complete"
        except KeyboardInterrupt:
            self.status = "stopped"
            raise
        finally:
            source.close()
            self.folder.write_results(self.results)
            self.best.update(self.results, str(self.spec.out))
            self.folder.write_meta(self.meta())
        return self.results

    def _finish(self, case_run: CaseRun) -> CaseResult:
        case = self.spec.cases[case_run.index]
        result = self.problem.judge(case, case_run)
        result.relative = self.best.relative(result)
        self.results.append(result)
        self.folder.write_case(result)
        self.folder.write_results(self.results)  # a crash or a kill keeps what finished
        return result

    # ------------------------------------------------------------ where cases run
    def _local_runs(self) -> Iterator[CaseRun]:
        from concurrent.futures import FIRST_COMPLETED, wait

        from pebble import ProcessPool

        # spawn, not fork: the parent may hold threads (the live display, the GUI) that fork would copy.
        pool = ProcessPool(max_workers=self.spec.jobs, initializer=init_worker, initargs=(self.spec.runner,),
                           context=multiprocessing.get_context("spawn"))
        futures = {pool.schedule(run_case, args=(self.spec.runner, case)): case for case in self.spec.cases}
        try:
            while futures:
                if self.stopped:
                    return
                done, _ = wait(list(futures), timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in done:
                    yield _outcome(future, futures.pop(future))
        finally:
            # Workers still busy are killed (SIGTERM: each kills its program's process group first).
            pool.stop()
            pool.join()

    def _dask_runs(self) -> Iterator[CaseRun]:
        try:
            from distributed import Client, as_completed
        except ImportError:
            raise WorkbenchError("--dask needs dask.distributed: pip install -e '.[cluster]'") from None
        try:
            client = Client(self.spec.dask, timeout="10s")
        except (OSError, TimeoutError, ValueError) as error:
            raise WorkbenchError(f"cannot reach the Dask scheduler at {self.spec.dask}: {error}") from None
        futures = {}
        try:
            for case in self.spec.cases:
                futures[client.submit(run_case, self.spec.runner, case, pure=False)] = case
            finished = as_completed(list(futures))
            while not finished.is_empty():
                if self.stopped:
                    return
                if not finished.has_ready():
                    time.sleep(POLL_SECONDS)
                    continue
                for future in finished.next_batch(block=False):
                    yield _outcome(future, futures.pop(future))
        finally:
            if futures:
                client.cancel(list(futures))
            client.close()


def _outcome(future, case: BatchCase) -> CaseRun:
    """A finished future's run; a worker that died or failed is this case's verdict, not the batch's end."""
    try:
        return future.result()
    except Exception as error:
        return CaseRun(case.index, None, "FAIL", f"the worker failed: {type(error).__name__}: {error}", 0.0)
