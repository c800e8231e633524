"""The ahc011 solver's answers at node budgets, byte for byte, as recorded in
tests/data/golden/ahc011_screened_beam.json.

Same seed + node budget -> same answer; these cases pin the answers themselves, so a change
meant to leave the search as it is (a refactoring) shows it did. Between them the cases run
every kind of task the solver has: annealing a target (with and without a trial search), the
placement plan, the slide search, shortening, the pooled search (7x7, 8x8), the grouped search
(9x9) and the tail search (6x6, 7x7), on boards of N = 3..10, on several solver seeds (one past
2^63) and two slicings. The record also holds how many tasks of each kind ran, which the test
checks too: the same answer reached by another schedule would be luck.

A change that is meant to change answers records them again:
    .venv/bin/python tests/test_ahc011_solver_golden.py --record
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from solvers.ahc011 import ScreenedBeamSolver
from solvers.ahc011.task_runner import TaskRunner
from solvers.ahc011.tasks import (
    BuildTarget,
    GroupedSearch,
    PlanSearch,
    PooledSearch,
    ShortenAnswer,
    SlideSearch,
    TailSearch,
)
from solvers.driver import Budget, run
from workbench.puzzles.ahc011 import PUZZLE

GOLDEN = Path(__file__).resolve().parent / "data" / "golden" / "ahc011_screened_beam.json"
NARROW = {"move_width": 500}  # a slide search a few times quicker, so a case runs many tasks in a second
PLAN = {"move_side": 0, "width": 30, "tree_steps": 300, "shortcut_cells": 8}  # the placement plan only

# name: (case file seed, or (generator seed, side); solver seed; node budget; slice; parameters)
CASES = {
    "6x6-defaults": (0, 0, 15_000, 2000, {}),
    "6x6-trials-tail": (0, 0, 120_000, 2000, NARROW),
    "6x6-seed-past-2^63": (5, 2**63 + 7, 100_000, 2000, NARROW),
    "6x6-slices-of-137": (0, 4, 60_000, 137, NARROW),
    "7x7-pooled-tail": (1, 0, 150_000, 2000, {**NARROW, "pool_targets": 6, "pool_width": 2.0}),
    "7x7-narrow": (6, 1, 60_000, 2000, NARROW),
    "8x8-defaults": (2, 0, 100_000, 2000, {}),
    "8x8-pooled": (2, 3, 120_000, 2000, {**NARROW, "pool_targets": 8}),
    "8x8-pooled-4": (7, 2, 60_000, 2000, {**NARROW, "pool_targets": 4}),
    "9x9-grouped": (3, 0, 80_000, 2000, NARROW),
    "9x9-plan": (3, 1, 20_000, 2000, {**PLAN, "move_side": 8}),
    "10x10-half-screen": (4, 0, 100_000, 2000, NARROW),
    "10x10-plan": (4, 2, 20_000, 2000, PLAN),
    "10x10-narrower": (9, 5, 60_000, 2000, {"move_width": 300, "shortcut_cells": 8}),
    "3x3-centre-then-corner": ((0, 3), 0, 4_000, 2000, {}),
    "4x4": ((7, 4), 1, 4_000, 2000, {}),
    "5x5": ((3, 5), 2, 4_000, 2000, {}),
}


def case_of(data_root: Path, which):
    if isinstance(which, tuple):
        seed, side = which
        return PUZZLE.generate(seed, size=side)
    return PUZZLE.parse_input((data_root / f"cases/ahc011/{which:04d}.txt").read_text())


def observe_tasks(monkeypatch) -> Counter:
    """Count the tasks the solver runs, by kind ("trial" for an annealing task with a trial search)."""
    names = {
        BuildTarget: "build",
        PlanSearch: "plan",
        SlideSearch: "slide",
        ShortenAnswer: "shorten",
        PooledSearch: "pooled",
        GroupedSearch: "grouped",
        TailSearch: "tail",
    }
    counts: Counter = Counter()
    real = TaskRunner.run

    def counted(self, task):
        result = real(self, task)
        counts["trial" if isinstance(task, BuildTarget) and result.trial is not None else names[type(task)]] += 1
        return result

    monkeypatch.setattr(TaskRunner, "run", counted)
    return counts


def solve(data_root: Path, name: str, monkeypatch) -> dict:
    which, seed, nodes, slice_expansions, params = CASES[name]
    case = case_of(data_root, which)
    tasks = observe_tasks(monkeypatch)
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), seed=seed, **params)
    result = run(solver, Budget(nodes=nodes), slice_expansions=slice_expansions)
    frontier = "\n".join("".join(entry.moves) for entry in solver.frontier(solver.settings["keep"]))
    return {
        "n": case.n,
        "answer": PUZZLE.format_solution(case, result.moves),
        "score": result.progress.best_score,
        "frontier_sha256": hashlib.sha256(frontier.encode()).hexdigest(),
        "tasks": dict(sorted(tasks.items())),
    }


def test_every_kind_of_task_is_in_the_record():
    record = json.loads(GOLDEN.read_text())
    assert set(record) == set(CASES)
    ran = set().union(*(entry["tasks"] for entry in record.values()))
    assert ran == {"build", "trial", "plan", "slide", "shorten", "pooled", "grouped", "tail"}
    assert {entry["n"] for entry in record.values()} == set(range(3, 11))


@pytest.mark.parametrize("name", CASES)
def test_the_answer_at_a_node_budget_is_the_recorded_one(data_root, monkeypatch, name):
    expected = json.loads(GOLDEN.read_text())[name]
    assert solve(data_root, name, monkeypatch) == expected


def record() -> None:
    """Write GOLDEN from the solver as it is now."""
    import case_data

    data_root = case_data.build()
    entries = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name in CASES:
            entries[name] = solve(data_root, name, monkeypatch)
            monkeypatch.undo()
            print(name, entries[name]["tasks"], flush=True)
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    written = GOLDEN.with_suffix(".tmp")
    written.write_text(json.dumps(entries, indent=1) + "\n")
    written.replace(GOLDEN)


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        raise SystemExit(__doc__)
    record()
