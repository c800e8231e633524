"""RollingBalls boards, cases and the roll rule (TopCoder MM90).

A board is H x W cells stored row-major as the contest's own characters in
``bytes`` (``#`` wall, ``.`` empty, ``0``..``9`` a ball of that colour), so
boards are immutable and hashable and print back exactly as the tester writes
them. Coordinates are 0-based, row first, as in the answer's ``R C D``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from workbench.core.errors import IllegalMove

WALL = ord("#")
EMPTY = ord(".")
BALLS = frozenset(range(ord("0"), ord("9") + 1))
CELL_SYMBOLS = frozenset(b"#.0123456789")

# The tester's vectors: D=0 left, 1 down, 2 right, 3 up (not the usual U/R/D/L).
DR = (0, 1, 0, -1)
DC = (-1, 0, 1, 0)
DIRECTION_NAMES = ("left", "down", "right", "up")
ROLLS_PER_BALL = 20


def is_ball(cell: int) -> bool:
    return cell in BALLS


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    cells: bytes  # row-major contest characters

    def __post_init__(self):
        if len(self.cells) != self.rows * self.cols:
            raise ValueError("cells do not match the board size")

    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...]) -> Board:
        return cls(len(rows), len(rows[0]), "".join(rows).encode("ascii"))

    def row_texts(self) -> list[str]:
        text = self.cells.decode("ascii")
        return [text[r * self.cols : (r + 1) * self.cols] for r in range(self.rows)]

    def array(self) -> np.ndarray:
        """A read-only (rows, cols) uint8 view of the characters."""
        return np.frombuffer(self.cells, dtype=np.uint8).reshape(self.rows, self.cols)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def at(self, r: int, c: int) -> int:
        return self.cells[r * self.cols + c]

    @property
    def balls(self) -> int:
        return sum(self.cells.count(colour) for colour in BALLS)


@dataclass(frozen=True)
class Case:
    """One contest case: the start and the target (same walls, same colours)."""

    start: Board
    target: Board

    def __post_init__(self):
        if (self.start.rows, self.start.cols) != (self.target.rows, self.target.cols):
            raise ValueError("start and target differ in size")

    @property
    def n_balls(self) -> int:
        return self.target.balls

    @property
    def max_rolls(self) -> int:
        return ROLLS_PER_BALL * self.n_balls


class Roll(NamedTuple):
    """Roll the ball at (r, c) in direction d (0 left, 1 down, 2 right, 3 up).

    ``d`` is whatever integer the answer held: the tester checks it only after
    the cell, so an out-of-range d must survive parsing to be reported in order.
    """

    r: int
    c: int
    d: int

    def text(self) -> str:
        name = DIRECTION_NAMES[self.d] if 0 <= self.d < 4 else f"D={self.d}"
        return f"({self.r},{self.c}) {name}"


def roll_end(cells, rows: int, cols: int, r: int, c: int, d: int) -> tuple[int, int]:
    """Where a ball at (r, c) rolling in direction d stops on ``cells``.

    Shared by the engine (immutable boards) and the generator (a bytearray it
    mutates), so both roll exactly like the tester's ``roll``.
    """
    dr, dc = DR[d], DC[d]
    while True:
        nr, nc = r + dr, c + dc
        if not (0 <= nr < rows and 0 <= nc < cols) or cells[nr * cols + nc] != EMPTY:
            return r, c
        r, c = nr, nc


def check_roll(board: Board, roll: Roll) -> str | None:
    """Why ``roll`` is invalid on ``board`` (in the tester's order), or None."""
    r, c, d = roll
    if not board.inside(r, c):
        return f"({r}, {c}) is outside the {board.rows}x{board.cols} board"
    cell = board.at(r, c)
    if not is_ball(cell):
        what = "a wall" if cell == WALL else "empty"
        return f"no ball at ({r}, {c}): the cell is {what}"
    if not 0 <= d <= 3:
        return f"D = {d} is not a direction (0 left, 1 down, 2 right, 3 up)"
    return None


def play(board: Board, roll: Roll) -> Board:
    """The board after ``roll``; a blocked roll is legal and returns ``board`` itself."""
    reason = check_roll(board, roll)
    if reason is not None:
        raise IllegalMove(reason)
    r, c, d = roll
    end = roll_end(board.cells, board.rows, board.cols, r, c, d)
    if end == (r, c):
        return board
    cells = bytearray(board.cells)
    cells[end[0] * board.cols + end[1]] = cells[r * board.cols + c]
    cells[r * board.cols + c] = EMPTY
    return Board(board.rows, board.cols, bytes(cells))


def moving_rolls(board: Board) -> list[Roll]:
    """Every roll that moves a ball: balls row-major, directions 0..3.

    Blocked rolls are legal too (``play`` accepts them) but change nothing, so
    they are left out of the choices offered to players and solvers.
    """
    rolls = []
    for index, cell in enumerate(board.cells):
        if is_ball(cell):
            r, c = divmod(index, board.cols)
            for d in range(4):
                if roll_end(board.cells, board.rows, board.cols, r, c, d) != (r, c):
                    rolls.append(Roll(r, c, d))
    return rolls


@dataclass(frozen=True)
class Coverage:
    """How the target's ball cells are covered on a board."""

    same_colour: int
    other_colour: int
    empty: int

    @property
    def points(self) -> float:
        # Sums of 1 and 0.5 are exact in a double, so this equals the tester's running sum.
        return self.same_colour + 0.5 * self.other_colour


def coverage(case: Case, board: Board) -> Coverage:
    target = case.target.array()
    now = board.array()
    wanted = target >= ord("0")  # '#' and '.' sort below the digits
    present = now >= ord("0")
    same = int(np.count_nonzero(wanted & (now == target)))
    covered = int(np.count_nonzero(wanted & present))
    return Coverage(same, covered - same, int(np.count_nonzero(wanted)) - covered)
