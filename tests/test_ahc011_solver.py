"""The ahc011 solver: full trees within T, determinism across slicings, the
frontier, and the kernels underneath (node budgets, but for the few tests of how a
timed run uses its threads and its last seconds)."""

import itertools
import threading
import time

import numpy as np
import pytest
from ahc011_kernels import move_search, slide_search

from solvers.ahc011 import SOLVERS, ScreenedBeamSolver
from solvers.ahc011.attempt import make_target, slide_into
from solvers.ahc011.beam import BLOCK, PAIR, plan
from solvers.ahc011.grid import LETTERS, is_full_tree, seed_stream
from solvers.ahc011.matching import cells_by_type, type_travel
from solvers.ahc011.move_beam import _ready_beside, _swaps_at
from solvers.ahc011.moved_matching import (
    SECTIONS,
    distances,
    fits,
    rematch,
    slide_away,
    slide_closer,
    start_matching,
    stepped_away,
    stepped_closer,
    store_rematch,
)
from solvers.ahc011.schedule import (
    ANNEAL_STEPS_PER_EXPANSION,
    FIRST_SEARCH_SECONDS_PER_COST,
    FIT_SHARE,
    MIN_SCALE,
    RUN_STRIDE,
)
from solvers.ahc011.target import build_target, centre_cell, retarget
from solvers.ahc011.task_runner import TaskRunner
from solvers.ahc011.tasks import Beam, PlanSearch, slide_search_width
from solvers.driver import Budget, RunControl, run
from workbench.puzzles.ahc011 import PUZZLE, Board, Case, tree_size
from workbench.puzzles.ahc011.generator import generate


def case_file(data_root, seed):
    return PUZZLE.parse_input((data_root / f"cases/ahc011/{seed:04d}.txt").read_text())


def solve(case, nodes, seed=0, slice_expansions=2000, **params):
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), seed=seed, **params)
    return solver, run(solver, Budget(nodes=nodes), slice_expansions=slice_expansions)


def test_the_screened_beam_is_the_one_solver():
    assert (ScreenedBeamSolver,) == SOLVERS
    assert ScreenedBeamSolver.name == "screened-beam"


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
def test_answers_are_full_trees_within_t_and_score_as_the_judge(data_root, seed):
    case = case_file(data_root, seed)
    solver, result = solve(case, nodes=15_000)
    assert result.stopped_by == "nodes" and result.progress.expansions == 15_000
    report = PUZZLE.score_solution(case, PUZZLE.format_solution(case, result.moves))
    assert report.fact("S") == case.tile_count  # a full tree
    assert 0 < len(result.moves) <= case.limit
    assert report.score == result.progress.best_score > 500_000
    # The answer stops at the first full tree: one move less is not one.
    shorter = PUZZLE.replay(case, result.moves[:-1])[-1]
    assert tree_size(shorter) < case.tile_count


@pytest.mark.parametrize("side", [3, 4, 5])
def test_practice_boards_down_to_3x3_are_solved(side):
    case = generate(7, size=side)
    _, result = solve(case, nodes=4_000)
    final = PUZZLE.replay(case, result.moves)[-1]
    assert tree_size(final) == case.tile_count and len(result.moves) <= case.limit


def test_same_seed_and_node_budget_give_the_same_answer_however_sliced(data_root):
    case = case_file(data_root, 1)
    _, whole = solve(case, nodes=8_000, seed=4)
    _, sliced = solve(case, nodes=8_000, seed=4, slice_expansions=137)
    _, other_seed = solve(case, nodes=8_000, seed=5)
    assert whole.moves == sliced.moves
    assert whole.progress.expansions == sliced.progress.expansions == 8_000
    assert other_seed.moves != whole.moves


def test_the_frontier_lists_distinct_full_tree_answers_best_first(data_root):
    case = case_file(data_root, 0)
    solver, result = solve(case, nodes=6_000, keep=5)
    entries = solver.frontier(5)
    assert 1 <= len(entries) <= 5
    assert entries[0].moves == result.moves
    assert [e.score for e in entries] == sorted((e.score for e in entries), reverse=True)
    assert len({e.moves for e in entries}) == len(entries)
    for entry in entries:
        report = PUZZLE.score_solution(case, "".join(entry.moves))
        assert report.score == entry.score and entry.depth == len(entry.moves)
        assert dict(entry.facts)["K"] == entry.depth


