"""Your program, live: what a program says while it runs, as well as the answer it ends with.

The protocol is optional (a program that writes nothing extra runs as before):

- a line ``[SCORE] value`` on stderr is the program's own running best; its time is when the line
  arrives, in seconds from the program's start;
- a *snapshot* is an answer written during the run: one of several answers in stdout, for a puzzle
  or contest where the last answer counts (the puzzle's ``split_answers``, a contest's
  ``[run] answers``), or a file the program writes into the folder named by the environment
  variable ``PWB_SNAPSHOT_DIR`` (taken in name order; a name starting with "." or ending in
  ".tmp" is a file still being written). Each snapshot is scored as the final answer is: by the
  engine, or by the contest's own score step.

``LiveRecorder`` collects both while a program runs (``program_run.run_program`` feeds it), safely
from the threads that read the program's pipes; ``LiveTrace`` is what is kept of a case (the run
database's ``case_live`` table); ``anytime_profile`` is a run's mean relative score against time.
Qt-free.
"""

from __future__ import annotations

import bisect
import codecs
import json
import math
import os
import re
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.core.answer_split import Splitter
from workbench.core.objective import Objective

from .program_run import ProgramCall, ProgramChannel, ProgramOutcome
from .scratch import case_subfolder

if TYPE_CHECKING:
    from .snapshot_drawing import Drawing

SNAPSHOT_DIR_VARIABLE = "PWB_SNAPSHOT_DIR"
SCORE_LINE = re.compile(rb"^\[SCORE\]\s*(\S+)\s*$")
MAX_SERIES = 20_000  # [SCORE] points kept per case; past it they are counted ("dropped")
MAX_SNAPSHOTS = 500  # snapshots kept per case (their times and scores); past it they are counted
MAX_SNAPSHOT_CHARS = 64 * 1024 * 1024  # of stdout read for snapshots, and of one snapshot file
MAX_KEPT_CHARS = 256 * 1024 * 1024  # of all a case's snapshot answers held until they are scored
# A snapshot file touched this recently may still be being written: it is taken on the next look.
QUIET_SECONDS = 0.05

# What a snapshot's answer scores: (score, "") or (None, why it has none).
Scorer = Callable[[str], "tuple[float | None, str]"]


@dataclass
class Snapshot:
    t: float  # seconds from the program's start to the snapshot's arrival
    source: str  # "stdout #3" or the snapshot file's name
    text: str | None = None  # the answer (let go once scored in a batch)
    score: float | None = None  # the official score; None when it has none (see message)
    message: str = ""  # why there is no score ("" : not scored yet, when score is None)
    drawing: Drawing | None = None  # for a view watching the run (None in a batch)

    @property
    def scored(self) -> bool:
        return self.score is not None or bool(self.message)


@dataclass
class LiveTrace:
    """What a case's program said while it ran: its [SCORE] series and its snapshots' scores."""

    series: list[tuple[float, float]] = field(default_factory=list)
    snapshots: list[Snapshot] = field(default_factory=list)
    bad_lines: int = 0  # "[SCORE] ..." lines whose value is not a finite number
    dropped: int = 0  # [SCORE] points and snapshots past the caps

    @property
    def empty(self) -> bool:
        return not self.series and not self.snapshots and not self.bad_lines

    @property
    def only_the_answer(self) -> bool:
        """Whether all it holds is one answer in stdout: the output itself, nothing said live."""
        return (
            not self.series
            and not self.bad_lines
            and len(self.snapshots) == 1
            and self.snapshots[0].source == "stdout #1"
        )

    def to_json(self) -> str:
        return json.dumps(
            {
                "series": [[round(t, 6), v] for t, v in self.series],
                "snapshots": [
                    {"t": round(s.t, 6), "source": s.source, "score": s.score, "message": s.message}
                    for s in self.snapshots
                ],
                "bad_lines": self.bad_lines,
                "dropped": self.dropped,
            }
        )

    @classmethod
    def from_json(cls, text: str | None) -> LiveTrace:
        """The trace stored as ``text``; an empty one for anything that is not a trace."""
        try:
            data = json.loads(text or "{}")
            series = [(float(t), float(v)) for t, v in data.get("series", [])]
            snapshots = [
                Snapshot(
                    float(s["t"]),
                    str(s.get("source", "")),
                    None,
                    None if s.get("score") is None else float(s["score"]),
                    str(s.get("message", "")),
                )
                for s in data.get("snapshots", [])
            ]
            return cls(series, snapshots, int(data.get("bad_lines", 0)), int(data.get("dropped", 0)))
        except (ValueError, TypeError, KeyError, AttributeError):
            return cls()

    def points(self) -> list[tuple[float, float]]:
        """(time, score) of the case's answers during the run: its snapshots' official scores when it
        wrote any snapshot, else its own [SCORE] series."""
        if self.snapshots:
            return [(s.t, s.score) for s in self.snapshots if s.score is not None]
        return list(self.series)

    def best_at(self, seconds: float, objective: Objective | str = Objective.MAX) -> float | None:
        """The best score among the points that arrived by ``seconds`` (None: none yet)."""
        return Objective.of(objective).best(v for t, v in self.points() if t <= seconds)


