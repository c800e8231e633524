"""RollingBalls case files and answers.

Case file (the local tester's stdin, byte for byte): ``H``, H start rows,
``H`` again, H target rows. Answer: ``N`` then N lines ``R C D``, accepted
exactly as the official tester (``RollingBallsVis.java``) accepts them:
``BufferedReader.readLine`` lines, ``split(" ")`` fields, ``Integer.parseInt``
numbers (spec §3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import IO

from workbench.core.errors import FormatError, IllegalMove, shown
from workbench.core.judge_text import JAVA, JAVA_INT, read_line
from workbench.core.puzzle import ParsedSolution

from .board import BALLS, CELL_SYMBOLS, WALL, Board, Case, Roll, play

MAX_SIDE = 60  # the contest's largest board; solvers may size their arrays by it
# The tester's readLine / split(" ") / Integer.parseInt live with the other judges'
# readers; Java would also take non-ASCII Unicode digits, which the spec (§7) asks to reject.
java_lines = JAVA.lines
java_split_space = JAVA.split_space


def java_int(token: str) -> int | None:
    """``Integer.parseInt(token)`` (so ``+5``, ``007``, ``-0`` pass), or None when it throws."""
    return JAVA.integer(token, *JAVA_INT)


# ------------------------------------------------------------------ cases
def _height(lines: list[str], index: int, what: str) -> int:
    if index >= len(lines):
        raise FormatError(f"expected {what}", index + 1)
    text = lines[index]
    height = java_int(text)
    if height is None:
        raise FormatError(f"{what} must be a whole number, got {shown(text)}", index + 1)
    if not 1 <= height <= MAX_SIDE:
        raise FormatError(f"{what} must be 1..{MAX_SIDE}, got {height}", index + 1)
    return height


def _grid(lines: list[str], first: int, height: int, width: int | None, name: str) -> Board:
    rows = lines[first : first + height]
    if len(rows) < height:
        raise FormatError(f"the {name} has {len(rows)} rows, H says {height}", first + len(rows) + 1)
    width = width or len(rows[0])
    for offset, row in enumerate(rows):
        number = first + offset + 1
        if not row:
            raise FormatError(f"blank line inside the {name}", number)
        for col, symbol in enumerate(row):
            if ord(symbol) not in CELL_SYMBOLS:
                raise FormatError(
                    f"column {col}: {shown(symbol)} is not a wall '#', an empty cell '.' or a ball '0'..'9'", number
                )
        if len(row) != width:
            raise FormatError(f"the {name} row has {len(row)} cells, expected {width}", number)
    if not 1 <= width <= MAX_SIDE:
        raise FormatError(f"the board width must be 1..{MAX_SIDE}, got {width}", first + 1)
    return Board.from_rows(rows)


def _check_same_walls(start: Board, target: Board, target_line: int) -> None:
    for index, (a, b) in enumerate(zip(start.cells, target.cells)):
        if (a == WALL) != (b == WALL):
            r, c = divmod(index, start.cols)
            where = "the target but not the start" if b == WALL else "the start but not the target"
            raise FormatError(f"column {c}: a wall in {where}", target_line + r)


def _check_same_colours(start: Board, target: Board, start_line: int, target_line: int) -> None:
    have, want = Counter(start.cells), Counter(target.cells)
    for colour in sorted(BALLS):
        if have[colour] == want[colour]:
            continue
        # Point at the row holding the first ball of this colour that the other half lacks.
        if want[colour] > have[colour]:
            surplus, allowed, first_line = target, have[colour], target_line
        else:
            surplus, allowed, first_line = start, want[colour], start_line
        seen = 0
        for index, cell in enumerate(surplus.cells):  # noqa: B007 (index is read after the loop)
            seen += cell == colour
            if seen > allowed:
                break
        raise FormatError(
            f"the start has {have[colour]} balls of colour {chr(colour)} but the target has {want[colour]}",
            first_line + index // surplus.cols,
        )


def parse_input(text: str) -> Case:
    lines = [JAVA.trim(line) for line in java_lines(text)]
    while lines and not lines[-1]:
        lines.pop()
    height = _height(lines, 0, "the board height H")
    start = _grid(lines, 1, height, None, "start")
    again = _height(lines, height + 1, "the target's height H")
    if again != height:
        raise FormatError(f"the target's height {again} differs from the start's {height}", height + 2)
    target = _grid(lines, height + 2, height, start.cols, "target")
    if len(lines) > 2 * height + 2:
        raise FormatError("unexpected text after the target rows", 2 * height + 3)
    _check_same_walls(start, target, height + 3)
    _check_same_colours(start, target, 2, height + 3)
    if target.balls == 0:
        raise FormatError("the boards hold no ball; a case needs at least one")
    return Case(start, target)


def format_input(case: Case) -> str:
    height = str(case.start.rows)
    return "\n".join([height, *case.start.row_texts(), height, *case.target.row_texts()]) + "\n"


def read_case(stream: IO[str]) -> str:
    """Read one case from a stream that stays open, line by line.

    The tester writes the case and then waits for the answer without closing
    the program's stdin, so reading to the end of the stream would deadlock.
    """
    lines: list[str] = []
    for _ in range(2):
        header = read_line(stream, len(lines) + 1)
        lines.append(header)
        height = java_int(JAVA.trim(header))
        if height is None or not 1 <= height <= MAX_SIDE:
            break  # parse_input will name the bad line
        first = len(lines) + 1
        lines.extend(read_line(stream, first + i) for i in range(height))
    return "".join(lines)


# ------------------------------------------------------------------ answers
def _parse_roll(line: str, number: int) -> Roll:
    fields = java_split_space(line)
    if len(fields) != 3:
        raise FormatError(f"expected 'R C D' separated by single spaces, got {shown(line)}", number)
    values = []
    for field in fields:
        value = java_int(field)
        if value is None:
            raise FormatError(f"R, C and D must be integers, got {shown(field)}", number)
        values.append(value)
    return Roll(*values)


def _replay_prefix(case: Case, rolls: list[Roll]) -> None:
    """Raise the first illegal roll among ``rolls`` (the tester plays as it parses)."""
    board = case.start
    for index, roll in enumerate(rolls, start=1):
        try:
            board = play(board, roll)
        except IllegalMove as error:
            raise error.at(index, index + 1) from None


def parse_solution(case: Case, text: str) -> ParsedSolution:
    lines = java_lines(text)
    first = lines[0] if lines else ""
    count = java_int(first)
    if count is None:
        raise FormatError(f"the first line must be exactly the number of rolls N, got {shown(first)}", 1)
    if count < 0:
        raise FormatError(f"the number of rolls must not be negative, got {count}", 1)
    if count > case.max_rolls:
        raise FormatError(
            f"{count} rolls, more than the limit of {case.max_rolls} (20 per ball, {case.n_balls} balls)", 1
        )
    rolls: list[Roll] = []
    for index in range(count):
        number = index + 2
        try:
            if number > len(lines):
                raise FormatError(f"N is {count} but the answer ends after {index} rolls", number)
            rolls.append(_parse_roll(lines[index + 1], number))
        except FormatError:
            # The tester validates each roll before it reads the next line, so an
            # earlier illegal roll is the error it reports.
            _replay_prefix(case, rolls)
            raise
    # Lines after the N-th are never read by the tester.
    return ParsedSolution(tuple(rolls), tuple(range(2, count + 2)))


def format_solution(rolls: Sequence[Roll]) -> str:
    return "".join([f"{len(rolls)}\n", *(f"{r} {c} {d}\n" for r, c, d in rolls)])
