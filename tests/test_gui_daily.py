"""The app as a daily tool: no lost history, readable messages, one score scale,
first use without waiting, solver parameters that explain themselves. Driven with pytest-qt."""

from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFormLayout

from workbench.cli import main as cli
from workbench.core.registry import puzzles, solvers
from workbench.gui.boards.comesolo import CELL
from workbench.gui.main_window import GENERAL_HELP, help_html
from workbench.gui.solver_panel import score_text, y_range
from workbench.puzzles.comesolo import PUZZLE as COMESOLO


def click_cell(qtbot, win, r, c):
    point = win.view.mapFromScene(QPointF(c * CELL + CELL / 2, r * CELL + CELL / 2))
    qtbot.mouseClick(win.view.viewport(), Qt.LeftButton, pos=point)


def wait_for_end(qtbot, panel, timeout=60000):
    qtbot.waitUntil(lambda: panel.job is not None and not panel.running, timeout=timeout)
    panel.poll()


# ------------------------------------------------------------------ lost work
def test_an_edit_after_a_loaded_answer_is_undone_like_a_move(qtbot, window, data_root, tmp_path):
    board = data_root / "cases/comesolo/rand_10_d50.txt"
    assert window.open_path(board)
    session = window.session
    moves = []
    state = session.state
    for _ in range(5):  # an answer file of five legal jumps
        move = COMESOLO.legal_moves(session.instance, state)[0]
        moves.append(move)
        state = COMESOLO.apply(session.instance, state, move).state
    answer = tmp_path / "answer.out"
    answer.write_text(COMESOLO.format_solution(session.instance, moves))
    assert window.load_solution(answer)
    window.step_panel.last.click()  # End
    assert window.session.depth == 5
    qtbot.keyClick(window, Qt.Key_M, Qt.ControlModifier)  # editor mode
    assert window.view.mode == "edit"
    assert window.view.state == window.session.history.root.state  # the editor shows what it edits
    before = COMESOLO.format_input(window.session.instance)
    click_cell(qtbot, window, 0, 0)
    assert COMESOLO.format_input(window.session.instance) != before
    assert window.session.depth == 0 and window.undo_action.isEnabled()
    assert "Undo" in window.statusBar().currentMessage()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    assert COMESOLO.format_input(window.session.instance) == before
    assert window.session.moves() == moves  # the loaded answer is back, at move 5
    assert window.session.path == board
    assert window.history_panel.topLevelItemCount() >= 1
    assert window.history_panel.item_for(window.session.history.current) is not None
    qtbot.keyClick(window, Qt.Key_Y, Qt.ControlModifier)  # redo the edit
    assert COMESOLO.format_input(window.session.instance) != before


