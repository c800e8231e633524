"""Running solvers from the GUI: responsiveness, pause, cancel, apply, export, preview."""

from gui_helpers import solve_by_nodes, start_a_long_run, wait_for_end
from PySide6.QtCore import QTimer

from workbench.cli import main as cli
from workbench.puzzles.comesolo import PUZZLE


def test_the_event_loop_keeps_ticking_while_a_solver_runs_and_cancel_stops_it(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/comesolo/rand_30_d60.txt")
    panel = window.solver_panel
    panel.seconds.setValue(600)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    panel.start_button.click()
    assert panel.running
    qtbot.waitUntil(lambda: len(panel.sample_times) >= 3, timeout=60000)  # slices are being reported
    ticks.clear()
    qtbot.wait(500)
    timer.stop()
    # A frozen window would not have run its 10 ms timer during the half second.
    assert len(ticks) >= 10
    assert panel.running
    panel.cancel_button.click()
    wait_for_end(qtbot, panel)
    assert ": cancelled after " in panel.status.text()
    assert panel.start_button.isEnabled()


def test_pause_holds_the_search_and_resume_continues(qtbot, window, data_root):
    panel = start_a_long_run(qtbot, window, data_root / "cases/comesolo/rand_30_d40.txt")
    panel.pause_button.click()
    assert panel.pause_button.text() == "Resume"
    qtbot.wait(300)  # the slice in progress ends, then the worker waits
    panel.poll()
    held = len(panel.sample_times)
    qtbot.wait(400)
    panel.poll()
    assert len(panel.sample_times) == held
    panel.pause_button.click()
    qtbot.waitUntil(lambda: (panel.poll(), len(panel.sample_times) > held)[1], timeout=10000)
    panel.cancel_button.click()
    wait_for_end(qtbot, panel)


def test_a_finished_run_is_applied_exported_and_scored_by_the_cli(qtbot, window, data_root, tmp_path, capsys):
    board = data_root / "cases/comesolo/rand_07_d70.txt"
    window.files.open_path(board)
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(3000)
    panel.seed.setValue(7)
    panel.start_button.click()
    wait_for_end(qtbot, panel)
    assert panel.best_moves
    assert panel.best_scores[-1] == len(panel.best_moves)
    panel.apply_button.click()
    assert window.session.moves() == list(panel.best_moves)
    assert window.step_panel.slider.maximum() == len(panel.best_moves)
    out = tmp_path / "best.out"
    assert window.exports.export_solution(out)
    assert cli(["score", "comesolo", str(board), str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == str(len(panel.best_moves))


def test_a_run_from_the_middle_of_a_game_continues_that_game(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
    opening = PUZZLE.legal_moves(window.session.instance, window.session.state)[0]
    window.playing.play(opening)
    panel = solve_by_nodes(qtbot, window, 500)
    window.playing.undo()  # the answer still hangs from the node the run started at
    panel.apply_button.click()
    assert window.session.moves() == [opening, *panel.best_moves]


def test_frontier_states_preview_on_the_board_and_escape_returns(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/comesolo/rand_10_d50.txt")
    panel = solve_by_nodes(qtbot, window, 400)
    assert panel.table.rowCount() > 0
    entry = panel.frontier_entries[0]
    panel.table.cellClicked.emit(0, 0)
    assert window.view.mode == "preview"
    assert window.view.state.pieces == window.session.instance.pieces - entry.depth
    assert "Preview" in window.statusBar().currentMessage()
    window.board.end_preview()
    assert window.view.mode == "play"
    assert window.view.state == window.session.state


def test_a_run_without_any_budget_is_refused(window):
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(0)
    panel.start_button.click()
    assert panel.job is None


class WorkerOutput:
    """What the warm-up worker process printed, as KernelWarmUp reads it."""

    def __init__(self, text: str):
        self.text = text.encode()

    def readAllStandardOutput(self):
        return self.text


def test_a_run_waiting_for_kernels_starts_once_its_own_solver_is_compiled(qtbot, window):
    """F5 while the puzzle's kernels compile waits; once the worker has moved past the chosen
    solver ("2/2 best-first": beam is compiled), beam alone is ready (its run's child loads it)
    and the run starts, before the other solvers are ready."""
    kernels, panel = window.kernels, window.solver_panel
    kernels.stage["comesolo"] = "compiling"  # as on a cold cache, the worker busy
    window.kernels.changed.emit(kernels.describe("comesolo"))
    panel.choice.setCurrentText("beam")
    panel.nodes.setValue(200)
    panel.start_button.click()
    assert panel.start_pending and not panel.running and "beam waits: Compiling" in panel.status.text()
    kernels.processes["comesolo"] = WorkerOutput("1/2 beam\n")
    kernels._read("comesolo")
    assert kernels.compiled["comesolo"] == set()
    kernels.processes["comesolo"] = WorkerOutput("2/2 best-first\n")
    kernels._read("comesolo")
    del kernels.processes["comesolo"]
    assert kernels.compiled["comesolo"] == {"beam"}
    with qtbot.waitSignal(kernels.solver_ready, timeout=60000) as loaded:
        window.kernels.changed.emit(kernels.describe("comesolo"))
    assert loaded.args == ["comesolo", "beam"]
    qtbot.waitUntil(lambda: panel.job is not None, timeout=10000)
    assert kernels.stage["comesolo"] == "compiling" and not panel.start_pending
    wait_for_end(qtbot, panel)
    assert panel.last_result is not None
    # best-first is not compiled yet: choosing it waits again
    panel.choice.setCurrentText("best-first")
    panel.start_button.click()
    assert panel.start_pending
    panel.cancel_button.click()
    kernels.stage["comesolo"] = "ready"


def test_starting_a_run_replaces_the_warning_of_an_illegal_move(qtbot, window, data_root):
    from workbench.puzzles.comesolo.board import Jump

    window.files.open_path(data_root / "cases/comesolo/rand_30_d60.txt")
    assert not window.playing.play(Jump(0, 0, 0, 0))
    assert window.statusBar().currentMessage().startswith("⚠ Illegal move")
    panel = window.solver_panel
    panel.seconds.setValue(600)
    window.answers.start_solver()
    assert panel.running
    assert "Illegal move" not in window.statusBar().currentMessage()
    assert window.statusBar().currentMessage() == "beam: starting…"
    panel.cancel_button.click()
    wait_for_end(qtbot, panel)


def test_the_rescoring_thread_runs_in_the_lowest_scheduling_class(window):
    """Workers, as the solver's thread is: the window's thread gets a core before them."""
    import os
    import sys
    import threading

    import pytest

    if sys.platform != "linux":
        pytest.skip("per-thread niceness is Linux's")
    rescoring = window.solver_panel._scoring.submit(threading.get_native_id).result(30)
    window_nice = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert os.getpriority(os.PRIO_PROCESS, rescoring) == max(5, window_nice)
    assert os.sched_getscheduler(rescoring) == os.SCHED_OTHER  # it shares the window's GIL: never starved


def test_apply_best_adds_the_rescored_line_without_playing_it_again(qtbot, window, data_root, monkeypatch):
    window.files.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
    panel = solve_by_nodes(qtbot, window, 2000)
    played = []
    apply = PUZZLE.apply
    monkeypatch.setattr(PUZZLE, "apply", lambda *args: (played.append(args[2]), apply(*args))[1])
    panel.apply_button.click()
    assert played == []  # the rescoring thread played it once; the history takes its transitions
    assert window.session.moves() == list(panel.best_moves) and window.view.state == window.session.state


def test_a_deleted_view_of_the_run_is_disconnected_from_its_events(qtbot):
    import shiboken6

    from workbench.gui.solver.frontier_table import FrontierTable
    from workbench.gui.solver.run_model import SolverRun

    run = SolverRun()
    table = FrontierTable(run)
    assert (len(run.rows_changed), len(run.cleared), len(run.puzzle_changed)) == (1, 1, 1)
    shiboken6.delete(table)
    assert (len(run.rows_changed), len(run.cleared), len(run.puzzle_changed)) == (0, 0, 0)
    run.cleared.emit()  # no view left to call into
