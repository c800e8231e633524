"""The ahc011 solver's pooled search: one slide-by-slide beam toward many target trees at once,
each board ranked toward its own target, keeping whichever it reaches cheapest."""

import time

import numpy as np
from ahc011_kernels import pooled_slide_search, slide_search
from test_ahc011_solver import case_file, solve
from test_ahc011_window_finish import played

from solvers.ahc011 import ScreenedBeamSolver
from solvers.ahc011.attempt import make_target
from solvers.ahc011.grid import is_full_tree, neighbour
from solvers.ahc011.task_runner import TaskRunner
from solvers.ahc011.tasks import BuildTarget, GroupedSearch, PooledSearch, ShortenAnswer
from solvers.driver import Budget, run
from workbench.puzzles.ahc011 import PUZZLE


def scrambled(n, board, slides, seed):
    """``board`` after ``slides`` random slides (none straight back)."""
    board, rng, last = board.copy(), np.random.default_rng(seed), -1
    empty = int(np.flatnonzero(board == 0)[0])
    for _ in range(slides):
        choices = [d for d in range(4) if neighbour(n, empty, d) >= 0 and d != (last + 2) % 4]
        last = int(rng.choice(choices))
        other = neighbour(n, empty, last)
        board[empty], board[other] = board[other], 0
        empty = other
    return board


def tasks_run(monkeypatch, clock=None) -> list:
    """The tasks the solvers run from now on, as they end: (task, started, ended) with ``clock``'s
    times, else the tasks alone."""
    tasks, real = [], TaskRunner.run

    def watched(self, task):
        started = clock() if clock else None
        result = real(self, task)
        tasks.append((task, started, clock()) if clock else task)
        return result

    monkeypatch.setattr(TaskRunner, "run", watched)
    return tasks


def test_one_search_toward_many_targets_goes_to_the_one_it_reaches_cheapest(data_root):
    """A target tree 12 slides from the start, hidden among five others annealed for the case's own
    start: the pooled search names it and needs at most those 12 slides."""
    case = case_file(data_root, 1)  # 7x7
    n, tiles = case.n, np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    near = np.zeros(n * n, dtype=np.int64)
    assert make_target(n, tiles, 0, 0, 1000 * n * n, near) >= 0
    start = scrambled(n, near, 12, seed=3)
    others = []
    for k in range(1, 6):
        other = np.zeros(n * n, dtype=np.int64)
        assert make_target(n, tiles, 0, k, 1000 * n * n, other) >= 0
        others.append(other)
    targets = np.stack(others[:3] + [near] + others[3:])
    moves, aimed = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64), np.zeros(1, dtype=np.int64)
    length = pooled_slide_search(n, start, targets, case.limit, 4000, moves, aimed)
    assert aimed[0] == 3 and 0 < length <= 12
    assert is_full_tree(n, played(n, start, moves[:length]))
    # Toward one target it is the search it always was (the single-target kernel wraps it).
    again = np.zeros_like(moves)
    single = slide_search(n, start, others[0], case.limit, 4000, again)
    alone = pooled_slide_search(n, start, others[0].reshape(1, -1), case.limit, 4000, moves, aimed)
    assert single == alone > 0 and list(again[:single]) == list(moves[:alone]) and aimed[0] == 0


def test_on_7x7_and_8x8_boards_targets_are_pooled_once_there_is_an_answer(data_root, monkeypatch):
    """Under a node budget: the first answer as before, then ``pool_targets`` targets, then one
    pooled search over all of them at ``pool_width`` times the width. Same seed and nodes, same
    answer; 6x6 boards keep their own searches."""
    case = case_file(data_root, 1)
    tasks = tasks_run(monkeypatch)
    answers = []
    for _ in range(2):
        tasks.clear()
        solver, result = solve(case, 400_000, pool_targets=6, pool_width=1.0)
        pooled = [task for task in tasks if isinstance(task, PooledSearch)]
        assert solver.schedule.pooled_runs == 1 and solver.schedule.pooled_done
        assert len(pooled) == 1 and len(pooled[0].ks) >= 6 and pooled[0].scale == 1.0
        answers.append(result.moves)
    assert answers[0] == answers[1] and answers[0]
    small = case_file(data_root, 0)  # 6x6
    solver, _ = solve(small, 400_000, pool_targets=6, pool_width=1.0)
    assert solver.schedule.pooled_runs == 0 and solver.schedule.fresh > 2


