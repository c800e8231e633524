"""The solver's numbers on the contest's scale: best is the status bar's score from the game's start
and never drops, an online game cut short is finished and exported, F5 from another tab waits for the
kernels. Driven with pytest-qt."""

from gui_helpers import run_a_short_codevs_beam, solve_by_nodes, wait_for_end
from PySide6.QtCore import Qt

from workbench.cli import main as cli
from workbench.gui.solver.solver_panel import score_text


def test_a_cancelled_ahc015_run_is_finished_with_the_fast_policy_and_exports(
    qtbot, window, data_root, tmp_path, capsys
):
    case = data_root / "cases/ahc015/0000.txt"
    window.files.open_path(case)
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
    assert window.session.moves()[: len(played)] == list(played)
    out = tmp_path / "finished.out"
    assert window.exports.export_solution(out)
    assert cli(["score", "ahc015", str(case), str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == str(window.session.report().score)


def test_exporting_an_unfinished_online_game_offers_to_finish_it(qtbot, window, data_root, tmp_path):
    window.files.open_path(data_root / "cases/ahc015/0000.txt")
    for key in (Qt.Key_Up, Qt.Key_Left):
        qtbot.keyClick(window.view, key)
    out = tmp_path / "short.out"
    assert not window.exports.export_solution(out)
    assert window.exports.finish_dialog.isVisible()
    window.exports.finish_dialog.accept()
    assert window.session.depth == 100 and out.exists()
    assert window.session.moves()[:2] == ["F", "L"]


def test_f5_from_another_tab_brings_the_solver_tab_and_waits_while_kernels_compile(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
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


def test_best_is_the_status_bar_score_from_the_games_start(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/ahc011/0003.txt")
    window.playing.play(window.session.puzzle.legal_moves(window.session.instance, window.session.state)[0])
    panel = solve_by_nodes(qtbot, window, 20_000, timeout=180000)
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
    window.files.open_path(data_root / "cases/ahc015/0000.txt")
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


def test_codevs_best_is_the_contest_score_of_the_applied_answer_and_never_drops(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/codevs/packs_1.txt")
    panel = window.solver_panel
    run_a_short_codevs_beam(qtbot, panel)
    best = [b for b in panel.best_scores if b == b]
    assert best and all(b <= a for b, a in zip(best, best[1:]))
    panel.apply_button.click()
    assert window.session.report().score == panel.best_score
    assert f"score {window.session.report().text}" in window.score_label.text()
