"""The Runs panel, driven as a user would: a batch fills the table live, a row opens in step-through."""

from __future__ import annotations

import csv
import os
import sys
import threading

import pytest
from PySide6.QtCore import Qt

from workbench.batch.results import plain_number
from workbench.puzzles.comesolo import PUZZLE


def test_a_run_fills_the_table_and_a_row_opens_its_answer(qtbot, window, tmp_path):
    panel = window.runs_panel
    panel.runs_root = tmp_path / "runs"
    window.show_runs()
    assert window.runs_dock.isVisible()
    panel.seeds.setText("1-3")
    panel.runner.setCurrentText("beam")
    panel.time.setValue(0.3)
    panel.jobs.setValue(1)
    qtbot.mouseClick(panel.start_button, Qt.LeftButton)
    assert panel.running and not panel.start_button.isEnabled()
    qtbot.waitUntil(lambda: not panel.running and panel.model.rowCount() == 3, timeout=180_000)
    qtbot.waitUntil(lambda: panel.start_button.isEnabled(), timeout=5_000)

    # The table holds what the run folder holds.
    with open(panel.run_folder / "results.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    header = [panel.model.headerData(c, Qt.Horizontal) for c in range(panel.model.columnCount())]
    assert header == [
        "case",
        "density",
        "rows",
        "cols",
        "pieces",
        "score",
        "relative",
        "time_s",
        "cpu_s",
        "verdict",
        "flags",
        "message",
    ]
    shown = {panel.model.index(r, 0).data(): panel.model.index(r, 5).data() for r in range(3)}
    assert shown == {row["case"]: row["score"] for row in rows}
    assert all(row["verdict"] == "OK" for row in rows)
    assert (
        "3 OK, none failed; mean score " + plain_number(round(sum(float(r["score"]) for r in rows) / 3, 6))
        in panel.summary.text()
    )
    assert len(panel.points.data) == 3

    # Sorting by score puts the lowest first.
    panel.table.sortByColumn(5, Qt.AscendingOrder)
    first = panel.proxy.index(0, 5).data()
    assert float(first) == min(float(r["score"]) for r in rows)

    # Double-clicking the worst case opens its board with the run's answer ready to step through.
    index = panel.proxy.index(0, 0)
    worst = next(r for r in rows if r["case"] == index.data())
    where = panel.table.visualRect(index).center()
    qtbot.mouseClick(panel.table.viewport(), Qt.LeftButton, pos=where)  # a double click starts as a click
    qtbot.mouseDClick(panel.table.viewport(), Qt.LeftButton, pos=where)
    assert PUZZLE.format_input(window.session.instance) == (panel.run_folder / worst["input"]).read_text()
    answer = PUZZLE.parse_solution(window.session.instance, (panel.run_folder / worst["answer"]).read_text())
    assert window.tabs.currentWidget() is window.step_panel
    assert window.step_panel.slider.maximum() == len(answer.moves)
    window.step_panel.slider.setValue(len(answer.moves))
    assert window.session.report().text == worst["score"]


def test_a_past_run_opens_and_compares(qtbot, window, tmp_path):
    from batch_cli import beam_runs

    beam_runs(tmp_path, {"a": "30", "b": "2000"}, tmp_path / "best.csv", seeds="1-4", size="8")
    panel = window.runs_panel
    assert panel.open_run(tmp_path / "a")
    assert panel.model.rowCount() == 4
    dialog = panel.compare_with(tmp_path / "b")
    result = dialog.comparison
    assert result.wins + result.losses + result.ties == 4
    assert result.wins >= 1  # more nodes never did worse on all four
    dialog.close()


def test_a_bad_seed_range_is_a_message_not_a_run(qtbot, window, tmp_path):
    panel = window.runs_panel
    panel.runs_root = tmp_path
    panel.seeds.setText("9-1")
    with qtbot.waitSignal(panel.message) as signal:
        assert not panel.start()
    assert signal.args[0] == "Cannot start the run: '9-1' is an empty range"
    assert not panel.running


def test_stop_kills_the_running_programs_and_keeps_the_folder(qtbot, window, tmp_path):
    import json
    import time

    panel = window.runs_panel
    panel.runs_root = tmp_path / "runs"
    panel.seeds.setText("1-4")
    panel.runner.setCurrentText("Your program (command)…")
    assert panel.command.isVisibleTo(panel)
    pidfile = tmp_path / "pid"
    panel.command.setText(f"sh -c 'echo $$ > {pidfile}; exec sleep 60'")
    panel.time.setValue(100)
    panel.jobs.setValue(1)
    qtbot.mouseClick(panel.start_button, Qt.LeftButton)
    qtbot.waitUntil(pidfile.exists, timeout=60_000)
    qtbot.mouseClick(panel.stop_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not panel.running and panel.start_button.isEnabled(), timeout=30_000)
    meta = json.loads((panel.run_folder / "run.json").read_text())
    assert meta["status"] == "stopped" and meta["finished"] == 0
    assert (panel.run_folder / "results.csv").read_text().strip() != ""
    time.sleep(0.3)
    pid = int(pidfile.read_text())
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        state = "gone"
    assert state in ("gone", "Z")


def test_a_run_whose_seeds_are_not_ascii_digits_opens(qtbot, window, tmp_path):
    """An edited results.csv with a seed '²' (str.isdigit takes it, int refuses it): the run opens, the
    Cases field lists the seeds that are seeds."""
    from batch_cli import batch_main

    quick = tmp_path / "quick.sh"
    quick.write_text("#!/bin/sh\ncat > /dev/null\necho 0\n")
    quick.chmod(0o755)
    out = tmp_path / "a"
    assert batch_main("comesolo", seeds="1-3", size="6", cmd=quick, jobs="1", out=out, best=tmp_path / "best.csv") == 0
    text = (out / "results.csv").read_text().splitlines()
    seed_column = text[0].split(",").index("seed")
    cells = text[1].split(",")
    cells[seed_column] = "\u00b2"
    (out / "results.csv").write_text("\n".join([text[0], ",".join(cells), *text[2:]]) + "\n")
    panel = window.runs_panel
    assert panel.open_run(out)
    assert panel.model.rowCount() == 3 and panel.seeds.text() == "2-3"


@pytest.mark.skipif(sys.platform != "linux", reason="SCHED_IDLE is Linux's")
def test_a_runs_panel_batch_runs_its_cases_in_the_lowest_scheduling_class(qtbot, window, tmp_path):
    """Its worker processes on every core must not keep the window's thread waiting for one."""
    import psutil

    panel = window.runs_panel
    panel.runs_root = tmp_path / "runs"
    panel.seeds.setText("1-3")
    panel.runner.setCurrentText("beam")
    panel.time.setValue(0.3)
    panel.jobs.setValue(1)
    others = {child.pid for child in psutil.Process().children()}  # the app's own (a kernel warm-up's)
    qtbot.mouseClick(panel.start_button, Qt.LeftButton)

    def batch_workers():  # the pool's, not multiprocessing's resource tracker
        return [
            child
            for child in psutil.Process().children()
            if child.pid not in others and "resource_tracker" not in " ".join(child.cmdline())
        ]

    def lowered():  # each worker lowers itself as it starts (it is started by a thread at nice 5)
        try:
            workers = batch_workers()
            return bool(workers) and all(os.sched_getscheduler(w.pid) == os.SCHED_IDLE for w in workers)
        except (psutil.Error, ProcessLookupError):
            return False

    qtbot.waitUntil(lowered, timeout=60_000)
    assert os.sched_getscheduler(threading.get_native_id()) == os.SCHED_OTHER  # the window's is kept
    qtbot.waitUntil(lambda: not panel.running and panel.start_button.isEnabled(), timeout=180_000)
    assert panel.model.rowCount() == 3