def test_a_board_that_is_already_a_full_tree_needs_no_move(data_root):
    case = case_file(data_root, 0)
    answer = (data_root / "answers/ahc011/0000.txt").read_text().strip()
    solved = Case(PUZZLE.replay(case, tuple(answer))[-1], case.limit)
    _, result = solve(solved, nodes=1_000)
    assert result.moves == () and result.progress.best_score == 1_000_000


def test_a_2x2_board_is_left_alone_and_the_run_ends():
    case = Case(Board.from_tiles(2, bytes([4, 1, 0, 2])), 16)
    _, result = solve(case, nodes=1_000)
    assert result.moves == () and result.stopped_by == "done"


@pytest.mark.parametrize("seed", [2, 4])
def test_target_trees_use_exactly_the_case_tiles(data_root, seed):
    case = case_file(data_root, seed)
    tiles = np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    found = 0
    for stream in range(10):
        seed_stream(rng, 0, stream)
        target = np.zeros(case.n**2, dtype=np.int64)
        travel = build_target(case.n, tiles, rng, 300 * case.n**2, target)
        if travel >= 0:
            found += 1
            assert sorted(target) == sorted(tiles) and target[-1] == 0
            assert is_full_tree(case.n, target)
            assert travel == total_travel(case.n, tiles, target)
    assert found >= 7  # a miss only costs a target


