"""What the live view has taken from one run of a case, Qt-free: the [SCORE] series and the snapshots.

``take`` moves what the live case (``batch.live_child.ChildLiveCase`` or ``batch.live_case.LiveCase``)
published since the last call into ``series_t``/``series_v`` and ``snapshots``; the view's timer
calls it on the GUI thread and repaints from what it says is new.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from workbench.batch.live import Snapshot
from workbench.core.objective import Objective
from workbench.gui.solver.live_series import GrowingSeries


@dataclass
class Taken:
    """What one ``take`` brought."""

    lines: int = 0  # [SCORE] lines
    snapshots: list[Snapshot] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.lines or self.snapshots)


class LiveRunState:
    """The series and snapshots of the run shown (a new run starts afresh: ``reset``)."""

    def __init__(self) -> None:
        self.series_t, self.series_v = GrowingSeries(), GrowingSeries()
        self.snapshots: list[Snapshot] = []

    def reset(self) -> None:
        self.series_t, self.series_v = GrowingSeries(), GrowingSeries()
        self.snapshots = []

    def take(self, live) -> Taken:
        series, snapshots = live.take()
        for t, value in series:
            self.series_t.append(t)
            self.series_v.append(value)
        self.snapshots.extend(snapshots)
        return Taken(len(series), list(snapshots))

    def scored(self) -> tuple[np.ndarray, np.ndarray]:
        """The times and scores of the snapshots that have an official score."""
        scored = [s for s in self.snapshots if s.score is not None]
        return np.array([s.t for s in scored]), np.array([s.score for s in scored])

    def best(self, objective: Objective) -> float | None:
        """The best official score of a snapshot so far (None: none scored)."""
        return objective.best(s.score for s in self.snapshots if s.score is not None)
