"""The padded-grid form of a board that the kernels search, and the way back.

Also holds the evaluation weights (see kernels.py for how they are summed).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from workbench.puzzles.comesolo.board import DIRECTIONS, Board, Jump

from .kernels import FRAME, WALL, board_hash, board_score

# Score of a piece by its number of adjacent pieces. A piece with no neighbour
# cannot be captured until another piece lands next to it, and cannot move.
NB_SCORE = np.array([-60, 0, 4, 6, 8, 9, 10, 10, 10], dtype=np.int64)
# A corner piece can never be jumped over (every line through it leaves the
# board), only jump away; an edge piece can be jumped over only along the edge.
CORNER_SCORE = -40
EDGE_SCORE = -4


@dataclass(frozen=True)
class Layout:
    rows: int
    cols: int
    width: int  # padded row length
    root: np.ndarray  # uint8 padded grid of the start
    offs: np.ndarray  # int64[8] flat offsets of the 8 directions
    zobrist: np.ndarray  # uint64 per padded cell
    nb_score: np.ndarray
    cell_score: np.ndarray  # int64 per padded cell
    first: int  # the board cells lie in [first, last) of the padded grid
    last: int
    pieces: int
    box_offs: np.ndarray  # int64[25]: the 5x5 box around a jumped cell
    box_change: np.ndarray  # int64[8, 25]: see kernels.counted_delta

    @property
    def root_hash(self) -> np.uint64:
        return np.uint64(board_hash(self.root, self.zobrist, self.first, self.last))

    @property
    def root_score(self) -> int:
        return int(board_score(self.root, self.offs, self.nb_score, self.cell_score, self.first, self.last))

    def jump(self, code: int) -> Jump:
        cell, d = divmod(int(code), 8)
        r, c = divmod(cell, self.width)
        return Jump(r - FRAME, c - FRAME, *DIRECTIONS[d])

    def jumps(self, codes) -> tuple[Jump, ...]:
        return tuple(self.jump(code) for code in codes)


def layout_of(board: Board) -> Layout:
    width = board.cols + 2 * FRAME
    height = board.rows + 2 * FRAME
    grid = np.full((height, width), WALL, dtype=np.uint8)
    grid[FRAME:-FRAME, FRAME:-FRAME] = board.array()
    offs = np.array([dr * width + dc for dr, dc in DIRECTIONS], dtype=np.int64)
    # Fixed seed: hashes identify boards, the solver's seed must not change them.
    zobrist = np.random.default_rng(0x5EED).integers(1, 2**63, size=height * width, dtype=np.int64).astype(np.uint64)
    return Layout(
        board.rows,
        board.cols,
        width,
        grid.ravel().copy(),
        offs,
        zobrist,
        NB_SCORE,
        _cell_scores(board.rows, board.cols, height, width),
        FRAME * width,
        (height - FRAME) * width,
        board.pieces,
        *_box_tables(width),
    )


def _box_tables(width: int) -> tuple[np.ndarray, np.ndarray]:
    box = [(dr, dc) for dr in range(-2, 3) for dc in range(-2, 3)]
    offs = np.array([dr * width + dc for dr, dc in box], dtype=np.int64)
    change = np.zeros((8, len(box)), dtype=np.int64)

    def adjacent(a, b):
        return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1

    for d, (dr, dc) in enumerate(DIRECTIONS):
        x, y, z = (-dr, -dc), (0, 0), (dr, dc)
        for i, q in enumerate(box):
            if q not in (x, y):
                change[d, i] = adjacent(q, z) - adjacent(q, x) - adjacent(q, y)
    return offs, change


def _cell_scores(rows: int, cols: int, height: int, width: int) -> np.ndarray:
    score = np.zeros((height, width), dtype=np.int64)
    inner = score[FRAME:-FRAME, FRAME:-FRAME]
    if rows >= 3 and cols >= 3:
        inner[0, :] = inner[-1, :] = inner[:, 0] = inner[:, -1] = EDGE_SCORE
    inner[0, 0] = inner[0, -1] = inner[-1, 0] = inner[-1, -1] = CORNER_SCORE
    return score.ravel()


def facts(layout: Layout, depth: int) -> tuple[tuple[str, int], ...]:
    return (("pieces left", layout.pieces - depth), ("moves", depth))


# A board with a few jumps: enough to compile every kernel a slice uses.
WARM_UP_BOARD = Board.from_array([[1, 1, 0, 1], [0, 1, 1, 0], [1, 0, 1, 1], [0, 1, 0, 0]])
