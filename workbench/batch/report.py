"""Summaries of a batch and comparisons of two: plain data, shown by the CLI and the Runs panel.

Rows are dicts with at least ``score`` and ``verdict`` (a ``CaseResult.row()`` or
a line of ``results.csv``); features are the columns between ``seed`` and
``score``. Cases are grouped by the puzzle's first feature: by value when it
takes a few whole-number values (ahc011's N), else by quartile ranges.
"""

from __future__ import annotations

import importlib
import math
import operator
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from workbench.core.limits import exact_number
from workbench.core.objective import Objective
from workbench.core.words import translate

from .noise import MIN_SHARED, Noise, loaded, loaded_text, noise_band, noise_of, per_case, percent, same_program
from .results import REPEAT_COLUMN, RESULT_COLUMNS, TESTER_COLUMN, at_scale, plain_number

FEW_VALUES = 8  # a whole-number feature with at most this many values groups by value


def mean(values: Iterable[float]) -> float:
    """The mean, in floating point (statistics.mean's exact fractions took seconds over 100,000 cases);
    of whole scores, their sum is exact and so is a whole mean (three scores of 2^64 - 1: 2^64 - 1, not
    a float's 2^64)."""
    values = list(values)
    if not values:
        raise ValueError("mean of no values")
    if all(isinstance(v, int) for v in values):
        total = sum(values)
        return total // len(values) if total % len(values) == 0 else total / len(values)
    return math.fsum(values) / len(values)


def feature_names(rows: Sequence[dict[str, Any]]) -> list[str]:
    for row in rows:  # a case whose input could not be read has no features: skip it
        names = list(row)
        start = names.index("seed") + 1 if "seed" in names else 0
        end = names.index("score") if "score" in names else len(names)
        features = [
            n
            for n in names[start:end]
            if n not in RESULT_COLUMNS and n not in (TESTER_COLUMN, REPEAT_COLUMN, "repeats")
        ]
        if features:
            return features
    return []


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def exact_score(value: Any) -> int | float:
    """A score as written: a whole one exactly (past 2^53 a float is another number), nan for no number."""
    number = exact_number(value)
    return math.nan if number is None else number


