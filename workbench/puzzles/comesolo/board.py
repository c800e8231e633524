"""Comesolo boards and the jump rule (8-direction peg solitaire).

A board is R x C cells, each a piece (1) or empty (0), stored row-major in
``bytes`` so boards are immutable and hashable. Coordinates are 0-based here;
files are 1-based and convert at the format boundary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from workbench.core.errors import EditError, IllegalMove

# The editorial's loop order: NW, N, NE, W, E, SW, S, SE.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
)
DIRECTION_NAMES = ("NW", "N", "NE", "W", "E", "SW", "S", "SE")


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    cells: bytes  # row-major, 1 = piece, 0 = empty

    def __post_init__(self):
        if len(self.cells) != self.rows * self.cols:
            raise ValueError("cells do not match the board size")

    @classmethod
    def from_array(cls, grid) -> Board:
        grid = np.asarray(grid, dtype=np.uint8)
        return cls(grid.shape[0], grid.shape[1], (grid != 0).astype(np.uint8).tobytes())

    def array(self) -> np.ndarray:
        """A read-only (rows, cols) uint8 view."""
        return np.frombuffer(self.cells, dtype=np.uint8).reshape(self.rows, self.cols)

    def flat(self) -> np.ndarray:
        return np.frombuffer(self.cells, dtype=np.uint8)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def piece(self, r: int, c: int) -> bool:
        return self.cells[r * self.cols + c] == 1

    @property
    def pieces(self) -> int:
        return self.cells.count(1)

    def with_cells(self, changes: dict[tuple[int, int], int]) -> Board:
        cells = bytearray(self.cells)
        for (r, c), value in changes.items():
            cells[r * self.cols + c] = 1 if value else 0
        return Board(self.rows, self.cols, bytes(cells))


class Jump(NamedTuple):
    """The piece at (r, c) jumps over (r+dr, c+dc) to (r+2dr, c+2dc)."""

    r: int
    c: int
    dr: int
    dc: int

    @property
    def over(self) -> tuple[int, int]:
        return self.r + self.dr, self.c + self.dc

    @property
    def to(self) -> tuple[int, int]:
        return self.r + 2 * self.dr, self.c + 2 * self.dc

    def text(self) -> str:
        tr, tc = self.to
        return f"({self.r + 1},{self.c + 1})→({tr + 1},{tc + 1})"


def check_jump(board: Board, jump: Jump) -> str | None:
    """Why ``jump`` is illegal on ``board``, or None when it is legal."""
    r, c, dr, dc = jump
    if (dr, dc) not in DIRECTIONS:
        return f"{jump.text()} is not a jump in one of the 8 directions"
    if not board.inside(r, c):
        return f"({r + 1},{c + 1}) is off the {board.rows}x{board.cols} board"
    if not board.piece(r, c):
        return f"no piece at ({r + 1},{c + 1})"
    orow, ocol = jump.over
    trow, tcol = jump.to
    if not board.inside(trow, tcol):
        return f"{jump.text()} lands off the board"
    if not board.piece(orow, ocol):
        return f"{jump.text()} has no piece to jump over at ({orow + 1},{ocol + 1})"
    if board.piece(trow, tcol):
        return f"{jump.text()} lands on a piece"
    return None


def play(board: Board, jump: Jump) -> Board:
    reason = check_jump(board, jump)
    if reason is not None:
        raise IllegalMove(reason)
    return board.with_cells({(jump.r, jump.c): 0, jump.over: 0, jump.to: 1})


def legal_jumps(board: Board) -> list[Jump]:
    """Every legal jump, pieces in row-major order, directions in editorial order."""
    grid = board.array()
    rows, cols = board.rows, board.cols
    padded = np.zeros((rows + 4, cols + 4), dtype=np.int8)
    padded[2:-2, 2:-2] = grid
    padded_out = np.ones_like(padded)  # off-board landing cells count as blocked
    padded_out[2:-2, 2:-2] = grid
    moves = []
    for d, (dr, dc) in enumerate(DIRECTIONS):
        over = padded[2 + dr : 2 + dr + rows, 2 + dc : 2 + dc + cols]
        land = padded_out[2 + 2 * dr : 2 + 2 * dr + rows, 2 + 2 * dc : 2 + 2 * dc + cols]
        ok = (grid == 1) & (over == 1) & (land == 0)
        for r, c in zip(*np.nonzero(ok)):
            moves.append((int(r), int(c), d))
    moves.sort()
    return [Jump(r, c, *DIRECTIONS[d]) for r, c, d in moves]


# ------------------------------------------------------------------ editing
MAX_SIDE = 200


def resized(board: Board, rows: int, cols: int) -> Board:
    """The board cut or padded (with empty cells) to rows x cols, top-left kept."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise EditError(f"board sides must be 1..{MAX_SIDE}, not {rows}x{cols}")
    grid = np.zeros((rows, cols), dtype=np.uint8)
    keep_r, keep_c = min(rows, board.rows), min(cols, board.cols)
    grid[:keep_r, :keep_c] = board.array()[:keep_r, :keep_c]
    return Board.from_array(grid)


def filled(board: Board, piece: bool) -> Board:
    return Board(board.rows, board.cols, bytes([1 if piece else 0]) * (board.rows * board.cols))
