"""Copy and paste: the board as an image, the answer so far as text, a pasted answer or board,
and pasted garbage refused with the reason. Driven with pytest-qt."""

from gui_helpers import first_jumps, status
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from workbench.puzzles.ahc011 import PUZZLE as AHC011
from workbench.puzzles.comesolo import PUZZLE as COMESOLO


def test_ctrl_c_copies_the_board_as_an_image(qtbot, window):
    QGuiApplication.clipboard().clear()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_C, Qt.ControlModifier)
    copied = QGuiApplication.clipboard().image()
    expected = window.exports.board_image()
    assert not copied.isNull()
    assert (copied.width(), copied.height()) == (expected.width(), expected.height())
    assert copied.convertToFormat(expected.format()) == expected
    assert "Copied the board as an image" in status(window)


def test_ctrl_shift_c_copies_the_answer_to_the_position_shown(qtbot, window):
    for move in first_jumps(window.session.instance, 3):
        assert window.playing.play(move)
    qtbot.keyClick(window, Qt.Key_C, Qt.ControlModifier | Qt.ShiftModifier)
    text = QGuiApplication.clipboard().text()
    assert text == window.session.solution_text()
    assert COMESOLO.score_solution(window.session.instance, text).score == window.session.report().score


def test_ctrl_v_pastes_an_answer_for_the_board(qtbot, window):
    instance = window.session.instance
    moves = first_jumps(instance, 4)
    QGuiApplication.clipboard().setText(COMESOLO.format_solution(instance, moves))
    qtbot.keyClick(window, Qt.Key_V, Qt.ControlModifier)
    assert window.session.instance is instance  # the same board, an answer on it
    line = window.session.history.line()
    assert [node.move for node in line[1:]] == moves
    assert window.tabs.currentWidget() is window.step_panel
    assert "Pasted an answer: 4 moves" in status(window)


def test_ctrl_v_pastes_a_board_of_another_puzzle(qtbot, window, data_root):
    text = (data_root / "cases/ahc011/0003.txt").read_text()
    QGuiApplication.clipboard().setText(text)
    qtbot.keyClick(window, Qt.Key_V, Qt.ControlModifier)
    assert window.session.puzzle is AHC011
    assert AHC011.format_input(window.session.instance) == AHC011.format_input(AHC011.parse_input(text))
    assert window.session.path is None and "unsaved board" in window.windowTitle()


def test_pasting_garbage_says_why_and_keeps_the_board(qtbot, window):
    instance, path = window.session.instance, window.session.path
    QGuiApplication.clipboard().setText("hello\nworld\n")
    qtbot.keyClick(window, Qt.Key_V, Qt.ControlModifier)
    assert window.session.instance is instance and window.session.path == path
    message = status(window)
    assert message.startswith("⚠ Not pasted: neither a board nor an answer for this board: read as ")
    assert "line 1" in message  # the answer's own reason
