"""The Solver panel belongs to the board shown: another board's run is cleared and can
never be applied or exported onto this one; counts, words, the frontier and the plots say what
the exported file says. Driven with pytest-qt."""

import pytest
from gui_helpers import random_fill, start_a_long_run
from PySide6.QtWidgets import QFileDialog

from solvers.ahc015.monte_carlo import MonteCarloSolver
from solvers.base import FrontierEntry
from solvers.driver import Budget, run
from workbench.core.puzzle import ScoreReport
from workbench.core.registry import get_puzzle
from workbench.gui.common.plot_style import held_range, y_range
from workbench.gui.solver.frontier_rows import Row, ranked
from workbench.gui.solver.solver_panel import FACTS_COLUMN, SOLVER_COLUMN, score_text
from workbench.puzzles.ahc015.box import CANDIES, Candies
from workbench.puzzles.comesolo import PUZZLE as COMESOLO
from workbench.puzzles.comesolo import Board

BOARD = "cases/comesolo/rand_07_d70.txt"


def finished_run(qtbot, window, nodes=3000, seed=7):
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(nodes)
    panel.seed.setValue(seed)
    panel.start_button.click()
    qtbot.waitUntil(lambda: panel.job is not None and not panel.running, timeout=60000)
    panel.poll()
    assert panel.best_moves
    return panel


def nothing_of_the_run_is_left(panel):
    assert panel.best_moves == () and panel.table.rowCount() == 0
    assert not panel.apply_button.isEnabled() and not panel.export_button.isEnabled()
    assert len(panel.best_curve.getData()[0] if panel.best_curve.getData()[0] is not None else []) == 0
    assert "was on another board; its results are cleared" in panel.status.text()


def test_another_board_of_the_same_puzzle_clears_the_run(qtbot, window, data_root):
    window.files.open_path(data_root / BOARD)
    panel = finished_run(qtbot, window)
    assert panel.apply_button.isEnabled() and panel.table.rowCount() > 0
    assert window.files.generate("comesolo", 3)
    nothing_of_the_run_is_left(panel)
    window.answers.apply_solver_answer(panel.best_moves)  # the menu's "Apply best": nothing to apply
    assert window.session.moves() == []


def test_a_board_of_another_puzzle_clears_the_run(qtbot, window, data_root):
    window.files.open_path(data_root / BOARD)
    panel = finished_run(qtbot, window)
    assert window.files.open_path(data_root / "cases/ahc011/0003.txt")
    nothing_of_the_run_is_left(panel)


def test_an_edit_clears_the_run(qtbot, window, data_root):
    window.files.open_path(data_root / BOARD)
    panel = finished_run(qtbot, window)
    random_fill(window, 5, 0.5)
    nothing_of_the_run_is_left(panel)


def test_a_run_still_going_when_the_board_changes_shows_nothing_of_it(qtbot, window, data_root):
    panel = start_a_long_run(qtbot, window, data_root / "cases/comesolo/rand_30_d60.txt")
    assert window.files.generate("comesolo", 4)  # cancels the run; what it still reports is dropped
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    panel.poll()
    nothing_of_the_run_is_left(panel)
    assert panel.start_button.isEnabled()


def test_export_best_after_a_hand_move_writes_the_solvers_answer(qtbot, window, data_root, tmp_path, monkeypatch):
    window.files.open_path(data_root / BOARD)
    panel = finished_run(qtbot, window)
    session = window.session
    other = next(m for m in COMESOLO.legal_moves(session.instance, session.state) if m != panel.best_moves[0])
    assert window.playing.play(other)  # a hand move on the same board, off the solver's line
    out = tmp_path / "best.out"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    panel.export_button.click()
    assert COMESOLO.parse_solution(session.instance, out.read_text()).moves == tuple(panel.best_moves)
    # Before, a refused apply still opened the dialog and wrote the line shown: now nothing is written.
    out.unlink()
    window.files.generate("comesolo", 5)
    window.export_solver_answer(panel.best_moves or (other,))
    assert not out.exists()


