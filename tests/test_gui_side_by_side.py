"""The side-by-side view of one case of two runs, and flags in the Runs panel, driven as a user would."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import tiny_contest
from batch_cli import batch_main, beam_runs, rows_of
from PySide6.QtCore import Qt, QTimer

from workbench.batch.side_by_side import answer_diff, case_pair, played_pair
from workbench.cli import main
from workbench.core.registry import get_puzzle
from workbench.gui.runs.side_by_side import SideBySideView


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory) -> tuple[Path, Path]:
    """The beam solver on comesolo seeds 1-3 (7x7): 3000 nodes (B, every best), then 50 nodes (A)."""
    root = tmp_path_factory.mktemp("runs")
    beam_runs(root, {"b": "3000", "a": "50"}, root / "best-known" / "comesolo.csv", seeds="1-3", size="7")
    return root / "a", root / "b"


def test_one_slider_steps_both_boards_and_the_shorter_holds_its_last(qtbot, two_runs):
    a, b = two_runs
    pair = case_pair(a, b, "2")
    view = SideBySideView(pair)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: not view.loading, timeout=30000)
    _, line_a, line_b = played_pair(pair, get_puzzle("comesolo"))
    assert line_a.length < line_b.length and view.slider.maximum() == line_b.length
    assert view.title.text() == (
        f"case 2 (higher scores win): A a: {pair.a.row['score']} OK — B b: {pair.b.row['score']} OK — B is better"
    )
    for step in (1, line_a.length + 2, line_b.length):
        view.slider.setValue(step)
        qtbot.waitUntil(lambda: view.shown_step == step, timeout=2000)  # noqa: B023 (waited for here)
        k = min(step, line_a.length)
        assert view.boards[0].state == line_a.states[k] and view.boards[1].state == line_b.states[step]
        held = " (its last)" if step > line_a.length else ""
        assert view.side_labels[0].text() == f"A a: move {k} of {line_a.length}{held}: score {int(line_a.scores[k])}"
        assert view.side_labels[1].text() == f"B b: move {step} of {line_b.length}: score {int(line_b.scores[step])}"
        assert view.marker.value() == step
    # Both score-by-step curves on the one plot, and the diff of the two answer files.
    assert [list(curve.getData()[1]) for curve in view.curves] == [line_a.scores, line_b.scores]
    assert view.diff.toPlainText() == answer_diff(pair)
    view.close()


def test_the_answers_are_played_out_off_the_gui_thread_while_the_view_says_it_is_loading(qtbot, two_runs, monkeypatch):
    """The view opens at once: the replay and the diff are made on a thread of their own (a
    1,000,000-move answer held the GUI thread 40 s), the view saying it is loading meanwhile."""
    import threading

    import workbench.gui.runs.side_by_side as side_by_side_view

    a, b = two_runs
    pair = case_pair(a, b, "2")
    release, threads = threading.Event(), []

    def held(*args):
        threads.append(threading.current_thread())
        assert release.wait(30)
        return played_pair(*args)

    monkeypatch.setattr(side_by_side_view, "played_pair", held)
    view = SideBySideView(pair)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: bool(threads), timeout=10000)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(5)
    qtbot.waitUntil(lambda: len(ticks) >= 3, timeout=10000)  # the GUI thread runs its timers meanwhile
    assert view.loading and not view.slider.isEnabled()
    assert view.step_label.text() == view.diff.toPlainText() == side_by_side_view.LOADING
    release.set()
    qtbot.waitUntil(lambda: not view.loading, timeout=30000)
    timer.stop()
    assert threads[0] is not threading.main_thread() and threads[0].name == "wb-side-by-side"
    _, line_a, line_b = played_pair(pair, get_puzzle("comesolo"))
    assert view.slider.isEnabled() and view.slider.maximum() == max(line_a.length, line_b.length)
    assert view.diff.toPlainText() == answer_diff(pair) and view.shown_step == 0
    view.close()


def test_a_puzzles_own_failure_while_loading_is_said(qtbot, two_runs, monkeypatch):
    """A plugin's bug in the loading thread (not a WorkbenchError) is said; the view said "Loading" for good."""
    import workbench.gui.runs.side_by_side as side_by_side_view

    def broken(*args):
        raise TypeError("unsupported operand type(s) for +: 'int' and 'NoneType'")

    monkeypatch.setattr(side_by_side_view, "played_pair", broken)
    a, b = two_runs
    view = SideBySideView(case_pair(a, b, "2"))
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: not view.loading, timeout=10000)
    assert view.step_label.text() == (
        "Cannot play the answers out: the puzzle's code failed: TypeError: "
        "unsupported operand type(s) for +: 'int' and 'NoneType'"
    )
    assert not view.slider.isEnabled()
    view.close()


