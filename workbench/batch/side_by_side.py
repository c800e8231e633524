"""One case of two runs, side by side: which case, both answers, both scores step by step, their diff.

Qt-free: ``batch compare A B --diff CASE`` prints from here and the app's side-by-side view shows
it. A case is named as ``batch compare`` rows name it (its label: the seed, or the input's path),
or by its run-folder name or its key; it must be in both runs (the same input and options).
A built-in puzzle's answers are played out move by move (``played``): every state and the
engine's score after each move, up to the first move the rules refuse, and never past the puzzle's
limit on moves (MAX_STEPPED_MOVES for one without a limit) or for an answer over MAX_STEPPED_CHARS:
a longer answer is said, not stepped through (a 1,000,000-move WA answer took 40 s). The diff is
``answer_diff``'s, bounded too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.core.errors import FormatError, IllegalMove, WorkbenchError
from workbench.core.files import read_text
from workbench.core.limits import exact_number
from workbench.core.objective import Objective
from workbench.core.puzzle import Puzzle

from .answer_diff import unified_diff
from .results import plain_number, read_run, run_file

SHOWN_SHARED = 8  # case labels a "not in both runs" message lists
MAX_STEPPED_MOVES = 100_000  # moves played out (a state and a score each) for a puzzle without a limit
MAX_STEPPED_CHARS = 16 * 1024 * 1024  # a longer answer is not parsed to be stepped through


@dataclass
class Side:
    """One run's side of the case: its folder and its results row."""

    folder: Path
    row: dict[str, Any]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def score(self) -> float:
        number = exact_number(self.row["score"])  # a whole score exactly, however many digits
        return math.nan if number is None else number

    @property
    def verdict(self) -> str:
        return str(self.row.get("verdict", ""))

    @property
    def answer_path(self) -> Path | None:
        answer = self.row.get("answer")
        path = run_file(self.folder, answer, "answer") if answer else None
        return path if path is not None and path.is_file() else None

    @property
    def input_path(self) -> Path:
        return run_file(self.folder, str(self.row.get("input") or f"inputs/{self.row.get('name', '')}.txt"), "input")

    def answer_text(self) -> str:
        path = self.answer_path
        return read_text(path) if path is not None else ""

    def score_text(self) -> str:
        message = f" ({self.row['message']})" if self.row.get("message") else ""
        return f"{plain_number(self.score)} {self.verdict}{message}"


@dataclass
class CasePair:
    case: str  # the case's label, as batch compare's rows name it
    key: str
    a: Side
    b: Side
    objective: Objective

    @property
    def puzzle(self) -> str:
        return str(self.a.meta.get("puzzle") or "")

    @property
    def kind(self) -> str:
        return str(self.a.meta.get("kind") or "puzzle")

    def winner(self) -> str:
        """Which run did better on the case, by the objective: "A", "B" or "tie"."""
        ok_a, ok_b = self.a.verdict == "OK", self.b.verdict == "OK"
        if ok_a != ok_b:
            return "A" if ok_a else "B"
        if not ok_a or self.a.score == self.b.score:
            return "tie"
        return "B" if self.objective.better(self.b.score, self.a.score) else "A"


def _find(rows: list[dict[str, Any]], case: str) -> dict[str, Any] | None:
    for column in ("case", "name", "key"):
        for row in rows:
            if str(row.get(column, "")) == case:
                return row
    return None


def case_pair(folder_a: Path, folder_b: Path, case: str) -> CasePair:
    """``case`` in both runs; WorkbenchError says which run lacks it (and names a few shared cases)."""
    folder_a, folder_b = Path(folder_a), Path(folder_b)
    meta_a, rows_a = read_run(folder_a)
    meta_b, rows_b = read_run(folder_b)
    if meta_a.get("puzzle") and meta_b.get("puzzle") and meta_a["puzzle"] != meta_b["puzzle"]:
        raise WorkbenchError(
            f"{folder_a} is a run of {meta_a['puzzle']}, {folder_b} of {meta_b['puzzle']}: "
            "their cases cannot be the same"
        )
    row_a = _find(rows_a, case)
    # B's case is A's by key: the same label in B may be another input (other options).
    row_b = _find(rows_b, str(row_a["key"])) if row_a is not None else None
    if row_a is None or row_b is None:
        keys_b = {r["key"] for r in rows_b}
        shared = [r["case"] for r in rows_a if r["key"] in keys_b]
        missing = folder_a if row_a is None else folder_b
        listed = ", ".join(shared[:SHOWN_SHARED]) + (", …" if len(shared) > SHOWN_SHARED else "")
        raise WorkbenchError(
            f"no case {case} in {missing}"
            + (f" (cases in both runs: {listed})" if shared else ": the two runs share no case")
        )
    objective = Objective.of(meta_a.get("objective") or meta_b.get("objective"))
    return CasePair(
        str(row_a["case"]), str(row_a["key"]), Side(folder_a, row_a, meta_a), Side(folder_b, row_b, meta_b), objective
    )


