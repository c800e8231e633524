"""Random Sokoban levels that are solvable by construction: boxes start on their goals and are
pulled away (the reverse of pushes), so playing the pulls backwards solves the level.

A room of ``rows`` x ``cols`` (walls around), a few inner walls, ``boxes`` goals with a box on each,
then ``pulls`` random pulls, each from wherever the player can walk to. Python's ``random`` with
the seed is the stream, so a seed gives the same level on every machine.
"""

from __future__ import annotations

import random

from .level import DIRECTIONS, Level


def _connected(open_cells: set[int], cols: int) -> bool:
    if not open_cells:
        return False
    start = next(iter(open_cells))
    seen, todo = {start}, [start]
    while todo:
        cell = todo.pop()
        for nxt in (cell - 1, cell + 1, cell - cols, cell + cols):
            if nxt in open_cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(open_cells)


def generate(seed: int, rows: int = 8, cols: int = 8, boxes: int = 3, walls: float = 0.12,
             pulls: int = 0) -> Level:
    if not 5 <= rows <= 30 or not 5 <= cols <= 30:
        raise ValueError(f"rows and columns must be 5..30, got {rows}x{cols}")
    inner = (rows - 2) * (cols - 2)
    if not 1 <= boxes <= max(1, inner // 4):
        raise ValueError(f"boxes must be 1..{max(1, inner // 4)} for a {rows}x{cols} level, got {boxes}")
    if not 0.0 <= walls <= 0.3:
        raise ValueError(f"walls must be 0..0.3, got {walls}")
    rng = random.Random(seed)
    pulls = pulls or 20 * boxes + rows * cols // 2
    for _ in range(1000):
        level = _attempt(rng, rows, cols, boxes, walls, pulls)
        if level is not None:
            return level
    raise ValueError(f"no level came out of seed {seed} with these options; try fewer boxes or walls")


def _attempt(rng: random.Random, rows: int, cols: int, boxes: int, walls: float, pulls: int) -> Level | None:
    wall = bytearray(rows * cols)
    for r in range(rows):
        for c in range(cols):
            if r in (0, rows - 1) or c in (0, cols - 1):
                wall[r * cols + c] = 1
    inside = [r * cols + c for r in range(1, rows - 1) for c in range(1, cols - 1)]
    for cell in rng.sample(inside, int(len(inside) * walls)):
        wall[cell] = 1
        if not _connected({x for x in inside if not wall[x]}, cols):
            wall[cell] = 0
    floor = [x for x in inside if not wall[x]]
    if len(floor) < 2 * boxes + 2:
        return None
    goals = rng.sample(floor, boxes)
    goal = bytearray(rows * cols)
    for cell in goals:
        goal[cell] = 1
    at = set(goals)
    player = rng.choice([x for x in floor if x not in at])
    base = Level(rows, cols, bytes(wall), bytes(goal), frozenset(at), player)
    for _ in range(pulls):
        reach = sorted(base.reachable(player, frozenset(at)))
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
        at.remove(box)
        at.add(stand)
        player = back
    if all(goal[b] for b in at):
        return None
    reach = sorted(base.reachable(player, frozenset(at)))
    return Level(rows, cols, bytes(wall), bytes(goal), frozenset(at), rng.choice(reach))
