"""ahc011: once there is an answer, the slide search runs again from part of the way along the shortest."""

from __future__ import annotations

import numpy as np
from test_ahc011_solver import case_file
from test_ahc011_window_finish import played

from solvers.ahc011 import ScreenedBeamSolver
from solvers.ahc011.attempt import slide_by_moves
from solvers.ahc011.grid import LETTERS, cancel_back_and_forth, is_full_tree
from solvers.ahc011.screened_beam import HANDOVER_RATE, RUN_STRIDE, SLIDE_MOVES, TAIL, TAIL_SHARE
from solvers.driver import Budget, run
from workbench.puzzles.ahc011 import PUZZLE


def test_once_there_is_an_answer_the_slide_search_runs_again_from_a_third_of_the_way_along_it(data_root):
    case = case_file(data_root, 0)  # 6x6
    n, tiles = case.n, np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    # Narrow searches, no trials and one target per search: many searches in few nodes.
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), seed=0, move_width=1000,
                                pilot_width=0, move_screen=1)
    chosen, tails = {}, []  # the shortest answer when each tail job was chosen; the jobs run
    search_again, run_job = solver._search_again, solver._run_job

    def choose():
        job = search_again()
        chosen[id(job[2])] = solver.found[0]
        return job

    def watched(kind, stream, target, scale=1.0):
        result = run_job(kind, stream, target, scale)
        if kind == TAIL:
            tails.append((stream, target, chosen[id(target)], result))
        return result

    solver._search_again, solver._run_job = choose, watched
    result = run(solver, Budget(nodes=200_000), slice_expansions=5000)
    assert len(tails) >= 2
    moves = np.zeros(4 * case.limit + 4 * n ** 3, dtype=np.int64)
    for stream, (target, prefix), (length, k, best, _), answer in tails:
        # From the board a third of the way along the shortest answer, toward its target, on a new stream.
        assert prefix == best[:round(TAIL_SHARE * length)] and 0 < len(prefix) < length
        assert target is solver.searched_targets[k]
        assert stream % RUN_STRIDE == k and stream >= RUN_STRIDE
        # The answer: those slides, then the kernel's own search from there.
        board = played(n, tiles, [LETTERS.index(letter) for letter in prefix])
        count = slide_by_moves(n, board, target, case.limit - len(prefix), 0, stream, 1000, 0.5, HANDOVER_RATE,
                               100, 3, 3.0, 1.0, 12, np.zeros(1, dtype=np.int64), moves)
        assert count > 0
        # (less the slides that undo each other where the two meet)
        whole = np.array([LETTERS.index(letter) for letter in prefix] + list(moves[:count]), dtype=np.int64)
        kept = cancel_back_and_forth(whole, len(whole))
        assert answer == tuple(LETTERS[m] for m in whole[:kept])
        assert is_full_tree(n, played(n, tiles, [LETTERS.index(letter) for letter in answer]))
    assert len(result.moves) == solver.found[0][0] <= min(len(answer) for *_, answer in tails)


def test_on_8x8_and_larger_boards_the_search_again_starts_from_the_start(data_root):
    for seed, kind in ((1, TAIL), (2, SLIDE_MOVES), (4, SLIDE_MOVES)):  # 7x7, 8x8, 10x10
        case = case_file(data_root, seed)
        solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), seed=0)
        target = np.zeros(case.n ** 2, dtype=np.int64)
        solver.found, solver.searched_targets = [(6, 3, ("L", "U", "R", "D", "L", "U"), 0)], {3: target}
        job = solver._search_again()
        assert job[:2] == (kind, 3)
        assert job[2] == (target, ("L", "U")) if kind == TAIL else job[2] is target