def test_the_status_says_why_a_run_stopped_and_counts_moves_as_the_file_does(qtbot, window, data_root, tmp_path):
    window.files.open_path(data_root / BOARD)
    session = window.session
    for _ in range(2):  # the run starts two moves into the game
        assert window.playing.play(COMESOLO.legal_moves(session.instance, session.state)[0])
    panel = finished_run(qtbot, window, nodes=2000)
    assert "beam: stopped at its node budget after" in panel.status.text() or ": finished after" in panel.status.text()
    assert "stopped by" not in panel.status.text()
    total = 2 + len(panel.best_moves)
    assert panel.status.text().endswith(f"({total} moves)")
    panel.apply_button.click()
    out = tmp_path / "answer.out"
    assert window.exports.export_solution(out)
    assert len(COMESOLO.parse_solution(session.instance, out.read_text()).moves) == total
    # Each frontier row counts the moves from the game's start to its position, too.
    for row, entry in enumerate(panel.frontier_entries):
        assert panel.table.item(row, 1).text() == str(2 + len(entry.moves))


def test_the_frontier_is_best_score_first_and_each_position_once(qtbot, window, data_root):
    window.files.open_path(data_root / BOARD)
    panel = finished_run(qtbot, window)
    scores = [float(panel.table.item(row, 0).text()) for row in range(panel.table.rowCount())]
    assert scores == sorted(scores, reverse=True) and "?" not in scores
    states = panel.frontier_states
    assert all(not (a == b) for i, a in enumerate(states) for b in states[i + 1 :])


def test_the_live_best_plot_keeps_its_y_range_until_a_score_leaves_it():
    """A range set anew at every poll redrew the axis at every repaint; it moves only when a
    score leaves it, and then with headroom for the scores still to come."""
    assert held_range((0.0, 100.0), [10, 50]) == (0.0, 100.0)
    low, high = y_range([10, 120])
    assert held_range((0.0, 100.0), [10, 120]) == (low, high + 0.25 * (high - low))
    assert held_range(None, [300, 300]) == (285.0, 322.5)


def test_a_position_is_one_row_whether_its_state_hashes_or_not():
    def row(score, state):
        return Row(FrontierEntry(score, 1, ((0, 0, 1, 0),)), ScoreReport(score, str(score)), state)

    board = COMESOLO.generate(1)
    same_board = Board(board.rows, board.cols, bytes(board.cells))
    lists = [[0, 1], [1, 1], [0, 1]]  # states that say whether they are equal, with no hash
    rows = [row(5, board), row(7, same_board), *(row(i, cells) for i, cells in enumerate(lists))]
    kept = ranked(rows, "max", online=False)
    assert [r.report.score for r in kept] == [7, 2, 1]
    assert kept[0].state is same_board


def candy_in_the_corner() -> Candies:
    """Candy 1 drops into the front-left corner: tilts F and L leave the same box."""
    return Candies(bytes([1, 2, 3] * 33 + [1]), bytes([1] + [1] * (CANDIES - 1)))


def test_tilts_that_leave_the_same_box_are_one_frontier_row():
    puzzle = get_puzzle("ahc015")
    instance = candy_in_the_corner()
    view = puzzle.public_view(instance, puzzle.initial_state(instance))
    solver = MonteCarloSolver(puzzle, view, seed=0, confidence=0)
    run(solver, Budget(nodes=400))
    tilts = [dict(entry.facts)["tilt"] for entry in solver.frontier()]
    assert "F or L" in tilts and len(tilts) == 3
    assert sorted(letter for t in tilts for letter in t.split(" or ")) == ["B", "F", "L", "R"]


def test_ahc015_rows_show_the_contest_score_and_the_playout_mean_as_the_solvers_estimate(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/ahc015/0000.txt")
    panel = window.solver_panel
    panel.seconds.setValue(600)
    panel.start_button.click()
    qtbot.waitUntil(lambda: panel.table.rowCount() >= 2, timeout=60000)
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: not panel.running, timeout=60000)
    panel.poll()
    puzzle, instance = window.session.puzzle, window.session.instance
    assert panel.table.horizontalHeaderItem(SOLVER_COLUMN).text() == "solver's estimate"
    for row, (entry, state) in enumerate(zip(panel.frontier_entries, panel.frontier_states)):
        # The score is the contest's, of the position the row's move reaches (what its preview says)...
        report = puzzle.evaluate(instance, state, len(entry.moves))
        assert panel.table.item(row, 0).text() == report.text
        assert panel.table.item(row, FACTS_COLUMN).text() == ", ".join(f"{k} {v}" for k, v in report.facts)
        # ...and the playout mean, in the order the solver ranks its moves, is labelled its estimate.
        assert panel.table.item(row, SOLVER_COLUMN).text().endswith(f", mean {round(entry.score)}")
        assert (
            panel.table.item(row, 0).toolTip() == f"the solver's estimate of the final score: {score_text(entry.score)}"
        )
    means = [entry.score for entry in panel.frontier_entries]
    assert means == sorted(means, reverse=True)
    assert panel.frontier_label.text().startswith("This turn's moves")


