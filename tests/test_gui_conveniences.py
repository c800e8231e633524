"""What a contestant reaches for: copy and paste, an answer file that changes on
disk, next and previous case or seed, the last board on start, a dark theme. pytest-qt."""

import shutil

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from workbench.core.files import write_atomic
from workbench.gui import theme as theme_module
from workbench.gui.app import DEFAULT_BOARD, build_window
from workbench.puzzles.ahc011 import PUZZLE as AHC011
from workbench.puzzles.comesolo import PUZZLE as COMESOLO


def legal_walk(puzzle, instance, count):
    """``count`` legal moves from the start, each time the first one the puzzle offers."""
    moves, state = [], puzzle.initial_state(instance)
    for _ in range(count):
        move = puzzle.legal_moves(instance, state)[0]
        moves.append(move)
        state = puzzle.apply(instance, state, move).state
    return moves


def first_jumps(instance, count):
    return legal_walk(COMESOLO, instance, count)


def ahc011_answer(instance, count):
    """An ahc011 answer file of ``count`` legal slides."""
    return AHC011.format_solution(instance, legal_walk(AHC011, instance, count))


def ahc011_with_answer(window, data_root, tmp_path, slides):
    """A copy of ahc011 case 3 on the board, with an answer file of ``slides`` slides loaded."""
    board = tmp_path / "0003.txt"
    shutil.copy(data_root / "cases/ahc011/0003.txt", board)
    assert window.open_path(board)
    answer = tmp_path / "0003.out"
    answer.write_text(ahc011_answer(window.session.instance, slides))
    assert window.load_solution(answer)
    return board, answer


def status(window) -> str:
    return window.statusBar().currentMessage()


# ------------------------------------------------------------------ clipboard
def test_ctrl_c_copies_the_board_as_an_image(qtbot, window):
    QGuiApplication.clipboard().clear()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_C, Qt.ControlModifier)
    copied = QGuiApplication.clipboard().image()
    expected = window.board_image()
    assert not copied.isNull()
    assert (copied.width(), copied.height()) == (expected.width(), expected.height())
    assert copied.convertToFormat(expected.format()) == expected
    assert "Copied the board as an image" in status(window)


def test_ctrl_shift_c_copies_the_answer_to_the_position_shown(qtbot, window):
    for move in first_jumps(window.session.instance, 3):
        assert window.play(move)
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


# ------------------------------------------------------------------ an answer that changes on disk
def test_an_answer_rewritten_on_disk_is_reloaded_at_the_same_step(qtbot, window, data_root, tmp_path):
    _, answer = ahc011_with_answer(window, data_root, tmp_path, 10)
    instance = window.session.instance
    window.step_to(6)
    write_atomic(answer, ahc011_answer(instance, 20))  # the program writes a new file over it
    qtbot.waitUntil(lambda: len(window.session.history.line()) == 21, timeout=10000)
    assert window.session.depth == 6  # the same step, on the new line
    assert "Reloaded 0003.out: 20 moves" in status(window)
    with answer.open("a") as out:  # a second rewrite, in place this time
        out.write("Q\n")
    qtbot.waitUntil(lambda: "not a valid answer now" in status(window), timeout=10000)
    assert len(window.session.history.line()) == 21  # the board keeps its answer
    assert "line 1, move 21" in status(window)  # names what is wrong


def test_ctrl_r_reloads_the_answer_and_a_new_board_stops_following_it(qtbot, window, data_root, tmp_path):
    _, answer = ahc011_with_answer(window, data_root, tmp_path, 5)
    answer.write_text(ahc011_answer(window.session.instance, 7))
    qtbot.keyClick(window, Qt.Key_R, Qt.ControlModifier)
    assert len(window.session.history.line()) == 8
    assert window.open_path(DEFAULT_BOARD)
    assert window.answer_path is None and not window.reload_action.isEnabled()


# ------------------------------------------------------------------ cases and seeds
def test_alt_arrows_go_through_generated_seeds_and_ctrl_n_proposes_the_next(qtbot, window, monkeypatch):
    assert window.generate("comesolo", 5, size=8)
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert COMESOLO.format_input(window.session.instance) == COMESOLO.format_input(COMESOLO.generate(6, size=8))
    assert window.navigator.number.value() == 6 and window.navigator.label.text().strip() == "Seed:"
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)
    assert COMESOLO.format_input(window.session.instance) == COMESOLO.format_input(COMESOLO.generate(4, size=8))
    proposed = {}

    def fake_exec(dialog):
        proposed.update(seed=dialog.seed(), options=dialog.options())
        return False
    monkeypatch.setattr("workbench.gui.generate_dialog.GenerateDialog.exec", fake_exec)
    qtbot.keyClick(window, Qt.Key_N, Qt.ControlModifier)
    assert proposed["seed"] == 5 and proposed["options"]["size"] == 8  # not seed 1 with defaults again


