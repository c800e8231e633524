"""The padded-grid form of a RollingBalls board that the kernels search.

The board gets a one-cell frame of walls, so a rolling ball never needs a
bounds check: it steps while the next cell is empty, and the frame stops it
like the board's edge does. A cell of ``grid`` holds WALL, EMPTY or the index
of the ball on it; balls keep their index for the whole search.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.jit import njit
from workbench.puzzles.rolling_balls import Board, Case, Roll
from workbench.puzzles.rolling_balls.board import WALL as WALL_CHAR
from workbench.puzzles.rolling_balls.board import is_ball

WALL, EMPTY = -2, -1
NO_TARGET = -1
FAR = 30000  # walking distance of a cell the target cannot reach (fits int16)


@dataclass(frozen=True)
class Layout:
    rows: int
    cols: int
    width: int  # padded row length
    grid: np.ndarray  # int32 per padded cell: WALL, EMPTY or a ball index
    ball_pos: np.ndarray  # int32 padded cell of each ball
    ball_colour: np.ndarray  # int32 colour 0..9 of each ball
    # int8 per padded cell: the target's colour or NO_TARGET (a roll reads it: a quarter of the
    # int32 footprint keeps it in L1 beside the grid, as the reference's char board is)
    target_colour: np.ndarray
    target_cells: np.ndarray  # int32 padded cell of each target, row-major
    distance: np.ndarray  # int16 [target, padded cell]: walking steps around the walls
    deltas: np.ndarray  # int64[4]: flat offsets of the contest's directions 0..3
    zobrist: np.ndarray  # uint64 [padded cell, colour]
    max_rolls: int

    def cell(self, z: int) -> tuple[int, int]:
        """(row, column) on the board of padded cell z."""
        r, c = divmod(int(z), self.width)
        return r - 1, c - 1

    def roll(self, z: int, d: int) -> Roll:
        return Roll(*self.cell(z), int(d))


def _padded(board: Board, width: int) -> list[int]:
    return [(r + 1) * width + c + 1 for r in range(board.rows) for c in range(board.cols)]


@njit(cache=True, nogil=True)
def walking_distances(grid, target_cells, deltas, out):
    """BFS from every target over non-wall cells (balls do not block walking)."""
    queue = np.empty(grid.shape[0], dtype=np.int64)
    for t in range(target_cells.shape[0]):
        row = out[t]
        row[:] = FAR
        row[target_cells[t]] = 0
        queue[0] = target_cells[t]
        head, tail = 0, 1
        while head < tail:
            z = queue[head]
            head += 1
            for d in range(4):
                n = z + deltas[d]
                if grid[n] != WALL and row[n] > row[z] + 1:
                    row[n] = row[z] + 1
                    queue[tail] = n
                    tail += 1


def layout_of(case: Case, board: Board) -> Layout:
    """The search form of ``board`` (the position to solve from) against ``case``'s target."""
    width = board.cols + 2
    size = (board.rows + 2) * width
    cells = _padded(board, width)
    grid = np.full(size, WALL, dtype=np.int32)
    target_colour = np.full(size, NO_TARGET, dtype=np.int8)
    positions: list[int] = []
    colours: list[int] = []
    targets: list[int] = []
    for z, now, wanted in zip(cells, board.cells, case.target.cells):
        if now != WALL_CHAR:
            grid[z] = EMPTY
        if is_ball(now):
            grid[z] = len(positions)
            positions.append(z)
            colours.append(now - ord("0"))
        if is_ball(wanted):
            target_colour[z] = wanted - ord("0")
            targets.append(z)
    deltas = np.array([-1, width, 1, -width], dtype=np.int64)  # left, down, right, up
    target_cells = np.array(targets, dtype=np.int32)
    distance = np.empty((len(targets), size), dtype=np.int16)
    walking_distances(grid, target_cells, deltas, distance)
    zobrist = np.random.default_rng(0x5EED).integers(1, 2**63, size=(size, 10), dtype=np.int64)
    return Layout(
        board.rows,
        board.cols,
        width,
        grid,
        np.array(positions, dtype=np.int32),
        np.array(colours, dtype=np.int32),
        target_colour,
        target_cells,
        distance,
        deltas,
        zobrist.astype(np.uint64),
        case.max_rolls,
    )


# A 3x4 case whose one ball needs two rolls: compiles every kernel in a moment.
WARM_UP_CASE = Case(Board.from_rows(["0...", ".#..", "...."]), Board.from_rows(["....", ".#..", "...0"]))
