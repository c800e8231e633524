"""Standings across runs, as AtCoder ranks submissions: every run of a puzzle on the cases they share.

For each case the best score of all the runs (by the objective) sets the scale: a run's relative
score there is score / best ("min": best / score), 0 when the case is not OK. Per run: the mean
relative score (AHC's ranking, shown per case), the rank score (per case, the share of the other
runs it beats), #Best (cases where it has the best score), #Unique (where it alone has it), Gain
(how much the best-of-all relative score would drop without it) and the mean score with its
standard deviation. Plain data for the command line and the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import mean, pstdev
from typing import Sequence

from .report import filtered


@dataclass
class Standing:
    run: dict  # the run database's row: id, folder, label, comment, started, ...
    cases: int
    relative: float  # mean relative score
    rank: float  # mean rank score, 1.0 = best on every case
    best: int
    unique: int
    gain: float
    mean: float
    sd: float
    ok: int


@dataclass
class Standings:
    rows: list[Standing]  # best mean relative first
    cases: int  # how many cases the runs share (after filters)


def _better(a: float, b: float, objective: str) -> bool:
    return a > b if objective == "max" else a < b


def _relative(score: float, best: float | None, objective: str) -> float:
    if best is None:
        return 0.0
    if objective == "max":
        return 1.0 if best <= 0 else score / best
    return 1.0 if score <= 0 else best / score


def standings(runs: Sequence[dict], cases: dict[int, list[dict]], objective: str = "max",
              filters: Sequence[str] = ()) -> Standings:
    """``runs`` (database rows) and each one's case rows (by run id): the standings on the cases every
    one of them ran (matched by input and options), after ``filters`` ("N>=8")."""
    by_run = {}
    for run in runs:
        rows = filtered(cases.get(run["id"], []), filters) if filters else cases.get(run["id"], [])
        by_run[run["id"]] = {r["key"]: r for r in rows}
    shared = set.intersection(*(set(rows) for rows in by_run.values())) if by_run else set()
    keys = sorted(shared)
    ok_scores = {key: {rid: float(rows[key]["score"]) for rid, rows in by_run.items()
                       if rows[key]["verdict"] == "OK"} for key in keys}
    best = {}
    for key, scores in ok_scores.items():
        values = list(scores.values())
        best[key] = (max(values) if objective == "max" else min(values)) if values else None
    table = []
    for run in runs:
        rid = run["id"]
        rows = by_run[rid]
        relatives, ranks, gains, scores = [], [], [], []
        best_count = unique = ok = 0
        for key in keys:
            scored = ok_scores[key]
            mine = scored.get(rid)
            scores.append(float(rows[key]["score"]))
            relatives.append(_relative(mine, best[key], objective) if mine is not None else 0.0)
            others = [s for r, s in scored.items() if r != rid]
            if mine is not None:
                ok += 1
                worse = sum(1 for s in others if _better(mine, s, objective)) + (len(by_run) - len(scored))
                ranks.append(worse / (len(by_run) - 1) if len(by_run) > 1 else 1.0)
                if mine == best[key]:
                    best_count += 1
                    unique += all(s != mine for s in others)
                    without = (max(others) if objective == "max" else min(others)) if others else None
                    gains.append(1.0 - _relative(without, mine, objective) if without is not None else 1.0)
                else:
                    gains.append(0.0)
            else:
                ranks.append(0.0)
                gains.append(0.0)
        table.append(Standing(run, len(keys), mean(relatives) if keys else 0.0, mean(ranks) if keys else 0.0,
                              best_count, unique, mean(gains) if keys else 0.0,
                              mean(scores) if scores else 0.0, pstdev(scores) if len(scores) > 1 else 0.0, ok))
    table.sort(key=lambda s: (-s.relative, -s.rank, s.run["id"]))
    return Standings(table, len(keys))

