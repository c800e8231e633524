"""The main window says what is true and stays usable: real reasons for files that open
as nothing, a board that keeps its size, messages that fit and follow the action, step-through
keys without a click on the slider, coordinates in sight when zoomed, an editor that shows only
its tools. Driven with pytest-qt."""

import shutil

from PySide6.QtCore import Qt

from workbench.core.registry import get_puzzle
from workbench.gui.generate_dialog import GenerateDialog
from workbench.gui.main_window import BOARD_MINIMUM


def random_fill(window, seed: int, density: float) -> None:
    """The editor's Random fill, as the user presses it."""
    panel = window.editor_panel
    panel.seed.setValue(seed)
    panel.density.setValue(density)
    panel.random_button.click()


def status(window) -> str:
    return window.statusBar().currentMessage()


# ------------------------------------------------------------------ reasons
def test_a_malformed_board_says_its_line_and_column(window, data_root, tmp_path):
    lines = (data_root / "cases/ahc011/0003.txt").read_text().splitlines(keepends=True)
    lines[1] = lines[1][:5] + "x" + lines[1][6:]
    bad = tmp_path / "bad.txt"
    bad.write_text("".join(lines))
    before = window.session.instance
    assert not window.open_path(bad)
    reason = "read as a board of ahc011, line 2: column 6: 'x' is not a hex digit"
    assert reason in status(window) and reason in window.error_dialog.text()
    assert window.session.instance is before and "unchanged" in window.error_dialog.text()


