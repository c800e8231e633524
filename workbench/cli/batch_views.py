"""``puzzle-workbench batch compare`` and ``batch show``: stored runs read, compared and summarised.

puzzle-workbench batch compare DIR_A DIR_B [--diff CASE | --open CASE | --at SECONDS]
puzzle-workbench batch show DIR [--group-by COLUMN] [--filter EXPR]...
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.table import Table
from rich.text import Text

from workbench.batch.anomalies import FlagRule, flagged
from workbench.batch.database import run_traces
from workbench.batch.live import rows_at
from workbench.batch.noise import LOADED, MIN_SHARED, noise_of, repeated
from workbench.batch.report import compare, default_group, filtered, summarize
from workbench.batch.results import at_scale, plain_number, read_run, status_now
from workbench.core.errors import UsageError, WorkbenchError, escaped
from workbench.core.objective import Objective

from .batch_tables import cell, consoles, mean_text, print_comparison, print_flagged, print_summary
from .common import say
from .plan_options import add_flag_options


def _view_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--group-by",
        metavar="COLUMN",
        help="group by this feature or reported data column (default: the first feature)",
    )
    parser.add_argument(
        "--filter",
        action="append",
        default=[],
        metavar="EXPR",
        help="only cases where EXPR holds: NAME OP VALUE with OP one of = != < <= > >=, "
        "e.g. N>=8 (repeatable: all must hold)",
    )


def _rows(path: Path, filters: Sequence[str]) -> tuple[dict, list[dict]]:
    meta, rows = read_run(path)
    try:
        return meta, filtered(rows, filters)
    except ValueError as error:
        raise UsageError(f"--filter {error}") from None


def run_compare(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench batch compare",
        description="Compare run B with run A, case by case. Relative scores are "
        "per case against the better of the two runs (a failed case 0), so a case OK in one run and failed in "
        "the other counts fully for the OK one; the tests run on them (a paired t-test and the Wilcoxon "
        f"signed-rank test, shown from {MIN_SHARED} shared cases). A case run several times (batch --repeat, batch "
        "noise) counts as the mean of its runs, and their spread is the noise: the comparison says whether the "
        "mean difference is larger than the 95% band the noise alone gives (1.96 x its SD from the runs' "
        "within-case SD). Two runs of the same program (same file hash, command and variables) are an A/A "
        f"comparison: their differences are noise. A run whose programs' wall time was {LOADED:g}x their CPU time "
        "or more ran on a loaded machine: its time-based scores are not comparable. The last line is the mean "
        "relative B - A.",
    )
    parser.add_argument("run_a", type=Path)
    parser.add_argument("run_b", type=Path)
    parser.add_argument("--all", action="store_true", help="list every case, not only the 15 biggest losses")
    one = parser.add_mutually_exclusive_group()
    one.add_argument(
        "--diff",
        metavar="CASE",
        help="print both runs' scores of CASE (as the rows name it) and a "
        "unified diff of their answer files, instead of the comparison",
    )
    one.add_argument("--open", metavar="CASE", help="open CASE in the app with both runs' answers side by side")
    parser.add_argument(
        "--at",
        type=float,
        metavar="SECONDS",
        help="compare the runs as they stood SECONDS into "
        "each case as well: a case still running then counts with its best snapshot (or [SCORE]) "
        "so far, one with none yet as failed (from the run database)",
    )
    parser.add_argument(
        "--database",
        type=Path,
        metavar="FILE",
        help="the run database the runs are in, for --at (default: runs.sqlite beside each run folder)",
    )
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
    console, _ = consoles()
    if not result.diffs:
        raise WorkbenchError("the two runs share no case (same inputs and options)")
    console.print(f"A = {args.run_a}\nB = {args.run_b}\n({objective.words})")
    shown = result.diffs if args.all else result.diffs[:15]
    table = Table(title="biggest losses first (B against A)", show_edge=False)
    for column in ("case", "group", "A", "B", "relative B - A", "verdicts"):
        table.add_column(column, justify="left" if column in ("case", "group", "verdicts") else "right")
    for d in shown:
        style = "red" if d.gain < 0 else "green" if d.gain > 0 else ""
        table.add_row(
            cell(d.case),
            cell(d.group),
            plain_number(d.score_a),
            plain_number(d.score_b),
            Text(f"{d.diff:+.4f}", style=style),
            "" if d.both_ok else f"{d.verdict_a} -> {d.verdict_b}",
        )
    console.print(table)
    if len(result.groups) > 1:
        groups = Table(title="by group (relative B - A)", show_edge=False)
        for column in ("group", "cases", "mean B - A", "wins", "losses"):
            groups.add_column(column, justify="right")
        width = result.ci95[1] - result.ci95[0]  # group means to the precision the interval allows
        for label, count, diff, wins, losses in result.groups:
            groups.add_row(cell(label), str(count), at_scale(diff, width), str(wins), str(losses))
        console.print(groups)
    if args.at is not None:
        traces_a, traces_b = run_traces(args.run_a, args.database), run_traces(args.run_b, args.database)
        if not traces_a and not traces_b:
            say(
                f"note: neither run has live traces ([SCORE] lines or snapshots) in its run database: at "
                f"{args.at:g} s a case still running counts as failed"
            )
        early = compare(
            rows_at(rows_a, traces_a, args.at, objective),
            rows_at(rows_b, traces_b, args.at, objective),
            objective,
            args.group_by or default_group(meta_a),
        )
        console.print(f"at {args.at:g} s into each case (a case still running: its best so far; none yet: failed):")
        print_comparison(console, early, "A", "B", conclude=False)
        console.print("at the end:")
    print_comparison(console, result, "A", "B", f"puzzle-workbench batch noise {cell(args.run_b)} --repeat 5")
    console.print(
        f"one case side by side: --diff CASE (both scores and the answers' diff) or --open CASE "
        f"(the app), e.g. --diff {cell(shown[0].case)}"
    )
    console.print(plain_number(round(result.mean_diff, 6)))
    return 0


def _one_case(run_a: Path, run_b: Path, case: str, opened: bool) -> int:
    """``compare --diff CASE``: both scores and the diff of the answers; ``--open CASE``: the app's view."""
    from workbench.batch.side_by_side import answer_diff, case_pair

    pair = case_pair(run_a, run_b, case)
    if opened:
        from workbench.gui.app import run_side_by_side

        return run_side_by_side(pair)
    console, _ = consoles()
    winner = pair.winner()
    console.print(f"case {cell(pair.case)} ({pair.objective.words})")
    console.print(f"A {cell(run_a)}: {cell(pair.a.score_text())}")
    console.print(f"B {cell(run_b)}: {cell(pair.b.score_text())}")
    console.print("the same on this case" if winner == "tie" else f"{winner} is better on this case")
    diff = answer_diff(pair)
    sys.stdout.flush()
    sys.stdout.write(escaped(diff, keep="\n\t") if diff else "the two answers are the same\n")
    return 0


def run_show(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="puzzle-workbench batch show", description="Summarise a stored run.")
    parser.add_argument("run", type=Path)
    _view_options(parser)
    add_flag_options(parser)
    args = parser.parse_args(argv)
    meta, rows = _rows(args.run, args.filter)
    console, _ = consoles()
    console.print(
        f"{cell(args.run)}: {cell(meta.get('puzzle', '?'))}, {cell(status_now(meta))}"
        + (f", filtered by {' and '.join(args.filter)}" if args.filter else "")
    )
    try:
        print_summary(
            console,
            rows,
            int(meta.get("cases") or len(rows)) // int(meta.get("repeat") or 1),
            args.group_by or default_group(meta),
            meta.get("objective") or "max",
        )
    except ValueError as error:
        raise UsageError(f"--group-by: {error}") from None
    rule = FlagRule.of_run(meta, args.flag_below, args.flag_near_limit)
    print_flagged(console, flagged(rows, rule), args.run, rule.among(rows))
    measured = noise_of(rows) if repeated(rows) else None
    if measured:
        console.print(f"noise: {measured.text()}")
    console.print(mean_text(summarize(rows, objective=meta.get("objective") or "max").scripted_mean))
    return 0
