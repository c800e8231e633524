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