def test_a_cancelled_ahc015_run_is_finished_with_the_fast_policy_and_exports(qtbot, window, data_root, tmp_path,
                                                                           capsys):
    case = data_root / "cases/ahc015/0000.txt"
    window.open_path(case)
    panel = window.solver_panel
    panel.seconds.setValue(600)
    panel.start_button.click()
    qtbot.waitUntil(lambda: (panel.poll(), len(panel.best_moves) >= 3)[1], timeout=120000)
    panel.cancel_button.click()
    wait_for_end(qtbot, panel)
    assert panel.last_result.stopped_by == "cancelled"
    assert panel.finish_button.isVisible() and "rule2" in panel.finish_button.text()
    played = panel.best_moves
    panel.finish_button.click()
    assert window.session.depth == 100
    assert window.session.moves()[:len(played)] == list(played)
    out = tmp_path / "finished.out"
    assert window.export_solution(out)
    assert cli(["score", "ahc015", str(case), str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == str(window.session.report().score)


def test_exporting_an_unfinished_online_game_offers_to_finish_it(qtbot, window, data_root, tmp_path):
    window.open_path(data_root / "cases/ahc015/0000.txt")
    for key in (Qt.Key_Up, Qt.Key_Left):
        qtbot.keyClick(window.view, key)
    out = tmp_path / "short.out"
    assert not window.export_solution(out)
    assert window.finish_dialog.isVisible()
    window.finish_dialog.accept()
    assert window.session.depth == 100 and out.exists()
    assert window.session.moves()[:2] == ["F", "L"]


# ------------------------------------------------------------------ messages
def test_the_facts_have_their_own_line_so_errors_show_in_full(qtbot, window, data_root):
    window.open_path(data_root / "cases/ahc011/0000.txt")
    assert window.score_label.parent() is not window.statusBar()
    assert window.score_label.isVisible() and "score" in window.score_label.text()
    window.resize(1280, 820)
    qtbot.keyClick(window.view, Qt.Key_Right)
    qtbot.keyClick(window.view, Qt.Key_Left)
    window.adapter.selection = None
    window.show_error("Illegal move: the tile at (4,4) is not next to the empty square at (0,1): "
                      "click a tile beside the gap")
    message = window.statusBar().currentMessage()
    width = window.statusBar().fontMetrics().horizontalAdvance(message)
    assert width < window.statusBar().width() - 40  # nothing else shares the bar
    assert window.statusBar().toolTip() == message


def test_a_file_that_cannot_be_opened_at_start_gets_a_dialog_and_an_honest_title(qtbot, tmp_path):
    from workbench.gui.app import build_window

    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a board\n")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    win = build_window(str(bad), settings=settings)
    qtbot.addWidget(win)
    win.show()
    assert win.error_dialog is not None and win.error_dialog.isVisible()
    assert "bad.txt" in win.error_dialog.windowTitle() and "neither a board" in win.error_dialog.text()
    assert "default_board" not in win.windowTitle() and "sample board" in win.windowTitle()
    qtbot.wait(800)  # the kernels getting ready must not replace the error
    assert "bad.txt" in win.statusBar().currentMessage()
    win.close()


def test_help_is_flowing_paragraphs_without_module_paths(window, data_root):
    for case in ("cases/comesolo/rand_07_d70.txt", "cases/ahc011/0000.txt", "cases/ahc015/0000.txt",
                 "cases/rolling-balls/seed_1.txt", "cases/codevs/packs_1.txt"):
        window.open_path(data_root / case)
        text = help_html(window.session.puzzle.title, window.adapter.help_text, GENERAL_HELP)
        assert "\n" not in text and ".py" not in text and "painter" not in text
        assert "<b>Play:</b>" in text and "<b>Edit:</b>" in text
    window.show_help()
    assert window.help_box.isVisible()
    window.help_box.close()


# ------------------------------------------------------------------ first use
def test_f5_from_another_tab_brings_the_solver_tab_and_waits_while_kernels_compile(qtbot, window, data_root):
    window.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(300)
    window.tabs.setCurrentWidget(window.history_panel)
    panel.set_not_ready("Compiling the comesolo solver kernels, first use only: 3 s")
    qtbot.keyClick(window, Qt.Key_F5)
    assert window.tabs.currentWidget() is panel
    assert panel.job is None and panel.start_pending
    assert "waits" in panel.status.text() and "Compiling" in panel.status.text()
    assert panel.cancel_button.isEnabled() and not panel.start_button.isEnabled()
    panel.kernels_ready()  # what the window does when the worker process has compiled them
    assert panel.job is not None
    wait_for_end(qtbot, panel)
    assert panel.best_moves


# ------------------------------------------------------------------ one scale
def test_best_is_the_status_bar_score_from_the_games_start(qtbot, window, data_root):
    window.open_path(data_root / "cases/ahc011/0003.txt")
    window.play(window.session.puzzle.legal_moves(window.session.instance, window.session.state)[0])
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(20_000)
    panel.start_button.click()
    wait_for_end(qtbot, panel, timeout=180000)
    assert panel.best_moves
    best = [b for b in panel.best_scores if b == b]
    assert best and all(b <= a for b, a in zip(best, best[1:]))  # never goes down
    panel.apply_button.click()
    report = window.session.report()
    assert window.session.depth == 1 + len(panel.best_moves)  # counted from the game's start
    assert panel.best_score == report.score
    assert f"best {score_text(report.score)}" in panel.status.text()
    assert f"score {report.text}" in window.score_label.text()
    if panel.table.rowCount():
        entry = panel.frontier_entries[0]
        state = window.session.history.line()[1].state
        for move in entry.moves:
            state = window.session.puzzle.apply(window.session.instance, state, move).state
        expected = window.session.puzzle.evaluate(window.session.instance, state, 1 + len(entry.moves))
        assert panel.table.item(0, 0).text() == expected.text


def test_an_online_games_best_never_goes_down(qtbot, window, data_root):
    window.open_path(data_root / "cases/ahc015/0000.txt")
    panel = window.solver_panel
    panel.choice.setCurrentText("rule1")
    panel.seconds.setValue(0)
    panel.nodes.setValue(100)
    panel.start_button.click()
    wait_for_end(qtbot, panel)
    best = [b for b in panel.best_scores if b == b]
    assert best and all(b <= a for b, a in zip(best, best[1:]))
    assert panel.best_score == max(best) >= panel.game_score
    panel.apply_button.click()
    assert window.session.report().score == panel.game_score


def test_plots_use_the_palette_and_a_flat_line_gets_a_sane_range(window):
    panel = window.solver_panel
    base = panel.palette().color(QPalette.Base)
    assert panel.best_plot.backgroundBrush().color() == base
    assert y_range([300, 300]) == (285.0, 315.0)
    low, high = y_range([10, 20])
    assert low < 10 and high > 20 and high - low < 12
    assert score_text(2514760) == "2514760" and score_text(2514760.0) == "2514760"


# ------------------------------------------------------------------ parameters
def test_every_solver_parameter_has_a_label_and_a_tooltip_that_says_which_way_to_turn_it():
    for puzzle_id in puzzles():
        for cls in solvers(puzzle_id).values():
            for p in cls.params:
                assert p.label and p.label != p.name and "_" not in p.label, (puzzle_id, cls.name, p.name)
                assert p.help and p.turn, (puzzle_id, cls.name, p.name)
                assert p.help[:1].upper() + p.help[1:] in p.tooltip() and p.turn in p.tooltip()


def test_the_parameters_fold_away_and_show_labels_with_tooltips(qtbot, window, data_root):
    window.open_path(data_root / "cases/ahc011/0000.txt")
    panel = window.solver_panel
    assert panel.params_scroll.isHidden()
    assert panel.params_toggle.text() == f"Parameters ({len(panel.solver_class().params)})"
    panel.params_toggle.click()
    assert not panel.params_scroll.isHidden()
    form = panel.params_form
    labels = [form.itemAt(row, QFormLayout.LabelRole).widget().text() for row in range(form.rowCount())]
    assert labels == [p.label for p in panel.solver_class().params]
    tip = panel.param_widgets["move_side"].toolTip()
    assert "Higher" in tip and "--param move_side" in tip


# ------------------------------------------------------------------ smaller
def test_export_defaults_to_the_last_export_folder_across_sessions(qtbot, window, data_root, tmp_path):
    from workbench.gui.app import build_window

    window.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
    assert Path(window.recent.export_folder()) != (tmp_path / "answers")
    folder = tmp_path / "answers"
    folder.mkdir()
    assert window.export_solution(folder / "a.out")
    assert Path(window.recent.export_folder()) == folder.resolve()
    window.settings.sync()
    again = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat))
    qtbot.addWidget(again)
    assert Path(again.recent.export_folder()) == folder.resolve()  # the next session remembers it
    again.close()


