"""ahc011: once there is an answer, the slide search runs again from part of the way along the shortest."""

from __future__ import annotations

import numpy as np
from ahc011_kernels import slide_search
from test_ahc011_solver import case_file
from test_ahc011_window_finish import played

from solvers.ahc011 import ScreenedBeamSolver
from solvers.ahc011.grid import LETTERS, cancel_back_and_forth, is_full_tree
from solvers.ahc011.schedule import RUN_STRIDE, TAIL_SHARE
from solvers.ahc011.task_runner import HANDOVER_RATE, TaskRunner
from solvers.ahc011.tasks import Answer, SlideSearch, TailSearch
from solvers.driver import Budget, run
from workbench.puzzles.ahc011 import PUZZLE


def test_once_there_is_an_answer_the_slide_search_runs_again_from_a_third_of_the_way_along_it(data_root, monkeypatch):
    case = case_file(data_root, 0)  # 6x6
    n, tiles = case.n, np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    # Narrow searches, no trials and one target per search: many searches in few nodes.
    solver = ScreenedBeamSolver(
        PUZZLE, PUZZLE.public_view(case, case.start), seed=0, move_width=1000, pilot_width=0, move_screen=1
    )
    schedule = solver.schedule
    chosen, tails = {}, []  # the shortest answer when each tail task was chosen; the tasks run
    search_again, run_task = schedule.search_again, TaskRunner.run

    def choose():
        task = search_again()
        chosen[task] = schedule.found[0]
        return task

    def watched(self, task):
        result = run_task(self, task)
        if isinstance(task, TailSearch):
            tails.append((task, chosen[task], result))
        return result

    schedule.search_again = choose
    monkeypatch.setattr(TaskRunner, "run", watched)
    result = run(solver, Budget(nodes=200_000), slice_expansions=5000)
    assert len(tails) >= 2
    moves = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64)
    for task, best, found in tails:
        target, prefix, stream, answer = task.target, task.prefix, task.stream, found.moves
        # From the board a third of the way along the shortest answer, toward its target, on a new stream.
        assert prefix == best.moves[: round(TAIL_SHARE * best.length)] and 0 < len(prefix) < best.length
        assert task.k == best.k and target is schedule.searched_targets[best.k]
        assert stream % RUN_STRIDE == best.k and stream >= RUN_STRIDE
        # The answer: those slides, then the kernel's own search from there.
        board = played(n, tiles, [LETTERS.index(letter) for letter in prefix])
        count = slide_search(
            n,
            board,
            target,
            case.limit - len(prefix),
            1000,
            moves,
            k=stream,
            rate=HANDOVER_RATE,
            plan_width=100,
            stop=np.zeros(1, dtype=np.int64),
        )
        assert count > 0
        # (less the slides that undo each other where the two meet)
        whole = np.array([LETTERS.index(letter) for letter in prefix] + list(moves[:count]), dtype=np.int64)
        kept = cancel_back_and_forth(whole, len(whole))
        assert answer == tuple(LETTERS[m] for m in whole[:kept])
        assert is_full_tree(n, played(n, tiles, [LETTERS.index(letter) for letter in answer]))
    assert len(result.moves) == schedule.found[0].length <= min(len(found.moves) for *_, found in tails)


def test_on_8x8_and_larger_boards_the_search_again_starts_from_the_start(data_root):
    for seed, kind in ((1, TailSearch), (2, SlideSearch), (4, SlideSearch)):  # 7x7, 8x8, 10x10
        case = case_file(data_root, seed)
        schedule = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), seed=0).schedule
        target = np.zeros(case.n**2, dtype=np.int64)
        schedule.found, schedule.searched_targets = [Answer(6, 3, ("L", "U", "R", "D", "L", "U"))], {3: target}
        task = schedule.search_again()
        assert type(task) is kind and task.k == 3 and task.target is target
        if kind is TailSearch:
            assert task.prefix == ("L", "U")
