"""``puzzle-workbench batch tune``: a program's or a built-in solver's parameters tuned with Optuna.

    puzzle-workbench batch tune PUZZLE-OR-CONTEST (--cmd COMMAND | --solver NAME) --param NAME=LOW..HIGH[:DEFAULT]...
                       [--seeds A-B] [--held-out C-D] [--trials N] [--time S] [--nodes N] [--jobs N]
                       [--study NAME] [--sampler-seed N] [puzzle options]

Each trial is a real batch run over the tuning seeds, in a shuffled order of its own, and lands
in the run database like any run (label ``tune-STUDY-N``, the parameters as its comment): the
app's Past runs and standings show trials as they come. Optuna's WilcoxonPruner stops a trial as
soon as it is surely worse than the best one, case by case; the study is kept in the same
database (``runs.sqlite``), so a study can be continued. At the end the best trial's parameters
are run on the held-out seeds beside the defaults, and compared.

A program gets the parameters as environment variables (NAME=value), and wherever ``{NAME}``
stands in its command; a built-in solver as its own parameters.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import mean
from typing import Sequence

from workbench.core.cores import usable_cores
from solvers.run_setup import checked_params, choose_solver, parse_params, puzzle_options
from workbench.command_line import add_options
from workbench.core.errors import UsageError, WorkbenchError
from workbench.core.objective import Objective

from .cases import parse_seeds
from .database import database_path
from .report import compare, failed_text, summarize
from .results import plain_number
from .runner import BatchRun, BatchSpec, best_known_path, default_out
from .tasks import Runner

PARAM = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.+?)\.\.(.+?)(?::(.+))?$")


@dataclass(frozen=True)
class Tuned:
    name: str
    low: float
    high: float
    integer: bool
    default: float | None = None

    def suggest(self, trial):
        if self.integer:
            return trial.suggest_int(self.name, int(self.low), int(self.high))
        return trial.suggest_float(self.name, self.low, self.high)


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
    return Tuned(name, values[0], values[1], integer, (values[2] if default else None))


def _runner(base: Runner, values: dict) -> Runner:
    """The batch's runner with these parameter values: a solver's own, or a program's variables."""
    if base.solver:
        return replace(base, params={**base.params, **values})
    command = base.command
    for name, value in values.items():
        command = command.replace("{" + name + "}", str(value))
    return replace(base, command=command, env={**base.env, **{k: str(v) for k, v in values.items()}})


def _scores(results, objective: Objective) -> list[float]:
    """Each case's score for the study: a case that is not OK is the worst there is."""
    return [r.score if r.verdict == "OK" else objective.failed_value for r in results]


def build_parser(puzzle) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="puzzle-workbench batch tune", description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzle", metavar="PUZZLE-OR-CONTEST")
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--cmd", metavar="COMMAND", help="your program; it gets the parameters as NAME=value "
                     "variables, and in place of {NAME}")
    how.add_argument("--solver", help="a built-in solver whose parameters are tuned")
    parser.add_argument("--param", action="append", required=True, metavar="NAME=LOW..HIGH[:DEFAULT]",
                        help="a parameter to tune, whole numbers when LOW and HIGH are (repeatable)")
    parser.add_argument("--seeds", default="0-49", help="the seeds trials are run on (default 0-49)")
    parser.add_argument("--held-out", default="", help="seeds the best trial and the defaults are run on at the "
                        "end (default: none)")
    parser.add_argument("--trials", type=int, default=20, help="trials in this call (default 20)")
    parser.add_argument("--time", type=float, default=None, help="seconds per case (default: the puzzle's or the "
                        "contest's)")
    parser.add_argument("--nodes", type=int, help="a solver's node budget per case")
    parser.add_argument("--jobs", type=int, default=usable_cores())
    parser.add_argument("--study", default="", help="the study's name (default PUZZLE-tune); an existing study "
                        "is continued")
    parser.add_argument("--sampler-seed", type=int, default=0, help="the sampler's seed (default 0)")
    add_options(parser, puzzle_options(puzzle))
    return parser


