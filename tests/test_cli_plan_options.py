"""The options that describe a batch plan (workbench/cli/plan_options.py): added in one place for
``batch`` and ``batch tune``, read into one BatchPlan field each; the flag thresholds are plan
fields, used by the live table without reading the command line again."""

from __future__ import annotations

from dataclasses import replace

import pytest
import tiny_contest

from workbench.batch.anomalies import BELOW, NEAR_LIMIT
from workbench.batch.plan import BatchPlan
from workbench.cli import main, tune
from workbench.cli.batch import execute, plan_of
from workbench.cli.common import named_problem
from workbench.cli.plan_options import build_plan
from workbench.contest.known import problem_named
from workbench.core.errors import UsageError

SHARED = [
    "comesolo",
    "--solver",
    "beam",
    "--time",
    "2.5",
    "--nodes",
    "7",
    "--jobs",
    "3",
    "--size",
    "8",
    "--density",
    "0.25",
]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)


def test_batch_and_tune_read_the_shared_options_into_the_same_plan_fields():
    problem, puzzle = named_problem(SHARED)
    batch_plan = plan_of([*SHARED, "--seeds", "1-4"])
    tune_args = tune.build_parser(puzzle).parse_args([*SHARED, "--param", "X=0..1"])
    tune_plan = build_plan(problem, puzzle, tune_args, seeds=[1, 2, 3, 4])
    for plan in (batch_plan, tune_plan):
        assert (plan.solver, plan.command, plan.seconds, plan.nodes, plan.workers) == ("beam", None, 2.5, 7, 3)
        assert list(plan.seeds) == [1, 2, 3, 4]
        assert plan.generator_options == {"size": 8, "rows": 0, "cols": 0, "density": 0.25, "shape": "random"}
        assert plan.instance_options == {}


def test_the_flag_thresholds_are_plan_fields_with_the_rule_s_defaults():
    plan = plan_of(["comesolo", "--seeds", "1-2", "--cmd", "./a.out"])
    assert (plan.flag_below, plan.flag_near_limit) == (BELOW, NEAR_LIMIT) == (0.8, 0.9)
    plan = plan_of(
        ["comesolo", "--seeds", "1-2", "--cmd", "./a.out", "--flag-below", "0.45", "--flag-near-limit", "0.5"]
    )
    rule = plan.flag_rule({"command": "./a.out", "seconds": 4, "objective": "min"})
    assert (rule.below, rule.near_limit, rule.limit) == (0.45, 0.5, 4.0)


def test_the_plan_refuses_a_threshold_that_is_no_fraction():
    plan = plan_of(["comesolo", "--seeds", "1-2", "--cmd", "./a.out"])
    with pytest.raises(UsageError, match=r"^--flag-near-limit must be a positive fraction \(e\.g\. 0\.8\), got 0$"):
        replace(plan, flag_near_limit=0).check()


def test_a_plan_made_in_code_flags_by_its_own_thresholds(tmp_path, capsys):
    """The live table and the flagged list take the plan's thresholds (no command line to read them
    from): at 0.45 the cases at relative 0.5 and 0.6 are not flagged, as they would be at 0.8."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min", seeds=6)
    assert main(["contest", "init", str(folder), "--objective", "min"]) == 0
    best = tmp_path / "runs" / "best.csv"
    good = tiny_contest.program(tmp_path, "good", tools)
    assert (
        main(
            [
                "batch",
                str(folder),
                "--seeds",
                "0-5",
                "--cmd",
                good,
                "--jobs",
                "1",
                "--best",
                str(best),
                "--out",
                str(tmp_path / "runs" / "good"),
            ]
        )
        == 0
    )
    capsys.readouterr()
    worse = tiny_contest.program(tmp_path, "worse", tools, {4: "wa", 5: "re"}, offset=2)
    plan = BatchPlan(
        problem_named(str(folder)),
        seeds=list(range(6)),
        command=worse,
        workers=1,
        out=tmp_path / "runs" / "worse",
        best=best,
        flag_below=0.45,
    )
    plan.check()
    assert execute(plan) == 0
    printed = capsys.readouterr().out
    assert "flagged: 4 cases" in printed
    assert printed.count("far below best-known (relative 0.3333 < 0.45)") == 4  # 2 live rows, 2 in the list