# ------------------------------------------------------------------ plots
def tick_values(plot, axis, low, high):
    return [value for _, values in plot.getAxis(axis).tickValues(low, high, 200) for value in values]


def test_count_axes_tick_whole_numbers_only(qtbot, window, data_root):
    window.files.open_path(data_root / BOARD)
    panel = finished_run(qtbot, window)
    assert all(v == int(v) for v in tick_values(panel.frontier_plot, "left", 0, 3))
    qtbot.waitUntil(lambda: panel.best_plot.getAxis("left").whole)  # the plots repaint on their timers
    assert all(v == int(v) for v in tick_values(panel.best_plot, "left", 10, 12))  # comesolo scores are whole
    steps = window.step_panel.score_plot
    assert all(v == int(v) for v in tick_values(steps, "bottom", 0, 2))
    assert 0.5 in tick_values(panel.best_plot, "bottom", 0, 2)  # seconds are not counts


def test_the_step_plot_of_a_line_without_moves_shows_the_start_score(qtbot, window):
    window.files.generate("comesolo", 2)
    plot = window.step_panel.score_plot
    assert plot.curve.opts["symbol"] == "o"  # one point is drawn, not an empty plot
    low, high = plot.getViewBox().viewRange()[1]
    score = window.session.report().score
    assert low <= score <= high and low >= 0
    assert all(v == int(v) for v in tick_values(plot, "left", low, high))


def test_the_best_score_plot_steps_up_when_a_better_answer_is_reported(qtbot, window, data_root):
    """Each sample holds until the next: the drawn line turns at (time of the better answer, the
    best before it), never climbing through scores the run did not have."""
    window.files.open_path(data_root / "cases/ahc011/0000.txt")
    panel = finished_run(qtbot, window, nodes=60_000)
    panel.plot_now()
    times, bests = panel.sample_times.values, panel.best_scores.values
    rises = [(times[i], bests[i - 1]) for i in range(1, len(bests)) if bests[i] > bests[i - 1]]
    assert rises
    path = panel.best_curve.curve.getPath()
    corners = {(path.elementAt(i).x, path.elementAt(i).y) for i in range(path.elementCount())}
    assert all(rise in corners for rise in rises)


def test_from_mid_game_every_row_gives_the_contest_facts_of_the_whole_answer(qtbot, window, data_root):
    window.files.open_path(data_root / BOARD)
    session = window.session
    for _ in range(3):  # the run starts three moves into the game
        assert window.playing.play(COMESOLO.legal_moves(session.instance, session.state)[0])
    panel = finished_run(qtbot, window, nodes=300)
    assert panel.table.rowCount() > 1
    assert panel.table.horizontalHeaderItem(SOLVER_COLUMN).text() == "solver, from move 3"
    for row, (entry, state) in enumerate(zip(panel.frontier_entries, panel.frontier_states)):
        report = COMESOLO.evaluate(session.instance, state, 3 + len(entry.moves))
        facts = panel.table.item(row, FACTS_COLUMN).text()
        assert facts == ", ".join(f"{k} {v}" for k, v in report.facts)
        assert f"moves {3 + len(entry.moves)}" in facts  # never the solver's count from move 3
        # The solver's own counts the facts give (moves, pieces left, from where it began) are left out.
        assert (
            "moves" not in panel.table.item(row, SOLVER_COLUMN).text()
            and "pieces" not in panel.table.item(row, SOLVER_COLUMN).text()
        )


