"""Every process a batch starts: the user's program and the contest's tools (gen, vis, tester, build).

Each one runs in a process group of its own, so a time limit, a stop or the end of the process
judging it kills it with everything it started. Three promises hold whatever the process does:

- **Nothing outlives its judge.** The processes running in this process are listed, so a stop
  (Ctrl+C, SIGTERM) kills them all; and one small *reaper* process per judging process (not one
  per case) holds a pipe only the judge writes: when the judge dies, however it dies (a pool
  worker killed, a Dask worker lost), the pipe ends and the reaper kills every group still
  listed.
- **A case ends on time.** The end of a process is seen by ``os.wait4`` (which also gives its
  CPU time), not by the end of its output: a descendant that left the group (``setsid``) and
  holds the pipes open cannot keep a case waiting past the process's exit (``Output``).
- **Output is read with a cap while it streams.** A tool that prints gigabytes costs the last
  few megabytes of memory, not all of it (``TailReader``).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import queue
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .process_tree import ProcessTree, proc_times

# A tool (a score or view step) that runs longer than this is stuck (an official vis takes milliseconds).
TOOL_SECONDS = 60.0
TOOL_OUTPUT_CHARS = 4 * 1024 * 1024  # of each of a tool's streams, the last this many bytes are kept
# Once a process has exited, its pipes are read while data keeps coming this fast; a pipe quiet
# for longer is at its end (a descendant may hold it open for ever).
DRAIN_SECONDS = 0.05
POLL_SECONDS = 0.05


# Characters that need a shell: anything else runs directly, so a crash is reported as the signal itself.
SHELL_SYNTAX = set("|&;<>()$`\\\"'*?[]{}~=!#\n")


def program_argv(command: str) -> list[str]:
    """The command's argv: split as the shell would when it is a plain command, else run by /bin/sh."""
    return list(_split(command))  # a copy: the caller may change it


@functools.lru_cache(maxsize=64)  # a run splits the same two or three commands at every case
def _split(command: str) -> tuple[str, ...]:
    if SHELL_SYNTAX.isdisjoint(command):
        return tuple(shlex.split(command))
    return ("/bin/sh", "-c", command)


def kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


# ------------------------------------------------------------------ the reaper
REAPER = r"""
import os, signal, sys
groups = set()
for line in sys.stdin:
    op, _, group = line.strip().partition(" ")
    if group.isdigit():
        (groups.add if op == "+" else groups.discard)(int(group))
for group in groups:
    try:
        os.killpg(group, signal.SIGKILL)
    except OSError:
        pass
"""


class Reaper:
    """The one process that kills this process's running groups once this process is gone."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[Any] | None = None
        self._owner = 0  # the pid that started it: a forked child needs a reaper of its own

    def _pipe(self) -> IO[bytes] | None:
        if self._process is None or self._owner != os.getpid() or self._process.poll() is not None:
            self._owner = os.getpid()
            try:
                # A session of its own: Ctrl+C in a terminal is the batch's, never the reaper's.
                self._process = subprocess.Popen(
                    [sys.executable, "-I", "-S", "-c", REAPER],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                    close_fds=True,
                )
            except OSError:  # no processes left: the stops of this process remain
                self._process = None
        return None if self._process is None else self._process.stdin

    def tell(self, op: str, group: int) -> None:
        with self._lock:
            pipe = self._pipe()
            if pipe is None:
                return
            try:
                pipe.write(f"{op} {group}\n".encode())
                pipe.flush()
            except (BrokenPipeError, OSError, ValueError):
                self._process = None


_REAPER = Reaper()
_RUNNING: set[int] = set()  # process groups started by this process and not yet ended
_RUNNING_LOCK = threading.Lock()
# A Dask worker runs cases of several batches at once: a stopped batch's programs are found by the
# run each thread's cases belong to (``for_run``), so that only they are killed (``stop_run``).
_RUN = threading.local()
_RUN_OF: dict[int, str] = {}  # process group -> the run it was started for
_STOPPED_RUNS: set[str] = set()


def kill_running() -> None:
    """Kill every process group this process started that is still running (a stop, or the exit)."""
    with _RUNNING_LOCK:
        for group in list(_RUNNING):
            kill_group(group)


atexit.register(kill_running)  # an exit however it comes (SystemExit, the end of main) leaves none behind


class Process(subprocess.Popen[bytes]):
    """A process ``start`` started: with the tree that counts its CPU time (None: not counted)."""

    tree: ProcessTree | None = None


def pipe(stream: IO[bytes] | None) -> IO[bytes]:
    """One of a started process's pipes (``start`` opens all three unless told otherwise)."""
    if stream is None:
        raise ValueError("the process was started without this pipe")
    return stream


