"""Cases flagged as a run goes (every failure, one far below its best-known, one near its time limit),
listed at the end, and ``batch rerun RUN --filter EXPR`` running just the matching cases again.

The contest is the tiny one of ``tiny_contest.py`` (lower scores win: |X - T| + 1), its programs
answering each seed's target T with a chosen offset, misbehaving on chosen seeds.
"""

from __future__ import annotations

import json
import re
import sqlite3
import textwrap
from pathlib import Path

import numpy as np
import pytest
import tiny_contest
from batch_cli import batch_main, rows_of

from workbench.batch.anomalies import FlagRule, flagged
from workbench.batch.results import read_run
from workbench.cli import main
from workbench.core.objective import Objective


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


@pytest.fixture
def contest(tmp_path, capsys) -> tuple[Path, Path]:
    """The tiny lower-wins contest with 6 seeds, and a first run that holds every best (offset 0)."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min", seeds=6)
    assert main(["contest", "init", str(folder), "--objective", "min"]) == 0
    good = tiny_contest.program(tmp_path, "good", tools)
    assert batch(folder, "--cmd", good, out=tmp_path / "runs" / "good") == 0
    capsys.readouterr()
    return folder, tools


def batch(folder: Path, *args: str, out: Path) -> int:
    return batch_main(folder, "--seeds", "0-5", *args, "--jobs", "1", "--out", out, "--best", out.parent / "best.csv")


@pytest.fixture
def flagged_run(contest, tmp_path, capsys) -> tuple[Path, str]:
    """Offset 2 (relative best / score: 1/3 on seeds 0 and 3, 2/4 on 1 and 4, 3/5 on 2 and 5), WA on
    seed 4, RE on seed 5; flagged below 0.45. Returns the run folder and what the batch printed."""
    folder, tools = contest
    worse = tiny_contest.program(tmp_path, "worse", tools, {4: "wa", 5: "re"}, offset=2)
    out = tmp_path / "runs" / "worse"
    assert batch(folder, "--cmd", worse, "--flag-below", "0.45", out=out) == 0
    return out, capsys.readouterr().out


def test_the_live_rows_flag_failures_and_cases_far_below_their_best(flagged_run):
    out, printed = flagged_run
    live = printed[: printed.index("of 6 cases (lower scores win)")]  # the rows as the cases finished
    lines = {line.split()[0]: line for line in live.splitlines() if re.match(r"^\s*\d\s", line)}
    assert lines["0"].endswith("! far below best-known (relative 0.3333 < 0.45)")
    assert lines["3"].endswith("! far below best-known (relative 0.3333 < 0.45)")
    assert lines["4"].endswith("! failed (WA)") and lines["5"].endswith("! failed (RE)")
    assert "!" not in lines["1"] and "!" not in lines["2"]  # relative 0.5 and 0.6: above 0.45
    # At the end, the flagged cases in case order, and how to run just them again.
    table = printed[printed.index("flagged: 4 cases") :]
    assert [line.split()[0] for line in table.splitlines()[3:7]] == ["0", "3", "4", "5"]
    assert f"run just these again: puzzle-workbench batch rerun {out} --filter flagged" in printed
    assert printed.splitlines()[-1] == "inf"  # the last line, for scripts: a lower-wins run with failures


def test_flags_are_decided_by_the_runs_objective_and_limit(flagged_run):
    out, _ = flagged_run
    meta, rows = read_run(out)
    rule = FlagRule.of_run(meta, below=0.45)
    assert (rule.objective, rule.limit, rule.time_by) == (Objective.MIN, meta["seconds"], "wall")
    assert [(row["case"], flags) for row, flags in flagged(rows, rule)] == [
        ("0", ["far below best-known (relative 0.3333 < 0.45)"]),
        ("3", ["far below best-known (relative 0.3333 < 0.45)"]),
        ("4", ["failed (WA)"]),
        ("5", ["failed (RE)"]),
    ]
    # A built-in solver spends its budget by design: its run has no time limit to be near.
    assert FlagRule.of_run({**meta, "command": None}).limit is None
    # batch show lists the same cases with the same thresholds.
    assert main(["batch", "show", str(out), "--flag-below", "0.45"]) == 0


def test_a_case_near_its_time_limit_is_flagged(contest, tmp_path, capsys):
    folder, tools = contest
    slow = tmp_path / "slow.py"
    slow.write_text(
        textwrap.dedent(f"""\
        import sys, time
        n, target = map(int, sys.stdin.read().split())
        if {tiny_contest.targets(tools)}[target] == 1:
            time.sleep(2.5)
        print(target)
    """)
    )
    out = tmp_path / "runs" / "slow"
    assert (
        batch(folder, "--cmd", f"{tiny_contest.PYTHON} {slow}", "--time", "4", "--flag-near-limit", "0.5", out=out) == 0
    )
    printed = capsys.readouterr().out
    row = next(line for line in printed.splitlines() if line.split()[:1] == ["1"])
    assert re.search(r"! near the time limit \(2\.\d\d s of 4 s; the run's median 0\.\d\d s\)$", row)
    assert "flagged: 1 case" in printed
    # Under the list, the rule with this run's numbers (batch show says it too).
    assert (
        "near the time limit means past 3.92 s (0.98 of 4 s), or past 2.00 s (0.5 of it) and above the run's median"
        in printed
    )
    # The same run, filtered by its time: "time" names the time_s column.
    assert batch_main("rerun", out, filter="time>2", out=tmp_path / "runs" / "again", flag_near_limit="0.5") == 0
    assert [r["case"] for r in rows_of(tmp_path / "runs" / "again")] == ["1"]


def test_rerun_runs_the_flagged_cases_again_as_the_run_was_made(flagged_run, tmp_path, capsys):
    out, _ = flagged_run
    again = tmp_path / "runs" / "again"
    assert main(["batch", "rerun", str(out), "--filter", "flagged", "--flag-below", "0.45", "--out", str(again)]) == 0
    assert "rerunning 4 of 6 cases of" in capsys.readouterr().err
    old = {r["case"]: r for r in rows_of(out)}
    new = rows_of(again)
    assert [r["case"] for r in new] == ["0", "3", "4", "5"]
    for row in new:  # the same cases (keys), played the same way: the same scores and verdicts
        assert (row["key"], row["score"], row["verdict"]) == (
            old[row["case"]]["key"],
            old[row["case"]]["score"],
            old[row["case"]]["verdict"],
        )
    meta_old, meta_new = (json.loads((f / "run.json").read_text()) for f in (out, again))
    for name in ("command", "seconds", "time_by", "contest_file", "objective", "best_known"):
        assert meta_new[name] == meta_old[name]
    assert meta_new["command_line"][:3] == ["puzzle-workbench", "batch", "rerun"]


def test_rerun_filters_on_any_column(flagged_run, tmp_path, capsys):
    out, _ = flagged_run
    for number, filters, cases in (
        (1, ["verdict!=OK"], ["4", "5"]),
        (2, ["relative<0.55", "verdict=OK"], ["0", "1", "3"]),
    ):
        target = tmp_path / "runs" / f"picked{number}"
        args = [part for text in filters for part in ("--filter", text)]
        assert main(["batch", "rerun", str(out), *args, "--out", str(target)]) == 0
        assert [r["case"] for r in rows_of(target)] == cases


def test_a_filter_typo_is_refused_with_a_clear_message(flagged_run, tmp_path, capsys):
    out, _ = flagged_run
    capsys.readouterr()
    for text, message in (
        (
            "flaged",
            "--filter 'flaged' is neither 'flagged' nor NAME OP VALUE (OP one of = != < <= > >=), "
            "e.g. verdict!=OK, relative<0.9, time>1.5",
        ),
        ("relativ<0.9", "--filter 'relativ<0.9': no column 'relativ' (columns: "),
        ("time>1x", "--filter 'time>1x': '1x' is not a number (> compares numbers; = and != compare text too)"),
        ("time>100", "no case of the run matches time>100: nothing to rerun"),
    ):
        assert main(["batch", "rerun", str(out), "--filter", text]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"error: {message}"), err
        assert "Traceback" not in err
    assert sorted(p.name for p in (tmp_path / "runs").iterdir()) == [
        "best.csv",
        "best.csv.lock",
        "good",
        "runs.sqlite",
        "worse",
    ]


def test_a_threshold_that_is_no_fraction_is_refused(contest, tmp_path, capsys):
    folder, _ = contest
    with pytest.raises(SystemExit):
        batch(folder, "--cmd", "true", "--flag-below", "0", out=tmp_path / "runs" / "never")
    assert "argument --flag-below: must be a positive fraction (e.g. 0.8), got 0.0" in capsys.readouterr().err
    assert not (tmp_path / "runs" / "never").exists()


def timed(*seconds: float, verdict: str = "OK") -> list[dict]:
    return [
        {"case": str(i), "verdict": verdict, "relative": "1", "time_s": f"{s:.3f}", "cpu_s": ""}
        for i, s in enumerate(seconds)
    ]


def test_near_the_limit_is_near_it_for_this_program():
    rule = FlagRule(limit=5.0)
    # A time-based program that always uses its budget: 4.80-4.86 s of 5 s is its normal, never flagged.
    budget = timed(4.83, 4.80, 4.86, 4.84, 4.82, 4.85, 4.81, 4.83)
    assert flagged(budget, rule) == []
    # Past 0.98 of the limit is near it whatever the others did.
    assert [(r["case"], f) for r, f in flagged(budget + timed(4.95), rule)] == [
        ("0", ["near the time limit (4.95 s of 5 s)"])
    ]
    # A fast program's one slow case stands out: flagged with the run's median.
    fast = timed(1.0, 1.1, 0.9, 1.05, 4.7, 0.95)
    assert [(r["case"], f) for r, f in flagged(fast, rule)] == [
        ("4", ["near the time limit (4.70 s of 5 s; the run's median 1.02 s)"])
    ]
    # Above --flag-near-limit but within the run's own spread: not flagged; nor under the fraction.
    spread = timed(4.55, 4.60, 4.65, 4.58, 4.62, 4.70)
    assert flagged(spread, rule) == []
    assert flagged(timed(1.0, 1.0, 1.0, 4.4), rule) == []  # stands out, but under 0.9 of the limit
    # A TLE is said as a failure, and its time is not part of the run's own.
    assert [f for _, f in flagged(budget + timed(5.5, verdict="TLE"), rule)] == [["failed (TLE)"]]


def test_the_runs_spread_is_scipys_normal_mad():
    from scipy import stats

    times = [4.83, 4.80, 4.86, 4.84, 4.82, 4.85, 4.81, 4.83, 3.9, 4.99]
    rule = FlagRule(limit=5.0).among(timed(*times))
    assert rule.median == pytest.approx(float(np.median(times)), abs=1e-12)
    assert rule.spread == pytest.approx(stats.median_abs_deviation(times, scale="normal"), rel=1e-12)
    assert rule.near_text() == (
        "near the time limit means past 4.90 s (0.98 of 5 s), or past 4.50 s (0.9 of it) "
        "and above the run's median 4.83 s by more than 0.25 s (the larger of 3.5 x "
        "1.4826 x MAD and 5% of the limit)"
    )


def test_live_flags_judge_a_time_against_the_run_so_far():
    from workbench.batch.anomalies import LiveFlags

    live = LiveFlags(FlagRule(limit=5.0))
    said = [live.flags(row) for row in timed(4.83, 4.80, 4.86, 4.84, 1.0, 4.82, 4.95)]
    assert said == [[]] * 6 + [["near the time limit (4.95 s of 5 s)"]]  # the budget is its normal
    live = LiveFlags(FlagRule(limit=5.0))
    said = [live.flags(row) for row in timed(4.7, 0.05, 0.07, 4.7)]
    # The first case has no run before it (only past 0.98 would flag it); the last stands out from those
    # before it, robustly: the first's 4.7 s moves their median, not their MAD.
    assert said == [[], [], [], ["near the time limit (4.70 s of 5 s; the run's median 0.07 s)"]]


def test_the_help_says_the_near_limit_rule(capsys):
    with pytest.raises(SystemExit):
        main(["batch", "comesolo", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "flag a program's case near its time limit for this program: past 0.98 of the limit, or past this "
        "(default 0.9) of it and standing out from the run's own times (above their median by more than 3.5 "
        "robust SDs, 1.4826 x MAD, and 5% of the limit): a program that always uses its budget flags nothing "
        "for time"
    ) in out


def not_recorded_refusal(edited):
    """What rerun and noise end with for a run.json that no run database beside it records."""
    return (
        f"error: {edited}/run.json is not known to be your run: no run database beside it "
        f"({edited.parent / 'runs.sqlite'}) records it: it may come from someone else; read what it "
        "runs above, then give --trust to run it\n"
    )


def test_rerun_of_a_run_json_not_recorded_here_says_what_it_runs_and_needs_trust(flagged_run, tmp_path, capsys):
    """A run.json received or edited names the command, the folder it runs in and the best-known file:
    rerun says them, and runs them only with --trust when the run database beside it does not record them."""
    import shutil

    out, _ = flagged_run
    meta = json.loads((out / "run.json").read_text())
    capsys.readouterr()
    # The run as made here: said, and run.
    assert main(["batch", "rerun", str(out), "--filter", "verdict!=OK", "--out", str(tmp_path / "runs" / "r1")]) == 0
    err = capsys.readouterr().err
    assert err.startswith(
        f"runs: {meta['command']}\nin: {meta['cwd']}\nwith the contest file {meta['contest_file']} "
        f"(its tools and build step run too)\nwriting best-known scores to {meta['best_known']}\n"
    )
    # Its run.json edited: another command.
    marker = tmp_path / "ran"
    edited = tmp_path / "runs" / "edited"
    shutil.copytree(out, edited)
    (edited / "run.json").write_text(json.dumps({**meta, "command": f"touch {marker}"}))
    assert main(["batch", "rerun", str(edited), "--filter", "verdict!=OK", "--out", str(tmp_path / "runs" / "r2")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"runs: touch {marker}\n")
    assert err.endswith(not_recorded_refusal(edited))
    shutil.copytree(edited, tmp_path / "runs" / "same")  # recorded under another folder: not this one
    (out / "run.json").write_text(json.dumps({**meta, "command": f"touch {marker}"}))
    assert main(["batch", "rerun", str(out), "--filter", "verdict!=OK", "--out", str(tmp_path / "runs" / "r3")]) == 1
    assert capsys.readouterr().err.endswith(
        "is not known to be your run: its command differs from what the run "
        "database recorded; read what it runs above, then give --trust to run it\n"
    )
    assert not marker.exists() and not (tmp_path / "runs" / "r2").exists() and not (tmp_path / "runs" / "r3").exists()
    assert batch_main("rerun", edited, "--filter", "verdict!=OK", "--trust", "--out", tmp_path / "runs" / "r4") == 0
    assert marker.exists()  # the user read it and said so
    (out / "run.json").write_text(json.dumps(meta))
    # A runs folder sent whole: its database records its run, made on another machine.
    with sqlite3.connect(out.parent / "runs.sqlite") as db:
        db.execute(
            "UPDATE runs SET meta = ? WHERE folder = ?",
            (json.dumps({**meta, "host": "their-laptop"}), str(out.resolve())),
        )
    assert main(["batch", "rerun", str(out), "--filter", "verdict!=OK", "--out", str(tmp_path / "runs" / "r5")]) == 1
    assert capsys.readouterr().err.endswith(
        "is not known to be your run: it was made on another machine "
        "(their-laptop); read what it runs above, then give --trust to run it\n"
    )
    with sqlite3.connect(out.parent / "runs.sqlite") as db:
        db.execute("UPDATE runs SET meta = ? WHERE folder = ?", (json.dumps(meta), str(out.resolve())))


def test_noise_of_a_run_json_not_recorded_here_needs_trust_too(flagged_run, tmp_path, capsys):
    """batch noise runs the run's program K times a case: a received or edited run.json is held
    to what rerun holds it to, not run as it says."""
    import shutil

    out, _ = flagged_run
    meta = json.loads((out / "run.json").read_text())
    marker = tmp_path / "ran"
    edited = tmp_path / "runs" / "edited"
    shutil.copytree(out, edited)
    (edited / "run.json").write_text(json.dumps({**meta, "command": f"touch {marker}"}))
    capsys.readouterr()
    assert main(["batch", "noise", str(edited), "--repeat", "2", "--out", str(tmp_path / "runs" / "n1")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"runs: touch {marker}\n")
    assert err.endswith(not_recorded_refusal(edited))
    assert not marker.exists() and not (tmp_path / "runs" / "n1").exists()
