"""Summaries of a batch and comparisons of two: plain data, shown by the CLI and the Runs panel.

Rows are dicts with at least ``score`` and ``verdict`` (a ``CaseResult.row()`` or
a line of ``results.csv``); features are the columns between ``seed`` and
``score``. Cases are grouped by the puzzle's first feature: by value when it
takes a few whole-number values (ahc011's N), else by quartile ranges.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from statistics import mean
from typing import Sequence

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


def summarize(rows: Sequence[dict], worst: int = 5) -> Summary:
    rows = list(rows)
    if not rows:
        return Summary(0, 0.0, 0.0, Counter(), [], [], 0.0, 0.0)
    scores = [_number(r["score"]) for r in rows]
    relatives = [_number(r.get("relative", 0)) for r in rows]
    seconds = [_number(r.get("time_s", 0)) for r in rows]
    groups: dict[str, list[int]] = {}
    features = feature_names(rows)
    if features:
        for i, label in enumerate(group_labels(rows, features[0])):
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

    @property
    def diff(self) -> float:
        return self.score_b - self.score_a


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


def compare(rows_a: Sequence[dict], rows_b: Sequence[dict]) -> Comparison:
    """B against A, case by case (matched by input and options: the ``key`` column)."""
    from scipy import stats

    by_key_a = {r["key"]: r for r in rows_a}
    by_key_b = {r["key"]: r for r in rows_b}
    shared = [k for k in by_key_a if k in by_key_b]
    common_a = [by_key_a[k] for k in shared]
    features = feature_names(common_a)
    labels = group_labels(common_a, features[0]) if features else ["all"] * len(shared)
    diffs = [CaseDiff(by_key_a[k]["case"], label, _number(by_key_a[k]["score"]), _number(by_key_b[k]["score"]),
                      by_key_a[k]["verdict"], by_key_b[k]["verdict"]) for k, label in zip(shared, labels)]
    values = [d.diff for d in diffs]
    n = len(values)
    mean_diff = mean(values) if values else 0.0
    ci, t_p, w_p = (math.nan, math.nan), math.nan, math.nan
    if n >= 2 and any(v != values[0] for v in values):
        sem = stats.sem(values)
        half = stats.t.ppf(0.975, n - 1) * sem
        ci = (mean_diff - half, mean_diff + half)
        t_p = float(stats.ttest_rel([d.score_b for d in diffs], [d.score_a for d in diffs]).pvalue)
        if any(values):
            w_p = float(stats.wilcoxon(values).pvalue)
    elif n >= 2:  # every case moved by the same amount: no spread, so only its sign matters
        ci, t_p = (mean_diff, mean_diff), (0.0 if mean_diff else 1.0)
        w_p = float(stats.wilcoxon(values).pvalue) if mean_diff else 1.0
    groups = []
    for label in dict.fromkeys(labels):
        part = [d.diff for d in diffs if d.group == label]
        groups.append((label, len(part), mean(part), sum(v > 0 for v in part), sum(v < 0 for v in part)))
    groups.sort(key=lambda g: (_number(g[0].split()[-1].split("–")[0]), g[0]))
    return Comparison(sorted(diffs, key=lambda d: d.diff), len(by_key_a) - n, len(by_key_b) - n,
                      sum(v > 0 for v in values), sum(v < 0 for v in values), sum(v == 0 for v in values),
                      mean(d.score_a for d in diffs) if diffs else 0.0,
                      mean(d.score_b for d in diffs) if diffs else 0.0, mean_diff, ci, t_p, w_p, groups)
