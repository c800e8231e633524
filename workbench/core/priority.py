"""The app's workers run below its window (Qt-free).

With every core busy (a 2-core machine: the solver's threads, the rescoring, a batch's workers,
any other program), the window's thread waited tens of ms for a core behind them.

- **A worker process** (the solver's run: ``solvers.job_process``; a Runs-panel batch's pool, the
  live view's child, and the programs they start) runs in the lowest class the system offers:
  Linux ``SCHED_IDLE`` (any normal thread preempts it), Windows ``IDLE_PRIORITY_CLASS``, elsewhere
  nice 19. It has its own GIL, so the window never waits for it.
- **A worker thread of the app's own process** (the hint, the rescoring of the solver's answers,
  a solver job run on a thread) is lowered less: nice 5 on Linux (per thread), the QoS class "utility" on macOS,
  ``THREAD_PRIORITY_BELOW_NORMAL`` on Windows. Such a thread shares the window's GIL: in the
  lowest class, one that held the GIL when another program took the cores barely ran again for
  up to a second, and the window (and Cancel) waited for it; measured with bench.responsiveness
  on a loaded 2-core machine, the window's gaps grew from ~0.1-0.4 s to 0.3-1.8 s and Cancel from
  < 0.1 s to 0.4-4 s. At nice 5 it still yields the core to the window's thread first.

Only the app calls these: ``solve`` and ``batch`` on the command line keep the priority they were
started with. Nothing can undo them (an unprivileged thread cannot raise its priority again), so
each is called on a thread or in a process that is a worker for all its life.
"""

from __future__ import annotations

import os
import sys
import threading

NICEST = 19  # the largest niceness, where the lowest class cannot be had
THREAD_NICENESS = 5  # an in-process worker thread's (see above: it shares the window's GIL)


def lower_this_thread() -> str:
    """Lower the calling thread of the app's process, and the threads and processes it starts from
    now on, below the window; what it got (``"nice 5"``…, ``""``: nothing can be done here)."""
    if sys.platform.startswith("linux"):
        return _linux_nicer(threading.get_native_id(), THREAD_NICENESS)
    if sys.platform == "darwin":
        return _darwin_thread_qos(0x11, "QoS utility")
    if sys.platform == "win32":
        return _windows_thread_priority(-1, "THREAD_PRIORITY_BELOW_NORMAL")
    return ""


def lowered() -> bool:
    """Whether the calling thread runs below the window (known on Linux; elsewhere False)."""
    if not sys.platform.startswith("linux"):
        return False
    tid = threading.get_native_id()
    return os.sched_getscheduler(0) == os.SCHED_IDLE or os.getpriority(os.PRIO_PROCESS, tid) >= THREAD_NICENESS


def lower_this_process() -> str:
    """Schedule the whole calling process (every thread it has, and those it starts) in the lowest
    class: a child process that is a worker from its first line (its parent's thread was not)."""
    if sys.platform.startswith("linux"):
        got = ""
        for task in os.listdir("/proc/self/task"):
            try:
                got = _linux_idle(int(task))
            except ProcessLookupError:  # a thread that ended meanwhile
                continue
        return got
    if sys.platform == "win32":
        return _windows_idle_process()
    _nicest_process()
    got = _darwin_thread_qos(0x09, "QoS background") if sys.platform == "darwin" else ""
    return got or f"nice {NICEST}"


def _linux_idle(tid: int) -> str:
    try:
        os.sched_setscheduler(tid, os.SCHED_IDLE, os.sched_param(0))
        return "SCHED_IDLE"
    except PermissionError:  # a sandbox (seccomp) that refuses scheduling policies
        return _linux_nicer(tid, NICEST)


def _linux_nicer(tid: int, niceness: int) -> str:
    try:
        if os.getpriority(os.PRIO_PROCESS, tid) < niceness:
            os.setpriority(os.PRIO_PROCESS, tid, niceness)  # Linux's niceness is per thread
        return f"nice {niceness}"
    except OSError:
        return ""


def _nicest_process() -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, 0, NICEST)
    except OSError:  # refused: the process goes on at its priority
        pass


def _darwin_thread_qos(qos_class: int, name: str) -> str:
    import ctypes

    try:
        system = ctypes.CDLL("/usr/lib/libSystem.dylib")
        if system.pthread_set_qos_class_self_np(qos_class, 0) == 0:
            return name
    except (OSError, AttributeError):
        pass
    return ""


def _windows_thread_priority(priority: int, name: str) -> str:
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]  # Windows only
    return name if kernel32.SetThreadPriority(kernel32.GetCurrentThread(), priority) else ""


def _windows_idle_process() -> str:
    import ctypes

    IDLE_PRIORITY_CLASS = 0x40
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]  # Windows only
    return "IDLE_PRIORITY_CLASS" if kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), IDLE_PRIORITY_CLASS) else ""
