"""The Session every GUI action goes through (Qt-free)."""

import pytest

from workbench.core.errors import IllegalMove
from workbench.core.session import Session
from workbench.puzzles.ahc015 import PUZZLE as CANDY
from workbench.puzzles.comesolo import PUZZLE, Jump

SPEC_BOARD = "4\n1100\n1100\n0100\n0000\n"


def test_a_line_longer_than_the_contest_limit_is_refused_and_nothing_is_added(data_root):
    session = Session(CANDY, CANDY.parse_input((data_root / "cases/ahc015/0000.txt").read_text()))
    session.play("F")
    with pytest.raises(IllegalMove, match="the line would have 101 moves, more than the limit of 100"):
        session.add_line(["F"] * 100, from_root=False)
    assert session.depth == 1 and not session.history.current.children


def test_an_illegal_line_is_refused_naming_the_move_and_nothing_is_added():
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    with pytest.raises(IllegalMove, match="move 2: no piece at"):
        session.add_line([Jump(1, 0, 0, 1), Jump(1, 0, 0, 1)])
    assert session.history.root.children == []


def test_playing_again_the_move_a_branch_holds_re_enters_it():
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    first = Jump(1, 0, 0, 1)
    session.play(first)
    session.history.undo()
    session.play(first)
    assert len(session.history.root.children) == 1
    assert session.history.line()[-1].move == first


def test_the_exported_text_is_what_the_judge_scores(tmp_path):
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    session.play(Jump(1, 0, 0, 1))
    report = session.export_solution(tmp_path / "a.out")
    assert (tmp_path / "a.out").read_text() == "1\n2 1 2 3\n"
    assert report.score == 1


def legal_line(puzzle, instance, count):
    """``count`` legal moves from the start, each the first the puzzle offers, with their transitions."""
    state, moves, played = puzzle.initial_state(instance), [], []
    for _ in range(count):
        moves.append(puzzle.legal_moves(instance, state)[0])
        played.append(puzzle.apply(instance, state, moves[-1]))
        state = played[-1].state
    return moves, played


def test_a_line_given_with_its_transitions_is_added_without_playing_it_again(data_root, monkeypatch):
    instance = PUZZLE.parse_input((data_root / "cases/comesolo/rand_07_d70.txt").read_text())
    session = Session(PUZZLE, instance)
    moves, played = legal_line(PUZZLE, instance, 3)
    calls = []
    monkeypatch.setattr(PUZZLE, "apply", lambda *args: calls.append(args))
    end = session.add_line(moves, played=played)
    assert calls == []
    assert session.moves() == moves and end is session.history.current
    assert [node.state for node in session.history.line()[1:]] == [t.state for t in played]
    assert [node.frames for node in session.history.line()[1:]] == [t.frames for t in played]


def test_a_line_whose_transitions_do_not_match_its_moves_is_refused(data_root):
    instance = PUZZLE.parse_input((data_root / "cases/comesolo/rand_07_d70.txt").read_text())
    session = Session(PUZZLE, instance)
    moves, played = legal_line(PUZZLE, instance, 3)
    with pytest.raises(ValueError, match="^2 transitions for a line of 3 moves$"):
        session.add_line(moves, played=played[:2])
    assert session.history.root.children == []
