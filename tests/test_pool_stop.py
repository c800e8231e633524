"""A local batch stops its pool of workers only once every worker is up (``batch_run._stop_pool``):
pebble closes the pool's pipe, unlinking its lock, before it kills the workers, and a worker that
was still starting then printed a traceback (FileNotFoundError in spawn_main) into a short run's
output."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

from pebble import ProcessPool

from workbench.batch.batch_run import _stop_pool


def start_second_late(folder: str, started) -> None:
    """A pool worker's start: the second worker to start takes a second longer than the first."""
    try:
        os.close(os.open(os.path.join(folder, "first"), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        time.sleep(1.0)
    Path(folder, f"up-{os.getpid()}").touch()
    started.release()


def test_a_pool_whose_work_ended_before_a_worker_was_up_waits_for_it_before_stopping(tmp_path):
    spawn = multiprocessing.get_context("spawn")
    started = spawn.Semaphore(0)
    pool = ProcessPool(max_workers=2, initializer=start_second_late, initargs=(str(tmp_path), started), context=spawn)
    assert pool.schedule(os.getpid).result(timeout=60) > 0  # done by the first worker, the second not up
    assert len(list(tmp_path.glob("up-*"))) == 1
    _stop_pool(pool, started, 2)
    assert len(list(tmp_path.glob("up-*"))) == 2