@pytest.mark.parametrize("board, nodes", [(BOARD, 3000), ("cases/rolling-balls/seed_2.txt", 20000)])
def test_when_the_run_ends_the_table_keeps_its_best_answer_first_to_preview(qtbot, window, data_root, board, nodes):
    window.files.open_path(data_root / board)
    panel = finished_run(qtbot, window, nodes=nodes)
    puzzle, instance = window.session.puzzle, window.session.instance
    best = puzzle.evaluate(instance, puzzle.final_state(instance, panel.best_moves), len(panel.best_moves))
    rows = [entry.moves for entry in panel.frontier_entries]
    assert panel.best_moves in rows
    assert panel.best_text() == best.text  # as the contest prints it: "1.0000000", never "1"
    assert panel.status.text().endswith(f"best {best.text} ({len(panel.best_moves)} moves)")
    row = rows.index(panel.best_moves)
    assert [panel.table.item(row, col).text() for col in (0, 1, SOLVER_COLUMN)] == [
        best.text,
        str(len(panel.best_moves)),
        "an answer found",
    ]
    # Best first: no row above it scores less (a state still weighed may score more, an answer too).
    scores = [float(panel.table.item(r, 0).text()) for r in range(panel.table.rowCount())]
    assert scores == sorted(scores, reverse=True)
    states = panel.frontier_states
    assert all(not (a == b) for i, a in enumerate(states) for b in states[i + 1 :])  # each position once
    panel.table.cellClicked.emit(row, 0)
    assert window.view.state == puzzle.final_state(instance, panel.best_moves)
    assert f"score {best.text}" in window.statusBar().currentMessage()


def test_a_run_that_ends_at_once_still_plots_from_zero_and_a_cleared_run_leaves_no_axes(qtbot, window, data_root):
    window.files.open_path(data_root / BOARD)
    panel = finished_run(qtbot, window)
    result = panel.last_result

    def dots(curve):
        return list(curve.getData()[0] if curve.getData()[0] is not None else [])

    qtbot.waitUntil(lambda: bool(dots(panel.best_end) and dots(panel.frontier_end)))  # the plots repaint on timers
    times, best = panel.best_curve.getData()
    assert len(times) >= 2 and times[-1] == result.elapsed  # the curve reaches the end of the run
    assert list(panel.best_end.getData()[0]) == [result.elapsed]
    assert list(panel.best_end.getData()[1]) == [panel.best_score]
    assert list(panel.frontier_end.getData()[1]) == [result.progress.frontier_size]
    for plot in (panel.best_plot, panel.frontier_plot):
        low, high = plot.getViewBox().viewRange()[0]
        assert -0.01 <= low <= 0 and high >= 0.1  # never "-0.4 … 0.4 seconds"
    assert window.files.generate("comesolo", 3)  # another board: the run is cleared, and so are its ranges
    assert dots(panel.best_end) == [] and dots(panel.frontier_end) == []

    def ranges():
        return [
            tuple(round(v, 2) for axis in plot.getViewBox().viewRange() for v in axis)
            for plot in (panel.best_plot, panel.frontier_plot)
        ]

    # the axes are reset by the plots' timers, in a turn of the event loop of their own
    qtbot.waitUntil(lambda: ranges() == [(-0.02, 1.02, -0.02, 1.02)] * 2)


def test_no_frontier_text_is_cut(qtbot, window, data_root):
    from PySide6.QtGui import QFontMetrics

    window.files.open_path(data_root / "cases/codevs/packs_1.txt")
    panel = finished_run(qtbot, window, nodes=400)
    metrics = QFontMetrics(panel.table.font())
    assert panel.table.rowCount() >= 1
    for row in range(panel.table.rowCount()):
        for col in range(4):
            text = panel.table.item(row, col).text()
            # Each column is as wide as its text; the table scrolls sideways ("candidate ojama 45, bl…").
            assert panel.table.columnWidth(col) >= metrics.horizontalAdvance(text), (row, col, text)


def test_the_contests_facts_are_in_sight_before_the_solvers_own_figures(qtbot, window, data_root):
    """At the default window the facts column starts in the table's sight; it came after the solver's
    own figures, which on codevs ("candidate chain 12, candidate ojama 45, …") pushed it out of sight."""
    from gui_helpers import run_a_short_codevs_beam
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget

    from workbench.gui.window.window_layout import PANEL_MAX, PANEL_MIN, PANEL_SHARE, PANELS

    window.resize(1360, 850)
    panels = window.findChild(QDockWidget, PANELS)
    window.resizeDocks([panels], [max(PANEL_MIN, min(PANEL_MAX, int(1360 * PANEL_SHARE)))], Qt.Horizontal)
    window.files.open_path(data_root / "cases/codevs/packs_1.txt")
    panel = window.solver_panel
    run_a_short_codevs_beam(qtbot, panel)
    table = panel.table
    headers = [table.horizontalHeaderItem(col).text() for col in range(table.columnCount())]
    facts = headers.index("facts")
    assert table.columnViewportPosition(facts) + 150 <= table.viewport().width(), headers
    assert any(table.item(row, facts).text().startswith("best ojama") for row in range(table.rowCount()))