def total_travel(n, tiles, target):
    """The fewest total Manhattan steps taking the start tiles to the target's cells, by brute
    force over each type's orderings (types with at most 7 tiles) or by the kernel's matching."""
    total = 0
    for kind in range(1, 16):
        sources = [c for c in range(n * n) if tiles[c] == kind]
        cells = [c for c in range(n * n) if target[c] == kind]  # (the empty square is type 0)
        if len(cells) <= 7:
            total += min(
                sum(abs(a // n - b // n) + abs(a % n - b % n) for a, b in zip(cells, order))
                for order in itertools.permutations(sources)
            )
        else:
            total += type_travel_of(n, target, kind, tiles)
    return total


def type_travel_of(n, target, kind, tiles):
    size = n * n
    counts = np.zeros(16, dtype=np.int64)
    sources = np.zeros((16, size), dtype=np.int64)
    for cell in range(size):
        if tiles[cell]:
            sources[tiles[cell], counts[tiles[cell]]] = cell
            counts[tiles[cell]] += 1
    return type_travel(
        n,
        target,
        kind,
        np.zeros(size, dtype=np.int64),
        sources,
        counts,
        np.zeros((size, size), dtype=np.int64),
        np.zeros((6, size + 1), dtype=np.int64),
    )


def test_the_matching_finds_the_cheapest_assignment_even_with_unequal_sides():
    rng = np.random.default_rng(11)
    for _ in range(200):
        n = 6
        cells = rng.choice(n * n - 1, size=rng.integers(1, 6), replace=False)
        tiles = np.zeros(n * n, dtype=np.int64)
        places = rng.choice(n * n, size=rng.integers(1, 6), replace=False)
        tiles[places] = 5
        target = np.zeros(n * n, dtype=np.int64)
        target[cells] = 5
        pairs = min(len(cells), len(places))
        best = min(
            sum(abs(a // n - b // n) + abs(a % n - b % n) for a, b in zip(chosen, order))
            for chosen in itertools.combinations(sorted(cells), pairs)
            for order in itertools.permutations(places, pairs)
        )
        assert type_travel_of(n, target, 5, tiles) == best


@pytest.mark.parametrize("n, kinds", [(6, 15), (10, 3), (12, 2)])
def test_the_matching_kept_slide_by_slide_is_always_the_cheapest(n, kinds):
    """Random slides on random boards (up to 72 tiles of a type on a 12x12): after each, every
    type's travel updated from the parent's matching equals a fresh Hungarian matching's, whichever
    of the three updates (one closer, one away, matched again) it took."""
    rng = np.random.default_rng(n)
    size = n * n
    tiles = np.concatenate(([0], rng.integers(1, kinds + 1, size - 1)))
    boards = rng.permutation(tiles).astype(np.int8).reshape(1, 1, size)
    target = np.append(rng.permutation(tiles[1:]), 0)  # the empty square in the corner, as in a target tree
    places = np.zeros((16, size), dtype=np.int64)
    counts = np.zeros(16, dtype=np.int64)
    cells_by_type(n, target, counts, places)
    assert fits(n, counts)
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    steps = distances(n)
    matchings = np.zeros((1, 1, SECTIONS * size), dtype=np.int8)
    travels = np.zeros(16, dtype=np.int64)
    cells, u, v, own = (np.zeros(size + 1, dtype=np.int64) for _ in range(4))
    work = np.zeros((3, size + 1), dtype=np.int64)
    start_matching(
        n, boards[0, 0].astype(np.int64), first, counts, places, 0, steps, matchings, 0, travels, cells, u, v, own, work
    )
    assert list(travels) == [type_travel_of(n, target, kind, boards[0, 0]) for kind in range(16)]
    closer = away = 0
    for _ in range(1000):
        empty = int(np.flatnonzero(boards[0, 0] == 0)[0])
        others = [
            other
            for other in (empty - 1, empty + 1, empty - n, empty + n)
            if 0 <= other < size and (other // n == empty // n or other % n == empty % n)
        ]
        other = int(rng.choice(others))
        kind = int(boards[0, 0, other])
        if stepped_closer(n, kind, other, empty, first, places, 0, steps, matchings, 0, 0):
            travels[kind] -= 1
            slide_closer(n, kind, other, empty, first, matchings, 0, 0)
            closer += 1
        elif stepped_away(n, kind, other, empty, first, counts, places, 0, steps, matchings, 0, 0):
            travels[kind] += 1
            slide_away(n, kind, other, empty, first, matchings, 0, 0)
            away += 1
        else:
            travels[kind] = rematch(
                n, boards, kind, other, empty, first, counts, places, 0, steps, matchings, 0, 0, cells, u, v, own, work
            )
            store_rematch(n, kind, other, empty, first, counts, u, v, own, matchings, 0, 0)
        boards[0, 0, empty], boards[0, 0, other] = kind, 0
        assert travels[kind] == type_travel_of(n, target, kind, boards[0, 0])
    assert closer > 150 and away > 150 and closer + away < 970  # all three ways of updating were taken


def test_a_board_whose_matching_would_not_fit_int8_is_left_to_the_plan():
    counts = np.zeros(16, dtype=np.int64)
    counts[5] = 127
    assert fits(32, counts) and not fits(33, counts)  # potentials reach 4 (n - 1)
    counts[5] = 128  # rows of one type
    assert not fits(10, counts)


def best_target(case, targets=6):
    tiles = np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    built = []
    for k in range(targets):
        target = np.zeros(case.n**2, dtype=np.int64)
        travel = make_target(case.n, tiles, 0, k, 300 * case.n**2, target)
        if travel >= 0:
            built.append((travel, k, target))
    return tiles, min(built, key=lambda entry: entry[:2])


def slides(case, tiles, target, k, stop=0):
    moves = np.zeros(4 * case.limit + 4 * case.n**3, dtype=np.int64)
    flag = np.array([stop], dtype=np.uint8)
    length = slide_search(case.n, tiles, target, case.limit, 500, moves, k=k, stop=flag)
    return tuple(LETTERS[m] for m in moves[: max(length, 0)]), length


def test_the_slide_by_slide_search_ends_on_a_full_tree_and_repeats_itself(data_root):
    case = case_file(data_root, 0)  # 6x6: the search the solver uses up to move_side
    tiles, (travel, k, target) = best_target(case)
    answer, length = slides(case, tiles, target, k)
    assert 0 < length <= case.limit and length >= travel  # each slide moves one tile one step
    assert tree_size(PUZZLE.replay(case, answer)[-1]) == case.tile_count
    assert all(tree_size(board) < case.tile_count for board in PUZZLE.replay(case, answer)[:-1])
    assert slides(case, tiles, target, k) == (answer, length)


def test_a_stalled_slide_search_hands_its_least_travel_board_to_the_plan(data_root):
    case = case_file(data_root, 2)  # 8x8: a beam one board wide stalls long before a full tree
    tiles, (travel, k, target) = best_target(case)
    moves = np.zeros(4 * case.limit + 4 * case.n**3, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, 0, 2 * k + 1)
    stalled = move_search(case.n, tiles, target, case.limit, 1, rng, moves)
    assert stalled < -1  # no full tree, and a board with less travel to hand over
    prefix = tuple(LETTERS[m] for m in moves[: -1 - stalled])
    handed = np.frombuffer(PUZZLE.replay(case, prefix)[-1].tiles, dtype=np.uint8).astype(np.int64)
    assert board_travel(case.n, handed, target) < travel
    # The whole search: those slides, then a window finish or the plan to a full tree.
    answer = slides_with(case, tiles, target, k, move_width=1)
    assert answer[: len(prefix) - 2] == prefix[: len(prefix) - 2]  # (the join may cancel a slide or two)
    assert tree_size(PUZZLE.replay(case, answer)[-1]) == case.tile_count and len(answer) <= case.limit


def test_neighbouring_tiles_in_each_others_cells_are_counted_as_a_swapped_pair(data_root):
    case = case_file(data_root, 1)
    n = case.n
    _, (_, _, target) = best_target(case)
    board = target.copy()
    a, b = next(
        (cell, cell + 1) for cell in range(n * n - 1) if cell % n < n - 1 and 0 != target[cell] != target[cell + 1] != 0
    )
    board[a], board[b] = board[b], board[a]
    pairs = [_swaps_at(n, board, target.reshape(1, -1), 0, cell) for cell in range(n * n)]
    assert pairs[a] == pairs[b] == 1 and sum(pairs) == 2
    # Tiles of one type swapped are no pair (the board is the target), nor is the empty square and a tile.
    assert sum(_swaps_at(n, target, target.reshape(1, -1), 0, cell) for cell in range(n * n)) == 0
    board = target.copy()
    empty = n * n - 1
    board[empty], board[empty - 1] = board[empty - 1], 0
    assert sum(_swaps_at(n, board, target.reshape(1, -1), 0, cell) for cell in range(n * n)) == 0


def test_tiles_beside_the_empty_square_that_would_step_toward_their_cells_are_counted():
    """On 4x4 boards whose 15 tiles are all of different types (one matching: each tile to its own
    cell), a slide's ready tiles are those beside the new empty square that are farther from their
    cells than it is, leaving out the tile that has just slid."""
    n, size = 4, 16
    rng = np.random.default_rng(4)
    target = np.append(rng.permutation(np.arange(1, size)), 0)
    home = {int(kind): cell for cell, kind in enumerate(target)}
    places = np.zeros((16, size), dtype=np.int64)
    counts = np.zeros(16, dtype=np.int64)
    cells_by_type(n, target, counts, places)
    first = np.concatenate(([0], np.cumsum(counts)[:-1]))
    steps = distances(n)
    cells, u, v, own = (np.zeros(size + 1, dtype=np.int64) for _ in range(4))
    work = np.zeros((3, size + 1), dtype=np.int64)
    seen = set()
    for _ in range(300):
        board = rng.permutation(target).astype(np.int64)
        matchings = np.zeros((1, 1, SECTIONS * size), dtype=np.int8)
        start_matching(
            n,
            board,
            first,
            counts,
            places,
            0,
            steps,
            matchings,
            0,
            np.zeros(16, dtype=np.int64),
            cells,
            u,
            v,
            own,
            work,
        )
        empty = int(np.flatnonzero(board == 0)[0])
        other = int(rng.choice([cell for cell in range(size) if steps[empty, cell] == 1]))
        expected = sum(
            1
            for near in range(size)
            if steps[other, near] == 1
            and near != empty
            and steps[other, home[board[near]]] < steps[near, home[board[near]]]
        )
        ready = _ready_beside(n, board, board[other], other, empty, first, places, 0, steps, matchings, 0, 0)
        assert ready == expected
        seen.add(ready)
    assert {0, 1, 2} <= seen


def test_the_slide_search_no_longer_stalls_on_swapped_pairs_near_the_end():
    # Generated case 7011 (7x7), target 1: counting travel alone, the beam stalled 152 slides in with two
    # pairs of neighbouring tiles in each other's cells, and the plan needed 34 more slides to finish.
    case = PUZZLE.generate(7011)
    n, k = case.n, 1
    tiles = np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    target = np.zeros(n * n, dtype=np.int64)
    assert make_target(n, tiles, 0, k, 300 * n * n, target) >= 0
    moves = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, 0, 2 * k + 1)
    length = move_search(n, tiles, target, case.limit, 4000, rng, moves)
    assert 0 < length < 152 + 34
    assert tree_size(PUZZLE.replay(case, tuple(LETTERS[m] for m in moves[:length]))[-1]) == case.tile_count


def build_targets(solver, count):
    """Anneal ``count`` new targets as the solver's annealing tasks do; their travel and trial by k."""
    built = {}
    for _ in range(count):
        task = solver.schedule.new_target()
        result = solver.runner.run(task)
        built[task.k] = result.travel, result.trial
        solver.schedule.finish(task, result)
    return built


def test_new_targets_are_ranked_by_a_trial_search_and_the_shortest_trial_is_searched_first(data_root):
    case = case_file(data_root, 0)  # 6x6: searched slide by slide, 4000 wide
    n, tiles = case.n, np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), pilot_width=200)
    solver.deadline = time.perf_counter() + 600  # a time budget: trials from the first target
    built = build_targets(solver, 6)
    for k, (travel, trial) in built.items():
        target = next(entry.target for entry in solver.schedule.unsearched if entry.k == k)
        assert travel == make_target(
            n, tiles, 0, k, solver.schedule.iterations, np.zeros(n * n, dtype=np.int64), None, centre_cell(n)
        )  # (the slide search's targets: CENTRE_TRIES)
        # The trial is the full search at 200 / 4000 of its widths (the plan's 100 -> 5), on the same stream.
        moves = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64)
        assert trial == slide_search(n, tiles, target, case.limit, 200, moves, k=k, plan_width=5) > 0
    first = min(built, key=lambda k: (built[k][1], k))
    assert first != min(built, key=lambda k: (built[k][0], k))  # here the least travel is not the shortest trial
    assert solver.schedule.new_search().k == first
    # Without trials, the least travel goes first, and annealing a target costs its annealing only.
    plain = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start), pilot_width=0)
    plain.deadline = solver.deadline
    assert [result[1] for result in build_targets(plain, 6).values()] == [None] * 6
    assert plain.schedule.new_search().k == min(built, key=lambda k: (built[k][0], k))
    assert plain.schedule.spent == 6 * plain.schedule.iterations // ANNEAL_STEPS_PER_EXPANSION < solver.schedule.spent
    # Past 7x7 a trial ranked targets worse than travel: none there.
    large = case_file(data_root, 2)  # 8x8
    wide = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(large, large.start), pilot_width=200)
    wide.deadline = solver.deadline
    task = wide.schedule.new_target()
    assert not task.trial and wide.runner.run(task).trial is None


