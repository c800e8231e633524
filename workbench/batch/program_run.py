"""Running a contestant's program with the workbench on the judge's side (``batch --cmd``).

The program runs in a process group of its own (``processes``), so a time limit or a stop kills
it and everything it started, and no program outlives the process judging it. A watchdog kills
the group once the limit plus a small grace has passed, on the clock (AtCoder's and pahcer's
rule, the default) or in CPU time; reads then see the end of the stream, so the puzzle's
``judge`` never blocks past the limit. What the program writes to stderr is read by a thread as
it comes: its last 64 KB are kept and its ``[DATA] name = value`` lines collected, so nothing is
written to disk however much it writes. The program's CPU time (user + system, with every
descendant it waited for) is measured beside its wall time.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from workbench.core.errors import ProtocolError, WorkbenchError
from workbench.core.limits import exact_number

from .process_tree import ProcessTree
from .processes import POLL_SECONDS, ExitWatch, Helper, Output, TailReader, end, kill_group, pipe, program_argv, start

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


class _Lines:
    """Text from a program's stdout pipe (an ``Output``), by line or all of it, decoded as UTF-8.
    Text waiting to be read is kept as pieces, so 64 MB in 64 KB chunks is joined once, not copied
    at every chunk."""

    def __init__(self, output: Output):
        self.output = output
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.pieces: list[str] = []
        self.size = 0

    def _more(self) -> bool:
        data = self.output.chunk()
        text = self.decoder.decode(data, final=not data)
        if text:
            self.pieces.append(text)
            self.size += len(text)
        return bool(data)

    def _take(self, count: int) -> str:
        text = "".join(self.pieces)
        taken, rest = text[:count], text[count:]
        self.pieces, self.size = ([rest], len(rest)) if rest else ([], 0)
        return taken

    def readline(self, limit: int) -> str:
        searched = 0  # the pieces already searched for a line end
        while True:
            for number in range(searched, len(self.pieces)):
                if "\n" in self.pieces[number]:
                    end = sum(len(p) for p in self.pieces[:number]) + self.pieces[number].index("\n") + 1
                    return self._take(min(end, limit))
            searched = len(self.pieces)
            if self.size >= limit or not self._more():
                return self._take(limit)

    def read(self, limit: int) -> str:
        while self.size < limit and self._more():
            pass
        return self._take(limit)


class ProgramChannel:
    """A running program as a judge sees it (``workbench.core.judge_channel.JudgeChannel``): send it
    lines, read its lines, in contest order. Its output ends at the pipe's end, or once the program
    has exited (``exited``) and the pipe stays quiet, or at the time limit (``stopped``)."""

    def __init__(
        self,
        process: subprocess.Popen[Any],
        started: float,
        limit: float,
        exited: threading.Event | None = None,
        stopped: threading.Event | None = None,
    ):
        self.process = process
        self.writer = io.TextIOWrapper(
            pipe(process.stdin), encoding="utf-8", errors="replace", line_buffering=True, write_through=True
        )
        self.reader = _Lines(Output(pipe(process.stdout), exited, stopped))
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
        """Everything the program writes until its output ends."""
        text = self.reader.read(MAX_ANSWER_CHARS)
        if self.reader.read(1):
            raise TooMuchOutput(f"the program wrote more than {MAX_ANSWER_CHARS // (1024 * 1024)} MB")
        return text

    def close(self) -> None:
        for stream in (self.writer, pipe(self.process.stdout)):
            try:
                stream.close()
            except (BrokenPipeError, ValueError, OSError):
                pass


@dataclass
class ProgramOutcome:
    answer: str | None  # what the judge collected (None when nothing usable came)
    verdict: str | None  # "TLE", "RE" or "WA" when decided before scoring; None: score the answer
    message: str
    seconds: float  # wall time, from the start to the program's exit
    stderr_tail: str
    data: dict[str, Any] = field(default_factory=dict)  # what the program reported: "[DATA] name = value" lines
    cpu_seconds: float | None = None  # user + system time of the program and all it started (``process_tree``)
    returncode: int | None = None
    tester_cpu_seconds: float | None = None  # the tester's own, when the command is a tester running the program


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def exit_reason(code: int) -> str:
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
    """A reported value as a number when it reads as one (so it sorts and plots), else as text; a
    whole number exactly, however many digits it has."""
    number = exact_number(text)
    return text[:200] if number is None else number


class DataLines:
    """The "[DATA] name = value" lines of a program's stderr, as they come."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}

    def __call__(self, line: bytes) -> None:
        if not line.startswith(b"[DATA]"):
            return
        match = DATA_LINE.match(line.rstrip(b"\r"))
        if match is None:
            return
        name = match.group(1).decode("utf-8", errors="replace")[:60]
        if name in self.data or len(self.data) < MAX_DATA_ITEMS:
            self.data[name] = data_value(match.group(2).decode("utf-8", errors="replace"))