def test_the_editor_says_why_ahc015_has_nothing_to_edit(qtbot, window, data_root):
    window.open_path(data_root / "cases/ahc015/0000.txt")
    window.set_edit_mode(True)
    assert "nothing to draw" in window.editor_panel.note.text()
    before = window.session.instance
    click = window.view.mapFromScene(QPointF(60, 60))
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=click)
    assert window.session.instance is before and window.session.edits == 0
    assert "nothing to draw" in window.statusBar().currentMessage()
    window.open_path(data_root / "cases/ahc011/0000.txt")
    assert "keeps its size" in window.editor_panel.note.text()


def test_a_blocked_roll_says_what_blocks_it(qtbot, window, data_root):
    window.open_path(data_root / "cases/rolling-balls/seed_1.txt")
    from workbench.gui.boards.rolling_balls import CELL as BALL_CELL

    def at(r, c):
        return window.view.mapFromScene(QPointF(c * BALL_CELL + BALL_CELL / 2, r * BALL_CELL + BALL_CELL / 2))

    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=at(6, 1))
    qtbot.keyClick(window.view, Qt.Key_Up)  # to (1,1), under the ball at (0,1)
    qtbot.keyClick(window.view, Qt.Key_Up)  # blocked
    assert window.session.depth == 2
    message = window.statusBar().currentMessage()
    assert "Blocked: the ball at (1, 1) cannot roll up, a ball at (0, 1) is in the way" in message
    assert "still counts" in message


