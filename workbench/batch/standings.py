"""Standings across runs, as AtCoder ranks submissions: every run of a puzzle on the cases they share.

For each case the best score of all the runs (by the objective) sets the scale: a run's relative
score there is score / best ("min": best / score), 0 when the case is not OK. Per run:

- relative: the mean relative score (AHC's ranking, shown per case);
- rank: per case, the share of the other runs it beats (a failed case beats none), averaged;
  1.0 means it beat every other run on every case;
- #Best: cases where it has the best score of all the runs; #Unique: where it alone has it;
- Gain: how much the best-of-all relative score would drop without it (what it adds);
- mean ± SD of its raw scores over its OK cases (the sample SD, n - 1: the spread across cases, not
  noise), and how many cases are OK.

A run made with --repeat counts each case as the mean of its runs; the noise its runs measured is
kept on its row (``noise``), with the load of the machine it ran on (``load``).

Runs made on different seeds (a tune's trials and its held-out runs) share no case; by default
the standings take the largest group of runs that share cases (``choose_runs``). Plain data for
the command line and the app.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import stdev
from typing import Any

from workbench.core.objective import Objective

from .noise import Noise, loaded, noise_of, per_case
from .report import exact_score, filtered, mean

# A standings table's columns, the command line's and the app's.
COLUMNS = (
    "#",
    "run",
    "label",
    "comment",
    "relative",
    "rank",
    "#Best",
    "#Unique",
    "Gain",
    "mean ± SD (n-1)",  # the sample SD over the cases (EXPLAINED)
    "OK",
    "program",
)
EXPLAINED = """\
relative  mean relative score: per case the run's score against the best of all the runs shown
          (score / best; best / score when lower wins), a failed case 0 (AtCoder's ranking)
rank      per case the share of the other runs this run beats (a failed case beats none), averaged:
          1.000 beat every other run on every case
#Best     cases where the run has the best score of all the runs
#Unique   cases where it alone has the best score
Gain      how much the mean best-of-all relative score would drop without this run
mean ± SD its raw scores over its OK cases: their mean, and their sample standard deviation (n - 1)
          across cases: how scores spread over the seeds, not how noisy the program is
OK        its OK cases of the cases shared"""


@dataclass
class Standing:
    run: dict[str, Any]  # the run database's row: id, folder, label, comment, started, ...
    cases: int
    relative: float  # mean relative score
    rank: float  # mean rank score, 1.0 = best on every case
    best: int
    unique: int
    gain: float
    mean: float | None  # raw score over OK cases
    sd: float  # the sample SD (n - 1) of its raw scores over its OK cases
    ok: int
    noise: Noise | None = None  # what its repeated runs of a case measured (batch --repeat)
    load: float | None = None  # its programs' wall/CPU ratio when the machine was loaded

    def figures(self) -> tuple[str, ...]:
        """The cells from ``relative`` to ``Gain`` (COLUMNS), as every standings table shows them."""
        return f"{self.relative:.4f}", f"{self.rank:.3f}", str(self.best), str(self.unique), f"{self.gain:.4f}"


@dataclass
class Standings:
    rows: list[Standing]  # best mean relative first
    cases: int  # how many cases the runs share (after filters)
    left_out: list[dict[str, Any]] = field(default_factory=list)  # runs not on the shared cases (choose_runs)


def case_keys(rows: Sequence[dict[str, Any]], filters: Sequence[str] = ()) -> set[str]:
    return {r["key"] for r in (filtered(rows, filters) if filters else rows)}


def choose_runs(
    runs: Sequence[dict[str, Any]], keys: dict[int, set[str]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The runs to rank when none are named, and those left out: the runs sharing the set of
    cases that covers the most run-cases (runs x shared cases), ties to more runs, then newer.

    After a tune, trials on seeds 0-49 and held-out runs on 100-119 share no case; the trials that
    ran every case win over the pruned ones (which share fewer) and the held-out pair."""
    best_score, chosen = (0, 0, 0), list(runs)
    for candidate in runs:
        wanted = keys[candidate["id"]]
        if not wanted:
            continue
        members = [r for r in runs if wanted <= keys[r["id"]]]
        score = (len(members) * len(wanted), len(members), candidate["id"])
        if len(members) >= 2 and score > best_score:
            best_score, chosen = score, members
    chosen_ids = {r["id"] for r in chosen}
    return chosen, [r for r in runs if r["id"] not in chosen_ids]


def standings(
    runs: Sequence[dict[str, Any]],
    cases: dict[int, list[dict[str, Any]]],
    objective: Objective | str = Objective.MAX,
    filters: Sequence[str] = (),
) -> Standings:
    """``runs`` (database rows) and each one's case rows (by run id): the standings on the cases every
    one of them ran (matched by input and options), after ``filters`` ("N>=8")."""
    objective = Objective.of(objective)
    by_run, noises, loads = {}, {}, {}
    for run in runs:
        rows = filtered(cases.get(run["id"], []), filters) if filters else cases.get(run["id"], [])
        noises[run["id"]], loads[run["id"]] = noise_of(rows), loaded(rows)
        by_run[run["id"]] = {r["key"]: r for r in per_case(rows)}
    shared = set.intersection(*(set(rows) for rows in by_run.values())) if by_run else set()
    keys = sorted(shared)
    ok_scores = {
        key: {rid: exact_score(rows[key]["score"]) for rid, rows in by_run.items() if rows[key]["verdict"] == "OK"}
        for key in keys
    }
    best = {key: objective.best(scores.values()) for key, scores in ok_scores.items()}
    table = []
    for run in runs:
        rid = run["id"]
        relatives, ranks, gains, scores = [], [], [], []
        best_count = unique = 0
        for key in keys:
            scored = ok_scores[key]
            mine = scored.get(rid)
            others = [s for r, s in scored.items() if r != rid]
            relatives.append(objective.relative(mine, best[key], ok=mine is not None) if mine is not None else 0.0)
            if mine is None:
                ranks.append(0.0)
                gains.append(0.0)
                continue
            scores.append(mine)
            failed_others = len(by_run) - len(scored)
            beaten = sum(1 for s in others if objective.better(mine, s)) + failed_others
            ranks.append(beaten / (len(by_run) - 1) if len(by_run) > 1 else 1.0)
            if mine == best[key]:
                best_count += 1
                unique += all(s != mine for s in others)
                without = objective.best(others)
                gains.append(1.0 - objective.relative(without, mine) if without is not None else 1.0)
            else:
                gains.append(0.0)
        table.append(
            Standing(
                run,
                len(keys),
                mean(relatives) if keys else 0.0,
                mean(ranks) if keys else 0.0,
                best_count,
                unique,
                mean(gains) if keys else 0.0,
                mean(scores) if scores else None,
                stdev(scores) if len(scores) > 1 else 0.0,
                len(scores),
                noises[rid],
                loads[rid],
            )
        )
    table.sort(key=lambda s: (-s.relative, -s.rank, s.run["id"]))
    return Standings(table, len(keys))
