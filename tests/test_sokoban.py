"""Sokoban, the sixth puzzle, built only through the plugin interface: XSB collections, LURD answers,
the rules, an optimal A* checked against breadth-first search, the CLI and batch over a collection,
hand play and editing in the app, and no file outside its own folder naming it."""

from __future__ import annotations

import csv
import re
import subprocess
from collections import deque
from pathlib import Path

import pytest
from batch_cli import batch_main
from PySide6.QtCore import Qt

from solvers.driver import Budget, run
from solvers.hint import LOST, MOVE, SOLVED, find_hint
from workbench.cli import main
from workbench.core.errors import FormatError, IllegalMove
from workbench.core.registry import get_puzzle, solvers

REPO = Path(__file__).resolve().parents[1]
SOKOBAN = get_puzzle("sokoban")

# Two levels of our own, the way collection files come: a comment or a text line before a level,
# SOK's "Title:" after one, and author lines to skip.
COLLECTION = """\
; A first one

#####
#@$.#
#####
Title: One push
Author: the workbench

Corner

 #####
##   #
#  $ #
# # .#
#@   #
######
"""


def test_a_collection_reads_as_levels_with_titles():
    cases = SOKOBAN.split_cases(COLLECTION)
    assert [title for title, _ in cases] == ["One push", "Corner"]
    level = SOKOBAN.parse_input(cases[1][1]).level
    assert (level.rows, level.cols, len(level.boxes)) == (6, 6, 1)
    assert cases[0][1] == "#####\n#@$.#\n#####\nTitle: One push\n"
    with pytest.raises(FormatError, match="holds 2 levels: choose one"):
        SOKOBAN.parse_input(COLLECTION)


@pytest.mark.parametrize(
    "text, message",
    [
        ("#####\n#@$.#\n#@  #\n#####\n", "line 1: a level needs exactly one player (@ or +), found 2 (line 2, line 3)"),
        ("#####\n#@$ #\n#####\n", "line 1: the level has 1 boxes but 0 goals"),
        ("#####\n#@ .#\n#####\n", "line 1: the level has no box"),
        ("\n\n######\n#@$ .#\n#  x #\n######\n", "line 5: column 4: 'x' is not a Sokoban square"),
        ("hello\n", "no Sokoban level here"),
    ],
)
def test_bad_levels_are_refused_naming_the_line(text, message):
    with pytest.raises(FormatError) as error:
        SOKOBAN.parse_input(text)
    assert message in str(error.value)


def test_lurd_answers_push_in_upper_case_and_wrap():
    case = SOKOBAN.parse_input("#######\n#@ $ .#\n#######\n")
    assert SOKOBAN.format_solution(case, ["r", "r", "r"]) == "rRR\n"
    assert SOKOBAN.score_solution(case, "rRR\n").facts == (
        ("solved", "yes"),
        ("moves", 3),
        ("pushes", 2),
        ("boxes on goals", "1/1"),
    )
    assert SOKOBAN.parse_solution(case, "r R\nr").moves == ("r", "r", "r")  # case and spaces are not checked
    with pytest.raises(FormatError, match="line 2: column 3: 'x' is not a step"):
        SOKOBAN.parse_solution(case, "rr\nrRx\n")
    wall_behind = "line 1, move 4: cannot step right: the box at \\(2,6\\) has a wall behind it"
    with pytest.raises(IllegalMove, match=wall_behind):
        SOKOBAN.score_solution(case, "rRRR\n")
    with pytest.raises(IllegalMove, match="move 1: cannot step up: a wall is in the way"):
        SOKOBAN.score_solution(case, "u")
    unsolved = SOKOBAN.score_solution(case, "rR\n")
    assert not unsolved.complete and unsolved.text == "2 (not solved)"
    pushes = SOKOBAN.configure(case, metric="pushes")
    assert SOKOBAN.score_solution(pushes, "rRR\n").score == 2


def fewest(case, metric: str) -> int:
    """Breadth-first search over every position: the fewest moves, or (0-1 BFS) the fewest pushes."""
    start = SOKOBAN.initial_state(case)
    best, todo = {(start.player, start.boxes): 0}, deque([start])
    while todo:
        state = todo.popleft()
        cost = best[(state.player, state.boxes)]
        if state.solved(case.level):
            return cost
        for move in SOKOBAN.legal_moves(case, state):
            after = SOKOBAN.apply(case, state, move).state
            step = 1 if metric == "moves" else after.pushes - state.pushes
            key = (after.player, after.boxes)
            if key not in best or best[key] > cost + step:
                best[key] = cost + step
                todo.append(after) if step else todo.appendleft(after)
    raise AssertionError("no solution")