def cmd_tune(argv: Sequence[str]) -> int:
    try:
        import optuna
    except ImportError:
        raise WorkbenchError("batch tune needs optuna: pip install optuna") from None
    from .command import named_problem

    problem, puzzle = named_problem(argv)
    args = build_parser(puzzle).parse_args(argv)
    if args.trials < 1:
        raise UsageError(f"--trials must be at least 1, got {args.trials}")
    tuned = [parse_tuned(text) for text in args.param]
    if len({t.name for t in tuned}) != len(tuned):
        raise UsageError("a parameter is given twice")
    generator = {o.name: getattr(args, o.name) for o in (puzzle.generator_options if puzzle else ())}
    instance = {o.name: getattr(args, o.name) for o in (puzzle.instance_options if puzzle else ())}
    try:
        seeds, held_out = parse_seeds(args.seeds), (parse_seeds(args.held_out) if args.held_out else [])
    except ValueError as error:
        raise UsageError(f"seeds: {error}") from None
    if set(seeds) & set(held_out):
        raise UsageError("--held-out seeds must not be tuning seeds")
    root = problem.config.folder / "runs" if puzzle is None else Path("runs")
    if args.solver:
        if puzzle is None:
            raise UsageError("a contest runs your program: tune it with --cmd")
        cls = choose_solver(puzzle, args.solver)
        for t in tuned:
            checked_params(cls, parse_params(cls, [f"{t.name}={int(t.low) if t.integer else t.low}"]))
        base = Runner(problem, args.time if args.time is not None or args.nodes else 10.0, solver=cls.name,
                      nodes=args.nodes)
    else:
        seconds = args.time or (problem.config.time_limit if puzzle is None else 10.0)
        base = Runner(problem, seconds, command=args.cmd, cwd=os.getcwd())
    cases = problem.seed_cases(seeds, generator, instance)
    study_name = args.study or f"{problem.id}-tune"
    storage = f"sqlite:///{database_path(root).resolve()}"
    database_path(root).parent.mkdir(parents=True, exist_ok=True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)  # WilcoxonPruner's
    study = optuna.create_study(study_name=study_name, storage=storage, load_if_exists=True,
                                direction=problem.objective.optuna_direction,
                                sampler=optuna.samplers.TPESampler(seed=args.sampler_seed),
                                pruner=optuna.pruners.WilcoxonPruner(p_threshold=0.1))
    say = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731
    say(f"study {study_name} in {storage}: {args.trials} trials over {len(cases)} seeds, "
        f"{len(study.trials)} trials before")

    def objective(trial) -> float:
        values = {t.name: t.suggest(trial) for t in tuned}
        order = list(cases)
        random.Random(f"{study_name}-{trial.number}").shuffle(order)  # WilcoxonPruner: a fresh order a trial
        label = f"tune-{study_name}-{trial.number}"
        spec = BatchSpec(_runner(base, values), order, default_out(problem.id, label, root), jobs=args.jobs,
                         label=label, best=best_known_path(problem.id, root),
                         comment=" ".join(f"{k}={v}" for k, v in values.items()),
                         command_line=["puzzle-workbench", "batch", "tune", *argv], generator_options=generator,
                         instance_options=instance)
        run = BatchRun(spec)
        pruned = []

        def on_result(result) -> None:
            trial.report(_scores([result], problem.objective)[0], step=result.case.index)
            if not pruned and trial.should_prune():
                pruned.append(True)
                run.stop()

        run.run(on_result)
        scores = _scores(run.results, problem.objective)
        value = mean(scores) if scores else 0.0
        say(f"trial {trial.number}: {' '.join(f'{k}={v}' for k, v in values.items())} -> "
            f"{plain_number(round(value, 3))} over {len(scores)} cases" + (" (pruned)" if pruned else ""))
        return value  # a pruned trial still tells the sampler what it saw (Optuna's advice for this pruner)

    study.optimize(objective, n_trials=args.trials)
    best = study.best_trial
    say(f"best: trial {best.number}, {' '.join(f'{k}={v}' for k, v in best.params.items())} -> "
        f"{plain_number(round(best.value, 3))}")
    if held_out:
        _held_out(problem, base, best.params, tuned, held_out, generator, instance, root, args.jobs, say)
    print(plain_number(round(best.value, 6)))
    return 0


def _held_out(problem, base: Runner, best: dict, tuned: list[Tuned], seeds, generator, instance, root: Path,
              jobs: int, say) -> None:
    """The best parameters and the defaults on seeds no trial saw, compared case by case."""
    cases = problem.seed_cases(seeds, generator, instance)
    # The defaults: the :DEFAULT values given, else none at all (a solver's declared defaults, a
    # program's own when no variable is set); a {NAME} in the command needs its :DEFAULT.
    defaults = {t.name: (int(t.default) if t.integer else t.default) for t in tuned if t.default is not None}
    if base.command and any("{" + t.name + "}" in base.command and t.default is None for t in tuned):
        say("held-out: the defaults cannot run (a {NAME} in the command has no :DEFAULT); the best alone")
        defaults = None
    rows = {}
    for name, values in (("best", best), ("defaults", defaults)):
        if values is None:
            continue
        spec = BatchSpec(_runner(base, values), cases, default_out(problem.id, f"held-out-{name}", root), jobs=jobs,
                         label=f"held-out-{name}", best=best_known_path(problem.id, root),
                         comment=f"held-out {name}: " + " ".join(f"{k}={v}" for k, v in values.items()),
                         generator_options=generator, instance_options=instance)
        run = BatchRun(spec)
        run.run()
        rows[name] = [r.row() for r in run.results]
        summary = summarize(rows[name], objective=problem.objective)
        shown = "-" if summary.mean_score is None else plain_number(round(summary.mean_score, 3))
        say(f"held-out {name} ({spec.out}): mean {shown} over {summary.ok} OK cases, {summary.failed_text()}")
    if len(rows) == 2:
        result = compare(rows["defaults"], rows["best"], problem.objective)
        say(f"held-out, best against the defaults: wins {result.wins}, losses {result.losses}, ties {result.ties}; "
            f"failed: defaults {failed_text(result.failed_a)}, best {failed_text(result.failed_b)}; mean relative "
            f"best - defaults {result.mean_diff:+.4f}, Wilcoxon p = {result.wilcoxon_pvalue:.3g}")
