"""``puzzle-workbench batch tune``: a program's or a built-in solver's parameters tuned with Optuna.

    puzzle-workbench batch tune PUZZLE-OR-CONTEST (--cmd COMMAND | --solver NAME) --param NAME=LOW..HIGH[:DEFAULT]...
                       [--seeds A-B] [--held-out C-D] [--trials N] [--time S] [--nodes N] [--jobs N]
                       [--study NAME] [--sampler-seed N] [puzzle options]

How a study goes: ``workbench.batch.tune``.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Sequence

from solvers.run_setup import checked_params, choose_solver, parse_params, puzzle_options
from workbench.batch.cases import parse_seeds
from workbench.batch.database import database_path
from workbench.batch.plan import BatchPlan
from workbench.batch.results import plain_number
from workbench.batch.tune import Tuning, fail_abandoned_trials, open_study, parse_tuned
from workbench.core.cores import usable_cores
from workbench.core.errors import UsageError, WorkbenchError

from .common import add_options, named_problem, restore_signals, say, stop_on_signals


def build_parser(puzzle) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="puzzle-workbench batch tune",
                                     description="A program's or a built-in solver's parameters tuned with Optuna.")
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
    problem, puzzle = named_problem(argv)
    args = build_parser(puzzle).parse_args(argv)
    if args.trials < 1:
        raise UsageError(f"--trials must be at least 1, got {args.trials}")
    tuned = [parse_tuned(text) for text in args.param]
    if len({t.name for t in tuned}) != len(tuned):
        raise UsageError("a parameter is given twice")
    try:
        seeds, held_out = parse_seeds(args.seeds), (parse_seeds(args.held_out) if args.held_out else [])
    except ValueError as error:
        raise UsageError(f"seeds: {error}") from None
    if set(seeds) & set(held_out):
        raise UsageError("--held-out seeds must not be tuning seeds")
    if args.solver:
        if puzzle is None:
            raise UsageError("a contest runs your program: tune it with --cmd")
        cls = choose_solver(puzzle, args.solver)
        for t in tuned:
            checked_params(cls, parse_params(cls, [f"{t.name}={int(t.low) if t.integer else t.low}"]))
    plan = BatchPlan(problem, seeds=seeds,
                     generator_options={o.name: getattr(args, o.name) for o in (puzzle.generator_options if puzzle else ())},
                     instance_options={o.name: getattr(args, o.name) for o in (puzzle.instance_options if puzzle else ())},
                     solver=args.solver, nodes=args.nodes, command=args.cmd, seconds=args.time, jobs=args.jobs,
                     command_line=["puzzle-workbench", "batch", "tune", *argv])
    plan.check()
    plan.prepare(say)  # built once for the whole study
    cases = plan.cases()
    tuning = Tuning(replace(plan, build=""), tuned, args.study or f"{problem.id}-tune", say)
    database = database_path(plan.runs_root)
    study = open_study(optuna, database, tuning.study_name, problem.id, problem.objective, args.sampler_seed)
    abandoned = fail_abandoned_trials(optuna, study)
    say(f"study {tuning.study_name} in {database}: {args.trials} trials over {len(cases)} seeds, "
        f"{len(study.trials)} trials before" + (f" (trials {', '.join(map(str, abandoned))} of a tune that was "
                                                 "killed are marked failed)" if abandoned else ""))
    signalled = stop_on_signals(tuning.stop)
    try:
        for _ in range(args.trials):
            if tuning.stopped:
                break
            trial = study.ask()
            try:
                value = tuning.trial(trial, cases)
            except BaseException:  # a second Ctrl+C, or anything else: the trial is not left running
                study.tell(trial, state=optuna.trial.TrialState.FAIL)
                raise
            if value is None:
                study.tell(trial, state=optuna.trial.TrialState.FAIL)
                break
            study.tell(trial, value)  # a pruned trial too: the sampler learns what it saw (Optuna's advice)
        if not any(t.state == optuna.trial.TrialState.COMPLETE for t in study.trials):
            say("no trial of the study has finished yet")
            return 128 + signalled["by"] if signalled["by"] else 1
        best = study.best_trial
        say(f"best: trial {best.number}, {' '.join(f'{k}={v}' for k, v in best.params.items())} -> "
            f"{plain_number(round(best.value, 3))}")
        if held_out and not tuning.stopped:
            tuning.held_out(best.params, held_out)
    except KeyboardInterrupt:
        say("stopped at once (a second Ctrl+C); a trial that was running is marked failed in the study")
        return 130
    finally:
        restore_signals(signalled)
    print(plain_number(round(best.value, 6)))
    return 128 + signalled["by"] if signalled["by"] else 0