def test_under_a_node_budget_trials_start_once_there_is_an_answer(data_root):
    case = case_file(data_root, 0)
    solver, result = solve(case, nodes=15_000)  # six targets, two searches: too few nodes for trials too
    assert result.moves and solver.schedule.fresh == 2 and solver.schedule.targets == 6
    assert all(rank[0] == 1 for rank, _, _ in solver.schedule.unsearched)  # ranked by travel: no trial
    built = build_targets(solver, 2)  # now there is an answer
    assert all(trial is not None for _, trial in built.values())
    assert [entry.k for entry in sorted(solver.schedule.unsearched, key=lambda entry: entry[:2])][:2] == sorted(
        built, key=lambda k: (built[k][1], k)
    )  # the tried targets first


def test_boards_past_7x7_get_a_narrower_slide_search_and_10x10_is_the_largest_searched_slide_by_slide():
    assert [slide_search_width(n, 4000) for n in (3, 6, 7, 8, 9, 10)] == [4000, 4000, 4000, 2680, 1882, 1372]
    assert slide_search_width(20, 1) == 1
    kinds = {}
    for n in (9, 10, 11):  # 11: past the contest's boards
        case = PUZZLE.generate(3, size=n)
        kinds[n] = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start)).schedule.search_beam()
    assert kinds == {9: Beam.SLIDES, 10: Beam.SLIDES, 11: Beam.PLAN}


