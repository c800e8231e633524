"""A batch's results: one row per case, the run folder, and the best-known scores.

Run folder (``--out``): ``results.csv`` (one row per finished case), ``answers/``,
``inputs/`` (so a run can be reopened and compared on its own), ``stderr/``
(the last lines a program wrote) and ``run.json`` (how the run was made).
"""

from __future__ import annotations

import csv
import errno
import io
import json
import math
import os
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from workbench.core.errors import WorkbenchError, shown
from workbench.core.files import read_text, write_atomic, write_new
from workbench.core.limits import exact_number, is_finite
from workbench.core.objective import Objective

from .cases import BatchCase
from .live import LiveTrace

VERDICTS = ("OK", "WA", "TLE", "RE", "FAIL")  # FAIL: the case itself could not be read
BASE_COLUMNS = ("case", "name", "seed")
RESULT_COLUMNS = ("score", "relative", "time_s", "cpu_s", "verdict", "message", "key", "answer", "input")
TESTER_COLUMN = "tester_cpu_s"  # an interactive contest's tester's own CPU time, apart from cpu_s (the program's)
REPEAT_COLUMN = "repeat"  # which run of its case a row is, in a run of batch --repeat K (after the results)


@dataclass
class CaseResult:
    case: BatchCase
    score: float
    verdict: str
    message: str
    seconds: float
    features: dict[str, Any] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)
    relative: float = 0.0
    stderr_tail: str = ""
    answer: str | None = None  # the answer's text, until it is written to the run folder
    data: dict[str, Any] = field(default_factory=dict)  # what the program reported ("[DATA] name = value")
    answered: bool = False  # an answer was given (its text may be gone: written, and let go)
    cpu_seconds: float | None = None  # the program's CPU time (user + sys, of all it started)
    tester_cpu_seconds: float | None = None  # the tester's own, when a tester ran the program
    live: LiveTrace | None = None  # what the program said while it ran ([SCORE] lines, snapshots' scores)

    def __post_init__(self) -> None:
        self.answered = self.answered or self.answer is not None

    def data_columns(self) -> dict[str, Any]:
        """The reported data as columns; a name that a column already has gets "data " before it."""
        taken = set(BASE_COLUMNS) | set(RESULT_COLUMNS) | {TESTER_COLUMN, REPEAT_COLUMN} | set(self.features)
        return {(f"data {k}" if k in taken or k.startswith("fact ") else k): v for k, v in self.data.items()}

    def row(self) -> dict[str, Any]:
        row = {
            "case": self.case.label,
            "name": self.case.name,
            "seed": "" if self.case.seed is None else self.case.seed,
        }
        row.update(self.features)
        row.update(self.data_columns())
        row.update(
            {
                "score": exact_text(self.score),
                "relative": f"{self.relative:.6f}",
                "time_s": f"{self.seconds:.3f}",
                "cpu_s": "" if self.cpu_seconds is None else f"{self.cpu_seconds:.3f}",
                "verdict": self.verdict,
                "message": self.message,
                "key": self.case.key,
                "answer": f"answers/{self.case.name}.out" if self.answered else "",
                "input": f"inputs/{self.case.name}.txt",
            }
        )
        if self.tester_cpu_seconds is not None:
            row[TESTER_COLUMN] = f"{self.tester_cpu_seconds:.3f}"
        if self.case.repeat:
            row[REPEAT_COLUMN] = self.case.repeat
        row.update({f"fact {k}": v for k, v in self.facts.items()})
        return row


def plain_number(value: float) -> str:
    """A score in full: whole numbers without a decimal point, others to six places (no exponent)."""
    if isinstance(value, int):
        return str(value)
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.6f}".rstrip("0").rstrip(".")


def at_scale(value: float, scale: float, digits: int = 3) -> str:
    """``value`` to the precision ``scale`` (a confidence interval's width) warrants: with a width
    of 20,000, 813414.228796 is 813414; with a width of 0.003, 0.012345 is 0.01235."""
    if not scale or not math.isfinite(scale):
        return plain_number(round(value, 6))
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(scale))))
    return plain_number(round(value, decimals))


