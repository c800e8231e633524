"""A batch's results: one row per case, the run folder, and the best-known scores.

Run folder (``--out``): ``results.csv`` (one row per finished case), ``answers/``,
``inputs/`` (so a run can be reopened and compared on its own), ``stderr/``
(the last lines a program wrote) and ``run.json`` (how the run was made).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from workbench.core.errors import WorkbenchError
from workbench.core.files import read_text, write_atomic

from .cases import BatchCase

VERDICTS = ("OK", "WA", "TLE", "RE", "FAIL")  # FAIL: the case itself could not be read
BASE_COLUMNS = ("case", "name", "seed")
RESULT_COLUMNS = ("score", "relative", "time_s", "verdict", "message", "key", "answer", "input")


@dataclass
class CaseResult:
    case: BatchCase
    score: float
    verdict: str
    message: str
    seconds: float
    features: dict = field(default_factory=dict)
    facts: dict = field(default_factory=dict)
    relative: float = 0.0
    stderr_tail: str = ""
    answer: str | None = None
    data: dict = field(default_factory=dict)  # what the program reported ("[DATA] name = value")

    def data_columns(self) -> dict:
        """The reported data as columns; a name that a column already has gets "data " before it."""
        taken = set(BASE_COLUMNS) | set(RESULT_COLUMNS) | set(self.features)
        return {(f"data {k}" if k in taken or k.startswith("fact ") else k): v for k, v in self.data.items()}

    def row(self) -> dict:
        row = {"case": self.case.label, "name": self.case.name,
               "seed": "" if self.case.seed is None else self.case.seed}
        row.update(self.features)
        row.update(self.data_columns())
        row.update({"score": full_number(self.score), "relative": f"{self.relative:.6f}",
                    "time_s": f"{self.seconds:.3f}", "verdict": self.verdict, "message": self.message,
                    "key": self.case.key, "answer": f"answers/{self.case.name}.out" if self.answer else "",
                    "input": f"inputs/{self.case.name}.txt"})
        row.update({f"fact {k}": v for k, v in self.facts.items()})
        return row


def plain_number(value: float) -> str:
    """A score in full: whole numbers without a decimal point, others to six places (no exponent)."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.6f}".rstrip("0").rstrip(".")


def full_number(value: float) -> str:
    """A score exactly as computed (for files): whole numbers plain, others to the last digit."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


# ------------------------------------------------------------------ best known
class BestKnown:
    """The best score seen for each case (by input and options), kept in one CSV per puzzle or contest.

    ``objective`` says which way is better ("max" or "min"). A ``frozen`` file is read but never
    written, so relative scores of several runs stay on one scale (and may pass 1.0).
    """

    COLUMNS = ("key", "case", "score", "run")

    def __init__(self, path: Path, objective: str = "max", frozen: bool = False):
        self.path = Path(path)
        self.objective = objective
        self.frozen = frozen
        self.best: dict[str, dict] = self._read()

    def _read(self) -> dict[str, dict]:
        best: dict[str, dict] = {}
        if self.path.is_file():
            for row in csv.DictReader(io.StringIO(read_text(self.path))):
                try:
                    row["score"] = float(row["score"])
                except (KeyError, TypeError, ValueError):
                    continue
                if row.get("key"):
                    best[row["key"]] = row
        return best

    def better(self, score: float, than: float | None) -> bool:
        if than is None:
            return True
        return score > than if self.objective == "max" else score < than

    def score(self, key: str) -> float | None:
        row = self.best.get(key)
        return None if row is None else row["score"]

    def relative(self, result: CaseResult) -> float:
        """AHC's relative score: score / best for "max", best / score for "min"; 1.0 is the best
        anyone got (this run included, unless the best is frozen). A case that is not OK gets 0."""
        if result.verdict != "OK":
            return 0.0
        known = self.score(result.case.key)
        best = known if self.frozen and known is not None else (
            result.score if self.better(result.score, known) else known)
        if self.objective == "max":
            return 1.0 if best <= 0 else result.score / best
        return 1.0 if result.score <= 0 else best / result.score

    def update(self, results: Iterable[CaseResult], run: str) -> int:
        """Record better scores; return how many cases got a new best.

        The file is re-read under a lock and merged, so runs finishing at once never undo
        each other's bests."""
        if self.frozen:
            return 0
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            self.best = self._read()
            improved = 0
            for result in results:
                if result.verdict != "OK":
                    continue
                if self.better(result.score, self.score(result.case.key)):
                    self.best[result.case.key] = {"key": result.case.key, "case": result.case.label,
                                                  "score": result.score, "run": run}
                    improved += 1
            out = io.StringIO()
            writer = csv.DictWriter(out, self.COLUMNS, lineterminator="\n", extrasaction="ignore")
            writer.writeheader()
            for row in sorted(self.best.values(), key=lambda r: str(r["case"])):
                writer.writerow({**row, "score": full_number(row["score"])})
            write_atomic(self.path, out.getvalue())
        return improved


