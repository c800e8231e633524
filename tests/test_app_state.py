"""The window's AppState without Qt: the session shown, the widgets that follow it moved from each
session to the next, the boards left behind, where the board came from and the answer followed."""

import pytest

from workbench.core.registry import get_puzzle
from workbench.core.session import Session
from workbench.gui.app_state import AppState
from workbench.gui.board.board_origin import BoardOrigin

PUZZLE = "comesolo"


def board(seed):
    puzzle = get_puzzle(PUZZLE)
    return Session(puzzle, puzzle.generate(seed)), BoardOrigin(PUZZLE, seed=seed)


def play_first_move(session):
    session.play(session.puzzle.legal_moves(session.instance, session.state)[0])


def test_replacing_the_session_tells_once_and_not_for_the_same_one():
    state, (session, _) = AppState(), board(1)
    told = []
    state.session_replaced.connect(told.append)
    state.replace_session(session)
    state.replace_session(session)
    assert told == [session] and state.session is session


def test_a_follower_hears_the_session_shown_and_no_longer_the_one_left():
    state = AppState()
    first, origin = board(1)
    second, _ = board(2)
    state.show(first, origin)
    steps, shown = [], []
    follower = state.follow(shown.append, step_changed=lambda node: steps.append(node.depth))
    assert shown == [first]  # a follower made while a board is shown starts on it
    play_first_move(first)
    state.show(second, BoardOrigin(PUZZLE, seed=2))
    play_first_move(first)  # the board left: nobody of the window hears it
    play_first_move(second)
    play_first_move(second)
    assert steps == [1, 1, 2] and shown == [first, second]
    assert len(first.step_changed) == 0 and len(second.step_changed) == 1
    follower.stop()
    assert len(second.step_changed) == 0


def test_a_follower_of_an_event_no_session_has_is_refused():
    with pytest.raises(ValueError, match=r"^a session has no event 'moved'$"):
        AppState().follow(moved=print)


def test_a_board_left_with_moves_is_kept_and_comes_back_when_made_afresh():
    state = AppState()
    first, origin = board(1)
    assert state.show(first, origin) == ""
    play_first_move(first)
    note = state.show(*board(2))
    assert note == "; the 1 moves played on the unsaved board are kept: Undo at the start brings them back"
    assert [left.session for left in state.left_boards.back] == [first]
    again, again_origin = board(1)  # seed 1 generated again: the board kept, with its line
    note = state.show(again, again_origin)
    assert state.session is first and first.depth == 1
    assert note == "; its 1 moves played before are back (History: Start is the board afresh)"


def test_a_board_left_untouched_is_not_kept():
    state = AppState()
    state.show(*board(1))
    assert state.show(*board(2)) == ""
    assert state.left_boards.back == []


def test_an_edited_board_has_no_origin_of_its_own():
    state = AppState()
    session, origin = board(1)
    state.show(session, origin)
    assert state.board_origin() is origin and origin.instance is session.instance
    session.edit(session.puzzle.generate(5))
    assert state.board_origin() is None and state.origin is origin  # the case box names where it came from


def test_the_answer_followed_belongs_to_its_board(tmp_path):
    state = AppState()
    followed = []
    state.answer_changed.connect(followed.append)
    first, origin = board(1)
    state.show(first, origin)
    answer = tmp_path / "a.out"
    state.follow_answer(answer)
    assert state.answer_path == answer.resolve()
    play_first_move(first)
    state.show(*board(2))
    assert state.answer_path is None
    state.show(*board(1))  # the first board back, with the answer it followed
    assert state.session is first and state.answer_path == answer.resolve()
    assert followed == [None, answer.resolve(), None, answer.resolve()]


def test_the_solver_start_is_told():
    state, (session, _) = AppState(), board(1)
    starts = []
    state.solver_start_changed.connect(starts.append)
    state.set_solver_start(session.history.root)
    state.set_solver_start(None)
    assert starts == [session.history.root, None] and state.solver_start is None


def test_the_app_state_loads_no_qt():
    from qt_free import qt_loaded_by

    assert qt_loaded_by("workbench.gui.app_state", "workbench.gui.board.board_origin") == []
