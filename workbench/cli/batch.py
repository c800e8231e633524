"""``puzzle-workbench batch``: run a solver or the user's program over many cases, with a live table.

    puzzle-workbench batch PUZZLE (--seeds A-B | INPUT...) [--solver NAME [--param K=V]... | --cmd "COMMAND"]
                  [--time S] [--jobs N] [--dask ADDRESS] [--out DIR] [--label TEXT] [--repeat K] [puzzle options]
    puzzle-workbench batch compare DIR_A DIR_B [--diff CASE | --open CASE | --at SECONDS]
    puzzle-workbench batch rerun DIR --filter EXPR... [--jobs N] [--out DIR]
    puzzle-workbench batch noise DIR [--repeat K] [--filter EXPR]... [--jobs N] [--out DIR]

The live display (a progress bar, a row per finished case) and the summary
tables use rich; the last line of stdout is one number for scripts (Summary.scripted_mean).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from solvers.run_setup import choose_solver, parse_params
from workbench.batch.database import run_traces
from workbench.batch.live import rows_at
from workbench.batch.program_run import TIME_MEASURES
from workbench.batch.anomalies import FlagRule, LiveFlags, flagged
from workbench.batch.plan import BatchPlan
from workbench.batch.baseline import baseline_run
from workbench.batch.noise import LOADED, MIN_SHARED, load_ratio, noise_of, per_case, repeated
from workbench.batch.report import (Comparison, compare, default_group, failed_text, filtered, group_column,
                                     load_tests_early, noise_lines, summarize)
from workbench.batch.results import CaseResult, at_scale, plain_number, read_run, significant, status_now
from workbench.batch.batch_run import BatchRun, BatchSpec
from workbench.core.cores import usable_cores
from workbench.core.errors import UsageError, WorkbenchError, escaped
from workbench.core.objective import Objective

from .common import named_problem, restore_signals, say, stop_on_signals
from .plan_options import add_budget_options, add_flag_options, add_puzzle_options, build_plan, seeds_of

ROWS_PER_SECOND = 40  # OK rows a terminal shows a second, at most
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


def build_parser(puzzle) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench batch", description="Run a solver or your own program over many cases, in parallel, "
        "with a live score table; 'puzzle-workbench batch compare DIR_A DIR_B' compares two runs, "
        "'puzzle-workbench batch show DIR' summarises one.")
    parser.add_argument("puzzle", metavar="PUZZLE-OR-CONTEST",
                        help="a built-in puzzle, or a contest: its name, folder or contest.toml "
                             "('puzzle-workbench contest')")
    parser.add_argument("inputs", nargs="*", metavar="INPUT", help="input files (or use --seeds)")
    parser.add_argument("--seeds", help="seeds for the generator: 0-99, or 0-9,20-29,50")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--solver", help="a built-in solver (default: the puzzle's first; see 'puzzle-workbench list')")
    how.add_argument("--cmd", metavar="COMMAND",
                     help="your program, run through the shell with the workbench as the contest's judge "
                          "(a contest: its official tester or vis)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a solver parameter (repeatable)")
    parser.add_argument("--time-by", choices=TIME_MEASURES, default=None,
                        help="which time judges --time: wall (the clock, as AtCoder and pahcer judge; the "
                             "default) or cpu (your program's CPU time, so a loaded machine cannot make it TLE); "
                             "both are recorded (a contest: default its time_by), and a run whose programs took "
                             f"{LOADED:g}x as long on the clock as on the CPU or more is marked loaded")
    parser.add_argument("--build", metavar="COMMAND",
                        help="build your program once before the cases, e.g. 'g++ -O2 -o a.out main.cpp'; a failed "
                             "build runs no case (a contest: default its [build] command)")
    add_budget_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="the solver's RNG seed")
    parser.add_argument("--dask", metavar="ADDRESS", help="run the cases on a dask.distributed scheduler, "
                        "e.g. tcp://10.0.0.5:8786, instead of this machine")
    parser.add_argument("--out", type=Path, help="the run folder (default: runs/TIMESTAMP-PUZZLE[-LABEL])")
    parser.add_argument("--label", default="", help="a name for the run, kept in run.json and the folder name")
    parser.add_argument("--comment", default="", help="a note on the run, kept in the run database "
                        "('puzzle-workbench runs list' shows it)")
    parser.add_argument("--best", type=Path, help="the best-known scores file "
                        "(default: runs/best-known/PUZZLE.csv)")
    parser.add_argument("--database", type=Path, help="the run database (default: runs.sqlite beside the run "
                        "folder)")
    parser.add_argument("--freeze-best", action="store_true",
                        help="compare with the best-known scores without updating them, so the relative "
                             "scores of several runs share one scale (and may pass 1)")
    parser.add_argument("--group-by", metavar="COLUMN", help="group the summary by this feature or reported "
                        "data column (default: the first feature)")
    parser.add_argument("--repeat", type=int, default=1, metavar="K",
                        help="run each case K times (every case once, then again...): the spread of a case's scores "
                             "is the run's noise, kept in run.json and noise.csv, and 'batch compare' then tests "
                             "per-case means and says whether a difference is larger than the noise (default 1)")
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
    return build_plan(problem, puzzle, args, seeds=seeds_of(args.seeds, "--seeds") if args.seeds else None,
                      files=files, params=params, command_line=["puzzle-workbench", "batch", *argv])


def make_spec(argv: Sequence[str]) -> BatchSpec:
    plan = plan_of(argv)
    plan.prepare(say)  # the build first, then the program's file, before any case is made
    return plan.spec(say=say)


# ------------------------------------------------------------------ display
def _consoles() -> tuple[Console, Console]:
    """stdout and stderr consoles; into a file or a pipe, rows are not wrapped at 80 columns."""
    def make(stream) -> Console:
        # No markup: paths and commands are the user's text ("x[/]y" is a folder name, not a tag).
        return Console(file=stream, highlight=False, markup=False, width=None if stream.isatty() else 200)

    return make(sys.stdout), make(sys.stderr)


def _shown(value) -> str:
    """A cell of the table: a number in full, anything else as text (no terminal control sequence of a
    program's stderr, a file name or a comment reaches the terminal)."""
    return plain_number(value) if isinstance(value, (int, float)) else escaped(str(value))


def _label(case) -> str:
    """A case as its row shows it: its label, and which run of it this is in a run of --repeat."""
    return f"{case.label} r{case.repeat}" if case.repeat else case.label


def _row_text(result: CaseResult, features: list[str], width: int, flags: list[str] = ()) -> Text:
    text = Text()
    text.append(f"{_shown(_label(result.case)):>{width}}")
    for name in features:
        text.append(f"  {_shown(result.features.get(name, '')):>{max(len(name), 3)}}")
    text.append(f"  {plain_number(result.score):>12}")
    text.append(f"  {result.relative:>8.4f}", style=relative_style(result.relative))
    text.append(f"  {result.seconds:>7.2f}s")
    text.append(f" {result.cpu_seconds:>6.2f}s cpu  " if result.cpu_seconds is not None else "  ")
    if result.tester_cpu_seconds is not None:
        text.append(f"{result.tester_cpu_seconds:.2f}s tester  ")
    text.append(f"{result.verdict:<4}", style=VERDICT_STYLE.get(result.verdict, ""))
    if result.message:
        text.append(f"  {escaped(result.message)[:120]}")
    if result.data:
        text.append("  " + " ".join(f"{_shown(k)}={_shown(v)}" for k, v in result.data_columns().items()),
                    style="dim")
    if flags:
        text.append("  ! " + "; ".join(flags), style="bold red")
    return text


class RowPrinter:
    """The live table's rows. Into a file or a pipe every row, as plain text (fast: no styling). On a
    terminal, rows in colour, every flagged one (a failure, a case far below its best-known or near its
    time limit, marked at its end) but at most ROWS_PER_SECOND of the others: a run of
    fast programs finishes hundreds of cases a second, more than anyone reads or a terminal draws."""

    def __init__(self, console: Console, features: list[str], width: int, rule: FlagRule | None = None):
        self.console, self.features, self.width = console, features, width
        self.rule = rule or FlagRule()
        self.live = LiveFlags(self.rule)  # a time against the run's times so far
        self.terminal = console.is_terminal
        self.second, self.shown_this_second, self.skipped = 0, 0, 0
        self.flagged: list[tuple[CaseResult, list[str]]] = []  # as they finished

    def show(self, result: CaseResult) -> None:
        flags = self.live.flags(result.row())
        if flags:
            self.flagged.append((result, flags))
        if not self.terminal:
            self.console.file.write(_row_text(result, self.features, self.width, flags).plain + "\n")
            return
        now = int(time.monotonic())
        if now != self.second:
            self.second, self.shown_this_second = now, 0
        if not flags and self.shown_this_second >= ROWS_PER_SECOND:  # a flagged row is always shown
            self.skipped += 1
            return
        self.shown_this_second += 1
        self.console.print(_row_text(result, self.features, self.width, flags))

    def finish(self) -> None:
        if self.skipped:
            self.console.print(f"({self.skipped:,} OK rows not shown as they came, {ROWS_PER_SECOND} a second at most: "
                               "results.csv holds every case)", style="dim")


def print_flagged(console: Console, found: list[tuple[dict, list[str]]], folder: Path, rule: FlagRule | None = None
                  ) -> None:
    """The cases worth a look, in case order, the rule that found the ones near the time limit (``rule``,
    with the run's times), and how to run just them again."""
    if not found:
        console.print("flagged: none (no failure, none far below its best-known or near its time limit for this "
                      "program)")
        return
    table = Table(title=f"flagged: {len(found)} case{'s' if len(found) != 1 else ''}", show_edge=False)
    for column in ("case", "score", "verdict", "why"):
        table.add_column(column, justify="right" if column == "score" else "left")
    for row, flags in found:
        table.add_row(_shown(row["case"]), str(row["score"]), _shown(row["verdict"]), Text("; ".join(flags)))
    console.print(table)
    if rule is not None and rule.near_text():
        console.print(rule.near_text())
    console.print(f"run just these again: puzzle-workbench batch rerun {_shown(folder)} --filter flagged")


def _header(features: list[str], width: int) -> str:
    cols = "".join(f"  {name:>{max(len(name), 3)}}" for name in features)
    return f"{'case':>{width}}{cols}  {'score':>12}  {'relative':>8}  {'time':>8} {'cpu':>10}  verdict"


def print_summary(console: Console, rows: list[dict], total: int, group_by: str | None = None,
                  objective: Objective | str = Objective.MAX) -> None:
    """The run's summary tables; a case run several times (--repeat) is the mean of its runs."""
    if repeated(rows):
        rows = per_case(rows)
    summary = summarize(rows, group_by=group_by, objective=objective)
    table = Table(title=f"{summary.count} of {total} cases ({summary.objective.words})", show_edge=False)
    columns = ["cases", "OK", "failed", "mean score (OK)", "mean relative", "mean time", "max time"]
    if summary.mean_cpu is not None:
        columns.insert(6, "mean CPU")
    for column in columns:
        table.add_column(column, justify="right")
    cells = [str(summary.count), str(summary.ok), failed_text(summary.failed), _shown_mean(summary.mean_score),
             f"{summary.mean_relative:.4f}", f"{summary.mean_seconds:.2f} s", f"{summary.max_seconds:.2f} s"]
    if summary.mean_cpu is not None:
        cells.insert(6, f"{summary.mean_cpu:.2f} s")
    table.add_row(*cells)
    console.print(table)
    if len(summary.groups) > 1:
        groups = Table(title="by " + group_column(rows, group_by), show_edge=False)
        for column in ("group", "cases", "OK", "mean score (OK)", "mean relative"):
            groups.add_column(column, justify="right")
        for g in summary.groups:
            groups.add_row(_shown(g.label), str(g.count), str(g.ok), _shown_mean(g.mean_score), f"{g.mean_relative:.4f}")
        console.print(groups)
    if summary.worst:
        title = "worst cases (failures, then the lowest relative score" + (
            ", then the highest score)" if summary.objective.lower_wins else ")")
        worst = Table(title=title, show_edge=False)
        for column in ("case", "score", "relative", "verdict", "message"):
            worst.add_column(column, justify="right" if column in ("score", "relative") else "left")
        for row in summary.worst:
            worst.add_row(_shown(row["case"]), str(row["score"]), f"{float(row['relative'] or 0):.4f}",
                          _shown(row["verdict"]), Text(escaped(row["message"])[:80]))
        console.print(worst)


def _shown_mean(value: float | None) -> str:
    """A mean in a table: 7 significant digits, as compare and standings show means."""
    return "-" if value is None else significant(value)


def _mean(value: float | None) -> str:
    return "-" if value is None else plain_number(round(value, 6))


def _mean_of_sum(total: int | float, count: int) -> int | float:
    """A running mean: whole scores' exactly when it is whole (2^64 - 1 stays so), else to 3 places."""
    if isinstance(total, int) and total % count == 0:
        return total // count
    return round(total / count, 3)


def time_warning(rows: list[dict], workers: int) -> str:
    """A line when the programs' wall time ran well above their CPU time (``noise.LOADED``): they
    waited for a core (too many --jobs for this machine, or other load), and a wall-clock limit then
    judges the wait, and a time-based program scores less."""
    ratio = load_ratio(rows)
    if ratio is None or ratio < LOADED:
        return ""
    wall = sum(float(r["time_s"]) for r in rows if r.get("cpu_s") not in (None, ""))
    cpu = sum(float(r["cpu_s"]) for r in rows if r.get("cpu_s") not in (None, ""))
    return (f"warning: the programs took {ratio:.1f}x as long on the clock as on the CPU "
            f"({wall:.1f} s against {cpu:.1f} s): they waited for a core; with --jobs {workers} on {usable_cores()} "
            "cores, try fewer --jobs (a program that sleeps or waits for its tester does this too); this run is "
            "marked loaded, and its time-based scores are not comparable with an unloaded run's")


def print_comparison(console: Console, result: Comparison, name_a: str, name_b: str, measure: str = "",
                     conclude: bool = True) -> None:
    """The lines every comparison ends with: counts, failures, relative statistics (with the test
    named; none on fewer than MIN_SHARED cases), raw means, then what noise and load allow to conclude
    (``measure``: the command that measures the noise, when it is unknown)."""
    low, high = result.ci95
    console.print(f"{len(result.diffs)} shared case{'s' if len(result.diffs) != 1 else ''} ({result.only_a} only in "
                  f"{name_a}, {result.only_b} only in "
                  f"{name_b}): {name_b} wins {result.wins}, loses {result.losses}, ties {result.ties} "
                  f"({result.objective.words}; a case OK in one run only is a win for it)")
    console.print(f"failed: {name_a} {failed_text(result.failed_a)}, {name_b} {failed_text(result.failed_b)}")
    console.print(f"relative score (per case against the better of the two, a failed case 0): mean {name_a} "
                  f"{result.mean_a:.4f}, mean {name_b} {result.mean_b:.4f}")
    if result.tested:
        runs = (f" on per-case means ({name_a} {_runs_text(result.runs_a)}, {name_b} {_runs_text(result.runs_b)})"
                if max(result.runs_a, result.runs_b) > 1 else "")
        console.print(f"relative {name_b} - {name_a} {at_scale(result.mean_diff, high - low)} (95% CI "
                      f"{at_scale(low, high - low)} .. {at_scale(high, high - low)}); paired t-test{runs} p = "
                      f"{result.t_pvalue:.4g}, Wilcoxon signed-rank p = {result.wilcoxon_pvalue:.4g}")
    else:
        console.print(f"relative {name_b} - {name_a} {significant(result.mean_diff, 4)}; no statistics: "
                      f"{len(result.diffs)} shared case{'s' if len(result.diffs) != 1 else ''} "
                      f"(a test needs {MIN_SHARED} or more)")
    if result.both_ok:
        gain = result.objective.gain(result.raw_mean_a, result.raw_mean_b)
        verdict = (f"{name_b} better by {significant(gain)}" if gain > 0 else
                   f"{name_b} worse by {significant(-gain)}" if gain < 0 else "the same")
        console.print(f"raw score on the {result.both_ok} case{'s' if result.both_ok != 1 else ''} OK in both: mean "
                      f"{name_a} {significant(result.raw_mean_a)}, "
                      f"mean {name_b} {significant(result.raw_mean_b)} ({verdict})")
    else:
        console.print("raw score: no case is OK in both runs")
    for line in noise_lines(result, name_a, name_b, measure) if conclude else ():
        console.print(line, soft_wrap=True)  # a sentence: a file or a pipe gets it on one line


def _runs_text(runs: int) -> str:
    return f"{runs} runs a case" if runs > 1 else "1 run"


def print_against_previous(console: Console, spec: BatchSpec, rows: list[dict], meta: dict,
                           earlier: Path | None) -> None:
    """How this run did against ``earlier`` (``baseline_run``: the run a rerun reruns, else the latest
    run sharing the most cases)."""
    if earlier is None:
        return
    try:
        meta_a, before = read_run(earlier)
    except WorkbenchError:
        return
    result = compare(before, rows, spec.runner.problem.objective, meta_a=meta_a, meta_b=meta)
    if not result.diffs:
        return
    losses = ", ".join(f"{d.case} ({d.verdict_a} -> {d.verdict_b})" if not d.both_ok else
                       f"{d.case} ({significant(d.score_a)} -> {significant(d.score_b)})"
                       for d in result.diffs[:5] if d.gain < 0)
    console.print(f"against {earlier.name} (A = that run, B = this one):")
    print_comparison(console, result, "A", "B", f"puzzle-workbench batch noise {spec.out} --repeat 5")
    if losses:
        console.print(f"worst: {losses}")


def live_note(results: Sequence[CaseResult]) -> str:
    """What the programs said live, in one line ("" when none said anything): the run database keeps it."""
    traces = [r.live for r in results if r.live is not None]
    if not traces:
        return ""
    points = sum(len(t.series) for t in traces)
    snapshots = sum(len(t.snapshots) for t in traces)
    bad = sum(t.bad_lines for t in traces)
    dropped = sum(t.dropped for t in traces)
    return (f"live: {len(traces)} of {len(results)} cases wrote {points} [SCORE] lines and {snapshots} snapshots"
            + (f"; {bad} [SCORE] lines were not a number (ignored)" if bad else "")
            + (f"; {dropped} past the caps were counted, not kept" if dropped else "")
            + " (batch compare --at SECONDS; the app's Anytime profile)")


def run_batch(argv: Sequence[str]) -> int:
    return execute(plan_of(argv))


def execute(plan: BatchPlan) -> int:
    """Run ``plan`` with the live table."""
    plan.prepare(say)  # the build first, then the program's file, before any case is made
    spec = plan.spec(say=say)
    console, err = _consoles()
    run = BatchRun(spec)
    earlier, shared = baseline_run(spec.out, spec.runner.puzzle_id, (case.key for case in spec.cases),
                                   run.database.path, spec.rerun_of)
    if earlier is not None and (shared is None or shared >= MIN_SHARED):  # its statistics, at the end
        load_tests_early()
    features = run.features
    width = max([4] + [len(_label(c)) for c in spec.cases])
    where = f"dask {spec.dask}" if spec.dask else f"{spec.workers} job{'s' if spec.workers != 1 else ''}"
    count = len(spec.cases)
    err.print(f"{count} case{'s' if count != 1 else ''}, {spec.runner.describe()}, {where}; run folder {spec.out}")
    console.print(_header(features, width), style="bold")
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), TextColumn("mean {task.fields[mean]}"),
                        console=console, transient=True, disable=not console.is_terminal)
    signalled = stop_on_signals(run.stop)
    interrupted = False
    printer = RowPrinter(progress.console, features, width, plan.flag_rule(run.meta()))
    with progress:
        task = progress.add_task("cases", total=len(spec.cases), mean="-")
        totals = {"ok": 0, "sum": 0, "failed": 0}  # the sum of whole scores exact, as the summary's

        def show(result: CaseResult) -> None:
            if result.verdict == "OK":
                totals["ok"] += 1
                totals["sum"] += result.score
            else:
                totals["failed"] += 1
            printer.show(result)
            mean = plain_number(_mean_of_sum(totals["sum"], totals["ok"])) if totals["ok"] else "-"
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
    objective = spec.runner.problem.objective
    try:
        print_summary(console, rows, len(spec.cases) // spec.repeat, spec.group_by or (features[0] if features else ""),
                      objective)
    except ValueError as error:  # --group-by a column no case has: the run itself is fine
        err.print(f"--group-by: {error}")
        print_summary(console, rows, len(spec.cases) // spec.repeat, "", objective)
    print_flagged(console, flagged(rows, printer.rule), spec.out, printer.rule.among(rows))  # as batch show
    warning = time_warning(rows, spec.workers)
    if warning:
        err.print(warning)
    if repeated(rows):
        measured = noise_of(rows)
        console.print(f"noise: {measured.text()} (per case: {spec.out / 'noise.csv'})" if measured else
                      "noise: no case ran OK twice, so none is measured")
    print_against_previous(console, spec, rows, run.meta(), earlier)
    said = live_note(run.results)
    if said:
        err.print(said)
    unstored, why = run.database.waiting(run.run_id) if run.run_id is not None else (0, "")
    if unstored:
        err.print(f"{why}: {unstored} case{'s' if unstored != 1 else ''} of this run "
                  f"{'are' if unstored != 1 else 'is'} only in {spec.out / 'results.csv'}")
    if interrupted:
        err.print(f"stopped: {len(rows)} of {len(spec.cases)} cases finished and kept in {spec.out}")
    else:
        err.print(f"results in {spec.out}")
    # The last line, for scripts: the mean with failed cases the worst score, as 'batch show' prints it.
    console.print(_mean(summarize(rows, objective=objective).scripted_mean))
    return (128 + signalled["by"] if signalled["by"] else 130) if interrupted else 0


# ------------------------------------------------------------------ compare and show
def _view_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--group-by", metavar="COLUMN", help="group by this feature or reported data column "
                        "(default: the first feature)")
    parser.add_argument("--filter", action="append", default=[], metavar="EXPR",
                        help="only cases where EXPR holds: NAME OP VALUE with OP one of = != < <= > >=, "
                             "e.g. N>=8 (repeatable: all must hold)")


