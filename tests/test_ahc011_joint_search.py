"""The searches over two tiles at once: their table of one tile's fewest slides,
and their answers checked against a plain breadth-first search; single tiles
placed by walking down that table."""

from collections import deque

import numpy as np
import pytest

from solvers.ahc011.grid import neighbour
from solvers.ahc011.joint_search import JOINT_SIDE, UNREACHABLE, goal_slides, place_ahead, place_pair_jointly
from solvers.ahc011.placement import NO_TABLE, place

N = 5
SIZE = N * N


def reachable(locked, tiles, empty):
    """Breadth-first search over the positions of ``tiles`` and the empty square: each
    state's fewest slides, in the order reached."""
    start = (*tiles, empty)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        yield state, seen[state]
        *where, hole = state
        for direction in range(4):
            other = int(neighbour(N, hole, direction))
            if other < 0 or locked[other]:
                continue
            child = (*(hole if cell == other else cell for cell in where), other)
            if child not in seen:
                seen[child] = seen[state] + 1
                queue.append(child)


def fewest_slides(locked, tiles, goals, empty, either=False):
    """The fewest slides that bring tile i to goals[i] (with ``either``, the two goals in any order)."""
    for (*where, _), slides in reachable(locked, tiles, empty):
        if tuple(where) == tuple(goals) or either and tuple(where) == tuple(reversed(goals)):
            return slides
    return None


def locked_top_row_but_the_last_two():
    locked = np.zeros(SIZE, dtype=np.bool_)
    locked[: N - 2] = True  # row 0 is placed up to its last two cells, 3 and 4
    return locked


def test_the_table_holds_one_tiles_fewest_slides_for_every_start():
    locked = locked_top_row_but_the_last_two()
    table = np.zeros(SIZE * SIZE, dtype=np.int64)
    goal_slides(N, locked, 4, table, np.zeros(SIZE * SIZE, dtype=np.int64))
    for tile in range(N - 2, SIZE):
        for empty in range(N - 2, SIZE):
            if empty == tile:
                continue
            expected = fewest_slides(locked, (tile,), (4,), empty)
            assert table[tile * SIZE + empty] == (UNREACHABLE if expected is None else expected)
    assert table[0 * SIZE + 10] == UNREACHABLE  # a locked cell's tile never moves


def run_pair(board, empty, a, b, locked, cap=100_000):
    to_first = np.zeros(SIZE * SIZE, dtype=np.int64)
    to_second = np.zeros(SIZE * SIZE, dtype=np.int64)
    queue = np.zeros(SIZE * SIZE, dtype=np.int64)
    goal_slides(N, locked, 3, to_first, queue)
    goal_slides(N, locked, 4, to_second, queue)
    ctx = np.array([empty, 0, 0], dtype=np.int64)
    moves = np.zeros(1000, dtype=np.int8)
    tables = np.zeros((3, SIZE**3 + 1), dtype=np.int32)
    heap = np.zeros(4 * cap + 1024, dtype=np.int64)
    scratch = locked.copy()
    ok = place_pair_jointly(N, board, ctx, moves, 3, 4, a, b, scratch, to_first, to_second, tables, heap, cap)
    return ok, ctx, moves, scratch


@pytest.mark.parametrize("seed", range(6))
def test_the_pair_search_finds_the_fewest_slides_and_makes_them(seed):
    rng = np.random.default_rng(seed)
    locked = locked_top_row_but_the_last_two()
    start = rng.permutation(np.arange(SIZE))  # tile ids: 0 is the empty square
    a, b = (int(cell) for cell in rng.choice(np.arange(N, SIZE), size=2, replace=False))
    empty = int(rng.choice([cell for cell in range(N - 2, SIZE) if cell not in (a, b)]))
    start[[a, b, empty]] = [101, 102, 0]
    start[start == 0] = 1
    start[empty] = 0
    board = start.copy()
    ok, ctx, moves, scratch = run_pair(board, empty, a, b, locked)
    assert ok
    assert ctx[1] == fewest_slides(locked, (a, b), (3, 4), empty)
    assert board[3] == 101 and board[4] == 102 and board[ctx[0]] == 0
    assert (board[: N - 2] == start[: N - 2]).all()  # the placed cells never moved
    assert scratch[3] and scratch[4]  # the pair is locked for the next steps
    # The letters replayed on the start board give the same board.
    replay, hole = start.copy(), empty
    for letter in moves[: ctx[1]]:
        other = int(neighbour(N, hole, letter))
        replay[hole], replay[other], hole = replay[other], 0, other
    assert (replay == board).all()


