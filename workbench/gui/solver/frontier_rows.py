"""The Solver panel's table: the best answers a run found and the states it weighs, on the
contest's scale (Qt-free).

A row is a line from the game's start. Its score and facts are the contest's, of the whole
answer from the game's start (what the line above the board says of that position); the
solver's own figures (a beam's value, A*'s f = g + h, an online solver's playout mean, which
estimates the final score) are a column of their own, labelled as the solver's, and its counts
that the contest's facts already give (moves, K, pieces left: counted from the solver's start)
are left out. The best answers found stay after the run ends, when there is nothing left to
weigh, so the best can always be previewed; each position is shown once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solvers.base import FrontierEntry
from workbench.core.objective import Objective
from workbench.core.puzzle import ScoreReport

ANSWERS_KEPT = 5  # best answers kept beside the frontier
ANSWER_NOTE = "an answer found"


@dataclass(frozen=True)
class Row:
    entry: FrontierEntry  # the solver's (its moves from where the solver started)
    report: ScoreReport  # the contest's, of the whole answer from the game's start
    state: Any  # the position the row's moves reach
    answer: bool = False  # one of the best answers found (not a state still weighed)


def answer_row(moves: tuple, report: ScoreReport, state: Any) -> Row:
    return Row(FrontierEntry(float(report.score), len(moves), tuple(moves)), report, state, answer=True)


def same_position(a, b) -> bool:
    """Whether two states are one position (states that cannot say, numpy arrays, count as two)."""
    try:
        return a is b or bool(a == b)
    except (ValueError, TypeError):
        return False


def ranked(rows: list[Row], objective: Objective | str, online: bool) -> list[Row]:
    """Best first, each position once: answers that count before lines that do not, then by the
    contest score. An online game's moves keep the solver's order (the one it plays first),
    after its finished game."""
    if online:
        rows = sorted(rows, key=lambda row: not row.answer)
    else:
        best_first = Objective.of(objective).best_first
        rows = sorted(rows, key=lambda row: best_first(row.report.score))  # stable: ties keep the solver's order
        rows.sort(key=lambda row: not row.report.complete)
    kept: list[Row] = []
    seen: set = set()  # the hashable states kept: one look-up, not a comparison with every row
    unhashable: list = []  # the others (numpy arrays), compared one by one
    for row in rows:
        try:
            if row.state in seen:
                continue
            seen.add(row.state)
        except TypeError:
            if any(same_position(row.state, other) for other in unhashable):
                continue
            unhashable.append(row.state)
        kept.append(row)
    return kept


def best_answers(answers: list[Row], objective: Objective | str) -> list[Row]:
    """The ANSWERS_KEPT best of ``answers``, each position once."""
    return ranked(answers, objective, online=False)[:ANSWERS_KEPT]


def contest_facts(row: Row) -> str:
    return ", ".join(f"{name} {value}" for name, value in row.report.facts)


def solver_figures(row: Row) -> str:
    """The solver's own figures, those the contest's facts do not give."""
    if row.answer:
        return ANSWER_NOTE
    counted = {name for name, _ in row.report.facts}
    return ", ".join(f"{name} {value}" for name, value in row.entry.facts if name not in counted)


def solver_heading(online: bool, origin_depth: int) -> str:
    """The solver column's label: whose figures they are, and where its counts start."""
    if online:
        return "solver's estimate"
    return f"solver, from move {origin_depth}" if origin_depth else "solver"
