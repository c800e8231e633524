"""The rolling-balls solver: legal answers within the roll limit that re-score
identically, determinism across slicings, frontiers that replay, dropping
needless rolls (node budgets only)."""

import numpy as np
import pytest
from conftest import data_file

from solvers.driver import Budget, run
from solvers.rolling_balls import SOLVERS, TargetBeamSolver
from solvers.rolling_balls.compact import doubled_points, drop_roll, replay_without
from solvers.rolling_balls.kernels import roll_end
from solvers.rolling_balls.layout import FAR, WARM_UP_CASE, layout_of
from solvers.rolling_balls.search import (
    COMPACTED_AT,
    META_SIZE,
    TALLY,
    _relocate,
    count_points,
    doubled_tally,
    same_count,
)
from workbench.core.registry import solvers
from workbench.puzzles.rolling_balls import PUZZLE, Roll
from workbench.puzzles.rolling_balls.board import roll_end as rules_roll_end


def load(seed):
    return PUZZLE.parse_input(data_file(f"cases/rolling-balls/seed_{seed}.txt").read_text())


def solve(case, nodes, seed=0, state=None, slice_expansions=2000, **params):
    solver = TargetBeamSolver(PUZZLE, PUZZLE.public_view(case, state or case.start), seed=seed, **params)
    return solver, run(solver, Budget(nodes=nodes), slice_expansions=slice_expansions)


def rescore(case, moves):
    return PUZZLE.score_solution(case, PUZZLE.format_solution(case, moves))


def test_the_registry_offers_the_target_beam_solver():
    assert (TargetBeamSolver,) == SOLVERS
    assert list(solvers("rolling-balls")) == ["target-beam"]


def test_the_layout_frames_the_board_and_measures_walking_distances():
    lay = layout_of(WARM_UP_CASE, WARM_UP_CASE.start)
    assert lay.width == 6 and lay.grid.shape == (30,)
    assert lay.cell(lay.ball_pos[0]) == (0, 0) and lay.cell(lay.target_cells[0]) == (2, 3)
    # From the target (2,3) back to (0,0): five steps; the wall at (1,1) is not walkable.
    assert lay.distance[0, lay.ball_pos[0]] == 5
    assert lay.distance[0, 2 * lay.width + 2] == FAR


def test_a_tiny_case_is_solved_exactly_and_the_search_stops():
    case = WARM_UP_CASE
    solver, result = solve(case, 10_000)
    assert result.stopped_by == "done" and result.progress.best_score == 1.0
    assert len(result.moves) == 2 and rescore(case, result.moves).score == 1.0


@pytest.mark.parametrize("seed", [1, 2, 10])
def test_small_shared_cases_are_solved_perfectly_and_the_search_stops(seed):
    case = load(seed)
    _, result = solve(case, 500_000, seed=5)
    assert result.stopped_by == "done"
    assert rescore(case, result.moves).score == result.progress.best_score == 1.0


def test_a_ten_colour_case_answer_is_legal_and_rescores_to_the_reported_score():
    case = load(4)  # 34x46, 177 balls of 10 colours
    _, result = solve(case, 300_000, seed=5)
    report = rescore(case, result.moves)
    assert len(result.moves) <= case.max_rolls
    assert report.score == result.progress.best_score > 0.7
    assert report.fact("rolls") == len(result.moves)


@pytest.mark.parametrize("slice_expansions", [1, 97, 5000])
def test_same_seed_and_node_budget_give_the_same_answer_however_sliced(slice_expansions):
    case = load(3)
    _, whole = solve(case, 15_000, seed=11, slice_expansions=15_000)
    _, sliced = solve(case, 15_000, seed=11, slice_expansions=slice_expansions)
    assert sliced.moves == whole.moves and sliced.progress == whole.progress


def test_another_seed_searches_differently():
    case = load(3)
    _, first = solve(case, 15_000, seed=1)
    _, second = solve(case, 15_000, seed=2)
    assert first.moves != second.moves


def test_frontier_entries_replay_from_the_start_to_legal_boards():
    case = load(2)
    solver = TargetBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), seed=3)
    solver.run_slice(3000)
    entries = solver.frontier(5)
    assert entries and all(e.depth == len(e.moves) for e in entries)
    for entry in entries:
        PUZZLE.replay(case, entry.moves)  # raises on an illegal roll
        assert dict(entry.facts)["target"] in {
            (r, c) for r in range(20) for c in range(20) if case.target.at(r, c) != ord(".")
        }


