"""The ahc011 scheduler on plain data: which tasks it hands out, from which results, at what cost
(no kernel runs here: the results are made up)."""

from __future__ import annotations

import numpy as np
import pytest

from solvers.ahc011 import ScreenedBeamSolver
from solvers.ahc011.schedule import (
    ANNEAL_STEPS_PER_EXPANSION,
    FIRST_SEARCH_SECONDS_PER_COST,
    FIT_SHARE,
    POOL_STREAM,
    RUN_STRIDE,
    SHORTEN_COST,
    TAIL_SHARE,
    Schedule,
)
from solvers.ahc011.tasks import (
    Answer,
    Beam,
    BuildTarget,
    Built,
    Found,
    GroupedSearch,
    PooledSearch,
    Ranked,
    ShortenAnswer,
    SlideSearch,
    TailSearch,
)

CENTRE = {6: 21, 7: 24, 9: 40}  # the cell a slide search's targets leave empty


def schedule_for(n, **params):
    settings = ScreenedBeamSolver.checked_settings(params)
    return Schedule(n, 2 * n**3, settings, CENTRE[n], settings["tree_steps"] * n * n)


def built(travel, k, trial=None):
    return Built(travel, trial, np.full(36, k, dtype=np.int64))


def finish_batch(schedule, results):
    tasks = schedule.next_batch()
    assert len(tasks) == len(results)
    for task, result in zip(tasks, results):
        schedule.finish(task, result)
    return tasks


def test_under_a_node_budget_targets_are_annealed_then_searched_least_travel_first_then_shortened():
    schedule = schedule_for(6)
    anneal = schedule.iterations // ANNEAL_STEPS_PER_EXPANSION
    assert not schedule.can_spend()
    schedule.grant(5000)
    assert schedule.can_spend()
    # Until there is an answer, ``screen`` (3) targets per search and no trials; the centre first.
    travels = [50, 40, -1, 30, 60, 45]
    for first in range(0, 6, 2):
        tasks = finish_batch(schedule, [built(travels[k], k) for k in (first, first + 1)])
        assert [(task.k, task.hole, task.trial) for task in tasks] == [(first, 21, False), (first + 1, 21, False)]
    assert schedule.targets == 6 and schedule.spent == 6 * anneal
    assert schedule.centre_built == [6, 5] and sorted(entry.k for entry in schedule.unsearched) == [0, 1, 3, 4, 5]
    # Six targets: two searches, toward the least travel (k = 3, then k = 1), on their first streams.
    answer = ("L", "U") * 50
    searches = finish_batch(schedule, [Found(answer), None])
    assert [(type(task), task.k, task.stream) for task in searches] == [(SlideSearch, 3, 3), (SlideSearch, 1, 1)]
    assert schedule.searched == schedule.fresh == 2 and schedule.last_run == {3: 0, 1: 0}
    assert schedule.spent == 6 * anneal + 2 * schedule.search_cost(Beam.SLIDES)
    assert schedule.found == [Answer(100, 3, answer)]
    # The answer is shortened before anything else starts.
    shorter = answer[:90]
    (task,) = finish_batch(schedule, [shorter])
    assert isinstance(task, ShortenAnswer) and task.moves == answer and task.k == 3
    assert schedule.best_shortened == 90 and schedule.found == [Answer(90, 3, shorter, 10), Answer(100, 3, answer)]
    assert schedule.spent == 6 * anneal + 2 * schedule.search_cost(Beam.SLIDES) + SHORTEN_COST * 100
    # Now a search waits for ``move_screen`` (8) targets, and new targets get trials.
    assert schedule.screen() == 8
    tasks = finish_batch(schedule, [built(20, 6, trial=80), built(25, 7, trial=-1)])
    assert [task.trial for task in tasks] == [True, True]
    assert schedule.spent == 8 * anneal + 2 * schedule.search_cost(Beam.SLIDES) + SHORTEN_COST * 100 + (
        2 * schedule.pilot_cost()
    )
    # Tried targets rank first, by their trial (one with no answer last among them), then by travel.
    schedule.unsearched.sort(key=lambda entry: entry[:2])
    assert [entry.k for entry in schedule.unsearched] == [6, 7, 5, 0, 4]


