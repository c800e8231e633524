"""The numbers a contestant decides from, in lower-wins and higher-wins contests with failed cases.

A tiny contest made here (``tiny_contest.py``): a run with TLE, WA and RE cases mixed in, and the
same program fixed. Failed cases are never good: not in the mean, not in runs list, not in a
comparison, not in standings; worst cases follow the objective; CPU time is recorded beside wall
time; a build step runs first; the program's file is hashed into each run.
"""

from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path

import pytest
import tiny_contest
from batch_cli import batch_main, rows_of

from workbench.batch.report import summarize
from workbench.batch.results import plain_number as _plain
from workbench.cli import main
from workbench.core.objective import Objective


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


def make_contest(
    tmp_path: Path, name: str, objective: str = "min", seeds: int = 6, interactive=False, *init_args: str
) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    tiny_contest.lay_out(folder, objective, seeds=seeds, interactive=interactive)
    assert main(["contest", "init", str(folder), "--objective", objective, "--time-limit", "2", *init_args]) == 0
    return folder


def run_batch(capsys, contest: str, command: str, out: Path, *args: str) -> tuple[int, str, str]:
    """(exit code, everything printed, stdout)."""
    code = main(["batch", contest, "--seeds", "0-5", "--cmd", command, "--out", str(out), "--jobs", "2", *args])
    printed = capsys.readouterr()
    return code, printed.out + "\n" + printed.err, printed.out


BROKEN = {1: "tle", 2: "wa", 4: "re"}


@pytest.fixture
def two_runs(tmp_path, capsys, monkeypatch):
    """A lower-wins contest, run A with three failed cases, run B the same program fixed."""
    folder = make_contest(tmp_path, "lowwins")
    tools = folder / "tools"
    monkeypatch.chdir(tmp_path)
    broken = tiny_contest.program(tmp_path, "broken", tools, BROKEN)
    fixed = tiny_contest.program(tmp_path, "fixed", tools)
    runs = folder / "runs"
    code_a, out_a, stdout_a = run_batch(capsys, "lowwins", broken, runs / "A")
    code_b, out_b, _ = run_batch(capsys, "lowwins", fixed, runs / "B")
    assert code_a == code_b == 0
    return folder, runs / "A", runs / "B", out_a, out_b, stdout_a


def test_failed_cases_are_outside_the_mean_and_counted_beside_it(two_runs):
    folder, run_a, run_b, out_a, out_b, stdout_a = two_runs
    rows = rows_of(run_a)
    assert {r["seed"]: r["verdict"] for r in rows} == {
        "0": "OK",
        "1": "TLE",
        "2": "WA",
        "3": "OK",
        "4": "RE",
        "5": "OK",
    }
    assert all(float(r["relative"]) == 0 for r in rows if r["verdict"] != "OK")
    ok = [float(r["score"]) for r in rows if r["verdict"] == "OK"]
    # The tables' mean is over the OK cases, beside the failures; the last line (for scripts) counts each
    # failure as the worst score there is, so in a lower-wins contest a run with failures reads inf.
    assert f"{_plain(sum(ok) / len(ok))} " in out_a
    assert stdout_a.strip().splitlines()[-1] == "inf"
    assert "3 (RE 1, TLE 1, WA 1)" in out_a
    assert "lower scores win" in out_a


def test_the_last_line_never_reads_a_run_with_failures_as_better():
    rows = [
        {"case": str(i), "score": score, "relative": 1.0 if verdict == "OK" else 0.0, "verdict": verdict, "time_s": 0.1}
        for i, (score, verdict) in enumerate([(10, "OK"), (30, "OK"), (0, "TLE"), (0, "WA")])
    ]
    assert summarize(rows, objective="max").scripted_mean == 10.0  # (10 + 30 + 0 + 0) / 4
    assert summarize(rows, objective="min").scripted_mean == math.inf
    assert (
        summarize(rows[:2], objective="min").scripted_mean == summarize(rows[:2], objective="max").scripted_mean == 20
    )


