"""Tuning a program's or a built-in solver's parameters with Optuna (``puzzle-workbench batch tune``).

Each trial is a real batch run over the tuning seeds, in a shuffled order of its own, and lands
in the run database like any run (label ``tune-STUDY-N``, the parameters as its comment): the
app's Past runs and standings show trials as they come. Optuna's WilcoxonPruner stops a trial as
soon as it is surely worse than the best one, case by case; the study is kept in the same
database (``runs.sqlite``), so a study can be continued. At the end the best trial's parameters
are run on the held-out seeds beside the defaults, and compared.

A program gets the parameters as environment variables (NAME=value), and wherever ``{NAME}``
stands in its command; a built-in solver as its own parameters. ``Tuning.optimize`` is the study's
loop (ask, run the trial, tell); the command (``workbench.cli.tune``) parses and prints.
"""

from __future__ import annotations

import math
import os
import random
import re
import socket
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from solvers.run_setup import checked_params, parse_params
from workbench.core.errors import UsageError, WorkbenchError
from workbench.core.files import locked
from workbench.core.objective import Objective

from .batch_run import BatchRun
from .cases import BatchCase
from .database import BUSY_MILLISECONDS, RunDatabase
from .noise import MIN_SHARED
from .plan import BatchPlan
from .problem import BatchProblem
from .report import compare, failed_text, mean, noise_lines, summarize
from .results import CaseResult, plain_number, status_now

if TYPE_CHECKING:  # optuna is imported where a study is used (``optuna``: that module, passed in)
    from optuna import Study
    from optuna.distributions import BaseDistribution
    from optuna.samplers import BaseSampler
    from optuna.trial import FrozenTrial, TrialState

PARAM = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.+?)\.\.(.+?)(?::(.+))?$")


class TunedTrial(Protocol):
    """What a trial uses of Optuna's ``Trial`` (a test gives a trial of its own)."""

    @property
    def number(self) -> int: ...

    def set_user_attr(self, key: str, value: Any) -> None: ...

    def suggest_int(self, name: str, low: int, high: int) -> int: ...

    def suggest_float(self, name: str, low: float, high: float) -> float: ...

    def report(self, value: float, step: int) -> None: ...

    def should_prune(self) -> bool: ...


@dataclass(frozen=True)
class Tuned:
    name: str
    low: float
    high: float
    integer: bool
    default: float | None = None

    def suggest(self, trial: TunedTrial) -> int | float:
        if self.integer:
            return trial.suggest_int(self.name, int(self.low), int(self.high))
        return trial.suggest_float(self.name, self.low, self.high)


WHOLE_LIMIT = 2**53  # Optuna keeps a whole-number parameter as a float: beyond this it is not exact


def parse_tuned(text: str) -> Tuned:
    """NAME=LOW..HIGH[:DEFAULT]: whole numbers when LOW and HIGH are."""
    match = PARAM.match(text)
    if not match:
        raise UsageError(f"--param takes NAME=LOW..HIGH or NAME=LOW..HIGH:DEFAULT, got '{text}'")
    name, low, high, default = match.groups()
    integer = all(re.fullmatch(r"-?\d+", v) for v in (low, high))
    try:
        values = [float(v) for v in (low, high)] + ([float(default)] if default else [])
    except ValueError:
        raise UsageError(f"--param {text}: the bounds must be numbers") from None
    if not all(math.isfinite(v) for v in values) or values[0] >= values[1]:
        raise UsageError(f"--param {text}: LOW must be below HIGH")
    if not math.isfinite(values[1] - values[0]):  # the sampler draws in HIGH - LOW: it must be a number
        raise UsageError(f"--param {text}: the range is too wide (HIGH - LOW is past the largest float)")
    if integer and max(abs(int(low)), abs(int(high))) > WHOLE_LIMIT:
        raise UsageError(
            f"--param {text}: whole-number bounds must lie within ±2^53 (the sampler keeps them as floats)"
        )
    if default and not values[0] <= values[2] <= values[1]:
        raise UsageError(f"--param {text}: the default must lie between LOW and HIGH")
    if default and integer and not values[2].is_integer():
        raise UsageError(f"--param {text}: the default of a whole-number parameter must be whole")
    return Tuned(name, values[0], values[1], integer, (values[2] if default else None))