def group_labels(rows: Sequence[dict[str, Any]], feature: str) -> list[str]:
    """Each row's group for ``feature``: its value, or the quartile range it falls in."""
    values = [r.get(feature, "") for r in rows]
    numbers = [_number(v) for v in values]
    distinct = set(values)
    if any(math.isnan(n) for n in numbers) or (len(distinct) <= FEW_VALUES and all(n.is_integer() for n in numbers)):
        return [f"{feature} {plain_number(_number(v)) if not math.isnan(_number(v)) else v}" for v in values]
    ordered = sorted(numbers)
    cuts = [ordered[min(len(ordered) - 1, (len(ordered) * q) // 4)] for q in (1, 2, 3)]
    bins = [sum(n >= c for c in cuts) for n in numbers]
    # Each bin is labelled with the smallest and largest value that fell in it.
    members: dict[int, list[float]] = {}
    for n, b in zip(numbers, bins):
        members.setdefault(b, []).append(n)
    span = {b: (min(v), max(v)) for b, v in members.items()}
    return [f"{feature} {plain_number(span[b][0])}–{plain_number(span[b][1])}" for b in bins]


@dataclass
class GroupSummary:
    label: str
    count: int
    ok: int
    mean_score: float | None  # over the group's OK cases (None: none is OK)
    mean_relative: float  # over all its cases, a failed one counting 0


@dataclass
class Summary:
    """A run's cases in figures. Raw scores are only ever averaged over OK cases, and always shown
    beside how many failed: a failed case scores 0, which would flatter a lower-wins mean."""

    count: int
    ok: int
    mean_score: float | None  # over the OK cases (None: none is OK)
    mean_relative: float  # over every case, a failed one counting 0
    verdicts: Counter[Any]
    groups: list[GroupSummary]
    worst: list[dict[str, Any]]  # the worst cases first, by the objective: failures, then the lowest relative
    max_seconds: float
    mean_seconds: float
    mean_cpu: float | None = None  # the programs' CPU seconds, when the run measured them
    objective: Objective = Objective.MAX

    @property
    def failed(self) -> Counter[Any]:
        """The cases that are not OK, by verdict."""
        return Counter({v: n for v, n in self.verdicts.items() if v != "OK"})

    @property
    def scripted_mean(self) -> float:
        """The one number for scripts (the last line of ``batch`` and ``batch show``): the mean over
        every case, a failed one counting as the worst score there is (``Objective.failed_value``: 0
        when higher wins, inf when lower wins), as a tuning study counts it. So a script that keeps the
        best last line never takes a run with failures for a good one; tables show the mean over OK
        cases beside the failures instead."""
        if self.count == 0:
            return 0.0
        if self.ok == self.count:
            return self.mean_score or 0.0  # never None: every case is OK
        if self.objective.lower_wins:
            return self.objective.failed_value
        return (self.mean_score or 0.0) * self.ok / self.count

    def failed_text(self) -> str:
        """ "3 failed (TLE 2, WA 1)", or "none failed"."""
        failed = self.failed
        if not failed:
            return "none failed"
        return f"{sum(failed.values())} failed (" + ", ".join(f"{v} {n}" for v, n in sorted(failed.items())) + ")"


# ------------------------------------------------------------------ filters and groups
FILTER = re.compile(r"^\s*(.+?)\s*(<=|>=|!=|==|=|<|>)\s*(.*?)\s*$")
COMPARE = {
    "<=": operator.le,
    ">=": operator.ge,
    "!=": operator.ne,
    "==": operator.eq,
    "=": operator.eq,
    "<": operator.lt,
    ">": operator.gt,
}


def row_filter(text: str, columns: Sequence[str]) -> Callable[[dict[str, Any]], bool]:
    """A test for rows from "NAME OP VALUE" (OP: = != < <= > >=); ValueError says what is wrong.

    Numbers compare as numbers, anything else as text (then only = and != make sense)."""
    match = FILTER.match(text)
    if not match or not match.group(3) or match.group(3)[0] in "<>=!":
        raise ValueError(f"'{text}' is not NAME OP VALUE (OP one of = != < <= > >=), e.g. N>=8")
    name, op, value = match.groups()
    if name not in columns:
        raise ValueError(f"'{text}': no column '{name}' (columns: {', '.join(columns)})")
    wanted = _number(value)
    if op in ("<", "<=", ">", ">=") and math.isnan(wanted):
        raise ValueError(f"'{text}': '{value}' is not a number ({op} compares numbers; = and != compare text too)")
    compare = COMPARE[op]

    def test(row: dict[str, Any]) -> bool:
        have = _number(row.get(name, ""))
        if not math.isnan(wanted) and not math.isnan(have):
            return bool(compare(have, wanted))
        if op in ("<", "<=", ">", ">="):
            return False  # a value that is not a number is outside any range
        return bool(compare(str(row.get(name, "")), value))

    return test


def filtered(rows: Sequence[dict[str, Any]], filters: Sequence[str]) -> list[dict[str, Any]]:
    """The rows that pass every filter (see ``row_filter``)."""
    columns = list(dict.fromkeys(k for r in rows for k in r))
    tests = [row_filter(f, columns) for f in filters]
    return [r for r in rows if all(t(r) for t in tests)]


def default_group(meta: dict[str, Any]) -> str | None:
    """A stored run's default grouping: its first feature ("" when it has none, so reported data,
    which also sits between seed and score, is not taken for one); None for runs that predate the list."""
    features = meta.get("features")
    if not isinstance(features, list):
        return None
    return str(features[0]) if features else ""


def group_column(rows: Sequence[dict[str, Any]], group_by: str | None) -> str | None:
    """The column rows are grouped by: ``group_by`` (ValueError when no row has it; "" for none)
    or, when None, the first column between seed and score."""
    if group_by == "":
        return None
    if group_by:
        columns = list(dict.fromkeys(k for r in rows for k in r))
        if rows and group_by not in columns:
            raise ValueError(f"no column '{group_by}' to group by (columns: {', '.join(columns)})")
        return group_by
    features = feature_names(rows)
    return features[0] if features else None


def _ok(row: dict[str, Any]) -> bool:
    return row.get("verdict") == "OK"


def _mean_or_none(values: Sequence[float]) -> float | None:
    return mean(values) if values else None


def summarize(
    rows: Sequence[dict[str, Any]],
    worst: int = 5,
    group_by: str | None = None,
    objective: Objective | str = Objective.MAX,
) -> Summary:
    objective = Objective.of(objective)
    rows = list(rows)
    if not rows:
        return Summary(0, 0, None, 0.0, Counter(), [], [], 0.0, 0.0, None, objective)
    scores = [exact_score(r["score"]) for r in rows]
    ok = [_ok(r) for r in rows]
    relatives = [_number(r.get("relative", 0)) if ok[i] else 0.0 for i, r in enumerate(rows)]
    seconds = [_number(r.get("time_s", 0)) for r in rows]
    cpu = [_number(r.get("cpu_s")) for r in rows]
    cpu = [c for c in cpu if not math.isnan(c)]
    groups: dict[str, list[int]] = {}
    column = group_column(rows, group_by)
    if column:
        for i, label in enumerate(group_labels(rows, column)):
            groups.setdefault(label, []).append(i)
    group_rows = [
        GroupSummary(
            label,
            len(ix),
            sum(ok[i] for i in ix),
            _mean_or_none([scores[i] for i in ix if ok[i]]),
            mean(relatives[i] for i in ix),
        )
        for label, ix in groups.items()
    ]
    group_rows.sort(key=lambda g: (_number(g.label.split()[-1].split("–")[0]), g.label))
    # Worst first: failures, then the lowest relative score, then the worst raw score by the objective.
    order = sorted(range(len(rows)), key=lambda i: (ok[i], relatives[i], objective.worst_first(scores[i])))
    return Summary(
        len(rows),
        sum(ok),
        _mean_or_none([s for s, good in zip(scores, ok) if good]),
        mean(relatives),
        Counter(r["verdict"] for r in rows),
        group_rows,
        [rows[i] for i in order[:worst]],
        max(seconds),
        mean(seconds),
        _mean_or_none(cpu),
        objective,
    )


# ------------------------------------------------------------------ compare
@dataclass
class CaseDiff:
    """One case of a comparison. Relative scores are against the better of the two runs there
    (a failed case 0), so a case OK in one run and failed in the other is a full point of gain."""

    case: str
    group: str
    score_a: float
    score_b: float
    verdict_a: str
    verdict_b: str
    relative_a: float
    relative_b: float
    objective: Objective = Objective.MAX
    key: str = ""  # the case's key (its input and options): the same case in any run

    @property
    def both_ok(self) -> bool:
        return self.verdict_a == self.verdict_b == "OK"

    @property
    def diff(self) -> float:
        """B - A in relative score."""
        return self.relative_b - self.relative_a

    @property
    def score_gain(self) -> float | None:
        """How much better B's raw score is than A's (positive: B better); None unless both are OK."""
        return self.objective.gain(self.score_a, self.score_b) if self.both_ok else None

    @property
    def gain(self) -> float:
        """How much better B is than A: positive when B wins. A case that is OK beats one that is
        not, whatever the scores."""
        ok_a, ok_b = self.verdict_a == "OK", self.verdict_b == "OK"
        if ok_a != ok_b:
            return math.inf if ok_b else -math.inf
        return self.score_gain or 0.0


@dataclass
class Comparison:
    """B against A on the cases they share. Statistics are on relative scores (against the better
    of the two runs per case, a failed case 0); raw-score means only over the cases OK in both."""

    diffs: list[CaseDiff]  # biggest losses (B below A) first
    only_a: int
    only_b: int
    wins: int
    losses: int
    ties: int
    failed_a: Counter[str]  # shared cases that are not OK in A, by verdict
    failed_b: Counter[Any]
    mean_a: float  # mean relative score of A on the shared cases
    mean_b: float
    mean_diff: float  # mean relative B - A
    ci95: tuple[float, float]
    t_pvalue: float  # paired t-test
    wilcoxon_pvalue: float  # Wilcoxon signed-rank (no normality assumed)
    groups: list[tuple[str, int, float, int, int]]  # label, cases, mean relative diff, wins, losses
    both_ok: int = 0  # shared cases OK in both runs
    raw_mean_a: float | None = None  # mean raw score over the cases OK in both
    raw_mean_b: float | None = None
    objective: Objective = Objective.MAX
    runs_a: int = 1  # runs of a case behind A's per-case means (batch --repeat), the most of any case
    runs_b: int = 1
    noise_a: Noise | None = None  # the noise each run's repeats measured (None: each case ran once)
    noise_b: Noise | None = None
    noise: float | None = None  # half the 95% band the mean relative difference moves in from noise alone
    same_program: str = ""  # what shows both runs ran the same program ("": they did not, or cannot say)
    load_a: float | None = None  # A's wall/CPU ratio when it says the machine was loaded, else None
    load_b: float | None = None

    @property
    def tested(self) -> bool:
        """Whether there are cases enough for the statistics (MIN_SHARED)."""
        return len(self.diffs) >= MIN_SHARED


def failed_text(failed: Counter[Any]) -> str:
    if not failed:
        return "0"
    return f"{sum(failed.values())} (" + ", ".join(f"{v} {n}" for v, n in sorted(failed.items())) + ")"


def load_tests_early() -> threading.Thread:
    """scipy.stats loaded on a thread of its own while the cases run (most of a second of imports,
    which a run of fast programs would otherwise wait for at its end, before its comparison)."""
    loading = threading.Thread(target=importlib.import_module, args=("scipy.stats",), name="load scipy.stats")
    loading.start()  # not a daemon: a run that ends first waits for it rather than exit mid-import
    return loading


def _paired_tests(values: list[float]) -> tuple[tuple[float, float], float, float]:
    """The 95% interval of the mean of ``values`` and its paired t-test and Wilcoxon p-values (nan for
    fewer than MIN_SHARED values)."""

    n = len(values)
    ci, t_p, w_p = (math.nan, math.nan), math.nan, math.nan
    if n < MIN_SHARED:  # never shown (Comparison.tested): nor is scipy loaded for them
        return ci, t_p, w_p
    from scipy import stats

    centre = mean(values)
    if any(v != values[0] for v in values):
        half = stats.t.ppf(0.975, n - 1) * stats.sem(values)
        ci = (centre - half, centre + half)
        t_p = float(stats.ttest_1samp(values, 0.0).pvalue)
        if any(values):
            w_p = float(stats.wilcoxon(values).pvalue)
        return ci, t_p, w_p
    # every case moved by the same amount: no spread, so only its sign matters
    return (centre, centre), (0.0 if centre else 1.0), (float(stats.wilcoxon(values).pvalue) if centre else 1.0)


def compare(
    rows_a: Sequence[dict[str, Any]],
    rows_b: Sequence[dict[str, Any]],
    objective: Objective | str = Objective.MAX,
    group_by: str | None = None,
    meta_a: dict[str, Any] | None = None,
    meta_b: dict[str, Any] | None = None,
) -> Comparison:
    """B against A, case by case (matched by input and options: the ``key`` column).

    Wins and losses follow ``objective``, and a case OK in one run but not in the other is a win
    for the OK run. The mean difference and its tests are over relative scores (see Comparison).
    A case run several times (batch --repeat) is the mean of its runs, so the tests are paired
    tests on per-case means, and the runs' spread gives the noise. ``meta_a`` and ``meta_b`` (the
    runs' run.json) tell a comparison of the same program."""
    objective = Objective.of(objective)
    noise_a, noise_b = noise_of(rows_a), noise_of(rows_b)
    loads = loaded(rows_a), loaded(rows_b)
    rows_a, rows_b = per_case(rows_a), per_case(rows_b)
    by_key_a = {r["key"]: r for r in rows_a}
    by_key_b = {r["key"]: r for r in rows_b}
    shared = [k for k in by_key_a if k in by_key_b]
    common_a = [by_key_a[k] for k in shared]
    column = group_column(common_a, group_by)
    labels = group_labels(common_a, column) if column else ["all"] * len(shared)
    diffs = []
    for key, label in zip(shared, labels):
        a, b = by_key_a[key], by_key_b[key]
        score_a, score_b = exact_score(a["score"]), exact_score(b["score"])
        best = objective.best([s for s, row in ((score_a, a), (score_b, b)) if _ok(row)])
        diffs.append(
            CaseDiff(
                a["case"],
                label,
                score_a,
                score_b,
                a["verdict"],
                b["verdict"],
                objective.relative(score_a, best, _ok(a)),
                objective.relative(score_b, best, _ok(b)),
                objective,
                key,
            )
        )
    values = [d.diff for d in diffs]
    ci, t_p, w_p = _paired_tests(values)
    groups = []
    for label in dict.fromkeys(labels):
        part = [d for d in diffs if d.group == label]
        groups.append(
            (label, len(part), mean(d.diff for d in part), sum(d.gain > 0 for d in part), sum(d.gain < 0 for d in part))
        )
    groups.sort(key=lambda g: (_number(g[0].split()[-1].split("–")[0]), g[0]))
    gains = [d.gain for d in diffs]
    both = [d for d in diffs if d.both_ok]
    runs_a = {k: int(r.get("repeats") or 1) for k, r in by_key_a.items()}
    runs_b = {k: int(r.get("repeats") or 1) for k, r in by_key_b.items()}
    band = noise_band([(d.relative_a, d.relative_b, runs_a[d.key], runs_b[d.key]) for d in both], noise_a, noise_b)
    return Comparison(
        sorted(diffs, key=lambda d: (d.diff, d.gain)),
        len(by_key_a) - len(diffs),
        len(by_key_b) - len(diffs),
        sum(g > 0 for g in gains),
        sum(g < 0 for g in gains),
        sum(g == 0 for g in gains),
        Counter(d.verdict_a for d in diffs if d.verdict_a != "OK"),
        Counter(d.verdict_b for d in diffs if d.verdict_b != "OK"),
        mean(d.relative_a for d in diffs) if diffs else 0.0,
        mean(d.relative_b for d in diffs) if diffs else 0.0,
        mean(values) if values else 0.0,
        ci,
        t_p,
        w_p,
        groups,
        len(both),
        _mean_or_none([d.score_a for d in both]),
        _mean_or_none([d.score_b for d in both]),
        objective,
        max(runs_a.values(), default=1),
        max(runs_b.values(), default=1),
        noise_a,
        noise_b,
        band,
        same_program(meta_a or {}, meta_b or {}),
        *loads,
    )


def noise_lines(
    result: Comparison, name_a: str = "A", name_b: str = "B", measure: str = "", loads: bool = True
) -> list[str]:
    """What a comparison can conclude given noise and load, in lines: whether both runs ran the same
    program (an A/A comparison: every difference is noise), whether the difference is larger than
    the noise the runs' repeats measured (or that the noise is unknown, and ``measure``: how to
    measure it), and which run ran on a loaded machine."""
    lines = []
    low, high = result.ci95
    band = result.noise
    # Whole sentences with {0}-style blanks, so a translation (core.words) may order them its own way.
    if result.same_program:
        spread = band if band is not None else (high - low) / 2 if result.tested else None
        if band is not None:
            said = translate(
                "Noise", "same program ({0} in both runs); differences are noise (±{1}, 95%, from the runs' repeats)"
            )
        elif spread is not None:
            said = translate(
                "Noise", "same program ({0} in both runs); differences are noise (±{1}, this pair's 95% interval)"
            )
        else:
            said = translate("Noise", "same program ({0} in both runs); differences are noise")
        lines.append(said.format(result.same_program, at_scale(spread, spread) if spread is not None else ""))
    elif band is not None:
        larger = abs(result.mean_diff) > band
        measured = [
            translate("Noise", "{0} {1} from {2} runs a case").format(name, percent(n.relative_sd), n.repeats)
            for name, n in ((name_a, result.noise_a), (name_b, result.noise_b))
            if n is not None
        ]
        said = (
            translate(
                "Noise",
                "noise: {0} - {1} {2} is larger than the noise of these programs on these cases "
                "(±{3}, 95%; SD between runs of a case: {4})",
            )
            if larger
            else translate(
                "Noise",
                "noise: {0} - {1} {2} is within the noise of these programs on these cases "
                "(±{3}, 95%; SD between runs of a case: {4})",
            )
        )
        lines.append(
            said.format(name_b, name_a, at_scale(result.mean_diff, band), at_scale(band, band), ", ".join(measured))
            + (
                translate("Noise", "; but a run was loaded (below): the difference may be the load's")
                if larger and (result.load_a or result.load_b)
                else ""
            )
        )
    elif measure:
        lines.append(
            translate("Noise", "noise: unknown (each case ran once in both runs); measure it: {0}").format(measure)
        )
    else:
        lines.append(
            translate("Noise", "noise: unknown (each case ran once in both runs); measure it with batch --repeat 5")
        )
    for name, other, ratio in ((name_a, name_b, result.load_a), (name_b, name_a, result.load_b)) if loads else ():
        if ratio is not None:
            lines.append(f"{loaded_text(name, ratio)}: its time-based scores are not comparable with {other}'s")
    return lines
