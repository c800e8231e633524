"""Which way a contest's scores are better: the one place that decides it.

Puzzles and contests both name their objective ("max": higher scores win, every AtCoder-style
contest so far; "min": lower scores win, fewest moves). Every summary, the best-known file,
standings, comparisons, tuning, the live table, the solver panel and the solver job compare
scores through this type, so a lower-wins contest is never ranked by a higher-wins rule.

A case that is not OK is never good: its relative score is 0 whatever the objective (a failed
case scores 0, which a lower-wins rule would otherwise call the best there is).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import Enum

from .limits import is_finite


class Objective(str, Enum):
    MAX = "max"
    MIN = "min"

    @classmethod
    def of(cls, value: Objective | str | None) -> Objective:
        """The objective ``value`` names ("max", "Max", an Objective; None: "max"); ValueError otherwise."""
        if isinstance(value, Objective):
            return value
        text = "max" if value is None else str(value).strip().lower()
        try:
            return cls(text)
        except ValueError:
            raise ValueError(f'an objective is "max" (higher scores win) or "min" (lower win), not {value!r}') from None

    def __str__(self) -> str:
        return self.value

    @property
    def lower_wins(self) -> bool:
        return self is Objective.MIN

    @property
    def words(self) -> str:
        return "lower scores win" if self.lower_wins else "higher scores win"

    @property
    def optuna_direction(self) -> str:
        return "minimize" if self.lower_wins else "maximize"

    def better(self, score: float, than: float | None) -> bool:
        """Whether ``score`` is strictly better than ``than`` (anything beats None)."""
        if than is None:
            return True
        return score < than if self.lower_wins else score > than

    def best(self, scores: Iterable[float]) -> float | None:
        """The best of ``scores`` (None when there are none)."""
        values = list(scores)
        if not values:
            return None
        return min(values) if self.lower_wins else max(values)

    def gain(self, before: float, after: float) -> float:
        """How much better ``after`` is than ``before``: positive when it is better."""
        return before - after if self.lower_wins else after - before

    def relative(self, score: float, best: float | None, ok: bool = True) -> float:
        """AHC's relative score: score / best when higher wins, best / score when lower wins; 1.0 is
        the best known. A case that is not OK, or that has no best to compare with, gets 0."""
        if not ok or best is None or not is_finite(score):
            return 0.0
        if self.lower_wins:
            return 1.0 if score <= 0 else best / score
        return 1.0 if best <= 0 else score / best

    def worst_first(self, score: float) -> float:
        """A sort key that puts the worst score first."""
        return -score if self.lower_wins else score

    def best_first(self, score: float) -> float:
        """A sort key that puts the best score first."""
        return score if self.lower_wins else -score

    @property
    def failed_value(self) -> float:
        """What a failed case counts as where a raw score must stand for it (a tuning study's
        value): the worst there is."""
        return math.inf if self.lower_wins else 0.0
