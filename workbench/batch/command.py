"""``puzzle-workbench batch``: run a solver or the user's program over many cases, with a live table.

    puzzle-workbench batch PUZZLE (--seeds A-B | INPUT...) [--solver NAME [--param K=V]... | --cmd "COMMAND"]
                  [--time S] [--jobs N] [--dask ADDRESS] [--out DIR] [--label TEXT] [puzzle options]
    puzzle-workbench batch compare DIR_A DIR_B

The live display (a progress bar, a row per finished case) and the summary
tables use rich; the mean score is the last line of stdout.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from solvers.base import usable_cores
from solvers.run_setup import (DEFAULT_SECONDS, checked_params, choose_solver, parse_params, puzzle_options,
                               run_budget)
from workbench.command_line import add_options
from workbench.core.errors import UsageError, WorkbenchError
from workbench.core.files import same_file

from .cases import load_instance, parse_seeds
from .problem import PuzzleProblem
from .report import compare, default_group, filtered, group_column, summarize
from .results import BestKnown, CaseResult, at_scale, plain_number, previous_run, read_run, status_now
from .runner import BatchRun, BatchSpec, best_known_path, claim_folder, default_out
from .tasks import Runner

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
    parser.add_argument("--time", type=float, default=None,
                        help=f"seconds per case: the solver's budget, or your program's limit "
                             f"(past it, plus a small grace, the program is killed: TLE). Default {DEFAULT_SECONDS:g} "
                             "(a contest: its time_limit); a solver of a game played turn by turn gets its "
                             "per-turn default, as in 'solve'")
    parser.add_argument("--nodes", type=int, default=None, help="a solver's node budget per case (reproducible)")
    parser.add_argument("--seed", type=int, default=0, help="the solver's RNG seed")
    parser.add_argument("--jobs", type=int, default=usable_cores(),
                        help="cases at a time on this machine (default: the cores)")
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
    add_options(parser, puzzle_options(puzzle))
    return parser


def named_problem(argv: Sequence[str]):
    """The puzzle or contest named first on the command line: (problem, puzzle or None)."""
    from workbench.contest.known import find_contest, known
    from workbench.contest.problem import ContestProblem
    from workbench.core.registry import get_puzzle, puzzles

    name = argv[0] if argv and not argv[0].startswith("-") else None
    if name is None:
        return None, None
    if name in puzzles():
        return PuzzleProblem(name), get_puzzle(name)
    contest = find_contest(name)
    if contest is None:
        raise UsageError(f"unknown puzzle or contest '{name}' (puzzles: {', '.join(puzzles())}; contests: "
                         f"{', '.join(known()) or 'none yet, see puzzle-workbench contest init'})")
    return ContestProblem(contest), None


MAX_JOBS = 256
MAX_SECONDS = 24 * 3600.0


def _check_numbers(args) -> None:
    if bool(args.seeds) == bool(args.inputs):
        raise UsageError("give either --seeds A-B or input files")
    if args.time is not None and not (0 < args.time <= MAX_SECONDS):  # also refuses nan
        raise UsageError(f"--time must be a positive number of seconds, at most a day ({MAX_SECONDS:g}), "
                         f"got {args.time}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be 1..{MAX_JOBS}, got {args.jobs}")
    if args.nodes is not None and args.nodes < 1:
        raise UsageError(f"--nodes must be at least 1, got {args.nodes}")
    if args.cmd is not None and not args.cmd.strip():
        raise UsageError("--cmd is empty: give the command that runs your program")


def _seeds(args) -> list[int]:
    try:
        return parse_seeds(args.seeds)
    except ValueError as error:
        raise UsageError(f"--seeds: {error}") from None


def _contest_runner(problem, args) -> Runner:
    """A contest runs the contestant's program; there is no built-in solver for it."""
    config = problem.config
    if args.solver or args.param or args.nodes:
        raise UsageError(f"{config.name} is a contest: it runs your program (--cmd), not a built-in solver")
    if config.runs_own_program and args.cmd:
        raise UsageError(f"{config.path}: [run] command names its program itself; put {{CMD}} where your "
                         "program goes to run it with --cmd")
    if not args.cmd and not config.program and not config.runs_own_program:
        raise UsageError(f"give your program with --cmd \"./a.out\" (or set program in {config.path})")
    command = args.cmd or problem.default_command()
    return Runner(problem, args.time or config.time_limit, command=command, cwd=os.getcwd())


