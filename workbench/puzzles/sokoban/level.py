"""A Sokoban level and its state, and the XSB text they come in (several levels a file, with titles).

XSB: ``#`` wall, ``@`` player, ``+`` player on a goal, ``$`` box, ``*`` box on a goal, ``.`` goal,
and a space, ``-`` or ``_`` for floor. Floor the player cannot reach is outside the level.
A collection holds levels separated by other lines; ``Title: name`` (or a ``;`` comment line
just before a level) names it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeGuard

from workbench.core.errors import FormatError

WALL, FLOOR, GOAL = "#", " ", "."
FLOOR_MARKS = " -_"
BOARD_CHARS = set("#@+$*. -_")
DIRECTIONS = {"l": (0, -1), "u": (-1, 0), "r": (0, 1), "d": (1, 0)}  # LURD
MAX_SIDE = 100
METADATA = re.compile(r"^[A-Za-z][A-Za-z ]{0,20}:")


@dataclass(frozen=True)
class Level:
    rows: int
    cols: int
    walls: bytes  # 1 where a wall is, row-major
    goals: bytes  # 1 where a goal is
    boxes: frozenset[int]  # cells holding a box at the start
    player: int  # the player's cell at the start
    title: str = ""

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def step(self, cell: int, move: str) -> int | None:
        """The cell next to ``cell`` in the move's direction, or None off the board."""
        dr, dc = DIRECTIONS[move]
        r, c = divmod(cell, self.cols)
        r, c = r + dr, c + dc
        return r * self.cols + c if self.inside(r, c) else None

    def open(self, cell: int | None) -> TypeGuard[int]:  # True: a cell, and not a wall
        return cell is not None and not self.walls[cell]

    def reachable(self, start: int | None = None, boxes: frozenset[int] = frozenset()) -> set[int]:
        """The cells the player reaches from ``start`` without pushing ``boxes``."""
        start = self.player if start is None else start
        seen, todo = {start}, [start]
        while todo:
            cell = todo.pop()
            for move in DIRECTIONS:
                nxt = self.step(cell, move)
                if self.open(nxt) and nxt not in seen and nxt not in boxes:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def interior(self) -> set[int]:
        """The level's own cells: what the player reaches with every box taken away."""
        return self.reachable(self.player)


@dataclass(frozen=True)
class State:
    player: int
    boxes: frozenset[int]
    pushes: int = 0

    def solved(self, level: Level) -> bool:
        return all(level.goals[b] for b in self.boxes)


def parse_level(lines: list[str], first_line: int, title: str = "") -> Level:
    """One level from its board lines (``first_line``: the file line of the first, for messages)."""
    rows, cols = len(lines), max(len(line) for line in lines)
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise FormatError(f"the level is {rows}x{cols}, more than {MAX_SIDE} a side", first_line)
    walls, goals = bytearray(rows * cols), bytearray(rows * cols)
    boxes, players = set(), []
    for r, line in enumerate(lines):
        for c, char in enumerate(line):
            cell = r * cols + c
            if char not in BOARD_CHARS:
                raise FormatError(f"column {c + 1}: '{char}' is not a Sokoban square (#@+$*. -_)", first_line + r)
            if char == "#":
                walls[cell] = 1
            if char in "+*.":
                goals[cell] = 1
            if char in "$*":
                boxes.add(cell)
            if char in "@+":
                players.append((cell, first_line + r))
    if len(players) != 1:
        where = ", ".join(f"line {line}" for _, line in players) or "none"
        raise FormatError(f"a level needs exactly one player (@ or +), found {len(players)} ({where})", first_line)
    level = Level(rows, cols, bytes(walls), bytes(goals), frozenset(boxes), players[0][0], title)
    inside = level.interior()
    outside = sorted(b for b in boxes if b not in inside and not any(level.step(b, m) in inside for m in DIRECTIONS))
    if not boxes:
        raise FormatError("the level has no box ($ or *)", first_line)
    goal_count = sum(goals)
    if goal_count != len(boxes):
        raise FormatError(f"the level has {len(boxes)} boxes but {goal_count} goals", first_line)
    if outside:
        r, c = level.rc(outside[0])
        raise FormatError(f"column {c + 1}: a box the player can never reach", first_line + r)
    return level


def _is_board_line(line: str) -> bool:
    """Rows of squares; a row walled at both ends is one too, so a stray character in it is reported
    at its column instead of cutting the level in two."""
    stripped = line.strip()
    if not stripped:
        return False
    return ("#" in stripped and set(line.rstrip()) <= BOARD_CHARS) or (stripped[0] == stripped[-1] == "#")


def split_levels(text: str) -> list[tuple[str, list[str], int]]:
    """(title, board lines, first line number) for each level of a collection, in file order."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    found: list[tuple[str, list[str], int]] = []
    block: list[str] = []
    start, comment = 0, ""
    for number, line in enumerate(lines, start=1):
        if _is_board_line(line):
            if not block:
                start = number
            block.append(line.rstrip())
            continue
        if block:
            found.append((comment, block, start))
            block, comment = [], ""
        stripped = line.strip()
        if stripped.lower().startswith("title:") and found:
            found[-1] = (stripped[6:].strip(), *found[-1][1:])  # SOK files name a level after it
        elif METADATA.match(stripped):
            continue  # Author:, Comment: ...
        elif stripped.startswith(";"):
            comment = stripped[1:].strip()  # "; 12" before a level names it
        elif stripped:
            comment = stripped
    if block:
        found.append((comment, block, start))
    return found


def parse_levels(text: str) -> list[Level]:
    levels = [parse_level(block, start, title) for title, block, start in split_levels(text)]
    if not levels:
        raise FormatError("no Sokoban level here (rows of # @ + $ * . and spaces)")
    return levels


def format_level(level: Level, player: int | None = None, boxes: frozenset[int] | None = None) -> str:
    """The level in XSB (at a position when ``player`` and ``boxes`` are given), outside floor as spaces."""
    player = level.player if player is None else player
    boxes = level.boxes if boxes is None else boxes
    out = []
    for r in range(level.rows):
        row = []
        for c in range(level.cols):
            cell = r * level.cols + c
            goal = level.goals[cell]
            if level.walls[cell]:
                row.append("#")
            elif cell == player:
                row.append("+" if goal else "@")
            elif cell in boxes:
                row.append("*" if goal else "$")
            else:
                row.append("." if goal else " ")
        out.append("".join(row).rstrip())
    title = f"Title: {level.title}\n" if level.title else ""
    return "\n".join(out) + "\n" + title