def check_study(tuned: list[Tuned], seeds: Sequence[int], held_out: Sequence[int], solver: type | None = None) -> None:
    """A study's choices that need no case; UsageError names the one that is wrong. ``solver``: the
    built-in solver whose parameters are tuned (each range's low end must be one it takes)."""
    if len({t.name for t in tuned}) != len(tuned):
        raise UsageError("a parameter is given twice")
    if set(seeds) & set(held_out):
        raise UsageError("--held-out seeds must not be tuning seeds")
    if solver is not None:
        for t in tuned:
            checked_params(solver, parse_params(solver, [f"{t.name}={int(t.low) if t.integer else t.low}"]))


def default_study_name(problem_id: str) -> str:
    return f"{problem_id}-tune"


def best_finished(optuna: ModuleType, study: Study) -> FrozenTrial | None:
    """The study's best finished trial (of every call that ran it), None while none has finished."""
    if not any(t.state == optuna.trial.TrialState.COMPLETE for t in study.trials):
        return None
    return study.best_trial


def _scores(results: Iterable[CaseResult], objective: Objective) -> list[float]:
    """Each case's score for the study: a case that is not OK is the worst there is."""
    return [r.score if r.verdict == "OK" else objective.failed_value for r in results]


def open_study(
    optuna: ModuleType, database: Path, study_name: str, puzzle_id: str, objective: Objective, sampler_seed: int
) -> Study:
    """The study, made (its tables too) or loaded under a lock: two tunes starting on a new database
    would otherwise both create Optuna's tables, and one fail ("table studies already exists"). A study
    of another puzzle is refused: its trials' scores are not this one's."""
    RunDatabase(database).check()  # a device, a folder or a file that is no database: one line
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)  # WilcoxonPruner's
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with locked(database):
            # SQLite's own wait for a writer (Optuna's default is 5 s; batches and trials share the file)
            storage = optuna.storages.RDBStorage(
                f"sqlite:///{database.resolve()}", engine_kwargs={"connect_args": {"timeout": BUSY_MILLISECONDS / 1000}}
            )
            study: Study = optuna.create_study(
                study_name=study_name,
                storage=storage,
                load_if_exists=True,
                direction=objective.optuna_direction,
                sampler=trial_seeded_sampler(optuna, sampler_seed, study_name),
                pruner=optuna.pruners.WilcoxonPruner(p_threshold=0.1),
            )
            owner = study.user_attrs.get("puzzle")
            if owner is None:
                study.set_user_attr("puzzle", puzzle_id)
    except (SQLAlchemyError, ValueError) as error:
        raise WorkbenchError(f"cannot use the study {study_name} in {database}: {error}") from None
    wanted = optuna.study.StudyDirection.MINIMIZE if objective.lower_wins else optuna.study.StudyDirection.MAXIMIZE
    if (owner or puzzle_id) != puzzle_id or study.direction != wanted:
        raise UsageError(
            f"the study {study_name} in {database} tunes {owner or 'another puzzle'} "
            f"({study.direction.name.lower()}): give this one another --study"
        )
    return study