def make_spec(argv: Sequence[str]) -> BatchSpec:
    problem, puzzle = named_problem(argv)
    args = build_parser(puzzle).parse_args(argv)
    _check_numbers(args)
    if problem is None:
        raise UsageError("name a puzzle or a contest first")
    generator = {o.name: getattr(args, o.name) for o in (puzzle.generator_options if puzzle else ())}
    instance = {o.name: getattr(args, o.name) for o in (puzzle.instance_options if puzzle else ())}
    if args.seeds:
        cases = problem.seed_cases(_seeds(args), generator, instance)
    else:
        cases = problem.file_cases(args.inputs, instance)
    if puzzle is None:
        runner = _contest_runner(problem, args)
    elif args.cmd:
        if args.param or args.nodes:
            raise UsageError("--param and --nodes are for built-in solvers, not --cmd")
        runner = Runner(problem, args.time or DEFAULT_SECONDS, command=args.cmd, cwd=os.getcwd())
    else:
        cls = choose_solver(puzzle, args.solver)
        params = parse_params(cls, args.param)
        checked_params(cls, params)  # before any case runs, not once per case
        seconds = args.time if args.time is not None or args.nodes is not None else DEFAULT_SECONDS
        if args.time is None and args.nodes is None and puzzle.turn_seconds and cases:
            # As 'solve' does: a game played turn by turn gets its default time per turn.
            try:
                chosen = run_budget(puzzle, load_instance(puzzle, cases[0]), cls, params)
                seconds, params = chosen.budget.seconds, chosen.params
                print(chosen.note, file=sys.stderr)
            except (WorkbenchError, ValueError):
                pass  # that case's own verdict will say what is wrong with it
        runner = Runner(problem, seconds, solver=cls.name, params=params, nodes=args.nodes, solver_seed=args.seed)
    # A contest's runs live in its own folder, wherever batch is started (the app finds them there).
    root = problem.config.folder / "runs" if puzzle is None else Path("runs")
    best = args.best or best_known_path(problem.id, root)
    check_best(best, [case.source for case in cases if case.seed is None])
    skipped = BestKnown(best, problem.objective).skipped  # a file that is not one is refused here
    if skipped:
        print(f"best-known: line{'s' if len(skipped) > 1 else ''} {', '.join(map(str, skipped[:10]))} of {best} "
              "hold no score and are left out", file=sys.stderr)
    out = claim_folder(args.out) if args.out else default_out(problem.id, args.label, root)
    return BatchSpec(runner, cases, out, jobs=args.jobs, dask=args.dask, label=args.label,
                     best=best, freeze_best=args.freeze_best, comment=args.comment, database=args.database,
                     command_line=["puzzle-workbench", "batch", *argv],
                     generator_options=generator if args.seeds else {}, instance_options=instance,
                     group_by=args.group_by)


# ------------------------------------------------------------------ display
def _consoles() -> tuple[Console, Console]:
    """stdout and stderr consoles; into a file or a pipe, rows are not wrapped at 80 columns."""
    def make(stream) -> Console:
        # No markup: paths and commands are the user's text ("x[/]y" is a folder name, not a tag).
        return Console(file=stream, highlight=False, markup=False, width=None if stream.isatty() else 200)

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
    if result.data:
        text.append("  " + " ".join(f"{k}={plain_number(v) if isinstance(v, (int, float)) else v}"
                                    for k, v in result.data_columns().items()), style="dim")
    return text


def _header(features: list[str], width: int) -> str:
    cols = "".join(f"  {name:>{max(len(name), 3)}}" for name in features)
    return f"{'case':>{width}}{cols}  {'score':>12}  {'relative':>8}  {'time':>8}  verdict"