def test_a_comparison_row_opens_its_case_side_by_side(qtbot, window, two_runs):
    a, b = two_runs
    panel = window.runs_panel
    assert panel.open_run(a)
    dialog = panel.compare_with(b)
    wanted = next(row for row, d in enumerate(dialog.comparison.diffs) if d.case == "3")
    assert not dialog.side_by_side_button.isEnabled()
    dialog.table.selectRow(wanted)
    assert dialog.side_by_side_button.isEnabled()
    qtbot.mouseClick(dialog.side_by_side_button, Qt.LeftButton)
    view = panel.side_by_side[-1]
    qtbot.addWidget(view)
    assert view.isVisible() and view.pair.case == "3"
    assert (view.pair.a.folder, view.pair.b.folder) == (a, b)
    assert view.pair.a.row["key"] == next(r["key"] for r in rows_of(b) if r["case"] == "3")
    view.close()
    dialog.close()


def test_past_runs_cases_far_below_their_best_are_flagged_one_click_from_the_board(qtbot, window, two_runs):
    a, b = two_runs
    panel = window.runs_panel
    assert panel.open_run(a)  # 50 nodes: far below the 3000-node bests
    rows = rows_of(a)
    expected = [r["case"] for r in rows if float(r["relative"]) < 0.8]
    assert expected == ["1", "2", "3"] and panel.flagged_cases == expected
    assert panel.flagged.isVisibleTo(panel)
    assert panel.flagged_label.text().startswith("Flagged: 3 cases worth a look")
    flags, case = panel.model.columns.index("flags"), panel.model.columns.index("case")
    shown = {panel.model.index(r, case).data(): panel.model.index(r, flags).data() for r in range(3)}
    assert shown == {r["case"]: f"far below best-known (relative {float(r['relative']):.4f} < 0.8)" for r in rows}
    panel.view.filter.setText("flagged")  # the table shows just the flagged cases
    assert panel.view.apply_filter() and panel.model.rowCount() == 3
    panel.view.filter.setText("verdict!=OK")
    assert panel.view.apply_filter() and panel.model.rowCount() == 0
    item = panel.flagged.item(1)
    where = panel.flagged.visualItemRect(item).center()
    qtbot.mouseClick(panel.flagged.viewport(), Qt.LeftButton, pos=where)
    puzzle = get_puzzle("comesolo")
    assert puzzle.format_input(window.session.instance) == (a / rows[1]["input"]).read_text()
    assert panel.open_run(b)  # every best: nothing flagged
    assert panel.flagged_cases == [] and not panel.flagged.isVisibleTo(panel)


def test_a_live_run_flags_each_failure_as_it_finishes(qtbot, window, tmp_path):
    panel = window.runs_panel
    panel.runs_root = tmp_path / "runs"
    program = tmp_path / "odd.py"
    program.write_text("import sys\ntext = sys.stdin.read()\nif sum(map(ord, text)) % 2:\n    sys.exit(3)\nprint(0)\n")
    panel.seeds.setText("1-6")
    panel.runner.setCurrentText("Your program (command)…")
    panel.command.setText(f"{sys.executable} {program}")
    panel.time.setValue(20)
    panel.jobs.setValue(1)
    qtbot.mouseClick(panel.start_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not panel.running and panel.model.rowCount() == 6, timeout=120_000)
    qtbot.waitUntil(lambda: panel.start_button.isEnabled(), timeout=5_000)
    rows = rows_of(panel.run_folder)
    failed = [r["case"] for r in rows if r["verdict"] != "OK"]
    assert failed == ["4", "5", "6"] and {r["verdict"] for r in rows if r["case"] in failed} == {"RE"}
    assert panel.flagged_cases == failed
    assert [panel.flagged.item(i).text() for i in range(3)] == [f"case {c}: failed (RE)" for c in failed]


def test_a_contests_case_shows_both_runs_vis_views(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    folder = tmp_path / "tiny"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min", seeds=3)
    assert main(["contest", "init", str(folder), "--objective", "min"]) == 0
    for name, offset in (("near", 0), ("far", 5)):
        command = tiny_contest.program(tmp_path, name, tools, offset=offset)
        assert (
            batch_main(
                folder,
                seeds="0-2",
                cmd=command,
                jobs="1",
                out=tmp_path / "runs" / name,
                best=tmp_path / "runs" / "best.csv",
            )
            == 0
        )
    pair = case_pair(tmp_path / "runs" / "near", tmp_path / "runs" / "far", "1")
    view = SideBySideView(pair)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: not view.loading, timeout=30000)
    assert pair.kind == "contest" and len(view.case_views) == 2 and not view.boards
    assert [v.title.text() for v in view.case_views] == [
        f"A near: case 1: score {pair.a.row['score']}, OK",
        f"B far: case 1: score {pair.b.row['score']}, OK",
    ]
    assert [v.output_text.toPlainText() for v in view.case_views] == [pair.a.answer_text(), pair.b.answer_text()]
    assert view.diff.toPlainText() == answer_diff(pair)
    assert "A is better" in view.title.text()  # lower wins: the answer nearer its target
    view.close()
