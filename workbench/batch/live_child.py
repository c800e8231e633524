"""One case watched live, run in a child process: the view's process only reads a pipe.

``LiveCase`` runs the program's pipe readers and the snapshot scorer (the engine, in Python) on
threads; in the app's process they took the GIL from the GUI thread often enough for a 5 ms
heartbeat to miss by up to 150 ms. ``ChildLiveCase`` runs the same ``LiveCase`` in a spawned child
process that sends what is new over a pipe at most ``SEND_SECONDS`` apart; the view's timer calls
``take``, which reads what is waiting without blocking. Same interface as ``LiveCase`` (``start``,
``take``, ``finished``, ``result``, ``error``, ``cancelled``, ``bad_lines``, ``elapsed``, ``cancel``).
Cancel kills the program's process group from this process at once (the child told its pid), and
tells the child, which then ends the case as ``LiveCase`` does. Qt-free.
"""

from __future__ import annotations

import multiprocessing
import threading
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from workbench.core.priority import lower_this_process

from .live_case import LiveCase
from .processes import kill_group

SEND_SECONDS = 0.03  # the child batches what is new: one message per 30 ms, not one per line
CANCEL_WAIT_SECONDS = 5.0  # after Cancel, the child's time to end the case before it is killed
EXIT_WAIT_SECONDS = 2.0  # after the end message, how long the child is given to exit before it is killed


def _child(
    connection: Connection,
    problem: Any,
    case: Any,
    command: str,
    seconds: float,
    cwd: str | None,
    time_by: str,
    answers_dir: str | None,
) -> None:
    """The child's side: the case, and what is new sent every SEND_SECONDS until it has ended (the
    snapshots drawn here, their texts let go: a long answer never crosses the pipe)."""
    # The app's worker: the child, its readers and scoring, and the program (which inherits it) get
    # a core only when the window's thread does not want one.
    lower_this_process()
    live = LiveCase(problem, case, command, seconds, cwd=cwd, time_by=time_by, answers_dir=answers_dir)
    live.start()
    try:
        while True:
            ended = live.finished.wait(SEND_SECONDS)
            while connection.poll():  # the parent's only message: cancel
                connection.recv()
                live.cancel()
            process = live.recorder.process
            pid = process.pid if process is not None else None
            series, snapshots = live.take()
            connection.send(("new", series, snapshots, pid, live.elapsed()))
            if ended:
                connection.send(
                    ("end", live.result, live.error, live.cancelled, live.recorder.trace.bad_lines, live.elapsed())
                )
                return
    except (BrokenPipeError, EOFError, OSError):  # the view went away: the program goes too
        live.cancel()
    finally:
        connection.close()


class ChildLiveCase:
    """``LiveCase`` in a child process; this side never blocks (``take`` reads what has arrived)."""

    def __init__(
        self,
        problem: Any,
        case: Any,
        command: str,
        seconds: float,
        cwd: str | None = None,
        time_by: str = "wall",
        answers_dir: str | None = None,
    ) -> None:
        self.problem, self.case = problem, case
        self._arguments = (problem, case, command, seconds, cwd, time_by, answers_dir)
        self.result = None
        self.error = ""
        self.cancelled = False
        self.bad_lines = 0
        self.finished = threading.Event()
        self._connection: Connection | None = None
        self._process: BaseProcess | None = None
        self._program_pid: int | None = None
        self._elapsed = 0.0  # the child's clock (from the program's start), as last told

    def start(self) -> ChildLiveCase:
        context = multiprocessing.get_context("spawn")  # no fork of a process with Qt's threads
        ours, theirs = context.Pipe()
        self._process = context.Process(
            target=_child, args=(theirs, *self._arguments), name="wb-live-case", daemon=True
        )
        try:
            self._process.start()
        except Exception as error:  # e.g. a case that cannot be pickled, or no process to be had
            self.error = f"the case could not run: its process did not start: {type(error).__name__}: {error}"
            self._process = None
            ours.close()
            self.finished.set()
            return self
        finally:
            theirs.close()
        self._connection = ours
        return self

    def take(self) -> tuple[list[Any], list[Any]]:
        """The [SCORE] points and scored snapshots that arrived since the last call."""
        series: list[Any] = []
        snapshots: list[Any] = []
        connection = self._connection
        if connection is None or self.finished.is_set():
            return series, snapshots
        try:
            while connection.poll():
                message = connection.recv()
                if message[0] == "new":
                    _, new_series, new_snapshots, pid, self._elapsed = message
                    series.extend(new_series)
                    snapshots.extend(new_snapshots)
                    self._program_pid = pid
                else:
                    _, self.result, error, cancelled, self.bad_lines, self._elapsed = message
                    self.error = self.error or error
                    self.cancelled = self.cancelled or cancelled
                    self._end()
                    break
        except (EOFError, OSError):  # the child died without its end message
            if self._process is not None:
                self._process.join(0.2)  # its pipe closed as it died: reaped at once
            code = self._process.exitcode if self._process is not None else None
            self.error = self.error or f"the live run's process ended unexpectedly (exit code {code})"
            self._kill_program()
            self._end()
        return series, snapshots

    def _end(self) -> None:
        self._program_pid = None
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        process = self._process
        if process is not None:
            # Reaped off the GUI thread: a child slow to exit must not hold the view.
            threading.Thread(target=_reap, args=(process,), name="wb-live-reap", daemon=True).start()
        self.finished.set()

    def elapsed(self) -> float:
        return self._elapsed

    @property
    def program_pid(self) -> int | None:
        """The running program's pid, once the child has said it (None before and after)."""
        return self._program_pid

    @property
    def process(self) -> BaseProcess | None:
        """The child process (None when it could not start)."""
        return self._process

    def _kill_program(self) -> None:
        if self._program_pid is not None:
            kill_group(self._program_pid)

    def cancel(self) -> None:
        """Kill the program's process group now; the child then ends the case (Cancelled)."""
        if self.finished.is_set():
            return
        self.cancelled = True
        self._kill_program()
        try:
            if self._connection is not None:
                self._connection.send("cancel")  # killed before it started, or before its pid came
        except (BrokenPipeError, OSError):
            pass
        # A view closed at once reads no more: a child left blocked on a full pipe is killed.
        threading.Thread(target=self._end_child_soon, name="wb-live-cancel", daemon=True).start()

    def _end_child_soon(self) -> None:
        if not self.finished.wait(CANCEL_WAIT_SECONDS) and self._process is not None and self._process.is_alive():
            self._process.kill()


def _reap(process: Any) -> None:
    process.join(EXIT_WAIT_SECONDS)
    if process.is_alive():
        process.kill()
        process.join()
