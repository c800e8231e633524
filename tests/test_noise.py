"""Noise measured and used: ``batch --repeat K`` and ``batch noise``, the noise kept with the run, what
comparisons conclude from it (an A/A comparison, a difference within or beyond the noise, a loaded
machine), and the baseline the comparison at a batch's end picks.

The contest is the tiny higher-wins one of ``tiny_contest.py``; its programs are the time-based one of
``timed_program.py`` (a score that moves with the machine's speed) and ``tiny_contest``'s fixed ones.
Every statistic is checked against scipy or numpy, the noise figure also computed another way.
"""

from __future__ import annotations

import csv
import json
import math
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest
import timed_program
import tiny_contest
from batch_cli import rows_of
from scipy import stats

from workbench.batch.noise import (
    LOADED,
    Z95,
    Noise,
    load_ratio,
    loaded,
    noise_band,
    noise_of,
    per_case,
    ratio_loaded,
    same_program,
)
from workbench.batch.report import compare, noise_lines
from workbench.batch.standings import standings
from workbench.cli import main


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


def row(key: str, score: float, verdict: str = "OK", relative: float = 1.0, **more) -> dict:
    return {
        "case": key,
        "key": key,
        "score": repr(float(score)),
        "verdict": verdict,
        "relative": str(relative),
        "time_s": "0.1",
        "cpu_s": "",
        "message": "",
        **more,
    }


# ------------------------------------------------------------------ the figures, against scipy and numpy
SCORES = {"a": [100, 104, 97], "b": [250, 240], "c": [55, 56, 54, 58], "d": [80]}  # d ran once: no spread


def repeated_rows() -> list[dict]:
    return [row(key, score) for key, scores in SCORES.items() for score in scores]


def test_each_cases_sd_is_the_sample_sd_and_the_pooled_sd_the_anova_residual():
    noise = noise_of(repeated_rows())
    by_key = {c.key: c for c in noise.cases}
    assert sorted(by_key) == ["a", "b", "c"] and noise.repeats == 4 and noise.degrees == 2 + 1 + 3
    for key, case in by_key.items():
        assert case.sd == pytest.approx(stats.tstd(SCORES[key]))  # n - 1
        assert case.mean == pytest.approx(np.mean(SCORES[key])) and case.runs == len(SCORES[key])
    # Another way: the residual SD of a least-squares fit of score on one indicator per case.
    keys = ["a", "b", "c"]
    y = np.array([s for k in keys for s in SCORES[k]], dtype=float)
    x = np.array([[1.0 if k == j else 0.0 for j in keys] for k in keys for _ in SCORES[k]])
    _, residual, _, _ = np.linalg.lstsq(x, y, rcond=None)
    assert noise.sd == pytest.approx(math.sqrt(residual[0] / (len(y) - len(keys))))
    # And relative to each case's mean: the same fit on the scores divided by their case's mean.
    scaled = np.array([s / np.mean(SCORES[k]) for k in keys for s in SCORES[k]])
    _, residual, _, _ = np.linalg.lstsq(x, scaled, rcond=None)
    assert noise.relative_sd == pytest.approx(math.sqrt(residual[0] / (len(y) - len(keys))))


def test_no_case_run_twice_ok_measures_no_noise():
    assert noise_of([row("a", 1), row("b", 2)]) is None
    assert noise_of([row("a", 1), row("a", 2, "WA")]) is None


def test_a_case_run_several_times_is_the_mean_of_its_runs_and_fails_when_one_run_does():
    folded = per_case(
        [
            row("a", 10, relative=0.5),
            row("b", 7),
            row("a", 20, relative=1.0),
            row("b", 0, "TLE", relative=0.0, message="killed"),
        ]
    )
    assert [(r["key"], float(r["score"]), r["verdict"], float(r["relative"]), r["repeats"]) for r in folded] == [
        ("a", 15.0, "OK", 0.75, "2"),
        ("b", 0.0, "TLE", 0.5, "2"),
    ]
    assert folded[1]["message"] == "1 of 2 runs failed: killed"
    once = [row("a", 1), row("b", 2)]
    assert per_case(once) == once