def trial_seeded_sampler(optuna: ModuleType, seed: int, study_name: str) -> BaseSampler:
    """Optuna's TPE sampler, seeded afresh for each trial from ``seed``, the study's name and the trial's
    number. One sampler seeded once would draw the same values again in every call that continues a
    study, and in two tunes at once on one study; a trial's number is the study's own (no two trials
    share one), so each trial draws values of its own, and a study made again the same way draws the
    same ones. ``constant_liar``: trials running elsewhere count as if they had done badly, so two
    tunes at once spread out."""
    from optuna.samplers import BaseSampler, TPESampler  # ``optuna`` is loaded: named for their types

    class TrialSeeded(BaseSampler):
        def __init__(self) -> None:
            self.inner = self._for(0)

        @staticmethod
        def _for(number: int) -> TPESampler:
            trial_seed = random.Random(f"{seed}-{study_name}-{number}").getrandbits(32)
            return TPESampler(seed=trial_seed, constant_liar=True)

        def before_trial(self, study: Study, trial: FrozenTrial) -> None:
            self.inner = self._for(trial.number)
            self.inner.before_trial(study, trial)

        def infer_relative_search_space(self, study: Study, trial: FrozenTrial) -> dict[str, BaseDistribution]:
            return self.inner.infer_relative_search_space(study, trial)

        def sample_relative(
            self, study: Study, trial: FrozenTrial, search_space: dict[str, BaseDistribution]
        ) -> dict[str, Any]:
            return self.inner.sample_relative(study, trial, search_space)

        def sample_independent(
            self, study: Study, trial: FrozenTrial, param_name: str, param_distribution: BaseDistribution
        ) -> Any:
            return self.inner.sample_independent(study, trial, param_name, param_distribution)

        def after_trial(
            self, study: Study, trial: FrozenTrial, state: TrialState, values: Sequence[float] | None
        ) -> None:
            self.inner.after_trial(study, trial, state, values)

    return TrialSeeded()


def fail_abandoned_trials(optuna: ModuleType, study: Study) -> list[int]:
    """Trials left running by a tune on this machine whose process is gone (a kill -9, a power cut),
    marked failed: no one else will ever finish them. Their numbers."""
    abandoned = []
    for trial in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        owner = trial.user_attrs
        if status_now({"status": "running", "host": owner.get("host"), "pid": owner.get("pid")}) == "killed":
            try:
                study.tell(trial.number, state=optuna.trial.TrialState.FAIL)
            except (RuntimeError, ValueError):  # finished meanwhile after all
                continue
            abandoned.append(trial.number)
    return abandoned