def board_travel(n, board, target):
    """Fewest total steps from ``board``'s tiles to ``target``'s cells of their types."""
    cells = np.zeros(n * n, dtype=np.int64)
    sources = np.zeros((16, n * n), dtype=np.int64)
    counts = np.zeros(16, dtype=np.int64)
    for cell, kind in enumerate(board):
        if kind:
            sources[kind, counts[kind]] = cell
            counts[kind] += 1
    cost = np.zeros((n * n, n * n), dtype=np.int64)
    work = np.zeros((6, n * n + 1), dtype=np.int64)
    return sum(type_travel(n, target, kind, cells, sources, counts, cost, work) for kind in range(1, 16))


def slides_with(case, tiles, target, k, move_width):
    moves = np.zeros(4 * case.limit + 4 * case.n**3, dtype=np.int64)
    length = slide_search(case.n, tiles, target, case.limit, move_width, moves, k=k)
    return tuple(LETTERS[m] for m in moves[:length])


@pytest.mark.parametrize("n", [3, 4, 7, 10])
def test_the_plan_leaves_the_bottom_right_3x3_block_to_the_exact_search(n):
    steps, done = plan(n, True)
    before_block = done[-2] if len(done) > 1 else np.zeros(n * n, dtype=bool)
    block = {row * n + col for row in range(n - 3, n) for col in range(n - 3, n)}
    assert {cell for cell in range(n * n) if not before_block[cell]} == block
    assert steps[-1][0] == BLOCK and steps[-1][1] == (n - 3) * n + n - 3 and done[-1].all()
    # The 2x3 variant ends one row later.
    steps, done = plan(n, False)
    assert {cell for cell in range(n * n) if not done[-2][cell]} == {
        row * n + col for row in range(n - 2, n) for col in range(n - 3, n)
    } or n == 3