def start(
    argv: list[str],
    cwd: str | Path | None = None,
    env: dict[str, Any] | None = None,
    stdin: Any = subprocess.PIPE,
    stdout: Any = subprocess.PIPE,
    stderr: Any = subprocess.PIPE,
    tree: ProcessTree | None = None,
) -> Process:
    """Start ``argv`` in a process group of its own, listed for stops and the reaper; ``tree`` counts
    the CPU time of all it becomes (``process_tree``). OSError or ValueError when it cannot start
    (no such program, bad arguments, or its batch was stopped)."""
    run = getattr(_RUN, "id", None)
    try:
        if run in _STOPPED_RUNS:
            raise OSError(f"the batch {run} was stopped")
        process = Process(
            argv, stdin=stdin, stdout=stdout, stderr=stderr, bufsize=0, cwd=cwd, env=env, start_new_session=True
        )
    except BaseException:
        if tree is not None:
            tree.abandon()
        raise
    process.tree = tree
    if tree is not None:
        tree.attach(process.pid)
    with _RUNNING_LOCK:
        _RUNNING.add(process.pid)
        if run is not None:
            _RUN_OF[process.pid] = run
        stopped = run in _STOPPED_RUNS  # stopped while it started: it ends with the others
    _REAPER.tell("+", process.pid)
    if stopped:
        kill_group(process.pid)
    return process


def end(process: subprocess.Popen[Any]) -> None:
    """Kill whatever is left of ``process``'s group (and of its tree) and take it off the lists."""
    kill_group(process.pid)
    tree = getattr(process, "tree", None)
    if tree is not None:
        tree.close()
    with _RUNNING_LOCK:
        _RUNNING.discard(process.pid)
        _RUN_OF.pop(process.pid, None)
    _REAPER.tell("-", process.pid)


@contextlib.contextmanager
def for_run(run: str | None) -> Iterator[None]:
    """The processes this thread starts meanwhile are ``run``'s (a Dask task of that batch)."""
    _RUN.id = run
    try:
        yield
    finally:
        _RUN.id = None


def run_stopped(run: str | None) -> bool:
    return run in _STOPPED_RUNS


def stop_run(run: str) -> int:
    """Kill the programs and tools running for ``run`` in this process, and start none for it again
    (its cases still waiting end at once); how many groups were killed. Run on every Dask worker
    by a batch that stops: a cancelled task's thread would otherwise run its program to the end."""
    with _RUNNING_LOCK:
        _STOPPED_RUNS.add(run)
        groups = [group for group, of in _RUN_OF.items() if of == run]
    for group in groups:
        kill_group(group)
    return len(groups)


