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
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from workbench.gui.board.painters.cell_marks import CellMarks
from workbench.gui.board.painters.rolling_balls import BALL_INSET, CELL, COLOURS, FLOOR, WALL_FILL, RollingBallsAdapter
from workbench.gui.solver.live_series import GrowingSeries
from workbench.puzzles.rolling_balls import PUZZLE as ROLLING_BALLS
from workbench.puzzles.rolling_balls import Roll, editing
from workbench.puzzles.rolling_balls.board import is_ball


def colour_at(window, r, c, dx: float = CELL / 2) -> QColor:
    """The colour the view shows in cell (r, c), ``dx`` right of its left side halfway down, as painted now."""
    view = window.view
    image = view.viewport().grab().toImage()
    point = view.mapFromScene(QPointF(c * CELL + dx, r * CELL + CELL / 2))
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


def test_a_ball_rolled_is_painted_where_it_stops_and_gone_where_it_was(qtbot, window, data_root):
    # The balls are one layer that Qt keeps as a pixmap: a state shown must repaint its cells.
    assert window.files.open_path(data_root / "cases/rolling-balls/seed_1.txt")
    disc = BALL_INSET + 4  # inside the disc's edge, left of its digit
    ball_colour = QColor(COLOURS[0])
    assert close(colour_at(window, 7, 3, disc), ball_colour) and close(colour_at(window, 7, 5, disc), FLOOR)
    case, start = window.session.instance, window.session.state
    rolled = window.session.puzzle.apply(case, start, Roll(7, 3, 2)).state  # right, to the wall at (7,6)
    window.view.display(case, rolled)
    assert close(colour_at(window, 7, 3, disc), FLOOR) and close(colour_at(window, 7, 5, disc), ball_colour)
    window.view.display(case, start)
    assert close(colour_at(window, 7, 3, disc), ball_colour) and close(colour_at(window, 7, 5, disc), FLOOR)


def _square(painter, cell: QRectF, kind) -> None:
    painter.setPen(Qt.NoPen)
    painter.setBrush(QColor(kind))
    painter.drawEllipse(cell.adjusted(2, 2, -2, -2))


@pytest.mark.parametrize("zoom", [1.0, 2.0, 3.0])
def test_marks_blitted_from_sprites_look_as_the_marks_drawn_on_the_board(qtbot, zoom):
    kinds = {0: "#d1005b", 7: "#2e9e5b", 8: "#d1005b", 11: "#3b5b92"}
    layer = CellMarks(3, 4, 10.0, _square)
    layer.set_marks(kinds)
    assert layer.marks() == kinds and layer.kind(1) is None
    side = int(40 * zoom)
    sprites, drawn = (QImage(side, int(30 * zoom), QImage.Format_ARGB32) for _ in range(2))
    for image in (sprites, drawn):
        image.fill(0)
    painter = QPainter(sprites)
    painter.setRenderHint(QPainter.Antialiasing)
    scene = QGraphicsScene()
    scene.addItem(layer)
    scene.render(painter, QRectF(sprites.rect()), QRectF(0, 0, 40, 30))
    painter.end()
    painter = QPainter(drawn)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.scale(zoom, zoom)
    for index, kind in kinds.items():
        _square(painter, layer.cell_rect(index), kind)
    painter.end()
    assert sprites == drawn


def test_marks_set_again_keep_only_the_new_ones(qtbot):
    layer = CellMarks(2, 2, 10.0, _square)
    layer.set_marks({0: "#000000", 3: "#ffffff"})
    layer.set_marks({3: "#000000", 1: "#ffffff"})
    assert layer.marks() == {3: "#000000", 1: "#ffffff"} and layer.kind(0) is None


def render(scene: QGraphicsScene) -> np.ndarray:
    rect = scene.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return np.array(image.constBits()).reshape(image.height(), image.width(), 4).copy()


def shown_items(adapter: RollingBallsAdapter) -> dict:
    """Per cell, the colour of the ball and of the target on it (only the shown ones) and its fill."""
    seen = {}
    for index in range(adapter.rows * adapter.cols):
        for what, layer in (("ball", adapter.ball_marks), ("target", adapter.target_marks)):
            if layer.isVisible() and layer.kind(index) is not None:
                seen[(what, index)] = layer.kind(index)
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