@pytest.mark.parametrize("n", [4, 6, 9, 10])
def test_the_plan_walks_ring_by_ring_each_line_starting_beside_the_last_ones_end(n):
    steps, done = plan(n, True)
    lines, line, locked = [], [], np.zeros(n * n, dtype=bool)
    for (kind, first, second, parked), after in zip(steps[:-1], done):
        line.append(first)
        if kind == PAIR:
            line.append(second)
            # The parked cell is beside the pair's first cell, off the line and still free.
            across = parked - first
            assert across in (1, n) and abs(second - first) == n + 1 - across and not locked[parked]
            lines.append(line)
            line = []
        locked = after

    def apart(a, b):
        return abs(a // n - b // n) + abs(a % n - b % n)

    block = {row * n + col for row in range(n - 3, n) for col in range(n - 3, n)}
    assert sorted(cell for line in lines for cell in line) == sorted(set(range(n * n)) - block)
    for line in lines:  # straight, cell after cell
        assert all(apart(a, b) == 1 for a, b in zip(line, line[1:]))
        assert len({cell // n for cell in line}) == 1 or len({cell % n for cell in line}) == 1
    # Ring k is row k and column k, in that order of rings.
    assert [min(line[0] // n, line[0] % n) for line in lines] == [k for k in range(n - 3) for _ in range(2)]
    assert all(apart(a[-1], b[0]) == 1 for a, b in zip(lines, lines[1:]))


def test_retargeting_keeps_the_placed_cells_and_the_tiles_and_never_adds_travel(data_root):
    case = case_file(data_root, 4)  # 10x10
    n = case.n
    tiles, (_, _, target) = best_target(case, targets=2)
    # The board some slides later (the plan's first 300), the first two rows counted as placed.
    moves = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64)
    slide_into(n, tiles, target, case.limit, 0, 0, 5, 1, 3.0, 1.0, np.zeros(1, dtype=np.uint8), moves)
    board = np.frombuffer(PUZZLE.replay(case, tuple(LETTERS[m] for m in moves[:300]))[-1].tiles, dtype=np.uint8).astype(
        np.int64
    )
    fixed = np.zeros(n * n, dtype=np.bool_)
    fixed[: 2 * n] = True
    before = board_travel(n, board, target)
    rng = np.zeros(1, dtype=np.uint64)
    lowered = 0
    for stream in range(8):  # the annealing escapes a good tree only now and then
        mask = target.copy()
        seed_stream(rng, 0, stream)
        travel = retarget(n, board, mask, fixed, rng, 100 * n * n, 2.0, np.zeros(1, dtype=np.uint8))
        assert (mask[fixed] == target[fixed]).all() and sorted(mask) == sorted(tiles) and mask[-1] == 0
        assert is_full_tree(n, mask)
        assert travel == board_travel(n, board, mask) <= before
        lowered += travel < before
    assert lowered >= 1


def test_once_there_is_an_answer_its_target_is_searched_again_on_a_new_stream(data_root):
    case = case_file(data_root, 3)  # 9x9, by the placement plan (its searches are cheap in nodes)
    solver, result = solve(case, nodes=120_000, shortcut_cells=0, move_side=8)  # searches only: no shortening
    schedule = solver.schedule
    again = [k for k, run in schedule.last_run.items() if run >= 1]
    assert again  # some target was searched more than once
    # Every batch after the first answer ran one search again: the first batch's two are new.
    assert schedule.searched - schedule.fresh == sum(schedule.last_run.values()) == (schedule.searched - 2) // 2
    # A run again is the kernel on the same target with the stream k + r * RUN_STRIDE.
    tiles = np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    moves = np.zeros(4 * case.limit + 4 * case.n**3, dtype=np.int64)
    for k in again:
        lengths = [
            slide_into(
                case.n,
                tiles,
                schedule.searched_targets[k],
                case.limit,
                0,
                k + run * RUN_STRIDE,
                100,
                3,
                3.0,
                1.0,
                np.zeros(1, dtype=np.uint8),
                moves,
            )
            for run in range(schedule.last_run[k] + 1)
        ]
        assert min(lengths) == min(entry.length for entry in schedule.found if entry.k == k)
    assert len(result.moves) == schedule.found[0].length


def test_answers_that_may_come_out_shortest_are_shortened_and_the_shortest_wins(data_root):
    case = case_file(data_root, 3)  # 9x9, by the placement plan (its searches are cheap in nodes)
    solver, result = solve(case, nodes=60_000, move_side=8)
    best = solver.schedule.found[0]
    assert best.length == len(result.moves) == solver.schedule.best_shortened
    assert best.cut > 0  # slides cut
    # It came from a search's answer for the same target, that many slides longer, with the same last board.
    raw = [entry for entry in solver.schedule.found if entry.cut == 0 and entry.length == best.length + best.cut]
    assert any(entry.k == best.k for entry in raw)
    last = PUZZLE.replay(case, best.moves)[-1]
    assert any(PUZZLE.replay(case, entry.moves)[-1].tiles == last.tiles for entry in raw)
    assert dict(solver.frontier(1)[0].facts)["cut"] == best.cut
    # Switched off, no answer is shortened.
    plain, _ = solve(case, nodes=60_000, shortcut_cells=0)
    assert plain.schedule.best_shortened == float("inf") and all(entry.cut == 0 for entry in plain.schedule.found)


def test_a_stop_flag_ends_both_searches_at_once(data_root):
    case = case_file(data_root, 0)
    tiles, (_, k, target) = best_target(case)
    assert slides(case, tiles, target, k, stop=1) == ((), -1)
    moves = np.zeros(4 * case.limit + 4 * case.n**3, dtype=np.int64)
    assert slide_into(case.n, tiles, target, case.limit, 0, k, 10, 3, 3.0, 1.0, np.ones(1, dtype=np.uint8), moves) == -1


def test_past_its_deadline_a_run_without_an_answer_finishes_its_first_searches_then_stops(data_root):
    case = case_file(data_root, 3)
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start))
    solver.deadline = 0.0  # long gone, as after a first run's compiling
    progress = solver.run_slice(10**9)
    assert solver.schedule.found and solver.schedule.searched >= 1  # a search ran to its end
    assert not solver.threads.under_way  # then the slice stopped the tasks still under way, and waited for them
    assert progress.expansions == 10**9 and not progress.done


def test_under_a_time_budget_a_free_thread_starts_the_next_task_at_once(data_root, monkeypatch):
    """No batches: a task starts while another, started earlier, is still running, and no task
    is left running once the run is over."""
    spans = []
    real_run = TaskRunner.run

    def timed(self, task):
        started = time.perf_counter()
        result = real_run(self, task)
        spans.append((started, time.perf_counter()))
        return result

    monkeypatch.setattr(TaskRunner, "run", timed)
    monkeypatch.setattr("solvers.base._thread_limit", 2)  # two threads even when pinned to one core
    case = case_file(data_root, 2)  # 8x8: its searches take about a second
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start))
    result = run(solver, Budget(seconds=2.0))
    assert result.moves and tree_size(PUZZLE.replay(case, result.moves)[-1]) == case.tile_count
    assert not solver.threads.under_way
    assert any(a_start + 0.01 < b_start < a_end - 0.01 for a_start, a_end in spans for b_start, _ in spans)