def print_summary(console: Console, rows: list[dict], total: int, group_by: str | None = None) -> None:
    summary = summarize(rows, group_by=group_by)
    table = Table(title=f"{summary.count} of {total} cases", show_edge=False)
    for column in ("cases", "mean score", "mean relative", "mean time", "max time", "verdicts"):
        table.add_column(column, justify="right")
    verdicts = ", ".join(f"{v} {n}" for v, n in sorted(summary.verdicts.items()))
    table.add_row(str(summary.count), plain_number(round(summary.mean_score, 6)),
                  f"{summary.mean_relative:.4f}", f"{summary.mean_seconds:.2f} s", f"{summary.max_seconds:.2f} s",
                  verdicts)
    console.print(table)
    if len(summary.groups) > 1:
        groups = Table(title="by " + group_column(rows, group_by), show_edge=False)
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
    result = compare(before, rows, spec.runner.problem.objective)
    if not result.diffs:
        return
    losses = ", ".join(f"{d.case} ({plain_number(round(d.diff, 6))})" for d in result.diffs[:5] if d.diff < 0)
    console.print(f"against {earlier.name} ({len(result.diffs)} shared cases): wins {result.wins}, "
                  f"losses {result.losses}, ties {result.ties}, mean difference "
                  f"{plain_number(round(result.mean_diff, 6))} (paired t-test p = {result.t_pvalue:.3g})"
                  + (f"; worst: {losses}" if losses else ""))


def check_best(best: Path, inputs: list[str]) -> None:
    """--best names a file the scores can be written to: not a folder, a device, or an input."""
    best = Path(best)
    if best.is_dir():
        raise UsageError(f"--best {best} is a folder: it names the best-known scores file (a CSV)")
    if best.exists() and not best.is_file():
        raise UsageError(f"--best {best} is not a regular file (a device?): it would be replaced by a CSV")
    for source in inputs:
        if same_file(best, source):
            raise UsageError(f"--best {best} is one of the inputs: it would be replaced by a CSV")


def _stop_on_signals(run: BatchRun) -> dict:
    """Ctrl+C or SIGTERM stops the run between cases (running programs killed, finished cases kept)
    instead of raising wherever the interpreter happens to be; a second Ctrl+C raises at once."""
    state = {"by": 0, "previous": {}}

    def stop(signum, frame):
        if state["by"] and signum == signal.SIGINT:
            raise KeyboardInterrupt
        state["by"] = state["by"] or signum
        run.stop()

    for number in (signal.SIGINT, signal.SIGTERM):
        try:
            state["previous"][number] = signal.signal(number, stop)
        except ValueError:  # not the main thread (a test driving main() from a thread): keep Python's
            pass
    return state


def _restore_signals(state: dict) -> None:
    for number, previous in state["previous"].items():
        signal.signal(number, previous)


