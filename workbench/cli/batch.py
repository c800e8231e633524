"""``puzzle-workbench batch``: run a solver or the user's program over many cases, with a live table.

    puzzle-workbench batch PUZZLE (--seeds A-B | INPUT...) [--solver NAME [--param K=V]... | --cmd "COMMAND"]
                  [--time S] [--jobs N] [--dask ADDRESS] [--out DIR] [--label TEXT] [--repeat K] [puzzle options]
    puzzle-workbench batch rerun DIR --filter EXPR... [--jobs N] [--out DIR]
    puzzle-workbench batch noise DIR [--repeat K] [--filter EXPR]... [--jobs N] [--out DIR]
    puzzle-workbench batch compare | show ...   (``batch_views``)
    puzzle-workbench batch tune ...             (``tune``)

The live display (a progress bar, a row per finished case) and the summary tables
(``batch_tables``) use rich; the last line of stdout is one number for scripts
(Summary.scripted_mean).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from solvers.run_setup import choose_solver, parse_params
from workbench.batch.anomalies import FlagRule, flagged
from workbench.batch.baseline import baseline_run
from workbench.batch.batch_run import BatchRun, BatchSpec
from workbench.batch.noise import LOADED, MIN_SHARED, noise_of, repeated
from workbench.batch.plan import BatchPlan
from workbench.batch.program_run import TIME_MEASURES
from workbench.batch.report import load_tests_early, summarize
from workbench.batch.results import CaseResult, plain_number, read_run
from workbench.core.errors import UsageError, WorkbenchError, escaped

from .batch_tables import (
    RowPrinter,
    case_label,
    consoles,
    header,
    live_note,
    mean_of_sum,
    mean_text,
    print_against_previous,
    print_flagged,
    print_summary,
    time_warning,
)
from .batch_views import run_compare, run_show
from .common import named_problem, restore_signals, say, stop_on_signals
from .plan_options import add_budget_options, add_flag_options, add_puzzle_options, build_plan, seeds_of


def build_parser(puzzle) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench batch",
        description="Run a solver or your own program over many cases, in parallel, "
        "with a live score table; 'puzzle-workbench batch compare DIR_A DIR_B' compares two runs, "
        "'puzzle-workbench batch show DIR' summarises one.",
    )
    parser.add_argument(
        "puzzle",
        metavar="PUZZLE-OR-CONTEST",
        help="a built-in puzzle, or a contest: its name, folder or contest.toml ('puzzle-workbench contest')",
    )
    parser.add_argument("inputs", nargs="*", metavar="INPUT", help="input files (or use --seeds)")
    parser.add_argument("--seeds", help="seeds for the generator: 0-99, or 0-9,20-29,50")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--solver", help="a built-in solver (default: the puzzle's first; see 'puzzle-workbench list')")
    how.add_argument(
        "--cmd",
        metavar="COMMAND",
        help="your program, run through the shell with the workbench as the contest's judge "
        "(a contest: its official tester or vis)",
    )
    parser.add_argument(
        "--param", action="append", default=[], metavar="NAME=VALUE", help="a solver parameter (repeatable)"
    )
    parser.add_argument(
        "--time-by",
        choices=TIME_MEASURES,
        default=None,
        help="which time judges --time: wall (the clock, as AtCoder and pahcer judge; the "
        "default) or cpu (your program's CPU time, so a loaded machine cannot make it TLE); "
        "both are recorded (a contest: default its time_by), and a run whose programs took "
        f"{LOADED:g}x as long on the clock as on the CPU or more is marked loaded",
    )
    parser.add_argument(
        "--build",
        metavar="COMMAND",
        help="build your program once before the cases, e.g. 'g++ -O2 -o a.out main.cpp'; a failed "
        "build runs no case (a contest: default its [build] command)",
    )
    add_budget_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="the solver's RNG seed")
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run the cases on a dask.distributed scheduler, e.g. tcp://10.0.0.5:8786, instead of this machine",
    )
    parser.add_argument("--out", type=Path, help="the run folder (default: runs/TIMESTAMP-PUZZLE[-LABEL])")
    parser.add_argument("--label", default="", help="a name for the run, kept in run.json and the folder name")
    parser.add_argument(
        "--comment",
        default="",
        help="a note on the run, kept in the run database ('puzzle-workbench runs list' shows it)",
    )
    parser.add_argument("--best", type=Path, help="the best-known scores file (default: runs/best-known/PUZZLE.csv)")
    parser.add_argument("--database", type=Path, help="the run database (default: runs.sqlite beside the run folder)")
    parser.add_argument(
        "--freeze-best",
        action="store_true",
        help="compare with the best-known scores without updating them, so the relative "
        "scores of several runs share one scale (and may pass 1)",
    )
    parser.add_argument(
        "--group-by",
        metavar="COLUMN",
        help="group the summary by this feature or reported data column (default: the first feature)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="K",
        help="run each case K times (every case once, then again...): the spread of a case's scores "
        "is the run's noise, kept in run.json and noise.csv, and 'batch compare' then tests "
        "per-case means and says whether a difference is larger than the noise (default 1)",
    )
    add_flag_options(parser)
    add_puzzle_options(parser, puzzle)
    return parser


def plan_of(argv: Sequence[str]) -> BatchPlan:
    """The batch the command line describes, checked."""
    problem, puzzle = named_problem(argv)
    args = build_parser(puzzle).parse_args(argv)
    if problem is None:
        raise UsageError("name a puzzle or a contest first")
    if args.param and puzzle is not None and not args.cmd:
        params = parse_params(choose_solver(puzzle, args.solver), args.param)  # typed by the solver's own
    else:
        params = dict(item.partition("=")[::2] for item in args.param)  # refused with the reason by check()
    files = args.inputs or ([] if args.seeds else problem.default_files())  # an output-only contest's own
    return build_plan(
        problem,
        puzzle,
        args,
        seeds=seeds_of(args.seeds, "--seeds") if args.seeds else None,
        files=files,
        params=params,
        command_line=["puzzle-workbench", "batch", *argv],
    )


def make_spec(argv: Sequence[str]) -> BatchSpec:
    plan = plan_of(argv)
    plan.prepare(say)  # the build first, then the program's file, before any case is made
    return plan.spec(say=say)


def run_batch(argv: Sequence[str]) -> int:
    return execute(plan_of(argv))


def execute(plan: BatchPlan) -> int:
    """Run ``plan`` with the live table."""
    plan.prepare(say)  # the build first, then the program's file, before any case is made
    spec = plan.spec(say=say)
    console, err = consoles()
    run = BatchRun(spec)
    earlier, shared = baseline_run(
        spec.out, spec.problem.id, (case.key for case in spec.cases), run.database.path, spec.rerun_of
    )
    if earlier is not None and (shared is None or shared >= MIN_SHARED):  # its statistics, at the end
        load_tests_early()
    features = run.features
    width = max([4] + [len(case_label(c)) for c in spec.cases])
    where = f"dask {spec.dask}" if spec.dask else f"{spec.workers} job{'s' if spec.workers != 1 else ''}"
    count = len(spec.cases)
    err.print(f"{count} case{'s' if count != 1 else ''}, {spec.runner.describe()}, {where}; run folder {spec.out}")
    console.print(header(features, width), style="bold")
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("mean {task.fields[mean]}"),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    signalled = stop_on_signals(run.stop)
    interrupted = False
    printer = RowPrinter(progress.console, features, width, plan.flag_rule(run.meta()))
    with progress:
        task = progress.add_task("cases", total=len(spec.cases), mean="-")
        totals: dict[str, int | float] = {"ok": 0, "sum": 0, "failed": 0}  # whole scores' sum exact, as the summary's

        def show(result: CaseResult) -> None:
            if result.verdict == "OK":
                totals["ok"] += 1
                totals["sum"] += result.score
            else:
                totals["failed"] += 1
            printer.show(result)
            mean = plain_number(mean_of_sum(totals["sum"], int(totals["ok"]))) if totals["ok"] else "-"
            progress.update(task, advance=1, mean=mean + (f", {totals['failed']} failed" if totals["failed"] else ""))

        try:
            run.run(show)
        except KeyboardInterrupt:  # a second Ctrl+C: stop at once
            interrupted = True
        finally:
            restore_signals(signalled)
    printer.finish()
    interrupted = interrupted or bool(signalled["by"])
    rows = [r.row() for r in sorted(run.results, key=lambda r: r.case.index)]
    objective = spec.problem.objective
    try:
        print_summary(
            console, rows, len(spec.cases) // spec.repeat, spec.group_by or (features[0] if features else ""), objective
        )
    except ValueError as error:  # --group-by a column no case has: the run itself is fine
        err.print(f"--group-by: {error}")
        print_summary(console, rows, len(spec.cases) // spec.repeat, "", objective)
    print_flagged(console, flagged(rows, printer.rule), spec.out, printer.rule.among(rows))  # as batch show
    warning = time_warning(rows, spec.workers)
    if warning:
        err.print(warning)
    if repeated(rows):
        measured = noise_of(rows)
        console.print(
            f"noise: {measured.text()} (per case: {spec.out / 'noise.csv'})"
            if measured
            else "noise: no case ran OK twice, so none is measured",
            soft_wrap=True,  # a path cut by a line break cannot be copied
        )
    print_against_previous(console, spec, rows, run.meta(), earlier)
    said = live_note(run.results)
    if said:
        err.print(said)
    unstored, why = run.database.waiting(run.run_id) if run.run_id is not None else (0, "")
    if unstored:
        err.print(
            f"{why}: {unstored} case{'s' if unstored != 1 else ''} of this run "
            f"{'are' if unstored != 1 else 'is'} only in {spec.out / 'results.csv'}"
        )
    if interrupted:
        err.print(f"stopped: {len(rows)} of {len(spec.cases)} cases finished and kept in {spec.out}")
    else:
        err.print(f"results in {spec.out}")
    # The last line, for scripts: the mean with failed cases the worst score, as 'batch show' prints it.
    console.print(mean_text(summarize(rows, objective=objective).scripted_mean))
    return (128 + signalled["by"] if signalled["by"] else 130) if interrupted else 0


def run_rerun(argv: Sequence[str]) -> int:
    from workbench.batch.rerun import chosen_rows

    parser = _again_parser(
        "rerun",
        "Run again just the cases of a recorded run that the "
        "filters pick, as a new run made the same way (the run's solver and parameters, or its program and time "
        "limit); 'batch compare RUN NEW' then compares them case by case.",
        "which cases: 'flagged' (failed, far below the best-known, near the time limit), or "
        "NAME OP VALUE with OP one of = != < <= > >= on any column, e.g. verdict!=OK, "
        "relative<0.9, time>1.5 (repeatable: all must hold)",
        filter_required=True,
    )
    parser.add_argument("--label", help="the new run's label (default: the run's, then -rerun)")
    args = parser.parse_args(argv)
    meta, rows = _recorded_run(args.run)
    picked = chosen_rows(rows, args.filter, FlagRule.of_run(meta, args.flag_below, args.flag_near_limit))
    _check_trusted(args.run, meta, args.trust)  # before its contest file is read
    plan = _run_again(args, meta, picked, ["rerun", *argv], label=args.label)
    say(f"rerunning {len(picked)} of {len(rows)} cases of {args.run} ({' and '.join(args.filter)})")
    return execute(plan)


def _again_parser(name: str, description: str, filter_help: str, filter_required: bool) -> argparse.ArgumentParser:
    """What rerun and noise both take: the run's folder, --filter, --jobs, --out, --trust, the flag thresholds."""
    parser = argparse.ArgumentParser(prog=f"puzzle-workbench batch {name}", description=description)
    parser.add_argument("run", type=Path, help="the recorded run's folder")
    parser.add_argument(
        "--filter", action="append", default=[], metavar="EXPR", required=filter_required, help=filter_help
    )
    parser.add_argument("--jobs", type=int, help="cases at a time (default: the run's)")
    parser.add_argument(
        "--out", type=Path, help=f"the new run's folder (default: beside the run, TIMESTAMP-PUZZLE-{name})"
    )
    parser.add_argument(
        "--trust",
        action="store_true",
        help="run what the run's run.json names (its command, folder, contest file, best-known file) "
        "even when the run is not recorded in the run database beside it (a run received or edited)",
    )
    add_flag_options(parser)
    return parser