@pytest.mark.parametrize("metric", ["moves", "pushes"])
@pytest.mark.parametrize("seed", range(1, 9))
def test_the_astar_answer_is_optimal(seed, metric):
    case = SOKOBAN.configure(SOKOBAN.generate(seed, rows=7, cols=7, boxes=2), metric=metric)
    solver = solvers("sokoban")["astar"](SOKOBAN, (case, SOKOBAN.initial_state(case)))
    result = run(solver, Budget(nodes=200_000), slice_expansions=50)
    report = SOKOBAN.score_solution(case, SOKOBAN.format_solution(case, result.moves))
    assert report.complete and result.stopped_by == "done"
    assert report.score == fewest(case, metric)


def test_deadlocks_and_a_level_without_a_way_out():
    # The box in the corner can never leave it: no search at all.
    stuck = SOKOBAN.parse_input("#####\n#$ .#\n# @ #\n#####\n")
    solver = solvers("sokoban")["astar"](SOKOBAN, (stuck, SOKOBAN.initial_state(stuck)))
    progress = solver.run_slice(100)
    assert progress.done and progress.expansions == 0 and solver.best_moves() == ()


def test_the_frontier_shows_f_g_h_and_previews_its_line():
    case = SOKOBAN.generate(5, rows=9, cols=9, boxes=3)
    solver = solvers("sokoban")["astar"](SOKOBAN, (case, SOKOBAN.initial_state(case)))
    solver.run_slice(20)
    entries = solver.frontier(5)
    assert entries and [e.score for e in entries] == sorted((e.score for e in entries), reverse=True)
    for entry in entries:
        facts = dict(entry.facts)
        assert facts["f"] == facts["g"] + facts["h"] and entry.depth == len(entry.moves)
        state = SOKOBAN.final_state(case, entry.moves)  # every previewed line is legal
        assert state.pushes == facts["pushes"]


def test_the_command_line_picks_a_level_of_a_collection(tmp_path, capsys):
    levels = tmp_path / "levels.xsb"
    levels.write_text(COLLECTION)
    assert main(["solve", "sokoban", str(levels), "--nodes", "1000"]) == 1
    assert "holds 2 cases: choose one with --case K (1..2)" in capsys.readouterr().err
    answer = tmp_path / "corner.lurd"
    assert main(["solve", "sokoban", str(levels), "--case", "2", "--nodes", "5000", "-o", str(answer)]) == 0
    capsys.readouterr()
    assert main(["score", "sokoban", str(levels), str(answer), "--case", "2"]) == 0
    assert capsys.readouterr().out.startswith("solved: yes\n")
    assert batch_main("sokoban", levels, nodes="5000", out=tmp_path / "run", best=tmp_path / "best.csv") == 0
    rows = list(csv.DictReader(open(tmp_path / "run" / "results.csv")))
    assert [(r["name"], r["case"], r["verdict"]) for r in rows] == [
        ("levels-1", f"{levels}#1 One push", "OK"),
        ("levels-2", f"{levels}#2 Corner", "OK"),
    ]
    assert rows[0]["score"] == "1" and rows[0]["relative"] == "1.000000"
    # An answer that does not finish is WA, whatever its (low) number of moves.
    assert (
        batch_main(
            "sokoban", levels, cmd="sh -c 'cat >/dev/null; echo u'", out=tmp_path / "wa", best=tmp_path / "best.csv"
        )
        == 0
    )
    rows = list(csv.DictReader(open(tmp_path / "wa" / "results.csv")))
    assert rows[1]["verdict"] == "WA" and rows[1]["message"].startswith("incomplete: score 1 (not solved)")


