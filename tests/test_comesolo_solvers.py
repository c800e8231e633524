"""The comesolo solvers: legal answers, determinism across slicings, optimality
on a tiny board, replayable frontiers and termination (node budgets only)."""

from functools import cache

import numpy as np
import pytest
from conftest import data_file

from solvers.comesolo import SOLVERS, BeamSolver, BestFirstSolver
from solvers.comesolo.kernels import (
    count_masks,
    count_neighbours,
    count_size,
    counted_delta,
    jump_delta,
    jump_masks,
    list_masked,
    mask_size,
    move_counts,
    pick_jump,
    play_counted,
    play_masked,
    undo_masked,
)
from solvers.comesolo.layout import layout_of
from solvers.driver import Budget, run
from workbench.puzzles.comesolo import PUZZLE, Board, legal_jumps, play
from workbench.puzzles.comesolo.generator import generate

SMALL_POOL = {"best-first": {"max_nodes": 200_000}, "beam": {"width": 64}}


def make(cls, board, seed=0, **params):
    return cls(PUZZLE, PUZZLE.public_view(board, board), seed=seed, **{**SMALL_POOL[cls.name], **params})


def load(name):
    return PUZZLE.parse_input(data_file(f"cases/comesolo/{name}").read_text())


def best_possible(board: Board) -> int:
    """The most jumps from ``board``, by exhaustive search."""

    @cache
    def most(b: Board) -> int:
        return max((1 + most(play(b, j)) for j in legal_jumps(b)), default=0)

    return most(board)


def test_solvers_are_listed_with_beam_as_the_default():
    assert (BeamSolver, BestFirstSolver) == SOLVERS
    assert [cls.name for cls in SOLVERS] == ["beam", "best-first"]


@pytest.mark.parametrize("cls", SOLVERS)
@pytest.mark.parametrize("case", ["rand_07_d70.txt", "full_09_center_hole.txt", "rand_12x18_d50.txt"])
def test_answers_on_shared_boards_are_legal(cls, case):
    board = load(case)
    result = run(make(cls, board, seed=3), Budget(nodes=3000))
    assert len(result.moves) == result.progress.best_score > 0
    assert PUZZLE.replay(board, result.moves)[-1].pieces == board.pieces - len(result.moves)


@pytest.mark.parametrize("cls", SOLVERS)
def test_same_seed_and_budget_give_same_moves_however_sliced(cls):
    board = generate(11, size=12, density=0.6)
    whole = make(cls, board, seed=7)
    whole.run_slice(3000)
    sliced = make(cls, board, seed=7)
    for _ in range(3):
        sliced.run_slice(1000)
    assert whole.best_moves() == sliced.best_moves()
    assert whole.run_slice(0) == sliced.run_slice(0)
    PUZZLE.replay(board, whole.best_moves())


def test_other_seed_explores_differently():
    board = generate(11, size=12, density=0.6)
    answers = set()
    for seed in range(3):
        solver = make(BestFirstSolver, board, seed=seed)
        solver.run_slice(500)
        answers.add(solver.best_moves())
    assert len(answers) > 1


@pytest.mark.parametrize("cls", SOLVERS)
@pytest.mark.parametrize(
    "grid",
    [
        # Optimum 4 of 8 possible: the search must exhaust the space to know it is done.
        [[0, 0, 1, 0, 1], [1, 0, 0, 0, 1], [1, 0, 0, 0, 1], [0, 1, 1, 1, 0]],
        # Reducible to one piece, but not along every line of play.
        [[1, 1, 0, 1], [1, 0, 1, 1], [0, 1, 1, 0], [1, 0, 0, 1]],
    ],
)
def test_finds_the_optimum_of_a_tiny_board(cls, grid):
    board = Board.from_array(grid)
    optimum = best_possible(board)
    result = run(make(cls, board), Budget(nodes=20_000))
    assert len(result.moves) == optimum
    assert result.progress.done
    PUZZLE.replay(board, result.moves)


@pytest.mark.parametrize("cls", SOLVERS)
def test_stops_once_one_piece_is_left(cls):
    board = load("rand_07_d70.txt")
    result = run(make(cls, board), Budget(nodes=50_000))
    assert len(result.moves) == board.pieces - 1
    assert result.stopped_by == "done" and result.progress.expansions < 50_000


@pytest.mark.parametrize("cls", SOLVERS)
def test_frontier_entries_replay_to_legal_states(cls):
    board = load("rand_07_d70.txt")
    solver = make(cls, board, seed=1)
    solver.run_slice(40)
    entries = solver.frontier(5)
    assert entries
    for entry in entries:
        assert entry.depth == len(entry.moves)
        final = PUZZLE.replay(board, entry.moves)[-1]
        assert dict(entry.facts)["pieces left"] == final.pieces


