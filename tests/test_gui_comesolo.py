"""The GUI driven as a user would, offscreen, with pytest-qt."""

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QImage

from workbench.cli import main as cli
from workbench.gui.board.painters.comesolo import CELL
from workbench.puzzles.comesolo import PUZZLE, Jump

SPEC_BOARD = "4\n1100\n1100\n0100\n0000\n"


@pytest.fixture
def spec_board(tmp_path):
    path = tmp_path / "spec.txt"
    path.write_text(SPEC_BOARD)
    return path


def click_cell(qtbot, win, r, c):
    point = win.view.mapFromScene(QPointF(c * CELL + CELL / 2, r * CELL + CELL / 2))
    qtbot.mouseClick(win.view.viewport(), Qt.LeftButton, pos=point)


def test_the_app_opens_on_the_bundled_default_board(window):
    assert window.session.path.name == "default_board.txt"
    assert window.session.instance.pieces == 47
    assert "pieces left 47" in window.score_label.text()


def test_open_a_shared_file_and_play_undo_redo_with_the_mouse(qtbot, window, data_root):
    assert window.files.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
    assert window.session.instance.pieces == 32
    jump = PUZZLE.legal_moves(window.session.instance, window.session.state)[0]
    click_cell(qtbot, window, jump.r, jump.c)
    click_cell(qtbot, window, *jump.to)
    assert window.session.moves() == [jump]
    assert "pieces left 31" in window.score_label.text()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    assert window.session.depth == 0
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert window.session.moves() == [jump]


def test_a_piece_can_be_dragged_to_its_landing_cell(qtbot, window, spec_board):
    window.files.open_path(spec_board)
    viewport = window.view.viewport()
    start = window.view.mapFromScene(QPointF(0 * CELL + CELL / 2, 1 * CELL + CELL / 2))
    end = window.view.mapFromScene(QPointF(2 * CELL + CELL / 2, 1 * CELL + CELL / 2))
    qtbot.mousePress(viewport, Qt.LeftButton, pos=start)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.LeftButton, pos=end)
    assert window.session.moves() == [Jump(1, 0, 0, 1)]


def test_an_illegal_move_is_refused_with_a_message_and_the_board_kept(qtbot, window, spec_board):
    window.files.open_path(spec_board)
    click_cell(qtbot, window, 0, 0)
    click_cell(qtbot, window, 3, 1)  # not two cells away in a line
    assert window.session.depth == 0
    assert "(1,1) to (4,2) is not a jump" in window.statusBar().currentMessage()
    window.playing.play(Jump(0, 1, 1, 0))  # lands on the piece at (3,2)
    assert window.session.depth == 0
    assert "Illegal move" in window.statusBar().currentMessage()
    assert "lands on a piece" in window.statusBar().currentMessage()


def test_a_move_after_undo_starts_a_branch_shown_in_the_history_tree(window, spec_board):
    window.files.open_path(spec_board)
    first, second = Jump(1, 0, 0, 1), Jump(0, 1, 1, 1)
    assert window.playing.play(first) and window.playing.play(second)
    window.playing.undo()
    window.playing.undo()
    alternative = Jump(0, 0, 1, 0)
    assert window.playing.play(alternative)
    root = window.session.history.root
    assert [child.move for child in root.children] == [first, alternative]
    # The tree shows the first line at the top level and the branch nested under it.
    panel = window.history_panel
    top = [panel.topLevelItem(i).text(0) for i in range(panel.topLevelItemCount())]
    assert top == ["Start", "1. (2,1)→(2,3)", "2. (1,2)→(3,4)"]
    assert panel.topLevelItem(0).child(0).text(0) == "1. (1,1)→(3,1)"
    # Clicking a node jumps there.
    panel.itemClicked.emit(panel.topLevelItem(2), 0)
    assert window.session.moves() == [first, second]
    assert "pieces left 3" in window.score_label.text()


def test_scrub_a_solution_file_and_see_the_score_at_every_step(qtbot, window, spec_board, tmp_path):
    window.files.open_path(spec_board)
    answer = tmp_path / "spec.out"
    answer.write_text("2\n2 1 2 3\n1 2 3 4\n")
    assert window.files.open_path(answer)  # an answer for the open board is recognised
    step = window.step_panel
    assert step.slider.maximum() == 2 and step.slider.value() == 0
    step.slider.setValue(1)
    assert window.session.depth == 1
    assert "score 1" in step.caption.text()
    step.last.click()
    assert window.session.depth == 2
    assert "Step 2 / 2: score 2" in step.caption.text()
    step.first.click()
    step.speed.setValue(100)
    step.play.click()
    qtbot.waitUntil(lambda: window.session.depth == 2 and not step.playing, timeout=3000)


def test_a_bad_solution_file_is_refused_naming_the_line(window, spec_board, tmp_path):
    window.files.open_path(spec_board)
    answer = tmp_path / "bad.out"
    answer.write_text("2\n2 1 2 3\n3 3 1 1\n")
    assert not window.files.load_solution(answer)
    assert "line 3, move 2: no piece at (3,3)" in window.statusBar().currentMessage()
    assert window.session.history.root.children == []


