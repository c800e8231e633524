"""``main.py batch``: run a solver or the user's program over many cases, with a live table.

    main.py batch PUZZLE (--seeds A-B | INPUT...) [--solver NAME [--param K=V]... | --cmd "COMMAND"]
                  [--time S] [--jobs N] [--dask ADDRESS] [--out DIR] [--label TEXT] [puzzle options]
    main.py batch compare DIR_A DIR_B

The live display (a progress bar, a row per finished case) and the summary
tables use rich; the mean score is the last line of stdout.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from workbench.core.errors import WorkbenchError
from workbench.core.registry import get_puzzle

from .cases import case_feature_names, file_cases, load_instance, parse_seeds, seed_cases
from .report import compare, feature_names, summarize
from .results import CaseResult, plain_number, previous_run, read_run
from .runner import BatchRun, BatchSpec, best_known_path, default_out
from .tasks import Runner

DEFAULT_SECONDS = 10.0
VERDICT_STYLE = {"OK": "green", "WA": "red", "TLE": "yellow", "RE": "magenta", "FAIL": "red"}


def relative_style(relative: float) -> str:
    """Green at the best known, shading to red at 80 % of it and below."""
    if relative >= 0.999:
        return "bold green"
    if relative >= 0.97:
        return "green"
    if relative >= 0.9:
        return "yellow"
    return "red"


def _options_of(puzzle) -> list:
    """Generator and instance options, once each (codevs's --turns is both)."""
    seen, options = set(), []
    for option in (*puzzle.generator_options, *puzzle.instance_options):
        if option.name not in seen:
            seen.add(option.name)
            options.append(option)
    return options


def build_parser(puzzle) -> argparse.ArgumentParser:
    from workbench.cli import _add_options

    parser = argparse.ArgumentParser(
        prog="main.py batch", description="Run a solver or your own program over many cases, in parallel, "
        "with a live score table; 'main.py batch compare DIR_A DIR_B' compares two runs.")
    parser.add_argument("puzzle")
    parser.add_argument("inputs", nargs="*", metavar="INPUT", help="input files (or use --seeds)")
    parser.add_argument("--seeds", help="seeds for the generator: 0-99, or 0-9,20-29,50")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--solver", help="a built-in solver (default: the puzzle's first; see 'main.py list')")
    how.add_argument("--cmd", metavar="COMMAND",
                     help="your program, run through the shell with the workbench as the contest's judge")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a solver parameter (repeatable)")
    parser.add_argument("--time", type=float, default=None,
                        help=f"seconds per case: the solver's budget, or your program's limit "
                             f"(past it, plus a small grace, the program is killed: TLE). Default {DEFAULT_SECONDS:g}; "
                             "a solver of a game played turn by turn gets its per-turn default, as in 'solve'")
    parser.add_argument("--nodes", type=int, default=None, help="a solver's node budget per case (reproducible)")
    parser.add_argument("--seed", type=int, default=0, help="the solver's RNG seed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="cases at a time on this machine (default: the cores)")
    parser.add_argument("--dask", metavar="ADDRESS", help="run the cases on a dask.distributed scheduler, "
                        "e.g. tcp://10.0.0.5:8786, instead of this machine")
    parser.add_argument("--out", type=Path, help="the run folder (default: runs/TIMESTAMP-PUZZLE[-LABEL])")
    parser.add_argument("--label", default="", help="a name for the run, kept in run.json and the folder name")
    parser.add_argument("--best", type=Path, help="the best-known scores file "
                        "(default: runs/best-known/PUZZLE.csv)")
    _add_options(parser, _options_of(puzzle) if puzzle else ())
    return parser


def make_spec(argv: Sequence[str]) -> BatchSpec:
    from workbench.cli import UsageError, _named_puzzle, per_turn_default, solver_choice

    puzzle = _named_puzzle(argv)
    args = build_parser(puzzle).parse_args(argv)
    if bool(args.seeds) == bool(args.inputs):
        raise UsageError("give either --seeds A-B or input files")
    if args.time is not None and not (args.time > 0 and math.isfinite(args.time)):
        raise UsageError(f"--time must be a positive number of seconds, got {args.time}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {args.jobs}")
    if args.nodes is not None and args.nodes < 1:
        raise UsageError(f"--nodes must be at least 1, got {args.nodes}")
    generator = {o.name: getattr(args, o.name) for o in puzzle.generator_options}
    instance = {o.name: getattr(args, o.name) for o in puzzle.instance_options}
    if args.seeds:
        try:
            seeds = parse_seeds(args.seeds)
        except ValueError as error:
            raise UsageError(f"--seeds: {error}") from None
        cases = seed_cases(puzzle, seeds, generator, instance)
    else:
        cases = file_cases(args.inputs, instance)
    if args.cmd:
        if args.param or args.nodes:
            raise UsageError("--param and --nodes are for built-in solvers, not --cmd")
        runner = Runner(puzzle.id, args.time or DEFAULT_SECONDS, command=args.cmd, cwd=os.getcwd())
    else:
        cls, params = solver_choice(puzzle, args.solver, args.param)
        try:
            cls.checked_settings(params)  # before any case runs, not once per case
        except ValueError as error:
            raise UsageError(str(error)) from None
        seconds = args.time
        if seconds is None:
            seconds = DEFAULT_SECONDS if args.nodes is None else None
            if puzzle.turn_seconds and cases and args.nodes is None:
                # As 'solve' does: a game played turn by turn gets its default time per turn.
                try:
                    seconds = per_turn_default(puzzle, load_instance(puzzle, cases[0]), cls, params).seconds
                except (WorkbenchError, ValueError):
                    pass  # that case's own verdict will say what is wrong with it
        runner = Runner(puzzle.id, seconds, solver=cls.name, params=params, nodes=args.nodes,
                        solver_seed=args.seed)
    out = args.out or default_out(puzzle.id, args.label)
    if out.exists() and (out / "results.csv").exists():
        raise UsageError(f"{out} already holds a run: choose another --out")
    return BatchSpec(runner, cases, out, jobs=args.jobs, dask=args.dask, label=args.label,
                     best=args.best or best_known_path(puzzle.id), command_line=["main.py", "batch", *argv],
                     generator_options=generator if args.seeds else {}, instance_options=instance)


# ------------------------------------------------------------------ display
def _consoles() -> tuple[Console, Console]:
    """stdout and stderr consoles; into a file or a pipe, rows are not wrapped at 80 columns."""
    def make(stream) -> Console:
        return Console(file=stream, highlight=False, width=None if stream.isatty() else 200)

    return make(sys.stdout), make(sys.stderr)


def _row_text(result: CaseResult, features: list[str], width: int) -> Text:
    text = Text()
    text.append(f"{result.case.label:>{width}}")
    for name in features:
        text.append(f"  {plain_number(result.features.get(name, '')) if isinstance(result.features.get(name), (int, float)) else result.features.get(name, '')!s:>{max(len(name), 3)}}")
    text.append(f"  {plain_number(result.score):>12}")
    text.append(f"  {result.relative:>8.4f}", style=relative_style(result.relative))
    text.append(f"  {result.seconds:>7.2f}s  ")
    text.append(f"{result.verdict:<4}", style=VERDICT_STYLE.get(result.verdict, ""))
    if result.message:
        text.append(f"  {result.message[:120]}")
    return text


def _header(features: list[str], width: int) -> str:
    cols = "".join(f"  {name:>{max(len(name), 3)}}" for name in features)
    return f"{'case':>{width}}{cols}  {'score':>12}  {'relative':>8}  {'time':>8}  verdict"


def print_summary(console: Console, rows: list[dict], total: int) -> None:
    summary = summarize(rows)
    table = Table(title=f"{summary.count} of {total} cases", show_edge=False)
    for column in ("cases", "mean score", "mean relative", "mean time", "max time", "verdicts"):
        table.add_column(column, justify="right")
    verdicts = ", ".join(f"{v} {n}" for v, n in sorted(summary.verdicts.items()))
    table.add_row(str(summary.count), plain_number(round(summary.mean_score, 6)),
                  f"{summary.mean_relative:.4f}", f"{summary.mean_seconds:.2f} s", f"{summary.max_seconds:.2f} s",
                  verdicts)
    console.print(table)
    if len(summary.groups) > 1:
        groups = Table(title="by " + feature_names(rows)[0], show_edge=False)
        for column in ("group", "cases", "mean score", "mean relative"):
            groups.add_column(column, justify="right")
        for g in summary.groups:
            groups.add_row(g.label, str(g.count), plain_number(round(g.mean_score, 6)), f"{g.mean_relative:.4f}")
        console.print(groups)
    if summary.worst:
        worst = Table(title="worst cases (lowest relative score)", show_edge=False)
        for column in ("case", "score", "relative", "verdict", "message"):
            worst.add_column(column, justify="right" if column in ("score", "relative") else "left")
        for row in summary.worst:
            worst.add_row(str(row["case"]), str(row["score"]), f"{float(row['relative']):.4f}", row["verdict"],
                          Text(row["message"][:80]))
        console.print(worst)


def print_against_previous(console: Console, spec: BatchSpec, rows: list[dict]) -> None:
    """Which cases got worse since the last run of this puzzle in the same runs folder."""
    earlier = previous_run(spec.out, spec.runner.puzzle_id)
    if earlier is None:
        return
    try:
        _, before = read_run(earlier)
    except WorkbenchError:
        return
    result = compare(before, rows)
    if not result.diffs:
        return
    losses = ", ".join(f"{d.case} ({plain_number(round(d.diff, 6))})" for d in result.diffs[:5] if d.diff < 0)
    console.print(f"against {earlier.name} ({len(result.diffs)} shared cases): wins {result.wins}, "
                  f"losses {result.losses}, ties {result.ties}, mean difference "
                  f"{plain_number(round(result.mean_diff, 6))} (paired t-test p = {result.t_pvalue:.3g})"
                  + (f"; worst: {losses}" if losses else ""))


def run_batch(argv: Sequence[str]) -> int:
    spec = make_spec(argv)
    console, err = _consoles()
    run = BatchRun(spec)
    features = case_feature_names(get_puzzle(spec.runner.puzzle_id), spec.cases)
    width = max([4] + [len(c.label) for c in spec.cases])
    where = f"dask {spec.dask}" if spec.dask else f"{spec.jobs} job{'s' if spec.jobs != 1 else ''}"
    err.print(f"{len(spec.cases)} cases, {spec.runner.describe()}, {where}; run folder {spec.out}")
    console.print(_header(features, width), style="bold")
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), TextColumn("mean {task.fields[mean]}"),
                        console=console, transient=True, disable=not console.is_terminal)
    interrupted = False
    with progress:
        task = progress.add_task("cases", total=len(spec.cases), mean="-")
        total = [0.0]

        def show(result: CaseResult) -> None:
            total[0] += result.score
            progress.console.print(_row_text(result, features, width))
            progress.update(task, advance=1, mean=plain_number(round(total[0] / len(run.results), 3)))

        try:
            run.run(show)
        except KeyboardInterrupt:
            interrupted = True
    rows = [r.row() for r in sorted(run.results, key=lambda r: r.case.index)]
    print_summary(console, rows, len(spec.cases))
    print_against_previous(console, spec, rows)
    if interrupted:
        err.print(f"stopped: {len(rows)} of {len(spec.cases)} cases finished and kept in {spec.out}")
    else:
        err.print(f"results in {spec.out}")
    mean = sum(r.score for r in run.results) / len(run.results) if run.results else 0.0
    console.print(plain_number(round(mean, 6)))
    return 130 if interrupted else 0


# ------------------------------------------------------------------ compare
def run_compare(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py batch compare",
                                     description="Compare run B with run A, case by case (B - A).")
    parser.add_argument("run_a", type=Path)
    parser.add_argument("run_b", type=Path)
    parser.add_argument("--all", action="store_true", help="list every case, not only the 15 biggest losses")
    args = parser.parse_args(argv)
    _, rows_a = read_run(args.run_a)
    _, rows_b = read_run(args.run_b)
    result = compare(rows_a, rows_b)
    console, _ = _consoles()
    if not result.diffs:
        raise WorkbenchError("the two runs share no case (same inputs and options)")
    shown = result.diffs if args.all else result.diffs[:15]
    table = Table(title="biggest losses first (B - A)", show_edge=False)
    for column in ("case", "group", "A", "B", "B - A", "verdicts"):
        table.add_column(column, justify="left" if column in ("case", "group", "verdicts") else "right")
    for d in shown:
        style = "red" if d.diff < 0 else "green" if d.diff > 0 else ""
        table.add_row(d.case, d.group, plain_number(d.score_a), plain_number(d.score_b),
                      Text(plain_number(round(d.diff, 6)), style=style),
                      "" if d.verdict_a == d.verdict_b == "OK" else f"{d.verdict_a} -> {d.verdict_b}")
    console.print(table)
    if len(result.groups) > 1:
        groups = Table(title="by group", show_edge=False)
        for column in ("group", "cases", "mean B - A", "wins", "losses"):
            groups.add_column(column, justify="right")
        for label, count, diff, wins, losses in result.groups:
            groups.add_row(label, str(count), plain_number(round(diff, 6)), str(wins), str(losses))
        console.print(groups)
    low, high = result.ci95
    console.print(f"{len(result.diffs)} shared cases ({result.only_a} only in A, {result.only_b} only in B): "
                  f"B wins {result.wins}, loses {result.losses}, ties {result.ties}")
    console.print(f"mean A {plain_number(round(result.mean_a, 6))}, mean B {plain_number(round(result.mean_b, 6))}, "
                  f"mean B - A {plain_number(round(result.mean_diff, 6))} "
                  f"(95% CI {plain_number(round(low, 6))} .. {plain_number(round(high, 6))}); "
                  f"paired t-test p = {result.t_pvalue:.4g}, Wilcoxon signed-rank p = {result.wilcoxon_pvalue:.4g}")
    console.print(plain_number(round(result.mean_diff, 6)))
    return 0


def cmd_batch(argv: Sequence[str]) -> int:
    if argv and argv[0] == "compare":
        return run_compare(argv[1:])
    return run_batch(argv)