def test_runs_list_shows_failures_beside_the_mean(two_runs, capsys):
    folder, run_a, run_b, _, _, _ = two_runs
    assert main(["runs", "list", "lowwins"]) == 0
    listing = capsys.readouterr().out
    line_a = next(line for line in listing.splitlines() if line.split()[:1] == ["1"])
    line_b = next(line for line in listing.splitlines() if line.split()[:1] == ["2"])
    assert "broken.py" in line_a and "fixed.py" in line_b
    assert "RE 1, TLE 1, WA 1" in line_a and " 3 " in line_a
    assert "RE" not in line_b
    database = sqlite3.connect(folder / "runs" / "runs.sqlite")
    means = dict(
        database.execute(
            "SELECT runs.folder, AVG(CASE WHEN verdict='OK' THEN relative ELSE 0 END) "
            "FROM cases JOIN runs ON runs.id = run_id GROUP BY run_id"
        )
    )
    assert means[str(run_a.resolve())] < means[str(run_b.resolve())]


def test_a_comparison_counts_ok_against_failed_as_a_win_and_says_what_failed(two_runs, capsys):
    _, run_a, run_b, _, out_b, _ = two_runs
    # The automatic comparison with the previous run says the same.
    assert "failed: A 3 (RE 1, TLE 1, WA 1), B 0" in out_b
    assert main(["batch", "compare", str(run_a), str(run_b)]) == 0
    out = capsys.readouterr().out
    assert "B wins 3, loses 0, ties 3" in out
    assert "failed: A 3 (RE 1, TLE 1, WA 1), B 0" in out
    assert "raw score on the 3 cases OK in both" in out
    # The statistics run on relative scores: the three failed cases are a full point each.
    assert float(out.strip().splitlines()[-1]) == pytest.approx(0.5)
    losses_table = out.split("biggest losses first")[1].split("shared cases")[0]
    assert "TLE -> OK" in losses_table and "+1.0000" in losses_table


def test_worst_cases_follow_the_objective(tmp_path, capsys, monkeypatch):
    folder = make_contest(tmp_path, "spread")
    monkeypatch.chdir(tmp_path)
    tools = folder / "tools"
    spread = tiny_contest.program(tmp_path, "spread", tools, offset=40)
    code, out, _ = run_batch(capsys, "spread", spread, folder / "runs" / "one", "--freeze-best")
    assert code == 0
    rows = rows_of(folder / "runs" / "one")
    highest = max(rows, key=lambda r: float(r["score"]))
    table = out.split("worst cases")[1].splitlines()
    first = next(line for line in table if line.split()[:1] and line.split()[0].isdigit())
    assert first.split()[0] == highest["seed"]  # lower wins: the highest score is the worst
    assert all(float(r["relative"]) == 1.0 for r in rows)  # a frozen, empty best: every case at 1


def test_standings_after_runs_on_different_seeds(two_runs, tmp_path, capsys):
    folder, run_a, run_b, _, _, _ = two_runs
    other = tiny_contest.program(tmp_path, "other", folder / "tools")
    assert main(["batch", "lowwins", "--seeds", "10-12", "--cmd", other, "--out", str(folder / "runs" / "C")]) == 0
    capsys.readouterr()
    assert main(["runs", "standings", "lowwins"]) == 0
    out = capsys.readouterr().out
    assert "2 runs on the 6 cases they share" in out
    assert "1 run on other cases left out" in out
    # Named runs that share nothing: one line saying why and what to pass.
    assert main(["runs", "standings", "lowwins", "--last", "2"]) == 1
    assert "share no case" in capsys.readouterr().err
    for bad in ("--last=0", "--last=-2"):
        with pytest.raises(SystemExit):
            main(["runs", "standings", "lowwins", bad])
        assert "must be at least 1" in capsys.readouterr().err
    for bad, said in (("--filter=seed>=8x", "'8x' is not a number"), ("--runs=1,99", "no finished run 99")):
        assert main(["runs", "standings", "lowwins", bad]) == 1
        assert said in capsys.readouterr().err


