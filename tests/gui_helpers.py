"""Small helpers the GUI tests share: clicking a cell, waiting for a solver run, legal walks, the status line."""

import shutil

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPalette

from workbench.gui.board.painters.comesolo import CELL
from workbench.puzzles.ahc011 import PUZZLE as AHC011
from workbench.puzzles.comesolo import PUZZLE as COMESOLO


def ahc011_answer(instance, count):
    """An ahc011 answer file of ``count`` legal slides."""
    return AHC011.format_solution(instance, legal_walk(AHC011, instance, count))


def ahc011_with_answer(window, data_root, tmp_path, slides):
    """A copy of ahc011 case 3 on the board, with an answer file of ``slides`` slides loaded."""
    board = tmp_path / "0003.txt"
    shutil.copy(data_root / "cases/ahc011/0003.txt", board)
    assert window.files.open_path(board)
    answer = tmp_path / "0003.out"
    answer.write_text(ahc011_answer(window.session.instance, slides))
    assert window.files.load_solution(answer)
    return board, answer


def click_cell(qtbot, win, r, c):
    point = win.view.mapFromScene(QPointF(c * CELL + CELL / 2, r * CELL + CELL / 2))
    qtbot.mouseClick(win.view.viewport(), Qt.LeftButton, pos=point)


def first_jumps(instance, count):
    return legal_walk(COMESOLO, instance, count)


def legal_walk(puzzle, instance, count):
    """``count`` legal moves from the start, each time the first one the puzzle offers."""
    moves, state = [], puzzle.initial_state(instance)
    for _ in range(count):
        move = puzzle.legal_moves(instance, state)[0]
        moves.append(move)
        state = puzzle.apply(instance, state, move).state
    return moves


def ok_rows(count: int, low: float, step: float) -> list[dict]:
    """``count`` results rows as a run shows them, all OK: N 6 and 7 in turn, scoring ``low`` and ``low + step``."""
    return [
        {
            "case": str(i),
            "name": f"{i:04d}",
            "seed": i,
            "N": 6 + i % 2,
            "score": low + step * (i % 2),
            "relative": "0.99",
            "time_s": "1.0",
            "verdict": "OK",
            "message": "",
        }
        for i in range(count)
    ]


def random_fill(window, seed: int, density: float) -> None:
    """The editor's Random fill, as the user presses it."""
    panel = window.editor_panel
    panel.seed.setValue(seed)
    panel.density.setValue(density)
    panel.random_button.click()


def status(window) -> str:
    return window.statusBar().currentMessage()


def wait_for_end(qtbot, panel, timeout=60000):
    qtbot.waitUntil(lambda: panel.job is not None and not panel.running, timeout=timeout)
    panel.poll()


def solve_by_nodes(qtbot, window, nodes, timeout=60000):
    """The board's solver run to its end on ``nodes`` nodes (no time limit); the solver panel."""
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(nodes)
    panel.start_button.click()
    wait_for_end(qtbot, panel, timeout)
    return panel


def window_colour(window):
    return window.palette().color(QPalette.Window)


def run_a_short_codevs_beam(qtbot, panel):
    """The codevs chain beam at a small node budget on 8 turns, run to its end and polled once more."""
    panel.seconds.setValue(0)
    panel.nodes.setValue(600)
    panel.param_widgets["turns"].setValue(8)
    panel.param_widgets["width"].setValue(30)
    panel.param_widgets["depth"].setValue(5)
    panel.start_button.click()
    wait_for_end(qtbot, panel, timeout=120000)


def start_a_long_run(qtbot, window, board):
    """``board`` opened and its default solver started for 600 s; back once it has reported twice."""
    window.files.open_path(board)
    panel = window.solver_panel
    panel.seconds.setValue(600)
    panel.start_button.click()
    qtbot.waitUntil(lambda: len(panel.sample_times) >= 2, timeout=60000)
    return panel
