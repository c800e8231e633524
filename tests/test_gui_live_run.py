"""Run this case live, in the app: the user's program on a background thread, its [SCORE] series and
snapshot scores plotted as they come, a slider stepping the board (a built-in puzzle) or the vis (a
contest) through the snapshots, Cancel killing the program; and a run's anytime profile."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import tiny_contest
from live_script import ANSWER, CASE, ahc011_case, command, two_snapshots
from PySide6.QtCore import QSettings

from workbench.batch.cases import BatchCase
from workbench.batch.puzzle_problem import PuzzleProblem
from workbench.cli import main
from workbench.contest.config import load
from workbench.contest.problem import ContestProblem
from workbench.core.registry import get_puzzle
from workbench.gui.live.live_run_view import LiveRunView


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


def ahc011_view(qtbot, settings) -> LiveRunView:
    """The live view of AHC011 seed 0, 20 seconds a run."""
    view = LiveRunView(PuzzleProblem("ahc011"), ahc011_case(), settings, seconds=20)
    qtbot.addWidget(view)
    return view


def wait_for_the_end(qtbot, view: LiveRunView, timeout: int = 30000) -> None:
    """Until the live case has ended and the view's timer has taken its last."""
    qtbot.waitUntil(lambda: view.live.finished.is_set() and not view.timer.isActive(), timeout=timeout)


def run_to_the_end(qtbot, view: LiveRunView, command_line: str) -> None:
    """``command_line`` typed into the view, Run pressed, and the run waited for."""
    view.command.setText(command_line)
    view.run_button.click()
    wait_for_the_end(qtbot, view)


def engine(text: str):
    puzzle = get_puzzle("ahc011")
    instance = puzzle.parse_input(CASE.read_text())
    parsed = puzzle.parse_solution(instance, text)
    return puzzle.score_solution(instance, text).score, puzzle.final_state(instance, parsed.moves, parsed.lines)