def test_under_a_time_budget_the_pooled_search_runs_at_full_width_then_once_more_as_wide_as_fits(
    data_root, monkeypatch
):
    case = case_file(data_root, 2)  # 8x8
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start))
    spans = tasks_run(monkeypatch, time.perf_counter)
    result = run(solver, Budget(seconds=5))  # room for the second one even on a busy machine
    assert result.moves and solver.schedule.pooled_runs == 2
    pooled = [span for span in spans if isinstance(span[0], PooledSearch)]
    assert pooled[0][0].scale == 1.0 and 2.0 <= pooled[1][0].scale <= 12.0  # at most pool_width
    for _, begun, ended in pooled:  # no task but the first answer's shortening ran beside them
        assert not any(
            not isinstance(other[0], (PooledSearch, ShortenAnswer)) and other[1] < ended and other[2] > begun
            for other in spans
        )
    builds = [span for span in spans if isinstance(span[0], BuildTarget) and span[2] <= pooled[0][1]]
    assert len(builds) >= len(pooled[0][0].ks) > 1  # every target it pooled was annealed before it


def test_on_9x9_boards_each_new_search_goes_toward_its_screened_targets_at_once(data_root, monkeypatch):
    """A new search goes toward its ``screen`` (``move_screen`` once there is an answer) best
    targets at once; every one of them counts as searched, and the answer is the target it
    reached. Same seed and nodes, same answer. 8x8 boards search one target at a time."""
    case = case_file(data_root, 3)  # 9x9
    tasks = tasks_run(monkeypatch)
    answers = []
    for _ in range(2):
        tasks.clear()
        solver, result = solve(case, 200_000)
        schedule = solver.schedule
        groups = [task.ks for task in tasks if isinstance(task, GroupedSearch)]
        assert [len(group) for group in groups[:2]] == [3, 3] and len(groups[2]) == 8 and schedule.fresh == len(groups)
        members = [k for group in groups for k in group]
        assert len(set(members)) == len(members) and set(members) <= set(schedule.searched_targets)
        assert schedule.found[0].k in members
        report = PUZZLE.score_solution(case, PUZZLE.format_solution(case, result.moves))
        assert report.fact("S") == case.tile_count and report.score == result.progress.best_score
        answers.append(result.moves)
    assert answers[0] == answers[1]
    tasks.clear()
    solver, _ = solve(case_file(data_root, 2), 100_000)  # 8x8
    assert solver.schedule.fresh >= 2 and not any(isinstance(task, GroupedSearch) for task in tasks)


def test_on_10x10_boards_each_new_search_waits_for_half_as_many_annealed_targets(data_root):
    """On 10x10 boards a new slide search starts once ``move_screen // 2`` targets per search are
    annealed (4 of the default 8; under a node budget ``screen`` until the first answer); 9x9
    boards still wait for all ``move_screen``."""
    case = case_file(data_root, 4)  # 10x10
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), seed=0)
    schedule = solver.schedule
    starts, new_search = [], schedule.new_search

    def watched():
        starts.append((bool(schedule.found), schedule.targets, schedule.fresh))
        return new_search()

    schedule.new_search = watched
    result = run(solver, Budget(nodes=400_000), slice_expansions=2000)
    assert result.moves
    first, later = [s for s in starts if not s[0]], [s for s in starts if s[0]]
    assert first and later
    assert all(targets >= 3 * (fresh + 1) for _, targets, fresh in first)
    assert all(8 * (fresh + 1) > targets >= 4 * (fresh + 1) for _, targets, fresh in later)
    nine = case_file(data_root, 3)
    for board, screened in ((case, 4), (nine, 8)):
        timed = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(board, board.start), seed=0)
        timed.deadline = time.perf_counter() + 3.0  # a time budget screens ``move_screen`` from the start
        assert timed.schedule.screen() == screened
