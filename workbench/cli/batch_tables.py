"""What ``puzzle-workbench batch`` prints: the live table's rows, the summary, the flagged cases and
the comparisons (``batch`` as it runs, ``batch show`` and ``batch compare`` of stored runs).

Printed with rich, without markup: a path or a program's message is the user's text, shown escaped.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from workbench.batch.anomalies import FlagRule, LiveFlags
from workbench.batch.batch_run import BatchSpec
from workbench.batch.noise import LOADED, MIN_SHARED, load_ratio, per_case, repeated
from workbench.batch.report import Comparison, compare, failed_text, group_column, noise_lines, summarize
from workbench.batch.results import CaseResult, at_scale, plain_number, read_run, significant
from workbench.core.cores import usable_cores
from workbench.core.errors import WorkbenchError, escaped
from workbench.core.objective import Objective

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


def consoles() -> tuple[Console, Console]:
    """stdout and stderr consoles; into a file or a pipe, rows are not wrapped at 80 columns."""

    def make(stream) -> Console:
        # No markup: paths and commands are the user's text ("x[/]y" is a folder name, not a tag).
        return Console(file=stream, highlight=False, markup=False, width=None if stream.isatty() else 200)

    return make(sys.stdout), make(sys.stderr)


def cell(value) -> str:
    """A cell of the table: a number in full, anything else as text (no terminal control sequence of a
    program's stderr, a file name or a comment reaches the terminal)."""
    return plain_number(value) if isinstance(value, (int, float)) else escaped(str(value))


def case_label(case) -> str:
    """A case as its row shows it: its label, and which run of it this is in a run of --repeat."""
    return f"{case.label} r{case.repeat}" if case.repeat else case.label


def _row_text(result: CaseResult, features: list[str], width: int, flags: Sequence[str] = ()) -> Text:
    text = Text()
    text.append(f"{cell(case_label(result.case)):>{width}}")
    for name in features:
        text.append(f"  {cell(result.features.get(name, '')):>{max(len(name), 3)}}")
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
        text.append("  " + " ".join(f"{cell(k)}={cell(v)}" for k, v in result.data_columns().items()), style="dim")
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
            self.console.print(
                f"({self.skipped:,} OK rows not shown as they came, {ROWS_PER_SECOND} a second at most: "
                "results.csv holds every case)",
                style="dim",
            )


def print_flagged(
    console: Console, found: list[tuple[dict, list[str]]], folder: Path, rule: FlagRule | None = None
) -> None:
    """The cases worth a look, in case order, the rule that found the ones near the time limit (``rule``,
    with the run's times), and how to run just them again."""
    if not found:
        console.print(
            "flagged: none (no failure, none far below its best-known or near its time limit for this program)"
        )
        return
    table = Table(title=f"flagged: {len(found)} case{'s' if len(found) != 1 else ''}", show_edge=False)
    for column in ("case", "score", "verdict", "why"):
        table.add_column(column, justify="right" if column == "score" else "left")
    for row, flags in found:
        table.add_row(cell(row["case"]), str(row["score"]), cell(row["verdict"]), Text("; ".join(flags)))
    console.print(table)
    if rule is not None and rule.near_text():
        console.print(rule.near_text())
    console.print(f"run just these again: puzzle-workbench batch rerun {cell(folder)} --filter flagged")


def header(features: list[str], width: int) -> str:
    cols = "".join(f"  {name:>{max(len(name), 3)}}" for name in features)
    return f"{'case':>{width}}{cols}  {'score':>12}  {'relative':>8}  {'time':>8} {'cpu':>10}  verdict"


def print_summary(
    console: Console,
    rows: list[dict],
    total: int,
    group_by: str | None = None,
    objective: Objective | str = Objective.MAX,
) -> None:
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
    cells = [
        str(summary.count),
        str(summary.ok),
        failed_text(summary.failed),
        _shown_mean(summary.mean_score),
        f"{summary.mean_relative:.4f}",
        f"{summary.mean_seconds:.2f} s",
        f"{summary.max_seconds:.2f} s",
    ]
    if summary.mean_cpu is not None:
        cells.insert(6, f"{summary.mean_cpu:.2f} s")
    table.add_row(*cells)
    console.print(table)
    if len(summary.groups) > 1:
        groups = Table(title=f"by {group_column(rows, group_by)}", show_edge=False)
        for column in ("group", "cases", "OK", "mean score (OK)", "mean relative"):
            groups.add_column(column, justify="right")
        for g in summary.groups:
            groups.add_row(cell(g.label), str(g.count), str(g.ok), _shown_mean(g.mean_score), f"{g.mean_relative:.4f}")
        console.print(groups)
    if summary.worst:
        title = "worst cases (failures, then the lowest relative score" + (
            ", then the highest score)" if summary.objective.lower_wins else ")"
        )
        worst = Table(title=title, show_edge=False)
        for column in ("case", "score", "relative", "verdict", "message"):
            worst.add_column(column, justify="right" if column in ("score", "relative") else "left")
        for row in summary.worst:
            worst.add_row(
                cell(row["case"]),
                str(row["score"]),
                f"{float(row['relative'] or 0):.4f}",
                cell(row["verdict"]),
                Text(escaped(row["message"])[:80]),
            )
        console.print(worst)


def _shown_mean(value: float | None) -> str:
    """A mean in a table: 7 significant digits, as compare and standings show means."""
    return "-" if value is None else significant(value)


def mean_text(value: float | None) -> str:
    return "-" if value is None else plain_number(round(value, 6))


def mean_of_sum(total: int | float, count: int) -> int | float:
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
    return (
        f"warning: the programs took {ratio:.1f}x as long on the clock as on the CPU "
        f"({wall:.1f} s against {cpu:.1f} s): they waited for a core; with --jobs {workers} on {usable_cores()} "
        "cores, try fewer --jobs (a program that sleeps or waits for its tester does this too); this run is "
        "marked loaded, and its time-based scores are not comparable with an unloaded run's"
    )


def print_comparison(
    console: Console, result: Comparison, name_a: str, name_b: str, measure: str = "", conclude: bool = True
) -> None:
    """The lines every comparison ends with: counts, failures, relative statistics (with the test
    named; none on fewer than MIN_SHARED cases), raw means, then what noise and load allow to conclude
    (``measure``: the command that measures the noise, when it is unknown)."""
    low, high = result.ci95
    console.print(
        f"{len(result.diffs)} shared case{'s' if len(result.diffs) != 1 else ''} ({result.only_a} only in "
        f"{name_a}, {result.only_b} only in "
        f"{name_b}): {name_b} wins {result.wins}, loses {result.losses}, ties {result.ties} "
        f"({result.objective.words}; a case OK in one run only is a win for it)"
    )
    console.print(f"failed: {name_a} {failed_text(result.failed_a)}, {name_b} {failed_text(result.failed_b)}")
    console.print(
        f"relative score (per case against the better of the two, a failed case 0): mean {name_a} "
        f"{result.mean_a:.4f}, mean {name_b} {result.mean_b:.4f}"
    )
    if result.tested:
        runs = (
            f" on per-case means ({name_a} {_runs_text(result.runs_a)}, {name_b} {_runs_text(result.runs_b)})"
            if max(result.runs_a, result.runs_b) > 1
            else ""
        )
        console.print(
            f"relative {name_b} - {name_a} {at_scale(result.mean_diff, high - low)} (95% CI "
            f"{at_scale(low, high - low)} .. {at_scale(high, high - low)}); paired t-test{runs} p = "
            f"{result.t_pvalue:.4g}, Wilcoxon signed-rank p = {result.wilcoxon_pvalue:.4g}"
        )
    else:
        console.print(
            f"relative {name_b} - {name_a} {significant(result.mean_diff, 4)}; no statistics: "
            f"{len(result.diffs)} shared case{'s' if len(result.diffs) != 1 else ''} "
            f"(a test needs {MIN_SHARED} or more)"
        )
    if result.both_ok and result.raw_mean_a is not None and result.raw_mean_b is not None:
        gain = result.objective.gain(result.raw_mean_a, result.raw_mean_b)
        verdict = (
            f"{name_b} better by {significant(gain)}"
            if gain > 0
            else f"{name_b} worse by {significant(-gain)}"
            if gain < 0
            else "the same"
        )
        console.print(
            f"raw score on the {result.both_ok} case{'s' if result.both_ok != 1 else ''} OK in both: mean "
            f"{name_a} {significant(result.raw_mean_a)}, "
            f"mean {name_b} {significant(result.raw_mean_b)} ({verdict})"
        )
    else:
        console.print("raw score: no case is OK in both runs")
    for line in noise_lines(result, name_a, name_b, measure) if conclude else ():
        console.print(line, soft_wrap=True)  # a sentence: a file or a pipe gets it on one line


def _runs_text(runs: int) -> str:
    return f"{runs} runs a case" if runs > 1 else "1 run"


def print_against_previous(
    console: Console, spec: BatchSpec, rows: list[dict], meta: dict, earlier: Path | None
) -> None:
    """How this run did against ``earlier`` (``baseline_run``: the run a rerun reruns, else the latest
    run sharing the most cases)."""
    if earlier is None:
        return
    try:
        meta_a, before = read_run(earlier)
    except WorkbenchError:
        return
    result = compare(before, rows, spec.problem.objective, meta_a=meta_a, meta_b=meta)
    if not result.diffs:
        return
    losses = ", ".join(
        f"{d.case} ({d.verdict_a} -> {d.verdict_b})"
        if not d.both_ok
        else f"{d.case} ({significant(d.score_a)} -> {significant(d.score_b)})"
        for d in result.diffs[:5]
        if d.gain < 0
    )
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
    return (
        f"live: {len(traces)} of {len(results)} cases wrote {points} [SCORE] lines and {snapshots} snapshots"
        + (f"; {bad} [SCORE] lines were not a number (ignored)" if bad else "")
        + (f"; {dropped} past the caps were counted, not kept" if dropped else "")
        + " (batch compare --at SECONDS; the app's Anytime profile)"
    )
