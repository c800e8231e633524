"""Positions no play can solve, found while playing (as JSoko warns of them):

- a **dead square**: a floor cell that is not a goal and from which no push can ever bring a box to
  a goal (found once a level by pulling a box back from every goal: what no pull reaches is dead);
- a **freeze**: boxes that can never move again (each blocked along both axes by walls, dead squares
  or other frozen boxes) while one of them is off its goal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .level import DIRECTIONS, Level, State

AXES = (("l", "r"), ("u", "d"))


@lru_cache(maxsize=64)
def dead_squares(level: Level) -> frozenset[int]:
    """The level's floor cells a box pushed there can never leave for a goal."""
    live = {cell for cell in range(level.rows * level.cols) if level.goals[cell] and not level.walls[cell]}
    todo = list(live)
    while todo:  # pull the box one step away from where it is, the keeper one step further on
        box = todo.pop()
        for move in DIRECTIONS:
            to = level.step(box, move)
            keeper = level.step(to, move) if to is not None else None
            if level.open(to) and level.open(keeper) and to not in live:
                live.add(to)
                todo.append(to)
    return frozenset(level.interior() - live)


def frozen_boxes(level: Level, boxes: frozenset[int]) -> frozenset[int]:
    """The boxes that can never be pushed again, whatever the keeper does."""
    dead = dead_squares(level)
    frozen: set[int] = set()

    def blocked(box: int, axis: tuple[str, str], holding: frozenset[int]) -> bool:
        ends = [level.step(box, move) for move in axis]
        if any(not level.open(end) for end in ends):
            return True  # a wall on one side: no push along this axis
        if all(end in dead for end in ends):
            return True  # either way the box lands on a dead square
        return any(end in boxes and stuck(end, holding) for end in ends)

    def stuck(box: int, holding: frozenset[int]) -> bool:
        if box in frozen:
            return True
        if box in holding:  # asked already up the chain: count it as a wall (the usual rule)
            return True
        holding = holding | {box}
        return all(blocked(box, axis, holding) for axis in AXES)

    for box in boxes:
        if stuck(box, frozenset()):
            frozen.add(box)
    return frozenset(frozen)


@dataclass(frozen=True)
class Deadlock:
    boxes: tuple[int, ...]  # the boxes that make the position lost
    why: str  # "dead square" or "frozen"


def deadlock(level: Level, state: State) -> Deadlock | None:
    """Why the position can no longer be solved, or None when no simple or freeze deadlock is seen."""
    dead = dead_squares(level)
    on_dead = tuple(sorted(b for b in state.boxes if b in dead))
    if on_dead:
        return Deadlock(on_dead, "dead square")
    frozen = frozen_boxes(level, state.boxes)
    off_goal = tuple(sorted(b for b in frozen if not level.goals[b]))
    if off_goal:
        return Deadlock(tuple(sorted(frozen)), "frozen")
    return None