def test_the_generate_dialog_has_labels_a_choice_list_and_limits(qtbot, window):
    from PySide6.QtWidgets import QComboBox, QLabel

    from workbench.gui.generate_dialog import GenerateDialog

    dialog = GenerateDialog(window.session.puzzle, window)
    qtbot.addWidget(dialog)
    shape = dialog.option_widgets["shape"]
    assert isinstance(shape, QComboBox)
    assert [shape.itemText(i) for i in range(shape.count())] == ["random", "full-hole", "blockcheck", "cross"]
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Piece density" in texts and "density" not in texts
    assert any("Allowed: 1 to 200" in t for t in texts) and any("Allowed: 0 to 1" in t for t in texts)
    assert dialog.option_widgets["rows"].specialValueText() == "same as the side"
    shape.setCurrentText("cross")
    dialog.option_widgets["size"].setValue(9)
    assert dialog.options()["shape"] == "cross"
    assert window.generate("comesolo", dialog.seed(), **dialog.options())
    assert window.session.instance.rows == 9


def test_coordinate_labels_keep_a_readable_size_and_thin_out_on_large_boards(window, data_root):
    from workbench.gui.boards.base import LABEL_PIXELS

    window.open_path(data_root / "cases/comesolo/rand_30_d60.txt")
    window.view.fit_board()
    labels = window.view.scene().coordinate_labels
    assert len(labels) == 60
    scale = window.view.transform().m11()
    number, item = labels[0]
    assert item.font().pixelSize() == LABEL_PIXELS  # on screen, whatever the zoom
    shown = [n for n, item in labels if item.isVisible()]
    cell_pixels = 40 * scale
    if cell_pixels < 18:
        assert len(shown) < len(labels) and all(n % 2 == 0 or n % 5 == 0 for n in shown)
    window.view.zoom(4.0)
    assert all(item.isVisible() for _n, item in labels)


def test_codevs_best_is_the_contest_score_of_the_applied_answer_and_never_drops(qtbot, window, data_root):
    window.open_path(data_root / "cases/codevs/packs_1.txt")
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(600)
    panel.param_widgets["turns"].setValue(8)
    panel.param_widgets["width"].setValue(30)
    panel.param_widgets["depth"].setValue(5)
    panel.start_button.click()
    wait_for_end(qtbot, panel, timeout=120000)
    best = [b for b in panel.best_scores if b == b]
    assert best and all(b <= a for b, a in zip(best, best[1:]))
    panel.apply_button.click()
    assert window.session.report().score == panel.best_score
    assert f"score {window.session.report().text}" in window.score_label.text()
