"""Solver ▸ Hint (H) in the window, driven with pytest-qt offscreen: the board marks the move, the status bar
names the score, a move or Esc takes the mark away, and a puzzle without a solver shows the action disabled."""

from __future__ import annotations

import pytest
from conftest import data_file
from PySide6.QtCore import QSettings, Qt
from test_hint import lamp_plugins

from solvers.hint import hint_solver
from workbench.core import registry
from workbench.core.registry import get_puzzle, puzzles
from workbench.gui.board.painters.comesolo import CELL

HINT_WAIT_MS = 120_000  # a cold numba cache compiles the kernels on the hint's thread first

PUZZLES = sorted(puzzles())
# puzzle: the case of tests/.data the window opens; any other puzzle (one that keeps to its own folder,
# unnamed here) opens its seed 1
BOARDS = {
    "comesolo": "cases/comesolo/rand_07_d70.txt",
    "rolling-balls": "cases/rolling-balls/seed_1.txt",
    "ahc011": "cases/ahc011/0000.txt",
    "ahc015": "cases/ahc015/0000.txt",
    "codevs": "cases/codevs/packs_1.txt",
}


def open_board(window, puzzle_id: str) -> None:
    window.hint.seconds = None  # the node budget alone: the same hint however loaded the machine is
    board = BOARDS.get(puzzle_id, 1)
    if isinstance(board, int):
        window.files.generate(puzzle_id, board)
    else:
        assert window.files.open_path(data_file(board), puzzle_id)
    assert window.session.puzzle.id == puzzle_id


def wait_for_hint(qtbot, window) -> None:
    qtbot.waitUntil(lambda: not window.hint.thinking, timeout=HINT_WAIT_MS)


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_h_marks_the_hint_on_the_board_names_its_score_and_playing_it_clears_it(qtbot, window, puzzle_id):
    if hint_solver(get_puzzle(puzzle_id)) is None:
        pytest.skip(f"{puzzle_id} has no solver (a plugin on the puzzle path)")
    open_board(window, puzzle_id)
    qtbot.keyClick(window.view, Qt.Key_H)
    assert window.hint.thinking
    # the window's process loads no kernels before the first hint of a puzzle: it says so
    assert window.statusBar().currentMessage().startswith("Thinking… (")
    assert window.statusBar().currentMessage().endswith("; loading its kernels first (first use)")
    wait_for_hint(qtbot, window)
    hint = window.hint.hint
    assert hint.move in window.session.puzzle.legal_moves(window.session.instance, window.session.state)
    assert window.view.hinted == hint.move
    assert window.adapter.hint_items and all(item.scene() is window.view.scene() for item in window.adapter.hint_items)
    assert window.statusBar().currentMessage() == hint.text
    assert f"reaches score {hint.score_text} (" in hint.text
    assert window.playing.play(hint.move)
    assert window.view.hinted is None and window.adapter.hint_items == []


