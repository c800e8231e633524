"""Why a text opens as nothing: the reason of the reading that got furthest (Qt-free).

A file dropped on the window may be a board of any puzzle or an answer for the board shown.
When it is none of them, "neither a board nor an answer" helps nobody: the reading that read
the most lines before failing (an ahc011 board with a bad hex digit on line 2, an answer with a
bad letter on line 40) is almost always what the file was meant to be, and its error names
the line and the column, as ``puzzle-workbench score`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import WorkbenchError


def likeliest_reason(text: str, puzzles: Sequence[Any], current: Any = None, instance: Any = None) -> str:
    """The error of the furthest reading of ``text``: as a board of each of ``puzzles``, and as
    an answer for ``instance`` of ``current`` (the board shown), which win a tie. Two readings
    that fail on the same line are both said ("UUDLQ" may be an answer or a broken board)."""
    if not text.strip():
        return "it is empty"
    readings = _readings(text, puzzles, current, instance)
    if not readings:
        return "it reads as nothing this app knows"
    best = readings[0]
    tied = [r for r in readings[1:2] if r[0] == best[0] and best[0] > 0]
    return "; ".join(r[3] for r in [best, *tied])


def answer_reads_furthest(text: str, puzzles: Sequence[Any], current: Any, instance: Any) -> bool:
    """Whether ``text`` read as an answer for the board shown gets at least as far as any reading
    of it as a board (a broken answer is said as one; a broken board of another puzzle is not)."""
    if not text.strip():
        return False  # an empty file is said to be empty
    readings = _readings(text, puzzles, current, instance)
    return bool(readings) and readings[0][2]


def _readings(text: str, puzzles: Sequence[Any], current: Any = None, instance: Any = None) -> list[tuple[Any, ...]]:
    """The failed readings, likeliest first."""
    readings = []  # (line reached, the board shown's own reading, an answer reading, what it says)
    for puzzle in puzzles:
        try:
            puzzle.parse_input(puzzle.split_cases(text)[0][1])
        except (WorkbenchError, ValueError) as error:
            readings.append((_line(error), puzzle is current, False, f"read as a board of {puzzle.id}, {error}"))
    if current is not None and instance is not None:
        try:
            parsed = current.parse_solution(instance, text)
            current.replay(instance, parsed.moves, parsed.lines)
        except WorkbenchError as error:
            readings.append((_line(error), True, True, f"read as an answer for this board, {error}"))
    readings.sort(key=lambda reading: reading[:3], reverse=True)
    return readings


def _line(error: Exception) -> int:
    """The line a reading failed on (0: before any line, or not tied to one)."""
    return getattr(error, "line", None) or 0
