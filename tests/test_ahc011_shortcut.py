"""Shortcuts cut into ahc011 answers: the window search is exact, and a shortened answer is a
legal answer, no longer, ending on the same board."""

import random
from collections import deque

import numpy as np
import pytest

from solvers.ahc011.attempt import cut_shortcuts, make_target, slide_into
from solvers.ahc011.grid import LETTERS
from solvers.ahc011.shortcut import REACH, shorten, window_search, workspace
from workbench.puzzles.ahc011 import PUZZLE, tree_size


def case_file(data_root, seed):
    return PUZZLE.parse_input((data_root / f"cases/ahc011/{seed:04d}.txt").read_text())


def plan_answer(case, width=20):
    """An answer by the placement plan toward the case's first target."""
    n = case.n
    tiles = np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    stop = np.zeros(1, dtype=np.int64)
    target = np.zeros(n * n, dtype=np.int64)
    assert make_target(n, tiles, 0, 0, 300 * n * n, target, stop) >= 0
    moves = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64)
    length = slide_into(n, tiles, target, case.limit, 0, 0, width, 3, 3.0, 1.0, stop, moves)
    assert length > 0
    return tiles, moves[:length].copy()


def pack(cells):
    return sum(tile << (4 * i) for i, tile in enumerate(cells)), cells.index(0)


def window_distances(cells, rows, cols):
    """Every arrangement reachable inside the window, and its fewest slides (plain BFS)."""
    start = tuple(cells)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        hole = state.index(0)
        row, col = divmod(hole, cols)
        for dr, dc in ((0, -1), (-1, 0), (0, 1), (1, 0)):
            if 0 <= row + dr < rows and 0 <= col + dc < cols:
                other = (row + dr) * cols + col + dc
                child = list(state)
                child[hole], child[other] = child[other], 0
                child = tuple(child)
                if child not in seen:
                    seen[child] = seen[state] + 1
                    queue.append(child)
    return seen


@pytest.mark.parametrize(
    "rows, cols, cells",
    [
        (2, 3, [5, 0, 9, 6, 3, 12]),  # all types differ: half the arrangements are out of reach
        (3, 3, [1, 4, 4, 0, 5, 5, 10, 3, 1]),  # pairs of equal types
        (2, 4, [7, 11, 0, 13, 14, 7, 11, 2]),
        (3, 4, [1, 1, 4, 4, 0, 5, 5, 10, 10, 3, 3, 1]),
    ],
)
def test_the_window_search_finds_the_fewest_slides_a_plain_search_does(rows, cols, cells):
    distances = window_distances(cells, rows, cols)
    start, start_hole = pack(cells)
    work = workspace()
    path = np.empty(64, dtype=np.int64)
    # Stretches are at most REACH slides long, so that is as far as the search must go (past it,
    # a 3x4 window's search gives up at SIDE_STATES boards from an end).
    within = sorted((cells, distance) for cells, distance in distances.items() if distance < REACH)
    for goal_cells, distance in random.Random(rows * cols).sample(within, 60):
        goal, goal_hole = pack(list(goal_cells))
        assert window_search(start, start_hole, goal, goal_hole, rows, cols, REACH, work, path) == distance
        # Only fewer than ``limit`` slides count.
        assert window_search(start, start_hole, goal, goal_hole, rows, cols, distance, work, path) == -1
        # The path's holes walk from the start to the goal, one slide at a time.
        board, hole = list(cells), start_hole
        for step in path[:distance]:
            assert abs(step - hole) in (1, cols) and (step // cols == hole // cols or step % cols == hole % cols)
            board[hole], board[step] = board[step], 0
            hole = step
        assert tuple(board) == goal_cells
    if rows * cols == 6:  # two tiles swapped, the hole where it was: the other parity, no path at all
        unreachable = list(cells)
        unreachable[2], unreachable[3] = cells[3], cells[2]
        goal, goal_hole = pack(unreachable)
        assert tuple(unreachable) not in distances
        assert window_search(start, start_hole, goal, goal_hole, rows, cols, REACH, work, path) == -1


def replay(case, moves):
    return PUZZLE.replay(case, tuple(LETTERS[m] for m in moves))[-1]


def test_a_detour_that_leaves_the_board_as_it_was_is_cut_out(data_root):
    case = case_file(data_root, 0)
    tiles, answer = plan_answer(case)
    # Twelve slides round a 2x2 block bring its three tiles back where they were: a detour.
    empty = case.start.tiles.index(0)
    row, col = divmod(empty, case.n)
    loop = (
        ([3, 2, 1, 0] if row + 1 < case.n else [1, 2, 3, 0])
        if col + 1 < case.n
        else ([3, 0, 1, 2] if row + 1 < case.n else [1, 0, 3, 2])
    )
    detour = np.array(loop * 3 + list(answer), dtype=np.int64)
    assert replay(case, detour[:12]).tiles == case.start.tiles
    stop = np.zeros(1, dtype=np.int64)
    count = shorten(case.n, tiles, detour, len(detour), REACH, 12, stop)
    assert count <= len(answer)
    assert replay(case, detour[:count]).tiles == replay(case, answer).tiles


@pytest.mark.parametrize("seed", [2, 3])  # 8x8, 9x9
def test_shortcuts_cut_a_plan_answer_and_keep_its_last_board(data_root, seed):
    case = case_file(data_root, seed)
    tiles, answer = plan_answer(case)
    moves = answer.copy()
    stop = np.zeros(1, dtype=np.int64)
    count = shorten(case.n, tiles, moves, len(moves), REACH, 12, stop)
    assert count < 0.98 * len(answer)  # the plan's answers give 2-7% up to shortcuts
    final = replay(case, moves[:count])  # every slide legal
    assert final.tiles == replay(case, answer).tiles  # the same types everywhere
    assert tree_size(final) == case.tile_count
    # Small windows are searched too: 9 cells cut fewer slides than 12, but some.
    small = answer.copy()
    assert count < shorten(case.n, tiles, small, len(small), REACH, 9, stop) < len(answer)


def test_a_stop_keeps_the_answer_as_it_was(data_root):
    case = case_file(data_root, 3)
    tiles, answer = plan_answer(case)
    moves = answer.copy()
    assert cut_shortcuts(case.n, tiles, moves, len(moves), 12, np.ones(1, dtype=np.int64)) == len(answer)
    assert (moves == answer).all()
