"""Summaries of a batch and comparisons of two: plain data, shown by the CLI and the Runs panel.

Rows are dicts with at least ``score`` and ``verdict`` (a ``CaseResult.row()`` or
a line of ``results.csv``); features are the columns between ``seed`` and
``score``. Cases are grouped by the puzzle's first feature: by value when it
takes a few whole-number values (ahc011's N), else by quartile ranges.
"""

from __future__ import annotations

import math
import operator
import re
from collections import Counter
from dataclasses import dataclass
from statistics import mean
from typing import Callable, Sequence

from .results import RESULT_COLUMNS, plain_number

FEW_VALUES = 8  # a whole-number feature with at most this many values groups by value


def feature_names(rows: Sequence[dict]) -> list[str]:
    for row in rows:  # a case whose input could not be read has no features: skip it
        names = list(row)
        start = names.index("seed") + 1 if "seed" in names else 0
        end = names.index("score") if "score" in names else len(names)
        features = [n for n in names[start:end] if n not in RESULT_COLUMNS]
        if features:
            return features
    return []


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def group_labels(rows: Sequence[dict], feature: str) -> list[str]:
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
    mean_score: float
    mean_relative: float


@dataclass
class Summary:
    count: int
    mean_score: float
    mean_relative: float
    verdicts: Counter
    groups: list[GroupSummary]
    worst: list[dict]  # the lowest relative scores first
    max_seconds: float
    mean_seconds: float


# ------------------------------------------------------------------ filters and groups
FILTER = re.compile(r"^\s*(.+?)\s*(<=|>=|!=|==|=|<|>)\s*(.*?)\s*$")
COMPARE = {"<=": operator.le, ">=": operator.ge, "!=": operator.ne, "==": operator.eq, "=": operator.eq,
           "<": operator.lt, ">": operator.gt}


def row_filter(text: str, columns: Sequence[str]) -> Callable[[dict], bool]:
    """A test for rows from "NAME OP VALUE" (OP: = != < <= > >=); ValueError says what is wrong.

    Numbers compare as numbers, anything else as text (then only = and != make sense)."""
    match = FILTER.match(text)
    if not match or not match.group(3) or match.group(3)[0] in "<>=!":
        raise ValueError(f"'{text}' is not NAME OP VALUE (OP one of = != < <= > >=), e.g. N>=8")
    name, op, value = match.groups()
    if name not in columns:
        raise ValueError(f"'{text}': no column '{name}' (columns: {', '.join(columns)})")
    wanted = _number(value)
    compare = COMPARE[op]

    def test(row: dict) -> bool:
        have = _number(row.get(name, ""))
        if not math.isnan(wanted) and not math.isnan(have):
            return compare(have, wanted)
        if op in ("<", "<=", ">", ">="):
            return False  # a value that is not a number is outside any range
        return compare(str(row.get(name, "")), value)

    return test


def filtered(rows: Sequence[dict], filters: Sequence[str]) -> list[dict]:
    """The rows that pass every filter (see ``row_filter``)."""
    columns = list(dict.fromkeys(k for r in rows for k in r))
    tests = [row_filter(f, columns) for f in filters]
    return [r for r in rows if all(t(r) for t in tests)]


def default_group(meta: dict) -> str | None:
    """A stored run's default grouping: its first feature ("" when it has none, so reported data,
    which also sits between seed and score, is not taken for one); None for runs that predate the list."""
    features = meta.get("features")
    if not isinstance(features, list):
        return None
    return str(features[0]) if features else ""


def group_column(rows: Sequence[dict], group_by: str | None) -> str | None:
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


def summarize(rows: Sequence[dict], worst: int = 5, group_by: str | None = None) -> Summary:
    rows = list(rows)
    if not rows:
        return Summary(0, 0.0, 0.0, Counter(), [], [], 0.0, 0.0)
    scores = [_number(r["score"]) for r in rows]
    relatives = [_number(r.get("relative", 0)) for r in rows]
    seconds = [_number(r.get("time_s", 0)) for r in rows]
    groups: dict[str, list[int]] = {}
    column = group_column(rows, group_by)
    if column:
        for i, label in enumerate(group_labels(rows, column)):
            groups.setdefault(label, []).append(i)
    group_rows = [GroupSummary(label, len(ix), mean(scores[i] for i in ix), mean(relatives[i] for i in ix))
                  for label, ix in groups.items()]
    group_rows.sort(key=lambda g: (_number(g.label.split()[-1].split("–")[0]), g.label))
    order = sorted(range(len(rows)), key=lambda i: (relatives[i], scores[i]))
    return Summary(len(rows), mean(scores), mean(relatives), Counter(r["verdict"] for r in rows),
                   group_rows, [rows[i] for i in order[:worst]], max(seconds), mean(seconds))