def test_typing_a_seed_generates_it(qtbot, window):
    assert window.generate("comesolo", 1)
    box = window.navigator.number
    box.selectAll()
    qtbot.keyClicks(box, "42")
    qtbot.keyClick(box, Qt.Key_Return)
    assert COMESOLO.format_input(window.session.instance) == COMESOLO.format_input(COMESOLO.generate(42))


def test_arrows_walk_the_numbered_files_of_a_folder(qtbot, window, data_root, tmp_path):
    for number in (0, 1, 3):  # a gap at 2
        shutil.copy(data_root / f"cases/ahc011/{number:04d}.txt", tmp_path / f"{number:04d}.txt")
    (tmp_path / "notes.txt").write_text("not a case")
    assert window.open_path(tmp_path / "0001.txt")
    assert window.navigator.label.text().strip() == "Case:" and window.navigator.number.value() == 1
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == tmp_path / "0003.txt"
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == tmp_path / "0003.txt"
    assert "0003.txt is the last case of its folder" in status(window)
    window.navigator.go_to(0)
    assert window.session.path == tmp_path / "0000.txt"
    window.navigator.go_to(2)
    assert window.session.path == tmp_path / "0000.txt"
    assert f"No case numbered 2 in {tmp_path}" in status(window)


def test_the_case_box_reads_numbers_inside_names_and_walks_other_folders_in_name_order(qtbot, window, data_root,
                                                                                     tmp_path):
    from workbench.puzzles.codevs import PUZZLE as CODEVS

    packs = tmp_path / "codevs"
    packs.mkdir()
    text = (data_root / "cases/codevs/packs_1.txt").read_text()
    for number in (1, 2, 10):  # packs_2 comes before packs_10, whatever the names' letter order
        (packs / f"packs_{number}.txt").write_text(text)
    assert window.open_path(packs / "packs_1.txt", "codevs")
    assert window.navigator.label.text().strip() == "Case:" and window.navigator.number.value() == 1
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == packs / "packs_2.txt" and window.session.puzzle is CODEVS
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == packs / "packs_10.txt" and window.navigator.number.value() == 10
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert "packs_10.txt is the last of the packs_*.txt files of its folder" in status(window)
    # Names that share nothing: the folder's boards in name order, numbered by place, notes skipped.
    boards = tmp_path / "comesolo"
    boards.mkdir()
    for name in ("rand_07_d70", "full_09_center_hole", "rand_10_d50", "rand_30_d40", "rand_30_d60"):
        shutil.copy(data_root / f"cases/comesolo/{name}.txt", boards / f"{name}.txt")
    (boards / "notes.txt").write_text("not a board")
    assert window.open_path(boards / "full_09_center_hole.txt")
    assert window.navigator.label.text().strip() == "File:" and window.navigator.number.value() == 1
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == boards / "rand_07_d70.txt" and window.navigator.number.value() == 3
    window.navigator.go_to(4)
    assert window.session.path == boards / "rand_10_d50.txt"
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)
    assert window.session.path == boards / "rand_07_d70.txt"
    # Two names that differ in one number are two files, not cases 40 and 60 (densities, here).
    window.navigator.go_to(6)
    assert window.session.path == boards / "rand_30_d60.txt"
    assert window.navigator.label.text().strip() == "File:" and window.navigator.number.value() == 6


def test_going_to_another_case_keeps_the_line_played_and_undo_brings_it_back(qtbot, window, data_root, tmp_path):
    for number in (1, 2, 3):
        shutil.copy(data_root / "cases/rolling-balls/seed_1.txt", tmp_path / f"seed_{number}.txt")
    assert window.open_path(tmp_path / "seed_1.txt")
    first = window.session
    for move in legal_walk(first.puzzle, first.instance, 3):
        assert window.play(move)
    played = first.history.current
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == tmp_path / "seed_2.txt"
    assert "the 3 moves played on seed_1.txt are kept: Undo at the start brings them back" in status(window)
    assert window.undo_action.isEnabled()
    window.undo()
    assert window.session is first and window.session.history.current is played
    assert window.navigator.label.text().strip() == "Case:" and window.navigator.number.value() == 1
    assert "Back to seed_1.txt, with its 3 moves (Redo goes to seed_2.txt again)" in status(window)
    window.redo()
    assert window.session.path == tmp_path / "seed_2.txt"
    window.undo()
    assert window.session is first
    # The Puzzle box leaves it the same way.
    window.puzzle_choice.activated.emit(window.puzzle_choice.findData("comesolo"))
    assert window.session.puzzle is COMESOLO
    window.undo()
    assert window.session is first and window.session.history.current is played