def _rows(path: Path, filters: Sequence[str]) -> tuple[dict, list[dict]]:
    meta, rows = read_run(path)
    try:
        return meta, filtered(rows, filters)
    except ValueError as error:
        raise UsageError(f"--filter {error}") from None


def run_compare(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench batch compare", description="Compare run B with run A, case by case. Relative scores are "
        "per case against the better of the two runs (a failed case 0), so a case OK in one run and failed in "
        "the other counts fully for the OK one; the tests run on them (a paired t-test and the Wilcoxon "
        f"signed-rank test, shown from {MIN_SHARED} shared cases). A case run several times (batch --repeat, batch "
        "noise) counts as the mean of its runs, and their spread is the noise: the comparison says whether the "
        "mean difference is larger than the 95% band the noise alone gives (1.96 x its SD from the runs' "
        "within-case SD). Two runs of the same program (same file hash, command and variables) are an A/A "
        f"comparison: their differences are noise. A run whose programs' wall time was {LOADED:g}x their CPU time "
        "or more ran on a loaded machine: its time-based scores are not comparable. The last line is the mean "
        "relative B - A.")
    parser.add_argument("run_a", type=Path)
    parser.add_argument("run_b", type=Path)
    parser.add_argument("--all", action="store_true", help="list every case, not only the 15 biggest losses")
    one = parser.add_mutually_exclusive_group()
    one.add_argument("--diff", metavar="CASE", help="print both runs' scores of CASE (as the rows name it) and a "
                     "unified diff of their answer files, instead of the comparison")
    one.add_argument("--open", metavar="CASE", help="open CASE in the app with both runs' answers side by side")
    parser.add_argument("--at", type=float, metavar="SECONDS", help="compare the runs as they stood SECONDS into "
                        "each case as well: a case still running then counts with its best snapshot (or [SCORE]) "
                        "so far, one with none yet as failed (from the run database)")
    parser.add_argument("--database", type=Path, metavar="FILE", help="the run database the runs are in, for "
                        "--at (default: runs.sqlite beside each run folder)")
    _view_options(parser)
    args = parser.parse_args(argv)
    if args.diff or args.open:
        return _one_case(args.run_a, args.run_b, args.diff or args.open, opened=bool(args.open))
    if args.at is not None and not (args.at >= 0 and math.isfinite(args.at)):
        raise UsageError(f"--at {args.at:g}: give a time in seconds, 0 or more")
    meta_a, rows_a = _rows(args.run_a, args.filter)
    meta_b, rows_b = _rows(args.run_b, args.filter)
    objective = Objective.of(meta_a.get("objective") or meta_b.get("objective"))
    if meta_b.get("objective") and Objective.of(meta_b["objective"]) is not objective:
        raise UsageError(f"{args.run_a} and {args.run_b} are runs of contests with different objectives")
    try:
        result = compare(rows_a, rows_b, objective, args.group_by or default_group(meta_a), meta_a, meta_b)
    except ValueError as error:
        raise UsageError(f"--group-by: {error}") from None
    console, _ = _consoles()
    if not result.diffs:
        raise WorkbenchError("the two runs share no case (same inputs and options)")
    console.print(f"A = {args.run_a}\nB = {args.run_b}\n({objective.words})")
    shown = result.diffs if args.all else result.diffs[:15]
    table = Table(title="biggest losses first (B against A)", show_edge=False)
    for column in ("case", "group", "A", "B", "relative B - A", "verdicts"):
        table.add_column(column, justify="left" if column in ("case", "group", "verdicts") else "right")
    for d in shown:
        style = "red" if d.gain < 0 else "green" if d.gain > 0 else ""
        table.add_row(_shown(d.case), _shown(d.group), plain_number(d.score_a), plain_number(d.score_b),
                      Text(f"{d.diff:+.4f}", style=style),
                      "" if d.both_ok else f"{d.verdict_a} -> {d.verdict_b}")
    console.print(table)
    if len(result.groups) > 1:
        groups = Table(title="by group (relative B - A)", show_edge=False)
        for column in ("group", "cases", "mean B - A", "wins", "losses"):
            groups.add_column(column, justify="right")
        width = result.ci95[1] - result.ci95[0]  # group means to the precision the interval allows
        for label, count, diff, wins, losses in result.groups:
            groups.add_row(_shown(label), str(count), at_scale(diff, width), str(wins), str(losses))
        console.print(groups)
    if args.at is not None:
        traces_a, traces_b = run_traces(args.run_a, args.database), run_traces(args.run_b, args.database)
        if not traces_a and not traces_b:
            say(f"note: neither run has live traces ([SCORE] lines or snapshots) in its run database: at "
                f"{args.at:g} s a case still running counts as failed")
        early = compare(rows_at(rows_a, traces_a, args.at, objective), rows_at(rows_b, traces_b, args.at, objective),
                        objective, args.group_by or default_group(meta_a))
        console.print(f"at {args.at:g} s into each case (a case still running: its best so far; none yet: failed):")
        print_comparison(console, early, "A", "B", conclude=False)
        console.print("at the end:")
    print_comparison(console, result, "A", "B", f"puzzle-workbench batch noise {_shown(args.run_b)} --repeat 5")
    console.print(f"one case side by side: --diff CASE (both scores and the answers' diff) or --open CASE "
                  f"(the app), e.g. --diff {_shown(shown[0].case)}")
    console.print(plain_number(round(result.mean_diff, 6)))
    return 0