def significant(value: float, digits: int = 7) -> str:
    """``value`` to ``digits`` significant digits, plainly written (813414.228796: 813414.2)."""
    if not value or not math.isfinite(value):
        return plain_number(value) if math.isfinite(value) else str(value)
    return plain_number(round(value, max(0, digits - 1 - math.floor(math.log10(abs(value))))))


def exact_text(value: float) -> str:
    """A score exactly as computed, for files (``exact_number`` reads it back the same): whole numbers
    plain, others to the last digit (0.1 + 0.2 is 0.30000000000000004). Printed for people:
    ``core.limits.readable_number``."""
    if isinstance(value, int):  # every digit: a score read as an int past 2^53 is not a float's
        return str(value)
    return str(int(value)) if float(value).is_integer() else repr(float(value))


# ------------------------------------------------------------------ best known
class BestKnown:
    """The best score seen for each case (by input and options), kept in one CSV per puzzle or contest.

    ``objective`` says which way is better. A ``frozen`` file is read but never written, so relative
    scores of several runs stay on one scale (and may pass 1.0).
    """

    COLUMNS = ("key", "case", "score", "run")

    def __init__(self, path: Path, objective: Objective | str = Objective.MAX, frozen: bool = False):
        self.path = Path(path)
        self.objective = Objective.of(objective)
        self.frozen = frozen
        self.skipped: list[int] = []  # lines of the file that are not a score (left out, and said)
        self.best: dict[str, dict[str, Any]] = self._read()

    def _read(self) -> dict[str, dict[str, Any]]:
        """The file's rows by case key, the best line of each key (the file is appended to as runs find
        better scores, and compacted at their end); WorkbenchError when it is not a best-known file."""
        if not self.path.exists():
            return {}
        if not self.path.is_file():
            raise WorkbenchError(f"{self.path} is not a file: the best-known scores are a CSV file")
        rows = csv_rows(self.path, ("key", "score"), "a best-known scores file")
        best: dict[str, dict[str, Any]] = {}
        self.skipped = []
        for line, row in rows:
            score = finite(row.get("score"))
            if score is None or not row.get("key"):
                self.skipped.append(line)
                continue
            row["score"] = score
            known = best.get(row["key"])
            if known is None or self.objective.better(score, known["score"]):
                best[row["key"]] = row
        return best

    def score(self, key: str) -> float | None:
        row = self.best.get(key)
        return None if row is None else row["score"]

    def relative(self, result: CaseResult) -> float:
        """AHC's relative score against the best known (this run's score included, unless the best
        is frozen); a case that is not OK gets 0."""
        known = self.score(result.case.key)
        best: float | None
        if self.frozen and known is not None:
            best = known
        else:
            best = result.score if self.objective.better(result.score, known) else known
        return self.objective.relative(result.score, best, ok=result.verdict == "OK")

    def _locked(self) -> IO[str]:  # the lock is held until the file is closed (a with block)
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock = open(self.path.with_name(self.path.name + ".lock"), "a")
        fcntl.flock(lock, fcntl.LOCK_EX)
        return lock

    def record(self, results: Iterable[CaseResult], run: str) -> int:
        """Append the better scores among ``results`` to the file, under its lock; return how many.

        A line per improvement, not the whole file again: runs finishing at once never undo each
        other's bests (the best line of a key wins when the file is read), and a run of 100,000
        cases writes each best once. ``compact`` rewrites the file with one line a key."""
        if self.frozen:
            return 0
        better = []
        for result in results:
            if (
                result.verdict == "OK"
                and is_finite(result.score)
                and self.objective.better(result.score, self.score(result.case.key))
            ):
                self.best[result.case.key] = {
                    "key": result.case.key,
                    "case": result.case.label,
                    "score": result.score,
                    "run": run,
                }
                better.append(self.best[result.case.key])
        if not better:
            return 0
        with self._locked():
            fresh = not self.path.exists() or self.path.stat().st_size == 0
            out = io.StringIO()
            writer = csv.DictWriter(out, self.COLUMNS, lineterminator="\n", extrasaction="ignore")
            if fresh:
                writer.writeheader()
            for row in better:
                writer.writerow({**row, "score": exact_text(row["score"])})
            with open(self.path, "a") as handle:
                handle.write(out.getvalue())
        return len(better)

    def compact(self) -> None:
        """Rewrite the file with one line a case (the best), under its lock."""
        if self.frozen or not self.path.is_file():
            return
        with self._locked():
            self.best = self._read()
            out = io.StringIO()
            writer = csv.DictWriter(out, self.COLUMNS, lineterminator="\n", extrasaction="ignore")
            writer.writeheader()
            for row in sorted(self.best.values(), key=lambda r: str(r["case"])):
                writer.writerow({**row, "score": exact_text(row["score"])})
            write_atomic(self.path, out.getvalue())

    def update(self, results: Iterable[CaseResult], run: str) -> int:
        """Record better scores and compact the file; return how many cases got a new best."""
        improved = self.record(results, run)
        self.compact()
        return improved