def test_two_tiles_of_one_type_may_land_either_way_round():
    locked = locked_top_row_but_the_last_two()
    board = np.full(SIZE, 1, dtype=np.int64)
    board[[9, 8]] = 6  # the type both cells want, right below 4 and 3: they need not cross
    board[12] = 0
    ok, ctx, _, _ = run_pair(board, 12, 9, 8, locked)
    assert ok and board[3] == board[4] == 6
    assert ctx[1] == fewest_slides(locked, (9, 8), (3, 4), 12, either=True)
    assert ctx[1] < fewest_slides(locked, (9, 8), (3, 4), 12)


def test_past_its_cap_the_search_gives_up_and_leaves_the_board_alone():
    locked = locked_top_row_but_the_last_two()
    board = np.arange(SIZE, dtype=np.int64) + 1
    board[12] = 0
    before = board.copy()
    ok, ctx, _, scratch = run_pair(board, 12, 24, 20, locked, cap=5)
    assert not ok and ctx[1] == 0 and (board == before).all() and not scratch[3]
    assert run_pair(board, 12, 24, 20, locked)[0]  # with room enough it succeeds


def test_the_largest_board_it_serves_packs_its_far_corner_states():
    n = JOINT_SIDE
    size = n * n
    locked = np.zeros(size, dtype=np.bool_)
    locked[: n - 2] = True  # the top row up to its last two cells
    board = np.arange(size, dtype=np.int64) + 10
    board[size - 2] = 0  # the empty square, a and b in the far corners from the goals
    a, b = size - 1, size - n
    tables = np.zeros((3, size**3 + 1), dtype=np.int32)
    heap = np.zeros(4 * 200_000 + 1024, dtype=np.int64)
    to_first, to_second, queue = (np.zeros(size * size, dtype=np.int64) for _ in range(3))
    goal_slides(n, locked, n - 2, to_first, queue)
    goal_slides(n, locked, n - 1, to_second, queue)
    start = board.copy()
    ctx = np.array([size - 2, 0, 0], dtype=np.int64)
    moves = np.zeros(4000, dtype=np.int8)
    assert place_pair_jointly(
        n, board, ctx, moves, n - 2, n - 1, a, b, locked.copy(), to_first, to_second, tables, heap, 200_000
    )
    assert board[n - 2] == start[a] and board[n - 1] == start[b]
    assert ctx[1] >= max(to_first[a * size + size - 2], to_second[b * size + size - 2])
    replay, hole = start.copy(), size - 2
    for letter in moves[: ctx[1]]:
        other = int(neighbour(n, hole, letter))
        replay[hole], replay[other], hole = replay[other], 0, other
    assert (replay == board).all() and (board[: n - 2] == start[: n - 2]).all()


