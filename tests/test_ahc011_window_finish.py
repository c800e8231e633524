"""A slide search's finish through one window: exact (the target itself, tile type for tile
type), the fewest slides where the window is the whole board, shorter than the placement plan
where a few tiles are off far from the empty square, refused where they are spread; and the
search that takes it where it would have stalled."""

import numpy as np
import pytest
from ahc011_kernels import move_search, slide_search
from test_ahc011_shortcut import window_distances

from solvers.ahc011.attempt import make_target
from solvers.ahc011.beam import beam_solve
from solvers.ahc011.grid import is_full_tree, neighbour, seed_stream
from solvers.ahc011.shortcut import workspace
from solvers.ahc011.window_finish import window_finish
from workbench.puzzles.ahc011 import PUZZLE

NO_STOP = np.zeros(1, dtype=np.uint8)


def played(n, board, moves):
    board = board.copy()
    empty = int(np.flatnonzero(board == 0)[0])
    for move in moves:
        other = neighbour(n, empty, move)
        assert other >= 0, "a slide off the board"
        board[empty], board[other] = board[other], 0
        empty = other
    return board


def case_target(data_root, seed):
    """A real case's side and its first annealed target tree."""
    case = PUZZLE.parse_input((data_root / f"cases/ahc011/{seed:04d}.txt").read_text())
    tiles = np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    target = np.zeros(case.n**2, dtype=np.int64)
    assert make_target(case.n, tiles, 0, 0, 300 * case.n**2, target, np.zeros(1, dtype=np.int64)) >= 0
    return case, target


def test_on_a_3x3_board_the_finish_is_the_fewest_slides():
    n, target = 3, [1, 4, 4, 10, 5, 5, 2, 3, 0]
    distances = window_distances(target, 3, 3)  # slides are reversible: from the target = to it
    boards = [board for board in distances if board[8] == 0 and distances[board] > 0]
    assert len(boards) > 1000
    work = workspace()
    for board in boards[::97]:
        moves = np.zeros(64, dtype=np.int64)
        count = window_finish(
            n, np.array(board, dtype=np.int64), np.array(target, dtype=np.int64), 12, 10**6, moves, work, NO_STOP
        )
        assert count == distances[board]
        assert played(n, np.array(board), moves[:count]).tolist() == target


def test_tiles_off_far_from_the_empty_square_are_finished_exactly_and_shorter_than_by_the_plan(data_root):
    case, target = case_target(data_root, 3)  # 9x9, the empty square at the bottom right
    n = case.n
    board = target.copy()
    cells = [0, 1, 2]  # three tiles of the top row turned round, as the search leaves them
    assert len({int(target[cell]) for cell in cells}) == 3
    board[cells] = target[[1, 2, 0]]
    moves = np.zeros(4 * case.limit, dtype=np.int64)
    count = window_finish(n, board, target, 12, case.limit, moves, workspace(), NO_STOP)
    assert count > 0
    assert played(n, board, moves[:count]).tolist() == target.tolist()
    # The empty square walks to the nearest cell next to them, (1, 3), and back.
    assert count >= 2 * 12
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, 0, 1)
    plan = beam_solve(
        n,
        board,
        target,
        case.limit,
        100,
        3,
        3.0,
        1.0,
        rng,
        np.zeros(1, dtype=np.int64),
        np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64),
    )
    assert 0 < count < plan
    # A finish is only taken when it is shorter than ``limit``.
    assert window_finish(n, board, target, 12, count, moves, workspace(), NO_STOP) == -1
    assert window_finish(n, board, target, 12, count + 1, moves, workspace(), NO_STOP) == count


@pytest.mark.parametrize("cells", [[0, 1, 73], [0, 10, 40]])
def test_tiles_off_too_far_apart_for_one_window_are_left_to_the_plan(data_root, cells):
    case, target = case_target(data_root, 3)
    board = target.copy()
    board[cells] = target[[cells[1], cells[2], cells[0]]]
    assert len({int(target[cell]) for cell in cells}) == 3
    moves = np.zeros(4 * case.limit, dtype=np.int64)
    assert window_finish(case.n, board, target, 12, case.limit, moves, workspace(), NO_STOP) == -1


def test_the_slide_search_ends_on_a_window_finish_where_it_would_stall(data_root):
    case, target = case_target(data_root, 3)
    n = case.n
    near = target.copy()
    near[[0, 1, 2]] = target[[1, 2, 0]]
    finish = np.zeros(4 * case.limit, dtype=np.int64)
    direct = window_finish(n, near, target, 12, case.limit, finish, workspace(), NO_STOP)
    board = played(n, near, [1, 0])  # the empty square two slides off, up then left
    rng = np.zeros(1, dtype=np.uint64)
    moves = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64)
    seed_stream(rng, 0, 1)
    count = move_search(n, board, target, case.limit, 200, rng, moves)
    assert 0 < count <= 2 + direct
    assert is_full_tree(n, played(n, board, moves[:count]))
    # Without windows (0 cells) the same search stalls: travel cannot fall below the three tiles'.
    seed_stream(rng, 0, 1)
    assert move_search(n, board, target, case.limit, 200, rng, moves, finish_cells=0) < 0
    # The solver's search takes the finish too, and its answer stops at the first full tree.
    length = slide_search(n, board, target, case.limit, 200, moves)
    assert 0 < length <= 2 + direct
    assert is_full_tree(n, played(n, board, moves[:length]))