def lines_contest(tmp_path: Path, seeds: int) -> Path:
    """The tiny lower-wins contest in tmp_path/tiny, its stdout split into one answer a line; its
    contest.toml."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    tiny_contest.lay_out(folder, "min", seeds=seeds)
    assert main(["contest", "init", str(folder), "--objective", "min", "--time-limit", "20"]) == 0
    toml = folder / "contest.toml"
    toml.write_text(toml.read_text().replace("answers = 'one'", "answers = 'lines'"))
    return toml


@pytest.mark.skipif(not CASE.is_file(), reason="needs ../shared")
def test_a_puzzle_case_runs_live_and_the_slider_steps_the_board(qtbot, tmp_path, settings):
    answer = ANSWER.read_text().strip()
    # AHC011's judge reads one line of output: the snapshots are files, the answer is stdout.
    view = ahc011_view(qtbot, settings)
    view.show()
    view.command.setText(command(tmp_path, two_snapshots(answer)))
    view.run_button.click()
    assert not view.run_button.isEnabled() and view.cancel_button.isEnabled()
    wait_for_the_end(qtbot, view)
    assert view.status.text().startswith("Ended in ") and "score 868056;" in view.status.text()
    assert "2 [SCORE] lines, 2 snapshots; 1 [SCORE] line ignored (not a number)" in view.status.text()
    assert list(view.series_v) == [5.0, 868056.0]
    expected = [engine(answer[:30]), engine(answer[:70])]
    assert [s.score for s in view.snapshots] == [score for score, _ in expected]
    # The plot holds the series and the official scores.
    xs, ys = view.plot.series_curve.getData()  # as steps: 5 until the second line's time, then 868056
    times = [t for t in view.series_t]
    assert list(xs) == [times[0], times[1], times[1]] and list(ys) == [5.0, 5.0, 868056.0]
    assert list(view.plot.snapshot_dots.data["y"]) == [score for score, _ in expected]
    # The slider follows the newest; stepping back shows snapshot k's board and score.
    assert view.slider.maximum() == 1 and view.slider.value() == 1
    assert view.board.state == expected[1][1]
    view.slider.setValue(0)
    assert view.board.state == expected[0][1]
    assert view.snapshot_label.text().startswith("snapshot 1 of 2: 1.txt at ")
    assert view.snapshot_label.text().endswith(f"score {expected[0][0]}")
    view.slider.setValue(1)
    assert view.board.state == expected[1][1] and "2.txt" in view.snapshot_label.text()
    assert view.plot.marker.value() == view.snapshots[1].t
    # The command is remembered for the next case of this puzzle.
    assert settings.value("live-run/command/ahc011") == view.command.text()


def test_cancel_kills_the_program_at_any_time(qtbot, tmp_path, settings):
    marker = tmp_path / "pid"
    program = tmp_path / "sleeper.py"
    program.write_text(
        f"import os, sys, time\nopen({str(marker)!r}, 'w').write(str(os.getpid()))\n"
        "print('[SCORE] 1', file=sys.stderr, flush=True)\ntime.sleep(60)\n"
    )
    puzzle = get_puzzle("comesolo")
    text = puzzle.format_input(puzzle.generate(1, **puzzle.smoke.generator))
    view = LiveRunView(PuzzleProblem("comesolo"), BatchCase(0, "one", "seed 1", 1, text), settings, seconds=120)
    qtbot.addWidget(view)
    view.command.setText(f"{sys.executable} {program}")
    view.run_button.click()
    qtbot.waitUntil(lambda: len(view.series_v) == 1, timeout=20000)
    pid = int(marker.read_text())
    view.cancel_button.click()
    wait_for_the_end(qtbot, view, timeout=10000)
    assert view.status.text().startswith("Cancelled after ")
    assert "the program was killed; 1 [SCORE] line, 0 snapshots" in view.status.text()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert view.run_button.isEnabled() and not view.cancel_button.isEnabled()


def test_a_contest_case_runs_live_and_the_slider_steps_the_vis(qtbot, tmp_path, settings, monkeypatch):
    from workbench.gui.contest.web_view import web_engine_problem

    if web_engine_problem():
        pytest.skip("Qt WebEngine is not installed")
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    toml = lines_contest(tmp_path, seeds=1)
    config = load(toml)
    problem = ContestProblem(config)
    case = problem.seed_cases([0])[0]
    target = int(case.input_text.split()[1])
    script = {
        "*": [
            {"stdout": f"{target + 7}\n"},
            {"sleep": 0.2},
            {"file": "s1", "text": f"{target - 3}\n"},
            {"sleep": 0.2},
            {"stdout": f"{target}\n"},
        ]
    }
    view = LiveRunView(problem, case, settings)
    qtbot.addWidget(view)
    run_to_the_end(qtbot, view, command(tmp_path, script))
    assert [(s.source, s.score) for s in view.snapshots] == [("stdout #1", 8.0), ("s1", 4.0), ("stdout #2", 1.0)]
    assert "score 1;" in view.status.text()
    view.slider.setValue(1)
    assert view.board.output_text.toPlainText() == f"{target - 3}\n"
    assert view.board.title.text().startswith("case 0, snapshot 2: score 4, OK")
    # The vis drew snapshot 2's answer (on a thread): its page is shown.
    qtbot.waitUntil(lambda: view.board.picture.url.isValid(), timeout=20000)
    page = Path(view.board.picture.url.toLocalFile())
    assert page.name == "vis.html" and f"answer {target - 3}" in page.read_text()
    view.close()


def test_the_runs_panel_runs_its_selected_case_live_and_plots_the_runs_anytime_profile(
    qtbot, tmp_path, settings, monkeypatch
):
    from workbench.batch.anytime import run_anytime_profile
    from workbench.gui.runs.anytime_plot import steps
    from workbench.gui.runs.runs_panel import RunsPanel

    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    toml = lines_contest(tmp_path, seeds=2)
    folder = toml.parent
    inputs = [(folder / "tools" / "in" / f"{i:04d}.txt").read_text().strip() for i in range(2)]
    script = {
        text: [{"stdout": f"{int(text.split()[1]) + 4}\n"}, {"sleep": 0.3}, {"stdout": f"{int(text.split()[1]) + 1}\n"}]
        for text in inputs
    }
    program = command(tmp_path, script)
    run = folder / "runs" / "first"
    assert main(["batch", str(toml), "--seeds", "0-1", "--cmd", program, "--out", str(run)]) == 0
    panel = RunsPanel(folder / "runs")
    qtbot.addWidget(panel)
    panel.set_contest(load(toml))
    panel.command.setText(program)
    assert panel.open_run(run)
    assert panel.run_selected_live() is None  # nothing selected yet
    panel.view.select(1)
    view = panel.run_selected_live()
    assert view is not None and view.command.text() == program and view.case.name == panel.rows[1]["name"]
    view.run_button.click()
    wait_for_the_end(qtbot, view)
    assert [(s.source, s.score) for s in view.snapshots] == [("stdout #1", 5.0), ("stdout #2", 2.0)]
    view.close()
    dialog = panel.profile_dialog()
    profile = run_anytime_profile(run)
    # Per case 2/5 from its first answer, 1 from its second: over two cases 0.2, 0.4, 0.7, 1.
    assert profile.means == pytest.approx([0.0, 0.2, 0.4, 0.7, 1.0])
    xs, ys = dialog.curve.getData()
    expected_x, expected_y = steps(profile.times, profile.means)
    assert list(xs) == list(expected_x) and list(ys) == list(expected_y)
    assert dialog.note.text().startswith("2 cases, 2 with [SCORE] lines or snapshots")
    dialog.close()


def test_the_main_windows_action_runs_the_boards_case_live(qtbot, window, tmp_path):
    """Solver ▸ Run this case live… opens the view on the board's case (the sample board), whose
    program is given the board's input on stdin."""
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    action = next(a for a in menus["&Solver"].actions() if a.text() == "Run this case &live…")
    action.trigger()
    views = [w for w in window.findChildren(LiveRunView)]
    assert len(views) == 1
    view = views[0]
    puzzle = window.session.puzzle
    assert view.problem.id == puzzle.id and view.case.input_text == puzzle.format_input(window.session.instance)
    seen = tmp_path / "seen.txt"
    program = tmp_path / "echo.py"
    program.write_text(
        f"import sys\nopen({str(seen)!r}, 'w').write(sys.stdin.read())\nprint('[SCORE] 3', file=sys.stderr)\n"
    )
    run_to_the_end(qtbot, view, f"{sys.executable} {program}")
    assert seen.read_text() == view.case.input_text
    assert list(view.series_v) == [3.0] and view.snapshots == []
    view.close()