def test_the_comparisons_tests_are_paired_tests_on_per_case_means():
    rng = np.random.default_rng(5)
    means = rng.uniform(100, 200, 8)
    a = [row(str(k), m + e) for _ in range(3) for k, m in enumerate(means) for e in [rng.normal(0, 2)]]
    b = [row(str(k), m * 1.02 + e) for _ in range(2) for k, m in enumerate(means) for e in [rng.normal(0, 2)]]
    result = compare(a, b, "max")
    mean_a = {k: np.mean([float(r["score"]) for r in a if r["key"] == k]) for k in map(str, range(8))}
    mean_b = {k: np.mean([float(r["score"]) for r in b if r["key"] == k]) for k in mean_a}
    diffs = [(mean_b[k] - mean_a[k]) / max(mean_a[k], mean_b[k]) for k in mean_a]
    assert result.mean_diff == pytest.approx(np.mean(diffs))
    assert result.t_pvalue == pytest.approx(stats.ttest_1samp(diffs, 0).pvalue)
    assert result.wilcoxon_pvalue == pytest.approx(stats.wilcoxon(diffs).pvalue)
    low, high = stats.t.interval(0.95, len(diffs) - 1, loc=np.mean(diffs), scale=stats.sem(diffs))
    assert result.ci95 == pytest.approx((low, high))
    assert (result.runs_a, result.runs_b) == (3, 2)
    # The noise band: 1.96 x the SD the mean difference has from the runs' noise alone.
    assert pytest.approx(stats.norm.ppf(0.975)) == Z95
    cv_a, cv_b = noise_of(a).relative_sd, noise_of(b).relative_sd
    rel = {d.key: (d.relative_a, d.relative_b) for d in result.diffs}
    variance = sum(ra**2 * cv_a**2 / 3 + rb**2 * cv_b**2 / 2 for ra, rb in rel.values())
    assert result.noise == pytest.approx(stats.norm.ppf(0.975) * math.sqrt(variance) / 8)
    assert result.noise == pytest.approx(
        noise_band([(ra, rb, 3, 2) for ra, rb in rel.values()], noise_of(a), noise_of(b))
    )


def test_a_run_that_did_not_measure_its_noise_is_taken_as_noisy_as_the_other():
    a = [row(k, s) for k in "xyz" for s in (100, 110)]
    b = [row(k, 120) for k in "xyz"]
    result = compare(a, b, "max")
    cv = noise_of(a).relative_sd
    expected = Z95 * math.sqrt(sum(d.relative_a**2 * cv**2 / 2 + d.relative_b**2 * cv**2 / 1 for d in result.diffs)) / 3
    assert result.noise == pytest.approx(expected)
    assert noise_band([(1.0, 1.0, 1, 1)], None, None) is None


def test_a_run_whose_noise_has_no_relative_sd_beside_one_that_measured_none_gives_no_band():
    # relative_sd is nan when the repeated cases' mean score is 0; the other run measured nothing.
    no_relative = Noise(repeats=2, cases=[], sd=0.0, relative_sd=math.nan)
    assert noise_band([(1.0, 1.0, 1, 1)], no_relative, None) is None
    assert noise_band([(1.0, 1.0, 1, 1)], None, no_relative) is None


def test_fewer_than_three_shared_cases_give_no_statistics_and_no_nan():
    result = compare([row("a", 10), row("b", 20)], [row("a", 11), row("b", 19)], "max")
    assert not result.tested and all(math.isnan(p) for p in (result.t_pvalue, result.wilcoxon_pvalue))
    assert not any("nan" in line for line in noise_lines(result))


def test_load_is_the_programs_wall_time_over_their_cpu_time():
    rows = [{"time_s": "0.6", "cpu_s": "0.3"}, {"time_s": "0.5", "cpu_s": "0.4"}, {"time_s": "9", "cpu_s": ""}]
    assert load_ratio(rows) == pytest.approx(1.1 / 0.7) and loaded(rows) == pytest.approx(1.1 / 0.7)
    assert loaded([{"time_s": "0.7", "cpu_s": "0.6"}]) is None  # 1.17x: not loaded
    assert load_ratio([{"time_s": "3", "cpu_s": "0.1"}]) is None  # too little CPU to tell
    assert ratio_loaded(3.0, 1.0) == 3.0 and ratio_loaded(1.4, 1.0) is None and LOADED == 1.5


def test_the_same_program_is_the_same_file_command_and_variables():
    meta = {"command": "./a.out", "program": {"sha256": "ab" * 32}, "env": None, "seconds": 2.0, "time_by": "wall"}
    assert same_program(meta, dict(meta)) == "sha256 " + "ab" * 6
    assert same_program(meta, {**meta, "program": {"sha256": "cd" * 32}}) == ""
    assert same_program(meta, {**meta, "env": {"K": "3"}}) == ""  # a tuning trial's other values
    solver = {"solver": "beam", "params": {"width": 3}, "seconds": 1.0, "nodes": None, "solver_seed": 0}
    assert same_program(solver, dict(solver)) == "solver beam with the same parameters"
    assert same_program(solver, {**solver, "params": {"width": 4}}) == ""


