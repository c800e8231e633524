"""Running a contestant's program with the workbench on the judge's side (``batch --cmd``).

The program is started in a process group of its own so that a time limit or a
stop kills it and everything it started. A watchdog kills the group once the
limit plus a small grace has passed; reads then see the end of the stream, so
the puzzle's ``judge`` never blocks past the limit. What the program writes to
stderr is read by a thread as it comes: its last 64 KB are kept and its
``[DATA] name = value`` lines collected, so nothing is written to disk and
nothing is left behind however much it writes.

While a program runs, a guard (a tiny shell) waits on a pipe that only the
process judging it holds: when that process dies, however it dies and on
whichever machine (a pool worker killed, a Dask worker lost), the pipe ends
and the guard kills the program's group, so no program outlives its judge.
"""

from __future__ import annotations

import io
import math
import os
import re
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from workbench.core.errors import ProtocolError, WorkbenchError

# Past the limit the program gets this long before it is killed (a judge's usual slack).
GRACE_SECONDS = 0.5
STDERR_TAIL_LINES = 40
STDERR_TAIL_BYTES = 64 * 1024
# An answer far larger than any contest allows is cut here instead of filling memory.
MAX_ANSWER_CHARS = 64 * 1024 * 1024
# A watchdog cannot wait longer than the platform's clock allows; no limit comes near this.
LONGEST_WAIT = 7 * 24 * 3600.0


class ProgramEnded(ProtocolError):
    """The program closed its output before the protocol was done."""


class TooMuchOutput(ProtocolError):
    """The program wrote more than any answer needs."""


class ProgramChannel:
    """A running program as a judge sees it (``workbench.core.judge_channel.JudgeChannel``): send it
    lines, read its lines, in contest order."""

    def __init__(self, process: subprocess.Popen, started: float, limit: float):
        self.process = process
        self.writer = io.TextIOWrapper(process.stdin, encoding="utf-8", errors="replace", line_buffering=True,
                                       write_through=True)
        self.reader = io.TextIOWrapper(process.stdout, encoding="utf-8", errors="replace")
        self.started = started
        self.limit = limit
        self.lines_read = 0
        self.input_closed = False  # the program stopped reading: what it writes still counts

    def seconds_left(self) -> float:
        """What remains of the program's time limit (a judge may tell the program)."""
        return max(0.0, self.limit - (time.perf_counter() - self.started))

    def send(self, text: str) -> None:
        """Write to the program. A program that does not read (it needs no input, or stopped) is no
        error here: what it answers decides, when it is read."""
        if self.input_closed:
            return
        try:
            self.writer.write(text)
            self.writer.flush()
        except (BrokenPipeError, ValueError, OSError):
            self.input_closed = True

    def close_input(self) -> None:
        self.input_closed = True
        try:
            self.writer.close()
        except (BrokenPipeError, ValueError, OSError):
            pass

    def read_line(self, what: str) -> str:
        """The program's next line, without its line end; ProtocolError when output ends first."""
        line = self.reader.readline(MAX_ANSWER_CHARS)
        if not line:
            raise ProgramEnded(f"the program's output ended before {what}")
        if len(line) >= MAX_ANSWER_CHARS:
            raise TooMuchOutput(f"the program wrote a line of more than {MAX_ANSWER_CHARS // (1024 * 1024)} MB")
        self.lines_read += 1
        return line.rstrip("\r\n")

    def read_rest(self) -> str:
        """Everything the program writes until it closes its output."""
        text = self.reader.read(MAX_ANSWER_CHARS)
        if self.reader.read(1):
            raise TooMuchOutput(f"the program wrote more than {MAX_ANSWER_CHARS // (1024 * 1024)} MB")
        return text

    def close(self) -> None:
        for stream in (self.writer, self.reader):
            try:
                stream.close()
            except (BrokenPipeError, ValueError, OSError):
                pass


@dataclass
class ProgramOutcome:
    answer: str | None  # what the judge collected (None when nothing usable came)
    verdict: str | None  # "TLE", "RE" or "WA" when decided before scoring; None: score the answer
    message: str
    seconds: float
    stderr_tail: str
    data: dict = field(default_factory=dict)  # what the program reported: "[DATA] name = value" lines


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


# Characters that need a shell: anything else runs directly, so a crash is reported as the signal itself.
SHELL_SYNTAX = set("|&;<>()$`\\\"'*?[]{}~=!#\n")


def program_argv(command: str) -> list[str]:
    """The command's argv: split as the shell would when it is a plain command, else run by /bin/sh."""
    if SHELL_SYNTAX.isdisjoint(command):
        return shlex.split(command)
    return ["/bin/sh", "-c", command]


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _exit_reason(code: int) -> str:
    if code < 0:
        return f"killed by {_signal_name(-code)}"
    if code > 128:  # how a shell reports a program it ran that a signal killed
        return f"exit code {code} ({_signal_name(code - 128)}?)"
    return f"exit code {code}"


# ------------------------------------------------------------------ what the program writes on stderr
# A line "[DATA] name = value" on stderr reports a figure of the program's own (psytester's convention).
DATA_LINE = re.compile(rb"^\[DATA\]\s*([^\s=][^=]*?)\s*=\s*(.*?)\s*$")
MAX_DATA_ITEMS = 64
MAX_DATA_LINE = 4096


def data_value(text: str) -> int | float | str:
    """A reported value as a number when it reads as one (so it sorts and plots), else as text."""
    try:
        number = float(text)
    except ValueError:
        return text[:200]
    if not math.isfinite(number):
        return text[:200]
    return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number