def answer_diff(pair: CasePair, context: int = 3) -> str:
    """A unified diff of A's answer file against B's ("" when they are the same); bounded, a cut one
    says so on its last line (``answer_diff.unified_diff``)."""

    def lines(side: Side) -> list[str]:
        return side.answer_text().splitlines(keepends=True)

    def label(side: Side, run: str) -> str:
        path = side.answer_path
        return f"{run}/{path.relative_to(side.folder)}" if path is not None else f"{run}: no answer"

    return unified_diff(
        lines(pair.a), lines(pair.b), label(pair.a, f"A {pair.a.name}"), label(pair.b, f"B {pair.b.name}"), context
    )


# ------------------------------------------------------------------ a built-in puzzle's answers, played out
@dataclass
class Played:
    """An answer played out: the states from the start (``states[k]`` after k moves), the engine's
    score at each, the moves, and why it stops early ("" when every move was legal)."""

    states: list[Any]
    scores: list[float]
    moves: list[Any]
    fault: str = ""

    @property
    def length(self) -> int:
        return len(self.states) - 1

    def at(self, step: int) -> int:
        """The state shown at ``step`` of the pair: this answer's own, or its last when it is shorter."""
        return max(0, min(step, self.length))


def instance_of(puzzle: Puzzle, side: Side) -> Any:
    """The case's instance as the run played it: its kept input, with the run's instance options."""
    instance = puzzle.parse_input(read_text(side.input_path))
    options = side.meta.get("instance_options") or {}
    return puzzle.configure(instance, **options) if options else instance


def played(puzzle: Puzzle, instance: Any, text: str) -> Played:
    """Every state and score along the answer ``text``, up to the first move the rules refuse or the
    last one within the puzzle's limit (MAX_STEPPED_MOVES without one)."""
    start = puzzle.initial_state(instance)
    line = Played([start], [float(puzzle.evaluate(instance, start, 0).score)], [])
    if not text.strip():
        line.fault = "no answer"
        return line
    if len(text) > MAX_STEPPED_CHARS:
        line.fault = (
            f"the answer is {len(text) / 2**20:.1f} MB, too long to step through "
            f"(up to {MAX_STEPPED_CHARS // 2**20} MB)"
        )
        return line
    try:
        parsed = puzzle.parse_solution(instance, text)
    except FormatError as error:
        line.fault = str(error)
        return line
    moves, limit = parsed.moves, puzzle.max_moves(instance)
    if limit is not None and len(moves) > limit:
        line.fault = f"{len(moves):,} moves, more than the limit of {limit:,}: the rest is not played"
        moves = moves[:limit]
    elif len(moves) > MAX_STEPPED_MOVES:
        line.fault = f"{len(moves):,} moves, too many to step through: the first {MAX_STEPPED_MOVES:,} are shown"
        moves = moves[:MAX_STEPPED_MOVES]
    state = start
    for index, move in enumerate(moves, start=1):
        try:
            state = puzzle.apply(instance, state, move).state
        except IllegalMove as error:
            line.fault = str(error.at(index, parsed.lines[index - 1] if index - 1 < len(parsed.lines) else None))
            break
        line.states.append(state)
        line.moves.append(move)
        line.scores.append(float(puzzle.evaluate(instance, state, index).score))
    return line


def played_pair(pair: CasePair, puzzle: Puzzle) -> tuple[Any, Played, Played]:
    """The instance and both answers played out (a built-in puzzle's pair)."""
    instance = instance_of(puzzle, pair.a)
    return instance, played(puzzle, instance, pair.a.answer_text()), played(puzzle, instance, pair.b.answer_text())


def step_line(pair: CasePair, line_a: Played, line_b: Played, step: int) -> tuple[str, str]:
    """What each side shows at ``step``: "move 3 of 10: score 42", or its last when it holds."""

    def text(line: Played) -> str:
        k = line.at(step)
        held = " (its last)" if step > line.length else ""
        return f"move {k} of {line.length}{held}: score {plain_number(line.scores[k])}"

    return text(line_a), text(line_b)
