"""The run database: every run and every case of it, in SQLite beside the run folders.

``runs/runs.sqlite`` (a contest's: in its own ``runs/``) holds what a run is (its puzzle or
contest, command or solver and parameters, budget, label, comment, the git commit and diff stat
of the program's folder) and each case as it finishes (score, relative score, verdict, time,
features and reported data). The run folders and their CSV stay as exports.

SQLite in WAL mode with a busy timeout: batches running at once, the app and a tuning study
share the file safely. Only the batch's own process writes (never a Dask worker).

The database is the record, whatever happens to the file while a run goes on: a run whose row is
gone (the file deleted, or replaced by a copy) is written again whole from what its process keeps;
cases that cannot be stored (the file locked by another process, or no database any more) wait and
go in with the next one. Reading never writes (a database on a read-only disk is listed), a path
that is not a regular file is refused before SQLite touches it, and an import is checked whole and
stored in one transaction, never over a run the database holds.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import time
import urllib.parse
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.core.errors import WorkbenchError, escaped, shown, utf8_text
from workbench.core.files import check_folder, file_kind, read_text, same_file, write_atomic
from workbench.core.judge_text import plain_natural

from .live import LiveTrace
from .report import mean
from .results import VERDICTS, check_meta, finite, status_now

FILE_NAME = "runs.sqlite"
BUSY_MILLISECONDS = 30_000
LOCK_NOTICE_MILLISECONDS = 1_000  # a lock held longer than this is said while it is waited for
FINISH_SECONDS = 600  # how long a finishing run waits for a database another process keeps locked
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
    seed_exact TEXT,
    score_exact TEXT,
    PRIMARY KEY (run_id, name)
);
CREATE INDEX IF NOT EXISTS cases_by_key ON cases(key);
CREATE TABLE IF NOT EXISTS case_live (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    trace TEXT NOT NULL,
    PRIMARY KEY (run_id, name)
);
"""
# case_live: what a case's program said while it ran (batch.live.LiveTrace as JSON: its [SCORE]
# series, its snapshots' times and scores); a database made before it gets the table on first use.
# seed_exact, score_exact: a seed past 2^63 - 1 (SQLite's INTEGER) or a whole score past 2^53 (what a REAL
# holds exactly) in full, as text; the seed and score columns then hold the nearest float (for sorting and
# means). NULL when those columns hold the value exactly.
# Columns added since the first version of the schema: a database made before gets them on first use.
ADDED_COLUMNS = {
    "runs": (("program_file", "TEXT"), ("program_hash", "TEXT"), ("case_set", "TEXT")),
    "cases": (("cpu_seconds", "REAL"), ("seed_exact", "TEXT"), ("score_exact", "TEXT")),
}
INTEGER_MAX = 2**63 - 1  # SQLite's INTEGER: a larger Python int is refused ("Python int too large")
FLOAT_EXACT = 2**53  # a REAL holds every whole number up to this exactly


class DatabaseLocked(WorkbenchError):
    """Another process kept the database locked past the busy timeout."""


COMMENT_FILE = "comment.txt"  # a run folder's comment, as 'runs comment' set it last


def database_path(runs_root: Path) -> Path:
    return Path(runs_root) / FILE_NAME


def _refuse_other_files(path: Path) -> None:
    """A database is a regular file: SQLite on a device or a pipe would block, fail with "disk I/O
    error", or leave NAME-journal beside it."""
    if path.exists() and not path.is_file():
        raise WorkbenchError(
            f"the run database {path} is {file_kind(path)}, not a file: give --database a file name (runs.sqlite)"
        )