# ------------------------------------------------------------------ helpers on reused threads
class Helper:
    """Work beside a running process (waiting for it, reading a pipe, a watchdog), on a thread kept for
    the life of this process and reused: a thread made and ended per case cost more than the fast
    programs it served (each thread's end hands its stack back to the system). The threads are
    daemons, so a helper still waiting never holds up the end of the process."""

    _idle: queue.SimpleQueue[Any] = queue.SimpleQueue()  # the work for the threads waiting
    _waiting = 0  # threads waiting for work
    _lock = threading.Lock()

    def __init__(self, name: str = ""):
        self.name = name
        self._done = threading.Event()
        self._error: BaseException | None = None

    def run(self) -> None:
        raise NotImplementedError

    def _work(self) -> None:
        try:
            self.run()
        except BaseException as error:  # kept for join(), as a thread's would be lost
            self._error = error
        finally:
            self._done.set()

    def start(self) -> None:
        with Helper._lock:
            spare = Helper._waiting > 0
            if spare:
                Helper._waiting -= 1
        if not spare:
            threading.Thread(target=Helper._serve, name="wb-helper", daemon=True).start()
        Helper._idle.put(self)

    @staticmethod
    def _serve() -> None:
        while True:
            helper = Helper._idle.get()
            helper._work()
            with Helper._lock:
                Helper._waiting += 1

    def join(self, timeout: float | None = None) -> None:
        self._done.wait(timeout)
        if self._error is not None:
            raise self._error


# ------------------------------------------------------------------ the end of a process
@dataclass
class Exit:
    returncode: int
    seconds: float  # wall time from the start to the exit
    cpu_seconds: float  # user + system time of the process and of every descendant it waited for
    own_cpu_seconds: float | None = None  # of the process alone (None: not known)


class ExitWatch(Helper):
    """Waits for ``process`` with ``os.wait4``: its exit code, wall time and CPU time."""

    def __init__(self, process: subprocess.Popen[Any], started: float):
        super().__init__(f"wait {process.pid}")
        self.process = process
        self.started = started
        self.exited = threading.Event()
        self.result: Exit | None = None

    @property
    def ended(self) -> Exit:
        """How the process ended, once ``exited`` is set."""
        if self.result is None:
            raise RuntimeError(f"process {self.process.pid} has not been seen to exit")
        return self.result

    def run(self) -> None:
        own = None
        try:
            # Its exit seen first without reaping it: its own CPU time is still in /proc (a tester's,
            # kept apart from the program's).
            os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOWAIT)
            times = proc_times(self.process.pid)
            own = times[0] if times else None
        except (ChildProcessError, OSError):
            pass
        try:
            _, status, usage = os.wait4(self.process.pid, 0)
            code = os.waitstatus_to_exitcode(status)
            cpu = usage.ru_utime + usage.ru_stime
        except ChildProcessError:  # reaped elsewhere: no figures to give
            code, cpu = self.process.returncode if self.process.returncode is not None else -9, 0.0
        self.process.returncode = code  # so Popen never waits for it again
        self.result = Exit(code, time.perf_counter() - self.started, cpu, own)
        self.exited.set()


# ------------------------------------------------------------------ reading pipes
class Output:
    """A pipe from a process, read in chunks, ending at the pipe's end or once the process has
    exited and the pipe stays quiet (``DRAIN_SECONDS``), or when ``stopped`` is set."""

    def __init__(
        self, stream: IO[bytes], exited: threading.Event | None = None, stopped: threading.Event | None = None
    ) -> None:
        self.stream = stream
        self.fd = stream.fileno()
        self.exited = exited
        self.stopped = stopped
        self.ended = False

    def chunk(self, size: int = 65536) -> bytes:
        """The next bytes (b"" at the end)."""
        if self.ended:
            return b""
        quiet_since = None
        while True:
            if self.stopped is not None and self.stopped.is_set():
                break
            ready, _, _ = select.select([self.fd], [], [], POLL_SECONDS if self.exited is not None else None)
            if ready:
                try:
                    data = os.read(self.fd, size)
                except OSError:
                    data = b""
                if data:
                    return data
                break
            if self.exited is not None and self.exited.is_set():
                quiet_since = quiet_since or time.monotonic()
                if time.monotonic() - quiet_since >= DRAIN_SECONDS:
                    break
        self.ended = True
        return b""


