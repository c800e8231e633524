"""The run database under a hostile user: imports never change a run already recorded and
store nothing of a bad folder, the database is the record when it is read-only, deleted mid-run or
named as a device, and user text in it is printed as text."""

from __future__ import annotations

import contextlib
import csv
import json
import os
import sqlite3
import subprocess
import textwrap
import threading
from pathlib import Path

import pytest
from batch_cli import batch_main

from workbench.batch import database as database_module
from workbench.batch.batch_run import BatchRun
from workbench.batch.database import RunDatabase, database_path
from workbench.cli import main
from workbench.cli.batch import make_spec


def script(folder: Path, name: str, body: str) -> str:
    path = folder / name
    path.write_text("#!/bin/sh\n" + textwrap.dedent(body))
    path.chmod(0o755)
    return str(path)


@pytest.fixture
def quick(tmp_path, monkeypatch) -> str:
    """A program giving comesolo's empty answer, in a git repository (so runs have git facts)."""
    monkeypatch.chdir(tmp_path)
    program = script(tmp_path, "quick.sh", "cat > /dev/null\necho 0\n")
    for words in (
        ["init", "-q"],
        ["add", "quick.sh"],
        ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"],
    ):
        subprocess.run(["git", *words], cwd=tmp_path, check=True)
    return program


def batch(program: str, out: str, *args: str) -> int:
    return batch_main("comesolo", "--seeds", "1-3", "--size", "6", "--cmd", program, "--jobs", "1", "--out", out, *args)


def recorded(root: Path = Path("runs")) -> list[tuple]:
    return [
        (r["id"], r["folder"], r["comment"], r["command"], r["git_commit"], r["finished"], r["status"])
        for r in RunDatabase(database_path(root)).runs()
    ]


# ------------------------------------------------------------------ 07: import never changes a recorded run
def test_07_importing_recorded_folders_keeps_their_ids_comments_commands_and_git(quick, capsys):
    assert batch(quick, "runs/a", "--comment", "wider beam") == 0
    assert batch(quick, "runs/b") == 0
    assert main(["runs", "comment", "2", "the version I submitted"]) == 0
    before = recorded()
    assert before[0][2:5] == ("wider beam", quick, before[0][4]) and len(before[0][4]) == 40
    capsys.readouterr()
    assert main(["runs", "import", "runs/a", "runs/b"]) == 0
    assert "runs/a: already in the database as run 1, kept as it is" in capsys.readouterr().err
    assert recorded() == before


def test_07_importing_a_run_still_going_does_not_disturb_it(quick, tmp_path, capsys):
    spec = make_spec(["comesolo", "--seeds", "1-6", "--size", "6", "--cmd", quick, "--jobs", "1", "--out", "runs/live"])
    run, seen = BatchRun(spec), []
    imports = []

    def import_it(result) -> None:
        seen.append(result)  # results are reported as they are written, a few at a time
        if len(seen) == 2:
            assert batch(quick, "runs/later") == 0  # a later run: an id the live run's row cannot get back
        if len(seen) in (2, 4):
            imports.append(main(["runs", "import", "runs/live"]))

    run.run(import_it)
    assert imports == [0, 0] and run.status == "complete"
    assert [(r[0], Path(r[1]).name, r[5], r[6]) for r in recorded()] == [
        (1, "live", 6, "complete"),
        (2, "later", 3, "complete"),
    ]


@pytest.mark.parametrize("companions", [False, True])
def test_07_a_database_deleted_mid_run_is_made_again_with_every_case(quick, tmp_path, companions):
    spec = make_spec(
        [
            "comesolo",
            "--seeds",
            "1-8",
            "--size",
            "6",
            "--cmd",
            quick,
            "--jobs",
            "1",
            "--out",
            "runs/x",
            "--comment",
            "kept",
        ]
    )
    run, seen = BatchRun(spec), []
    database = database_path(tmp_path / "runs")

    def delete(result) -> None:
        seen.append(result)
        if len(seen) in (3, 6):
            for path in [database] + (
                [database.with_name(database.name + s) for s in ("-wal", "-shm")] if companions else []
            ):
                path.unlink(missing_ok=True)

    run.run(delete)
    assert run.status == "complete"
    ((run_id, folder, comment, command, commit, finished, status),) = recorded()
    assert (run_id, comment, command, finished, status) == (1, "kept", quick, 8, "complete") and len(commit) == 40