def _one_case(run_a: Path, run_b: Path, case: str, opened: bool) -> int:
    """``compare --diff CASE``: both scores and the diff of the answers; ``--open CASE``: the app's view."""
    from workbench.batch.side_by_side import answer_diff, case_pair

    pair = case_pair(run_a, run_b, case)
    if opened:
        from workbench.gui.app import run_side_by_side

        return run_side_by_side(pair)
    console, _ = _consoles()
    winner = pair.winner()
    console.print(f"case {_shown(pair.case)} ({pair.objective.words})")
    console.print(f"A {_shown(run_a)}: {_shown(pair.a.score_text())}")
    console.print(f"B {_shown(run_b)}: {_shown(pair.b.score_text())}")
    console.print("the same on this case" if winner == "tie" else f"{winner} is better on this case")
    diff = answer_diff(pair)
    sys.stdout.flush()
    sys.stdout.write(escaped(diff, keep="\n\t") if diff else "the two answers are the same\n")
    return 0


def run_rerun(argv: Sequence[str]) -> int:
    from workbench.batch.rerun import chosen_rows, rerun_plan
    from workbench.contest.known import problem_named

    parser = argparse.ArgumentParser(
        prog="puzzle-workbench batch rerun", description="Run again just the cases of a recorded run that the "
        "filters pick, as a new run made the same way (the run's solver and parameters, or its program and time "
        "limit); 'batch compare RUN NEW' then compares them case by case.")
    parser.add_argument("run", type=Path, help="the recorded run's folder")
    parser.add_argument("--filter", action="append", default=[], metavar="EXPR", required=True,
                        help="which cases: 'flagged' (failed, far below the best-known, near the time limit), or "
                             "NAME OP VALUE with OP one of = != < <= > >= on any column, e.g. verdict!=OK, "
                             "relative<0.9, time>1.5 (repeatable: all must hold)")
    parser.add_argument("--jobs", type=int, help="cases at a time (default: the run's)")
    parser.add_argument("--out", type=Path, help="the new run's folder (default: beside the run, TIMESTAMP-PUZZLE-rerun)")
    parser.add_argument("--label", help="the new run's label (default: the run's, then -rerun)")
    parser.add_argument("--trust", action="store_true",
                        help="run what the run's run.json names (its command, folder, contest file, best-known file) "
                             "even when the run is not recorded in the run database beside it (a run received or edited)")
    add_flag_options(parser)
    args = parser.parse_args(argv)
    meta, rows = read_run(args.run)
    if not meta.get("puzzle"):
        raise WorkbenchError(f"{args.run} has no run.json saying how it was made: it cannot be run again")
    picked = chosen_rows(rows, args.filter, FlagRule.of_run(meta, args.flag_below, args.flag_near_limit))
    _check_trusted(args.run, meta, args.trust)  # before its contest file is read
    problem = problem_named(str(meta.get("contest_file") or meta["puzzle"]))
    plan = rerun_plan(problem, args.run, meta, picked, workers=args.jobs, out=args.out, label=args.label,
                      command_line=["puzzle-workbench", "batch", "rerun", *argv])
    say(f"rerunning {len(picked)} of {len(rows)} cases of {args.run} ({' and '.join(args.filter)})")
    return execute(replace(plan, flag_below=args.flag_below, flag_near_limit=args.flag_near_limit))


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
    from workbench.batch.rerun import chosen_rows, rerun_plan
    from workbench.contest.known import problem_named

    parser = argparse.ArgumentParser(
        prog="puzzle-workbench batch noise", description="How noisy is a program? Run every case of a recorded run "
        "(or those --filter picks) K times again, as the run was made: the spread of each case's scores is the "
        "noise, kept with the new run (run.json, noise.csv) and used by 'batch compare' to say whether a "
        "difference is larger than it. The same as 'batch rerun RUN --repeat K' on every case.")
    parser.add_argument("run", type=Path, help="the recorded run's folder")
    parser.add_argument("--repeat", type=int, default=5, metavar="K", help="runs of each case (default 5)")
    parser.add_argument("--filter", action="append", default=[], metavar="EXPR",
                        help="only the cases where EXPR holds (as in 'batch rerun'; default: every case)")
    parser.add_argument("--jobs", type=int, help="cases at a time (default: the run's)")
    parser.add_argument("--out", type=Path, help="the new run's folder (default: beside the run, TIMESTAMP-PUZZLE-noise)")
    add_flag_options(parser)
    args = parser.parse_args(argv)
    if args.repeat < 2:
        raise UsageError(f"--repeat {args.repeat}: the noise needs 2 or more runs of each case")
    meta, rows = read_run(args.run)
    if not meta.get("puzzle"):
        raise WorkbenchError(f"{args.run} has no run.json saying how it was made: it cannot be run again")
    picked = chosen_rows(rows, args.filter, FlagRule.of_run(meta, args.flag_below, args.flag_near_limit)) \
        if args.filter else rows
    problem = problem_named(str(meta.get("contest_file") or meta["puzzle"]))
    plan = rerun_plan(problem, args.run, meta, picked, workers=args.jobs, out=args.out,
                      label=f"{meta['label']}-noise" if meta.get("label") else "noise",
                      command_line=["puzzle-workbench", "batch", "noise", *argv], repeat=args.repeat)
    say(f"measuring the noise of {args.run}: {len({r['key'] for r in picked})} cases"
        + (f" ({' and '.join(args.filter)})" if args.filter else "") + f", {args.repeat} runs each")
    return execute(replace(plan, flag_below=args.flag_below, flag_near_limit=args.flag_near_limit))


