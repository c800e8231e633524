"""Cases worth a look, flagged as a run goes: every failure, a case far below its best-known, one
near its time limit for this program.

A flag is decided from a results row (``CaseResult.row()`` or a line of ``results.csv``) and the
run's rule (``FlagRule``): the relative score is the one ``Objective.relative`` gave against the
best-known file (so a lower-wins contest's "far below" is best / score, never score / best), and
the time limit is the program's (a built-in solver spends its budget by design: its time is never
"near the limit"). The rule is made from the run's own description (``FlagRule.of_run``), so the
live table, ``batch show``, the Runs panel and ``batch rerun --filter flagged`` flag alike.

"Near the time limit" is near it *for this program* (``NEAR_RULE``): a time-based program uses its
whole budget on every case (4.83 s of 5 s, as AHC programs do), which is no anomaly. A case is
flagged when it is past ``PAST_LIMIT`` of the limit, or past ``near_limit`` of it and standing out
from the run's own times: above their median by more than ``OUTLIER_SPREADS`` robust standard
deviations (1.4826 x the median absolute deviation, the usual outlier rule that one slow case cannot
drag) and by more than ``MIN_JUMP`` of the limit (a program whose times barely vary has a tiny MAD).
The run's times are given with ``among`` (every row of a stored run; the rows so far as it runs).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from workbench.core.objective import Objective

from .report import FILTER, row_filter

BELOW = 0.8  # a relative score under this is "far below the best known"
NEAR_LIMIT = 0.9  # a time over this fraction of the limit may be "near the time limit" (if it stands out)
PAST_LIMIT = 0.98  # a time over this fraction of the limit is near it, however the program's others went
OUTLIER_SPREADS = 3.5  # robust standard deviations above the run's median time that stand out
MIN_JUMP = 0.05  # ... and at least this fraction of the limit above it
NORMAL_MAD = 1.482602218505602  # MAD x this estimates a normal SD (1 / the normal's 3/4 quantile, as scipy's "normal")
NEAR_RULE = (
    f"past {PAST_LIMIT:g} of the limit, or past --flag-near-limit of it and standing out from the run's "
    f"own times (above their median by more than {OUTLIER_SPREADS:g} robust SDs, 1.4826 x MAD, and "
    f"{MIN_JUMP:.0%} of the limit): a program that always uses its budget flags nothing for time"
)
FLAGGED = "flagged"  # the filter word for "any flag"
ALIASES = {"time": "time_s", "cpu": "cpu_s"}  # filter names for the columns people type


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def check_fraction(name: str, value: float) -> float:
    """``value`` when it is a fraction in (0, 1]-ish terms a flag can use; ValueError otherwise."""
    if not (0 < value <= 10):  # also refuses nan; a frozen best lets relative pass 1
        raise ValueError(f"{name} must be a positive fraction (e.g. 0.8), got {value}")
    return value


@dataclass(frozen=True)
class FlagRule:
    below: float = BELOW
    near_limit: float = NEAR_LIMIT
    limit: float | None = None  # the program's time limit in seconds; None: no limit to be near
    time_by: str = "wall"  # which time the limit judges: "wall" (time_s) or "cpu" (cpu_s)
    objective: Objective = Objective.MAX
    median: float | None = None  # the run's typical time (``among``); None: not known, only PAST_LIMIT flags
    spread: float = 0.0  # its robust standard deviation (NORMAL_MAD x the median absolute deviation)

    @classmethod
    def of_run(cls, meta: dict[str, Any], below: float = BELOW, near_limit: float = NEAR_LIMIT) -> FlagRule:
        """The rule for a run from its run.json: a program's run has a time limit, a solver's none."""
        seconds = meta.get("seconds")
        limit = float(seconds) if meta.get("command") and isinstance(seconds, (int, float)) and seconds > 0 else None
        return cls(below, near_limit, limit, str(meta.get("time_by") or "wall"), Objective.of(meta.get("objective")))

    def _used(self, row: dict[str, Any]) -> float:
        return _number(row.get("cpu_s" if self.time_by == "cpu" else "time_s"))

    def among(self, rows: Sequence[dict[str, Any]]) -> FlagRule:
        """The rule with the run's own times (of ``rows`` not past the limit): what stands out in them."""
        if self.limit is None:
            return self
        times = np.array([self._used(row) for row in rows if str(row.get("verdict", "")) != "TLE"], dtype=float)
        times = times[np.isfinite(times)]
        if times.size == 0:
            return replace(self, median=None, spread=0.0)
        median = float(np.median(times))
        return replace(self, median=median, spread=NORMAL_MAD * float(np.median(np.abs(times - median))))

    def near_limit_flag(self, used: float) -> str:
        """Why ``used`` seconds is near the limit for this program ("" when it is not)."""
        limit = self.limit
        if limit is None:
            return ""
        unit = " CPU" if self.time_by == "cpu" else ""
        if used > PAST_LIMIT * limit:
            return f"near the time limit ({used:.2f} s of {limit:g} s{unit})"
        if self.median is None or not used > self.near_limit * limit:
            return ""
        if used - self.median > max(OUTLIER_SPREADS * self.spread, MIN_JUMP * limit):
            return f"near the time limit ({used:.2f} s of {limit:g} s{unit}; the run's median {self.median:.2f} s)"
        return ""

    def near_text(self) -> str:
        """The near-limit rule with this run's numbers ("" for a run with no time limit)."""
        if self.limit is None:
            return ""
        limit, unit = self.limit, " CPU" if self.time_by == "cpu" else ""
        text = f"near the time limit means past {PAST_LIMIT * limit:.2f} s{unit} ({PAST_LIMIT:g} of {limit:g} s)"
        if self.median is None:
            return text
        jump = max(OUTLIER_SPREADS * self.spread, MIN_JUMP * limit)
        return (
            f"{text}, or past {self.near_limit * limit:.2f} s ({self.near_limit:g} of it) and above the run's "
            f"median {self.median:.2f} s by more than {jump:.2f} s (the larger of {OUTLIER_SPREADS:g} x "
            f"1.4826 x MAD and {MIN_JUMP:.0%} of the limit)"
        )

    def flags(self, row: dict[str, Any]) -> list[str]:
        """What is worth a look in this case, in words ([] for a case that is fine)."""
        found = []
        verdict = str(row.get("verdict", ""))
        if verdict != "OK":
            found.append(f"failed ({verdict})")
        else:
            relative = _number(row.get("relative"))
            if relative < self.below:  # nan (no relative) is never below
                found.append(f"far below best-known (relative {relative:.4f} < {self.below:g})")
        if self.limit is not None and verdict != "TLE":  # a TLE is past the limit, and said above
            near = self.near_limit_flag(self._used(row))
            if near:
                found.append(near)
        return found

    def text(self, row: dict[str, Any]) -> str:
        return "; ".join(self.flags(row))


