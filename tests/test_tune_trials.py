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
    program.write_text(
        textwrap.dedent("""\
        #!/bin/sh
        cat > /dev/null
        echo 0
    """)
    )
    program.chmod(0o755)
    plan = BatchPlan(
        problem_named("comesolo"), seeds=[1, 2, 3, 4], generator_options={"size": 6}, command=str(program), workers=1
    )
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


# ------------------------------------------------------------------ the study's loop (Tuning.optimize)
def study_states(study) -> list[str]:
    return [t.state.name for t in study.trials]


def test_the_loop_tells_the_study_each_trial_s_mean(tmp_path, monkeypatch):
    optuna = pytest.importorskip("optuna")
    monkeypatch.chdir(tmp_path)
    tune, cases, said = tuning(tmp_path)
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.RandomSampler(seed=0))
    tune.optimize(optuna, study, cases, 2)
    assert study_states(study) == ["COMPLETE", "COMPLETE"]
    assert [t.value for t in study.trials] == [0.0, 0.0]  # the program scores 0 on every case
    assert [line.split(" -> ")[1] for line in said if line.startswith("trial ")] == ["0 over 4 cases"] * 2


def test_a_stopped_trial_is_failed_and_no_other_starts(tmp_path, monkeypatch):
    optuna = pytest.importorskip("optuna")
    monkeypatch.chdir(tmp_path)
    tune, cases, _ = tuning(tmp_path)
    values = iter([0.25, None])  # the second trial is stopped by Ctrl+C before its cases are done

    def trial(trial, cases):
        trial.suggest_float("X", 0.0, 1.0)
        return next(values)

    monkeypatch.setattr(tune, "trial", trial)
    study = optuna.create_study(direction="maximize")
    tune.optimize(optuna, study, cases, 5)
    assert study_states(study) == ["COMPLETE", "FAIL"]
    assert study.best_trial.value == 0.25


def test_a_trial_that_raises_is_failed_in_the_study_and_the_error_goes_on(tmp_path, monkeypatch):
    optuna = pytest.importorskip("optuna")
    monkeypatch.chdir(tmp_path)
    tune, cases, _ = tuning(tmp_path)

    def trial(trial, cases):
        raise KeyboardInterrupt  # a second Ctrl+C

    monkeypatch.setattr(tune, "trial", trial)
    study = optuna.create_study(direction="maximize")
    with pytest.raises(KeyboardInterrupt):
        tune.optimize(optuna, study, cases, 3)
    assert study_states(study) == ["FAIL"]


def test_a_tuning_stopped_before_the_loop_asks_for_no_trial(tmp_path, monkeypatch):
    optuna = pytest.importorskip("optuna")
    from workbench.batch.tune import best_finished

    monkeypatch.chdir(tmp_path)
    tune, cases, _ = tuning(tmp_path)
    tune.stop()
    study = optuna.create_study(direction="maximize")
    tune.optimize(optuna, study, cases, 3)
    assert study.trials == [] and best_finished(optuna, study) is None