# ------------------------------------------------------------------ the run folder
class RunFolder:
    def __init__(self, path: Path):
        self.path = Path(path)
        for sub in ("answers", "inputs", "stderr"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)
        self.columns: list[str] = []  # results.csv's header as written so far

    def case_files(self, result: CaseResult) -> list[Path]:
        name = result.case.name
        return [
            self.path / "inputs" / f"{name}.txt",
            self.path / "answers" / f"{name}.out",
            self.path / "stderr" / f"{name}.txt",
        ]

    def write_case(self, result: CaseResult) -> None:
        """The case's input, answer and stderr tail; then its answer's text is let go (a run of big
        answers keeps one in memory at a time). OSError says which file could not be written.

        Each file is new to the run: written under a temporary name and renamed (a kill leaves a
        whole file or none), without the directory scan and the sync an overwrite needs."""
        inputs, answers, stderr = self.case_files(result)
        write_new(inputs, result.case.input_text)
        if result.answer is not None:
            write_new(answers, result.answer)
            result.answer = None
        if result.stderr_tail:
            write_new(stderr, result.stderr_tail + "\n")

    def forget_case(self, result: CaseResult) -> None:
        """Remove a case's files (its row could not be written: the folder stays consistent)."""
        for path in self.case_files(result):
            try:
                path.unlink()
            except OSError:
                pass

    @staticmethod
    def results_columns(results: list[CaseResult]) -> list[str]:
        # Features, then reported data, then results, then facts, whichever case first has each:
        # a column between "seed" and "score" is something to group and filter by.
        columns = list(BASE_COLUMNS)
        outcome = list(RESULT_COLUMNS)
        if any(r.tester_cpu_seconds is not None for r in results):
            outcome.insert(outcome.index("cpu_s") + 1, TESTER_COLUMN)
        for part in (
            [list(r.features) for r in results],
            [list(r.data_columns()) for r in results],
            [outcome],
            [[REPEAT_COLUMN] for r in results if r.case.repeat],
            [[f"fact {k}" for k in r.facts] for r in results],
        ):
            for names in part:
                columns.extend(k for k in names if k not in columns)
        return columns

    def append_results(self, fresh: list[CaseResult], everything: list[CaseResult]) -> None:
        """Add ``fresh`` rows to results.csv: appended, or the whole file again (``everything``, the rows
        already written and these) when they bring a column the file does not have yet."""
        known = set(self.columns)
        if self.columns and all(name in known for name in self.results_columns(fresh)):
            out = io.StringIO()
            csv.DictWriter(out, self.columns, lineterminator="\n").writerows(r.row() for r in fresh)
            with open(self.path / "results.csv", "a", newline="") as handle:
                handle.write(out.getvalue())
            return
        self._write(everything, self.results_columns(everything))

    def write_results(self, results: list[CaseResult]) -> None:
        """results.csv in full, in case order (at the end of a run)."""
        ordered = sorted(results, key=lambda r: r.case.index)
        self._write(ordered, self.results_columns(ordered))

    def _write(self, results: list[CaseResult], columns: list[str]) -> None:
        out = io.StringIO()
        writer = csv.DictWriter(out, columns or list(BASE_COLUMNS + RESULT_COLUMNS), lineterminator="\n")
        writer.writeheader()
        writer.writerows(r.row() for r in results)
        write_atomic(self.path / "results.csv", out.getvalue())
        self.columns = columns

    def write_noise(self, noise: Any) -> None:
        """noise.csv: each repeated case's runs, mean and SD (a ``noise.Noise``)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("case", "key", "runs", "mean", "sd"))
        writer.writerows((c.case, c.key, c.runs, exact_text(c.mean), exact_text(c.sd)) for c in noise.cases)
        write_atomic(self.path / "noise.csv", out.getvalue())

    def write_meta(self, meta: dict[str, Any]) -> None:
        text = json.dumps(meta, indent=2, sort_keys=True) + "\n"
        try:
            write_atomic(self.path / "run.json", text)
        except OSError as error:
            if error.errno != errno.ENOSPC:
                raise
            # A full disk has no room for a second copy, but run.json's own blocks hold the new one:
            # a run that says "failed" beats a run that says "running" for ever.
            (self.path / "run.json").write_text(text)


# ------------------------------------------------------------------ reading what runs wrote
def status_now(meta: dict[str, Any]) -> str:
    """A run's status as it is now: "killed" for a run that says "running" but whose process, on
    this machine, is gone (a kill -9, a power cut: nothing could write its last status)."""
    status = str(meta.get("status") or "?")
    if status != "running" or meta.get("host") != socket.gethostname() or not isinstance(meta.get("pid"), int):
        return status
    try:
        os.kill(meta["pid"], 0)
    except ProcessLookupError:
        return "killed"
    except (PermissionError, OverflowError):
        pass
    return status


def finite(value: Any) -> int | float | None:
    """A finite number from a CSV cell, or None (an edited file may hold 'abc', 'nan' or '1e309'); a
    whole number is an int, exactly (a score of 2^64 - 1 stays one), within a float's range."""
    number = exact_number(value)
    return number if number is not None and is_finite(number) else None


