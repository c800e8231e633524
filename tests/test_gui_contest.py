"""A contest in the app, driven as a user would: its window runs a batch, a row shows the case in the
official vis's HTML and in a web visualizer (served on localhost, the case typed in), reported data
filter and group the run, and a point of the scatter plot opens its case."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
import standin_tools
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtWidgets import QLabel

from workbench.cli import main
from workbench.contest.config import load
from workbench.core.registry import get_puzzle
from workbench.gui.contest.web_view import web_engine_problem

pytestmark = pytest.mark.skipif(bool(web_engine_problem()), reason="Qt WebEngine is not installed")


@pytest.fixture
def contest_file(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    folder = tmp_path / "pegs"
    folder.mkdir()
    tools = standin_tools.lay_out(folder, "pegs-max", seeds=4)
    page = standin_tools.lay_out_web(tools)
    # A generous limit: the reporter starts an interpreter and the engine, on a machine others load too.
    assert main(["contest", "init", str(folder), "--web", str(page), "--time-limit", "20"]) == 0
    return folder / "contest.toml"


@pytest.fixture
def reporter(tmp_path) -> str:
    """A contestant's program: a jump or two, and what it saw as data on stderr."""
    path = tmp_path / "reporter.py"
    path.write_text(
        textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
        from workbench.core.registry import get_puzzle
        p = get_puzzle("comesolo")
        board = p.parse_input(sys.stdin.read())
        openings = len(p.legal_moves(board, board))
        state, played = board, []
        for _ in range(1 + openings % 2):
            move = p.legal_moves(board, state)[0]
            state = p.apply(board, state, move).state
            played.append(move)
        print(p.format_solution(board, played), end="")
        print(f"[DATA] openings = {{openings}}", file=sys.stderr)
    """)
    )
    return f"{sys.executable} {path}"


def open_contest_window(qtbot, tmp_path, toml: str):
    """The app's window on the contest of ``toml``, its settings in tmp_path/s.ini."""
    from workbench.gui.app import build_contest_window

    window = build_contest_window(toml, QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    return window


def two_runs(contest_file: Path, reporter: str, seeds: str, capsys) -> Path:
    """``reporter`` run by batch on ``seeds`` twice, into runs/first and then runs/second; the runs folder."""
    runs = contest_file.parent / "runs"
    for name in ("first", "second"):
        assert main(["batch", "pegs", "--seeds", seeds, "--cmd", reporter, "--out", str(runs / name)]) == 0
    capsys.readouterr()
    return runs


@pytest.fixture
def contest_window(qtbot, tmp_path, contest_file):
    window = open_contest_window(qtbot, tmp_path, str(contest_file))
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


def page_text(qtbot, view, script: str, until=lambda value: bool(value), timeout: int = 20_000):
    """What ``script`` returns in ``view``'s page, asked until ``until`` holds."""
    seen = []

    def check():
        view.run_script(script, lambda value: seen.append(value))
        return bool(seen) and until(seen[-1])

    qtbot.waitUntil(check, timeout=timeout)
    return seen[-1]


def test_a_contest_window_runs_the_program_and_shows_each_case(qtbot, contest_window, reporter, tmp_path):
    panel, view = contest_window.runs_panel, contest_window.case_view
    assert contest_window.windowTitle() == "pegs — Puzzle Workbench"
    assert [panel.runner.itemText(i) for i in range(panel.runner.count())] == ["Your program (command)…"]
    assert panel.time.value() == 20.0  # the contest's time limit
    panel.seeds.setText("0-3")
    panel.command.setText(reporter)
    panel.jobs.setValue(2)
    qtbot.mouseClick(panel.start_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not panel.running and panel.model.rowCount() == 4, timeout=120_000)
    assert panel.run_folder.parent == contest_window.config.folder / "runs"
    header = [panel.model.headerData(c, Qt.Horizontal) for c in range(panel.model.columnCount())]
    assert header == ["case", "openings", "score", "relative", "time_s", "cpu_s", "verdict", "flags", "message"]
    rows = {r["case"]: r for r in panel.rows}
    assert all(r["verdict"] == "OK" for r in rows.values())

    # Clicking a row shows its case: the text tabs, vis's own HTML, and the web visualizer.
    index = panel.proxy.index(2, 0)
    row = rows[index.data()]
    qtbot.mouseClick(panel.table.viewport(), Qt.LeftButton, pos=panel.table.visualRect(index).center())
    assert view.input_text.toPlainText() == (panel.run_folder / row["input"]).read_text()
    assert view.output_text.toPlainText() == (panel.run_folder / row["answer"]).read_text()
    assert view.stderr_text.toPlainText() == f"[DATA] openings = {row['openings']}\n"
    assert view.title.text() == f"case {row['case']}: score {row['score']}, OK"
    shown = page_text(
        qtbot, view.picture, "document.getElementById('score') ? document.getElementById('score').textContent : ''"
    )
    assert shown == f"Score = {row['score']}"
    first_line = view.input_text.toPlainText().split("\n")[0]
    drawn = page_text(
        qtbot,
        view.visualizer,
        "document.getElementById('result').textContent",
        until=lambda text: bool(text) and "jumps" in text and "seed 0" not in text,
    )
    assert drawn == f"stand-in visualizer: first line {first_line}, {row['score']} jumps"
    assert [view.tabs.tabText(i) for i in range(view.tabs.count())] == [
        "Visualizer",
        "vis.html",
        "Input",
        "Output",
        "stderr",
    ]


def test_reported_data_filter_group_and_plot_the_run(qtbot, contest_window, reporter):
    panel = contest_window.runs_panel
    panel.seeds.setText("0-5")
    panel.command.setText(reporter)
    qtbot.mouseClick(panel.start_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not panel.running and panel.model.rowCount() == 6, timeout=120_000)
    openings = sorted(int(r["openings"]) for r in panel.rows)

    # A filter hides rows from the table, the plots and the summary alike.
    cut = openings[3]
    panel.view.filter.setText(f"openings>={cut}")
    qtbot.keyClick(panel.view.filter, Qt.Key_Return)
    kept = sum(n >= cut for n in openings)
    assert panel.proxy.rowCount() == kept and len(panel.points.data) == kept
    assert panel.summary.text().startswith(f"{kept} of 6 cases (higher scores win): {kept} OK, none failed; mean ")
    panel.view.filter.setText("openings=>1")
    qtbot.keyClick(panel.view.filter, Qt.Key_Return)
    assert "is not NAME OP VALUE" in panel.view.filter.toolTip()
    assert panel.proxy.rowCount() == kept  # the last good filter stays
    panel.view.filter.setText("")
    qtbot.keyClick(panel.view.filter, Qt.Key_Return)
    assert panel.proxy.rowCount() == 6

    # Group by the reported column: one bar per value.
    panel.view.group_by.setCurrentText("openings")
    assert len(panel.bars.opts["height"]) == len(set(openings))
    # The score against the reported column; clicking a point opens that case.
    panel.view.x_axis.setCurrentText("openings")
    xs = sorted(spot.pos().x() for spot in panel.points.points())
    assert xs == openings
    spot = max(panel.points.points(), key=lambda s: s.pos().x())
    target = panel.rows[spot.data()]
    qtbot.wait(200)  # the plot settles its range when it paints
    vb = panel.by_case.getPlotItem().getViewBox()
    where = panel.by_case.mapFromScene(vb.mapViewToScene(QPointF(spot.pos().x(), spot.pos().y())))
    qtbot.mouseClick(panel.by_case.viewport(), Qt.LeftButton, pos=where)
    qtbot.waitUntil(lambda: contest_window.case_view.title.text().startswith(f"case {target['case']}:"), timeout=5_000)
    assert panel.view.row_at(panel.table.currentIndex())["case"] == target["case"]


def test_the_window_opens_on_the_newest_run_and_compares(qtbot, tmp_path, contest_file, reporter, capsys):
    runs = two_runs(contest_file, reporter, "0-2", capsys)

    window = open_contest_window(qtbot, tmp_path, str(contest_file))
    assert window.runs_panel.run_folder == runs / "second" and window.runs_panel.model.rowCount() == 3
    dialog = window.runs_panel.compare_with(runs / "first")
    assert dialog.comparison.ties == 3  # the same program on the same cases
    assert (
        dialog.findChild(QLabel)
        .text()
        .startswith("A = second, B = first (higher scores win)\n3 shared cases: B wins 0")
    )
    dialog.close()
    # A run with the best frozen leaves the best-known file as it was.
    best = (runs / "best-known" / "pegs.csv").read_text()
    panel = window.runs_panel
    panel.seeds.setText("0-2")
    panel.command.setText(reporter)
    panel.freeze_best.setChecked(True)
    assert panel.start()
    qtbot.waitUntil(lambda: not panel.running and panel.model.rowCount() == 3, timeout=120_000)
    assert (runs / "best-known" / "pegs.csv").read_text() == best
    assert json.loads((panel.run_folder / "run.json").read_text())["best_frozen"] is True
    window.close()


def test_a_contest_run_opened_in_the_board_window_gets_the_contest_window(
    qtbot, window, contest_file, reporter, capsys
):
    runs = contest_file.parent / "runs"
    assert main(["batch", "pegs", "--seeds", "0-1", "--cmd", reporter, "--out", str(runs / "one")]) == 0
    capsys.readouterr()
    assert not window.runs_panel.open_run(runs / "one")  # not on the board's panel ...
    contest = window.contests.windows[-1]  # ... but in the contest's own window
    qtbot.addWidget(contest)
    assert contest.config == load(contest_file) and contest.runs_panel.run_folder == runs / "one"
    assert contest.runs_panel.model.rowCount() == 2
    # The board window's own panel still runs its puzzle.
    assert window.runs_panel.puzzle_id == get_puzzle("comesolo").id


def test_switching_runs_with_a_case_selected_and_the_table_sorted(qtbot, tmp_path, contest_file, reporter, capsys):
    """Before: IndexError in row_at nine times, the case panel kept the previous run's case, and the
    Cases field kept "0-9" above a 0-29 run."""
    runs = contest_file.parent / "runs"
    assert main(["batch", "pegs", "--seeds", "0-5", "--cmd", reporter, "--out", str(runs / "big")]) == 0
    assert main(["batch", "pegs", "--seeds", "1-2", "--cmd", reporter, "--out", str(runs / "small")]) == 0
    assert main(["batch", "pegs", "--seeds", "7-8", "--cmd", reporter, "--out", str(runs / "other")]) == 0
    capsys.readouterr()

    window = open_contest_window(qtbot, tmp_path, str(contest_file))
    window.show()
    panel, view = window.runs_panel, window.case_view
    errors = []
    sys_hook, sys.excepthook = sys.excepthook, lambda *info: errors.append(info)
    try:
        assert panel.open_run(runs / "big")
        assert panel.seeds.text() == "0-5"
        panel.table.sortByColumn(panel.model.columns.index("score"), Qt.DescendingOrder)
        panel.table.selectRow(5)  # the last row shown: case 5 of 6 in score order
        chosen = panel.view.row_at(panel.table.currentIndex())
        assert view.title.text().startswith(f"case {chosen['case']}:")
        assert panel.open_run(runs / "small")  # 2 cases: the selected row number no longer exists
        assert panel.seeds.text() == "1-2"
        assert panel.model.rowCount() == 2
        if chosen["case"] in ("1", "2"):  # the same case of the run shown, or none
            assert view.title.text().startswith(f"case {chosen['case']}: ")
        else:
            assert view.title.text() == f"This run has no case {chosen['case']}: select one in the table"
        # Clicks still open cases after the sort and the switch.
        index = panel.proxy.index(1, 0)
        qtbot.mouseClick(panel.table.viewport(), Qt.LeftButton, pos=panel.table.visualRect(index).center())
        row = panel.view.row_at(index)
        assert view.title.text().startswith(f"case {row['case']}: score {row['score']}")
        assert view.output_text.toPlainText() == (runs / "small" / row["answer"]).read_text()
        assert panel.open_run(runs / "other")  # no case in common: cleared, never the last run's case
        assert view.title.text().startswith("This run has no case")
        assert view.input_text.toPlainText() == ""
        assert panel.open_run(runs / "big")
        panel.table.selectRow(0)
        assert panel.view.row_at(panel.table.currentIndex()) is not None
    finally:
        sys.excepthook = sys_hook
    assert errors == []
    window.close()


def test_a_vis_picture_is_fitted_to_the_view_and_the_users_zoom_is_kept(qtbot, tmp_path):
    from PySide6.QtCore import QUrl

    from workbench.gui.contest.web_view import HtmlView

    view = HtmlView(fit=True)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    pages = []
    for number, size in enumerate((1600, 1200, 200)):
        page = tmp_path / f"vis{number}.html"
        page.write_text(f"<html><body style='margin:0'><svg width='{size}' height='{size}'></svg></body></html>")
        pages.append(QUrl.fromLocalFile(str(page)))

    def shown(url):
        with qtbot.waitSignal(view.loaded, timeout=20_000):
            view.show_url(url)

    shown(pages[0])
    qtbot.waitUntil(lambda: view.web.zoomFactor() < 0.3, timeout=10_000)  # 1600 px into 300: shrunk to fit
    shown(pages[2])
    qtbot.waitUntil(lambda: view.web.zoomFactor() == 1.0, timeout=10_000)  # a small one as it is
    view.zoom_by(1.25)  # the user's zoom ...
    shown(pages[1])
    qtbot.wait(300)
    assert view.web.zoomFactor() == pytest.approx(1.25)  # ... is kept from case to case
    view.zoom_to_fit()
    qtbot.waitUntil(lambda: view.web.zoomFactor() < 0.3, timeout=10_000)
    view.release()


def test_a_topcoder_contest_window_runs_seeds_the_tester_makes(qtbot, tmp_path, monkeypatch):
    """A contest whose tester makes each case (no input files, no view step): the window opens, runs
    seeds and shows each case's input as the tester saved it."""
    import standin_topcoder

    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    folder = tmp_path / "mm"
    tester = standin_topcoder.python_tester(folder)
    assert main(["contest", "init", str(folder), "--tester", tester, "--time-limit", "20"]) == 0
    window = open_contest_window(qtbot, tmp_path, str(folder / "contest.toml"))
    window.show()
    panel, view = window.runs_panel, window.case_view
    panel.seeds.setText("1-2")
    panel.command.setText(standin_topcoder.sorter(folder))
    qtbot.mouseClick(panel.start_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not panel.running and panel.model.rowCount() == 2, timeout=120_000)
    assert sorted(r["score"] for r in panel.rows) == ["100", "100"]
    index = panel.proxy.index(0, 0)
    qtbot.mouseClick(panel.table.viewport(), Qt.LeftButton, pos=panel.table.visualRect(index).center())
    numbers = standin_topcoder.case_of(int(index.data()))
    assert view.input_text.toPlainText() == f"{len(numbers)}\n{' '.join(map(str, numbers))}\n"
    window.close()


def test_an_output_only_contest_window_runs_its_named_inputs(qtbot, tmp_path, monkeypatch):

    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    folder = tmp_path / "oo"
    (folder / "inputs").mkdir(parents=True)
    for name in ("alpha", "beta"):
        (folder / "inputs" / f"{name}.txt").write_text(f"{name}\n")
    (folder / "scorer.py").write_text("import sys\nprint('Score = 2.5' if open(sys.argv[2]).read() else 'x')\n")
    assert main(["contest", "init", str(folder)]) == 0
    window = open_contest_window(qtbot, tmp_path, str(folder / "contest.toml"))
    panel = window.runs_panel
    assert panel.files_button.text() == "2 files" and not panel.seeds.isEnabled()
    panel.command.setText("cat")
    qtbot.mouseClick(panel.start_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not panel.running and panel.model.rowCount() == 2, timeout=120_000)
    assert sorted((r["name"], r["score"]) for r in panel.rows) == [("alpha", "2.5"), ("beta", "2.5")]
    window.close()


def test_a_relative_command_runs_from_the_contests_folder_live_and_in_a_batch(
    qtbot, tmp_path, contest_file, reporter, capsys, monkeypatch
):
    """./sol.sh is the contest folder's program, wherever the app was started: Run live… and Start find
    it there, as `batch` started in that folder did (it was an RE from the app's folder)."""
    folder = contest_file.parent
    script = folder / "sol.sh"
    script.write_text(f"#!/bin/sh\nexec {reporter}\n")
    script.chmod(0o755)
    monkeypatch.chdir(folder)
    assert main(["batch", "pegs", "--seeds", "0-1", "--cmd", "./sol.sh", "--out", str(folder / "runs" / "one")]) == 0
    capsys.readouterr()
    elsewhere = tmp_path / "app"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # the app started in another folder

    window = open_contest_window(qtbot, tmp_path, str(contest_file))
    panel = window.runs_panel
    assert panel.command.text() == "./sol.sh"  # the run's own command, pre-filled
    assert panel.command.toolTip().endswith(f"run from the contest's folder, {folder.resolve()}")
    panel.view.select(0)
    view = panel.run_selected_live()
    view.run_button.click()
    qtbot.waitUntil(lambda: view.live.finished.is_set() and not view.timer.isActive(), timeout=60_000)
    assert view.live.result.verdict == "OK", view.ending_text()
    view.close()
    panel.seeds.setText("0")
    assert panel.start()
    qtbot.waitUntil(lambda: not panel.running and panel.model.rowCount() == 1, timeout=120_000)
    assert [r["verdict"] for r in panel.rows] == ["OK"]
    window.close()


def test_the_comparison_stands_beside_the_window_and_its_side_by_side_windows_close_with_it(
    qtbot, tmp_path, contest_file, reporter, capsys
):
    from PySide6.QtWidgets import QApplication

    runs = two_runs(contest_file, reporter, "0-1", capsys)
    window = open_contest_window(qtbot, tmp_path, str(contest_file))
    window.show()
    panel = window.runs_panel
    dialog = panel.compare_with(runs / "first")
    assert dialog.isVisible() and dialog.windowModality() == Qt.NonModal  # was window-modal over the runs
    assert QApplication.activeModalWidget() is None
    dialog.table.selectRow(0)
    dialog.side_by_side_button.click()
    view = dialog.side_by_side[0]
    assert view.isVisible()
    dialog.close()  # the comparison gone, its case side by side goes with it
    assert not view.isVisible()
    again = panel.compare_with(runs / "first")
    again.table.selectRow(1)
    again.side_by_side_button.click()
    second = again.side_by_side[0]
    window.close()  # and the contest window takes both along
    assert not again.isVisible() and not second.isVisible()