# ------------------------------------------------------------------ the run folder
class RunFolder:
    def __init__(self, path: Path):
        self.path = Path(path)
        for sub in ("answers", "inputs", "stderr"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)

    def write_case(self, result: CaseResult) -> None:
        name = result.case.name
        write_atomic(self.path / "inputs" / f"{name}.txt", result.case.input_text)
        if result.answer is not None:
            write_atomic(self.path / "answers" / f"{name}.out", result.answer)
        if result.stderr_tail:
            write_atomic(self.path / "stderr" / f"{name}.txt", result.stderr_tail + "\n")

    def write_results(self, results: list[CaseResult]) -> None:
        ordered = sorted(results, key=lambda r: r.case.index)
        rows = [r.row() for r in ordered]
        # Features, then reported data, then results, then facts, whichever case first has each:
        # a column between "seed" and "score" is something to group and filter by.
        columns = list(BASE_COLUMNS)
        for part in ([list(r.features) for r in ordered], [list(r.data_columns()) for r in ordered],
                     [list(RESULT_COLUMNS)], [[f"fact {k}" for k in r.facts] for r in ordered]):
            for names in part:
                columns.extend(k for k in names if k not in columns)
        out = io.StringIO()
        writer = csv.DictWriter(out, columns or list(BASE_COLUMNS + RESULT_COLUMNS), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        write_atomic(self.path / "results.csv", out.getvalue())

    def write_meta(self, meta: dict) -> None:
        write_atomic(self.path / "run.json", json.dumps(meta, indent=2, sort_keys=True) + "\n")


def read_run(path: Path) -> tuple[dict, list[dict]]:
    """A run folder's run.json and results.csv rows (FormatError-free: WorkbenchError names the file)."""
    path = Path(path)
    csv_path = path / "results.csv"
    if not csv_path.is_file():
        raise WorkbenchError(f"{path} is not a batch run folder (no results.csv)")
    rows = list(csv.DictReader(io.StringIO(read_text(csv_path))))
    meta = {}
    if (path / "run.json").is_file():
        try:
            meta = json.loads(read_text(path / "run.json"))
        except json.JSONDecodeError as error:
            raise WorkbenchError(f"{path / 'run.json'}: {error}") from None
    return meta, rows


def previous_run(folder: Path, puzzle_id: str) -> Path | None:
    """The latest other run of ``puzzle_id`` beside ``folder`` (same runs folder), or None."""
    folder = Path(folder)
    found = []
    for other in folder.parent.iterdir() if folder.parent.is_dir() else ():
        if other == folder or not (other / "results.csv").is_file() or not (other / "run.json").is_file():
            continue
        try:
            meta = json.loads(read_text(other / "run.json"))
        except (WorkbenchError, json.JSONDecodeError):
            continue
        if meta.get("puzzle") == puzzle_id and meta.get("finished"):
            found.append((meta.get("started", ""), other.name, other))
    return max(found)[2] if found else None
