"""Noise: how far a program's score moves on the same case from one run to the next, and what a
comparison of two runs can conclude given it.

A time-based program (a beam search that stops at its budget) scores differently on the same seed
every run. ``batch --repeat K`` runs each case K times (rows with the same key, ``repeat`` 1..K);
``per_case`` folds them into one row per case (the mean of the runs), which comparisons and
standings use, and ``noise_of`` measures the spread within a case: the pooled within-case standard
deviation (the residual SD of a one-way ANOVA with the case as the factor), in raw score and as a
fraction of the case's mean. A comparison turns it into the band its mean relative difference
would move by from noise alone (``noise_band``).

The load of the machine is read from the same rows: the programs' wall time against their CPU
time (``load_ratio``); a run at LOADED or above waited for a core, so its time-based scores are
not comparable with a run that did not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .results import exact_text, significant

LOADED = 1.5  # the programs' wall time over their CPU time at or above this: the run waited for a core
LOAD_MIN_CPU = 0.5  # CPU seconds of a run's programs below which their ratio says nothing
MIN_SHARED = 3  # cases a comparison needs for its statistics
Z95 = 1.959963984540054  # the normal distribution's 97.5% point: a 95% band


def _fmean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def _sd(values: Sequence[float], centre: float) -> float:
    """The sample standard deviation (n - 1) of ``values`` about their mean ``centre``."""
    return math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (len(values) - 1))


def repeated(rows: Sequence[dict[str, Any]]) -> bool:
    """Whether any case of ``rows`` ran more than once (a run made with --repeat)."""
    keys = [r["key"] for r in rows]
    return len(set(keys)) < len(keys)


def per_case(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per case (by key), in the order cases first appear: a case that ran several times is
    the mean of its runs (score, relative score, times), ``repeats`` saying how many; it is OK only
    when every run was, else it has the verdict of its first failed run, and its message says how
    many failed (a case that fails one run in three is not one to trust)."""
    if not repeated(rows):
        return list(rows)
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(row["key"], []).append(row)
    folded = []
    for group in groups.values():
        if len(group) == 1:
            folded.append(group[0])
            continue
        row = dict(group[0])
        failed = [r for r in group if r["verdict"] != "OK"]
        row["repeats"] = str(len(group))
        if failed:
            row.update(
                score=failed[0]["score"],
                verdict=failed[0]["verdict"],
                message=f"{len(failed)} of {len(group)} runs failed: {failed[0].get('message', '')}",
            )
        else:
            row["score"] = exact_text(_fmean([float(r["score"]) for r in group]))
        for column in ("relative", "time_s", "cpu_s"):
            values = [float(r[column]) for r in group if r.get(column) not in (None, "")]
            if column == "relative":
                values = [float(r[column] or 0) if r["verdict"] == "OK" else 0.0 for r in group]
            row[column] = exact_text(_fmean(values)) if values else ""
        folded.append(row)
    return folded


@dataclass(frozen=True)
class CaseNoise:
    key: str
    case: str
    runs: int  # OK runs of the case
    mean: float
    sd: float  # sample SD of its runs' scores


@dataclass(frozen=True)
class Noise:
    """The spread of scores within a case, pooled over the cases that ran OK at least twice."""

    repeats: int  # runs a case (the most any case had)
    cases: list[CaseNoise]
    sd: float  # pooled within-case SD of the raw score
    relative_sd: float  # pooled within-case SD of score / the case's mean (0.004: 0.4 % of the score)

    @property
    def degrees(self) -> int:
        """The pooled estimate's degrees of freedom: sum over cases of (runs - 1)."""
        return sum(c.runs - 1 for c in self.cases)

    def meta(self) -> dict[str, Any]:
        """What run.json keeps (the run database keeps run.json's text)."""
        return {
            "repeats": self.repeats,
            "cases": len(self.cases),
            "sd": self.sd,
            "relative_sd": self.relative_sd,
            "method": "pooled within-case sample SD (one-way ANOVA residual)",
        }

    def text(self) -> str:
        return (
            f"SD {percent(self.relative_sd)} of the score ({significant(self.sd, 4)} raw) "
            f"between runs of a case, from {self.repeats} runs of each of {len(self.cases)} cases"
        )


def percent(fraction: float) -> str:
    return f"{fraction * 100:.2g}%" if fraction < 0.01 else f"{fraction * 100:.3g}%"