@pytest.mark.parametrize("cls", SOLVERS)
@pytest.mark.parametrize(
    "grid",
    [
        [[1, 0, 1, 0], [0, 0, 0, 0], [1, 0, 1, 0]],  # no piece next to another
        [[1, 1], [1, 1]],  # every landing cell is off the board
        [[0, 0], [0, 0]],
    ],
)
def test_done_when_the_board_has_no_move(cls, grid):
    board = Board.from_array(grid)
    assert not legal_jumps(board)
    solver = make(cls, board)
    progress = solver.run_slice(10)
    assert progress.done and progress.best_score == 0
    assert solver.best_moves() == ()


def test_incremental_evaluation_matches_the_local_recount():
    board = generate(5, size=12, density=0.6)
    lay = layout_of(board)
    grid = lay.root.copy()
    counts = np.zeros_like(grid)
    count_neighbours(grid, lay.offs, lay.first, lay.last, counts)
    mask = np.zeros(mask_size(grid.size), dtype=np.uint8)
    jump_masks(grid, lay.offs, lay.first, lay.last, mask)
    jumps = np.zeros(8 * lay.pieces, dtype=np.int32)
    rng = np.random.default_rng(0)
    while (n := list_masked(mask.view(np.uint64), lay.first, lay.last, jumps)) > 0:
        for code in jumps[:n]:
            assert counted_delta(
                grid, counts, code, lay.offs, lay.nb_score, lay.cell_score, lay.box_offs, lay.box_change
            ) == jump_delta(grid, code, lay.width, lay.offs, lay.nb_score, lay.cell_score)
        code = jumps[rng.integers(n)]
        play_masked(grid, mask, code, lay.offs)
        move_counts(counts, code, lay.offs)
    fresh = np.zeros_like(counts)
    count_neighbours(grid, lay.offs, lay.first, lay.last, fresh)
    assert np.array_equal(counts[lay.first : lay.last], fresh[lay.first : lay.last])


def masked_board(seed, shape, density):
    """A generated board, its layout, its padded grid and its legal-jump mask."""
    rows, cols = shape
    board = generate(seed, rows=rows, cols=cols, density=density)
    lay = layout_of(board)
    grid = lay.root.copy()
    mask = np.zeros(mask_size(grid.size), dtype=np.uint8)
    jump_masks(grid, lay.offs, lay.first, lay.last, mask)
    return board, lay, grid, mask


@pytest.mark.parametrize("shape", [(12, 12), (9, 17), (5, 3)])
def test_incremental_legal_jumps_match_the_rules_after_every_jump_and_take_back(shape):
    """The legal-move set kept by play_masked/undo_masked lists, in the same order, exactly
    the jumps the rules module finds on the board, all along random games and back."""
    board, lay, grid, mask = masked_board(11, shape, 0.65)
    jumps = np.zeros(8 * lay.pieces + 8, dtype=np.int32)
    rng = np.random.default_rng(1)
    played, boards = [], [board]
    while True:
        n = list_masked(mask.view(np.uint64), lay.first, lay.last, jumps)
        assert lay.jumps(jumps[:n]) == tuple(legal_jumps(boards[-1]))
        if n == 0:
            break
        code = int(jumps[rng.integers(n)])
        play_masked(grid, mask, code, lay.offs)
        played.append(code)
        boards.append(play(boards[-1], lay.jump(code)))
    assert len(played) > 5
    while played:
        undo_masked(grid, mask, played.pop(), lay.offs)
        boards.pop()
        n = list_masked(mask.view(np.uint64), lay.first, lay.last, jumps)
        assert lay.jumps(jumps[:n]) == tuple(legal_jumps(boards[-1]))
    assert np.array_equal(grid, lay.root)


@pytest.mark.parametrize("shape", [(12, 12), (9, 17), (20, 20)])
def test_the_playout_engine_picks_the_kth_legal_jump_and_keeps_its_counts(shape):
    """pick_jump(k) is the k-th jump of the rules module's list (same order) for every k, and
    play_counted keeps the counts equal to a recount, all along a random game."""
    board, lay, grid, mask = masked_board(7, shape, 0.6)
    counts = np.zeros(count_size(mask.size), dtype=np.int64)
    total = count_masks(mask, counts)
    rng = np.random.default_rng(2)
    current, moves = board, 0
    while True:
        legal = tuple(legal_jumps(current))
        assert total == len(legal)
        assert lay.jumps([pick_jump(mask.view(np.uint64), counts, k) for k in range(total)]) == legal
        if total == 0:
            break
        code = pick_jump(mask.view(np.uint64), counts, int(rng.integers(total)))
        total += play_counted(grid, mask, counts, code, lay.offs)
        current, moves = play(current, lay.jump(code)), moves + 1
        recount = np.zeros_like(counts)
        assert count_masks(mask, recount) == total and np.array_equal(recount, counts)
    assert moves > 5


def test_unknown_or_out_of_range_params_are_refused():
    board = generate(1, size=6, density=0.5)
    with pytest.raises(ValueError):
        make(BeamSolver, board, depth=3)
    with pytest.raises(ValueError):
        make(BestFirstSolver, board, ratio=0.5)
