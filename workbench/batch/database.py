"""The run database: every run and every case of it, in SQLite beside the run folders.

``runs/runs.sqlite`` (a contest's: in its own ``runs/``) holds what a run is (its puzzle or
contest, command or solver and parameters, budget, label, comment, the git commit and diff stat
of the program's folder) and each case as it finishes (score, relative score, verdict, time,
features and reported data). The run folders and their CSV stay as exports.

SQLite in WAL mode with a busy timeout: batches running at once, the app and a tuning study
share the file safely. Only the batch's own process writes (never a Dask worker).
"""

from __future__ import annotations

import json
import math
import shutil
import sqlite3
import subprocess
import time
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Iterator

from workbench.core.errors import WorkbenchError

from .results import status_now

FILE_NAME = "runs.sqlite"
BUSY_MILLISECONDS = 30_000
SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    folder TEXT UNIQUE NOT NULL,
    puzzle TEXT NOT NULL,
    kind TEXT,
    objective TEXT,
    label TEXT,
    comment TEXT,
    command TEXT,
    solver TEXT,
    params TEXT,
    seconds REAL,
    nodes INTEGER,
    started TEXT,
    status TEXT,
    cases INTEGER,
    git_commit TEXT,
    git_diff TEXT,
    meta TEXT,
    program_file TEXT,
    program_hash TEXT,
    case_set TEXT
);
CREATE TABLE IF NOT EXISTS cases (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    label TEXT,
    seed INTEGER,
    score REAL,
    relative REAL,
    seconds REAL,
    cpu_seconds REAL,
    verdict TEXT,
    message TEXT,
    columns TEXT,
    PRIMARY KEY (run_id, name)
);
CREATE INDEX IF NOT EXISTS cases_by_key ON cases(key);
"""
# Columns added since the first version of the schema: a database made before gets them on first use.
ADDED_COLUMNS = {"runs": (("program_file", "TEXT"), ("program_hash", "TEXT"), ("case_set", "TEXT")),
                 "cases": (("cpu_seconds", "REAL"),)}


def database_path(runs_root: Path) -> Path:
    return Path(runs_root) / FILE_NAME


@contextmanager
def connect(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection in WAL mode that waits for other writers; WorkbenchError names a bad file."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(path, timeout=BUSY_MILLISECONDS / 1000, isolation_level=None)) as db:
            _use_wal(db)
            db.execute(f"PRAGMA busy_timeout={BUSY_MILLISECONDS}")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(SCHEMA)
            _add_columns(db)
            db.row_factory = sqlite3.Row
            yield db
    except sqlite3.DatabaseError as error:
        raise WorkbenchError(f"cannot use the run database {path}: {error}{_full_disk(path)}") from None


def _add_columns(db: sqlite3.Connection) -> None:
    for table, columns in ADDED_COLUMNS.items():
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        for name, kind in columns:
            if name not in have:
                try:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
                except sqlite3.OperationalError as error:  # another process added it just now
                    if "duplicate column" not in str(error):
                        raise


def case_set(keys) -> str:
    """A short name for a set of cases (by their keys): runs with the same one ran the same cases."""
    import hashlib

    return hashlib.sha1("\n".join(sorted(keys)).encode()).hexdigest()[:12]


def _use_wal(db: sqlite3.Connection) -> None:
    """Switch to WAL. Two batches creating the database at the same moment both switch, and
    SQLite answers the loser "database is locked" at once, without its busy timeout: wait and
    try again (a batch failed this way when two were started together)."""
    deadline = time.monotonic() + BUSY_MILLISECONDS / 1000
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _full_disk(path: Path) -> str:
    """SQLite says "disk I/O error" for a full disk; the user is told which it is."""
    try:
        return "; No space left on device" if shutil.disk_usage(path.parent).free < 64 * 1024 else ""
    except OSError:
        return ""


def _loaded(text: str | None) -> dict:
    try:
        found = json.loads(text or "{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def git_state(folder: str | None) -> tuple[str, str]:
    """(commit, diff stat) of the git repository ``folder`` is in; ("", "") outside one."""
    if not folder:
        return "", ""

    def git(*args: str) -> str:
        try:
            done = subprocess.run(["git", "-C", folder, *args], capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            return ""
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "HEAD")
    return (commit, git("diff", "--stat", "HEAD")[-2000:]) if commit else ("", "")


def _number(value) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _seed(value) -> int | None:
    return int(value) if str(value).isdigit() else None


RUN_COLUMNS = ("case", "name", "seed", "score", "relative", "time_s", "cpu_s", "verdict", "message", "key",
               "answer", "input")


class RunDatabase:
    def __init__(self, path: Path):
        self.path = Path(path)

    # ------------------------------------------------------------ a run as it goes
    def start_run(self, folder: Path, meta: dict, comment: str = "") -> int:
        commit, diff = git_state(meta.get("cwd")) if meta.get("command") else ("", "")
        with connect(self.path) as db:
            db.execute("BEGIN IMMEDIATE")
            folder = Path(folder).resolve()
            db.execute("DELETE FROM runs WHERE folder = ?", (str(folder),))  # the same folder again: its latest
            cursor = db.execute(
                "INSERT INTO runs (folder, puzzle, kind, objective, label, comment, command, solver, params, "
                "seconds, nodes, started, status, cases, git_commit, git_diff, meta, program_file, program_hash, "
                "case_set) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (str(folder), meta.get("puzzle", ""), meta.get("kind"), meta.get("objective"), meta.get("label"),
                 comment, meta.get("command"), meta.get("solver"), json.dumps(meta.get("params") or {}),
                 meta.get("seconds"), meta.get("nodes"), meta.get("started"), meta.get("status"), meta.get("cases"),
                 commit, diff, json.dumps(meta, sort_keys=True), (meta.get("program") or {}).get("file"),
                 (meta.get("program") or {}).get("sha256"), meta.get("case_set")))
            db.execute("COMMIT")
            return int(cursor.lastrowid)

    def add_case(self, run_id: int, row: dict) -> None:
        self.add_cases(run_id, [row])

    def add_cases(self, run_id: int, rows: list[dict]) -> None:
        """Cases of a run, in one transaction (a batch writes those finished since the last write)."""
        values = []
        for row in rows:
            columns = {k: v for k, v in row.items() if k not in RUN_COLUMNS}
            values.append((run_id, row["name"], row["key"], str(row["case"]), _seed(row.get("seed")),
                           _number(row["score"]), _number(row.get("relative")), _number(row.get("time_s")),
                           _number(row.get("cpu_s")), row["verdict"], row.get("message", ""),
                           json.dumps(columns, default=str)))
        if not values:
            return
        with connect(self.path) as db:
            db.execute("BEGIN IMMEDIATE")
            db.executemany("INSERT OR REPLACE INTO cases (run_id, name, key, label, seed, score, relative, "
                           "seconds, cpu_seconds, verdict, message, columns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                           "?, ?)", values)
            db.execute("COMMIT")

    def finish_run(self, run_id: int, meta: dict) -> None:
        with connect(self.path) as db:
            db.execute("UPDATE runs SET status = ?, meta = ? WHERE id = ?",
                       (meta.get("status"), json.dumps(meta, sort_keys=True), run_id))

    def comment(self, run_id: int, text: str) -> None:
        with connect(self.path) as db:
            if db.execute("UPDATE runs SET comment = ? WHERE id = ?", (text, run_id)).rowcount == 0:
                raise WorkbenchError(f"no run {run_id} in {self.path}")

    # ------------------------------------------------------------ reading
    def runs(self, puzzle: str | None = None) -> list[dict]:
        """Every run (of ``puzzle``), oldest first, with its case count, how many are OK and failed
        (``failed``: verdict -> count), the mean score over its OK cases and the mean relative score
        (a failed case 0)."""
        if not self.path.is_file():
            return []
        where, args = ("WHERE runs.puzzle = ? ", (puzzle,)) if puzzle else ("", ())
        with connect(self.path) as db:
            found = db.execute(
                "SELECT runs.*, COUNT(cases.name) AS finished, "
                "AVG(CASE WHEN cases.verdict = 'OK' THEN cases.score END) AS mean_score, "
                "AVG(CASE WHEN cases.verdict = 'OK' THEN cases.relative ELSE 0 END) AS mean_relative, "
                "AVG(cases.cpu_seconds) AS mean_cpu, AVG(cases.seconds) AS mean_seconds, "
                "SUM(cases.verdict = 'OK') AS ok FROM runs LEFT JOIN cases ON cases.run_id = runs.id "
                + where + "GROUP BY runs.id ORDER BY runs.started, runs.id", args).fetchall()
            verdicts = db.execute(
                "SELECT cases.run_id, cases.verdict, COUNT(*) FROM cases JOIN runs ON runs.id = cases.run_id "
                "WHERE cases.verdict != 'OK' " + where.replace("WHERE", "AND")
                + "GROUP BY cases.run_id, cases.verdict", args).fetchall()
        failed: dict[int, dict] = {}
        for run_id, verdict, count in verdicts:
            failed.setdefault(run_id, {})[verdict] = count
        runs = [dict(r) for r in found]
        for run in runs:
            run["failed"] = failed.get(run["id"], {})
            if run["status"] == "running":
                run["status"] = status_now({**_loaded(run["meta"]), "status": "running"})
        return runs

    def cases(self, run_id: int) -> list[dict]:
        """A run's cases as results.csv rows (features and data among the columns)."""
        with connect(self.path) as db:
            found = db.execute("SELECT * FROM cases WHERE run_id = ? ORDER BY rowid", (run_id,)).fetchall()
        rows = []
        for r in found:
            row = {"case": r["label"], "name": r["name"], "seed": "" if r["seed"] is None else r["seed"]}
            row.update(json.loads(r["columns"] or "{}"))
            row.update({"score": r["score"] if r["score"] is not None else 0, "relative": r["relative"],
                        "time_s": r["seconds"], "cpu_s": r["cpu_seconds"], "verdict": r["verdict"],
                        "message": r["message"], "key": r["key"]})
            rows.append(row)
        return rows

    def run_id(self, folder: Path) -> int | None:
        if not self.path.is_file():
            return None
        with connect(self.path) as db:
            found = db.execute("SELECT id FROM runs WHERE folder = ?", (str(Path(folder).resolve()),)).fetchone()
        return None if found is None else int(found["id"])