@pytest.mark.skipif(not CASE.is_file(), reason="needs ../shared")
def test_the_programs_stderr_and_snapshot_names_are_shown_as_written_not_as_html(qtbot, tmp_path, settings):
    from PySide6.QtCore import Qt

    name = "<h1 style=color:red>HUGE<h1>.txt"
    crash = "<h1>CRASHED <a href=x>click me</a></h1>"
    script = {"*": [{"file": name, "text": "UD\n"}, {"stderr": crash}, {"exit": 3}]}
    view = ahc011_view(qtbot, settings)
    run_to_the_end(qtbot, view, command(tmp_path, script))
    assert view.status.text().startswith("Ended in ") and f"RE (exit code 3; stderr: {crash})" in view.status.text()
    assert view.snapshot_label.text().startswith(f"snapshot 1 of 1: {name} at ")
    assert view.status.textFormat() == Qt.PlainText and view.snapshot_label.textFormat() == Qt.PlainText


@pytest.mark.skipif(not CASE.is_file(), reason="needs ../shared")
def test_snapshots_are_parsed_and_played_off_the_gui_thread_and_one_too_long_is_said(
    qtbot, tmp_path, settings, monkeypatch
):
    """The view only draws what the live case made of each snapshot. The case runs in this process
    here (batch.live_case.LiveCase, as bench.responsiveness --live thread does) so that every parse
    of an answer can be seen: none is on the GUI thread. A snapshot with more moves than the puzzle
    allows is not played out: the view says so and shows the start."""
    import threading

    import workbench.gui.live.live_run_view as live_view
    from workbench.batch.live_case import LiveCase

    puzzle = get_puzzle("ahc011")
    answer = ANSWER.read_text().strip()
    expected = engine(answer[:40])[1]  # parsed here, before the parses are watched
    parse = type(puzzle).parse_solution
    threads = []

    def recorded(self, instance, text):
        threads.append(threading.current_thread())
        return parse(self, instance, text)

    monkeypatch.setattr(type(puzzle), "parse_solution", recorded)
    monkeypatch.setattr(live_view, "LIVE_CASE", LiveCase)
    script = {
        "*": [
            {"file": "1.txt", "text": answer[:40]},
            {"sleep": 0.2},
            {"file": "2.txt", "text": "UD" * 5000},
            {"sleep": 0.2},
            {"stdout": answer + "\n"},
        ]
    }
    view = ahc011_view(qtbot, settings)
    run_to_the_end(qtbot, view, command(tmp_path, script))
    instance = puzzle.parse_input(CASE.read_text())
    assert len(view.snapshots) == 2
    view.slider.setValue(0)
    assert view.board.state == expected
    view.slider.setValue(1)
    assert threads and threading.main_thread() not in threads
    assert {thread.name for thread in threads} == {"wb-live-score"}
    assert view.board.state == puzzle.initial_state(instance)
    limit = puzzle.max_moves(instance)
    assert view.snapshot_label.text().endswith(
        f"score invalid answer: line 1: too many moves: 10000, more than "
        f"T = {limit} (not drawn: 10,000 moves, more than the puzzle's "
        f"limit of {limit:,})"
    )


