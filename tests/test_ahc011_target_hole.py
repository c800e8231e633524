"""ahc011 targets with the empty square in the centre: the annealer's trees, the solver's
choice of where each target leaves the empty square, and the plan's finish for such a target."""

import numpy as np
import pytest
from ahc011_kernels import move_search, slide_search
from test_ahc011_solver import case_file, total_travel

from solvers.ahc011.attempt import make_target
from solvers.ahc011.grid import LETTERS, is_full_tree, seed_stream
from solvers.ahc011.schedule import CENTRE_TRIES, Schedule
from solvers.ahc011.screened_beam import ScreenedBeamSolver
from solvers.ahc011.target import centre_cell, plan_ends_on
from solvers.driver import Budget, run
from workbench.puzzles.ahc011 import PUZZLE, tree_size
from workbench.puzzles.ahc011.generator import generate


def tiles_of(case):
    return np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)


def test_the_centre_of_a_board_is_its_middle_cell_or_the_one_below_right_of_it():
    assert [divmod(centre_cell(n), n) for n in (3, 6, 7, 10)] == [(1, 1), (3, 3), (3, 3), (5, 5)]


@pytest.mark.parametrize("seed", [0, 3])
def test_a_target_leaves_the_empty_square_on_the_cell_asked_for(data_root, seed):
    case = case_file(data_root, seed)
    n, tiles = case.n, tiles_of(case)
    for hole in (centre_cell(n), n + 1, n * n - 2 * n):  # the centre, near a corner, on the left edge
        found = 0
        for k in range(4):
            target = np.zeros(n * n, dtype=np.int64)
            travel = make_target(n, tiles, 0, k, 300 * n * n, target, None, hole)
            if travel >= 0:
                found += 1
                assert target[hole] == 0 and sorted(target) == sorted(tiles)
                assert is_full_tree(n, target)
                assert travel == total_travel(n, tiles, target)
        assert found >= 2, hole  # a miss only costs a target


def test_the_default_target_keeps_the_empty_square_in_the_corner(data_root):
    case = case_file(data_root, 1)
    n, tiles = case.n, tiles_of(case)
    corner, default = np.zeros(n * n, dtype=np.int64), np.zeros(n * n, dtype=np.int64)
    assert make_target(n, tiles, 0, 2, 300 * n * n, default) == make_target(
        n, tiles, 0, 2, 300 * n * n, corner, None, n * n - 1
    )
    assert default[-1] == 0 and (default == corner).all() and plan_ends_on(n, default)
    centred = np.zeros(n * n, dtype=np.int64)
    assert make_target(n, tiles, 0, 2, 300 * n * n, centred, None, centre_cell(n)) >= 0
    assert not plan_ends_on(n, centred)


def solver_after(case, nodes, monkeypatch, **params):
    """The solver after a node budget, its answer and where each target it annealed left the empty
    square (by k)."""
    holes, new_target = {}, Schedule.new_target

    def recorded(self):
        task = new_target(self)
        holes[task.k] = task.hole
        return task

    monkeypatch.setattr(Schedule, "new_target", recorded)
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), seed=0, **params)
    return solver, run(solver, Budget(nodes=nodes), slice_expansions=2000), holes


def test_the_slide_search_aims_at_centre_targets_and_the_plan_at_corner_ones(data_root, monkeypatch):
    case = case_file(data_root, 0)
    solver, result, holes = solver_after(case, 15_000, monkeypatch)
    assert holes and set(holes.values()) == {centre_cell(case.n)}
    assert solver.schedule.centre_built[1] > 0
    assert tree_size(PUZZLE.replay(case, result.moves)[-1]) == case.tile_count
    plan_only, result, holes = solver_after(case, 15_000, monkeypatch, move_side=0)
    assert set(holes.values()) == {-1} and plan_only.schedule.centre_built == [0, 0]
    assert tree_size(PUZZLE.replay(case, result.moves)[-1]) == case.tile_count


def test_targets_go_back_to_the_corner_when_no_tree_leaves_the_centre_empty(monkeypatch):
    # On a 3x3 board the cells round the centre are a ring, so a tree leaving the centre empty
    # is a path: a tile with three stubs cannot be on it, though the generator's tree (empty
    # square in the corner) has one.
    case = next(
        case
        for case in (generate(seed, size=3) for seed in range(100))
        if any(bin(tile).count("1") >= 3 for tile in case.start.tiles)
    )
    solver, result, by_k = solver_after(case, 4_000, monkeypatch)
    holes = [by_k[k] for k in sorted(by_k)]
    assert holes[:CENTRE_TRIES] == [centre_cell(3)] * CENTRE_TRIES and set(holes[CENTRE_TRIES:]) == {-1}
    assert solver.schedule.centre_built == [CENTRE_TRIES, 0]
    assert tree_size(PUZZLE.replay(case, result.moves)[-1]) == case.tile_count


def test_a_stalled_search_toward_a_centre_target_is_finished_by_the_plan_toward_a_corner_one(data_root):
    case = case_file(data_root, 2)  # 8x8: a beam one board wide stalls long before a full tree
    n, tiles = case.n, tiles_of(case)
    target = np.zeros(n * n, dtype=np.int64)
    assert make_target(n, tiles, 0, 0, 300 * n * n, target, None, centre_cell(n)) >= 0
    no_stop = np.zeros(1, dtype=np.uint8)
    moves = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, 0, 1)  # the stream slide_by_moves gives target 0
    assert (
        move_search(n, tiles, target, case.limit, 1, rng, moves, finish_cells=0, stop=no_stop) < -1
    )  # it stalls, with no window finish to end it
    length = slide_search(n, tiles, target, case.limit, 1, moves, finish_cells=0, stop=no_stop)
    assert 0 < length <= case.limit
    final = PUZZLE.replay(case, tuple(LETTERS[m] for m in moves[:length]))[-1]
    assert tree_size(final) == case.tile_count
    empty = final.tiles.index(0)
    assert empty // n >= n - 3 and empty % n >= n - 3  # where the plan ends, not in the centre