def test_a_file_that_is_nothing_known_is_refused_and_the_board_kept(window, tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\nworld\n")
    before = window.session
    assert not window.files.open_path(junk)
    assert window.session is before
    assert "neither a board nor an answer" in window.statusBar().currentMessage()


def test_export_writes_what_the_cli_scores(window, spec_board, tmp_path, capsys):
    window.files.open_path(spec_board)
    window.playing.play(Jump(1, 0, 0, 1))
    window.playing.play(Jump(0, 1, 1, 1))
    out = tmp_path / "exported.out"
    assert window.exports.export_solution(out)
    assert out.read_text() == "2\n2 1 2 3\n1 2 3 4\n"
    assert cli(["score", "comesolo", str(spec_board), str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2"


def test_export_png_writes_an_image_of_the_board(window, tmp_path):
    path = tmp_path / "board.png"
    assert window.exports.export_png(path)
    image = QImage(str(path))
    assert image.width() > 200 and image.height() > 200


def test_editor_paints_resizes_and_saves_a_contest_input(qtbot, window, tmp_path):
    window.editing.set_edit_mode(True)
    assert window.editor_dock.isVisible()
    window.editor_panel.rows.setValue(3)
    window.editor_panel.cols.setValue(4)
    window.editor_panel.resize_button.click()
    window.editor_panel.clear_button.click()
    assert window.session.instance.pieces == 0
    click_cell(qtbot, window, 0, 0)
    click_cell(qtbot, window, 0, 1)
    click_cell(qtbot, window, 0, 1)  # toggles back
    click_cell(qtbot, window, 2, 3)
    path = tmp_path / "edited.txt"
    assert window.files.save_input(path)
    assert path.read_text() == "3 4\n1000\n0000\n0001\n"
    window.editor_panel.rows.setValue(500)
    assert window.editor_panel.rows.value() == 200  # the spin box caps impossible sizes
    window.editing.set_edit_mode(False)
    assert window.view.mode == "play"


def test_random_fill_matches_the_generator(window):
    window.editing.set_edit_mode(True)
    window.editor_panel.rows.setValue(30)
    window.editor_panel.cols.setValue(30)
    window.editor_panel.resize_button.click()
    window.editor_panel.seed.setValue(106)
    window.editor_panel.density.setValue(0.4)
    window.editor_panel.random_button.click()
    assert window.session.instance.pieces == 377  # rand_30_d40.txt


def test_dropping_a_file_opens_it(qtbot, window, data_root):
    path = data_root / "cases/comesolo/full_09_center_hole.txt"
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.CopyAction, data, Qt.LeftButton, Qt.NoModifier)
    window.dropEvent(event)
    assert window.session.path == Path(path)
    assert window.session.instance.pieces == 80


def test_recent_files_remember_what_was_opened(window, data_root):
    first = data_root / "cases/comesolo/rand_07_d70.txt"
    second = data_root / "cases/comesolo/rand_10_d50.txt"
    window.files.open_path(first)
    window.files.open_path(second)
    names = [a.text() for a in window.recent_menu.actions()]
    assert names[:2] == ["rand_10_d50.txt", "rand_07_d70.txt"]
    window.recent_menu.actions()[1].trigger()
    assert window.session.path.name == "rand_07_d70.txt"


def test_generate_a_board_from_a_seed(window, data_root):
    assert window.files.generate("comesolo", 105, density=0.6)
    assert window.session.instance.pieces == 516  # rand_30_d60.txt
    assert not window.files.generate("comesolo", 1, shape="hexagon")
    assert "unknown shape" in window.statusBar().currentMessage()


def test_the_solver_kernels_warm_up_in_the_background_with_a_status_message(qtbot, window):
    assert set(window.kernels.stage) == {"comesolo"}
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "The comesolo solvers are ready", timeout=120000)
    assert window.kernels.is_ready("comesolo") and not window.kernel_status.label.isVisible()


def test_dragging_in_the_editor_paints_every_cell_it_crosses(qtbot, window):
    window.editing.set_edit_mode(True)
    window.editor_panel.rows.setValue(2)
    window.editor_panel.cols.setValue(5)
    window.editor_panel.resize_button.click()
    window.editor_panel.clear_button.click()
    viewport = window.view.viewport()
    points = [window.view.mapFromScene(QPointF(c * CELL + CELL / 2, CELL / 2)) for c in range(4)]
    qtbot.mousePress(viewport, Qt.LeftButton, pos=points[0])
    for point in points[1:]:
        qtbot.mouseMove(viewport, point)
    qtbot.mouseRelease(viewport, Qt.LeftButton, pos=points[-1])
    assert PUZZLE.format_input(window.session.instance) == "2 5\n11110\n00000\n"


def test_every_board_painter_explains_its_controls(window):
    from workbench.core.registry import puzzles as registered
    from workbench.gui.board.painters import adapter_class, playable_puzzles

    puzzles = playable_puzzles()
    assert {p.id for p in puzzles} == set(registered())  # every puzzle can be shown
    for puzzle in puzzles:
        adapter = adapter_class(puzzle.id)(puzzle, window.view.scene())
        assert "Play" in adapter.help_text or "play" in adapter.help_text