def csv_rows(path: Path, needed: tuple[str, ...], what: str) -> list[tuple[int, dict[str, Any]]]:
    """(line, row) of a CSV file the workbench wrote, as a spreadsheet may have saved it again (a
    UTF-8 byte order mark, ';' between the cells); WorkbenchError names the file and what is wrong."""
    text = read_text(path).removeprefix("\ufeff")
    header = text.split("\n", 1)[0]
    delimiter = ";" if header.count(";") > header.count(",") else ","
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    columns = reader.fieldnames or []
    missing = [c for c in needed if c not in columns]
    if missing:
        raise WorkbenchError(
            f"{path} is not {what}: it has no {', '.join(missing)} column (its first line: {header[:80]!r})"
        )
    rows = []
    for line, row in enumerate(reader, start=2):
        if None in row or any(row[c] is None for c in needed):
            raise WorkbenchError(f"{path}: line {line}: {len(columns)} cells expected")
        rows.append((line, row))
    return rows


# What run.json's keys hold, as a batch writes them: an edited file (or one from elsewhere) is refused
# naming the key, before a compare, a rerun or an import trips over it.
_META_TYPES = {
    "puzzle": (str,),
    "kind": (str,),
    "objective": (str,),
    "label": (str,),
    "command": (str,),
    "solver": (str,),
    "params": (dict,),
    "seconds": (int, float),
    "nodes": (int,),
    "started": (str,),
    "status": (str,),
    "cases": (int,),
    "finished": (int,),
    "features": (list,),
    "case_set": (str,),
    "generator_options": (dict,),
    "instance_options": (dict,),
    "jobs": (int,),
    "solver_seed": (int,),
    "dask": (str,),
    "cwd": (str,),
    "best_known": (str,),
    "best_frozen": (bool,),
    "time_by": (str,),
    "contest_file": (str,),
    "program": (dict,),
    "command_line": (list,),
}
_TYPE_NAMES = {
    str: "text",
    dict: "an object {...}",
    int: "a whole number",
    float: "a number",
    list: "a list",
    bool: "true or false",
}
_COUNT_MAX = 2**63 - 1  # what the run database's INTEGER holds
# What only describes a run (its time, its words) is checked as it is imported into the database, whose
# columns it fills; reading a run folder needs the rest, which compare and rerun act on.
_DESCRIPTIVE = {"started", "status", "label", "kind", "features", "case_set", "command_line", "program"}