@pytest.mark.parametrize("seed", range(4))
def test_placing_ahead_minds_the_next_cells_tile_at_the_least_total(seed):
    rng = np.random.default_rng(seed)
    locked = np.zeros(SIZE, dtype=np.bool_)
    locked[:2] = True  # cells 0 and 1 are placed; 2 is next, then 3
    start = np.arange(SIZE, dtype=np.int64) + 10
    a, b, empty = (int(cell) for cell in rng.choice(np.arange(N, SIZE), size=3, replace=False))
    start[empty] = 0
    queue = np.zeros(SIZE * SIZE, dtype=np.int64)
    to_first, to_next, after = (np.zeros(SIZE * SIZE, dtype=np.int64) for _ in range(3))
    goal_slides(N, locked, 2, to_first, queue)
    goal_slides(N, locked, 3, to_next, queue)
    locked_after = locked.copy()
    locked_after[2] = True
    goal_slides(N, locked_after, 3, after, queue)
    board = start.copy()
    ctx = np.array([empty, 0, 0], dtype=np.int64)
    moves = np.zeros(1000, dtype=np.int8)
    tables = np.zeros((3, SIZE**3 + 1), dtype=np.int32)
    heap = np.zeros(4 * 100_000 + 1024, dtype=np.int64)
    scratch = locked.copy()
    assert place_ahead(N, board, ctx, moves, 2, 3, a, b, scratch, to_first, to_next, after, tables, heap, 100_000)
    assert board[2] == start[a] and scratch[2] and not scratch[3]
    b_now = int(np.flatnonzero(board == start[b])[0])
    total = ctx[1] + after[b_now * SIZE + ctx[0]]
    # Every way of putting a in 2, plus b's fewest slides to 3 afterwards (a plain search).
    best = min(
        slides + fewest_slides(locked_after, (tile_b,), (3,), hole)
        for (tile_a, tile_b, hole), slides in reachable(locked, (a, b), empty)
        if tile_a == 2
    )
    assert total == best
    assert ctx[1] >= fewest_slides(locked, (a,), (2,), empty)  # it may take longer over a itself


def replayed(start, empty, moves, count):
    board, hole = start.copy(), empty
    for letter in moves[:count]:
        other = int(neighbour(N, hole, letter))
        board[hole], board[other], hole = board[other], 0, other
    return board


def place_one(board, empty, goal, kind, locked, table, choice):
    ctx = np.array([empty, 0, 0], dtype=np.int64)
    moves = np.zeros(1000, dtype=np.int8)
    ok = place(
        N,
        board,
        ctx,
        moves,
        goal,
        kind,
        locked.copy(),
        table,
        np.zeros(SIZE, dtype=np.int64),
        np.zeros(SIZE, dtype=np.int64),
        np.zeros((3, SIZE * SIZE), dtype=np.int64),
        choice,
        0.0,
        np.zeros(1, dtype=np.uint64),
    )
    return ok, ctx, moves


@pytest.mark.parametrize("seed", range(6))
def test_a_tile_placed_by_the_goal_table_takes_the_fewest_slides_as_the_search_does(seed):
    rng = np.random.default_rng(seed)
    locked = locked_top_row_but_the_last_two()
    table = np.zeros(SIZE * SIZE, dtype=np.int64)
    goal_slides(N, locked, 3, table, np.zeros(SIZE * SIZE, dtype=np.int64))
    start = np.full(SIZE, 9, dtype=np.int64)  # the locked cells' tiles
    start[N - 2 :] = 1 + rng.permutation(SIZE - N + 2) % 3  # three tile types
    empty = int(rng.integers(N, SIZE))
    start[empty] = 0
    kind = 3 - (start[3] == 3)  # a type not in the goal already
    for choice in range(3):
        walked, searched = start.copy(), start.copy()
        ok, ctx, moves = place_one(walked, empty, 3, kind, locked, table, choice)
        ok_search, ctx_search, _ = place_one(searched, empty, 3, kind, locked, NO_TABLE, choice)
        # The same tile (the same ranking), as few slides as the breadth-first search takes.
        assert ok and ok_search and ctx[1] == ctx_search[1] and (searched[3], walked[3]) == (kind, kind)
        assert (replayed(start, empty, moves, ctx[1]) == walked).all() and (walked[: N - 2] == 9).all()
        assert ctx[1] in {fewest_slides(locked, (int(cell),), (3,), empty) for cell in np.flatnonzero(start == kind)}


def test_a_goal_table_made_under_other_locks_fails_the_placement_and_never_hangs():
    table = np.zeros(SIZE * SIZE, dtype=np.int64)
    goal_slides(N, np.zeros(SIZE, dtype=np.bool_), 0, table, np.zeros(SIZE * SIZE, dtype=np.int64))
    locked = np.zeros(SIZE, dtype=np.bool_)
    locked[N : 2 * N] = True  # row 1: the empty square can no longer come round the tile
    board = np.full(SIZE, 5, dtype=np.int64)
    board[2], board[1] = 7, 0
    ok, _, _ = place_one(board, 1, 0, 7, locked, table, 0)
    assert not ok