def run_batch(argv: Sequence[str]) -> int:
    spec = make_spec(argv)
    console, err = _consoles()
    run = BatchRun(spec)
    features = run.features
    width = max([4] + [len(c.label) for c in spec.cases])
    where = f"dask {spec.dask}" if spec.dask else f"{spec.jobs} job{'s' if spec.jobs != 1 else ''}"
    count = len(spec.cases)
    err.print(f"{count} case{'s' if count != 1 else ''}, {spec.runner.describe()}, {where}; run folder {spec.out}")
    console.print(_header(features, width), style="bold")
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), TextColumn("mean {task.fields[mean]}"),
                        console=console, transient=True, disable=not console.is_terminal)
    signalled = _stop_on_signals(run)
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
        except KeyboardInterrupt:  # a second Ctrl+C: stop at once
            interrupted = True
        finally:
            _restore_signals(signalled)
    interrupted = interrupted or bool(signalled["by"])
    rows = [r.row() for r in sorted(run.results, key=lambda r: r.case.index)]
    try:
        print_summary(console, rows, len(spec.cases), spec.group_by or (features[0] if features else ""))
    except ValueError as error:  # --group-by a column no case has: the run itself is fine
        err.print(f"--group-by: {error}")
        print_summary(console, rows, len(spec.cases), "")
    print_against_previous(console, spec, rows)
    if interrupted:
        err.print(f"stopped: {len(rows)} of {len(spec.cases)} cases finished and kept in {spec.out}")
    else:
        err.print(f"results in {spec.out}")
    mean = sum(r.score for r in run.results) / len(run.results) if run.results else 0.0
    console.print(plain_number(round(mean, 6)))
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
    parser = argparse.ArgumentParser(prog="puzzle-workbench batch compare",
                                     description="Compare run B with run A, case by case (B - A).")
    parser.add_argument("run_a", type=Path)
    parser.add_argument("run_b", type=Path)
    parser.add_argument("--all", action="store_true", help="list every case, not only the 15 biggest losses")
    _view_options(parser)
    args = parser.parse_args(argv)
    meta_a, rows_a = _rows(args.run_a, args.filter)
    _, rows_b = _rows(args.run_b, args.filter)
    objective = meta_a.get("objective", "max")
    try:
        result = compare(rows_a, rows_b, objective, args.group_by or default_group(meta_a))
    except ValueError as error:
        raise UsageError(f"--group-by: {error}") from None
    console, _ = _consoles()
    if not result.diffs:
        raise WorkbenchError("the two runs share no case (same inputs and options)")
    console.print(f"A = {args.run_a}\nB = {args.run_b}" + ("\n(objective min: lower scores win)"
                                                              if objective == "min" else ""))
    shown = result.diffs if args.all else result.diffs[:15]
    table = Table(title="biggest losses first (B - A)", show_edge=False)
    for column in ("case", "group", "A", "B", "B - A", "verdicts"):
        table.add_column(column, justify="left" if column in ("case", "group", "verdicts") else "right")
    for d in shown:
        style = "red" if d.gain < 0 else "green" if d.gain > 0 else ""
        table.add_row(d.case, d.group, plain_number(d.score_a), plain_number(d.score_b),
                      Text(plain_number(round(d.diff, 6)), style=style),
                      "" if d.verdict_a == d.verdict_b == "OK" else f"{d.verdict_a} -> {d.verdict_b}")
    console.print(table)
    if len(result.groups) > 1:
        groups = Table(title="by group", show_edge=False)
        for column in ("group", "cases", "mean B - A", "wins", "losses"):
            groups.add_column(column, justify="right")
        width = result.ci95[1] - result.ci95[0]  # group means to the precision the interval allows
        for label, count, diff, wins, losses in result.groups:
            groups.add_row(label, str(count), at_scale(diff, width), str(wins), str(losses))
        console.print(groups)
    low, high = result.ci95
    console.print(f"{len(result.diffs)} shared cases ({result.only_a} only in A, {result.only_b} only in B): "
                  f"B wins {result.wins}, loses {result.losses}, ties {result.ties}")
    console.print(f"mean A {plain_number(round(result.mean_a, 6))}, mean B {plain_number(round(result.mean_b, 6))}, "
                  f"mean B - A {at_scale(result.mean_diff, high - low)} "
                  f"(95% CI {at_scale(low, high - low)} .. {at_scale(high, high - low)}); "
                  f"paired t-test p = {result.t_pvalue:.4g}, Wilcoxon signed-rank p = {result.wilcoxon_pvalue:.4g}")
    console.print(plain_number(round(result.mean_diff, 6)))
    return 0


def run_show(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="puzzle-workbench batch show", description="Summarise a stored run.")
    parser.add_argument("run", type=Path)
    _view_options(parser)
    args = parser.parse_args(argv)
    meta, rows = _rows(args.run, args.filter)
    console, _ = _consoles()
    console.print(f"{args.run}: {meta.get('puzzle', '?')}, {status_now(meta)}"
                  + (f", filtered by {' and '.join(args.filter)}" if args.filter else ""))
    try:
        print_summary(console, rows, int(meta.get("cases") or len(rows)), args.group_by or default_group(meta))
    except ValueError as error:
        raise UsageError(f"--group-by: {error}") from None
    scores = [float(r["score"]) for r in rows if r.get("score") not in (None, "")]
    console.print(plain_number(round(sum(scores) / len(scores), 6)) if scores else "0")
    return 0


def cmd_batch(argv: Sequence[str]) -> int:
    if argv and argv[0] == "compare":
        return run_compare(argv[1:])
    if argv and argv[0] == "show":
        return run_show(argv[1:])
    if argv and argv[0] == "tune":
        from .tune import cmd_tune

        return cmd_tune(argv[1:])
    return run_batch(argv)