def check_meta(where: Path, meta: dict[str, Any], descriptive: bool = True) -> None:
    """WorkbenchError naming ``where`` (a run.json) and the key of the first value that is not what a
    batch writes there: of another type, an objective other than max and min, a count out of range
    (the keys that only describe the run too, unless not ``descriptive``)."""
    for key, kinds in _META_TYPES.items():
        if not descriptive and key in _DESCRIPTIVE:
            continue
        value = meta.get(key)
        if value is not None and (not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)):
            raise WorkbenchError(
                f"{where}: {key} must be {' or '.join(_TYPE_NAMES[k] for k in kinds)}, "
                f"got {shown(json.dumps(value), 40)}"
            )
    if meta.get("objective") not in (None, "max", "min"):
        raise WorkbenchError(f'{where}: objective must be "max" or "min", got {shown(meta["objective"])}')
    if isinstance(meta.get("seconds"), float) and not math.isfinite(meta["seconds"]):
        raise WorkbenchError(f"{where}: seconds must be a finite number, got {meta['seconds']}")
    for key, low in (("cases", 0), ("finished", 0), ("jobs", 1)):  # counts (a solver seed may be any int)
        value = meta.get(key)
        if value is not None and not low <= value <= _COUNT_MAX:
            raise WorkbenchError(f"{where}: {key} must be a whole number {low}..2^63-1, got {shown(str(value), 40)}")


def read_run(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A run folder's run.json and results.csv rows; WorkbenchError names the file and the line when
    either is not what a run writes (an edited file, a spreadsheet's save)."""
    path = Path(path)
    csv_path = path / "results.csv"
    if not csv_path.is_file():
        raise WorkbenchError(f"{path} is not a batch run folder (no results.csv)")
    rows = []
    for line, row in csv_rows(csv_path, ("case", "score", "verdict", "key"), "a run's results"):
        if finite(row["score"]) is None:
            raise WorkbenchError(f"{csv_path}: line {line}: the score {row['score'][:30]!r} is not a number")
        rows.append(row)
    meta = {}
    if (path / "run.json").is_file():
        try:
            meta = json.loads(read_text(path / "run.json"))
        except json.JSONDecodeError as error:
            raise WorkbenchError(f"{path / 'run.json'}: {error}") from None
        if not isinstance(meta, dict):
            raise WorkbenchError(f"{path / 'run.json'} is not a run's description (not a JSON object)")
        check_meta(path / "run.json", meta, descriptive=False)
    return meta, rows


def run_file(folder: Path, relative: str, what: str) -> Path:
    """The file a results.csv row names (its ``what``: "answer", "input"…) in the run folder ``folder``.
    WorkbenchError when the path leads out of the folder (``..``, an absolute path, a link): an edited
    or received results.csv must not make the workbench show or run any file of the machine."""
    folder = Path(folder)
    path = folder / relative
    try:
        inside = path.resolve().is_relative_to(folder.resolve())
        path.is_file()  # a name too long for the file system says so here, not later
    except (OSError, ValueError) as error:  # a NUL byte, a name too long
        raise WorkbenchError(
            f"{folder}: the {what} of a case, {shown(str(relative), 100)}, is no file name: "
            f"{getattr(error, 'strerror', None) or error} (results.csv was edited?)"
        ) from None
    if not inside:
        raise WorkbenchError(
            f"{folder}: the {what} of a case, {str(relative)[:200]!r}, is not in the run folder: "
            "not read (results.csv was edited?)"
        )
    return path


def previous_run(folder: Path, puzzle_id: str) -> Path | None:
    """The latest other run of ``puzzle_id`` beside ``folder`` (same runs folder), or None; a folder
    whose files are not a run's is passed over."""
    folder = Path(folder)
    found = []
    for other in folder.parent.iterdir() if folder.parent.is_dir() else ():
        if other == folder or not (other / "results.csv").is_file() or not (other / "run.json").is_file():
            continue
        try:
            meta = json.loads(read_text(other / "run.json"))
        except (WorkbenchError, json.JSONDecodeError):
            continue
        if isinstance(meta, dict) and meta.get("puzzle") == puzzle_id and meta.get("finished"):
            found.append((str(meta.get("started", "")), other.name, other))
    return max(found)[2] if found else None
