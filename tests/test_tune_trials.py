"""A tuning trial's verdict: pruned only when the pruner stopped it before all of its cases ran."""

from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from workbench.batch.plan import BatchPlan
from workbench.batch.tune import Tuning, parse_tuned
from workbench.contest.known import problem_named


class Trial:
    """Optuna's trial as a trial sees it, with a pruner that says "prune" from the report ``prune_at`` on."""

    def __init__(self, prune_at: int):
        self.number, self.prune_at, self.reports = 0, prune_at, []

    def set_user_attr(self, key, value) -> None:
        pass

    def suggest_float(self, name, low, high) -> float:
        return 0.5

    def report(self, value, step) -> None:
        self.reports.append((step, value))

    def should_prune(self) -> bool:
        return len(self.reports) >= self.prune_at


def tuning(folder: Path) -> tuple[Tuning, list, list[str]]:
    program = folder / "answer.sh"
    program.write_text(textwrap.dedent("""\
        #!/bin/sh
        cat > /dev/null
        echo 0
    """))
    program.chmod(0o755)
    plan = BatchPlan(problem_named("comesolo"), seeds=[1, 2, 3, 4], generator_options={"size": 6},
                     command=str(program), jobs=1)
    plan.check()
    plan.prepare(lambda text: None)
    said: list[str] = []
    return Tuning(replace(plan, build=""), [parse_tuned("X=0.0..1.0")], "t", said.append), plan.cases(), said


@pytest.mark.parametrize("prune_at, verdict", [(4, "over 4 cases"), (1, "over 1 cases (pruned)")])
def test_a_trial_is_pruned_only_when_cases_were_left(tmp_path, monkeypatch, prune_at, verdict):
    monkeypatch.chdir(tmp_path)
    tune, cases, said = tuning(tmp_path)
    trial = Trial(prune_at)
    assert tune.trial(trial, cases) is not None
    lines = [line for line in said if line.startswith("trial 0:")]
    assert lines == [f"trial 0: X=0.5 -> 0 {verdict}"]
    assert len(trial.reports) == prune_at  # the pruned trial ran no case after the pruner's word
