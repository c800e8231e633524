"""The live view's Qt-free state: what a real live case published, taken as the view's timer takes it."""

from __future__ import annotations

import time

import numpy as np
import pytest
from live_script import ANSWER, CASE, ahc011_case, command, two_snapshots
from qt_free import qt_loaded_by

from workbench.batch.live_case import LiveCase
from workbench.batch.puzzle_problem import PuzzleProblem
from workbench.core.objective import Objective
from workbench.core.registry import get_puzzle
from workbench.gui.live.live_state import LiveRunState


def test_the_state_imports_no_qt():
    assert qt_loaded_by("workbench.gui.live.live_state") == []


@pytest.mark.skipif(not CASE.is_file(), reason="needs ../shared")
def test_what_a_live_case_published_is_taken_once_in_order(tmp_path):
    answer = ANSWER.read_text().strip()
    puzzle = get_puzzle("ahc011")
    instance = puzzle.parse_input(CASE.read_text())
    expected = [puzzle.score_solution(instance, text).score for text in (answer[:30], answer[:70])]
    script = command(tmp_path, two_snapshots(answer))
    live = LiveCase(PuzzleProblem("ahc011"), ahc011_case(), script, 20, answers_dir=str(tmp_path)).start()
    state = LiveRunState()
    lines = 0
    snapshots = []
    deadline = time.monotonic() + 30
    while True:
        finished = live.finished.is_set()  # read before taking, as the view does
        taken = state.take(live)
        lines += taken.lines
        snapshots += taken.snapshots
        if finished:
            break
        assert time.monotonic() < deadline
        time.sleep(0.03)
    assert list(state.series_v) == [5.0, 868056.0] and lines == 2  # "bad" is no number
    assert [s.source for s in state.snapshots] == ["1.txt", "2.txt"] and snapshots == state.snapshots
    times, scores = state.scored()
    assert list(scores) == expected and np.all(np.diff(times) > 0)
    assert state.best(Objective.MAX) == max(expected) and state.best(Objective.MIN) == min(expected)
    assert not state.take(live)  # nothing twice
    state.reset()
    assert len(state.series_t) == 0 and state.snapshots == [] and state.best(Objective.MAX) is None
