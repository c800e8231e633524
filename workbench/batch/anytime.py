"""A stored run's anytime profile: its mean relative score against time over its cases.

Each case counts from its program's start: 0 (failed) before its first point, then the relative score
of its best point so far (its snapshots' official scores, else its [SCORE] series: ``live``), and
from its end its final relative score, so the profile ends at the run's mean relative score. Relative
scores are against the best-known file the run used (``run.json``'s best_known), or, without it, the
case's own best. The cases' traces come from the run database.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from workbench.core.objective import Objective

from .database import run_traces
from .live import anytime_profile, case_curve
from .results import BestKnown, finite, read_run


@dataclass
class Profile:
    times: list[float]
    means: list[float]  # the mean relative score from each time on
    cases: int
    traced: int  # cases whose program said something live


def run_anytime_profile(folder: Path, database: Path | None = None) -> Profile:
    """The anytime profile of the run in ``folder``; WorkbenchError when it is no run folder."""
    meta, rows = read_run(folder)
    objective = Objective.of(meta.get("objective"))
    traces = run_traces(folder, database)
    known = None
    if meta.get("best_known") and Path(meta["best_known"]).is_file():
        known = BestKnown(Path(meta["best_known"]), objective, frozen=True)
    curves = []
    for row in rows:
        trace = traces.get(row.get("name", ""))
        ok = row.get("verdict") == "OK"
        final = finite(row.get("score")) or 0.0
        best = known.score(row.get("key", "")) if known is not None else None
        if best is None:  # the case's own best: its final score, or its best point
            own = [final] if ok else []
            best = objective.best(own + [v for _, v in (trace.points() if trace else [])])
        curves.append(case_curve(trace, final, ok, finite(row.get("time_s")) or 0.0, best, objective))
    times, means = anytime_profile(curves)
    return Profile(times, means, len(rows), sum(1 for row in rows if row.get("name") in traces))
