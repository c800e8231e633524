"""A hint in hand play: the puzzle's default solver, from the position shown, on a short budget (Qt-free).

``find_hint`` builds the run as F5 does (``online.build_run``: a solver from the public view, or an
online game of per-turn solvers that the engine reveals as it goes), runs it under a node budget
(deterministic for a seed) and an optional time cap, and says what it found: the first move of its
best line and the contest score that line reaches from the game's start (re-scored by the engine,
never the solver's own figure), or why there is no move to suggest. The GUI runs it on a thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective

from .base import Solver
from .driver import Budget, RunControl
from .online import OnlineGame, build_run, execute
from .run_setup import checked_params, solver_classes

# Expansions a hint may spend; a solver whose expansions are costly says its own (``hint_nodes``).
HINT_NODES = 20_000
HINT_SECONDS = 3.0  # the GUI's cap on a loaded machine: a hint is a glance, not a run

MOVE, LOST, SOLVED, NO_SOLVER, NONE_FOUND, CANCELLED = "move", "lost", "solved", "no solver", "none found", "cancelled"


@dataclass(frozen=True)
class Hint:
    kind: str  # MOVE, LOST, SOLVED, NO_SOLVER, NONE_FOUND or CANCELLED
    text: str  # the whole hint in words, for the status bar
    move: Any = None  # the move to play next (MOVE only)
    score: float | None = None  # the best score reached from here, from the game's start
    score_text: str = ""  # that score as the puzzle prints it
    line: tuple = ()  # the solver's line from this position (an online game: the game played out)
    solver: str = ""
    nodes: int = 0  # expansions spent


def hint_solver(puzzle) -> type[Solver] | None:
    """The solver a hint runs: the puzzle's default (its first), None when it has none or its
    plugin's first is no Solver (no_solver_reason says which)."""
    try:
        return next(iter(solver_classes(puzzle.id).values()), None)
    except WorkbenchError:  # the window asks this to enable a button: a message, not a traceback
        return None


def no_solver_reason(puzzle) -> str:
    """Why a puzzle offers no hint ("" when it does)."""
    try:
        found = solver_classes(puzzle.id)
    except WorkbenchError as error:
        return str(error)
    if not found:
        return f"{puzzle.title} has no solver, so there is no hint to give"
    return ""


def hint_budget(cls: type[Solver], nodes: int | None = None, seconds: float | None = None) -> Budget:
    return Budget(seconds=seconds, nodes=nodes or getattr(cls, "hint_nodes", HINT_NODES))


def find_hint(
    puzzle,
    instance: Any,
    state: Any,
    depth: int = 0,
    *,
    nodes: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    control: RunControl | None = None,
) -> Hint:
    """The hint for ``state``, ``depth`` moves into the game of ``instance``.

    With ``seconds`` None only the node budget ends the search, so the same seed gives the same hint.
    """
    cls = hint_solver(puzzle)
    if cls is None:
        return Hint(NO_SOLVER, no_solver_reason(puzzle))
    here = puzzle.evaluate(instance, state, depth)
    if not puzzle.legal_moves(instance, state):
        return _game_over(puzzle, instance, depth, here, cls.name)
    if Objective.of(puzzle.objective).lower_wins and here.complete:
        # Fewer moves win: an answer that already counts only gets worse with another move.
        return Hint(
            SOLVED,
            f"Already solved: score {here.text}; another move would only add to it",
            score=here.score,
            score_text=here.text,
            solver=cls.name,
        )
    budget = hint_budget(cls, nodes, seconds)
    try:
        target = build_run(puzzle, instance, state, cls, seed=seed, params=checked_params(cls, {}), budget=budget)
        result = execute(target, budget, control=control)
    except (ValueError, WorkbenchError) as error:
        return Hint(NONE_FOUND, f"No hint: {cls.name} cannot start from here: {error}", solver=cls.name)
    spent = result.progress.expansions
    if result.stopped_by == "cancelled":
        return Hint(CANCELLED, "Hint cancelled", solver=cls.name, nodes=spent)
    line = tuple(result.moves)
    if not line:
        why = getattr(target, "no_answer", lambda: "")()
        if why.startswith("no solution exists"):  # Solver.no_answer's words for a search that proved it
            return Hint(LOST, f"Lost: {why} ({cls.name}, {spent} nodes)", solver=cls.name, nodes=spent)
        return Hint(
            NONE_FOUND,
            f"No hint: {why or f'{cls.name} found no answer within its budget'} ({spent} nodes)",
            solver=cls.name,
            nodes=spent,
        )
    end = state
    for move in line:  # the engine re-scores the line: the score is the contest's, from the start
        end = puzzle.apply(instance, end, move).state
    report = puzzle.evaluate(instance, end, depth + len(line))
    reached = (
        "the game played out"
        if isinstance(target, OnlineGame)
        else f"its best line of {len(line)} move{'s' if len(line) != 1 else ''}"
    )
    text = f"Hint: {puzzle.move_text(line[0])}; {reached} reaches score {report.text} ({cls.name}, {spent} nodes)"
    return Hint(MOVE, text, line[0], report.score, report.text, line, cls.name, spent)


def _game_over(puzzle, instance: Any, depth: int, here, solver: str) -> Hint:
    """No move is left: lost when the game ended before its moves ran out or does not count."""
    limit = puzzle.max_moves(instance)
    if here.complete and (limit is None or depth >= limit):
        kind, text = SOLVED, f"Already solved: no move is left, score {here.text}"
    else:
        kind, text = LOST, f"Lost: no legal move is left from this position (score {here.text})"
    return Hint(kind, text, score=here.score, score_text=here.text, solver=solver)
