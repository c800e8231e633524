"""The Session's change events: what each operation says it changed, once, at its end (Qt-free)."""

import pytest

from workbench.core.errors import IllegalMove
from workbench.core.session import Session
from workbench.puzzles.comesolo import PUZZLE, Jump

SPEC_BOARD = "4\n1100\n1100\n0100\n0000\n"
EDITED_BOARD = "4\n1100\n1100\n0100\n0001\n"
FIRST = Jump(1, 0, 0, 1)


def recorded(session: Session) -> list:
    """The events ``session`` emits, in order, as (name, argument) pairs."""
    events = []
    session.board_changed.connect(lambda how: events.append(("board", how)))
    session.history_changed.connect(lambda: events.append(("history", None)))
    session.step_changed.connect(lambda node: events.append(("step", node)))
    session.path_changed.connect(lambda: events.append(("path", None)))
    return events


def test_a_move_adds_to_the_history_and_moves_the_step():
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    events = recorded(session)
    session.play(FIRST)
    assert events == [("history", None), ("step", session.history.current)]


def test_an_illegal_move_emits_nothing():
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    events = recorded(session)
    with pytest.raises(IllegalMove):
        session.play(Jump(3, 3, 3, 1))
    assert events == []


def test_undo_redo_and_jump_move_the_step_only():
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    session.play(FIRST)
    played = session.history.current
    events = recorded(session)
    assert session.undo() == "move"
    assert session.redo() == "move"
    session.jump(session.history.root)
    session.jump(session.history.root)  # already there: nothing changed, nothing said
    assert events == [("step", session.history.root), ("step", played), ("step", session.history.root)]


def test_an_answer_is_one_history_change():
    played = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    played.play(FIRST)
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    events = recorded(session)
    node = session.load_solution(played.solution_text())
    assert node.depth == 1
    assert events == [("history", None), ("step", session.history.root)]  # the board stays at the start


def test_an_edit_and_its_undo_replace_the_board_and_say_only_that():
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD), "spec.txt")
    session.play(FIRST)
    events = recorded(session)
    session.edit(PUZZLE.parse_input(EDITED_BOARD))
    assert session.undo() == "edit"
    assert session.redo() == "edit"
    assert events == [("board", "edit"), ("board", "undo"), ("board", "redo")]


def test_saving_under_another_name_changes_the_path(tmp_path):
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    events = recorded(session)
    session.save_input(tmp_path / "board.txt")
    assert events == [("path", None)]


def test_a_position_is_scored_once_however_often_it_is_shown(monkeypatch):
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD))
    session.play(FIRST)
    scored = []
    evaluate = PUZZLE.evaluate
    monkeypatch.setattr(PUZZLE, "evaluate", lambda *args: scored.append(args[2]) or evaluate(*args))
    first = session.report()
    assert session.report() is first and session.report(session.history.current) is first
    assert (
        session.report(session.history.root).text
        == PUZZLE.evaluate(session.instance, session.history.root.state, 0).text
    )
    assert scored == [1, 0, 0]  # the last one by the check itself
