"""A hint in hand play (Qt-free): the default solver's next move from the position shown, and the score its
line reaches, checked against the run F5 makes from the same position with the same seed and node budget."""

from __future__ import annotations

import pytest
from conftest import data_file

from solvers.driver import Budget
from solvers.hint import LOST, MOVE, NO_SOLVER, SOLVED, find_hint, hint_solver, no_solver_reason
from solvers.online import build_run, execute
from solvers.run_setup import checked_params
from workbench.core import registry
from workbench.core.line_scores import LineScorer
from workbench.core.registry import get_puzzle, puzzles
from workbench.scaffold import new_puzzle

PUZZLES = sorted(puzzles())
# puzzle: (a case file of tests/.data, or a generator seed), moves played first, node budget
POSITIONS = {
    "comesolo": ("cases/comesolo/rand_07_d70.txt", 2, 2000),
    "rolling-balls": ("cases/rolling-balls/seed_1.txt", 1, 20000),
    "ahc011": ("cases/ahc011/0000.txt", 3, 6000),
    "ahc015": ("cases/ahc015/0000.txt", 90, 2000),  # online: the game is played out from turn 90
    "codevs": ("cases/codevs/packs_1.txt", 2, 2000),
}
ANY_OTHER = (1, 2, 2000)  # a puzzle that keeps to its own folder, unnamed here: its seed 1, two moves in


def position(puzzle_id: str):
    """The puzzle, its case and the position ``POSITIONS`` names, reached by its first legal moves."""
    puzzle = get_puzzle(puzzle_id)
    source, played, nodes = POSITIONS.get(puzzle_id, ANY_OTHER)
    if isinstance(source, int):
        instance = puzzle.generate(source)
    else:
        instance = puzzle.parse_input(data_file(source).read_text())
    state = puzzle.initial_state(instance)
    for _ in range(played):
        state = puzzle.apply(instance, state, puzzle.legal_moves(instance, state)[0]).state
    return puzzle, instance, state, played, nodes


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_the_hint_is_the_first_move_of_the_default_solvers_line_and_says_its_score(puzzle_id):
    puzzle, instance, state, depth, nodes = position(puzzle_id)
    if hint_solver(puzzle) is None:
        pytest.skip(f"{puzzle_id} has no solver (a plugin on the puzzle path)")
    hint = find_hint(puzzle, instance, state, depth, nodes=nodes, seed=0)
    assert hint.kind == MOVE, hint.text
    assert hint.move in puzzle.legal_moves(instance, state)
    assert hint.line[0] == hint.move
    # The same run F5 makes (the default solver, seed 0, the same node budget) plays the same line.
    cls = hint_solver(puzzle)
    assert hint.solver == cls.name
    budget = Budget(nodes=nodes)
    target = build_run(puzzle, instance, state, cls, seed=0, params=checked_params(cls, {}), budget=budget)
    run = execute(target, budget)
    assert tuple(run.moves) == hint.line
    assert hint.nodes == run.progress.expansions
    # Playing the hint gives the position the line goes on from; the rest of the line, re-scored by the
    # engine from the game's start, is the score the hint names.
    after = puzzle.apply(instance, state, hint.move).state
    report = LineScorer(puzzle, instance, after, depth + 1).report(hint.line[1:])
    assert (hint.score, hint.score_text) == (report.score, report.text)
    assert hint.text.startswith(f"Hint: {puzzle.move_text(hint.move)}; ")
    assert f"reaches score {report.text} ({cls.name}, {run.progress.expansions} nodes)" in hint.text


def test_an_online_hint_plays_the_game_out_from_the_candy_just_placed():
    puzzle, instance, state, depth, nodes = position("ahc015")
    hint = find_hint(puzzle, instance, state, depth, nodes=nodes)
    assert len(hint.line) == puzzle.max_moves(instance) - depth  # every turn left is played
    assert "the game played out reaches score" in hint.text


def test_a_comesolo_board_with_no_jump_left_says_lost_and_with_one_piece_solved():
    puzzle = get_puzzle("comesolo")
    apart = puzzle.parse_input("3\n100\n000\n001\n")
    hint = find_hint(puzzle, apart, puzzle.initial_state(apart), 0, nodes=100)
    assert (hint.kind, hint.text) == (LOST, "Lost: no legal move is left from this position (score 0)")
    pair = puzzle.parse_input("3\n110\n000\n000\n")
    jumped = puzzle.apply(pair, puzzle.initial_state(pair), puzzle.legal_moves(pair, puzzle.initial_state(pair))[0])
    done = find_hint(puzzle, pair, jumped.state, 1, nodes=100)
    assert (done.kind, done.text) == (SOLVED, "Already solved: no move is left, score 1")


def lamp_plugins(folder, with_solver: str, without_solver: str):
    """``folder`` with two scaffolded puzzles, one with its solver and one without (names of a test
    module's own: a package of a name is imported once a process)."""
    new_puzzle(with_solver, folder)
    (new_puzzle(without_solver, folder) / "solvers.py").unlink()
    return folder


@pytest.fixture(scope="module")
def plugins(tmp_path_factory):
    """A plugin folder with a scaffolded puzzle (it has a solver) and a copy without one."""
    folder = lamp_plugins(tmp_path_factory.mktemp("hint-plugins"), "glow-lamps", "dim-lamps")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(registry.PATH_VARIABLE, str(folder))
        registry.reset()
        yield folder
    registry.reset()


def test_a_scaffolded_plugin_gets_hints_from_its_solver_and_one_without_solvers_says_why(plugins):
    lights = get_puzzle("glow-lamps")
    instance = lights.generate(1)
    hint = find_hint(lights, instance, lights.initial_state(instance), 0, nodes=1000)
    assert hint.kind == MOVE and hint.move in lights.legal_moves(instance, lights.initial_state(instance))
    assert no_solver_reason(lights) == ""
    lamps = get_puzzle("dim-lamps")
    instance = lamps.generate(1)
    none = find_hint(lamps, instance, lamps.initial_state(instance), 0)
    assert (none.kind, none.move) == (NO_SOLVER, None)
    assert none.text == no_solver_reason(lamps) == f"{lamps.title} has no solver, so there is no hint to give"


def test_a_plugins_first_solver_that_is_no_solver_gives_no_hint_and_says_why(monkeypatch):
    class Greedy:  # a plugin's class with a solver's name and nothing else
        name = "greedy"

    monkeypatch.setattr("solvers.run_setup.solvers", lambda puzzle_id: {"greedy": Greedy})
    comesolo = get_puzzle("comesolo")
    assert hint_solver(comesolo) is None  # the start page and the hint button ask this
    assert no_solver_reason(comesolo) == "the solver 'greedy' of comesolo is not a solvers.base.Solver"
