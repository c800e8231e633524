"""Cases worth a look, flagged as a run goes: every failure, a case far below its best-known, one
near its time limit.

A flag is decided from a results row (``CaseResult.row()`` or a line of ``results.csv``) and the
run's rule (``FlagRule``): the relative score is the one ``Objective.relative`` gave against the
best-known file (so a lower-wins contest's "far below" is best / score, never score / best), and
the time limit is the program's (a built-in solver spends its budget by design: its time is never
"near the limit"). The rule is made from the run's own description (``FlagRule.of_run``), so the
live table, ``batch show``, the Runs panel and ``batch rerun --filter flagged`` flag alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from workbench.core.objective import Objective

from .report import FILTER, row_filter

BELOW = 0.8  # a relative score under this is "far below the best known"
NEAR_LIMIT = 0.9  # a time over this fraction of the limit is "near the time limit"
FLAGGED = "flagged"  # the filter word for "any flag"
ALIASES = {"time": "time_s", "cpu": "cpu_s"}  # filter names for the columns people type


def _number(value) -> float:
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

    @classmethod
    def of_run(cls, meta: dict, below: float = BELOW, near_limit: float = NEAR_LIMIT) -> "FlagRule":
        """The rule for a run from its run.json: a program's run has a time limit, a solver's none."""
        seconds = meta.get("seconds")
        limit = float(seconds) if meta.get("command") and isinstance(seconds, (int, float)) and seconds > 0 else None
        return cls(below, near_limit, limit, str(meta.get("time_by") or "wall"), Objective.of(meta.get("objective")))

    def flags(self, row: dict) -> list[str]:
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
            used = _number(row.get("cpu_s" if self.time_by == "cpu" else "time_s"))
            if used > self.near_limit * self.limit:
                found.append(f"near the time limit ({used:.2f} s of {self.limit:g} s{' CPU' if self.time_by == 'cpu' else ''})")
        return found

    def text(self, row: dict) -> str:
        return "; ".join(self.flags(row))


def flagged(rows: Sequence[dict], rule: FlagRule) -> list[tuple[dict, list[str]]]:
    """The rows that have a flag, in their order, each with its flags."""
    found = []
    for row in rows:
        flags = rule.flags(row)
        if flags:
            found.append((row, flags))
    return found


def case_test(text: str, rows: Sequence[dict], rule: FlagRule) -> Callable[[dict], bool]:
    """A test for rows from a filter: ``flagged`` (any flag), or NAME OP VALUE on any column of the
    rows (``time`` and ``cpu`` name time_s and cpu_s). ValueError says what is wrong with it."""
    words = text.strip()
    if words.lower() == FLAGGED:
        return lambda row: bool(rule.flags(row))
    columns = list(dict.fromkeys(k for r in rows for k in r))
    match = FILTER.match(words)
    if match and match.group(1) in ALIASES and match.group(1) not in columns:
        words = ALIASES[match.group(1)] + words[match.end(1):]
    try:
        return row_filter(words, columns)
    except ValueError as error:
        if not any(op in words for op in "=<>"):
            raise ValueError(f"'{text}' is neither '{FLAGGED}' nor NAME OP VALUE (OP one of = != < <= > >=), "
                             "e.g. verdict!=OK, relative<0.9, time>1.5") from None
        raise ValueError(str(error).replace(f"'{words}'", f"'{text.strip()}'")) from None


def matching(rows: Sequence[dict], filters: Sequence[str], rule: FlagRule) -> list[dict]:
    """The rows every filter holds for (see ``case_test``)."""
    tests = [case_test(text, rows, rule) for text in filters]
    return [row for row in rows if all(test(row) for test in tests)]
