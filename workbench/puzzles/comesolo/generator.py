"""Comesolo boards from a seed (the documented reconstruction, see cases/README.md).

``random``: each cell, row-major, holds a piece iff u < density, u drawn from a
splitmix64 stream that starts at the seed. The structured shapes need no RNG.
"""

from __future__ import annotations

import numpy as np

from workbench.core.rng import splitmix64

from .board import Board

SHAPES = ("random", "full-hole", "blockcheck", "cross")


def random_board(rows: int, cols: int, density: float, seed: int) -> Board:
    stream = splitmix64(seed)
    cells = bytes(1 if (next(stream) >> 11) / 2.0**53 < density else 0 for _ in range(rows * cols))
    return Board(rows, cols, cells)


def shaped_board(shape: str, rows: int, cols: int) -> Board:
    r, c = np.indices((rows, cols))
    if shape == "full-hole":
        grid = np.ones((rows, cols), dtype=np.uint8)
        grid[rows // 2, cols // 2] = 0  # the centre, (5,5) 1-based on 9x9
    elif shape == "blockcheck":
        grid = ((r // 2 + c // 2) % 2 == 0).astype(np.uint8)
    elif shape == "cross":
        # The English board's plus shape, scaled to the board, centre empty.
        band_r = (r >= rows // 3) & (r < rows - rows // 3)
        band_c = (c >= cols // 3) & (c < cols - cols // 3)
        grid = (band_r | band_c).astype(np.uint8)
        grid[rows // 2, cols // 2] = 0
    else:
        raise ValueError(f"unknown shape '{shape}' (known: {', '.join(SHAPES)})")
    return Board.from_array(grid)


def generate(
    seed: int, size: int = 30, rows: int = 0, cols: int = 0, density: float = 0.5, shape: str = "random"
) -> Board:
    rows = rows or size
    cols = cols or size
    if not (1 <= rows <= 200 and 1 <= cols <= 200):
        raise ValueError("board sides must be 1..200")
    if not 0.0 <= density <= 1.0:
        raise ValueError("density must be between 0 and 1")
    if shape == "random":
        return random_board(rows, cols, density, seed)
    return shaped_board(shape, rows, cols)