def last_lines(text: str, lines: int = STDERR_TAIL_LINES) -> str:
    return "\n".join(text.splitlines()[-lines:])


# ------------------------------------------------------------------ running programs
TIME_MEASURES = ("wall", "cpu")
# Judged by CPU time, a program that waits (sleeps, blocks) is still stopped at this many times its
# limit on the clock.
CPU_WALL_FACTOR = 3.0


class Watchdog(Helper):
    """Kills the program's group once its limit plus the grace has passed: on the clock, or (``cpu``)
    in the CPU time of its whole tree (less a tester's own) as it runs, with a wall-clock backstop."""

    def __init__(
        self,
        process: subprocess.Popen[Any],
        tree: ProcessTree,
        started: float,
        limit: float,
        measure: str,
        exited: threading.Event,
    ):
        super().__init__(f"watchdog {process.pid}")
        self.process, self.started, self.limit, self.measure = process, started, limit, measure
        self.tree = tree
        self.exited = exited
        self.fired = threading.Event()

    def run(self) -> None:
        allowed = min(self.limit + GRACE_SECONDS, LONGEST_WAIT)
        wall = allowed if self.measure == "wall" else min(allowed * CPU_WALL_FACTOR, LONGEST_WAIT)
        deadline = self.started + wall
        while not self.exited.is_set():
            now = time.perf_counter()
            if now >= deadline:
                break
            if self.measure == "cpu":
                used = self.tree.program_cpu_now()
                if used is not None and used > allowed:
                    break
                self.exited.wait(min(POLL_SECONDS * 2, deadline - now))
            else:
                self.exited.wait(deadline - now)
        if not self.exited.is_set():
            self.fired.set()
            kill_group(self.process.pid)


class _WatchedOutput(Output):
    """The program's stdout, each piece also shown to ``seen`` as it arrives (live snapshots)."""

    def __init__(
        self,
        stream: IO[bytes],
        exited: threading.Event | None,
        stopped: threading.Event | None,
        seen: Callable[[bytes], None],
    ) -> None:
        super().__init__(stream, exited, stopped)
        self.seen = seen

    def chunk(self, size: int = 65536) -> bytes:
        data = super().chunk(size)
        self.seen(data)
        return data


@dataclass(frozen=True)
class ProgramCall:
    """One program started on one case, as ``run_program`` takes it (``live.run_live`` passes it on)."""

    command: str  # a shell command line
    limit: float  # seconds (by ``time_by``) after which it is killed
    cwd: str | None = None
    env: dict[str, str] = field(default_factory=dict)  # variables added to the batch's own
    time_by: str = "wall"  # which time judges the limit: "wall" (AtCoder's rule) or "cpu"
    tester: bool = False  # the command is a tester running the program: its own CPU time is kept apart


