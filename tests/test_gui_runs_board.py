"""The Runs panel tied to what it shows: a run of another puzzle is labelled and its rows
open their own puzzle; the Run controls say how the run shown was made; a WA row opens its legal
moves and says the truth; compare names A and B and rounds to the interval's scale. pytest-qt."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from batch_cli import batch_main
from gui_helpers import ok_rows
from PySide6.QtCore import Qt

from workbench.batch.results import at_scale
from workbench.gui.runs.runs_panel import COMMAND_CHOICE
from workbench.puzzles.ahc011 import PUZZLE as AHC011


def batch(tmp_path: Path, out: str, puzzle: str, *args: str) -> Path:
    assert batch_main(
        puzzle, *args, "--jobs", "1", "--out", tmp_path / out, "--best", tmp_path / f"best-{puzzle}.csv"
    ) in (0, 1)
    return tmp_path / out


def upward_program(tmp_path: Path) -> str:
    """A contestant's program whose answer slides the gap up 20 times: legal until the top edge."""
    path = tmp_path / "up.py"
    path.write_text('import sys\nsys.stdin.read()\nprint("U" * 20)\n')
    return f"{sys.executable} {path}"


def double_click_row(qtbot, panel, row: int) -> None:
    where = panel.table.visualRect(panel.proxy.index(row, 0)).center()
    qtbot.mouseClick(panel.table.viewport(), Qt.LeftButton, pos=where)
    qtbot.mouseDClick(panel.table.viewport(), Qt.LeftButton, pos=where)


def test_a_run_of_another_puzzle_is_labelled_and_its_rows_open_that_puzzle(qtbot, window, tmp_path):
    run = batch(tmp_path, "ahc011", "ahc011", "--seeds", "2-3", "--cmd", upward_program(tmp_path), "--time", "5")
    panel = window.runs_panel
    assert window.session.puzzle.id == "comesolo"
    assert panel.open_run(run)
    assert "A run of ahc011, not of the board's comesolo: a row opens its ahc011 case." in panel.summary.text()
    window.files.generate("comesolo", 4)  # another comesolo board: the ahc011 run stays, still labelled
    assert panel.model.rowCount() == 2 and "A run of ahc011" in panel.summary.text()
    double_click_row(qtbot, panel, 0)  # before: "board sides must be 1..200, got 686"
    assert window.session.puzzle.id == "ahc011"
    row = panel.view.row_at(panel.proxy.index(0, 0))
    assert AHC011.format_input(window.session.instance) == (run / row["input"]).read_text()
    assert "A run of" not in panel.summary.text()  # the board is the run's puzzle now


def test_the_run_controls_say_how_the_run_shown_was_made(qtbot, window, tmp_path):
    solver_run = batch(
        tmp_path, "beam", "comesolo", "--seeds", "1-2", "--size", "7", "--solver", "beam", "--nodes", "200"
    )
    command = upward_program(tmp_path)
    program_run = batch(
        tmp_path, "program", "comesolo", "--seeds", "1-2", "--size", "7", "--cmd", command, "--time", "4"
    )
    panel = window.runs_panel
    panel.runner.setCurrentText(COMMAND_CHOICE)
    assert panel.open_run(solver_run)
    assert panel.runner.currentText() == "beam" and not panel.command.isVisibleTo(panel)
    assert panel.open_run(program_run)
    assert panel.runner.currentText() == COMMAND_CHOICE and panel.command.text() == command
    assert panel.time.value() == 4.0
    window.files.open_path(window.runs_panel.run_folder / "inputs" / "0001.txt", "comesolo")
    window.files.generate("ahc011", 1)  # the board's puzzle changes and changes back: the controls refill
    window.files.generate("comesolo", 1)
    assert panel.runner.currentText() == COMMAND_CHOICE and panel.command.text() == command


def test_a_wa_row_opens_the_legal_moves_before_the_fault_and_says_so(qtbot, window, tmp_path):
    run = batch(tmp_path, "wa", "ahc011", "--seeds", "2", "--cmd", upward_program(tmp_path), "--time", "5")
    panel = window.runs_panel
    assert panel.open_run(run)
    double_click_row(qtbot, panel, 0)
    # Seed 2's gap is three rows down: three slides up are legal, the fourth leaves the board.
    line = window.session.history.line()
    assert [node.move for node in line[1:]] == ["U", "U", "U"]
    assert window.tabs.currentWidget() is window.step_panel
    text = window.files.error_dialog.text()
    assert "with the first 3 moves of the run's answer, all legal" in text
    assert "line 1, move 4: U takes the empty square" in text
    assert "unchanged" not in text  # the board did change: it shows the case


def test_compare_names_a_and_b_and_rounds_to_the_interval(qtbot, window, tmp_path):
    a = batch(tmp_path, "a", "ahc011", "--seeds", "1-4", "--nodes", "3000")
    b = batch(tmp_path, "b", "ahc011", "--seeds", "1-4", "--nodes", "9000")
    panel = window.runs_panel
    assert panel.open_run(a)
    dialog = panel.compare_with(b)
    headers = [dialog.findChild(type(panel.table)).model().headerData(c, Qt.Horizontal) for c in range(5)]
    assert headers[2:4] == ["A: a", "B: b"]
    text = dialog.findChild(type(panel.summary)).text()
    assert text.startswith("A = a, B = b")
    assert not re.search(r"\d{3,}\.\d{3,}", text)  # no 813414.228796
    dialog.close()


def test_figures_are_rounded_to_the_scale_of_their_interval():
    assert at_scale(813414.228796, 20000) == "813414"
    assert at_scale(-1234.5678, 300) == "-1235"
    assert at_scale(0.0123456, 0.003) == "0.01235"
    assert at_scale(5.0, 0.0) == "5"


def test_group_bars_rise_from_under_the_lowest_mean(qtbot, window):
    view = window.runs_panel.view
    rows = ok_rows(6, low=870000, step=10000)
    view.show_rows(rows, ["N"])
    view.group_by.setCurrentText("N")
    base = view.bars.opts["y0"]
    assert 0 < base < 870000  # not from 0: 870k and 880k bars would look alike
    heights = list(view.bars.opts["height"])
    assert heights[1] > 1.5 * heights[0]
    assert view.by_group.getAxis("bottom").labelText == f"N: mean score of the OK cases, bars from {base:,.6g}"