def test_once_there_is_an_answer_one_search_of_a_batch_is_a_tail_of_the_shortest():
    schedule = schedule_for(6, move_screen=1)
    schedule.grant(10**9)
    for k in range(0, 6, 2):
        finish_batch(schedule, [built(10 + k, k), built(11 + k, k + 1)])
    answer = tuple("LURD" * 30)
    finish_batch(schedule, [Found(answer), Found(answer[:-4] + ("L", "U", "L", "U"))])
    schedule.unshortened.clear()  # (no shortening in the way)
    new, tail = schedule.next_batch()
    assert isinstance(new, SlideSearch) and new.k == 2 and new.stream == 2
    best = schedule.found[0]
    assert isinstance(tail, TailSearch) and tail.k == best.k and tail.target is schedule.searched_targets[best.k]
    assert tail.prefix == best.moves[: round(TAIL_SHARE * best.length)] and tail.stream == best.k + RUN_STRIDE
    assert schedule.last_run[best.k] == 1 and schedule.fresh == 3


def test_9x9_searches_go_toward_their_screened_targets_at_once():
    schedule = schedule_for(9)
    schedule.grant(10**9)
    for k in range(0, 6, 2):
        finish_batch(schedule, [Built(30 - k, None, np.full(81, k)), Built(29 - k, None, np.full(81, k + 1))])
    first, second = schedule.next_batch()
    assert isinstance(first, GroupedSearch) and first.ks == (5, 4, 3) and second.ks == (2, 1, 0)
    assert first.stream == 5 and (first.targets[:, 0] == [5, 4, 3]).all()
    assert schedule.fresh == 2 and schedule.last_run == dict.fromkeys(range(6), 0)
    schedule.finish(second, Found(("L",) * 200, row=2))
    assert schedule.found == [Answer(200, 0, ("L",) * 200)]


def test_7x7_boards_pool_their_targets_once_there_is_an_answer():
    schedule = schedule_for(7, pool_targets=4, pool_width=3.0)
    schedule.grant(10**9)
    schedule.found = [Answer(150, 9, ("L",) * 150)]
    for k in (0, 2):
        tasks = finish_batch(schedule, [Built(20 - k, None, np.full(49, k)), Built(30, None, np.full(49, k + 1))])
        assert not any(task.trial for task in tasks)  # a pooled board's targets get no trials
    (pooled,) = schedule.next_batch()
    assert isinstance(pooled, PooledSearch) and pooled.ks == (2, 0, 1, 3) and pooled.scale == 3.0
    assert pooled.stream == POOL_STREAM and schedule.pooled_done
    spent = schedule.spent
    schedule.finish(pooled, Found(("U",) * 120, row=2))
    assert schedule.spent == spent + round(3.0 * schedule.search_cost(Beam.SLIDES))
    assert schedule.found[0] == Answer(120, 1, ("U",) * 120) and schedule.searched_targets[1][0] == 1


def test_under_a_time_budget_tasks_fit_the_time_left_and_a_run_with_no_answer_owes_one():
    schedule = schedule_for(6)
    schedule.deadline, schedule.started = 100.0, 0.0
    task = schedule.next_task(1.0, ())
    assert isinstance(task, BuildTarget) and task.trial  # a time budget tries targets from the first
    assert not schedule.owes_answer(99.0) and schedule.owes_answer(100.5)
    guess = schedule.search_cost(Beam.SLIDES) * FIRST_SEARCH_SECONDS_PER_COST[Beam.SLIDES]
    assert schedule.fit(Beam.SLIDES, 100.0 - 2 * guess) == 1.0
    assert schedule.fit(Beam.SLIDES, 100.0 - guess / 4) == pytest.approx(FIT_SHARE / 4)
    # A full-width search that took longer than the guess sizes the later ones.
    search = SlideSearch(0, 0, np.zeros(36, dtype=np.int64))
    schedule.finish(search, Found(("L",) * 100), seconds=10 * guess)
    assert schedule.full_seconds == {Beam.SLIDES: 10 * guess}
    assert schedule.fit(Beam.SLIDES, 100.0 - 2 * guess) == pytest.approx(FIT_SHARE / 5)
    # The search handed out carries that share of the widths.
    schedule.unshortened.clear()
    schedule.unsearched.append(Ranked(schedule.rank(built(10, 1)), 1, np.full(36, 1)))
    schedule.targets = 10  # (as many as a search waits for)
    next_search = schedule.next_task(100.0 - 2 * guess, ())
    assert isinstance(next_search, SlideSearch) and next_search.scale == pytest.approx(FIT_SHARE / 5)
    # Nothing starts beside a pooled search.
    assert schedule.next_task(1.0, (PooledSearch((0,), POOL_STREAM, np.zeros((1, 36)), 1.0),)) is None