def flagged(rows: Sequence[dict[str, Any]], rule: FlagRule) -> list[tuple[dict[str, Any], list[str]]]:
    """The rows that have a flag, in their order, each with its flags (times against the rows' own)."""
    rule = rule.among(rows)
    found = []
    for row in rows:
        flags = rule.flags(row)
        if flags:
            found.append((row, flags))
    return found


def case_test(text: str, rows: Sequence[dict[str, Any]], rule: FlagRule) -> Callable[[dict[str, Any]], bool]:
    """A test for rows from a filter: ``flagged`` (any flag), or NAME OP VALUE on any column of the
    rows (``time`` and ``cpu`` name time_s and cpu_s). ValueError says what is wrong with it."""
    words = text.strip()
    if words.lower() == FLAGGED:
        rule = rule.among(rows)
        return lambda row: bool(rule.flags(row))
    columns = list(dict.fromkeys(k for r in rows for k in r))
    match = FILTER.match(words)
    if match and match.group(1) in ALIASES and match.group(1) not in columns:
        words = ALIASES[match.group(1)] + words[match.end(1) :]
    try:
        return row_filter(words, columns)
    except ValueError as error:
        if not any(op in words for op in "=<>"):
            raise ValueError(
                f"'{text}' is neither '{FLAGGED}' nor NAME OP VALUE (OP one of = != < <= > >=), "
                "e.g. verdict!=OK, relative<0.9, time>1.5"
            ) from None
        raise ValueError(str(error).replace(f"'{words}'", f"'{text.strip()}'")) from None


def matching(rows: Sequence[dict[str, Any]], filters: Sequence[str], rule: FlagRule) -> list[dict[str, Any]]:
    """The rows every filter holds for (see ``case_test``)."""
    tests = [case_test(text, rows, rule) for text in filters]
    return [row for row in rows if all(test(row) for test in tests)]


class LiveFlags:
    """Flags as a run's rows come (the live table, the Runs panel): a time against the times of the
    cases finished before it (the first case: only past PAST_LIMIT), their median refreshed at every
    row while they are few, then every ``REFRESH`` rows."""

    REFRESH = 64

    def __init__(self, rule: FlagRule):
        self.rule = rule
        self.current = replace(rule, median=None)
        self.seen: list[dict[str, Any]] = []

    def flags(self, row: dict[str, Any]) -> list[str]:
        found = self.current.flags(row)
        self.seen.append({name: row.get(name) for name in ("verdict", "time_s", "cpu_s")})
        if len(self.seen) <= self.REFRESH or len(self.seen) % self.REFRESH == 0:
            self.current = self.rule.among(self.seen)
        return found
