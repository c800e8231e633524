"""The ahc015 board in the GUI, driven as a user would, offscreen, with pytest-qt."""

from conftest import shared_file
from PySide6.QtCore import Qt

from workbench.cli import main as cli
from workbench.gui.board.painters.ahc015 import FLAVOUR_COLOURS
from workbench.gui.solver.solver_panel import SOLVER_COLUMN, score_text
from workbench.puzzles.ahc015 import PUZZLE
from workbench.puzzles.ahc015.box import component_ids

CASE = "cases/ahc015/0000.txt"
MONTE_CARLO = "solutions/ahc015/monte_carlo_0000.txt"


def test_arrow_keys_tilt_the_box_and_undo_takes_a_tilt_back(qtbot, window, data_root):
    assert window.files.open_path(data_root / CASE)
    assert window.session.puzzle is PUZZLE
    assert "next: candy 2, watermelon ■" in window.score_label.text()
    for key in (Qt.Key_Up, Qt.Key_Right, Qt.Key_Down, Qt.Key_Left):
        qtbot.keyClick(window.view, key)
    assert window.session.moves() == ["F", "R", "B", "L"]
    instance = window.session.instance
    assert window.session.state == PUZZLE.replay(instance, ["F", "R", "B", "L"])[-1]
    assert "turn 5" in window.score_label.text() and "next: candy 6" in window.score_label.text()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    assert window.session.moves() == ["F", "R", "B"]
    assert window.session.state.turn == 4


def test_a_generated_board_plays_without_a_file(qtbot, window):
    assert window.files.generate("ahc015", 12)
    qtbot.keyClick(window.view, Qt.Key_Down)
    assert window.session.moves() == ["B"]
    assert window.session.state.placements == PUZZLE.generate(12).placements[:2]


def test_the_board_shows_candies_components_and_the_coming_flavours(window, data_root, tmp_path):
    window.files.open_path(data_root / CASE)
    answer = tmp_path / "tilts.out"
    answer.write_text("".join(f"{'FRBL'[turn % 4]}\n" for turn in range(100)))
    assert window.files.load_solution(answer)
    window.playing.step_to(60)
    state, adapter = window.session.state, window.adapter
    for index, item in enumerate(adapter.candies):
        flavour = state.cells[index]
        assert item.isVisible() == bool(flavour)
        if flavour:
            assert item.brush().color() == FLAVOUR_COLOURS[flavour]
    # A wall is drawn exactly between neighbours of different components.
    ids = component_ids(state.cells)
    walls = [(a, b) for (a, b), line in adapter.walls.items() if line.isVisible()]
    assert walls == [(a, b) for (a, b) in adapter.walls if ids[a] != ids[b]] and walls
    assert len(set(i for i in ids if i >= 0)) == window.session.report().fact("components")
    # The queue: the next candy, then the ones after it.
    coming = state.flavours[state.turn : state.turn + len(adapter.queue)]
    shown = [next(f for f, c in FLAVOUR_COLOURS.items() if c == item.brush().color()) for item in adapter.queue]
    assert shown == list(coming)


def test_step_through_the_monte_carlo_answer_to_744795_with_stages(qtbot, window, data_root):
    window.files.open_path(data_root / CASE)
    assert window.files.open_path(shared_file(MONTE_CARLO))  # an answer for the open board
    step = window.step_panel
    assert step.slider.maximum() == 99
    step.stages.setChecked(True)
    step.forward.click()  # the first tilt's stage: the candies slide
    first = window.session.history.line()[1]
    assert window.view.state == first.frames[0].state and window.session.depth == 0
    step.forward.click()  # the next candy drops, highlighted
    assert window.view.state == first.frames[1].state and window.view.marks[1] == first.frames[1].highlight
    step.forward.click()
    assert window.session.depth == 1
    step.last.click()
    assert "Step 99 / 99: score 744795" in step.caption.text()
    assert "score 744795" in window.score_label.text()


def test_the_solver_panel_plays_an_online_game_applied_exported_and_rescored(
    qtbot, window, data_root, tmp_path, capsys
):
    window.files.open_path(data_root / CASE)
    panel = window.solver_panel
    assert panel.choice.currentText() == "monte-carlo"
    panel.seconds.setValue(0)
    panel.nodes.setValue(4000)
    panel.start_button.click()
    qtbot.waitUntil(lambda: panel.job is not None and not panel.running, timeout=60000)
    panel.poll()
    assert len(panel.best_moves) == 100
    panel.apply_button.click()
    assert window.session.moves() == list(panel.best_moves)
    assert window.step_panel.slider.maximum() == 100  # the solver's game, to step through turn by turn
    score = window.session.report().score
    # The game is over: no move is left to weigh (the table once showed four "?" rows of 101 moves),
    # and the game played stays in the table, to preview (it once emptied the table).
    assert [panel.table.item(0, col).text() for col in (0, 1, SOLVER_COLUMN)] == [str(score), "100", "an answer found"]
    assert panel.table.rowCount() == 1 and panel.frontier_entries[0].moves == panel.best_moves
    assert panel.status.text().endswith(f"best {score} (100 moves)")
    out = tmp_path / "mc.out"
    assert window.exports.export_solution(out)
    assert out.read_text().count("\n") == 100  # as many tilts as the game and the status count
    assert cli(["score", "ahc015", str(data_root / CASE), str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == str(score)


def test_a_tilt_after_the_last_one_is_refused_with_a_reason(qtbot, window, data_root):
    window.files.open_path(data_root / CASE)
    window.session.add_line(["F"] * 100, from_root=True)
    window.board.redraw()
    assert "the box is full" in window.score_label.text()
    qtbot.keyClick(window.view, Qt.Key_Up)
    assert window.session.depth == 100
    assert "Illegal move" in window.statusBar().currentMessage()


def test_while_it_runs_the_frontier_shows_each_tilt_with_its_mean_and_playouts(qtbot, window, data_root):
    window.files.open_path(data_root / CASE)
    panel = window.solver_panel
    panel.seconds.setValue(600)
    panel.start_button.click()
    qtbot.waitUntil(lambda: panel.table.rowCount() == 4, timeout=60000)
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    rows = [panel.table.item(row, SOLVER_COLUMN).text() for row in range(4)]
    assert sorted(row.split(",")[0] for row in rows) == ["tilt B", "tilt F", "tilt L", "tilt R"]
    assert all(", playouts " in row and ", mean " in row for row in rows)
    means = [float(row.split(", mean ")[1]) for row in rows]  # the solver's own figure, best first
    assert means == sorted(means, reverse=True)


def test_a_game_cut_short_is_said_as_its_score_so_far_never_as_a_best(qtbot, window, data_root):
    window.files.open_path(data_root / CASE)
    panel = window.solver_panel
    panel.seconds.setValue(600)
    panel.start_button.click()
    qtbot.waitUntil(lambda: panel.game_score is not None and "the game so far" in panel.status.text(), timeout=60000)
    assert "best" not in panel.status.text()  # the highest score the game once had is no answer's
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    panel.poll()
    played = len(panel.best_moves)
    assert 0 < played < 100
    assert panel.status.text().endswith(
        f"the game stops after {played} moves with {score_text(panel.game_score)} so far, "
        "not an answer until every turn is played"
    )
    assert panel.finish_button.isVisibleTo(panel)  # and the way to make it one