def test_hand_play_undo_and_editing_in_the_app(qtbot, window, tmp_path, monkeypatch):
    levels = tmp_path / "levels.xsb"
    levels.write_text(COLLECTION)
    monkeypatch.setattr(window.files, "choose_case", lambda path, cases: 1)  # the dialog's answer
    assert window.files.open_path(levels)
    assert window.session.puzzle is SOKOBAN and window.session.instance.level.title == "One push"
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_Left)  # a wall: refused, nothing moves
    assert window.session.history.current.depth == 0
    qtbot.keyClick(window.view, Qt.Key_Right)  # the push onto the goal
    state = window.session.state
    assert state.solved(window.session.instance.level) and state.pushes == 1
    assert "solved yes" in window.score_label.text()
    window.playing.undo()
    assert window.session.state.pushes == 0
    # The editor paints with the puzzle's own squares.
    window.editing.set_edit_mode(True)
    assert [label for label, _ in window.adapter.palette][:3] == ["Wall", "Floor", "Goal"]
    instance, _ = window.adapter.edit_click(window.session.instance, (1, 3), " ")
    assert instance.level.goals[1 * 5 + 3] == 0
    assert "1 boxes, 0 goals" in SOKOBAN.grid_status(instance, SOKOBAN.initial_state(instance))


def test_no_file_outside_its_own_folder_names_it():
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    # tests/slow_tests.txt is a generated list of test ids (tests/mark_slow.py): it names every puzzle's.
    own = ("workbench/puzzles/sokoban/", "solvers/sokoban/", "tests/test_sokoban.py", "tests/slow_tests.txt")
    naming = [
        f
        for f in files
        if not f.startswith(own)
        and not f.endswith(".md")
        and (REPO / f).is_file()
        and "sokoban" in _words_that_could_name_it(REPO / f)
    ]
    assert naming == []  # (the README, documentation for people, lists the puzzles)


def _words_that_could_name_it(path: Path) -> str:
    """The file's text, lower case; pyproject.toml's without the lists that name every puzzle (the
    packages of the wheel, the entry points of puzzles, solvers and painters, the layers of the import
    contract)."""
    text = path.read_text(errors="replace").lower()
    if path.name == "pyproject.toml":
        for listing in (r"^packages = \[.*?^\]", r"^layers = \[.*?^\]"):
            text = re.sub(listing, "", text, count=1, flags=re.MULTILINE | re.DOTALL)
        text = re.sub(
            r'^\[project\.entry-points\."puzzle_workbench\.\w+"\].*?^\n', "", text, flags=re.MULTILINE | re.DOTALL
        )
    return text


# A level that is solvable from its start (25 moves at best), but not after "rdrrRl": the push
# onto the right-hand goal leaves the other boxes no way home (the reported sok1.xsb).
SOK1 = """\
########
##. ####
#@$  $ #
##   $.#
#   #  #
#     .#
#      #
########
"""
SOK1_STUCK = """\
########
##. ####
#  $ $ #
##  @ *#
#   #  #
#     .#
#      #
########
"""