def _recorded_run(folder: Path) -> tuple[dict, list[dict]]:
    """The run.json and rows of a run that says how it was made (rerun and noise run it again)."""
    meta, rows = read_run(folder)
    if not meta.get("puzzle"):
        raise WorkbenchError(f"{folder} has no run.json saying how it was made: it cannot be run again")
    return meta, rows


def _run_again(
    args: argparse.Namespace, meta: dict, picked: list[dict], words: list[str], label: str | None, repeat: int = 1
) -> BatchPlan:
    """The plan that runs ``picked`` of the run ``args.run`` again as it was made (``words``: the
    subcommand's, for the new run's command line)."""
    from workbench.batch.rerun import rerun_plan
    from workbench.contest.known import problem_named

    problem = problem_named(str(meta.get("contest_file") or meta["puzzle"]))
    plan = rerun_plan(
        problem,
        args.run,
        meta,
        picked,
        workers=args.jobs,
        out=args.out,
        label=label,
        command_line=["puzzle-workbench", "batch", *words],
        repeat=repeat,
    )
    return replace(plan, flag_below=args.flag_below, flag_near_limit=args.flag_near_limit)


def _check_trusted(folder: Path, meta: dict, trust: bool) -> None:
    """Say what the rerun will run; a run.json not recorded here runs only with --trust or a yes."""
    from workbench.batch.rerun import not_recorded_here, what_it_runs

    for line in what_it_runs(meta):
        say(escaped(line))
    why = "" if trust else not_recorded_here(folder, meta)
    if not why:
        return
    message = f"{folder}/run.json is not known to be your run: {why}"
    if sys.stdin.isatty() and sys.stderr.isatty():
        say(escaped(message))
        if input("Run it as above? [y/N] ").strip().lower() in ("y", "yes"):
            return
        raise UsageError("not run")
    raise UsageError(f"{message}; read what it runs above, then give --trust to run it")


