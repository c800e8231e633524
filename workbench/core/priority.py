"""The app's workers run below its window: the lowest scheduling class the system offers (Qt-free).

With every core busy (a 2-core machine: the solver's threads, the rescoring, a batch's workers,
any other program), the window's thread waited tens of ms for a core behind them, even with the
workers at +5 niceness: Linux still gives a nice-5 thread a large share. A worker in the lowest
class gets a core only when no normal thread wants it, so the window's gaps are its own.

- Linux: ``SCHED_IDLE``, per thread (Linux schedules threads; pid 0 is the calling thread), which
  any normal thread preempts; threads and processes started afterwards by that thread inherit it,
  across ``exec`` too. Where a sandbox refuses it: nice 19, also per thread.
- macOS: the thread's QoS class "background"; a whole process also gets nice 19.
- Windows: the thread's ``THREAD_PRIORITY_IDLE``; a whole process ``IDLE_PRIORITY_CLASS``.
- Elsewhere: nice 19 for a whole process; a thread is left as it is.

Only the app calls these: ``solve`` and ``batch`` on the command line keep the priority they were
started with. Nothing can undo them (an unprivileged thread cannot leave SCHED_IDLE), so each is
called on a thread or in a process that is a worker for all its life.
"""

from __future__ import annotations

import os
import sys
import threading

NICEST = 19  # the largest niceness, where the lowest class cannot be had


def lower_this_thread() -> str:
    """Schedule the calling thread, and the threads and processes it starts from now on, in the
    lowest class; what it got (``"SCHED_IDLE"``, ``"nice 19"``…, ``""``: nothing can be done here)."""
    if sys.platform.startswith("linux"):
        return _linux_idle(threading.get_native_id())
    if sys.platform == "darwin":
        return _darwin_background_thread()
    if sys.platform == "win32":
        return _windows_idle_thread()
    return ""


def lowered() -> bool:
    """Whether the calling thread is in the lowest class (known on Linux; elsewhere False)."""
    return sys.platform.startswith("linux") and os.sched_getscheduler(0) == os.SCHED_IDLE


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
    got = _darwin_background_thread() if sys.platform == "darwin" else ""
    return got or f"nice {NICEST}"


def _linux_idle(tid: int) -> str:
    try:
        os.sched_setscheduler(tid, os.SCHED_IDLE, os.sched_param(0))
        return "SCHED_IDLE"
    except PermissionError:  # a sandbox (seccomp) that refuses scheduling policies
        try:
            os.setpriority(os.PRIO_PROCESS, tid, NICEST)  # Linux's niceness is per thread too
            return f"nice {NICEST}"
        except OSError:
            return ""


def _nicest_process() -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, 0, NICEST)
    except OSError:  # refused: the process goes on at its priority
        pass


def _darwin_background_thread() -> str:
    import ctypes

    QOS_CLASS_BACKGROUND = 0x09
    try:
        system = ctypes.CDLL("/usr/lib/libSystem.dylib")
        if system.pthread_set_qos_class_self_np(QOS_CLASS_BACKGROUND, 0) == 0:
            return "QoS background"
    except (OSError, AttributeError):
        pass
    return ""


def _windows_idle_thread() -> str:
    import ctypes

    THREAD_PRIORITY_IDLE = -15
    kernel32 = ctypes.windll.kernel32
    return "THREAD_PRIORITY_IDLE" if kernel32.SetThreadPriority(kernel32.GetCurrentThread(),
                                                                THREAD_PRIORITY_IDLE) else ""


def _windows_idle_process() -> str:
    import ctypes

    IDLE_PRIORITY_CLASS = 0x40
    kernel32 = ctypes.windll.kernel32
    return "IDLE_PRIORITY_CLASS" if kernel32.SetPriorityClass(kernel32.GetCurrentProcess(),
                                                              IDLE_PRIORITY_CLASS) else ""