def test_the_comesolo_hint_marks_the_jumping_piece_and_its_landing_cell_and_esc_clears_it(qtbot, window):
    open_board(window, "comesolo")
    qtbot.keyClick(window.view, Qt.Key_H)
    wait_for_hint(qtbot, window)
    jump = window.hint.hint.move
    rects = [item.rect() for item in window.adapter.hint_items if hasattr(item, "rect")]
    centres = sorted((round(r.center().y() // CELL), round(r.center().x() // CELL)) for r in rects)
    assert centres == sorted([(jump.r, jump.c), jump.to])
    qtbot.keyClick(window.view, Qt.Key_Escape)
    assert window.view.hinted is None and window.adapter.hint_items == []
    assert window.session.depth == 0  # Esc plays nothing


def test_a_second_h_while_thinking_is_ignored_and_a_move_meanwhile_drops_the_answer(qtbot, window):
    window.hint.seconds = None
    assert window.files.open_path(data_file("cases/comesolo/rand_30_d60.txt"))  # 30x30: the hint takes its seconds
    qtbot.keyClick(window.view, Qt.Key_H)
    qtbot.keyClick(window.view, Qt.Key_H)
    assert window.statusBar().currentMessage() == "Still thinking about the last hint (beam)…"
    session = window.session
    assert window.playing.play(session.puzzle.legal_moves(session.instance, session.state)[0])
    wait_for_hint(qtbot, window)
    assert window.view.hinted is None
    assert window.statusBar().currentMessage() == (
        "The hint was for a position no longer shown; press H again for this one"
    )


@pytest.fixture(scope="module")
def plugin_folder(tmp_path_factory):
    """A folder of plugins: a scaffolded puzzle (it has a solver) and a copy without one."""
    return lamp_plugins(tmp_path_factory.mktemp("gui-hint-plugins"), "bright-lamps", "dull-lamps")


@pytest.fixture
def plugin_window(qtbot, tmp_path, monkeypatch, plugin_folder):
    """The app with the plugin folder on the puzzle path."""
    from workbench.gui.app import build_window

    monkeypatch.setenv(registry.PATH_VARIABLE, str(plugin_folder))
    registry.reset()
    window = build_window(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    window.show()
    try:
        yield window
    finally:
        window.solver_panel.shutdown()
        window.close()
        monkeypatch.delenv(registry.PATH_VARIABLE)
        registry.reset()


def test_a_scaffolded_plugin_gets_the_hint_on_the_grid_painter(qtbot, plugin_window):
    window = plugin_window
    window.files.generate("bright-lamps", 1)
    window.hint.seconds = None
    assert window.hint.action.isEnabled()
    qtbot.keyClick(window.view, Qt.Key_H)
    wait_for_hint(qtbot, window)
    hint = window.hint.hint
    assert window.view.hinted == hint.move and window.adapter.hint_items  # the cells the press toggles
    assert window.statusBar().currentMessage() == hint.text


def test_a_plugin_without_solvers_shows_the_hint_disabled_with_the_reason(qtbot, plugin_window):
    window = plugin_window
    window.files.generate("dull-lamps", 1)
    action = window.hint.action
    reason = f"{window.session.puzzle.title} has no solver, so there is no hint to give"
    assert not action.isEnabled()
    assert action.toolTip() == action.statusTip() == reason
    qtbot.keyClick(window.view, Qt.Key_H)
    assert not window.hint.thinking and window.view.hinted is None
    window.files.generate("bright-lamps", 1)
    assert action.isEnabled()


def test_esc_while_thinking_cancels_the_hint(qtbot, window):
    window.hint.seconds = None
    assert window.files.open_path(data_file("cases/comesolo/rand_30_d60.txt"))
    qtbot.keyClick(window.view, Qt.Key_H)
    qtbot.keyClick(window.view, Qt.Key_Escape)
    wait_for_hint(qtbot, window)
    assert window.statusBar().currentMessage() == "Hint cancelled"
    assert window.view.hinted is None and window.hint.hint.move is None


def test_an_ahc015_tilt_is_marked_by_the_edge_its_candies_slide_to(window):
    from workbench.gui.board.painters.ahc015 import CELL as CANDY

    open_board(window, "ahc015")
    s, side = window.session, 10 * CANDY
    bands = {tilt: window.adapter.hint_marks(s.instance, s.state, tilt) for tilt in "FBLR"}
    assert {tilt: marks.rects[0].getRect() for tilt, marks in bands.items()} == {
        "F": (0, 0, side, CANDY),
        "B": (0, side - CANDY, side, CANDY),
        "L": (0, 0, CANDY, side),
        "R": (side - CANDY, 0, CANDY, side),
    }
    for _tilt, marks in bands.items():  # each arrow leaves the middle of the box toward its edge
        start, end = marks.arrow
        assert (start.x(), start.y()) == (side / 2, side / 2)
        assert marks.rects[0].contains(start + (end - start) * 1.5)


def test_the_codevs_skill_is_marked_by_the_fives_it_explodes(window):
    from workbench.puzzles.codevs import SKILL

    open_board(window, "codevs")
    s = window.session
    while not (s.state.field.array() == 5).any():  # drop packs at the left until a 5 lies on the field
        assert window.playing.play(s.puzzle.legal_moves(s.instance, s.state)[0])
    grid = s.state.field.array()
    marks = window.adapter.hint_marks(s.instance, s.state, SKILL)
    assert len(marks.rects) == int((grid == 5).sum()) and marks.arrow is None