def run_show(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="puzzle-workbench batch show", description="Summarise a stored run.")
    parser.add_argument("run", type=Path)
    _view_options(parser)
    add_flag_options(parser)
    args = parser.parse_args(argv)
    meta, rows = _rows(args.run, args.filter)
    console, _ = _consoles()
    console.print(f"{_shown(args.run)}: {_shown(meta.get('puzzle', '?'))}, {_shown(status_now(meta))}"
                  + (f", filtered by {' and '.join(args.filter)}" if args.filter else ""))
    try:
        print_summary(console, rows, int(meta.get("cases") or len(rows)) // int(meta.get("repeat") or 1),
                      args.group_by or default_group(meta),
                      meta.get("objective"))
    except ValueError as error:
        raise UsageError(f"--group-by: {error}") from None
    rule = FlagRule.of_run(meta, args.flag_below, args.flag_near_limit)
    print_flagged(console, flagged(rows, rule), args.run, rule.among(rows))
    measured = noise_of(rows) if repeated(rows) else None
    if measured:
        console.print(f"noise: {measured.text()}")
    console.print(_mean(summarize(rows, objective=meta.get("objective")).scripted_mean))
    return 0


def run_tune(argv: Sequence[str]) -> int:
    from .tune import cmd_tune  # optuna's command: imported when it runs

    return cmd_tune(argv)


# The words batch takes where it takes a puzzle (completion offers them there too).
SUBCOMMANDS = {"compare": run_compare, "show": run_show, "tune": run_tune, "rerun": run_rerun, "noise": run_noise}


def cmd_batch(argv: Sequence[str]) -> int:
    if argv and argv[0] in SUBCOMMANDS:
        return SUBCOMMANDS[argv[0]](argv[1:])
    return run_batch(argv)