def test_a_search_that_would_end_past_the_deadline_gets_narrower_beams(data_root):
    case = case_file(data_root, 1)
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start))
    schedule, now = solver.schedule, time.perf_counter()
    guess = schedule.search_cost(Beam.PLAN) * FIRST_SEARCH_SECONDS_PER_COST[Beam.PLAN]
    solver.deadline = now + 2 * guess
    assert schedule.fit(Beam.PLAN, now) == 1.0  # no search timed yet, and the guess fits
    solver.deadline = now + guess / 2
    # The first search of a short budget is fitted to the time left by the guess (it ran at full
    # width and overran: solve --time 1 ended at 1.3-1.6 s at N = 7).
    assert schedule.fit(Beam.PLAN, now) == pytest.approx(FIT_SHARE * 0.5)
    solver.deadline = now + 0.5
    schedule.full_seconds[Beam.PLAN] = 0.4
    assert schedule.fit(Beam.PLAN, now) == 1.0  # it fits
    schedule.full_seconds[Beam.PLAN] = 1.0
    assert schedule.fit(Beam.PLAN, now) == pytest.approx(FIT_SHARE * 0.5)  # FIT_SHARE of the share that fits
    schedule.full_seconds[Beam.PLAN] = 1000.0
    assert schedule.fit(Beam.PLAN, now) == MIN_SCALE
    # A narrowed search still ends on a full tree.
    _, (_, k, target) = best_target(case)
    found = solver.runner.run(PlanSearch(k, k, target, scale=MIN_SCALE))
    assert found and tree_size(PUZZLE.replay(case, found.moves)[-1]) == case.tile_count