@pytest.mark.skipif(not CASE.is_file(), reason="needs ../shared")
def test_a_long_word_from_the_program_does_not_widen_the_view(qtbot, tmp_path, settings):
    """A 200-character snapshot name and a 300-character stderr word are cut at the labels' edge, not
    laid out in full: the view made them 2,000 pixels wide, past the screen."""
    name, word = "N" * 200 + ".txt", "E" * 300
    script = {"*": [{"file": name, "text": "UD\n"}, {"stderr": word}, {"exit": 3}]}
    view = ahc011_view(qtbot, settings)
    view.show()
    width = view.width()
    view.command.setText(command(tmp_path, script))
    view.run_button.click()
    wait_for_the_end(qtbot, view)
    qtbot.wait(50)  # the layout takes in the labels' new texts
    assert view.snapshot_label.text().startswith(f"snapshot 1 of 1: {name} at ") and "E" * 150 in view.status.text()
    assert view.width() == width and view.minimumSizeHint().width() < width


def test_a_contests_snapshot_too_long_to_draw_is_said_in_the_case_view(qtbot, tmp_path, settings, monkeypatch):
    """The vis is given a snapshot's answer from a file the live case wrote into the view's folder;
    one longer than MAX_DRAWN_CHARS is not written: the case view says why."""
    from workbench.batch import snapshot_drawing
    from workbench.batch.live_case import LiveCase
    from workbench.gui.contest.web_view import web_engine_problem
    from workbench.gui.live import live_run_view as live_view

    if web_engine_problem():
        pytest.skip("Qt WebEngine is not installed")
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(live_view, "LIVE_CASE", LiveCase)  # in this process: the limit below holds there
    monkeypatch.setattr(snapshot_drawing, "MAX_DRAWN_CHARS", 6)
    problem = ContestProblem(load(lines_contest(tmp_path, seeds=1)))
    case = problem.seed_cases([0])[0]
    script = {"*": [{"stdout": "1234\n"}, {"sleep": 0.2}, {"stdout": "12345678\n"}]}
    view = LiveRunView(problem, case, settings)
    qtbot.addWidget(view)
    run_to_the_end(qtbot, view, command(tmp_path, script))
    assert [s.drawing.answer_file for s in view.snapshots] == ["snapshot-0.out", ""]
    assert (view.answers_dir / "snapshot-0.out").read_text() == "1234"  # one answer a line, its line
    view.slider.setValue(0)
    assert view.board.output_text.toPlainText() == "1234"
    view.slider.setValue(1)
    assert (
        view.board.title.text()
        == "Snapshot 2 is not drawn: its answer is 8 characters, more than the 6 characters drawn"
    )
    assert view.snapshot_label.text().endswith(
        "(not drawn: its answer is 8 characters, more than the 6 characters drawn)"
    )
    view.close()