# ------------------------------------------------------------------ real runs
@pytest.fixture
def contest(tmp_path, capsys) -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir()
    tiny_contest.lay_out(folder, "max", seeds=10)
    assert main(["contest", "init", str(folder), "--objective", "max"]) == 0
    capsys.readouterr()
    return folder


def batch(folder: Path, seeds: str, command: str, out: Path, *args: str) -> int:
    return main(["batch", str(folder), "--seeds", seeds, "--cmd", command, "--jobs", "2", "--out", str(out), *args])


def test_repeat_runs_each_case_k_times_and_keeps_the_noise_with_the_run(contest, tmp_path, capsys):
    timed = timed_program.program(tmp_path, "timed", budget=0.05)
    out = tmp_path / "runs" / "timed"
    assert batch(contest, "0-3", timed, out, "--repeat", "3") == 0
    printed = capsys.readouterr().out
    rows = rows_of(out)
    assert [(r["case"], r["name"], r["repeat"]) for r in rows[:5]] == [
        ("0", "0000-r1", "1"),
        ("1", "0001-r1", "1"),
        ("2", "0002-r1", "1"),
        ("3", "0003-r1", "1"),
        ("0", "0000-r2", "2"),
    ]
    assert len(rows) == 12 and "4 of 4 cases (higher scores win)" in printed
    # The noise, computed another way from results.csv: numpy's per-case variances, pooled.
    scores = {}
    for r in rows:
        scores.setdefault(r["key"], []).append(float(r["score"]))
    pooled = math.sqrt(
        sum(np.var(s, ddof=1) * (len(s) - 1) for s in scores.values()) / sum(len(s) - 1 for s in scores.values())
    )
    meta = json.loads((out / "run.json").read_text())
    assert meta["repeat"] == 3 and meta["noise"]["repeats"] == 3 and meta["noise"]["cases"] == 4
    assert meta["noise"]["sd"] == pytest.approx(pooled)
    with open(out / "noise.csv", newline="") as handle:
        per_case_noise = {r["key"]: r for r in csv.DictReader(handle)}
    assert {k: float(r["sd"]) for k, r in per_case_noise.items()} == pytest.approx(
        {k: float(np.std(s, ddof=1)) for k, s in scores.items()}
    )
    assert re.search(
        r"^noise: SD \S+% of the score \(\S+ raw\) between runs of a case, from 3 runs of each of 4 "
        r"cases \(per case: .*noise\.csv\)$",
        printed,
        re.M,
    )
    # The database keeps the run.json, noise and all.
    assert main(["runs", "list", "--root", str(tmp_path / "runs")]) == 0


def test_same_program_is_an_aa_comparison_and_no_repeats_say_the_noise_is_unknown(contest, tmp_path, capsys):
    good = tiny_contest.program(tmp_path, "good", contest / "tools")
    worse = tiny_contest.program(tmp_path, "worse", contest / "tools", offset=5)
    runs = tmp_path / "runs"
    for name, command in (("a", good), ("b", good), ("c", worse)):
        assert batch(contest, "0-9", command, runs / name) == 0
    printed = capsys.readouterr().out
    # the run b's end: compared with a, the same program
    assert "against a (A = that run, B = this one):" in printed
    capsys.readouterr()
    assert main(["batch", "compare", str(runs / "a"), str(runs / "b")]) == 0
    out = capsys.readouterr().out
    digest = json.loads((runs / "a" / "run.json").read_text())["program"]["sha256"][:12]
    assert f"same program (sha256 {digest} in both runs); differences are noise (±0, this pair's 95% interval)" in out
    assert main(["batch", "compare", str(runs / "a"), str(runs / "c")]) == 0
    out = capsys.readouterr().out
    assert "same program" not in out
    assert (
        f"noise: unknown (each case ran once in both runs); measure it: puzzle-workbench batch noise "
        f"{runs / 'c'} --repeat 5"
    ) in out


