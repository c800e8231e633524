"""What the window says: the line and column of a malformed board, the move of a broken answer,
what a file of another puzzle lacks, each undo named, the keys of the mode, facts on their own line,
a blocked move's reason, help as paragraphs. Driven with pytest-qt."""

from gui_helpers import random_fill, status
from PySide6.QtCore import QPointF, QSettings, Qt

from workbench.core.registry import get_puzzle
from workbench.gui.window.keys_help import keys_and_mouse_html


def test_the_facts_have_their_own_line_so_errors_show_in_full(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/ahc011/0000.txt")
    assert window.score_label.parent() is not window.statusBar()
    assert window.score_label.isVisible() and "score" in window.score_label.text()
    window.resize(1280, 820)
    qtbot.keyClick(window.view, Qt.Key_Right)
    qtbot.keyClick(window.view, Qt.Key_Left)
    window.adapter.selection = None
    window.messages.error(
        "Illegal move: the tile at (4,4) is not next to the empty square at (0,1): click a tile beside the gap"
    )
    message = window.statusBar().currentMessage()
    width = window.statusBar().fontMetrics().horizontalAdvance(message)
    assert width < window.statusBar().width() - 40  # nothing else shares the bar
    assert window.statusBar().toolTip() == f"<p>{message}</p>"  # the whole message, as written (escaped)


def test_a_file_that_cannot_be_opened_at_start_gets_a_dialog_and_an_honest_title(qtbot, tmp_path):
    from workbench.gui.app import build_window

    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a board\n")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    win = build_window(str(bad), settings=settings)
    qtbot.addWidget(win)
    win.show()
    assert win.files.error_dialog is not None and win.files.error_dialog.isVisible()
    assert "bad.txt" in win.files.error_dialog.windowTitle() and "neither a board" in win.files.error_dialog.text()
    assert "default_board" not in win.windowTitle() and "sample board" in win.windowTitle()
    qtbot.wait(800)  # the kernels getting ready must not replace the error
    assert "bad.txt" in win.statusBar().currentMessage()
    win.close()


def test_help_is_flowing_paragraphs_without_module_paths(window, data_root):
    for case in (
        "cases/comesolo/rand_07_d70.txt",
        "cases/ahc011/0000.txt",
        "cases/ahc015/0000.txt",
        "cases/rolling-balls/seed_1.txt",
        "cases/codevs/packs_1.txt",
    ):
        window.files.open_path(data_root / case)
        text = keys_and_mouse_html(window, window.session.puzzle.title, window.adapter.help_text)
        assert "\n" not in text and ".py" not in text and "painter" not in text
        assert "<b>Play:</b>" in text and "<b>Edit:</b>" in text
    window.show_help()
    assert window.guide.box.isVisible() and window.guide.box.text() == keys_and_mouse_html(
        window, window.session.puzzle.title, window.adapter.help_text
    )
    window.guide.box.close()


def test_the_editor_says_why_ahc015_has_nothing_to_edit(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/ahc015/0000.txt")
    window.editing.set_edit_mode(True)
    assert "nothing to draw" in window.editor_panel.note.text()
    before = window.session.instance
    click = window.view.mapFromScene(QPointF(60, 60))
    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=click)
    assert window.session.instance is before and window.session.edits == 0
    assert "nothing to draw" in window.statusBar().currentMessage()
    window.files.open_path(data_root / "cases/ahc011/0000.txt")
    assert "keeps its size" in window.editor_panel.note.text()


def test_a_blocked_roll_says_what_blocks_it(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/rolling-balls/seed_1.txt")
    from workbench.gui.board.painters.rolling_balls import CELL as BALL_CELL

    def at(r, c):
        return window.view.mapFromScene(QPointF(c * BALL_CELL + BALL_CELL / 2, r * BALL_CELL + BALL_CELL / 2))

    qtbot.mouseClick(window.view.viewport(), Qt.LeftButton, pos=at(6, 1))
    qtbot.keyClick(window.view, Qt.Key_Up)  # to (1,1), under the ball at (0,1)
    qtbot.keyClick(window.view, Qt.Key_Up)  # blocked
    assert window.session.depth == 2
    message = window.statusBar().currentMessage()
    assert "Blocked: the ball at (1, 1) cannot roll up, a ball at (0, 1) is in the way" in message
    assert "still counts" in message


def test_a_malformed_board_says_its_line_and_column(window, data_root, tmp_path):
    lines = (data_root / "cases/ahc011/0003.txt").read_text().splitlines(keepends=True)
    lines[1] = lines[1][:5] + "x" + lines[1][6:]
    bad = tmp_path / "bad.txt"
    bad.write_text("".join(lines))
    before = window.session.instance
    assert not window.files.open_path(bad)
    reason = "read as a board of ahc011, line 2: column 6: 'x' is not a hex digit"
    assert reason in status(window) and reason in window.files.error_dialog.text()
    assert window.session.instance is before and "unchanged" in window.files.error_dialog.text()


def test_an_empty_file_says_it_is_empty(window, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert not window.files.open_path(empty)
    assert status(window).endswith("neither a board nor an answer for this board: it is empty")


def test_a_broken_answer_for_the_board_says_its_move(window, data_root, tmp_path):
    assert window.files.open_path(data_root / "cases/ahc011/0003.txt")
    answer = tmp_path / "answer.out"
    answer.write_text("LLQ\n")
    assert not window.files.open_path(answer)
    assert "answer.out: line 1, move 3: 'Q' is not a move" in status(window)


def test_a_truncated_input_of_another_puzzle_says_what_it_lacks_not_that_it_is_a_bad_answer(
    window, data_root, tmp_path
):
    assert window.files.open_path(data_root / "cases/ahc011/0004.txt")
    shown = window.session
    truncated = tmp_path / "trunc2_ahc015.txt"
    truncated.write_text("".join((data_root / "cases/ahc015/0000.txt").read_text().splitlines(True)[:2]))
    assert not window.files.open_path(truncated)
    assert status(window) == (
        "⚠ trunc2_ahc015.txt is neither a board nor an answer for this board: read as a "
        "board of ahc015, line 3: the file ends before p_2 (expected 101 lines)"
    )
    assert window.session is shown


def test_each_undo_says_what_it_undid_after_an_edit_was_undone(qtbot, window):
    window.files.generate("comesolo", 3, size=8)
    random_fill(window, 9, 0.6)
    session = window.session
    for _ in range(2):
        window.playing.play(get_puzzle("comesolo").legal_moves(session.instance, session.state)[0])
    assert len("Board edited: Undo (Ctrl+Z) brings back the board before, with its moves") < 80
    window.playing.undo()
    assert status(window).startswith("Undid move 2: ")
    window.playing.undo()
    assert status(window).startswith("Undid move 1: ")
    window.playing.undo()
    assert status(window).startswith("Edit undone")
    window.playing.redo()
    assert status(window) == "Edit redone"
    window.playing.redo()
    assert status(window).startswith("Redid move 1: ")  # not "Edit undone" still


def test_the_line_above_the_board_gives_the_keys_of_the_mode_it_is_in(window, data_root):
    assert window.files.open_path(data_root / "cases/rolling-balls/seed_1.txt")
    assert "click a ball, then an arrow key or drag it" in window.score_label.text()
    window.editing.set_edit_mode(True)
    assert "click a ball, then an arrow key" not in window.score_label.text()  # a stale play hint
    assert "click or drag with the editor's paint" in window.score_label.text()


def test_a_files_name_and_text_that_look_like_html_are_shown_as_written(qtbot, window, tmp_path):
    """A file's name and the line an error quotes are text, not markup: the dialog is plain text and
    the status bar's tooltip escapes them."""
    bad = tmp_path / "<h1 style=color:red>HUGE<h1>.txt"  # no "/" in a name
    bad.write_text("<a href=x>click me</a>\n")
    window.files.open_path(bad)
    dialog = window.files.error_dialog
    assert dialog.windowTitle() == f"Cannot open {bad.name}"
    assert dialog.textFormat() == Qt.PlainText and dialog.text().endswith("\n\nThe board shown is unchanged.")
    message = window.statusBar().currentMessage()
    assert bad.name in message
    tip = window.statusBar().toolTip()
    assert "<h1" not in tip and "&lt;h1 style=color:red&gt;HUGE&lt;h1&gt;.txt" in tip
    dialog.close()


def test_a_run_of_a_plugin_not_loaded_says_how_to_load_it(qtbot, window, tmp_path):
    """Without --puzzle-path the app has no lights-out: its run still opens, and its case says the plugin
    is not loaded and how to load it (not "the GUI cannot show lights-out boards yet")."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import pytest

    from workbench.core.registry import puzzles

    if "lights-out" in puzzles():
        pytest.skip("a lights-out plugin is loaded in this test run")
    main = Path(__file__).resolve().parents[1] / "main.py"

    def run(*args):
        done = subprocess.run(
            [sys.executable, str(main), *map(str, args)],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env={**os.environ, "PUZZLE_WORKBENCH_HOME": str(tmp_path / "home")},
            timeout=600,
        )
        assert done.returncode == 0, done.stderr

    run("new-puzzle", "lights-out", "--dir", "plugins")
    run(
        "--puzzle-path",
        "plugins",
        "batch",
        "lights-out",
        "--seeds",
        "0-1",
        "--nodes",
        "50",
        "--jobs",
        "1",
        "--out",
        "runs/plugin-run",
    )
    said = []
    window.runs_panel.message.connect(said.append)
    how = (
        "No puzzle lights-out is loaded: if it is a plugin, start the app with --puzzle-path DIR (DIR: the folder "
        "holding its package) or with PUZZLE_WORKBENCH_PATH=DIR, or install its package"
    )
    assert window.runs_panel.open_run(tmp_path / "runs/plugin-run")  # its results are shown
    assert said == [how] and len(window.runs_panel.rows) == 2
    before = window.session
    window.runs_panel.open_row(window.runs_panel.rows[0])
    assert window.session is before and status(window) == f"⚠ {how}"
    assert window.files.error_dialog.text().startswith(how)
    assert not window.files.generate("lights-out", 3)  # the last board, when it was a generated one
    assert status(window) == f"⚠ Cannot generate: {how}"


def test_the_status_bar_follows_a_solver_run_and_never_writes_over_an_error(qtbot, window, data_root):
    from gui_helpers import start_a_long_run

    panel = start_a_long_run(qtbot, window, data_root / "cases/comesolo/rand_30_d40.txt")
    name = panel.job.name
    # Not "beam: starting…" for the whole run: the bar shows the panel's progress line as it changes.
    qtbot.waitUntil(
        lambda: (
            status(window) == panel.status.text()
            and status(window).startswith(f"{name}: ")
            and " s, " in status(window)
            and " nodes" in status(window)
        ),
        timeout=10000,
    )
    seen = status(window)
    qtbot.waitUntil(lambda: status(window) != seen and status(window).startswith(f"{name}: "), timeout=10000)
    window.messages.error("Illegal move: a test's warning")
    qtbot.waitUntil(lambda: panel.status.text() != seen and len(panel.sample_times) > 4, timeout=10000)
    qtbot.wait(400)  # a few more polls
    assert status(window) == "⚠ Illegal move: a test's warning"
    panel.cancel()