class StderrReader(threading.Thread):
    """Reads a program's stderr as it comes: keeps the last bytes and the "[DATA]" lines."""

    def __init__(self, stream):
        super().__init__(name="stderr", daemon=True)
        self.stream = stream
        self.tail: deque[bytes] = deque()
        self.kept = 0
        self.data: dict = {}
        self.partial = b""

    def run(self) -> None:
        while True:
            chunk = self.stream.read1(65536) if hasattr(self.stream, "read1") else self.stream.read(65536)
            if not chunk:
                break
            self._keep(chunk)
            lines = (self.partial + chunk).split(b"\n")
            self.partial = lines.pop()[-MAX_DATA_LINE:]
            for line in lines:
                self._data(line)
        self._data(self.partial)
        self.stream.close()

    def _keep(self, chunk: bytes) -> None:
        self.tail.append(chunk)
        self.kept += len(chunk)
        while self.kept - len(self.tail[0]) >= STDERR_TAIL_BYTES:
            self.kept -= len(self.tail.popleft())

    def _data(self, line: bytes) -> None:
        if not line.startswith(b"[DATA]"):
            return
        match = DATA_LINE.match(line.rstrip(b"\r"))
        if match is None:
            return
        name = match.group(1).decode("utf-8", errors="replace")[:60]
        if name in self.data or len(self.data) < MAX_DATA_ITEMS:
            self.data[name] = data_value(match.group(2).decode("utf-8", errors="replace"))

    def last_lines(self, lines: int = STDERR_TAIL_LINES) -> str:
        text = b"".join(self.tail)[-STDERR_TAIL_BYTES:].decode("utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])


# ------------------------------------------------------------------ running programs
# The running programs of this process, so a stop (Ctrl+C, SIGTERM) can kill them all.
_RUNNING: set[subprocess.Popen] = set()
_RUNNING_LOCK = threading.Lock()


def kill_running_programs() -> None:
    with _RUNNING_LOCK:
        for process in list(_RUNNING):
            _kill_group(process.pid)


def _guard(group: int) -> subprocess.Popen | None:
    """A shell that kills process group ``group`` when this process dies: its stdin is a pipe only this
    process holds, so the end of it is the death. Killed first when the program ends normally."""
    try:
        return subprocess.Popen(["/bin/sh", "-c", 'read _; kill -9 "-$1" 2>/dev/null', "guard", str(group)],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)  # Ctrl+C in a terminal is the batch's, not the guard's
    except OSError:  # no /bin/sh, no processes left: the batch's own kills remain
        return None


def _dismiss(guard: subprocess.Popen | None) -> None:
    if guard is not None:
        guard.kill()  # before the group is gone: a guard that outlived it could kill a reused group number
        guard.wait()
        guard.stdin.close()


def run_program(talk: Callable[[ProgramChannel], str], command: str, limit: float,
                cwd: str | None = None, env: dict | None = None) -> ProgramOutcome:
    """Start ``command`` (a shell command line), let ``talk`` (a judge) talk to it, and collect the verdict.

    ``talk`` plays the contest's protocol over the channel and returns the answer it collected;
    ``env`` adds variables to the program's environment."""
    started = time.perf_counter()
    try:
        process = subprocess.Popen(program_argv(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, bufsize=0, start_new_session=True, cwd=cwd,
                                   env={**os.environ, **{k: str(v) for k, v in env.items()}} if env else None)
    except (OSError, ValueError) as error:  # no such program, not executable, unbalanced quotes
        return ProgramOutcome(None, "RE", f"cannot start '{command}': {getattr(error, 'strerror', None) or error}",
                              0.0, "")
    guard = _guard(process.pid)
    with _RUNNING_LOCK:
        _RUNNING.add(process)
    stderr = StderrReader(process.stderr)
    stderr.start()
    timed_out = threading.Event()

    def watchdog():
        timed_out.set()
        _kill_group(process.pid)

    timer = threading.Timer(min(limit + GRACE_SECONDS, LONGEST_WAIT), watchdog)
    timer.daemon = True
    timer.start()
    channel = ProgramChannel(process, started, limit)
    answer, verdict, message, ended = None, None, "", False
    try:
        answer = talk(channel)
    except ProgramEnded as error:
        verdict, message, ended = "WA", f"protocol error: {error}", True
    except ProtocolError as error:
        verdict, message = "WA", f"protocol error: {error}"
        _kill_group(process.pid)  # the protocol is broken: nothing it does now can count
    except WorkbenchError as error:  # the judge found an invalid move mid-game
        verdict, message = "WA", str(error)
        _kill_group(process.pid)
    finally:
        channel.close()
        process.wait()
        seconds = time.perf_counter() - started
        timer.cancel()
        _dismiss(guard)
        _kill_group(process.pid)  # whatever the program left running
        stderr.join()
        with _RUNNING_LOCK:
            _RUNNING.discard(process)
    if timed_out.is_set():
        verdict, message = "TLE", f"still running after {limit:g} s (+{GRACE_SECONDS:g} s grace): killed"
    elif (verdict is None or ended) and process.returncode != 0:
        # A crash explains output that ended early; a bad line the program wrote does not.
        verdict, message = "RE", _exit_reason(process.returncode)
        said = [line.strip() for line in stderr.last_lines().splitlines() if line.strip()]
        if said:  # what the program said last (a traceback's last line names the exception)
            message += f"; stderr: {said[-1][:200]}"
    return ProgramOutcome(answer, verdict, message, seconds, stderr.last_lines(), stderr.data)