def test_standings_explain_their_columns(capsys):
    with pytest.raises(SystemExit):
        main(["runs", "standings", "--help"])
    out = capsys.readouterr().out
    for column in ("relative", "rank", "#Best", "#Unique", "Gain"):
        assert f"\n{column}" in out or f"  {column}" in out


def test_cpu_time_is_recorded_and_can_judge_the_limit(tmp_path, capsys, monkeypatch):
    folder = make_contest(tmp_path, "timing", "max", 2)
    monkeypatch.chdir(tmp_path)
    sleeper = tmp_path / "sleeper.py"
    # 0.3 s of work, then 2.2 s asleep: past the 2 s limit on the clock, not in CPU time.
    sleeper.write_text(
        "import sys, time\nn, t = map(int, sys.stdin.read().split())\nend = time.process_time() + 0.3\n"
        "while time.process_time() < end:\n    pass\ntime.sleep(2.2)\nprint(t)\n"
    )
    command = f"{tiny_contest.PYTHON} {sleeper}"
    runs = folder / "runs"
    assert main(["batch", "timing", "--seeds", "0-1", "--cmd", command, "--out", str(runs / "wall")]) == 0
    assert (
        main(["batch", "timing", "--seeds", "0-1", "--cmd", command, "--time-by", "cpu", "--out", str(runs / "cpu")])
        == 0
    )
    capsys.readouterr()
    by_wall, by_cpu = rows_of(runs / "wall"), rows_of(runs / "cpu")
    assert [r["verdict"] for r in by_wall] == ["TLE", "TLE"]
    assert [r["verdict"] for r in by_cpu] == ["OK", "OK"]
    for row in by_cpu:
        assert 0.25 < float(row["cpu_s"]) < 1.0 < 2.2 < float(row["time_s"])
    database = sqlite3.connect(runs / "runs.sqlite")
    cpu = [
        c
        for (c,) in database.execute(
            "SELECT cpu_seconds FROM cases JOIN runs ON runs.id = run_id WHERE runs.folder LIKE '%cpu'"
        )
    ]
    assert len(cpu) == 2 and all(0.25 < c < 1.0 for c in cpu)
    assert json.loads((runs / "cpu" / "run.json").read_text())["time_by"] == "cpu"


def test_wall_time_well_above_cpu_time_is_a_warning():
    from workbench.cli.batch_tables import time_warning

    loaded = [{"time_s": "2.6", "cpu_s": "1.15"}, {"time_s": "2.5", "cpu_s": "1.2"}]
    assert "too many --jobs" in time_warning(loaded, workers=4) or "fewer --jobs" in time_warning(loaded, workers=4)
    assert time_warning([{"time_s": "1.2", "cpu_s": "1.15"}], workers=1) == ""


def test_a_build_step_runs_first_and_its_failure_runs_no_case(tmp_path, capsys, monkeypatch):
    folder = make_contest(tmp_path, "built")
    monkeypatch.chdir(tmp_path)
    source = tiny_contest.program(tmp_path, "source", folder / "tools").split()[-1]
    build = f"cp {source} built.py"
    text = (folder / "contest.toml").read_text().replace("[build]\n", "[build]\n", 1)
    text = text.replace("command = ''\n\n[inputs]", f"command = '{build}'\n\n[inputs]")
    (folder / "contest.toml").write_text(text)
    assert batch_main("built", seeds="0-1", cmd=f"{tiny_contest.PYTHON} built.py", out=tmp_path / "ok") == 0
    assert "building: cp" in capsys.readouterr().err
    assert [r["verdict"] for r in rows_of(tmp_path / "ok")] == ["OK", "OK"]
    assert (
        batch_main(
            "built",
            seeds="0-1",
            cmd=f"{tiny_contest.PYTHON} built.py",
            build="echo 'main.cpp:3: error: expected ;' >&2; exit 1",
            out=tmp_path / "no",
        )
        == 1
    )
    err = capsys.readouterr().err
    assert "the build failed, so no case ran" in err and "expected ;" in err
    assert not (tmp_path / "no").exists()