def run_program(
    talk: Callable[[ProgramChannel], str],
    command: str,
    limit: float,
    cwd: str | None = None,
    env: dict[str, Any] | None = None,
    time_by: str = "wall",
    live: Any = None,
    tester: bool = False,
) -> ProgramOutcome:  # live: a batch.live.LiveRecorder
    """Start ``command`` (a shell command line), let ``talk`` (a judge) talk to it, and collect the verdict.

    ``talk`` plays the contest's protocol over the channel and returns the answer it collected;
    ``env`` adds variables to the program's environment; ``time_by`` says which time judges the
    limit ("wall", as AtCoder and pahcer do, or "cpu"); ``live`` (a ``live.LiveRecorder``) is given
    what the program writes as it comes: its [SCORE] lines and snapshots (``live``'s protocol);
    ``tester``: the command is a tester that runs the program, its own CPU time is not the program's."""
    env = {**(env or {}), **(live.env() if live is not None else {})}
    started = time.perf_counter()
    tree = ProcessTree(tester)
    try:
        process = start(
            program_argv(command),
            cwd=cwd,
            env={**os.environ, **{k: str(v) for k, v in env.items()}} if env else None,
            tree=tree,
        )
    except (OSError, ValueError) as error:  # no such program, not executable, unbalanced quotes
        return ProgramOutcome(
            None, "RE", f"cannot start '{command}': {getattr(error, 'strerror', None) or error}", 0.0, ""
        )
    waiting = ExitWatch(process, started)
    waiting.start()
    watchdog = Watchdog(process, tree, started, limit, time_by, waiting.exited)
    watchdog.start()
    data = DataLines()
    on_line: Callable[[bytes], None] = data
    if live is not None:
        live.begin(process, started)

        def watched_line(line: bytes) -> None:
            data(line)
            live.stderr_line(line)

        on_line = watched_line
    stderr = TailReader(
        Output(pipe(process.stderr), waiting.exited, watchdog.fired), STDERR_TAIL_BYTES, on_line, MAX_DATA_LINE
    )
    stderr.start()
    channel = ProgramChannel(process, started, limit, waiting.exited, watchdog.fired)
    if live is not None:
        channel.reader.output = _WatchedOutput(pipe(process.stdout), waiting.exited, watchdog.fired, live.stdout_data)
    answer, verdict, message, ended = None, None, "", False
    try:
        answer = talk(channel)
    except ProgramEnded as error:
        verdict, message, ended = "WA", f"protocol error: {error}", True
    except ProtocolError as error:
        verdict, message = "WA", f"protocol error: {error}"
        kill_group(process.pid)  # the protocol is broken: nothing it does now can count
    except WorkbenchError as error:  # the judge found an invalid move mid-game
        verdict, message = "WA", str(error)
        kill_group(process.pid)
    finally:
        channel.close()
        waiting.exited.wait()  # the watchdog ends it at the limit, whatever it holds
        end(process)  # whatever the program left running
        stderr.join()
        pipe(process.stderr).close()
        if live is not None:
            live.finish()
    exit_ = waiting.ended
    cpu = tree.cpu(exit_.cpu_seconds, exit_.own_cpu_seconds)
    said = last_lines(stderr.text())
    if watchdog.fired.is_set():
        verdict = "TLE"
        message = (
            f"still running after {limit:g} s (+{GRACE_SECONDS:g} s grace): killed"
            if time_by == "wall"
            else f"past {limit:g} s of CPU time (+{GRACE_SECONDS:g} s grace), or {CPU_WALL_FACTOR:g} times that on "
            "the clock: killed"
        )
    elif time_by == "cpu" and cpu.program > limit + GRACE_SECONDS:
        verdict, message = "TLE", f"{cpu.program:.2f} s of CPU time, past {limit:g} s (+{GRACE_SECONDS:g} s grace)"
    elif (verdict is None or ended) and exit_.returncode != 0:
        # A crash explains output that ended early; a bad line the program wrote does not.
        verdict, message = "RE", exit_reason(exit_.returncode)
        lines = [line.strip() for line in said.splitlines() if line.strip()]
        if lines:  # what the program said last (a traceback's last line names the exception)
            message += f"; stderr: {lines[-1][:200]}"
    return ProgramOutcome(
        answer, verdict, message, exit_.seconds, said, data.data, cpu.program, exit_.returncode, cpu.tester
    )