@contextmanager
def connect(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection in WAL mode that waits for other writers; WorkbenchError names a bad file."""
    path = Path(path)
    _refuse_other_files(path)
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
        kind = DatabaseLocked if "locked" in str(error) else WorkbenchError
        raise kind(f"cannot use the run database {path}: {error}{_full_disk(path)}{_read_only(path)}") from None
    except OSError as error:
        raise WorkbenchError(f"cannot use the run database {path}: {error.strerror or error}") from None


@contextmanager
def reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection: nothing is created or switched, so a database on a read-only disk
    (a colleague's share, a backup) can be listed. SQLite needs to make the -shm file beside a WAL
    database even to read it; where it cannot, the file is read as immutable (nothing can change
    it there)."""
    path = Path(path)
    _refuse_other_files(path)
    uri = "file:" + urllib.parse.quote(str(path.resolve())) + "?mode=ro"
    try:
        for extra in ("", "&immutable=1"):
            db = sqlite3.connect(uri + extra, uri=True, timeout=BUSY_MILLISECONDS / 1000, isolation_level=None)
            try:
                db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
                break
            except sqlite3.OperationalError as error:
                db.close()
                if extra or "unable to open" not in str(error):
                    raise
        with closing(db):
            _added_columns_as_null(db)
            db.row_factory = sqlite3.Row
            yield db
    except sqlite3.DatabaseError as error:
        raise WorkbenchError(f"cannot read the run database {path}: {error}") from None


def _has_runs(db: sqlite3.Connection) -> bool:
    """Whether the database holds the runs at all (a file only a tuning study has written does not)."""
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cases'").fetchone() is not None


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


def _added_columns_as_null(db: sqlite3.Connection) -> None:
    """A database made before a column was added, read where it cannot be changed: the column reads as
    NULL, through a view in the connection's own temporary schema (which shadows the table)."""
    for table, columns in ADDED_COLUMNS.items():
        have = {row[1] for row in db.execute(f"PRAGMA main.table_info({table})")}
        missing = [name for name, _ in columns if name not in have]
        if have and missing:
            db.execute(
                f"CREATE TEMP VIEW {table} AS SELECT *, {', '.join(f'NULL AS {n}' for n in missing)} FROM main.{table}"
            )


def case_set(keys: Iterable[Any]) -> str:
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


def _read_only(path: Path) -> str:
    """A database that can be read but not changed: the user is told why a change failed."""
    writable = os.access(path.parent, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))
    return "" if writable else "; it is read-only here: it can be listed, not changed"


def _full_disk(path: Path) -> str:
    """SQLite says "disk I/O error" for a full disk; the user is told which it is."""
    try:
        return "; No space left on device" if shutil.disk_usage(path.parent).free < 64 * 1024 else ""
    except OSError:
        return ""


