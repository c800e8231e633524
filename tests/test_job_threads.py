"""A solver's jobs on worker threads (``solvers.job_threads``), on plain functions."""

from __future__ import annotations

import threading
import time

import numpy as np

from solvers.job_threads import JobThreads


def test_a_batch_hands_back_every_result_in_the_jobs_order():
    threads = JobThreads(2, np.zeros(1, dtype=np.uint8))
    assert threads.run_all(lambda x: x * x, [3, 1, 2, 5]) == [9, 1, 4, 25]


def test_jobs_under_way_come_back_as_they_end_and_at_the_deadline_the_rest_are_stopped(monkeypatch):
    monkeypatch.setattr("solvers.base._thread_limit", 2)  # two threads even when pinned to one core
    stop = np.zeros(1, dtype=np.uint8)
    threads = JobThreads(2, stop)
    release = threading.Event()

    def work(job):
        if job == "long":  # as a kernel does: it runs until the stop flag is set
            while not stop[0]:
                time.sleep(0.001)
            return "stopped"
        release.wait()
        return "done"

    threads.start(work, "long")
    assert threads.free()
    threads.start(work, "quick")
    assert not threads.free() and threads.under_way == ("long", "quick")
    release.set()
    (done,) = threads.wait()
    assert (done.job, done.result) == ("quick", "done") and done.seconds >= 0
    assert threads.under_way == ("long",) and not stop[0]
    (done,) = threads.wait(until=time.perf_counter())  # the deadline is now
    assert stop[0] == 1 and (done.job, done.result) == ("long", "stopped")
    assert threads.under_way == () and threads.wait() == [] and threads.stop_all() == []


def test_the_end_of_a_run_stops_every_job_under_way(monkeypatch):
    monkeypatch.setattr("solvers.base._thread_limit", 1)  # the app keeps a core for its window
    stop = np.zeros(1, dtype=np.uint8)
    threads = JobThreads(2, stop)

    def work(job):
        while not stop[0]:
            time.sleep(0.001)
        return job

    threads.start(work, 7)
    assert not threads.free()  # one thread only
    assert [(done.job, done.result) for done in threads.stop_all()] == [(7, 7)] and stop[0] == 1
