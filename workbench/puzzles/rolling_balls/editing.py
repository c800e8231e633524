"""Board edits that keep a case valid, one cell at a time (Qt-free; the GUI editor uses them).

A case needs the same walls in the start and the target and the same multiset
of colours, so no edit changes one half alone: a wall is put in (or taken out
of) both halves, balls are added and erased together with a target of their
colour, and otherwise balls and targets are only moved. A user never meets a
half-edited board that cannot be saved, and every refusal says why.

``resize`` crops or extends both halves alike; a ball or a target it cuts off goes with a
partner of its colour, so the colours still pair up. ``edit(case, cell, brush, dragging)``
returns the new case and the paint a drag goes on with. The first click of a gesture decides what the drag does
(paint walls or clear them, carry the ball that was clicked); while dragging,
cells the paint cannot go on are passed over silently.
"""

from __future__ import annotations

from workbench.core.errors import EditError

from .board import EMPTY, WALL, Board, Case, is_ball
from .formats import MAX_SIDE

WALL_BRUSH = "wall"
MOVE_BALL = "move-ball"
MOVE_TARGET = "move-target"
ERASE = "erase"
_PAIR = "pair-of-colour-"
_PAINT_WALLS = "paint-walls"  # drag paint: ("paint-walls", True) builds walls, False clears them
_CARRY = "carry"  # drag paint: ("carry", layer, (r, c)) carries a ball or a target


def pair_brush(colour: int) -> str:
    """Adds a ball of ``colour`` to the start and a target of it to the target, on one cell.

    Brushes are strings because the GUI's palette keeps them in Qt item data,
    which hands Python tuples back as lists.
    """
    return f"{_PAIR}{colour}"


def _with(board: Board, r: int, c: int, value: int) -> Board:
    cells = bytearray(board.cells)
    cells[r * board.cols + c] = value
    return Board(board.rows, board.cols, bytes(cells))


def _describe(case: Case, r: int, c: int) -> str | None:
    """What keeps (r, c) from being empty in both halves, or None."""
    now, wanted = case.start.at(r, c), case.target.at(r, c)
    if is_ball(now):
        return f"({r}, {c}) holds a ball of colour {chr(now)}"
    if is_ball(wanted):
        return f"({r}, {c}) holds a target of colour {chr(wanted)}"
    return None


def edit(case: Case, cell: tuple[int, int], brush, dragging: bool = False) -> tuple[Case, object]:
    r, c = cell
    if not case.start.inside(r, c):
        raise EditError(f"({r}, {c}) is outside the {case.start.rows}x{case.start.cols} board")
    if brush == WALL_BRUSH:
        return _paint_wall(case, r, c, case.start.at(r, c) != WALL, dragging)
    if isinstance(brush, tuple) and brush[0] == _PAINT_WALLS:
        return _paint_wall(case, r, c, brush[1], dragging)
    if isinstance(brush, str) and brush.startswith(_PAIR):
        return _add_pair(case, r, c, int(brush[len(_PAIR) :]), dragging)
    if brush in (MOVE_BALL, MOVE_TARGET):
        return _pick_up(case, r, c, "start" if brush == MOVE_BALL else "target")
    if isinstance(brush, tuple) and brush[0] == _CARRY:
        return _carry(case, r, c, brush[1], brush[2])
    if brush == ERASE:
        return _erase_pair(case, r, c, dragging)
    raise EditError(f"unknown brush {brush!r}")


def _paint_wall(case: Case, r: int, c: int, build: bool, dragging: bool):
    paint = (_PAINT_WALLS, build)
    if (case.start.at(r, c) == WALL) == build:
        return case, paint
    blocker = _describe(case, r, c)
    if blocker is not None:
        if dragging:
            return case, paint
        raise EditError(f"{blocker}: move or erase it before putting a wall there")
    value = WALL if build else EMPTY
    return Case(_with(case.start, r, c, value), _with(case.target, r, c, value)), paint


def _add_pair(case: Case, r: int, c: int, colour: int, dragging: bool):
    paint = pair_brush(colour)
    blocker = "a wall" if case.start.at(r, c) == WALL else None
    blocker = f"({r}, {c}) is {blocker}" if blocker else _describe(case, r, c)
    if blocker is not None:
        if dragging:
            return case, paint
        raise EditError(f"{blocker}: a new ball and its target need a cell that is empty in both")
    value = ord("0") + colour
    return Case(_with(case.start, r, c, value), _with(case.target, r, c, value)), paint


def _pick_up(case: Case, r: int, c: int, layer: str):
    board = case.start if layer == "start" else case.target
    if not is_ball(board.at(r, c)):
        what = "ball" if layer == "start" else "target"
        raise EditError(f"no {what} at ({r}, {c}) to move: press on one and drag it")
    return case, (_CARRY, layer, (r, c))


def _carry(case: Case, r: int, c: int, layer: str, origin: tuple[int, int]):
    board = case.start if layer == "start" else case.target
    if board.at(r, c) != EMPTY:  # walls and other balls or targets are passed over
        return case, (_CARRY, layer, origin)
    moved = _with(_with(board, r, c, board.at(*origin)), *origin, EMPTY)
    edited = Case(moved, case.target) if layer == "start" else Case(case.start, moved)
    return edited, (_CARRY, layer, (r, c))


def _erase_pair(case: Case, r: int, c: int, dragging: bool):
    now, wanted = case.start.at(r, c), case.target.at(r, c)
    if not (is_ball(now) and now == wanted):
        if dragging:
            return case, ERASE
        if is_ball(now) or is_ball(wanted):
            raise EditError(
                f"{_describe(case, r, c)}: erasing takes a ball together with a target "
                "of its colour on the same cell; drag one onto the other first"
            )
        raise EditError(f"nothing to erase at ({r}, {c})")
    if case.n_balls == 1:
        raise EditError("a case needs at least one ball: add another before erasing the last")
    return Case(_with(case.start, r, c, EMPTY), _with(case.target, r, c, EMPTY)), ERASE


def resize(case: Case, rows: int, cols: int) -> Case:
    """The case on a rows x cols board: new cells are empty; balls and targets cut off go, and so,
    colour by colour, do as many of their partners inside (the ones nearest the bottom right), so
    that balls and targets still pair up. Refused when no ball would be left."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise EditError(f"a board is 1..{MAX_SIDE} cells on each side, not {rows}x{cols}")

    def cropped(board: Board) -> list[str]:
        texts = [row[:cols].ljust(cols, ".") for row in board.row_texts()[:rows]]
        return texts + ["." * cols] * (rows - len(texts))

    start, target = cropped(case.start), cropped(case.target)
    for colour in {ch for row in case.start.row_texts() for ch in row if is_ball(ord(ch))}:
        balls = [(r, c) for r, row in enumerate(start) for c, ch in enumerate(row) if ch == colour]
        targets = [(r, c) for r, row in enumerate(target) for c, ch in enumerate(row) if ch == colour]
        extra, layer = (balls, start) if len(balls) > len(targets) else (targets, target)
        for r, c in extra[min(len(balls), len(targets)) :]:  # row-major: the last are nearest the bottom right
            layer[r] = layer[r][:c] + "." + layer[r][c + 1 :]
    edited = Case(Board.from_rows(start), Board.from_rows(target))
    if edited.n_balls == 0:
        raise EditError(f"a {rows}x{cols} board would hold no ball: a case needs at least one")
    return edited