class TailReader(Helper):
    """Reads a pipe as it comes and keeps its last ``keep`` bytes; ``on_line`` sees each complete
    line (at most ``line_limit`` bytes of it) as it arrives."""

    def __init__(
        self, output: Output, keep: int, on_line: Callable[[bytes], None] | None = None, line_limit: int = 4096
    ):
        super().__init__("tail")
        self.output = output
        self.keep = keep
        self.on_line = on_line
        self.line_limit = line_limit
        self.tail: deque[bytes] = deque()
        self.kept = 0
        self.total = 0
        self.partial = b""

    def run(self) -> None:
        while True:
            data = self.output.chunk()
            if not data:
                break
            self.total += len(data)
            self.tail.append(data)
            self.kept += len(data)
            while self.kept - len(self.tail[0]) >= self.keep:
                self.kept -= len(self.tail.popleft())
            if self.on_line is not None:
                lines = (self.partial + data).split(b"\n")
                self.partial = lines.pop()[-self.line_limit :]
                for line in lines:
                    self.on_line(line[: self.line_limit])
        if self.on_line is not None and self.partial:
            self.on_line(self.partial)

    def text(self) -> str:
        return b"".join(self.tail)[-self.keep :].decode("utf-8", errors="replace")


# ------------------------------------------------------------------ running a tool
@dataclass
class ToolOutput:
    stdout: str
    stderr: str
    returncode: int | None  # None: killed at the timeout
    command: str

    def lines(self) -> list[str]:
        return [line for line in (self.stdout + "\n" + self.stderr).splitlines() if line.strip()]

    def failure(self, said_last: bool = True) -> str:
        """Why the tool failed, in one line: its exit and (``said_last``) the last thing it said."""
        said = self.lines() if said_last else []
        tail = f": {said[-1].strip()[:200]}" if said else ""
        if self.returncode is None:
            return f"'{self.command}' ran past its time and was stopped{tail}"
        return f"'{self.command}' exited with code {self.returncode}{tail}"


def run_tool(command: str, cwd: Path, timeout: float = TOOL_SECONDS, stdin: str = "") -> ToolOutput:
    """Run one of the contest's tools through the shell, in a process group of its own. It ends at
    its exit (what it left running is killed then) or at ``timeout``; its output is kept to the last
    TOOL_OUTPUT_CHARS bytes of each stream while it streams."""
    started = time.perf_counter()
    try:
        process = start(program_argv(command), cwd=cwd)  # a plain command without a shell in between
    except (OSError, ValueError) as error:  # as a shell would say it: no such program, code 127
        return ToolOutput("", f"cannot run '{command}': {getattr(error, 'strerror', None) or error}", 127, command)
    waiting = ExitWatch(process, started)
    waiting.start()
    timed_out = threading.Event()
    readers = [
        TailReader(Output(pipe(stream), waiting.exited, timed_out), TOOL_OUTPUT_CHARS)
        for stream in (process.stdout, process.stderr)
    ]
    try:
        for reader in readers:
            reader.start()
        _feed(process, stdin)
        if not waiting.exited.wait(timeout):
            timed_out.set()
            kill_group(process.pid)
            waiting.exited.wait()
        for reader in readers:
            reader.join()
    finally:
        end(process)  # whatever it left running (also on Ctrl+C or a stop while it runs)
        for stream in (process.stdout, process.stderr):
            pipe(stream).close()
    code = None if timed_out.is_set() else waiting.ended.returncode
    return ToolOutput(readers[0].text(), readers[1].text(), code, command)


def _feed(process: subprocess.Popen[Any], text: str) -> None:
    """Give the tool its stdin and close it (a tool that reads none may have closed it already)."""
    try:
        if text:
            pipe(process.stdin).write(text.encode())
        pipe(process.stdin).close()
    except (BrokenPipeError, OSError):
        pass
