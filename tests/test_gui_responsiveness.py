"""What the window does to stay responsive keeps it showing the same things: cells painted
from a cached pixmap follow edits, a board updated cell by cell matches one drawn at once,
previews use the scoring thread's states, plotted samples keep every value.

(How fast it is gets measured by ``python -m bench.responsiveness``, not asserted here.)
"""

import math
import random

import numpy as np
import pytest
from gui_helpers import solve_by_nodes
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from workbench.gui.board.painters.rolling_balls import CELL, FLOOR, WALL_FILL, RollingBallsAdapter
from workbench.gui.solver.live_series import GrowingSeries
from workbench.puzzles.rolling_balls import PUZZLE as ROLLING_BALLS
from workbench.puzzles.rolling_balls import Roll, editing
from workbench.puzzles.rolling_balls.board import is_ball


def colour_at(window, r, c) -> QColor:
    """The colour the view shows at the middle of cell (r, c), as painted now."""
    view = window.view
    image = view.viewport().grab().toImage()
    point = view.mapFromScene(QPointF(c * CELL + CELL / 2, r * CELL + CELL / 2))
    return image.pixelColor(point)


def close(a: QColor, b: QColor) -> bool:
    return all(abs(x - y) <= 8 for x, y in zip(a.getRgb()[:3], b.getRgb()[:3]))


def test_a_wall_edited_in_is_painted_over_the_cached_cells_and_out_again(qtbot, window, data_root):
    assert window.files.open_path(data_root / "cases/rolling-balls/seed_1.txt")
    window.editing.set_edit_mode(True)
    panel = window.editor_panel
    index = panel.palette.findData(editing.WALL_BRUSH)
    panel.palette.setCurrentIndex(index)
    panel.palette.activated.emit(index)
    assert window.session.instance.start.at(1, 0) == ord(".")
    assert close(colour_at(window, 1, 0), FLOOR)  # painted once: the cells are cached now
    window.view.cellEdited.emit((1, 0), None)
    assert window.session.instance.start.at(1, 0) == ord("#")
    assert close(colour_at(window, 1, 0), WALL_FILL)
    window.view.cellEdited.emit((1, 0), None)
    assert window.session.instance.start.at(1, 0) == ord(".")
    assert close(colour_at(window, 1, 0), FLOOR)


def render(scene: QGraphicsScene) -> np.ndarray:
    rect = scene.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return np.array(image.constBits()).reshape(image.height(), image.width(), 4).copy()


def shown_items(adapter: RollingBallsAdapter) -> dict:
    """Per cell, what a ball and a target on it look like (only the visible ones)."""
    seen = {}
    for index in range(adapter.rows * adapter.cols):
        ball, digit, target = adapter.balls[index], adapter.digits[index], adapter.targets[index]
        if ball is not None and ball.isVisible():
            seen[("ball", index)] = (ball.brush().color().name(), digit.text(), digit.pos().toTuple())
        if target is not None and target.isVisible():
            seen[("target", index)] = (target.pen().color().name(), adapter.target_digits[index].text())
        seen[("cell", index)] = adapter.grid.fill(index).name()
    return seen


