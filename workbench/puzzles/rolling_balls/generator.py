"""The official RollingBalls generator (``RollingBallsVis.generate``), bit-exact (spec §5)."""

from __future__ import annotations

from .board import DC, DR, EMPTY, Board, Case, is_ball, roll_end
from .sha1prng import Sha1Prng

MIN_SIZE, MAX_SIZE = 10, 60
MIN_WALLS_P, MAX_WALLS_P = 10, 30
MIN_BALLS_P, MAX_BALLS_P = 5, 20
JAVA_LONG_MAX = 2**63 - 1


def _random_target(rng: Sha1Prng, rows: int, cols: int, colours: int, walls_p: int, balls_p: int) -> bytearray:
    while True:
        cells = bytearray()
        for _ in range(rows * cols):
            if rng.next_int(100) < walls_p:
                cells.append(ord("#"))
            elif rng.next_int(100) < balls_p:
                cells.append(ord("0") + rng.next_int(colours))
            else:
                cells.append(EMPTY)
        if any(is_ball(cell) for cell in cells):
            return cells


def _scramble_roll(rng: Sha1Prng, cells: bytearray, rows: int, cols: int, at: int) -> int:
    """chooseRoll + roll: one random free direction; no draw at all when none is free."""
    r, c = divmod(at, cols)
    free = [
        d
        for d in range(4)
        if 0 <= r + DR[d] < rows and 0 <= c + DC[d] < cols and cells[(r + DR[d]) * cols + c + DC[d]] == EMPTY
    ]
    if not free:
        return at
    d = free[rng.next_int(len(free))]
    er, ec = roll_end(cells, rows, cols, r, c, d)
    end = er * cols + ec
    cells[end], cells[at] = cells[at], EMPTY
    return end


def generate(seed: int) -> Case:
    if seed <= 0:
        raise ValueError(
            f"seed must be a positive integer, got {seed}: Java ignores seed 0 "
            "(the case would not be reproducible) and negative seeds crash the official tester"
        )
    if seed > JAVA_LONG_MAX:
        raise ValueError(f"seed must fit in a Java long (at most {JAVA_LONG_MAX})")
    rng = Sha1Prng(seed)
    rows = rng.next_int(MAX_SIZE - MIN_SIZE + 1) + MIN_SIZE
    cols = rng.next_int(MAX_SIZE - MIN_SIZE + 1) + MIN_SIZE
    colours = rng.next_int(10) + 1
    if seed <= 3:  # the small examples; the three draws above still happen
        rows = cols = MIN_SIZE * seed
        colours = seed
    walls_p = rng.next_int(MAX_WALLS_P - MIN_WALLS_P + 1) + MIN_WALLS_P
    balls_p = rng.next_int(MAX_BALLS_P - MIN_BALLS_P + 1) + MIN_BALLS_P
    target = _random_target(rng, rows, cols, colours, walls_p, balls_p)

    cells = bytearray(target)
    balls = [index for index, cell in enumerate(cells) if is_ball(cell)]  # row-major
    for _ in range(rng.next_int(10 * len(balls)) + 3 * len(balls)):
        i = rng.next_int(len(balls))
        balls[i] = _scramble_roll(rng, cells, rows, cols, balls[i])
    # Best effort to move balls off their own target colour (the cell holds the ball's colour).
    for i, at in enumerate(balls):
        if target[at] == cells[at]:
            balls[i] = _scramble_roll(rng, cells, rows, cols, at)
    return Case(Board(rows, cols, bytes(cells)), Board(rows, cols, bytes(target)))