def run_noise(argv: Sequence[str]) -> int:
    from workbench.batch.rerun import chosen_rows

    parser = _again_parser(
        "noise",
        "How noisy is a program? Run every case of a recorded run "
        "(or those --filter picks) K times again, as the run was made: the spread of each case's scores is the "
        "noise, kept with the new run (run.json, noise.csv) and used by 'batch compare' to say whether a "
        "difference is larger than it. The same as 'batch rerun RUN --repeat K' on every case.",
        "only the cases where EXPR holds (as in 'batch rerun'; default: every case)",
        filter_required=False,
    )
    parser.add_argument("--repeat", type=int, default=5, metavar="K", help="runs of each case (default 5)")
    args = parser.parse_args(argv)
    if args.repeat < 2:
        raise UsageError(f"--repeat {args.repeat}: the noise needs 2 or more runs of each case")
    meta, rows = _recorded_run(args.run)
    picked = (
        chosen_rows(rows, args.filter, FlagRule.of_run(meta, args.flag_below, args.flag_near_limit))
        if args.filter
        else rows
    )
    _check_trusted(args.run, meta, args.trust)  # it runs the run's program K times: as rerun asks
    label = f"{meta['label']}-noise" if meta.get("label") else "noise"
    plan = _run_again(args, meta, picked, ["noise", *argv], label=label, repeat=args.repeat)
    say(
        f"measuring the noise of {args.run}: {len({r['key'] for r in picked})} cases"
        + (f" ({' and '.join(args.filter)})" if args.filter else "")
        + f", {args.repeat} runs each"
    )
    return execute(plan)


def run_tune(argv: Sequence[str]) -> int:
    from .tune import cmd_tune  # optuna's command: imported when it runs

    return cmd_tune(argv)


# The words batch takes where it takes a puzzle (completion offers them there too).
SUBCOMMANDS = {"compare": run_compare, "show": run_show, "tune": run_tune, "rerun": run_rerun, "noise": run_noise}


def cmd_batch(argv: Sequence[str]) -> int:
    if argv and argv[0] in SUBCOMMANDS:
        return SUBCOMMANDS[argv[0]](argv[1:])
    return run_batch(argv)
