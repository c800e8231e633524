"""``puzzle-workbench batch tune``: a program's or a built-in solver's parameters tuned with Optuna.

    puzzle-workbench batch tune PUZZLE-OR-CONTEST (--cmd COMMAND | --solver NAME) --param NAME=LOW..HIGH[:DEFAULT]...
                       [--seeds A-B] [--held-out C-D] [--trials N] [--time S] [--nodes N] [--jobs N]
                       [--study NAME] [--sampler-seed N] [puzzle options]

How a study goes: ``workbench.batch.tune``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace

from solvers.run_setup import choose_solver
from workbench.batch.database import database_path
from workbench.batch.results import plain_number
from workbench.batch.tune import (
    Tuning,
    best_finished,
    check_study,
    default_study_name,
    fail_abandoned_trials,
    open_study,
    parse_tuned,
)
from workbench.core.errors import UsageError, WorkbenchError

from .common import named_problem, restore_signals, say, stop_on_signals
from .plan_options import add_budget_options, add_puzzle_options, build_plan, seeds_of


def build_parser(puzzle) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench batch tune",
        description="A program's or a built-in solver's parameters tuned with Optuna.",
    )
    parser.add_argument("puzzle", metavar="PUZZLE-OR-CONTEST")
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument(
        "--cmd",
        metavar="COMMAND",
        help="your program; it gets the parameters as NAME=value variables, and in place of {NAME}",
    )
    how.add_argument("--solver", help="a built-in solver whose parameters are tuned")
    parser.add_argument(
        "--param",
        action="append",
        required=True,
        metavar="NAME=LOW..HIGH[:DEFAULT]",
        help="a parameter to tune, whole numbers when LOW and HIGH are (repeatable)",
    )
    parser.add_argument("--seeds", default="0-49", help="the seeds trials are run on (default 0-49)")
    parser.add_argument(
        "--held-out", default="", help="seeds the best trial and the defaults are run on at the end (default: none)"
    )
    parser.add_argument("--trials", type=int, default=20, help="trials in this call (default 20)")
    add_budget_options(parser)
    parser.add_argument(
        "--study", default="", help="the study's name (default PUZZLE-tune); an existing study is continued"
    )
    parser.add_argument("--sampler-seed", type=int, default=0, help="the sampler's seed (default 0)")
    add_puzzle_options(parser, puzzle)
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
    seeds = seeds_of(args.seeds, "seeds")
    held_out = seeds_of(args.held_out, "seeds") if args.held_out else []
    if args.solver and puzzle is None:
        raise UsageError("a contest runs your program: tune it with --cmd")
    check_study(tuned, seeds, held_out, choose_solver(puzzle, args.solver) if args.solver else None)
    plan = build_plan(problem, puzzle, args, seeds=seeds, command_line=["puzzle-workbench", "batch", "tune", *argv])
    plan.prepare(say)  # built once for the whole study
    cases = plan.cases()
    tuning = Tuning(replace(plan, build=""), tuned, args.study or default_study_name(problem.id), say)
    database = database_path(plan.runs_root)
    study = open_study(optuna, database, tuning.study_name, problem.id, problem.objective, args.sampler_seed)
    abandoned = fail_abandoned_trials(optuna, study)
    say(
        f"study {tuning.study_name} in {database}: {args.trials} trials over {len(cases)} seeds, "
        f"{len(study.trials)} trials before"
        + (
            f" (trials {', '.join(map(str, abandoned))} of a tune that was killed are marked failed)"
            if abandoned
            else ""
        )
    )
    signalled = stop_on_signals(tuning.stop)
    try:
        tuning.optimize(optuna, study, cases, args.trials)
        best = best_finished(optuna, study)
        if best is None:
            say("no trial of the study has finished yet")
            return 128 + signalled["by"] if signalled["by"] else 1
        value = best.value
        assert value is not None  # a finished (complete) trial was told its value
        say(
            f"best: trial {best.number}, {' '.join(f'{k}={v}' for k, v in best.params.items())} -> "
            f"{plain_number(round(value, 3))}"
        )
        if held_out and not tuning.stopped:
            tuning.held_out(best.params, held_out)
    except KeyboardInterrupt:
        say("stopped at once (a second Ctrl+C); a trial that was running is marked failed in the study")
        return 130
    finally:
        restore_signals(signalled)
    print(plain_number(round(value, 6)))
    return 128 + signalled["by"] if signalled["by"] else 0
