"""Random Sokoban levels that are solvable by construction: boxes start on their goals and are
pulled away (the reverse of pushes), so playing the pulls backwards solves the level.

After gym-sokoban (Schrader, 2018): the room is carved out of solid wall by a random walk that
stamps small shapes, which makes corridors and corners rather than an open hall; ``boxes`` goals
get a box each, and ``pulls`` random pulls follow, each from wherever the player can walk to. Of
the positions on the way, the level starts from the one the pulls made hardest by gym-sokoban's
measure: how far the boxes are from their goals, times how often the pulls changed box (doubled
when no box is left on a goal). Python's
``random`` with the seed is the stream, so a seed gives the same level on every machine.
"""

from __future__ import annotations

import random

from .level import DIRECTIONS, Level

# The shapes the walk stamps, as (row, column) offsets: a plus, a square, and L corners.
SHAPES = (
    ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)),
    ((0, 0), (0, 1), (1, 0), (1, 1)),
    ((0, 0), (1, 0), (1, 1)),
    ((0, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (0, 1)),
)
TURN = 0.35  # the walk's chance of a new direction at each step
WALK = 2.5  # the walk's steps, per row and column of the level


def generate(seed: int, rows: int = 8, cols: int = 8, boxes: int = 3, pulls: int = 0) -> Level:
    if not 5 <= rows <= 30 or not 5 <= cols <= 30:
        raise ValueError(f"rows and columns must be 5..30, got {rows}x{cols}")
    inner = (rows - 2) * (cols - 2)
    if not 1 <= boxes <= max(1, inner // 5):
        raise ValueError(f"boxes must be 1..{max(1, inner // 5)} for a {rows}x{cols} level, got {boxes}")
    rng = random.Random(seed)
    pulls = pulls or 60 * boxes + rows * cols
    for _ in range(1000):
        level = _attempt(rng, rows, cols, boxes, pulls)
        if level is not None:
            return level
    raise ValueError(f"no level came out of seed {seed} with these options; try fewer boxes")


def _room(rng: random.Random, rows: int, cols: int) -> bytearray:
    """Solid wall with a connected floor carved by a random walk of stamped shapes."""
    wall = bytearray(b"\x01" * (rows * cols))
    r, c = rng.randrange(1, rows - 1), rng.randrange(1, cols - 1)
    dr, dc = rng.choice(list(DIRECTIONS.values()))
    for _ in range(int(WALK * (rows + cols))):
        if rng.random() < TURN:
            dr, dc = rng.choice(list(DIRECTIONS.values()))
        r, c = min(max(r + dr, 1), rows - 2), min(max(c + dc, 1), cols - 2)
        for sr, sc in rng.choice(SHAPES):
            rr, cc = r + sr, c + sc
            if 1 <= rr <= rows - 2 and 1 <= cc <= cols - 2:
                wall[rr * cols + cc] = 0
    return wall


def _attempt(rng: random.Random, rows: int, cols: int, boxes: int, pulls: int) -> Level | None:
    wall = _room(rng, rows, cols)
    floor = [cell for cell in range(rows * cols) if not wall[cell]]
    if len(floor) < 3 * boxes + 2:
        return None
    goals = rng.sample(floor, boxes)
    goal = bytearray(rows * cols)
    for cell in goals:
        goal[cell] = 1
    home = {cell: cell for cell in goals}  # each box's goal, following the box as it is pulled
    player = rng.choice([x for x in floor if x not in home])
    base = Level(rows, cols, bytes(wall), bytes(goal), frozenset(home), player)
    best, best_score, last_goal, switches = None, 0, None, 0
    for _ in range(pulls):
        at = frozenset(home)
        reach = base.reachable(player, at)
        options = []
        for box in sorted(at):
            for move in DIRECTIONS:
                stand = base.step(box, move)  # the player stands here and pulls the box toward it
                back = base.step(stand, move) if stand is not None else None
                if stand in reach and base.open(back) and back not in at:
                    options.append((box, stand, back))
        if not options:
            break
        box, stand, back = rng.choice(options)
        origin = home.pop(box)
        home[stand] = origin
        player = back
        switches += origin != last_goal
        last_goal = origin
        away = sum(abs(b // cols - g // cols) + abs(b % cols - g % cols) for b, g in home.items())
        # A box left on a goal makes the level smaller than it looks: positions with none count double.
        score = away * switches * (2 if not any(goal[b] for b in home) else 1)
        if score > best_score:
            best_score, best = score, (frozenset(home), player)
    if best is None:
        return None
    boxes_at, player = best
    return Level(rows, cols, bytes(wall), bytes(goal), boxes_at, player)