def test_a_solve_from_a_played_position_continues_from_there():
    case = load(1)
    opening = Roll(0, 1, 1)
    state = PUZZLE.apply(case, case.start, opening).state
    _, result = solve(case, 20_000, state=state)
    states = PUZZLE.replay(case, (opening, *result.moves))
    assert PUZZLE.evaluate(case, states[-1], len(result.moves) + 1).score == 1.0


def test_replays_without_a_roll_check_each_start_and_score_the_board():
    lay = layout_of(WARM_UP_CASE, WARM_UP_CASE.start)  # one ball at (0,0), its target at (2,3)
    move_from = np.array([lay.width + 1, lay.width + 4], dtype=np.int64)  # (0,0) right, (0,3) down
    move_dir = np.array([2, 1], dtype=np.int64)
    grid, pos, balls = np.empty_like(lay.grid), np.empty_like(lay.ball_pos), np.zeros(2, np.int64)

    def points_without(skip):
        if not replay_without(skip, 2, lay.grid, lay.ball_pos, lay.deltas, move_from, move_dir, grid, pos, balls):
            return None
        return doubled_points(grid, lay.ball_colour, lay.target_colour, lay.target_cells)

    assert points_without(-1) == 2  # both rolls: the ball ends on its target
    assert points_without(1) == 0
    assert points_without(0) is None  # the second roll would start on an empty cell
    points_without(-1)
    drop_roll(0, 2, move_from, move_dir, balls.copy(), balls)
    assert lay.roll(move_from[0], move_dir[0]) == Roll(0, 3, 1)


def test_when_rolls_run_short_needless_ones_are_dropped_legally_however_sliced():
    case = load(2)  # a deep, narrow beam spends the 880 rolls fast
    solver, result = solve(case, 300_000, depth=50, width=20)
    assert solver.meta[COMPACTED_AT] > 0  # a pass over the played rolls finished
    assert rescore(case, result.moves).score == result.progress.best_score
    played = solver._played()  # the search's own line, after the drops, still replays
    assert len(played) <= case.max_rolls
    assert PUZZLE.evaluate(case, PUZZLE.replay(case, played)[-1], len(played)).score >= 0.9
    _, sliced = solve(case, 300_000, depth=50, width=20, slice_expansions=997)
    assert sliced.moves == result.moves


def test_the_kernels_roll_stops_where_the_rules_roll_does():
    # roll_end takes its first step as a select and the rest in a loop: from every ball of a
    # case, in every direction, it stops where the puzzle's own roll does (blocked rolls, one
    # step, and long rolls all occur).
    case = load(7)
    board = case.start
    lay = layout_of(case, board)
    lengths = set()
    for z in lay.ball_pos:
        r, c = lay.cell(z)
        for d in range(4):
            end = roll_end(lay.grid, int(z), lay.deltas[d])
            assert lay.cell(end) == rules_roll_end(board.cells, board.rows, board.cols, r, c, d)
            lengths.add(min(abs(end - int(z)) // abs(int(lay.deltas[d])), 2))
    assert lengths == {0, 1, 2}


def test_a_roll_keeps_the_packed_tally_equal_to_a_recount():
    # meta[TALLY] is updated per roll from a table; after each of many random rolls on a
    # ten-colour case it must equal a fresh count (matched balls, covered targets).
    lay = layout_of(load(7), load(7).start)
    grid, ball_pos = lay.grid.copy(), lay.ball_pos.copy()
    meta, fresh = np.zeros(META_SIZE, np.int64), np.zeros(META_SIZE, np.int64)
    count_points(meta, grid, lay.ball_colour, lay.target_colour, lay.target_cells)
    rng = np.random.default_rng(7)
    moved = 0
    for _ in range(3000):
        b, d = int(rng.integers(ball_pos.shape[0])), int(rng.integers(4))
        z = int(ball_pos[b])
        end = roll_end(grid, z, lay.deltas[d])
        if end != z:
            _relocate(meta, grid, ball_pos, lay.ball_colour, lay.target_colour, b, z, end)
            moved += 1
        count_points(fresh, grid, lay.ball_colour, lay.target_colour, lay.target_cells)
        assert meta[TALLY] == fresh[TALLY]
    assert moved > 1000
    same = sum(int(lay.ball_colour[grid[z]] == lay.target_colour[z]) for z in lay.target_cells if grid[z] >= 0)
    assert same_count(meta) == same
    assert doubled_tally(meta) == doubled_points(grid, lay.ball_colour, lay.target_colour, lay.target_cells)
