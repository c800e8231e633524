"""The AHC015 box: placing candies, tilting, and the contest score.

Cells are 100 bytes, row-major, row 0 at the front (the top of the picture):
0 is empty, 1..3 a flavour. A ``Box`` holds only what a player knows at that
point (all flavours, the placements revealed so far, the player's own tilts),
never the instance, so the future placements cannot leak through a state.
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.core.errors import IllegalMove

SIDE = 10
CELLS = SIDE * SIDE
CANDIES = 100
TILTS = ("F", "B", "L", "R")
TILT_NAMES = {"F": "front (row 0)", "B": "back (row 9)", "L": "left (column 0)", "R": "right (column 9)"}
FLAVOUR_NAMES = {1: "strawberry", 2: "watermelon", 3: "pumpkin"}
EMPTY = 0
_EMPTY_ROW = bytes(SIDE)


@dataclass(frozen=True)
class Candies:
    """The instance: every flavour f_1..f_100 and every placement p_1..p_100."""

    flavours: bytes
    placements: bytes

    def __post_init__(self):
        if len(self.flavours) != CANDIES or len(self.placements) != CANDIES:
            raise ValueError("an AHC015 instance has 100 flavours and 100 placements")


@dataclass(frozen=True)
class Box:
    """A position: ``turn`` candies placed (p_1..p_turn revealed), ``tilts`` tilts done.

    Settled positions have ``tilts == turn - 1`` (candy ``turn`` waits for its
    tilt) or ``tilts == turn == 100`` (the game is over). ``tilts == turn < 100``
    is the moment between a tilt and the next drop.
    """

    flavours: bytes  # f_1..f_100, public from the start
    placements: bytes  # p_1..p_turn, the ones revealed so far
    cells: bytes
    tilts: int
    # The tilts played so far, in order ("FBL..."): the player's own moves are public,
    # and rule 2 needs the last vertical one. Hand-built boxes may leave it empty.
    played: str = ""

    @classmethod
    def empty(cls, flavours: bytes) -> Box:
        return cls(bytes(flavours), b"", bytes(CELLS), 0)

    @property
    def last_vertical_tilt(self) -> str | None:
        return last_vertical_tilt(self.played)

    @property
    def turn(self) -> int:
        return len(self.placements)

    @property
    def over(self) -> bool:
        return self.tilts == CANDIES

    @property
    def next_flavour(self) -> int | None:
        """The flavour of the candy that drops after the coming tilt (f_{turn+1})."""
        return self.flavours[self.turn] if self.turn < CANDIES else None

    def cell(self, r: int, c: int) -> int:
        return self.cells[r * SIDE + c]

    def rows(self) -> list[bytes]:
        return [self.cells[r : r + SIDE] for r in range(0, CELLS, SIDE)]


def last_vertical_tilt(played) -> str | None:
    """The last F or B among the tilts ``played``, or None: where the candies were last gathered."""
    for move in reversed(played):
        if move in ("F", "B"):
            return move
    return None


def nth_empty_cell(cells: bytes, p: int) -> int:
    """Index of the p-th (1-based) empty cell in row-major order."""
    index = -1
    for _ in range(p):
        index = cells.index(EMPTY, index + 1)
    return index


def place(box: Box, p: int) -> Box:
    """Drop candy turn+1 into the p-th empty cell (this reveals p)."""
    if box.turn == CANDIES:
        raise IllegalMove("the box is full: all 100 candies are in")
    if box.tilts != box.turn:
        raise IllegalMove(f"candy {box.turn} must be tilted before candy {box.turn + 1} drops")
    empties = CELLS - box.turn
    if not 1 <= p <= empties:
        raise IllegalMove(f"candy {box.turn + 1} cannot drop into empty cell {p}: there are {empties}")
    index = nth_empty_cell(box.cells, p)
    cells = box.cells[:index] + bytes([box.flavours[box.turn]]) + box.cells[index + 1 :]
    return Box(box.flavours, box.placements + bytes([p]), cells, box.tilts, box.played)


def _pack_rows(cells: bytes, toward_start: bool) -> bytes:
    """Slide the candies of every row to its start (column 0) or its end, keeping their order."""
    out = []
    for start in range(0, CELLS, SIDE):
        packed = cells[start : start + SIDE].replace(b"\0", b"")
        gap = _EMPTY_ROW[len(packed) :]
        out.append(packed + gap if toward_start else gap + packed)
    return b"".join(out)


def _transpose(cells: bytes) -> bytes:
    return b"".join(cells[c::SIDE] for c in range(SIDE))


def tilted_cells(cells: bytes, direction: str) -> bytes:
    if direction in ("L", "R"):
        return _pack_rows(cells, direction == "L")
    # Columns become rows, so F (toward row 0) packs toward the start.
    return _transpose(_pack_rows(_transpose(cells), direction == "F"))


def tilt(box: Box, direction: str) -> Box:
    if direction not in TILTS:
        raise IllegalMove(f"'{direction}' is not a tilt (F, B, L or R)")
    if box.over:
        raise IllegalMove("all 100 tilts are done")
    if box.tilts != box.turn - 1:
        raise IllegalMove(f"candy {box.turn + 1} must drop before the next tilt")
    return Box(box.flavours, box.placements, tilted_cells(box.cells, direction), box.tilts + 1, box.played + direction)


def component_ids(cells: bytes) -> list[int]:
    """A component number per cell (-1 when empty), numbered in row-major order of their
    first cell: equal candies joined 4-adjacently form one component."""
    ids = [-1] * CELLS
    count = 0
    for start in range(CELLS):
        flavour = cells[start]
        if flavour == EMPTY or ids[start] >= 0:
            continue
        ids[start] = count
        stack = [start]
        while stack:
            i = stack.pop()
            r, c = divmod(i, SIDE)
            for j, inside in ((i - SIDE, r > 0), (i + SIDE, r < SIDE - 1), (i - 1, c > 0), (i + 1, c < SIDE - 1)):
                if inside and ids[j] < 0 and cells[j] == flavour:
                    ids[j] = count
                    stack.append(j)
        count += 1
    return ids


def components(cells: bytes) -> list[tuple[int, int]]:
    """(flavour, size) of every 4-connected group of equal candies."""
    ids = component_ids(cells)
    found = [[0, 0] for _ in range(max(ids) + 1)]
    for index, group in enumerate(ids):
        if group >= 0:
            found[group][0] = cells[index]
            found[group][1] += 1
    return [(flavour, size) for flavour, size in found]


def score_parts(box: Box) -> tuple[int, int]:
    """(sum of n_c^2 over the components, sum of d_i^2 over all 100 flavours)."""
    num = sum(size * size for _, size in components(box.cells))
    den = sum(box.flavours.count(f) ** 2 for f in FLAVOUR_NAMES)
    return num, den


def contest_score(num: int, den: int) -> int:
    """round(10^6 * num / den), half away from zero, in integers."""
    return (2 * 10**6 * num + den) // (2 * den)