# ------------------------------------------------------------------ compare
@dataclass
class CaseDiff:
    case: str
    group: str
    score_a: float
    score_b: float
    verdict_a: str
    verdict_b: str
    objective: str = "max"

    @property
    def diff(self) -> float:
        return self.score_b - self.score_a

    @property
    def gain(self) -> float:
        """How much better B is than A: positive when B wins. A case that is OK beats one that is not,
        whatever the scores (a WA scores 0, which a "min" contest would otherwise count as best)."""
        ok_a, ok_b = self.verdict_a == "OK", self.verdict_b == "OK"
        if ok_a != ok_b:
            return math.inf if ok_b else -math.inf
        return self.diff if self.objective == "max" else -self.diff


@dataclass
class Comparison:
    diffs: list[CaseDiff]  # biggest losses (B below A) first
    only_a: int
    only_b: int
    wins: int
    losses: int
    ties: int
    mean_a: float
    mean_b: float
    mean_diff: float
    ci95: tuple[float, float]
    t_pvalue: float  # paired t-test
    wilcoxon_pvalue: float  # Wilcoxon signed-rank (no normality assumed)
    groups: list[tuple[str, int, float, int, int]]  # label, cases, mean diff, wins, losses


def compare(rows_a: Sequence[dict], rows_b: Sequence[dict], objective: str = "max",
            group_by: str | None = None) -> Comparison:
    """B against A, case by case (matched by input and options: the ``key`` column).

    Wins and losses follow ``objective``; the mean difference and its tests are over raw scores
    (B - A), for a "min" contest over the cases OK in both runs."""
    from scipy import stats

    by_key_a = {r["key"]: r for r in rows_a}
    by_key_b = {r["key"]: r for r in rows_b}
    shared = [k for k in by_key_a if k in by_key_b]
    common_a = [by_key_a[k] for k in shared]
    column = group_column(common_a, group_by)
    labels = group_labels(common_a, column) if column else ["all"] * len(shared)
    diffs = [CaseDiff(by_key_a[k]["case"], label, _number(by_key_a[k]["score"]), _number(by_key_b[k]["score"]),
                      by_key_a[k]["verdict"], by_key_b[k]["verdict"], objective) for k, label in zip(shared, labels)]
    counted = diffs if objective == "max" else [d for d in diffs if d.verdict_a == d.verdict_b == "OK"]
    values = [d.diff for d in counted]
    n = len(values)
    mean_diff = mean(values) if values else 0.0
    ci, t_p, w_p = (math.nan, math.nan), math.nan, math.nan
    if n >= 2 and any(v != values[0] for v in values):
        sem = stats.sem(values)
        half = stats.t.ppf(0.975, n - 1) * sem
        ci = (mean_diff - half, mean_diff + half)
        t_p = float(stats.ttest_rel([d.score_b for d in counted], [d.score_a for d in counted]).pvalue)
        if any(values):
            w_p = float(stats.wilcoxon(values).pvalue)
    elif n >= 2:  # every case moved by the same amount: no spread, so only its sign matters
        ci, t_p = (mean_diff, mean_diff), (0.0 if mean_diff else 1.0)
        w_p = float(stats.wilcoxon(values).pvalue) if mean_diff else 1.0
    groups = []
    for label in dict.fromkeys(labels):
        part = [d for d in diffs if d.group == label]
        numeric = [d.diff for d in part if d in counted] or [0.0]
        groups.append((label, len(part), mean(numeric), sum(d.gain > 0 for d in part), sum(d.gain < 0 for d in part)))
    groups.sort(key=lambda g: (_number(g[0].split()[-1].split("–")[0]), g[0]))
    gains = [d.gain for d in diffs]
    return Comparison(sorted(diffs, key=lambda d: (d.gain, d.diff)), len(by_key_a) - len(diffs),
                      len(by_key_b) - len(diffs), sum(g > 0 for g in gains), sum(g < 0 for g in gains),
                      sum(g == 0 for g in gains),
                      mean(d.score_a for d in counted) if counted else 0.0,
                      mean(d.score_b for d in counted) if counted else 0.0, mean_diff, ci, t_p, w_p, groups)
