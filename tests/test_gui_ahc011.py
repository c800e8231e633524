"""The ahc011 board in the GUI, driven as a user would (offscreen, pytest-qt)."""

import pytest
from conftest import shared_file
from PySide6.QtCore import QPointF, Qt

from workbench.cli import main as cli
from workbench.core.errors import FormatError
from workbench.gui.board.painters.ahc011 import CELL
from workbench.puzzles.ahc011 import PUZZLE

CASE = "cases/ahc011/0000.txt"  # N = 6, the empty square at (1,1), S = 5


def click(qtbot, win, row, col, dx=0.5, dy=0.5):
    """Click cell (row, col) at the fractions (dx, dy) of its width and height."""
    point = win.view.mapFromScene(QPointF((col + dx) * CELL, (row + dy) * CELL))
    qtbot.mouseClick(win.view.viewport(), Qt.LeftButton, pos=point)


def test_arrows_slide_a_tile_letters_move_the_gap_and_clicks_slide_neighbours(qtbot, window, data_root):
    assert window.files.open_path(data_root / CASE)
    assert "score 71429, S 5, M 35, K 0, T 432" in window.score_label.text()
    assert "empty (1,1)" in window.score_label.text()
    view = window.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key_Right)  # the tile left of the gap moves right: the gap goes L
    assert window.session.moves() == ["L"]
    assert window.session.state.empty_cell == (1, 0)
    qtbot.keyClick(view, Qt.Key_U)  # a letter is the contest's own: the gap goes up
    assert window.session.moves() == ["L", "U"]
    click(qtbot, window, 0, 1)  # the tile right of the gap slides left into it
    assert window.session.moves() == ["L", "U", "R"]
    assert window.session.state.empty_cell == (0, 1)
    assert "K 3" in window.score_label.text()
    click(qtbot, window, 4, 4)
    assert window.session.depth == 3
    assert "(4,4) is not next to the empty square at (0,1)" in window.statusBar().currentMessage()
    qtbot.keyClick(view, Qt.Key_Down)  # the gap is on the top row: no tile above it to slide down
    assert window.session.depth == 3
    assert "off the 6x6 board" in window.statusBar().currentMessage()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    assert window.session.moves() == ["L", "U"]
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert window.session.moves() == ["L", "U", "R"]


def test_the_editor_toggles_stubs_moves_the_gap_and_refuses_invalid_boards(qtbot, window, data_root, tmp_path):
    window.files.open_path(data_root / CASE)
    original = window.session.instance
    window.editing.set_edit_mode(True)
    assert original.start.tiles[0] == 0x6  # up and right
    click(qtbot, window, 0, 0, dx=0.05)  # near the left side: toggle the left stub on
    assert window.session.instance.start.tiles[0] == 0x7
    assert "board check: ok" in window.score_label.text()  # a spare stub is allowed
    click(qtbot, window, 0, 0, dy=0.05)  # near the top: the up stub goes, one up-down pair short
    assert window.session.instance.start.tiles[0] == 0x5
    assert "board check: the stubs allow at most 33 edges" in window.score_label.text()
    click(qtbot, window, 0, 0, dx=0.95)  # near the right side
    assert window.session.instance.start.tiles[0] == 0x1
    assert "at most 32 edges" in window.score_label.text()
    with pytest.raises(FormatError, match="not a valid AHC011 board: the stubs allow at most 32 edges"):
        PUZZLE.format_input(window.session.instance)  # what saving writes
    click(qtbot, window, 0, 0, dx=0.05)  # the last stub cannot go: 0 is the empty square
    assert window.session.instance.start.tiles[0] == 0x1
    assert "would have no stub left" in window.statusBar().currentMessage()
    click(qtbot, window, 1, 1, dx=0.05)  # the empty square has no sides to toggle
    assert "the empty square has no stubs" in window.statusBar().currentMessage()
    click(qtbot, window, 0, 0, dx=0.95)
    click(qtbot, window, 0, 0, dy=0.05)
    click(qtbot, window, 0, 0, dx=0.05)
    assert window.session.instance == original
    click(qtbot, window, 5, 5)  # the middle of a tile: the gap moves there
    assert window.session.instance.start.empty_cell == (5, 5)
    assert window.session.instance.start.tiles[1 * 6 + 1] == original.start.tiles[35]
    saved = tmp_path / "edited.txt"
    assert window.files.save_input(saved)
    assert PUZZLE.parse_input(saved.read_text()) == window.session.instance


def test_stepping_through_the_shared_answer_reaches_868056(window, data_root):
    window.files.open_path(data_root / CASE)
    assert window.files.open_path(shared_file("solutions/ahc011/0000.txt"))  # nagiss's
    step = window.step_panel
    assert step.slider.maximum() == 114
    step.slider.setValue(17)
    assert window.session.depth == 17
    step.last.click()
    assert window.session.depth == 114
    assert "Step 114 / 114: score 868056, S 35, M 35, K 114, T 432, full tree yes" in step.caption.text()
    assert "35 in the largest tree, 0 cycle(s)" in window.score_label.text()


def test_solve_apply_export_and_rescore_with_the_cli(qtbot, window, data_root, tmp_path, capsys):
    window.files.open_path(data_root / CASE)
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(20_000)
    panel.start_button.click()
    qtbot.waitUntil(lambda: panel.job is not None and not panel.running, timeout=60000)
    panel.poll()
    assert panel.table.rowCount() > 0  # the frontier: the shortest full-tree answers
    panel.apply_button.click()
    moves = window.session.moves()
    assert moves == list(panel.best_moves) and 0 < len(moves) <= 432
    assert "full tree yes" in window.score_label.text()
    out = tmp_path / "0000.out"
    assert window.exports.export_solution(out)
    assert cli(["score", "ahc011", str(data_root / CASE), str(out)]) == 0
    expected = PUZZLE.score_solution(PUZZLE.parse_input((data_root / CASE).read_text()), out.read_text())
    assert capsys.readouterr().out.splitlines()[-1] == expected.text
    assert expected.fact("S") == 35
