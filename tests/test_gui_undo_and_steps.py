"""Undo over edits and loaded answers, and step-through keys that work without a click on the slider.
Driven with pytest-qt."""

import shutil

from gui_helpers import click_cell
from PySide6.QtCore import Qt

from workbench.puzzles.comesolo import PUZZLE as COMESOLO


def test_an_edit_after_a_loaded_answer_is_undone_like_a_move(qtbot, window, data_root, tmp_path):
    board = data_root / "cases/comesolo/rand_10_d50.txt"
    assert window.files.open_path(board)
    session = window.session
    moves = []
    state = session.state
    for _ in range(5):  # an answer file of five legal jumps
        move = COMESOLO.legal_moves(session.instance, state)[0]
        moves.append(move)
        state = COMESOLO.apply(session.instance, state, move).state
    answer = tmp_path / "answer.out"
    answer.write_text(COMESOLO.format_solution(session.instance, moves))
    assert window.files.load_solution(answer)
    window.step_panel.last.click()  # End
    assert window.session.depth == 5
    qtbot.keyClick(window, Qt.Key_M, Qt.ControlModifier)  # editor mode
    assert window.view.mode == "edit"
    assert window.view.state == window.session.history.root.state  # the editor shows what it edits
    before = COMESOLO.format_input(window.session.instance)
    click_cell(qtbot, window, 0, 0)
    assert COMESOLO.format_input(window.session.instance) != before
    assert window.session.depth == 0 and window.playing.undo_action.isEnabled()
    assert "Undo" in window.statusBar().currentMessage()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    assert COMESOLO.format_input(window.session.instance) == before
    assert window.session.moves() == moves  # the loaded answer is back, at move 5
    assert window.session.path == board
    assert window.history_panel.topLevelItemCount() >= 1
    assert window.history_panel.item_for(window.session.history.current) is not None
    qtbot.keyClick(window, Qt.Key_Y, Qt.ControlModifier)  # redo the edit
    assert COMESOLO.format_input(window.session.instance) != before


def test_step_through_keys_work_without_a_click_on_the_slider(qtbot, window, data_root, tmp_path):
    board = tmp_path / "0003.txt"
    shutil.copy(data_root / "cases/ahc011/0003.txt", board)
    assert window.files.open_path(board)
    answer = tmp_path / "0003.out"
    answer.write_text("LLUU\n")
    assert window.files.load_solution(answer)
    focus = window.focusWidget()
    assert focus is window.step_panel.slider  # the tab came to the front with the keyboard
    qtbot.keyClick(focus, Qt.Key_Right)
    qtbot.keyClick(focus, Qt.Key_Right)
    assert window.session.depth == 2
    qtbot.keyClick(focus, Qt.Key_End)
    assert window.session.depth == 4
    window.view.setFocus()  # a click on the board: the arrows play again there
    qtbot.keyClick(window.view, Qt.Key_Home)  # Home and End work from anywhere
    assert window.session.depth == 0
    qtbot.keyClick(window.view, Qt.Key_End)
    assert window.session.depth == 4
    qtbot.keyClick(window.view, Qt.Key_Home)
    qtbot.keyClick(window.view, Qt.Key_Down)  # on the board, an arrow slides a tile
    assert window.session.depth == 1 and window.session.moves() != ["L"]