def loaded(text: str | None) -> dict[str, Any]:
    """A JSON object stored as text ({} for anything else: an edited or imported value)."""
    try:
        found = json.loads(text or "{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def describe_run(run: dict[str, Any]) -> str:
    """What a run ran: its command, or its solver and parameters."""
    if run.get("command"):
        return str(run["command"])
    params = " ".join(f"{k}={v}" for k, v in loaded(run.get("params")).items())
    return f"{run.get('solver') or ''} {params}".strip()


def storable(value: Any) -> Any:
    """``value`` as SQLite can keep it: text whose bytes were not UTF-8 (a Latin-1 comment from a
    script reaches Python as lone surrogates, which SQLite refuses) is kept with them as \\xNN; an int
    past SQLite's INTEGER (an edited run.json's count) as the nearest float, or as text past a float's range."""
    if isinstance(value, str):
        return utf8_text(value)
    if isinstance(value, int) and not isinstance(value, bool) and not -INTEGER_MAX - 1 <= value <= INTEGER_MAX:
        return _nearest_float(value)
    return value


def _nearest_float(value: int) -> float | str:
    try:
        return float(value)
    except OverflowError:
        return str(value)


def _column_and_exact(value: Any, limit: int) -> tuple[Any, ...]:
    """(what a numeric column keeps of ``value``, its full text when that is not ``value`` exactly)."""
    if isinstance(value, int) and abs(value) > limit:
        return _nearest_float(value), str(value)
    return value, None


def _whole(value: Any) -> Any:
    """A whole score read from a REAL column as the int it was (so a mean with scores in full stays exact)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _exact(stored: Any, exact: str | None) -> Any:
    """A seed or score as read from the database: in full where a column of text holds it."""
    return stored if exact is None else int(exact)


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


RUN_COLUMNS = (
    "case",
    "name",
    "seed",
    "score",
    "relative",
    "time_s",
    "cpu_s",
    "verdict",
    "message",
    "key",
    "answer",
    "input",
)
RUN_FIELDS = (
    "folder",
    "puzzle",
    "kind",
    "objective",
    "label",
    "comment",
    "command",
    "solver",
    "params",
    "seconds",
    "nodes",
    "started",
    "status",
    "cases",
    "git_commit",
    "git_diff",
    "meta",
    "program_file",
    "program_hash",
    "case_set",
)
CASE_FIELDS = (
    "name",
    "key",
    "label",
    "seed",
    "score",
    "relative",
    "seconds",
    "cpu_seconds",
    "verdict",
    "message",
    "columns",
    "seed_exact",
    "score_exact",
)


NUMBER_FIELDS = ("score", "relative", "seconds", "cpu_seconds")


def _run_values(folder: Path, meta: dict[str, Any], comment: str, commit: str = "", diff: str = "") -> tuple[Any, ...]:
    program = meta.get("program")
    if not isinstance(program, dict):
        program = {}
    return tuple(
        storable(v)
        for v in (
            str(folder),
            meta.get("puzzle", ""),
            meta.get("kind"),
            meta.get("objective"),
            meta.get("label"),
            comment,
            meta.get("command"),
            meta.get("solver"),
            json.dumps(meta.get("params") or {}),
            meta.get("seconds"),
            meta.get("nodes"),
            meta.get("started"),
            meta.get("status"),
            meta.get("cases"),
            commit,
            diff,
            json.dumps(meta, sort_keys=True),
            program.get("file"),
            program.get("sha256"),
            meta.get("case_set"),
        )
    )


LIVE_KEY = "live trace"  # a row's LiveTrace, as JSON (the database's case_live table; never a column)


def _case_values(row: dict[str, Any]) -> tuple[Any, ...]:
    """A case's values for the cases table, and last its live trace's JSON (or None)."""
    columns = {k: v for k, v in row.items() if k not in RUN_COLUMNS and k != LIVE_KEY}
    seed, seed_exact = _column_and_exact(plain_natural(str(row.get("seed", ""))), INTEGER_MAX)
    score, score_exact = _column_and_exact(finite(row["score"]), FLOAT_EXACT)
    return tuple(
        storable(v)
        for v in (
            row["name"],
            row["key"],
            str(row["case"]),
            seed,
            score,
            finite(row.get("relative")),
            finite(row.get("time_s")),
            finite(row.get("cpu_s")),
            row["verdict"],
            row.get("message", ""),
            json.dumps(columns, default=str),
            seed_exact,
            score_exact,
            row.get(LIVE_KEY),
        )
    )


def _insert_run(db: sqlite3.Connection, values: tuple[Any, ...], run_id: int | None = None) -> int:
    fields = RUN_FIELDS if run_id is None else ("id", *RUN_FIELDS)
    cursor = db.execute(
        f"INSERT INTO runs ({', '.join(fields)}) VALUES ({', '.join('?' * len(fields))})",
        values if run_id is None else (run_id, *values),
    )
    row_id = cursor.lastrowid
    assert row_id is not None  # an INSERT sets it
    return row_id


def _insert_case(db: sqlite3.Connection, run_id: int, values: tuple[Any, ...]) -> None:
    *columns, trace = values
    db.execute(
        f"INSERT OR REPLACE INTO cases (run_id, {', '.join(CASE_FIELDS)}) "
        f"VALUES (?, {', '.join('?' * len(CASE_FIELDS))})",
        (run_id, *columns),
    )
    if trace is not None:
        db.execute(
            "INSERT OR REPLACE INTO case_live (run_id, name, trace) VALUES (?, ?, ?)", (run_id, values[0], trace)
        )


@dataclass
class _LiveRun:
    """What this process wrote of a run it is making, so the run can be written again whole when its
    row is gone (the database deleted, or replaced by a copy, while the run goes on), and the cases
    that wait while another process keeps the database locked."""

    id: int
    values: tuple[Any, ...]
    cases: dict[str, Any] = field(default_factory=dict)  # name -> the case's values
    waiting: list[Any] = field(default_factory=list)  # names of cases not stored yet
    problem: str = ""  # why the last of them could not be stored


class RunDatabase:
    def __init__(self, path: Path):
        self.path = Path(path)
        self._live: dict[int, _LiveRun] = {}  # by the id the run was given first

    def check(self, say: Callable[[str], None] = lambda text: None) -> None:
        """WorkbenchError unless runs can be written here: said before a batch makes its run folder. A
        database another process keeps locked is waited for up to the busy timeout, and ``say`` is told
        so at once (not 30 s of silence), naming the file."""
        if self.path.is_dir():
            raise WorkbenchError(f"the run database {self.path} is a folder: give --database a file name (runs.sqlite)")
        _refuse_other_files(self.path)
        try:
            check_folder(self.path.parent, create=True)
        except WorkbenchError as error:
            raise WorkbenchError(f"cannot use the run database {self.path}: {error}") from None
        with connect(self.path) as db:
            db.execute(f"PRAGMA busy_timeout={LOCK_NOTICE_MILLISECONDS}")
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                if "locked" not in str(error):
                    raise
                say(
                    f"waiting for the run database {self.path}: another process keeps it locked "
                    f"(at most {BUSY_MILLISECONDS // 1000} s)"
                )
                db.execute(f"PRAGMA busy_timeout={BUSY_MILLISECONDS - LOCK_NOTICE_MILLISECONDS}")
                db.execute("BEGIN IMMEDIATE")  # waits here, then is fine (or DatabaseLocked names the file)
            db.execute("ROLLBACK")

    # ------------------------------------------------------------ a run as it goes
    def start_run(self, folder: Path, meta: dict[str, Any], comment: str = "") -> int:
        commit, diff = git_state(meta.get("cwd")) if meta.get("command") else ("", "")
        folder = Path(folder).resolve()
        values = _run_values(folder, meta, comment, commit, diff)
        with connect(self.path) as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM runs WHERE folder = ?", (str(folder),))  # the same folder again: its latest
            run_id = _insert_run(db, values)
            db.execute("COMMIT")
        self._live[run_id] = _LiveRun(run_id, values)
        return run_id

    @staticmethod
    def _written_again(db: sqlite3.Connection, live: _LiveRun) -> bool:
        """Whether the run's row was gone, and the run is now written again whole (with its id when that
        is free, every case it had with it)."""
        found = db.execute("SELECT folder FROM runs WHERE id = ?", (live.id,)).fetchone()
        if found is not None and found["folder"] == live.values[0]:
            return False
        db.execute("DELETE FROM runs WHERE folder = ?", (live.values[0],))  # an import of it, meanwhile
        live.id = _insert_run(db, live.values, None if found is not None else live.id)
        for values in live.cases.values():
            _insert_case(db, live.id, values)
        return True

    def add_case(self, run_id: int, row: dict[str, Any]) -> None:
        self.add_cases(run_id, [row])

    def add_cases(self, run_id: int, rows: list[dict[str, Any]]) -> None:
        """Cases of a run, in one transaction (a batch writes those finished since the last write).
        A run of this process goes on when its database cannot take them (another process keeps it
        locked past the busy timeout; it was replaced by a file that is no database): they wait, and
        are stored with the next ones or as the run finishes; what could not be stored in the end is
        ``waiting``, with why."""
        values = [_case_values(row) for row in rows]
        if not values:
            return
        live = self._live.get(run_id)
        if live is None:
            with connect(self.path) as db:
                db.execute("BEGIN IMMEDIATE")
                for case in values:
                    _insert_case(db, run_id, case)
                db.execute("COMMIT")
            return
        for case in values:
            live.cases[case[0]] = case
            live.waiting.append(case[0])
        try:
            self._store(live)
        except WorkbenchError as error:  # stored with the next cases, or as the run finishes
            live.problem = str(error)

    def _store(self, live: _LiveRun, status: tuple[Any, ...] | None = None) -> None:
        """The cases waiting (and the run's status and meta), in one transaction."""
        with connect(self.path) as db:
            db.execute("BEGIN IMMEDIATE")
            if not self._written_again(db, live):
                for name in live.waiting:
                    _insert_case(db, live.id, live.cases[name])
            if status is not None:
                db.execute("UPDATE runs SET status = ?, meta = ? WHERE id = ?", (*status, live.id))
            db.execute("COMMIT")
        live.waiting.clear()
        live.problem = ""

    def finish_run(self, run_id: int, meta: dict[str, Any]) -> None:
        text = json.dumps(meta, sort_keys=True)
        status = (storable(meta.get("status")), text)
        live = self._live.get(run_id)
        if live is None:
            with connect(self.path) as db:
                db.execute("UPDATE runs SET status = ?, meta = ? WHERE id = ?", (*status, run_id))
            return
        index = RUN_FIELDS.index
        live.values = tuple(
            status[0] if i == index("status") else text if i == index("meta") else v for i, v in enumerate(live.values)
        )
        deadline = time.monotonic() + FINISH_SECONDS
        while True:
            try:
                self._store(live, status)
                return
            except DatabaseLocked as error:
                live.problem = str(error)
                if time.monotonic() > deadline:
                    raise
            except WorkbenchError as error:
                live.problem = str(error)
                raise

    def waiting(self, run_id: int) -> tuple[int, str]:
        """How many cases of a run of this process are not in the database, and why."""
        live = self._live.get(run_id)
        return (len(live.waiting), live.problem) if live is not None else (0, "")

    def comment(self, run_id: int, text: str) -> Path | None:
        """Set a run's comment, and keep it in its folder's comment.txt too, so the folder carries it
        wherever it is imported. The folder, or None when its copy could not be written (gone, read-only)."""
        with connect(self.path) as db:
            found = db.execute("SELECT folder FROM runs WHERE id = ?", (run_id,)).fetchone()
            if (
                found is None
                or db.execute("UPDATE runs SET comment = ? WHERE id = ?", (storable(text), run_id)).rowcount == 0
            ):
                raise WorkbenchError(f"no run {run_id} in {self.path}")
        folder = Path(found["folder"])
        try:
            write_atomic(folder / COMMENT_FILE, storable(text))
        except OSError:  # the database holds it: the folder's copy is only for an import elsewhere
            return None
        return folder

    def import_run(self, folder: Path, meta: dict[str, Any], rows: list[dict[str, Any]]) -> tuple[int, bool]:
        """Put a run folder's run into the database, its cases with it, in one transaction: (its id,
        True), or (the id it has, False) when the folder is recorded already: a run in the database
        (its comment, command, git facts, and a run still going) is never changed by an import.
        WorkbenchError names the file and the line or key of what is not a run's (nothing is stored)."""
        folder = Path(folder)
        check_imported(folder, meta, rows)
        resolved = folder.resolve()
        with connect(self.path) as db:
            db.execute("BEGIN IMMEDIATE")
            found = db.execute("SELECT id FROM runs WHERE folder = ?", (str(resolved),)).fetchone()
            if found is not None:
                db.execute("ROLLBACK")
                return int(found["id"]), False
            run_id = _insert_run(db, _run_values(resolved, meta, folder_comment(resolved, meta, self.path)))
            for row in rows:
                _insert_case(db, run_id, _case_values(row))
            db.execute("COMMIT")
        return run_id, True

    # ------------------------------------------------------------ reading
    def runs(self, puzzle: str | None = None) -> list[dict[str, Any]]:
        """Every run (of ``puzzle``), oldest first, with its case count, how many are OK and failed
        (``failed``: verdict -> count), the mean score over its OK cases and the mean relative score
        (a failed case 0), and its programs' wall and CPU seconds in all (``timed_seconds``,
        ``cpu_seconds``: the cases that measured CPU)."""
        if not self.path.is_file():
            return []
        where, args = ("WHERE runs.puzzle = ? ", (puzzle,)) if puzzle else ("", ())
        with reading(self.path) as db:
            if not _has_runs(db):
                return []
            found = db.execute(
                "SELECT runs.*, COUNT(cases.name) AS finished, "
                "AVG(CASE WHEN cases.verdict = 'OK' THEN cases.score END) AS mean_score, "
                "AVG(CASE WHEN cases.verdict = 'OK' THEN cases.relative ELSE 0 END) AS mean_relative, "
                "AVG(cases.cpu_seconds) AS mean_cpu, AVG(cases.seconds) AS mean_seconds, "
                "SUM(CASE WHEN cases.cpu_seconds IS NOT NULL THEN cases.seconds END) AS timed_seconds, "
                "SUM(cases.cpu_seconds) AS cpu_seconds, "
                "SUM(cases.verdict = 'OK') AS ok, SUM(cases.score_exact IS NOT NULL) AS exact "
                "FROM runs LEFT JOIN cases ON cases.run_id = runs.id "
                + where
                + "GROUP BY runs.id ORDER BY runs.started, runs.id",
                args,
            ).fetchall()
            verdicts = db.execute(
                "SELECT cases.run_id, cases.verdict, COUNT(*) FROM cases JOIN runs ON runs.id = cases.run_id "
                "WHERE cases.verdict != 'OK' " + where.replace("WHERE", "AND") + "GROUP BY cases.run_id, cases.verdict",
                args,
            ).fetchall()
            runs = [dict(r) for r in found]
            for run in runs:  # scores past what a REAL holds: their mean from the scores in full
                if run.pop("exact"):
                    scores = [
                        _whole(_exact(score, exact))
                        for score, exact in db.execute(
                            "SELECT score, score_exact FROM cases WHERE run_id = ? AND verdict = 'OK'", (run["id"],)
                        )
                    ]
                    run["mean_score"] = mean(scores) if scores else None
        failed: dict[int, dict[str, Any]] = {}
        for run_id, verdict, count in verdicts:
            failed.setdefault(run_id, {})[verdict] = count
        for run in runs:
            run["failed"] = failed.get(run["id"], {})
            if run["status"] == "running":
                run["status"] = status_now({**loaded(run["meta"]), "status": "running"})
        return runs

    def cases(self, run_id: int) -> list[dict[str, Any]]:
        """A run's cases as results.csv rows (features and data among the columns)."""
        with reading(self.path) as db:
            found = (
                db.execute("SELECT * FROM cases WHERE run_id = ? ORDER BY rowid", (run_id,)).fetchall()
                if _has_runs(db)
                else []
            )
        rows = []
        for r in found:
            for column in NUMBER_FIELDS:  # SQLite keeps 'abc' in a REAL column: an edit, another tool
                if r[column] is not None and finite(r[column]) is None:
                    raise WorkbenchError(
                        f"{self.path}: run {run_id}, case {escaped(str(r['label']))[:60]}: the "
                        f"{column} {shown(str(r[column]), 30)} is not a number (the database was edited?)"
                    )
            seed, score = _exact(r["seed"], r["seed_exact"]), _exact(r["score"], r["score_exact"])
            row = {"case": r["label"], "name": r["name"], "seed": "" if seed is None else seed}
            row.update(loaded(r["columns"]))
            row.update(
                {
                    "score": score if score is not None else 0,
                    "relative": r["relative"],
                    "time_s": r["seconds"],
                    "cpu_s": r["cpu_seconds"],
                    "verdict": r["verdict"],
                    "message": r["message"],
                    "key": r["key"],
                }
            )
            rows.append(row)
        return rows

    def traces(self, run_id: int) -> dict[str, str]:
        """The live traces of a run's cases, as stored (JSON text), by case name: only the cases whose
        program said something live (a database made before the table: none)."""
        if not self.path.is_file():
            return {}
        with reading(self.path) as db:
            if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'case_live'").fetchone() is None:
                return {}
            return {
                r["name"]: r["trace"]
                for r in db.execute("SELECT name, trace FROM case_live WHERE run_id = ?", (run_id,)).fetchall()
            }

    def run_id(self, folder: Path) -> int | None:
        if not self.path.is_file():
            return None
        with reading(self.path) as db:
            if not _has_runs(db):
                return None
            found = db.execute("SELECT id FROM runs WHERE folder = ?", (str(Path(folder).resolve()),)).fetchone()
        return None if found is None else int(found["id"])


def run_traces(folder: Path, database: Path | None = None) -> dict[str, LiveTrace]:
    """The live traces of the run in ``folder``, by case name, from its run database (``database``, or
    runs.sqlite beside the folder); none when the run is in no database."""
    base = RunDatabase(database or database_path(Path(folder).parent))
    run_id = base.run_id(folder)
    if run_id is None:
        return {}
    return {name: LiveTrace.from_json(text) for name, text in base.traces(run_id).items()}


# ------------------------------------------------------------------ what an import accepts
def folder_comment(folder: Path, meta: dict[str, Any], importing_into: Path | None = None) -> str:
    """A run folder's comment, for an import: its comment.txt (what 'runs comment' set last), else
    the comment the database it was made beside holds (a run commented before comment.txt was kept),
    else the one its batch was given (run.json)."""
    try:
        return read_text(folder / COMMENT_FILE)
    except WorkbenchError:  # none (or not text): the next place
        pass
    beside = database_path(folder.parent)
    if beside.is_file() and (importing_into is None or not same_file(beside, importing_into)):
        try:
            with reading(beside) as db:
                found = (
                    db.execute("SELECT comment FROM runs WHERE folder = ?", (str(folder),)).fetchone()
                    if _has_runs(db)
                    else None
                )
        except (WorkbenchError, sqlite3.Error):  # not a database after all: the folder's own word
            found = None
        if found is not None and found["comment"]:
            return str(found["comment"])
    comment = meta.get("comment")
    return comment if isinstance(comment, str) else ""


def check_imported(folder: Path, meta: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    """WorkbenchError naming the file and the key or line of the first thing in a run folder that is
    not what a batch writes (an edited run.json or results.csv), so no import stores it."""
    where = folder / "run.json"
    if not meta.get("puzzle"):
        raise WorkbenchError(f"{where} does not say which puzzle the run is of")
    check_meta(where, meta)
    table = folder / "results.csv"
    names: set[str] = set()
    for line, row in enumerate(rows, start=2):
        for column in ("name", "key", "case"):
            if not row.get(column):
                raise WorkbenchError(
                    f"{table}: line {line}: no {column}"
                    + ("" if column in row else f" (the file has no {column} column)")
                )
        if row["name"] in names:
            raise WorkbenchError(f"{table}: line {line}: the case {shown(row['name'])} is listed twice")
        names.add(row["name"])
        if row["verdict"] not in VERDICTS:
            raise WorkbenchError(
                f"{table}: line {line}: the verdict {shown(row['verdict'])} is not one of {', '.join(VERDICTS)}"
            )
        if row.get("seed") not in (None, "") and plain_natural(str(row["seed"])) is None:
            raise WorkbenchError(f"{table}: line {line}: the seed {shown(str(row['seed']))} is not a seed")
        for column in ("relative", "time_s"):
            if row.get(column) not in (None, "") and finite(row[column]) is None:
                raise WorkbenchError(f"{table}: line {line}: {column} {shown(str(row[column]))} is not a number")