def noise_of(rows: Sequence[dict[str, Any]]) -> Noise | None:
    """The noise the repeated runs of ``rows`` show, or None when no case ran OK twice.

    Pooled variance: sum over cases of (n - 1) s^2, over sum of (n - 1); each case's scores are
    also divided by its mean for the relative figure (cases whose mean is 0 are left out of it)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(row["key"], []).append(row)
    cases = []
    for key, group in groups.items():
        scores = [float(r["score"]) for r in group if r["verdict"] == "OK"]
        if len(scores) >= 2:
            centre = _fmean(scores)
            cases.append(CaseNoise(key, str(group[0]["case"]), len(scores), centre, _sd(scores, centre)))
    if not cases:
        return None
    degrees = sum(c.runs - 1 for c in cases)
    pooled = math.sqrt(math.fsum((c.runs - 1) * c.sd**2 for c in cases) / degrees)
    scaled = [c for c in cases if c.mean != 0]
    relative = (
        math.sqrt(math.fsum((c.runs - 1) * (c.sd / c.mean) ** 2 for c in scaled) / sum(c.runs - 1 for c in scaled))
        if scaled
        else math.nan
    )
    return Noise(max(len(g) for g in groups.values()), cases, pooled, relative)


def noise_band(
    pairs: Sequence[tuple[float, float, int, int]], noise_a: Noise | None, noise_b: Noise | None
) -> float | None:
    """Half the 95% band the mean relative difference B - A moves in from noise alone, or None when
    neither run measured its noise.

    ``pairs``: per shared case, the relative scores of A and B and how many runs each mean is of.
    A relative score r moves with its score by r * (SD / mean), so a case adds
    r_A^2 cv_A^2 / k_A + r_B^2 cv_B^2 / k_B to the variance of the difference (cv: the run's pooled
    relative SD; a run that did not measure its own is taken to be as noisy as the other)."""
    cv_a = noise_a.relative_sd if noise_a else None
    cv_b = noise_b.relative_sd if noise_b else None
    if cv_a is None and cv_b is None:
        return None
    cv_a = cv_b if cv_a is None or math.isnan(cv_a) else cv_a
    cv_b = cv_a if cv_b is None or math.isnan(cv_b) else cv_b
    if not pairs or cv_a is None or cv_b is None or math.isnan(cv_a):  # None: one nan, the other unmeasured
        return None
    variance = math.fsum(ra**2 * cv_a**2 / ka + rb**2 * cv_b**2 / kb for ra, rb, ka, kb in pairs)
    return Z95 * math.sqrt(variance) / len(pairs)


def load_ratio(rows: Sequence[dict[str, Any]]) -> float | None:
    """The programs' wall time over their CPU time in ``rows`` (the cases that measured CPU), or None
    when they used too little CPU to say (LOAD_MIN_CPU seconds in all)."""
    timed = [r for r in rows if r.get("cpu_s") not in (None, "")]
    cpu = math.fsum(float(r["cpu_s"]) for r in timed)
    if cpu < LOAD_MIN_CPU:
        return None
    return math.fsum(float(r["time_s"]) for r in timed) / cpu


def loaded(rows: Sequence[dict[str, Any]]) -> float | None:
    """The programs' wall/CPU ratio in ``rows`` when it says the machine was loaded, else None."""
    ratio = load_ratio(rows)
    return ratio if ratio is not None and ratio >= LOADED else None


def ratio_loaded(wall: float | None, cpu: float | None) -> float | None:
    """wall / cpu when it says the machine was loaded (at least LOADED), else None."""
    if wall is None or cpu is None or cpu < LOAD_MIN_CPU:
        return None
    ratio = wall / cpu
    return ratio if ratio >= LOADED else None


def loaded_text(name: str, ratio: float) -> str:
    """ "A ran on a loaded machine: 1.7x (...)"."""
    return (
        f"{name} ran on a loaded machine: {ratio:.1f}x "
        f"(its programs' wall time over their CPU time; {LOADED:g}x or more)"
    )


def same_program(meta_a: dict[str, Any], meta_b: dict[str, Any]) -> str:
    """What shows the two runs ran the same program ("sha256 1a2b3c4d5e6f"), or "" when they did not
    or cannot say: the same file (by hash) started by the same command with the same variables, or the
    same built-in solver with the same parameters and budget."""

    def same(*names: str) -> bool:
        return all(meta_a.get(n) == meta_b.get(n) for n in names)

    program_a, program_b = meta_a.get("program"), meta_b.get("program")
    if not isinstance(program_a, dict):
        program_a = {}
    if not isinstance(program_b, dict):
        program_b = {}
    digest = program_a.get("sha256")
    if digest and digest == program_b.get("sha256") and same("command", "env", "seconds", "time_by"):
        return f"sha256 {digest[:12]}"
    if (
        not meta_a.get("command")
        and not meta_b.get("command")
        and meta_a.get("solver")
        and same("solver", "params", "seconds", "nodes", "solver_seed")
    ):
        return f"solver {meta_a['solver']} with the same parameters"
    return ""