def test_a_position_without_a_solution_gets_no_answer_and_says_so(tmp_path, capsys):
    stuck = SOKOBAN.parse_input(SOK1_STUCK)
    solver = solvers("sokoban")["astar"](SOKOBAN, (stuck, SOKOBAN.initial_state(stuck)))
    result = run(solver, Budget(nodes=10_000))
    assert result.stopped_by == "done" and result.moves == ()
    assert solver.no_answer() == "no solution exists from this position: every push state it can reach was tried"
    # The state limit is another story: no answer, and it says what to turn.
    level = SOKOBAN.generate(2, rows=12, cols=12, boxes=5)
    small = solvers("sokoban")["astar"](SOKOBAN, (level, SOKOBAN.initial_state(level)), max_nodes=1000)
    assert run(small, Budget(nodes=100_000)).moves == () and "within the state limit (1000" in small.no_answer()
    # solve writes nothing and says why, rather than "13 (not solved)".
    case, answer = tmp_path / "stuck.xsb", tmp_path / "stuck.lurd"
    case.write_text(SOK1_STUCK)
    capsys.readouterr()
    assert main(["solve", "sokoban", str(case), "--nodes", "10000", "-o", str(answer)]) == 1
    err = capsys.readouterr().err
    assert "astar has no answer after" in err and "no solution exists from this position" in err
    assert "not solved" not in err and not answer.exists()
    # ...and a solvable level is still solved and written.
    case.write_text(SOK1)
    assert main(["solve", "sokoban", str(case), "--nodes", "10000", "-o", str(answer)]) == 0
    assert capsys.readouterr().err.splitlines()[-1] == "25"
    # Of several inputs, the one without an answer is said and skipped, the others written.
    dead = tmp_path / "dead.xsb"
    dead.write_text(SOK1_STUCK)
    out = tmp_path / "answers"
    assert main(["solve", "sokoban", str(case), str(dead), "--nodes", "10000", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "dead.xsb: astar has no answer after" in err and "; no answer written" in err
    assert sorted(p.name for p in out.iterdir()) == ["stuck.out"]  # the solvable level, SOK1


def sok1_played(window, tmp_path, moves: str = ""):
    """SOK1 on the board, with ``moves`` played."""
    level = tmp_path / "sok1.xsb"
    level.write_text(SOK1)
    assert window.files.open_path(level)
    for move in moves:
        assert window.playing.play(move)


def astar_run(qtbot, window):
    """The window's solver panel once A* ran from the position shown (10 000 nodes)."""
    panel = window.solver_panel
    panel.seconds.setValue(0)
    panel.nodes.setValue(10_000)
    window.answers.start_solver()
    qtbot.waitUntil(
        lambda: panel.job is not None and not panel.running and panel.last_result is not None, timeout=600_000
    )
    return panel


def test_the_app_offers_no_unsolved_line_as_best(qtbot, window, tmp_path):
    sok1_played(window, tmp_path, "rdrrRl")
    panel = astar_run(qtbot, window)
    assert panel.best_moves == () and not panel.apply_button.isEnabled() and not panel.export_button.isEnabled()
    assert panel.status.text().endswith(
        "no answer: no solution exists from this position: every push state it can reach was tried"
    )
    assert "best" not in panel.status.text()


def test_after_a_solved_run_the_solution_heads_the_table_above_lines_that_do_not_count(qtbot, window, tmp_path):
    sok1_played(window, tmp_path)
    panel = astar_run(qtbot, window)
    assert len(panel.best_moves) == 25 and panel.status.text().endswith("best 25 (25 moves)")
    shown = [panel.table.item(row, 0).text() for row in range(panel.table.rowCount())]
    assert shown[0] == "25" and panel.frontier_entries[0].moves == panel.best_moves
    assert any(text.endswith("(not solved)") for text in shown)  # A*'s states still waiting, f = g + h
    solved = [not text.endswith("(not solved)") for text in shown]
    assert solved == sorted(solved, reverse=True)  # "17 (not solved)" never above the solution


def test_the_history_writes_pushes_upper_case_and_walks_lower_case_as_the_answer_does(qtbot, window, tmp_path):
    sok1_played(window, tmp_path, "rdrrRlu")
    panel = window.history_panel
    line = window.session.history.line()[1:]
    assert [panel.item_for(node).text(0) for node in line] == ["1. R", "2. d", "3. r", "4. r", "5. R", "6. l", "7. u"]
    assert window.statusBar().currentMessage() == "Played u"
    assert window.session.solution_text().strip() == "RdrrRlu"


def test_the_editors_fill_paints_every_square_but_the_players(window):
    assert window.files.generate("sokoban", 1)
    window.editing.set_edit_mode(True)
    panel = window.editor_panel
    assert panel.fill_button.isVisibleTo(panel) and not panel.clear_button.isVisibleTo(panel)  # no blank square
    window.adapter.brush = "#"
    panel.fill_button.click()
    level = window.session.instance.level
    assert sum(level.walls) == level.rows * level.cols - 1 and not level.walls[level.player]
    window.playing.undo()
    assert sum(window.session.instance.level.walls) < level.rows * level.cols - 1


# ------------------------------------------------------------------ the hint in hand play
def test_the_hint_from_sok1s_start_is_the_first_step_of_a_25_move_solution():
    level = SOKOBAN.parse_input(SOK1)
    start = SOKOBAN.initial_state(level)
    hint = find_hint(SOKOBAN, level, start, 0, nodes=10_000)
    assert (hint.kind, hint.score, len(hint.line)) == (MOVE, 25, 25)
    assert hint.move in SOKOBAN.legal_moves(level, start)
    assert hint.text == (
        f"Hint: {hint.move.upper()}; its best line of 25 moves reaches score 25 (astar, {hint.nodes} nodes)"
    )


def test_a_level_one_push_from_solved_gets_that_push_then_says_already_solved():
    level = SOKOBAN.parse_input("#####\n#@$.#\n#####\n")
    start = SOKOBAN.initial_state(level)
    hint = find_hint(SOKOBAN, level, start, 0, nodes=100)
    assert (hint.kind, hint.move, hint.line, hint.score) == (MOVE, "r", ("r",), 1)
    assert hint.text == f"Hint: R; its best line of 1 move reaches score 1 (astar, {hint.nodes} nodes)"
    solved = find_hint(SOKOBAN, level, SOKOBAN.apply(level, start, "r").state, 1, nodes=100)
    assert (solved.kind, solved.move) == (SOLVED, None)
    assert solved.text == "Already solved: score 1; another move would only add to it"


def test_the_hint_after_the_push_that_strands_sok1s_boxes_says_lost(qtbot, window, tmp_path):
    sok1_played(window, tmp_path, "rdrrRl")
    window.hint.seconds = None  # the node budget alone ends it
    qtbot.keyClick(window.view, Qt.Key_H)
    qtbot.waitUntil(lambda: not window.hint.thinking, timeout=600_000)
    hint = window.hint.hint
    assert (hint.kind, window.view.hinted, window.adapter.hint_items) == (LOST, None, [])
    assert (
        window.statusBar().currentMessage()
        == hint.text
        == (
            "Lost: no solution exists from this position: every push state it can reach was tried "
            f"(astar, {hint.nodes} nodes)"
        )
    )


def test_score_ends_with_a_number_and_says_an_unsolved_answer_does_not_count(tmp_path, capsys):
    case, unsolved, solved = tmp_path / "one.xsb", tmp_path / "unsolved.lurd", tmp_path / "solved.lurd"
    case.write_text("#######\n#@ $ .#\n#######\n")
    unsolved.write_text("rR\n")
    solved.write_text("rRR\n")
    capsys.readouterr()
    # The last line of stdout is the score, a number (it was "1 (not solved)"); the line before says
    # why it does not count, and it exits 1 as an invalid answer does.
    assert main(["score", "sokoban", str(case), str(unsolved)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "solved: no",
        "moves: 2",
        "pushes: 1",
        "boxes on goals: 0/1",
        f"not solved: {unsolved} is a valid answer that does not count (a batch gives it WA)",
        "2",
    ]
    assert main(["score", "sokoban", str(case), str(solved)]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == ["boxes on goals: 1/1", "3"]


# ----------------------------------------------------------------- deadlocks while playing
CORRIDOR = """\
######
#@   #
# $ .#
######
"""
BLOCK = """\
########
#@     #
#      #
#  $$  #
#  $$  #
#      #
# .... #
########
"""


def _cells(level, cells) -> set[tuple[int, int]]:
    return {level.rc(cell) for cell in cells}


def test_dead_squares_are_where_no_pull_from_a_goal_reaches():
    from workbench.puzzles.sokoban.deadlock import dead_squares

    level = SOKOBAN.parse_input(CORRIDOR).level
    # Along the top wall no push ever goes down (the keeper would stand in the wall); the left end
    # of the bottom row is a corner; only the bottom row's right part leads to the goal.
    assert _cells(level, dead_squares(level)) == {(1, 1), (1, 2), (1, 3), (1, 4), (2, 1)}


def test_a_box_pushed_onto_a_dead_square_is_said_and_marked_at_once():
    case = SOKOBAN.parse_input(CORRIDOR)
    state = SOKOBAN.initial_state(case)
    assert SOKOBAN.grid_status(case, state) == ""
    for step in "rrdl":  # round the box, then push it left into the corner
        state = SOKOBAN.apply(case, state, step).state
    assert SOKOBAN.grid_status(case, state) == (
        "Deadlock: the box at (3,2) is where no goal can be reached from — Undo (Ctrl+Z)"
    )
    assert (2, 1, "#d0021b") in SOKOBAN.grid_picture(case, state).marks
    # Pushed right instead, toward the goal: no warning.
    fine = SOKOBAN.initial_state(case)
    for step in "dr":
        fine = SOKOBAN.apply(case, fine, step).state
    assert SOKOBAN.grid_status(case, fine) == "" and not SOKOBAN.grid_picture(case, fine).marks


def test_boxes_frozen_in_a_square_are_a_deadlock_unless_all_are_home():
    from workbench.puzzles.sokoban.deadlock import deadlock, frozen_boxes

    case = SOKOBAN.parse_input(BLOCK)
    level, state = case.level, SOKOBAN.initial_state(case)
    square = {(3, 3), (3, 4), (4, 3), (4, 4)}
    assert _cells(level, frozen_boxes(level, state.boxes)) == square
    lost = deadlock(level, state)
    assert lost.why == "frozen" and _cells(level, lost.boxes) == square
    assert SOKOBAN.grid_status(case, state).startswith("Deadlock: the boxes at (4,4), (4,5), (5,4), (5,5) are frozen")
    home = SOKOBAN.parse_input(BLOCK.replace("$", "*").replace("....", "    "))
    assert deadlock(home.level, SOKOBAN.initial_state(home)) is None  # frozen, but on their goals
    # Two boxes side by side in the open can still be pushed apart: no freeze.
    pair = SOKOBAN.parse_input(BLOCK.replace("#  $$  #\n#  $$  #", "#  $$  #\n#      #").replace("....", "..  "))
    assert frozen_boxes(pair.level, SOKOBAN.initial_state(pair).boxes) == frozenset()


def test_a_collection_in_the_app_shows_level_titles_steps_through_them_and_keeps_the_solved(qtbot, window, tmp_path):
    from PySide6.QtCore import QSettings

    from workbench.gui.app import build_window

    levels = tmp_path / "levels.xsb"
    levels.write_text(COLLECTION + "\n" + CORRIDOR + "Title: Corridor\n")
    assert window.files.open_path(levels, "sokoban", 1)
    navigator = window.navigator
    assert navigator.title.text() == " One push "
    assert navigator.label.text() == " Case: " and navigator.number.value() == 1
    navigator.step(1)  # ▶ (Alt+→): the next level of the file, not the next file of the folder
    assert window.session.instance.level.title == "Corner" and navigator.title.text() == " Corner "
    navigator.step(1)
    assert navigator.title.text() == " Corridor " and navigator.number.value() == 3
    navigator.step(1)  # past the last level: said, the board stays
    assert window.statusBar().currentMessage() == "⚠ levels.xsb holds 3 cases: no case 4"
    navigator.step(-1)
    navigator.step(-1)
    assert navigator.title.text() == " One push "
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_Right)  # solved: the level gets its ✓, kept in the settings
    assert navigator.title.text() == " One push  ✓ "
    assert "1 solved" in navigator.title.toolTip()
    again = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat))
    qtbot.addWidget(again)
    assert again.files.open_path(levels, "sokoban", 1)
    assert again.navigator.title.text() == " One push  ✓ "
    assert again.files.open_path(levels, "sokoban", 2)
    assert again.navigator.title.text() == " Corner "


def test_the_app_warns_of_a_deadlock_as_it_happens_and_undo_takes_it_back(qtbot, window, tmp_path):
    level = tmp_path / "corridor.xsb"
    level.write_text(CORRIDOR)
    assert window.files.open_path(level, "sokoban")
    window.view.setFocus()
    for key in (Qt.Key_Right, Qt.Key_Right, Qt.Key_Down, Qt.Key_Left):
        qtbot.keyClick(window.view, key)
    assert (
        "Deadlock: the box at (3,2) is where no goal can be reached from — Undo (Ctrl+Z)" in window.score_label.text()
    )
    window.playing.undo()
    assert "Deadlock" not in window.score_label.text()


def test_the_step_plot_follows_boxes_on_goals_not_the_count_of_moves(qtbot, window, tmp_path):
    level = tmp_path / "corridor.xsb"
    level.write_text(CORRIDOR)
    assert window.files.open_path(level, "sokoban")
    window.view.setFocus()
    for key in (Qt.Key_Down, Qt.Key_Right, Qt.Key_Right):  # the box reaches its goal on the last push
        qtbot.keyClick(window.view, key)
    plot = window.step_panel.score_plot
    assert list(plot.scores) == [0.0, 0.0, 0.0, 1.0]
    assert plot.getPlotItem().getAxis("left").labelText == "boxes on goals"


def test_boxes_on_dead_squares_are_said_as_many():
    case = SOKOBAN.parse_input("########\n#@     #\n# $  ..#\n#   $  #\n########\n")
    state = SOKOBAN.initial_state(case)
    for step in "ddrU":  # the upper box up against the wall: two boxes now lost, the lower one from the start
        state = SOKOBAN.apply(case, state, step.lower()).state
    assert SOKOBAN.grid_status(case, state) == (
        "Deadlock: the boxes at (2,3), (4,5) are where no goal can be reached from — Undo (Ctrl+Z)"
    )