def test_a_board_updated_cell_by_cell_looks_as_one_drawn_at_once(qtbot, data_root):
    case = ROLLING_BALLS.parse_input((data_root / "cases/rolling-balls/seed_7.txt").read_text())
    step_scene, once_scene = QGraphicsScene(), QGraphicsScene()
    stepped = RollingBallsAdapter(ROLLING_BALLS, step_scene)
    stepped.build(case)
    state = case.start
    stepped.show(case, state)
    rng = random.Random(3)
    balls = [i for i, cell in enumerate(state.cells) if is_ball(cell)]
    for turn in range(60):
        ball = rng.choice(balls)
        move = Roll(ball // state.cols, ball % state.cols, rng.randrange(4))
        state = ROLLING_BALLS.apply(case, state, move).state
        balls = [i for i, cell in enumerate(state.cells) if is_ball(cell)]
        if turn == 30:  # a view option off and on again repaints every cell
            stepped.set_view_option("balls", False)
            stepped.show(case, state)
            stepped.set_view_option("balls", True)
        stepped.show(case, state)
    once = RollingBallsAdapter(ROLLING_BALLS, once_scene)
    once.build(case)
    once.show(case, state)
    assert state.cells != case.start.cells  # the balls did move
    assert shown_items(stepped) == shown_items(once)
    assert np.array_equal(render(step_scene), render(once_scene))


def test_a_previewed_frontier_row_is_the_state_its_moves_reach(qtbot, window, data_root):
    assert window.files.open_path(data_root / "cases/comesolo/rand_10_d50.txt")
    panel = solve_by_nodes(qtbot, window, 400)
    assert panel.frontier_entries
    origin = window.session.history.current
    for row, entry in enumerate(panel.frontier_entries):
        state = origin.state
        for move in entry.moves:
            state = window.session.puzzle.apply(window.session.instance, state, move).state
        assert panel.frontier_state(origin.state, entry.moves) == state
        panel.table.cellClicked.emit(row, 0)
        assert window.view.state == state
    other_origin = object()  # a run from another position: its states are not these
    assert panel.frontier_state(other_origin, panel.frontier_entries[0].moves) is None


def test_a_growing_series_keeps_every_sample_and_the_range_of_the_finite_ones():
    series = GrowingSeries()
    assert len(series) == 0 and series.finite_range() is None
    series.append(math.nan)
    assert series.finite_range() is None  # no answer yet
    values = [math.nan] + [float((k * 37) % 1001 - 500) for k in range(1, 5000)]
    for value in values[1:]:
        series.append(value)
    assert len(series) == len(values)
    assert np.array_equal(series.values, np.array(values), equal_nan=True)
    assert series[-1] == values[-1] and list(series)[1:] == values[1:]
    assert series.finite_range() == (-500.0, 500.0)


def test_while_a_run_goes_on_its_time_axis_ends_a_step_ahead_and_at_its_end_when_it_stops(qtbot, window, data_root):
    """The axes are redrawn only when the data passes a step (1, 1.5, 2, 3, 4, 5, 6, 8 times a power
    of ten), not at every poll; the last sample is always in view, and the run's end closes the axis."""
    from workbench.gui.common.plot_style import growing_end

    assert [growing_end(x) for x in (0.04, 0.1, 0.11, 0.9, 2.5, 7.9, 9.99, 10.5)] == pytest.approx(
        [0.04, 0.1, 0.15, 1.0, 3.0, 8.0, 10.0, 15.0]
    )
    assert window.files.open_path(data_root / "cases/comesolo/rand_30_d60.txt")
    panel = window.solver_panel
    qtbot.waitUntil(lambda: not panel.not_ready, timeout=300_000)
    panel.seconds.setValue(60)
    panel.start_button.click()
    qtbot.waitUntil(lambda: len(panel.sample_times) > 0 and panel.sample_times[-1] > 0.16, timeout=60_000)
    qtbot.wait(200)  # the plots repaint on their timers
    last = float(panel.sample_times[-1])
    for plot in (panel.best_plot, panel.frontier_plot):
        end = axis_end(plot)
        assert end >= last - 0.2  # the samples of the poll before are in view
        assert end == pytest.approx(growing_end(end), rel=1e-3)  # a step, not the last sample's time
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: not panel.running, timeout=30_000)
    panel.poll()
    qtbot.wait(200)
    # The run's end is its last sample (the moment the driver reported it stopped), and both axes
    # close there: the same figure read twice, no clock compared with a limit.
    ended = panel.sample_times[-1]
    assert ended == panel.last_result.elapsed
    assert [axis_end(plot) for plot in (panel.best_plot, panel.frontier_plot)] == pytest.approx([ended] * 2, rel=1e-3)


def axis_end(plot) -> float:
    """Where a plot's time axis ends, without pyqtgraph's padding (2% of the range on each side)."""
    low, high = plot.getViewBox().viewRange()[0]
    return high - (high - low) * 0.02 / 1.04