def test_a_built_in_puzzles_command_gets_a_build_step_too(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = batch_main(
        "comesolo",
        seeds="1",
        size="6",
        cmd="./a.out",
        build="printf '#!/bin/sh\\ncat > /dev/null\\necho 0\\n' > a.out && chmod +x a.out",
        out=tmp_path / "run",
    )
    assert code == 0, capsys.readouterr().err
    assert (tmp_path / "a.out").is_file()
    assert rows_of(tmp_path / "run")[0]["verdict"] == "OK"


def test_a_missing_program_is_named_before_any_case_runs(tmp_path, capsys, monkeypatch):
    make_contest(tmp_path, "missing")
    monkeypatch.chdir(tmp_path)
    assert main(["batch", "missing", "--seeds", "0-5", "--cmd", "./a.out", "--out", str(tmp_path / "run")]) == 1
    err = capsys.readouterr().err
    assert "a.out does not exist" in err
    assert not (tmp_path / "run").exists()
    assert main(["batch", "missing", "--seeds", "0", "--cmd", "no-such-program-here"]) == 1
    assert "no program 'no-such-program-here' on the PATH" in capsys.readouterr().err


def test_the_programs_file_is_hashed_into_each_run(two_runs, tmp_path, capsys):
    folder, run_a, _, _, _, _ = two_runs
    script = tmp_path / "broken.py"
    first = json.loads((run_a / "run.json").read_text())["program"]
    assert first["file"] == str(script) and len(first["sha256"]) == 64
    command = f"{tiny_contest.PYTHON} {script}"
    assert main(["batch", "lowwins", "--seeds", "0", "--cmd", command, "--out", str(folder / "runs" / "D")]) == 0
    script.write_text(script.read_text() + "\n# rebuilt\n")
    assert main(["batch", "lowwins", "--seeds", "0", "--cmd", command, "--out", str(folder / "runs" / "E")]) == 0
    capsys.readouterr()
    assert main(["runs", "list", "lowwins"]) == 0
    listing = capsys.readouterr().out.splitlines()
    line_d, line_e = (next(line for line in listing if line.split()[:1] == [n]) for n in ("3", "4"))
    hash_d = json.loads((folder / "runs" / "D" / "run.json").read_text())["program"]["sha256"][:8]
    hash_e = json.loads((folder / "runs" / "E" / "run.json").read_text())["program"]["sha256"][:8]
    assert hash_d != hash_e and hash_d in line_d and hash_e + "*" in line_e


def test_the_programs_exit_code_under_the_tester_is_its_verdict(tmp_path, capsys, monkeypatch):
    folder = make_contest(tmp_path, "talk", "min", 6, True)
    assert "interactive = true" in (folder / "contest.toml").read_text()
    monkeypatch.chdir(tmp_path)
    broken = tiny_contest.program(tmp_path, "broken", folder / "tools", {4: "re"})
    assert main(["batch", "talk", "--seeds", "0-5", "--cmd", broken, "--out", str(tmp_path / "run")]) == 0
    row = rows_of(tmp_path / "run")[4]
    assert row["verdict"] == "RE"
    assert row["message"].startswith("your program ended with exit code 3")
    assert "terminated unexpectedly" in row["message"]


def test_objective_rule():
    low, high = Objective.MIN, Objective.of("Max")
    assert low.better(3, 5) and not low.better(5, 3) and high.better(5, 3) and low.better(7, None)
    assert low.relative(200, 100) == 0.5 and high.relative(50, 100) == 0.5
    assert low.relative(0, 100, ok=False) == 0.0 and high.relative(100, 100, ok=False) == 0.0
    assert low.best([4, 2, 9]) == 2 and high.best([4, 2, 9]) == 9 and low.best([]) is None
    assert sorted([1, 5, 3], key=low.worst_first) == [5, 3, 1]
    with pytest.raises(ValueError):
        Objective.of("most")