# ------------------------------------------------------------------ the last board
def test_the_next_start_reopens_the_last_file_and_its_answer(qtbot, window, data_root, tmp_path):
    board, answer = ahc011_with_answer(window, data_root, tmp_path, 9)
    window.close()
    again = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat), reopen=True)
    qtbot.addWidget(again)
    assert again.session.path == board
    assert len(again.session.history.line()) == 10 and again.answer_path == answer.resolve()
    board.unlink()  # gone by the next start: the sample board, and a word about it
    again.close()
    third = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat), reopen=True)
    qtbot.addWidget(third)
    assert third.session.path == DEFAULT_BOARD
    assert "is gone" in third.statusBar().currentMessage()


def test_the_next_start_regenerates_the_last_seed_with_its_options(qtbot, window):
    assert window.generate("comesolo", 17, size=9)
    window.close()
    again = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat), reopen=True)
    qtbot.addWidget(again)
    assert COMESOLO.format_input(again.session.instance) == COMESOLO.format_input(COMESOLO.generate(17, size=9))
    assert again.navigator.number.value() == 17


# ------------------------------------------------------------------ theme
def window_colour(window):
    return window.palette().color(QPalette.Window)


def test_the_theme_follows_the_system_and_can_be_chosen(qtbot, window, monkeypatch):
    try:
        assert window.theme.choice == "system" and window_colour(window).lightness() > 128
        monkeypatch.setattr(theme_module, "system_is_dark", lambda: True)
        QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # the desktop switched
        qtbot.waitUntil(lambda: window_colour(window).lightness() < 128)  # palette changes arrive as events
        plot = window.solver_panel.best_plot
        assert plot.backgroundBrush().color().lightness() < 128  # the plots follow
        light_action = next(a for a in window.findChildren(type(window.reload_action)) if a.text() == "Light")
        light_action.trigger()  # the user's choice wins over the system's
        qtbot.waitUntil(lambda: window_colour(window).lightness() > 128)
        assert window.settings.value("theme") == "light"
        assert plot.backgroundBrush().color().lightness() > 128
    finally:
        window.theme.choose("light")
        QApplication.setPalette(QApplication.style().standardPalette())


def test_words_beside_the_board_keep_to_the_dark_themes_ink(qtbot, window, data_root):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    def words(*starts):
        return [item for item in window.view.scene().items()
                if isinstance(item, QGraphicsSimpleTextItem) and item.text().startswith(starts)]

    try:
        window.theme.choose("dark")
        qtbot.waitUntil(lambda: window_colour(window).lightness() < 128)
        base = window.view.palette().color(QPalette.Base)
        for path, starts in (("cases/comesolo/rand_07_d70.txt", ("1", "2", "3")),
                             ("cases/codevs/packs_1.txt", ("Ojama stock", "Next", "0 of 500")),
                             ("cases/ahc015/0000.txt", ("next", "then"))):
            assert window.open_path(data_root / path)
            shown = words(*starts)
            assert shown
            for item in shown:  # light words on the near-black surround, never "#222222" on "#1f1f1f"
                assert item.brush().color().lightness() - base.lightness() >= 120, (path, item.text())
        window.theme.choose("light")  # and back: the open board is drawn again in the light ink
        qtbot.waitUntil(lambda: window_colour(window).lightness() > 128)
        assert all(item.brush().color().lightness() < 100 for item in words("next", "then"))
    finally:
        window.theme.choose("light")
        QApplication.setPalette(QApplication.style().standardPalette())


def test_file_dialogs_open_wide_enough_for_their_columns(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QHeaderView, QTreeView

    shown = []

    def get_open_file_name(parent, *args, **kwargs):
        """What the static function does where the desktop has no dialog: Qt's own, run modal."""
        dialog = QFileDialog(parent, "Open a contest input")
        dialog.setOption(QFileDialog.DontUseNativeDialog)
        qtbot.addWidget(dialog)
        dialog.setModal(True)
        dialog.show()
        shown.append(dialog)
        room = dialog.screen().availableGeometry()
        qtbot.waitUntil(lambda: dialog.width() >= min(900, room.width() - 40))  # fitted from its own loop
        dialog.close()
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", get_open_file_name)
    window.open_input_dialog()  # File ▸ Open input
    [dialog] = shown
    header = dialog.findChild(QTreeView).header()
    assert [header.sectionResizeMode(c) for c in range(1, header.count())] == \
        [QHeaderView.ResizeToContents] * (header.count() - 1)  # Size, Type, Date never cut to "pla…ent"
