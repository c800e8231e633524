"""A solver's tasks on worker threads (``solvers.task_threads``), on plain functions."""

from __future__ import annotations

import threading
import time

import numpy as np

from solvers.task_threads import TaskThreads


def test_a_batch_hands_back_every_result_in_the_tasks_order():
    threads = TaskThreads(2, np.zeros(1, dtype=np.uint8))
    assert threads.run_all(lambda x: x * x, [3, 1, 2, 5]) == [9, 1, 4, 25]


def test_tasks_under_way_come_back_as_they_end_and_at_the_deadline_the_rest_are_stopped(monkeypatch):
    monkeypatch.setattr("solvers.base._thread_limit", 2)  # two threads even when pinned to one core
    stop = np.zeros(1, dtype=np.uint8)
    threads = TaskThreads(2, stop)
    release = threading.Event()

    def work(task):
        if task == "long":  # as a kernel does: it runs until the stop flag is set
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
    assert (done.task, done.result) == ("quick", "done") and done.seconds >= 0
    assert threads.under_way == ("long",) and not stop[0]
    (done,) = threads.wait(until=time.perf_counter())  # the deadline is now
    assert stop[0] == 1 and (done.task, done.result) == ("long", "stopped")
    assert threads.under_way == () and threads.wait() == [] and threads.stop_all() == []


def test_the_end_of_a_run_stops_every_task_under_way(monkeypatch):
    monkeypatch.setattr("solvers.base._thread_limit", 1)  # the app keeps a core for its window
    stop = np.zeros(1, dtype=np.uint8)
    threads = TaskThreads(2, stop)

    def work(task):
        while not stop[0]:
            time.sleep(0.001)
        return task

    threads.start(work, 7)
    assert not threads.free()  # one thread only
    assert [(done.task, done.result) for done in threads.stop_all()] == [(7, 7)] and stop[0] == 1