@dataclass
class Tuning:
    """What every run of a study shares: the plan (the problem, its program or solver, where runs go),
    the parameters tuned, and how to say what happens."""

    plan: BatchPlan
    tuned: list[Tuned]
    study_name: str
    say: Callable[[str], None] = print
    running: BatchRun | None = None  # the run going now
    stopped: bool = False  # by Ctrl+C or SIGTERM: the run going now stops, and no other starts

    @property
    def problem(self) -> BatchProblem:
        return self.plan.problem

    def stop(self) -> None:
        self.stopped = True
        if self.running is not None:
            self.running.stop()

    def _run(
        self,
        values: Mapping[str, object],
        cases: list[BatchCase],
        label: str,
        comment: str,
        on_result: Callable[[CaseResult], None] | None = None,
    ) -> BatchRun:
        plan = replace(self.plan.with_values(values), label=label, comment=comment, out=None, build="")
        run = self.running = BatchRun(plan.spec(cases=cases, say=self.say))
        if self.stopped:  # a signal between the check and now: the run stops before its first case
            run.stop()
        try:
            run.run(on_result)
        finally:
            self.running = None
        return run

    def trial(self, trial: TunedTrial, cases: Sequence[BatchCase]) -> float | None:
        """One trial: its values sampled, a batch over the seeds in an order of its own; its mean score,
        or None when Ctrl+C or SIGTERM stopped it before its cases were done."""
        trial.set_user_attr("host", socket.gethostname())  # so that a tune killed outright is known later
        trial.set_user_attr("pid", os.getpid())
        values = {t.name: t.suggest(trial) for t in self.tuned}
        order = list(cases)
        random.Random(f"{self.study_name}-{trial.number}").shuffle(order)  # WilcoxonPruner: a fresh order
        pruned: list[bool] = []
        objective = self.problem.objective

        def on_result(result: CaseResult) -> None:
            trial.report(_scores([result], objective)[0], step=result.case.index)
            if not pruned and trial.should_prune():
                pruned.append(True)
                if self.running is not None:  # the run reporting this result
                    self.running.stop()

        run = self._run(
            values,
            order,
            f"tune-{self.study_name}-{trial.number}",
            " ".join(f"{k}={v}" for k, v in values.items()),
            on_result,
        )
        scores = _scores(run.results, objective)
        value = mean(scores) if scores else 0.0
        # The pruner may say "prune" at the last case's report, or once every case has finished (they
        # are reported a batch at a time): a trial all of whose cases ran is complete, not pruned.
        was_pruned = bool(pruned) and len(scores) < len(cases)
        if self.stopped and not was_pruned and len(scores) < len(cases):
            self.say(
                f"trial {trial.number}: {' '.join(f'{k}={v}' for k, v in values.items())} stopped after "
                f"{len(scores)} of {len(cases)} cases: marked failed in the study"
            )
            return None
        self.say(
            f"trial {trial.number}: {' '.join(f'{k}={v}' for k, v in values.items())} -> "
            f"{plain_number(round(value, 3))} over {len(scores)} cases" + (" (pruned)" if was_pruned else "")
        )
        return value

    def optimize(self, optuna: ModuleType, study: Study, cases: Sequence[BatchCase], trials: int) -> None:
        """Up to ``trials`` trials, each asked of the study, run over ``cases`` and told its value: a
        pruned one what it saw (Optuna's advice: the sampler learns from it), one that Ctrl+C or SIGTERM
        stopped (``stop``) failed, and then no other starts. Anything raised (a second Ctrl+C) fails
        the trial running and goes on up."""
        failed = optuna.trial.TrialState.FAIL
        for _ in range(trials):
            if self.stopped:
                return
            trial = study.ask()
            try:
                value = self.trial(trial, cases)
            except BaseException:  # the trial is not left running in the study
                study.tell(trial, state=failed)
                raise
            if value is None:
                study.tell(trial, state=failed)
                return
            study.tell(trial, value)

    def held_out(self, best: dict[str, Any], seeds: Sequence[int]) -> None:
        """The best parameters and the defaults on seeds no trial saw, compared case by case."""
        cases = replace(self.plan, seeds=seeds, files=()).cases()
        # The defaults: the :DEFAULT values given, else none at all (a solver's declared defaults, a
        # program's own when no variable is set); a {NAME} in the command needs its :DEFAULT.
        tuned = self.tuned
        defaults: dict[str, object] | None = {
            t.name: (int(t.default) if t.integer else t.default) for t in tuned if t.default is not None
        }
        command = self.plan.program_command
        if command and any("{" + t.name + "}" in command and t.default is None for t in tuned):
            self.say("held-out: the defaults cannot run (a {NAME} in the command has no :DEFAULT); the best alone")
            defaults = None
        rows: dict[str, list[dict[str, Any]]] = {}
        metas: dict[str, dict[str, Any]] = {}
        folders: dict[str, Path] = {}
        objective = self.problem.objective
        for name, values in (("best", best), ("defaults", defaults)):
            if values is None:
                continue
            run = self._run(
                values,
                cases,
                f"held-out-{name}",
                f"held-out {name}: " + " ".join(f"{k}={v}" for k, v in values.items()),
            )
            if self.stopped:
                return
            rows[name] = [r.row() for r in run.results]
            metas[name], folders[name] = run.meta(), run.spec.out
            summary = summarize(rows[name], objective=objective)
            shown = "-" if summary.mean_score is None else plain_number(round(summary.mean_score, 3))
            self.say(
                f"held-out {name} ({run.spec.out}): mean {shown} over {summary.ok} OK cases, {summary.failed_text()}"
            )
        if len(rows) == 2:
            result = compare(rows["defaults"], rows["best"], objective, meta_a=metas["defaults"], meta_b=metas["best"])
            test = (
                f"Wilcoxon p = {result.wilcoxon_pvalue:.3g}"
                if result.tested
                else f"no test on {len(result.diffs)} cases (it needs {MIN_SHARED} or more)"
            )
            self.say(
                f"held-out, best against the defaults: wins {result.wins}, losses {result.losses}, ties {result.ties}; "
                f"failed: defaults {failed_text(result.failed_a)}, best {failed_text(result.failed_b)}; mean relative "
                f"best - defaults {result.mean_diff:+.4f}, {test}"
            )
            for line in noise_lines(
                result, "defaults", "best", f"puzzle-workbench batch noise {folders['best']} --repeat 5"
            ):
                self.say(f"held-out: {line}")
