"""Running a contestant's program with the workbench on the judge's side (``batch --cmd``).

The program is started in a process group of its own so that a time limit or a
stop kills it and everything it started. A watchdog kills the group once the
limit plus a small grace has passed; reads then see the end of the stream, so
the puzzle's ``judge`` never blocks past the limit. What the program writes to
stderr goes to a file, of which the last lines are kept.
"""

from __future__ import annotations

import math
import os
import re
import shlex
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from workbench.core.errors import ProtocolError, WorkbenchError

# Past the limit the program gets this long before it is killed (a judge's usual slack).
GRACE_SECONDS = 0.5
STDERR_TAIL_LINES = 40
# An answer far larger than any contest allows is cut here instead of filling memory.
MAX_ANSWER_CHARS = 64 * 1024 * 1024


class ProgramEnded(ProtocolError):
    """The program closed its output or stopped reading before the protocol was done."""


class ProgramChannel:
    """A running program as a judge sees it (``workbench.core.judge_channel.JudgeChannel``): send it
    lines, read its lines, in contest order."""

    def __init__(self, process: subprocess.Popen, started: float, limit: float):
        self.process = process
        self.started = started
        self.limit = limit
        self.lines_read = 0

    def seconds_left(self) -> float:
        """What remains of the program's time limit (a judge may tell the program)."""
        return max(0.0, self.limit - (time.perf_counter() - self.started))

    def send(self, text: str) -> None:
        try:
            self.process.stdin.write(text)
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise ProgramEnded("the program stopped reading its input") from None

    def close_input(self) -> None:
        try:
            self.process.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    def read_line(self, what: str) -> str:
        """The program's next line, without its line end; ProtocolError when output ends first."""
        line = self.process.stdout.readline(MAX_ANSWER_CHARS)
        if not line:
            raise ProgramEnded(f"the program's output ended before {what}")
        self.lines_read += 1
        return line.rstrip("\r\n")

    def read_rest(self) -> str:
        """Everything the program writes until it closes its output."""
        text = self.process.stdout.read(MAX_ANSWER_CHARS)
        if self.process.stdout.read(1):
            raise ProtocolError(f"the program wrote more than {MAX_ANSWER_CHARS // (1024 * 1024)} MB")
        return text


@dataclass
class ProgramOutcome:
    answer: str | None  # what the judge collected (None when nothing usable came)
    verdict: str | None  # "TLE", "RE" or "WA" when decided before scoring; None: score the answer
    message: str
    seconds: float
    stderr_tail: str
    data: dict = field(default_factory=dict)  # what the program reported: "[DATA] name = value" lines


def _kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
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


# A line "[DATA] name = value" on stderr reports a figure of the program's own (psytester's convention).
DATA_LINE = re.compile(rb"^\[DATA\]\s*([^\s=][^=]*?)\s*=\s*(.*?)\s*$")
MAX_DATA_ITEMS = 64


def data_value(text: str) -> int | float | str:
    """A reported value as a number when it reads as one (so it sorts and plots), else as text."""
    try:
        number = float(text)
    except ValueError:
        return text[:200]
    if not math.isfinite(number):
        return text[:200]
    return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number


def reported_data(path: str) -> dict:
    """The "[DATA] name = value" lines of a stderr file (the last value of a name wins)."""
    data: dict = {}
    with open(path, "rb") as handle:
        for line in handle:
            if not line.startswith(b"[DATA]"):
                continue
            match = DATA_LINE.match(line.rstrip(b"\r\n"))
            if match is None:
                continue
            name = match.group(1).decode("utf-8", errors="replace")[:60]
            if name in data or len(data) < MAX_DATA_ITEMS:
                data[name] = data_value(match.group(2).decode("utf-8", errors="replace"))
    return data


def _tail(path: str, lines: int = STDERR_TAIL_LINES) -> str:
    with open(path, "rb") as handle:
        handle.seek(0, os.SEEK_END)
        size = handle.tell()
        handle.seek(max(0, size - 64 * 1024))
        text = handle.read().decode("utf-8", errors="replace")
    return "\n".join(text.splitlines()[-lines:])


# The running programs of this process, so a stop (Ctrl+C, SIGTERM) can kill them all.
_RUNNING: set[subprocess.Popen] = set()
_RUNNING_LOCK = threading.Lock()


def kill_running_programs() -> None:
    with _RUNNING_LOCK:
        for process in list(_RUNNING):
            _kill_group(process)


def run_program(talk: Callable[[ProgramChannel], str], command: str, limit: float,
                cwd: str | None = None) -> ProgramOutcome:
    """Start ``command`` (a shell command line), let ``talk`` (a judge) talk to it, and collect the verdict.

    ``talk`` plays the contest's protocol over the channel and returns the answer it collected."""
    with tempfile.NamedTemporaryFile(prefix="wb-stderr-", delete=False) as err:
        err_path = err.name
    try:
        started = time.perf_counter()
        try:
            with open(err_path, "wb") as err:
                process = subprocess.Popen(program_argv(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                           stderr=err, text=True, encoding="utf-8", errors="replace",
                                           bufsize=1, start_new_session=True, cwd=cwd)
        except (OSError, ValueError) as error:  # no such program, not executable, unbalanced quotes
            return ProgramOutcome(None, "RE", f"cannot start '{command}': {getattr(error, 'strerror', None) or error}",
                                  0.0, "")
        with _RUNNING_LOCK:
            _RUNNING.add(process)
        timed_out = threading.Event()

        def watchdog():
            timed_out.set()
            _kill_group(process)

        timer = threading.Timer(limit + GRACE_SECONDS, watchdog)
        timer.daemon = True
        timer.start()
        answer, verdict, message, ended = None, None, "", False
        try:
            answer = talk(ProgramChannel(process, started, limit))
        except ProgramEnded as error:
            verdict, message, ended = "WA", f"protocol error: {error}", True
        except ProtocolError as error:
            verdict, message = "WA", f"protocol error: {error}"
        except WorkbenchError as error:  # the judge found an invalid move mid-game
            verdict, message = "WA", str(error)
        finally:
            try:
                process.stdin.close()
            except OSError:
                pass
            process.wait()
            seconds = time.perf_counter() - started
            timer.cancel()
            _kill_group(process)  # whatever the program left running
            process.stdout.close()
            with _RUNNING_LOCK:
                _RUNNING.discard(process)
        if timed_out.is_set():
            verdict, message = "TLE", f"still running after {limit:g} s (+{GRACE_SECONDS:g} s grace): killed"
        elif (verdict is None or ended) and process.returncode != 0:
            # A crash explains output that ended early; a bad line the program wrote does not.
            verdict, message = "RE", _exit_reason(process.returncode)
        return ProgramOutcome(answer, verdict, message, seconds, _tail(err_path), reported_data(err_path))
    finally:
        os.unlink(err_path)
