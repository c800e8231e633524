"""The app's workers run below its window (workbench.core.priority): on Linux a worker process in
SCHED_IDLE (what it starts inherits it), a worker thread of the app's own process at nice 5 (it shares
the window's GIL: in SCHED_IDLE it starved holding it); the caller keeps its own."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from workbench.core.priority import lower_this_thread

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="SCHED_IDLE is Linux's")


def nice_of_this_thread() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def test_a_lowered_thread_and_the_threads_it_starts_run_at_nice_5_and_the_others_keep_theirs():
    seen = {}

    def started_by_it():
        seen["child"] = nice_of_this_thread()

    def worker():
        seen["got"] = lower_this_thread()
        seen["worker"] = (os.sched_getscheduler(threading.get_native_id()), nice_of_this_thread())
        child = threading.Thread(target=started_by_it)
        child.start()
        child.join()

    caller = nice_of_this_thread()
    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    # Not SCHED_IDLE: a thread that shares the window's GIL must not starve while it holds it.
    assert seen == {"got": "nice 5", "worker": (os.SCHED_OTHER, max(5, caller)), "child": max(5, caller)}
    assert nice_of_this_thread() == caller
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


def test_where_the_lowest_class_is_refused_a_process_gets_the_largest_niceness(monkeypatch):
    def refused(*args):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "sched_setscheduler", refused)
    from workbench.core import priority

    seen = {}

    def worker():
        seen["got"] = priority._linux_idle(threading.get_native_id())
        seen["nice"] = nice_of_this_thread()

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == {"got": "nice 19", "nice": 19}
    assert nice_of_this_thread() != 19


def test_a_solvers_task_threads_run_at_the_priority_of_the_thread_that_asks_for_them():
    """A lowered solver's kernels never run on threads a normal one (a hint, the command line) made."""
    import numpy as np

    from solvers.task_threads import TaskThreads

    def classes():
        jobs = TaskThreads(2, np.zeros(1, dtype=np.uint8))
        return jobs.run_all(lambda job: nice_of_this_thread(), [0, 1, 2])

    caller = nice_of_this_thread()
    normal = classes()
    seen = {}

    def worker():
        lower_this_thread()
        seen["lowered"] = classes()

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert normal == [caller] * 3
    assert seen["lowered"] == [max(5, caller)] * 3
    assert classes() == [caller] * 3


@pytest.mark.parametrize("background", [True, False])
def test_an_app_batch_lowers_its_workers_itself_and_a_command_line_batch_does_not(tmp_path, monkeypatch, background):
    """The workers lower themselves (on macOS and Windows they do not inherit the app's lowered
    thread); here they are started from a normal thread, so only ``background`` lowers them."""
    from workbench.batch.batch_run import BatchRun
    from workbench.cli.batch import make_spec

    monkeypatch.chdir(tmp_path)
    seen = tmp_path / "class.txt"
    program = tmp_path / "tell.py"
    program.write_text(
        f"import os, sys\nsys.stdin.read()\nopen({str(seen)!r}, 'w').write(str(os.sched_getscheduler(0)))\nprint(0)\n"
    )
    spec = make_spec(
        [
            "comesolo",
            "--seeds",
            "1",
            "--size",
            "6",
            "--cmd",
            f"{sys.executable} {program}",
            "--jobs",
            "1",
            "--out",
            "runs/one",
        ]
    )
    BatchRun(spec, background=background).run()
    assert seen.read_text() == str(os.SCHED_IDLE if background else os.SCHED_OTHER)
    assert os.sched_getscheduler(threading.get_native_id()) == os.SCHED_OTHER