def test_a_tiny_time_budget_still_gives_a_full_tree(data_root):
    case = case_file(data_root, 1)
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start))
    result = run(solver, Budget(seconds=0.001))
    assert result.moves and tree_size(PUZZLE.replay(case, result.moves)[-1]) == case.tile_count


def test_boards_past_the_contest_size_get_no_grace_past_the_deadline():
    """A first answer on a 12x12 board can take minutes: the budget is kept. Contest boards
    get the grace (once the kernels are compiled) so a timed run rarely comes back empty."""
    for side, graced in ((12, False), (6, True)):
        case = PUZZLE.generate(0, size=side)
        solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start))
        solver.run_slice(1)  # compiles (or loads) the target kernel
        assert not solver.schedule.found
        assert (solver.stop_time(100.0) > 100.0) == graced
        solver.deadline = 0.0
        assert solver.schedule.owes_answer(1.0) == graced  # a second past the deadline


def test_one_thread_gives_the_same_answer_as_two(data_root):
    """The window keeps a core for itself (limit_threads); the tasks are the same, so the answer is."""
    from solvers.base import limit_threads, threads_for

    case = case_file(data_root, 1)
    _, two = solve(case, nodes=8_000, seed=4)
    limit_threads(1)
    try:
        assert threads_for(2) == 1
        _, one = solve(case, nodes=8_000, seed=4)
    finally:
        limit_threads(None)
    assert one.moves == two.moves and one.progress.expansions == two.progress.expansions


def test_cancelling_a_paused_timed_run_stops_the_task_left_running_between_slices(data_root, monkeypatch):
    monkeypatch.setattr("solvers.base._thread_limit", 2)  # two threads even when pinned to one core
    case = case_file(data_root, 4)  # 10x10: a search takes over half a second
    solver = ScreenedBeamSolver(PUZZLE, PUZZLE.public_view(case, case.start))
    control = RunControl()
    paused = threading.Event()
    outcome = {}

    def pause_while_a_task_runs(sample):
        if solver.threads.under_way and not paused.is_set():
            control.pause()
            paused.set()

    def work():
        outcome["run"] = run(solver, Budget(seconds=600), control=control, on_progress=pause_while_a_task_runs)

    thread = threading.Thread(target=work)
    thread.start()
    assert paused.wait(120)
    control.cancel()
    thread.join(60)
    assert not thread.is_alive() and outcome["run"].stopped_by == "cancelled"
    assert not solver.threads.under_way  # the run's end stopped it and waited for it