def test_an_empty_file_says_it_is_empty(window, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert not window.open_path(empty)
    assert status(window).endswith("neither a board nor an answer for this board: it is empty")


def test_a_broken_answer_for_the_board_says_its_move(window, data_root, tmp_path):
    assert window.open_path(data_root / "cases/ahc011/0003.txt")
    answer = tmp_path / "answer.out"
    answer.write_text("LLQ\n")
    assert not window.open_path(answer)
    assert "answer.out: line 1, move 3: 'Q' is not a move" in status(window)


def test_a_truncated_input_of_another_puzzle_says_what_it_lacks_not_that_it_is_a_bad_answer(window, data_root,
                                                                                            tmp_path):
    assert window.open_path(data_root / "cases/ahc011/0004.txt")
    shown = window.session
    truncated = tmp_path / "trunc2_ahc015.txt"
    truncated.write_text("".join((data_root / "cases/ahc015/0000.txt").read_text().splitlines(True)[:2]))
    assert not window.open_path(truncated)
    assert status(window) == ("⚠ trunc2_ahc015.txt is neither a board nor an answer for this board: read as a "
                              "board of ahc015, line 3: the file ends before p_2 (expected 101 lines)")
    assert window.session is shown


# ------------------------------------------------------------------ room for the board
def test_a_small_window_keeps_a_playable_board_with_the_runs_dock_open(qtbot, window, data_root):
    assert window.open_path(data_root / "cases/ahc011/0003.txt")
    window.resize(800, 850)
    window.show_runs()
    qtbot.wait(200)  # the docks settle (the runs dock takes its share on the next turn)
    assert window.width() == 800  # the runs controls scroll instead of widening the window to ~1100
    assert window.view.width() >= BOARD_MINIMUM and window.view.height() >= BOARD_MINIMUM  # was a 60 px strip


def test_with_the_runs_dock_open_labels_clear_row_1_and_the_dock_shows_its_table_and_plots(qtbot, window,
                                                                                             data_root):
    from PySide6.QtCore import QPointF

    assert window.open_path(data_root / "cases/comesolo/rand_30_d60.txt")
    window.resize(1280, 820)
    window.show_runs()
    qtbot.wait(300)  # the docks settle, the board is fitted again
    view = window.view
    corner = view.mapFromScene(QPointF(0, 0))  # the top left of cell (1, 1)
    labels = [item for _, item in view.scene().coordinate_labels if item.isVisible()]
    for item in labels:
        box = view.mapFromScene(item.mapToScene(item.boundingRect()).boundingRect()).boundingRect()
        if item.data(0) == "top":
            assert box.bottom() <= corner.y()  # a column number never sits over row 1
        else:
            assert box.right() <= corner.x()
    # The dock opens tall enough for its controls, the table and both plots, none scrolled away.
    scroll = window.runs_dock.widget()
    assert not scroll.verticalScrollBar().isVisible()
    runs = window.runs_panel.view
    for part in (runs.table, runs.by_case, runs.by_group):
        assert part.height() >= 80
        assert part.mapTo(scroll.viewport(), part.rect().bottomLeft()).y() <= scroll.viewport().height()


def test_codevs_side_words_stay_readable_when_the_board_is_fitted_small(qtbot, window, data_root):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    assert window.open_path(data_root / "cases/codevs/packs_1.txt")
    window.resize(1280, 820)
    window.show_runs()
    qtbot.wait(300)
    scale = window.view.transform().m11()
    assert scale < 0.75  # the field is drawn small...
    words = [item for item in window.view.scene().items()
             if isinstance(item, QGraphicsSimpleTextItem) and item.text().startswith(("Ojama stock", "Next",
                                                                                        "danger line"))]
    assert len(words) == 3
    for item in words:  # ...its words are not: at least 10 pixels on screen
        assert item.font().pixelSize() * scale >= 10


# ------------------------------------------------------------------ messages
def test_each_undo_says_what_it_undid_after_an_edit_was_undone(qtbot, window):
    window.generate("comesolo", 3, size=8)
    random_fill(window, 9, 0.6)
    session = window.session
    for _ in range(2):
        window.play(get_puzzle("comesolo").legal_moves(session.instance, session.state)[0])
    assert len("Board edited: Undo (Ctrl+Z) brings back the board before, with its moves") < 80
    window.undo()
    assert status(window).startswith("Undid move 2: ")
    window.undo()
    assert status(window).startswith("Undid move 1: ")
    window.undo()
    assert status(window).startswith("Edit undone")
    window.redo()
    assert status(window) == "Edit redone"
    window.redo()
    assert status(window).startswith("Redid move 1: ")  # not "Edit undone" still


def test_the_line_above_the_board_gives_the_keys_of_the_mode_it_is_in(window, data_root):
    assert window.open_path(data_root / "cases/rolling-balls/seed_1.txt")
    assert "click a ball, then an arrow key or drag it" in window.score_label.text()
    window.set_edit_mode(True)
    assert "click a ball, then an arrow key" not in window.score_label.text()  # a stale play hint
    assert "click or drag with the editor's paint" in window.score_label.text()


# ------------------------------------------------------------------ step-through keys
def test_step_through_keys_work_without_a_click_on_the_slider(qtbot, window, data_root, tmp_path):
    board = tmp_path / "0003.txt"
    shutil.copy(data_root / "cases/ahc011/0003.txt", board)
    assert window.open_path(board)
    answer = tmp_path / "0003.out"
    answer.write_text("LLUU\n")
    assert window.load_solution(answer)
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


# ------------------------------------------------------------------ zoomed labels
def test_coordinates_stay_in_sight_when_the_board_is_zoomed_and_scrolled(qtbot, window, data_root, tmp_path):
    assert window.open_path(data_root / "cases/ahc011/0003.txt")
    view = window.view
    for _ in range(6):
        view.zoom(1.25)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().maximum())
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    labels = [item for _, item in view.scene().coordinate_labels if item.isVisible()]
    tops = [item for item in labels if item.pos().x() > shown.left() and item.pos().x() < shown.right()
            and item.data(0) == "top"]
    lefts = [item for item in labels if shown.top() < item.pos().y() < shown.bottom() and item.data(0) == "left"]
    assert tops and lefts
    assert all(shown.contains(item.pos()) for item in tops + lefts)  # pinned to the edges, not scrolled away
    # A picture of the board has them in the margins, where they belong.
    image = window.board_image()
    assert not image.isNull()
    assert all(item.pos().y() > shown.top() for item in tops)  # and back pinned after it
    margin = view.scene().property("coordinate_margin")
    window.board_image()
    view.fit_board()
    assert all(not item.pinned and item.pos().y() <= -margin / 2 for item in tops)  # home, in the margin


# ------------------------------------------------------------------ dialogs and panels
def test_the_generate_dialog_has_no_blank_band(qtbot):
    dialog = GenerateDialog(get_puzzle("comesolo"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    intro = dialog.layout().itemAt(0).widget()
    assert intro.y() <= 15  # the text starts at the top
    assert dialog.height() <= dialog.layout().totalHeightForWidth(dialog.width()) + 2


def test_the_editor_shows_only_the_tools_of_the_puzzle(window, data_root):
    panel = window.editor_panel
    window.set_edit_mode(True)
    assert window.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
    assert not panel.palette.isVisibleTo(panel)  # an empty, disabled Paint box before
    assert panel.random_button.isVisibleTo(panel) and panel.rows.isVisibleTo(panel)
    assert window.open_path(data_root / "cases/ahc011/0003.txt")
    assert not any(w.isVisibleTo(panel) for w in (panel.palette, panel.rows, panel.random_button, panel.fill_button))
    assert window.open_path(data_root / "cases/rolling-balls/seed_1.txt")
    assert panel.palette.isVisibleTo(panel) and panel.palette.count() > 1
