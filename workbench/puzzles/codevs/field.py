"""The CODE VS Reborn field and its mechanics: landing a pack, pairs, falling, the skill blast.

The field is 10 columns by 19 rows: the 16 visible rows plus room for one ojama
row and a 2-high pack, which may stick up for a moment during a turn. Rows are
0-based from the floor here (row index 0 is the contest's row 1, index 16 its
danger row 17); columns are the contest's 0..9. Each column is stored bottom-up
and contiguous, so falling is dropping the erased cells out of a column.

Between the steps of a turn every block rests on the floor or on another block;
every function here keeps that true, so a column's height is its block count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

WIDTH = 10
HEIGHT = 19  # 16 visible + one ojama row + a 2-high pack
VISIBLE = 16  # a block on a higher row when a turn ends loses the game
EMPTY = 0
OJAMA = 11
BOMB = 5  # the value the skill explodes
PAIR_SUM = 10
BLOCK_VALUES = frozenset({EMPTY, *range(1, 10), OJAMA})

Pack = tuple[int, int, int, int]  # a b / c d: top row first
Cell = tuple[int, int]  # (column, row index from the floor)

# Each touching pair of cells is looked at once: right, up, up-right, down-right.
_HALF_NEIGHBOURS = ((1, 0), (0, 1), (1, 1), (1, -1))
_NEIGHBOURHOOD = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


@dataclass(frozen=True)
class Field:
    cells: bytes = bytes(WIDTH * HEIGHT)  # column-major, bottom-up: cells[x * HEIGHT + y]

    def __post_init__(self):
        if len(self.cells) != WIDTH * HEIGHT:
            raise ValueError(f"a field has {WIDTH * HEIGHT} cells, got {len(self.cells)}")
        if not set(self.cells) <= BLOCK_VALUES:
            raise ValueError("field cells are 0 (empty), 1..9 or 11 (ojama)")
        for x in range(WIDTH):
            column = self.cells[x * HEIGHT : (x + 1) * HEIGHT]
            if column.rstrip(b"\0").count(0):
                raise ValueError(f"column {x} has a block floating over an empty cell")

    @classmethod
    def from_array(cls, grid: np.ndarray) -> Field:
        """From a (WIDTH, HEIGHT) array indexed [column, row from the floor]."""
        return cls(np.ascontiguousarray(grid, dtype=np.uint8).tobytes())

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> Field:
        """From rows of 10 values, top row first and the floor row last (the contest's layout)."""
        if len(rows) > HEIGHT or any(len(row) != WIDTH for row in rows):
            raise ValueError(f"expected at most {HEIGHT} rows of {WIDTH} values")
        grid = np.zeros((WIDTH, HEIGHT), dtype=np.uint8)
        for y, row in enumerate(reversed(rows)):
            grid[:, y] = row
        return cls.from_array(grid)

    @classmethod
    def from_columns(cls, columns: Sequence[Sequence[int]]) -> Field:
        """From up to 10 columns of blocks, each listed from the floor up."""
        grid = np.zeros((WIDTH, HEIGHT), dtype=np.uint8)
        for x, column in enumerate(columns):
            grid[x, : len(column)] = column
        return cls.from_array(grid)

    def array(self) -> np.ndarray:
        """A read-only (WIDTH, HEIGHT) view indexed [column, row from the floor]."""
        return np.frombuffer(self.cells, dtype=np.uint8).reshape(WIDTH, HEIGHT)

    def column(self, x: int) -> bytes:
        """The blocks of column ``x`` from the floor up."""
        return self.cells[x * HEIGHT : (x + 1) * HEIGHT].rstrip(b"\0")

    def height(self, x: int) -> int:
        return len(self.column(x))

    def over_danger_line(self) -> bool:
        return any(self.height(x) > VISIBLE for x in range(WIDTH))


def pack_problem(pack: Sequence[int]) -> str | None:
    """Why ``pack`` is not a pack (3 or 4 blocks 1..9, 0 = empty), or None."""
    if len(pack) != 4 or any(v not in range(10) for v in pack):
        return "a pack is 4 values 0..9 (0 = empty)"
    blocks = sum(1 for v in pack if v)
    if blocks not in (3, 4):
        return f"a pack holds 3 or 4 blocks, this one holds {blocks}"
    return None


def rotate(pack: Pack, turns: int) -> Pack:
    """The pack after ``turns`` quarter turns clockwise: a b / c d becomes c a / d b."""
    a, b, c, d = pack
    for _ in range(turns % 4):
        a, b, c, d = c, a, d, b
    return a, b, c, d


def land(field: Field, pack: Pack, x: int, turns: int) -> tuple[Field, tuple[Cell, ...]]:
    """Drop the rotated pack with its left column over column ``x``.

    Each pack column falls on its own, and an empty cell under a block closes
    up, so only the pack's blocks are stacked, bottom one first. Returns the
    field and the cells the blocks landed on.
    """
    a, b, c, d = rotate(pack, turns)
    cells = bytearray(field.cells)
    landed = []
    for column, blocks in ((x, (c, a)), (x + 1, (d, b))):
        y = field.height(column)
        for value in blocks:
            if value:
                cells[column * HEIGHT + y] = value
                landed.append((column, y))
                y += 1
    return Field(bytes(cells)), tuple(landed)


def _padded(grid: np.ndarray, dtype) -> np.ndarray:
    padded = np.zeros((WIDTH + 2, HEIGHT + 2), dtype=dtype)
    padded[1:-1, 1:-1] = grid
    return padded


def pair_mask(field: Field) -> np.ndarray:
    """The cells of every pair of touching blocks (8 directions) that sum to 10.

    Testing the sum alone is exact: ojama (11) is too big to sum to 10 with
    anything, and an empty cell (0) would need a 10, which no block is.
    """
    grid = field.array()
    values = _padded(grid, np.uint8)
    marked = np.zeros((WIDTH + 2, HEIGHT + 2), dtype=bool)
    for dx, dy in _HALF_NEIGHBOURS:
        partner = (slice(1 + dx, 1 + dx + WIDTH), slice(1 + dy, 1 + dy + HEIGHT))
        hit = grid + values[partner] == PAIR_SUM
        marked[1:-1, 1:-1] |= hit
        marked[partner] |= hit
    return marked[1:-1, 1:-1]


def blast_mask(field: Field) -> np.ndarray:
    """The cells the skill erases: every 5 and its 8 neighbours, except ojama and empty cells."""
    grid = field.array()
    bombs = _padded(grid == BOMB, bool)
    blast = np.zeros((WIDTH, HEIGHT), dtype=bool)
    for dx, dy in _NEIGHBOURHOOD:
        blast |= bombs[1 + dx : 1 + dx + WIDTH, 1 + dy : 1 + dy + HEIGHT]
    return blast & (grid != EMPTY) & (grid != OJAMA)


def remove(field: Field, mask: np.ndarray) -> Field:
    """The field once the masked cells vanish and the blocks above them fall."""
    grid = field.array()
    fallen = np.zeros((WIDTH, HEIGHT), dtype=np.uint8)
    for x in range(WIDTH):
        kept = grid[x][(grid[x] != EMPTY) & ~mask[x]]
        fallen[x, : len(kept)] = kept
    return Field.from_array(fallen)


def add_ojama_row(field: Field) -> Field:
    """One ojama block on top of every column."""
    cells = bytearray(field.cells)
    for x in range(WIDTH):
        cells[x * HEIGHT + field.height(x)] = OJAMA
    return Field(bytes(cells))


def cells_of(mask: np.ndarray) -> tuple[Cell, ...]:
    return tuple((int(x), int(y)) for x, y in zip(*np.nonzero(mask)))


def painted(field: Field, x: int, y: int, value: int) -> Field:
    """The field with cell (x, y) set to ``value``, settled as blocks always are: a block
    painted above its column's stack lands on top of it, and erasing a block lets the
    ones above it fall."""
    if value not in BLOCK_VALUES:
        raise ValueError("a cell is 0 (empty), 1..9 or 11 (ojama)")
    column = bytearray(field.column(x))
    if y < len(column):
        column[y] = value
    elif value:
        column.append(value)
    if len(column) > HEIGHT:
        raise ValueError(f"column {x} is full")
    column = column.replace(b"\0", b"")
    cells = bytearray(field.cells)
    cells[x * HEIGHT : (x + 1) * HEIGHT] = bytes(column).ljust(HEIGHT, b"\0")
    return Field(bytes(cells))