def score_value(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


class LiveRecorder:
    """Collects a running program's [SCORE] lines and snapshots, from the threads reading its pipes.

    ``run_program`` calls ``begin`` as the program starts, ``stderr_line`` for each line of its
    stderr, ``stdout_data`` for each piece of its stdout, and ``finish`` once it has ended. Anyone
    may call ``poll`` meanwhile (new snapshot files) and ``take_new`` (what arrived since the last
    call: a view's timer)."""

    def __init__(self, split: Splitter | None = None, snapshot_dir: Path | None = None):
        self.split = split
        self.snapshot_dir = Path(snapshot_dir) if snapshot_dir is not None else None
        self.started = time.perf_counter()
        self.started_wall = time.time()
        self.process: subprocess.Popen[Any] | None = None  # the running program, so a view can cancel it
        self.cancelled = False
        self.trace = LiveTrace()
        self._lock = threading.Lock()
        self._poll_lock = threading.Lock()
        self._stdout_size = 0
        self._split_again = 0.0  # when stdout may be split again (a long output is split less often)
        self._text_kept = 0  # characters of snapshot answers held
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pieces: list[str] = []  # stdout so far, decoded (joined when it is split)
        self._stdout_taken = 0  # answers of stdout made snapshots
        self._files_taken: set[str] = set()
        self._new_series = 0  # what take_new has handed out
        self._new_snapshots = 0
        self._stdout_times: list[float] = []  # when each answer of stdout first stood as it is

    # ------------------------------------------------------------ fed by run_program
    def begin(self, process: subprocess.Popen[Any], started: float) -> None:
        with self._lock:
            self.process = process
            self.started = started
            self.started_wall = time.time() - (time.perf_counter() - started)
            if self.cancelled:  # cancelled before it started: it ends at once
                self._kill()

    def cancel(self) -> None:
        """Kill the program and everything it started (its process group), now or as it starts."""
        with self._lock:
            self.cancelled = True
            self._kill()

    def _kill(self) -> None:
        from .processes import kill_group

        if self.process is not None:
            kill_group(self.process.pid)

    def env(self) -> dict[str, Any]:
        return {SNAPSHOT_DIR_VARIABLE: str(self.snapshot_dir)} if self.snapshot_dir is not None else {}

    def now(self) -> float:
        return time.perf_counter() - self.started

    def stderr_line(self, line: bytes) -> None:
        if not line.startswith(b"[SCORE]"):
            return
        t = self.now()
        match = SCORE_LINE.match(line.rstrip(b"\r"))
        value = score_value(match.group(1).decode("ascii", errors="replace")) if match else None
        with self._lock:
            trace = self.trace
            if value is None:
                trace.bad_lines += 1
            elif len(trace.series) < MAX_SERIES:
                trace.series.append((t, value))
            else:
                trace.dropped += 1

    def stdout_data(self, data: bytes) -> None:
        split = self.split
        if split is None or not data or self._stdout_size >= MAX_SNAPSHOT_CHARS:
            return
        t = self.now()
        with self._lock:
            self._stdout_size += len(data)
            self._pieces.append(self._decoder.decode(bytes(data)))
            # The output is split again as a whole (a splitter is any function of it), so a long one is
            # split at most as often as keeps the splitting under a tenth of the time: a short one at
            # every line, its snapshots timed to the piece that completed them.
            if b"\n" in data and t >= self._split_again and len(self.trace.snapshots) < MAX_SNAPSHOTS:
                self._take_stdout(split, t, final=False)

    def _take_stdout(self, split: Splitter, t: float, final: bool) -> None:
        """The answers of stdout complete by now that are not snapshots yet (under the lock)."""
        began = time.perf_counter()
        text = "".join(self._pieces)
        self._pieces = [text]
        answers = split(text, final) or []
        for index in range(self._stdout_taken, len(answers)):
            self._add(Snapshot(t, f"stdout #{index + 1}", answers[index]))
        self._stdout_taken = max(self._stdout_taken, len(answers))
        self._split_again = t + 10 * (time.perf_counter() - began)

    def _add(self, snapshot: Snapshot) -> None:
        if len(self.trace.snapshots) >= MAX_SNAPSHOTS:
            self.trace.dropped += 1
            return
        if snapshot.text is not None:
            self._text_kept += len(snapshot.text)
            if self._text_kept > MAX_KEPT_CHARS:  # its time is kept, its answer is not: memory stays bounded
                snapshot.text, snapshot.message = None, "not scored: the snapshots' answers passed 256 MB"
        self.trace.snapshots.append(snapshot)

    def poll(self, final: bool = False) -> None:
        """Take the snapshot files written since the last look, in name order, each at the time it was
        last written (its modification time, from the program's start)."""
        folder = self.snapshot_dir
        if folder is None:
            return
        with self._poll_lock:  # a view's thread and the program's end may look at once
            try:
                names = sorted(os.listdir(folder))
            except OSError:
                return
            wall = time.time()
            for name in names:
                if name in self._files_taken or name.startswith(".") or name.endswith(".tmp"):
                    continue
                path = folder / name
                try:
                    stat = path.stat()
                    if not path.is_file():  # a folder the program made: not a snapshot
                        self._files_taken.add(name)
                        continue
                    if not final and wall - stat.st_mtime < QUIET_SECONDS:
                        break  # later names wait for this one: snapshots stay in name order
                    with open(path, "rb") as file:
                        text = file.read(MAX_SNAPSHOT_CHARS).decode("utf-8", errors="replace")
                except OSError:
                    break
                self._files_taken.add(name)
                with self._lock:
                    self._add(Snapshot(max(0.0, stat.st_mtime - self.started_wall), name, text))

    def finish(self) -> None:
        """The program has ended: the last answer of stdout and the last files are snapshots too."""
        with self._lock:
            if self.split is not None:
                self._pieces.append(self._decoder.decode(b"", final=True))
                self._take_stdout(self.split, self.now(), final=True)
            self.process = None
        self.poll(final=True)

    # ------------------------------------------------------------ read by a view
    def take_new(self) -> tuple[list[tuple[float, float]], list[Snapshot]]:
        """The [SCORE] points and snapshots that arrived since the last call."""
        with self._lock:
            series = self.trace.series[self._new_series :]
            snapshots = self.trace.snapshots[self._new_snapshots :]
            self._new_series = len(self.trace.series)
            self._new_snapshots = len(self.trace.snapshots)
        return series, snapshots


def run_live(
    talk: Callable[[ProgramChannel], str],
    call: ProgramCall,
    split: Splitter | None,
    scorer: Callable[[], Scorer],
    live: LiveRecorder | None = None,
    limit: int = MAX_SNAPSHOTS,
) -> tuple[ProgramOutcome, LiveTrace | None]:
    """Run ``call``'s command on a case, with ``talk`` on the judge's side, collecting what it says
    live: (its ``ProgramOutcome``, its ``LiveTrace`` with every snapshot scored by ``scorer()``, or None
    when it said nothing live). A ``live`` recorder given (a view watching the run) is fed instead,
    and its snapshots are left for its owner to score."""
    from .program_run import run_program

    recorder = live if live is not None else LiveRecorder()
    # The thread's own snapshot folder, emptied, at a path of this case's: one made and removed per case
    # costs (see scratch); the same path would let a daemon of the case before write into this one's.
    recorder.split, recorder.snapshot_dir = split, case_subfolder("snapshots")
    outcome = run_program(
        talk,
        call.command,
        call.limit,
        cwd=call.cwd,
        env=call.env,
        time_by=call.time_by,
        live=recorder,
        tester=call.tester,
    )
    trace = recorder.trace
    if trace.empty or trace.only_the_answer:
        return outcome, None
    if live is None:
        trace.snapshots.sort(key=lambda s: s.t)  # files and stdout's answers, in the order they came
        if any(not s.scored for s in trace.snapshots):
            score_snapshots(trace, scorer(), limit)
    return outcome, trace


def last_answer(split: Splitter | None, text: str | None) -> str | None:
    """The answer that counts in an output of several (the last); the output itself when it is one."""
    if split is None or text is None:
        return text
    answers = split(text, True)
    return answers[-1] if answers else text


def score_snapshots(trace: LiveTrace, scorer: Scorer, limit: int = MAX_SNAPSHOTS) -> None:
    """Score the snapshots not scored yet (at most ``limit`` of them, the last always among them)
    and let their texts go."""
    waiting = [s for s in trace.snapshots if not s.scored]
    if len(waiting) > limit:
        step = len(waiting) / limit
        chosen = {id(waiting[min(len(waiting) - 1, int(i * step))]) for i in range(limit - 1)} | {id(waiting[-1])}
    else:
        chosen = {id(s) for s in waiting}
    for snapshot in waiting:
        if id(snapshot) in chosen and snapshot.text is not None:
            snapshot.score, snapshot.message = scorer(snapshot.text)
        elif not snapshot.scored:
            snapshot.message = "not scored: too many snapshots"
        snapshot.text = None


# ------------------------------------------------------------------ a run's anytime profile
def case_curve(
    trace: LiveTrace | None, final_score: float, ok: bool, seconds: float, best: float | None, objective: Objective
) -> tuple[list[float], list[float]]:
    """A case's relative score against time, as steps: (times, relative from that time on). Before its
    first point a case is 0 (failed); from its end on, its final relative score (0 when not OK)."""
    times, values = [0.0], [0.0]
    running = None
    for t, score in sorted(trace.points() if trace is not None else []):
        if t >= seconds:
            break
        if objective.better(score, running):
            running = score
            times.append(t)
            values.append(objective.relative(score, best))
    times.append(seconds)
    values.append(objective.relative(final_score, best, ok))
    return times, values


def value_at(curve: tuple[list[float], list[float]], seconds: float) -> float:
    times, values = curve
    return values[bisect.bisect_right(times, seconds) - 1]


def anytime_profile(curves: Sequence[tuple[list[float], list[float]]]) -> tuple[list[float], list[float]]:
    """The mean of the cases' curves, as steps: (the times it changes, the mean from each on)."""
    if not curves:
        return [], []
    shown_times: list[float] = []
    means: list[float] = []
    for t in sorted({t for curve in curves for t in curve[0]}):
        mean = sum(value_at(c, t) for c in curves) / len(curves)
        if not means or mean != means[-1]:  # a step only where the mean changes
            shown_times.append(t)
            means.append(mean)
    return shown_times, means


def run_profile(
    rows: Sequence[dict[str, Any]],
    traces: dict[str, LiveTrace],
    best: dict[str, float | None],
    objective: Objective | str,
) -> tuple[list[float], list[float]]:
    """A run's anytime profile from its rows (results.csv / database rows), their traces by case name
    and the best-known score by case key."""
    objective = Objective.of(objective)
    curves = [
        case_curve(
            traces.get(row["name"]),
            float(row.get("score") or 0),
            row.get("verdict") == "OK",
            float(row.get("time_s") or 0),
            best.get(row.get("key", "")),
            objective,
        )
        for row in rows
    ]
    return anytime_profile(curves)


def rows_at(
    rows: Sequence[dict[str, Any]], traces: dict[str, LiveTrace], seconds: float, objective: Objective | str
) -> list[dict[str, Any]]:
    """The rows as they stood ``seconds`` into each case: a case that had ended by then as it ended;
    one still running with its best point so far (OK), or with none yet ("none yet", a failure)."""
    objective = Objective.of(objective)
    shown = []
    for row in rows:
        if float(row.get("time_s") or 0) <= seconds:
            shown.append(row)
            continue
        trace = traces.get(row["name"])
        best = trace.best_at(seconds, objective) if trace is not None else None
        shown.append(
            {
                **row,
                "score": best if best is not None else 0,
                "verdict": "OK" if best is not None else "none yet",
                "message": f"at {seconds:g} s",
            }
        )
    return shown
