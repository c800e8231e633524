"""The step-through panel's replay features and the window's remembered layout, driven with pytest-qt."""

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtWidgets import QFileDialog

from workbench.gui.app import build_window
from workbench.gui.window.window_layout import SCREEN_SHARE

AHC011_CASE = "cases/ahc011/0000.txt"
AHC011_ANSWER = "answers/ahc011/0000-120.txt"  # the first 120 moves of the scramble walked back


@pytest.fixture
def stepping(window, data_root):
    """The window on an ahc011 case with a real answer loaded for stepping through."""
    assert window.files.open_path(data_root / AHC011_CASE)
    assert window.files.open_path(data_root / AHC011_ANSWER)
    return window


def test_step_buttons_are_icons_drawn_in_the_button_ink(window):
    from PySide6.QtGui import QPalette

    from workbench.gui.play.media_icons import media_icon

    panel = window.step_panel
    ink = panel.palette().color(QPalette.ButtonText)

    def drawn(name):
        return media_icon(name, ink).pixmap(16).toImage()

    expected = {
        panel.first: "first",
        panel.back: "back",
        panel.play: "play",
        panel.forward: "forward",
        panel.last: "last",
    }
    for button, name in expected.items():
        assert button.text() == ""  # no glyph a font may lack
        assert button.icon().pixmap(16).toImage() == drawn(name)
    panel.toggle_play()
    assert panel.play.icon().pixmap(16).toImage() == drawn("pause")
    panel.stop()
    assert panel.play.icon().pixmap(16).toImage() == drawn("play")


def test_score_plot_follows_the_line_and_marks_the_step(stepping):
    plot = stepping.step_panel.score_plot
    s = stepping.session
    line = s.history.line()
    assert len(plot.scores) == len(line) == 121
    assert plot.scores[-1] == 85714  # the answer's judge score: a tree of 6 tiles
    assert plot.scores[0] == s.puzzle.evaluate(s.instance, line[0].state, 0).score
    stepping.step_panel.slider.setValue(40)
    assert s.depth == 40
    assert plot.marker.value() == 40


def test_clicking_the_score_plot_jumps_there(qtbot, stepping):
    plot = stepping.step_panel.score_plot
    stepping.tabs.setCurrentWidget(stepping.step_panel)
    qtbot.waitExposed(plot)
    box = plot.getPlotItem().vb
    scene_point = box.mapViewToScene(QPointF(70, float(np.mean(plot.scores))))
    at = plot.mapFromScene(scene_point)
    qtbot.mouseClick(plot.viewport(), Qt.LeftButton, pos=at)
    assert stepping.session.depth == 70
    assert plot.marker.value() == 70
    assert "Step 70 / 120" in stepping.step_panel.caption.text()


def test_export_replay_button_writes_the_line(qtbot, stepping, tmp_path, monkeypatch):
    target = tmp_path / "replay"  # no suffix: the GIF filter's suffix is added
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), "Animated GIF (*.gif)"))
    panel = stepping.step_panel
    panel.speed.setValue(10.0)
    qtbot.mouseClick(panel.export_replay, Qt.LeftButton)
    written = tmp_path / "replay.gif"
    assert written.exists()
    image = Image.open(written)
    assert image.n_frames == 121  # ahc011 moves have no stages: the start and 120 moves
    # The panel's 10 moves/s becomes the GIF's per-frame delay, a value in the file's header.
    frame_delay_ms = image.info["duration"]
    assert frame_delay_ms == 1000 / panel.speed.value()
    assert "Exported replay.gif: 121 frames" in stepping.statusBar().currentMessage()
    assert stepping.session.depth == 0  # exporting does not move the board


def test_export_replay_reports_a_bad_folder(stepping, tmp_path):
    assert not stepping.exports.export_replay(tmp_path / "missing" / "replay.gif")
    assert "Replay not exported" in stepping.statusBar().currentMessage()


def test_window_size_position_and_docks_round_trip(qtbot, tmp_path):
    settings_path = str(tmp_path / "layout.ini")
    first = build_window(settings=QSettings(settings_path, QSettings.IniFormat))
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.resize(700, 520)
    first.move(QPoint(31, 17))
    dock = first.findChild(type(first.editor_dock), "panels")
    first.removeDockWidget(dock)
    first.addDockWidget(Qt.LeftDockWidgetArea, dock)
    dock.show()
    geometry = first.geometry()
    first.close()

    second = build_window(settings=QSettings(settings_path, QSettings.IniFormat))
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert second.size() == geometry.size()
    # Qt's off-screen platform shifts a restored window by its (made-up) frame margin; a first
    # start would centre the window at (60, 60) instead.
    assert abs(second.x() - geometry.x()) <= 8 and abs(second.y() - geometry.y()) <= 8
    moved = second.findChild(type(second.editor_dock), "panels")
    assert second.dockWidgetArea(moved) == Qt.LeftDockWidgetArea
    assert not second.editor_dock.isVisible()  # the app starts in play mode
    second.close()


def test_first_start_gives_the_window_most_of_the_screen(qtbot, tmp_path):
    win = build_window(settings=QSettings(str(tmp_path / "fresh.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    room = win.screen().availableGeometry()
    assert abs(win.width() - room.width() * SCREEN_SHARE) <= 2
    assert abs(win.height() - room.height() * SCREEN_SHARE) <= 2
    win.show()
    qtbot.waitExposed(win)
    assert win.view.width() > win.tabs.width()  # the board has the room
    win.close()


def test_a_long_line_is_plotted_at_evenly_spaced_steps():
    from workbench.gui.play.score_plot import MAX_POINTS, plotted_steps

    assert list(plotted_steps(115)) == list(range(115))
    steps = plotted_steps(6001)
    assert len(steps) == MAX_POINTS and steps[0] == 0 and steps[-1] == 6000
    assert np.diff(steps).max() <= 11


def test_export_replay_as_mp4(stepping, tmp_path):
    from workbench.gui.export.replay_export import mp4_available

    if not mp4_available():
        pytest.skip("no video writer (imageio-ffmpeg) installed")
    import imageio_ffmpeg

    stepping.step_panel.speed.setValue(20.0)
    assert stepping.exports.export_replay(tmp_path / "line.mp4")
    frames, seconds = imageio_ffmpeg.count_frames_and_secs(str(tmp_path / "line.mp4"))
    assert frames == 121
    assert seconds == pytest.approx(121 / 20, abs=0.1)