def test_batch_noise_reruns_every_case_and_says_whether_a_difference_is_beyond_it(contest, tmp_path, capsys):
    runs = tmp_path / "runs"
    slow = timed_program.program(tmp_path, "slow", budget=0.05)
    fast = timed_program.program(tmp_path, "fast", budget=0.05, check_every=200)
    assert batch(contest, "0-3", slow, runs / "slow", "--repeat", "2") == 0
    assert batch(contest, "0-3", fast, runs / "fast") == 0
    capsys.readouterr()
    assert main(["batch", "noise", str(runs / "fast"), "--repeat", "2", "--out", str(runs / "fast-noise")]) == 0
    captured = capsys.readouterr()
    assert f"measuring the noise of {runs / 'fast'}: 4 cases, 2 runs each" in captured.err
    assert "against fast (A = that run, B = this one):" in captured.out  # the run it reruns
    assert "same program (sha256" in captured.out and "from the runs' repeats)" in captured.out
    assert json.loads((runs / "fast-noise" / "run.json").read_text())["rerun_of"] == str(runs / "fast")
    assert main(["batch", "compare", str(runs / "slow"), str(runs / "fast-noise")]) == 0
    out = capsys.readouterr().out
    assert "paired t-test on per-case means (A 2 runs a case, B 2 runs a case) p = " in out
    # Looking at the clock 200 times less often counts several times as far: far beyond the noise.
    assert re.search(
        r"^noise: B - A \S+ is larger than the noise of these programs on these cases \(±\S+, 95%; "
        r"SD between runs of a case: A \S+% from 2 runs a case, B \S+% from 2 runs a case\)"
        r"(; but a run was loaded \(below\): the difference may be the load's)?$",
        out,
        re.M,
    )


def test_the_baseline_shares_the_most_cases_and_too_few_give_no_statistics(contest, tmp_path, capsys):
    good = tiny_contest.program(tmp_path, "good", contest / "tools")
    runs = tmp_path / "runs"
    assert batch(contest, "0-9", good, runs / "all") == 0
    assert batch(contest, "2", good, runs / "one") == 0
    capsys.readouterr()
    assert batch(contest, "0-9", good, runs / "again") == 0
    out = capsys.readouterr().out
    assert "against all (A = that run, B = this one):" in out and "10 shared cases" in out
    assert batch(contest, "0-1", good, runs / "two") == 0
    out = capsys.readouterr().out
    assert "against again (A = that run, B = this one):" in out  # the latest of those sharing 2
    assert "relative B - A 0; no statistics: 2 shared cases (a test needs 3 or more)" in out
    assert "nan" not in out and "t-test" not in out
    # A rerun is compared with the run it reruns, however many later runs share its cases.
    assert main(["batch", "rerun", str(runs / "all"), "--filter", "seed<4", "--out", str(runs / "rerun")]) == 0
    out = capsys.readouterr().out
    assert "against all (A = that run, B = this one):\n4 shared cases (6 only in A, 0 only in B)" in out


def test_a_loaded_run_is_marked_in_the_list_the_comparison_and_the_standings(contest, tmp_path, capsys):
    # A program that works 0.1 s and then waits 0.15 s: its wall time is 2.5x its CPU time, as a
    # program starved of a core would show.
    waits = tmp_path / "waits.py"
    waits.write_text(
        textwrap.dedent("""\
        import sys, time
        n, target = map(int, sys.stdin.read().split())
        start = time.process_time()
        while time.process_time() - start < 0.1:
            pass
        time.sleep(0.15)
        print(target)
    """)
    )
    good = tiny_contest.program(tmp_path, "good", contest / "tools")
    runs = tmp_path / "runs"
    assert batch(contest, "0-5", good, runs / "quick") == 0
    assert batch(contest, "0-5", f"{tiny_contest.PYTHON} {waits}", runs / "waits", "--jobs", "1") == 0
    captured = capsys.readouterr()
    assert re.search(
        r"^B ran on a loaded machine: \d\.\dx \(its programs' wall time over their CPU time; 1\.5x or "
        r"more\): its time-based scores are not comparable with A's$",
        captured.out,
        re.M,
    )
    assert "this run is marked loaded" in captured.err
    assert main(["runs", "list", "--root", str(runs)]) == 0
    listed = capsys.readouterr().out
    assert re.search(r"s, loaded \d\.\dx", listed)
    assert main(["runs", "standings", str(contest), "--root", str(runs)]) == 0
    table = capsys.readouterr().out
    assert re.search(
        r"^run 2 ran on a loaded machine: \d\.\dx .*: its time-based scores are not comparable with "
        r"the others'$",
        table,
        re.M,
    )
    assert "mean ± SD (n-1)" in table


def test_the_standings_sd_is_the_sample_sd_and_repeats_count_as_their_mean():
    runs = [{"id": 1}, {"id": 2}]
    cases = {
        1: [row("a", 10), row("b", 20), row("c", 60)],
        2: [row("a", 9), row("a", 11), row("b", 30), row("b", 30), row("c", 40), row("c", 50)],
    }
    table = standings(runs, cases, "max")
    by_id = {r.run["id"]: r for r in table.rows}
    assert by_id[1].sd == pytest.approx(stats.tstd([10, 20, 60]))
    assert by_id[2].mean == pytest.approx(np.mean([10, 30, 45])) and by_id[2].sd == pytest.approx(
        stats.tstd([10, 30, 45])
    )
    assert by_id[1].noise is None and by_id[2].noise.repeats == 2 and table.cases == 3
