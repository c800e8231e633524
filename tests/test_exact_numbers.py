"""Numbers past a float's 53 bits: seeds up to 2^64 - 1 (valid AtCoder seeds), whole scores and "[DATA]"
figures of any size are kept as printed, in results.csv, the best-known file, the run database and
the summaries; never a neighbouring float with verdict OK (9007199254740993 read as ...992)."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from batch_cli import batch_main

from workbench.batch.database import RunDatabase
from workbench.batch.report import mean
from workbench.cli import main

BIG_DATA = "123456789012345678901234567890"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)


def script(path: Path, text: str) -> str:
    path.write_text("#!/bin/sh\n" + text)
    path.chmod(0o755)
    return str(path)


def rows_of(path: Path) -> list[dict]:
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def test_exact_number_reads_whole_numbers_of_any_size_and_floats_as_floats():
    from workbench.core.limits import exact_number

    assert exact_number("9007199254740993") == 9007199254740993
    assert exact_number(" -18446744073709551615 ") == -18446744073709551615
    assert exact_number("1" * 400) == int("1" * 400)
    assert exact_number("2.5") == 2.5 and isinstance(exact_number("1e3"), float)
    assert [exact_number(t) for t in ("nan", "inf", "1e999", "abc", "", "1" * 4001)] == [None] * 6
    assert mean([2**64 - 1] * 3) == 2**64 - 1 and mean([2**53 + 1, 2**53 + 2]) == 2**53 + 1.5


def contest_scoring(tmp_path: Path, score: int) -> tuple[Path, str]:
    """A contest whose vis scores every case ``score``, and a program reporting BIG_DATA; (its folder, the program)."""
    folder = tmp_path / "c"
    (folder / "tools").mkdir(parents=True)
    script(folder / "tools" / "vis", f'echo "Score = {score}"\n')
    for seed in range(2):
        (folder / f"in{seed}.txt").write_text(f"3\n1 2 {seed}\n")
    (folder / "contest.toml").write_text(
        "name = 'c'\nobjective = 'max'\ntime_limit = 2\n[inputs]\nfile = 'in{SEED}.txt'\n[run]\ncommand = '{CMD}'\n"
        "[score]\ncommand = '{DIR}/tools/vis {IN} {OUT}'\n"
    )
    program = script(tmp_path / "prog.sh", f'cat >/dev/null\necho "[DATA] big = {BIG_DATA}" >&2\necho 1 2 3\n')
    os.chdir(folder)
    return folder, program


def test_a_whole_score_past_a_floats_range_is_wa_saying_so(tmp_path, capsys):
    folder, program = contest_scoring(tmp_path, 10**400 + 1)
    assert main(["batch", ".", "--seeds", "0-1", "--cmd", program, "--jobs", "1", "--out", "r"]) == 0
    assert "Traceback" not in capsys.readouterr().err
    said = (
        f"the score is not a finite number: 'Score = 1{'0' * 71}' (401 digits: past 1.8e308, the largest a score "
        "can be compared and averaged as)"
    )  # the line as printed, to 80 characters
    assert [(r["score"], r["verdict"], r["message"]) for r in rows_of(folder / "r" / "results.csv")] == [
        ("0", "WA", said)
    ] * 2


@pytest.mark.parametrize("score", [2**53 + 1, 2**64 - 1, 10**40 + 7])
def test_a_whole_score_and_data_past_2_53_are_kept_exactly(tmp_path, capsys, score):
    folder, program = contest_scoring(tmp_path, score)
    assert main(["batch", ".", "--seeds", "0-1", "--cmd", program, "--jobs", "1", "--out", "r"]) == 0
    printed = capsys.readouterr()
    assert printed.out.splitlines()[-1] == str(score)  # the mean for scripts
    rows = rows_of(folder / "r" / "results.csv")
    assert [(r["score"], r["verdict"], r["big"]) for r in rows] == [(str(score), "OK", BIG_DATA)] * 2
    assert [r["score"] for r in rows_of(folder / "runs" / "best-known" / "c.csv")] == [str(score)] * 2
    database = RunDatabase(folder / "runs.sqlite")
    (run,) = database.runs()
    assert run["mean_score"] == score and run["status"] == "complete"
    assert [(c["score"], c["big"]) for c in database.cases(run["id"])] == [(score, int(BIG_DATA))] * 2
    assert main(["batch", "show", "r"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == str(score)
    assert main(["runs", "list", "--root", "."]) == 0
    assert f" {score} " in capsys.readouterr().out
    assert main(["runs", "standings", "c", "--root", "."]) == 0
    assert f" {score} ± 0 " in capsys.readouterr().out


def test_seeds_past_2_63_run_and_are_stored_exactly(tmp_path, capsys):
    empty = script(tmp_path / "e.sh", "cat >/dev/null\necho\n")
    seeds = [2**64 - 2, 2**64 - 1]
    code = batch_main("ahc011", seeds=f"{seeds[0]}-{seeds[1]}", cmd=empty, time="2", jobs="1", out="run")
    err = capsys.readouterr().err
    assert code == 0 and "Traceback" not in err
    assert json.loads((tmp_path / "run" / "run.json").read_text())["status"] == "complete"
    assert [int(r["seed"]) for r in rows_of(tmp_path / "run" / "results.csv")] == seeds
    database = RunDatabase(tmp_path / "runs.sqlite")
    (run,) = database.runs()
    assert [c["seed"] for c in database.cases(run["id"])] == seeds


def test_a_score_for_people_and_a_score_for_files_are_two_names():
    """``readable_number`` rounds a fraction to 7 places for the terminal; ``exact_text`` keeps every
    digit for files, and ``exact_number`` reads it back to the same value."""
    from workbench.batch.results import exact_number, exact_text
    from workbench.core.limits import readable_number

    assert (readable_number(0.1 + 0.2), exact_text(0.1 + 0.2)) == ("0.3", "0.30000000000000004")
    assert exact_number(exact_text(0.1 + 0.2)) == 0.1 + 0.2
    assert (readable_number(2.5e16), exact_text(2.5e16)) == ("2.5e+16", "25000000000000000")
    assert readable_number(2**64 - 1) == exact_text(2**64 - 1) == "18446744073709551615"
    assert (readable_number(2514760.0), exact_text(2514760.0)) == ("2514760", "2514760")