def test_07_a_run_whose_id_was_taken_in_a_new_database_keeps_its_cases_under_another(quick, tmp_path):
    spec = make_spec(["comesolo", "--seeds", "1-4", "--size", "6", "--cmd", quick, "--jobs", "1", "--out", "runs/x"])
    run, seen = BatchRun(spec), []

    def replace(result) -> None:
        seen.append(result)
        if len(seen) == 2:  # the database replaced by one where another run has id 1
            database_path(tmp_path / "runs").unlink()
            assert batch(quick, "runs/other") == 0

    run.run(replace)
    by_folder = {Path(r[1]).name: r for r in recorded()}
    assert by_folder["other"][0] == 1 and by_folder["other"][5] == 3
    assert by_folder["x"][0] == 2 and by_folder["x"][5:] == (4, "complete")


# ------------------------------------------------------------------ 11: a bad folder is a message, nothing stored
def edit_csv(folder: Path, change) -> None:
    with open(folder / "results.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    rows = change(rows)
    with open(folder / "results.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def edit_meta(folder: Path, **changes) -> None:
    meta = json.loads((folder / "run.json").read_text())
    meta.update(changes)
    (folder / "run.json").write_text(json.dumps(meta))


BAD_FOLDERS = {
    "no name column": (
        lambda f: edit_csv(f, lambda rows: [{k: v for k, v in r.items() if k != "name"} for r in rows]),
        "results.csv: line 2: no name (the file has no name column)",
    ),
    "a seed that is not ASCII": (
        lambda f: edit_csv(f, lambda rows: [{**r, "seed": "\u00b2"} for r in rows]),
        "results.csv: line 2: the seed '\u00b2' is not a seed",
    ),
    "an unknown verdict": (
        lambda f: edit_csv(f, lambda rows: rows[:1] + [{**rows[1], "verdict": "MAYBE"}]),
        "results.csv: line 3: the verdict 'MAYBE' is not one of OK, WA, TLE, RE, FAIL",
    ),
    "a case twice": (
        lambda f: edit_csv(f, lambda rows: rows + rows[:1]),
        "results.csv: line 5: the case '0001' is listed twice",
    ),
    "a time that is no number": (
        lambda f: edit_csv(f, lambda rows: [{**r, "time_s": "fast"} for r in rows]),
        "results.csv: line 2: time_s 'fast' is not a number",
    ),
    "params as text": (lambda f: edit_meta(f, params="x"), "run.json: params must be an object {...}, got '\"x\"'"),
    "a command that is a number": (lambda f: edit_meta(f, command=5), "run.json: command must be text, got '5'"),
    "cases as text": (lambda f: edit_meta(f, cases="many"), "run.json: cases must be a whole number"),
    "no puzzle": (lambda f: edit_meta(f, puzzle=""), "run.json does not say which puzzle the run is of"),
    "an objective of neither way": (
        lambda f: edit_meta(f, objective="most"),
        'run.json: objective must be "max" or "min", got \'most\'',
    ),
    "cases past the database's integers": (
        lambda f: edit_meta(f, cases=10**30),
        f"run.json: cases must be a whole number 0..2^63-1, got '{10**30}'",
    ),
}

# An edited run.json met by the commands that read a run folder: one line naming the file and the key.
EDITED_META = {
    "objective": ("sideways", 'run.json: objective must be "max" or "min", got \'sideways\''),
    "instance_options": ([1], "run.json: instance_options must be an object {...}, got '[1]'"),
    "jobs": ("many", "run.json: jobs must be a whole number, got '\"many\"'"),
    "best_frozen": ("yes", "run.json: best_frozen must be true or false, got '\"yes\"'"),
    "cwd": (7, "run.json: cwd must be text, got '7'"),
    "jobs of none": (0, "run.json: jobs must be a whole number 1..2^63-1, got '0'"),
}


def test_11_a_solver_seed_past_2_63_is_read(quick, capsys):
    """batch takes any whole --seed for a solver: its run.json must read back (no column bounds it)."""
    assert batch_main("comesolo", seeds="1", size="6", solver="beam", nodes="50", seed=2**64 - 1, out="A") == 0
    capsys.readouterr()
    assert main(["batch", "show", "A"]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("fault", list(BAD_FOLDERS))
def test_11_a_run_folder_that_is_not_a_runs_is_one_line_and_imports_nothing(quick, tmp_path, capsys, fault):
    assert batch(quick, "A", "--database", "elsewhere.sqlite") == 0
    good, bad = tmp_path / "good", tmp_path / "bad"
    subprocess.run(["cp", "-r", "A", str(good)], check=True)
    subprocess.run(["cp", "-r", "A", str(bad)], check=True)
    edit, message = BAD_FOLDERS[fault]
    edit(bad)
    capsys.readouterr()
    assert main(["runs", "import", str(bad), str(good), "--root", "R"]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert [(Path(r[1]).name, r[5]) for r in recorded(Path("R"))] == [("good", 3)]  # the good one still is
    assert main(["runs", "list", "--root", "R"]) == 0


@pytest.mark.parametrize("key", list(EDITED_META))
def test_11_an_edited_run_json_is_one_line_naming_the_key_in_every_command(quick, capsys, key):
    assert batch(quick, "A") == 0
    subprocess.run(["cp", "-r", "A", "B"], check=True)
    value, message = EDITED_META[key]
    edit_meta(Path("B"), **{key.removesuffix(" of none"): value})
    capsys.readouterr()
    for argv in (
        ["batch", "compare", "A", "B"],
        ["batch", "compare", "B", "A", "--diff", "1"],
        ["batch", "show", "B"],
        ["batch", "rerun", "B", "--filter", "verdict=OK"],
    ):
        assert main(argv) in (1, 2), argv
        err = capsys.readouterr().err
        assert err.strip().splitlines() == [f"error: B/{message}"], argv


def test_11_a_database_holding_a_bad_value_is_still_listed(quick, capsys):
    assert batch(quick, "runs/a") == 0
    with sqlite3.connect("runs/runs.sqlite") as db:
        db.execute("UPDATE runs SET params = 'x', command = NULL, meta = '[1]', status = 'running'")
    capsys.readouterr()
    assert main(["runs", "list"]) == 0
    assert "1 run in runs/runs.sqlite" in capsys.readouterr().err


@pytest.mark.parametrize("column, value", [("score", "'abc'"), ("seconds", "x'00'"), ("relative", "'1e999'")])
def test_a_case_value_that_is_not_a_number_is_named_by_standings(quick, capsys, column, value):
    """SQLite keeps text (or a blob) in a REAL column: standings name the database, run, case and column."""
    assert batch(quick, "runs/a") == 0
    assert batch(quick, "runs/b") == 0
    with sqlite3.connect("runs/runs.sqlite") as db:
        db.execute(f"UPDATE cases SET {column} = {value} WHERE run_id = 2 AND label = '2'")
    capsys.readouterr()
    assert main(["runs", "standings", "comesolo"]) == 1
    shown = {"'abc'": "'abc'", "x'00'": "'b'\\x00''", "'1e999'": "'inf'"}[value]
    assert capsys.readouterr().err == (
        f"error: runs/runs.sqlite: run 2, case 2: the {column} {shown} is not a number (the database was edited?)\n"
    )


# ------------------------------------------------------------------ 12: user text is printed as text
def test_12_a_comment_that_is_not_utf8_is_kept_visibly(quick, capsys):
    latin1 = os.fsdecode(b"caf\xe9")  # as Python gets it from argv: a lone surrogate
    assert batch(quick, "runs/a", "--comment", latin1) == 0
    assert main(["runs", "comment", "1", latin1 + " again"]) == 0
    assert "the comment is not all UTF-8 text; kept as caf\\xe9 again" in capsys.readouterr().err
    assert recorded()[0][2] == "caf\\xe9 again" and recorded()[0][6] == "complete"


def test_12_terminal_escapes_in_comments_and_stderr_are_shown_not_sent(quick, tmp_path, capsys):
    escapes = "\x1b]0;PWNED\x07\x1b[2J\x1b[31mred"
    loud = script(tmp_path, "loud.sh", f"cat > /dev/null\nprintf '{escapes}\\n' >&2\nexit 3\n")
    assert batch(loud, "runs/a", "--comment", escapes, "--label", escapes) == 0
    shown = capsys.readouterr().out
    assert "RE" in shown and "stderr: \\x1b]0;PWNED\\x07\\x1b[2J" in shown and "\x1b" not in shown
    assert main(["runs", "list"]) == 0
    listed = capsys.readouterr().out
    assert "\\x1b]0;PWNED\\x07" in listed and "\x1b" not in listed and "\x07" not in listed
    assert main(["runs", "standings", "comesolo"]) == 0
    assert "\x1b" not in capsys.readouterr().out


def test_12_an_input_whose_file_name_is_not_utf8_names_its_case_visibly(quick, tmp_path, capsys):
    latin1 = os.fsdecode(b"caf\xe9.txt")
    assert main(["gen", "comesolo", "1", "--size", "6", "-o", latin1]) == 0
    assert main(["batch", "comesolo", latin1, "--cmd", quick, "--jobs", "1", "--out", "runs/a"]) == 0
    assert "caf\\xe9.txt" in capsys.readouterr().out
    rows = list(csv.DictReader(open("runs/a/results.csv", newline="")))
    assert [(r["case"], r["name"], r["verdict"]) for r in rows] == [("caf\\xe9.txt", "caf\\xe9", "OK")]
    assert RunDatabase(database_path(Path("runs"))).cases(1)[0]["case"] == "caf\\xe9.txt"


# ------------------------------------------------------------------ 17: a read-only database is read
@contextlib.contextmanager
def read_only_share(tmp_path: Path, database: Path):
    """A folder holding a copy of ``database`` that cannot be written (a colleague's share, a backup)."""
    share = tmp_path / "share"
    share.mkdir()
    if os.geteuid() == 0:  # root writes through permissions: a read-only mount it is
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(share)]).returncode != 0:
            pytest.skip("cannot mount a tmpfs here")
        subprocess.run(["cp", str(database), str(share)], check=True)
        subprocess.run(["mount", "-o", "remount,ro", str(share)], check=True)
    else:
        subprocess.run(["cp", str(database), str(share)], check=True)
        share.chmod(0o555)
    try:
        yield share
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", "-l", str(share)], check=True)
        else:
            share.chmod(0o755)


def test_17_a_database_on_a_read_only_disk_is_listed(quick, tmp_path, capsys):
    assert batch(quick, "runs/a", "--comment", "from the share") == 0
    with read_only_share(tmp_path, Path("runs/runs.sqlite")) as share:
        capsys.readouterr()
        assert main(["runs", "list", "--root", str(share)]) == 0
        assert "from the share" in capsys.readouterr().out
        assert main(["runs", "standings", "comesolo", "--root", str(share)]) == 0
        assert "1 run on the 3 cases they share" in capsys.readouterr().out
        assert RunDatabase(share / "runs.sqlite").cases(1)[0]["verdict"] == "OK"
        assert main(["runs", "comment", "1", "mine", "--root", str(share)]) == 1
        assert "it is read-only here: it can be listed, not changed" in capsys.readouterr().err


def test_17_a_read_only_database_made_before_columns_were_added_is_listed(quick, tmp_path, capsys):
    assert batch(quick, "runs/a", "--comment", "an old one") == 0
    with contextlib.closing(sqlite3.connect("runs/runs.sqlite", isolation_level=None)) as db:
        for (
            table,
            columns,
        ) in database_module.ADDED_COLUMNS.items():  # as a database made before CPU time and program hashes
            for name, _ in columns:
                db.execute(f"ALTER TABLE {table} DROP COLUMN {name}")
    with read_only_share(tmp_path, Path("runs/runs.sqlite")) as share:
        capsys.readouterr()
        assert main(["runs", "list", "--root", str(share)]) == 0
        assert "an old one" in capsys.readouterr().out
        assert RunDatabase(share / "runs.sqlite").cases(1)[0]["cpu_s"] is None


# ------------------------------------------------------------------ 18, 19: refused before any folder is made
def test_18_a_database_error_at_start_leaves_no_folder_to_block_the_retry(quick, tmp_path, capsys):
    assert batch(quick, "runs/a") == 0
    good = Path("runs/runs.sqlite").read_bytes()
    Path("runs/runs.sqlite").write_bytes(os.urandom(8192))
    assert batch(quick, "runs/b") == 1
    assert "cannot use the run database runs/runs.sqlite: file is not a database" in capsys.readouterr().err
    assert not Path("runs/b").exists()
    Path("runs/runs.sqlite").write_bytes(good)
    assert batch(quick, "runs/b") == 0


def test_18_a_database_failing_as_the_run_starts_leaves_no_folder(quick, monkeypatch):
    def fails(*args, **kwargs):
        raise RunDatabase.__init__.__globals__["WorkbenchError"]("cannot use the run database: disk I/O error")

    monkeypatch.setattr(RunDatabase, "start_run", fails)
    assert batch(quick, "runs/b") == 1
    assert not Path("runs/b").exists()


def test_19_a_database_that_is_a_folder_or_a_device_is_refused_before_any_folder(quick, tmp_path, capsys):
    (tmp_path / "db").mkdir()
    assert batch(quick, "r1", "--database", "db") == 1
    assert "the run database db is a folder" in capsys.readouterr().err and not Path("r1").exists()
    os.mkfifo("pipe")
    assert batch(quick, "r1", "--database", "pipe") == 1
    assert "the run database pipe is a pipe (FIFO), not a file" in capsys.readouterr().err
    if os.geteuid() == 0:
        os.mknod("null", 0o666 | 0o020000, os.makedev(1, 3))
        assert batch(quick, "r1", "--database", "null") == 1
        assert "the run database null is a device, not a file" in capsys.readouterr().err
        assert not Path("null-journal").exists()
    assert not Path("r1").exists() and sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("r")) == []


@pytest.mark.parametrize("database", ["r/db.sqlite", "r", "r/../r/sub/db.sqlite"])
def test_a_database_inside_the_run_folder_is_refused_before_anything_is_written(quick, tmp_path, capsys, database):
    """Made first, it would make the run refuse its own folder ("already holds files") on every retry."""
    capsys.readouterr()
    assert batch(quick, "r", "--database", database) == 1
    assert capsys.readouterr().err == (
        f"error: --database {database} is inside --out r: a run folder holds only "
        "the run's own files; name a database beside it (e.g. runs.sqlite)\n"
    )
    assert not Path("r").exists()
    assert batch(quick, "r", "--database", "r.sqlite") == 0  # beside it, the same run goes
    assert [run["finished"] for run in RunDatabase(Path("r.sqlite")).runs()] == [3]


# ------------------------------------------------------------------ campaign: another process holds the lock
def hold_lock(database: Path, start: threading.Event, release: threading.Event) -> threading.Thread:
    """A thread that takes the database's write lock once ``start`` is set, and keeps it until ``release``."""

    def hold() -> None:
        start.wait(120)
        db = sqlite3.connect(database, isolation_level=None)
        db.execute("BEGIN EXCLUSIVE")
        held.set()
        release.wait(120)
        db.execute("ROLLBACK")
        db.close()

    held = threading.Event()
    thread = threading.Thread(target=hold, daemon=True)
    thread.held = held
    thread.start()
    return thread


def test_a_database_locked_by_another_process_mid_run_keeps_the_run_going(quick, tmp_path, monkeypatch):
    monkeypatch.setattr(database_module, "BUSY_MILLISECONDS", 200)
    spec = make_spec(["comesolo", "--seeds", "1-8", "--size", "6", "--cmd", quick, "--jobs", "1", "--out", "runs/x"])
    run, seen = BatchRun(spec), []
    start, release = threading.Event(), threading.Event()
    holder = hold_lock(tmp_path / "runs" / "runs.sqlite", start, release)

    def lock_for_a_while(result) -> None:
        seen.append(result)
        if len(seen) == 2:
            start.set()
            assert holder.held.wait(60)
        if len(seen) == 6:
            release.set()
            holder.join(60)

    run.run(lock_for_a_while)
    assert run.status == "complete" and run.database.waiting(run.run_id) == (0, "")
    assert [(r[5], r[6]) for r in recorded()] == [(8, "complete")]


def test_a_database_that_stays_locked_says_how_many_cases_are_only_in_the_csv(quick, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(database_module, "BUSY_MILLISECONDS", 200)
    monkeypatch.setattr(database_module, "FINISH_SECONDS", 0.5)
    start, release = threading.Event(), threading.Event()
    holder = hold_lock(tmp_path / "runs" / "runs.sqlite", start, release)
    original = database_module.RunDatabase.add_cases

    def add_cases(self, run_id, rows):  # the first case goes in; then another process locks the database
        for row in rows:
            original(self, run_id, [row])
            if not start.is_set():
                start.set()
                assert holder.held.wait(60)

    monkeypatch.setattr(database_module.RunDatabase, "add_cases", add_cases)
    try:
        assert batch(quick, "runs/x") == 0
    finally:
        release.set()
        holder.join(60)
    assert (
        "cannot use the run database runs/runs.sqlite: database is locked: 2 cases of this run are only in "
        "runs/x/results.csv" in capsys.readouterr().err
    )
    assert [(r[5], r[6]) for r in recorded()] == [(1, "running")]  # what got in before the lock


def test_a_database_replaced_by_garbage_mid_run_keeps_the_run_going(quick, tmp_path, capsys, monkeypatch):
    original = database_module.RunDatabase.add_cases

    def add_cases(self, run_id, rows):
        for row in rows:
            if row["name"] == "0002":
                self.path.write_bytes(os.urandom(8192))
            original(self, run_id, [row])

    monkeypatch.setattr(database_module.RunDatabase, "add_cases", add_cases)
    assert batch(quick, "runs/x") == 0
    assert (
        "cannot use the run database runs/runs.sqlite: file is not a database: 2 cases of this run are only in "
        "runs/x/results.csv" in capsys.readouterr().err
    )
    assert json.loads(Path("runs/x/run.json").read_text())["status"] == "complete"


def test_a_locked_database_is_said_at_once_while_a_batch_waits_for_it(tmp_path):
    path = tmp_path / "runs.sqlite"
    RunDatabase(path).check()
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    said = []

    def say(text):
        said.append(text)
        threading.Timer(0.5, holder.execute, ("ROLLBACK",)).start()  # let go once the wait is said

    RunDatabase(path).check(say)
    assert said == [f"waiting for the run database {path}: another process keeps it locked (at most 30 s)"]
    said.clear()
    RunDatabase(path).check(say)  # not locked: nothing said
    assert said == []
