"""The app's workers run in the lowest scheduling class (workbench.core.priority): on Linux SCHED_IDLE,
a thread's own (what it starts inherits it), a whole process's in a child; the caller keeps its own."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from workbench.core.priority import lower_this_process, lower_this_thread

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="SCHED_IDLE is Linux's")


def test_a_lowered_thread_and_the_threads_it_starts_run_in_sched_idle_and_the_others_keep_theirs():
    seen = {}

    def started_by_it():
        seen["child"] = os.sched_getscheduler(threading.get_native_id())

    def worker():
        seen["got"] = lower_this_thread()
        seen["worker"] = os.sched_getscheduler(threading.get_native_id())
        child = threading.Thread(target=started_by_it)
        child.start()
        child.join()

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == {"got": "SCHED_IDLE", "worker": os.SCHED_IDLE, "child": os.SCHED_IDLE}
    assert os.sched_getscheduler(threading.get_native_id()) == os.SCHED_OTHER
    assert os.sched_getscheduler(os.getpid()) == os.SCHED_OTHER


CHILD = """
import os, subprocess, sys, threading
from workbench.core.priority import lower_this_process
waiting = threading.Event()
before = threading.Thread(target=waiting.wait)  # a thread the process had before it was lowered
before.start()
got = lower_this_process()
program = subprocess.run([sys.executable, "-c", "import os; print(os.sched_getscheduler(0))"],
                         capture_output=True, text=True).stdout.strip()
print(got, os.sched_getscheduler(0), os.sched_getscheduler(before.native_id), program)
waiting.set()
"""


def test_a_lowered_process_runs_every_thread_and_the_programs_it_starts_in_sched_idle():
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, check=True)
    idle = os.SCHED_IDLE
    assert out.stdout.split() == ["SCHED_IDLE", str(idle), str(idle), str(idle)]
    assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the parent's is its own


def test_where_the_lowest_class_is_refused_the_thread_gets_the_largest_niceness(monkeypatch):
    def refused(*args):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "sched_setscheduler", refused)
    seen = {}

    def worker():
        seen["got"] = lower_this_thread()
        seen["nice"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == {"got": "nice 19", "nice": 19}
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) != 19


def test_a_solvers_job_threads_run_at_the_priority_of_the_thread_that_asks_for_them():
    """A lowered solver's kernels never run on threads a normal one (a hint, the command line) made."""
    import numpy as np

    from solvers.job_threads import JobThreads

    def classes():
        jobs = JobThreads(2, np.zeros(1, dtype=np.uint8))
        return jobs.run_all(lambda job: os.sched_getscheduler(threading.get_native_id()), [0, 1, 2])

    normal = classes()
    seen = {}

    def worker():
        lower_this_thread()
        seen["lowered"] = classes()

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert normal == [os.SCHED_OTHER] * 3
    assert seen["lowered"] == [os.SCHED_IDLE] * 3
    assert classes() == [os.SCHED_OTHER] * 3
