"""Editor edits are undone like moves: the board before an edit comes back with its history."""

from workbench.core.session import Session
from workbench.puzzles.comesolo import PUZZLE, Jump

SPEC_BOARD = "4\n1100\n1100\n0100\n0000\n"
EDITED_BOARD = "4\n1100\n1100\n0100\n0001\n"


def played_session():
    session = Session(PUZZLE, PUZZLE.parse_input(SPEC_BOARD), "spec.txt")
    session.play(Jump(1, 0, 0, 1))
    return session


def test_an_edit_starts_a_new_history_and_undo_brings_back_the_old_board_and_moves():
    session = played_session()
    old_history, old_node = session.history, session.history.current
    session.edit(PUZZLE.parse_input(EDITED_BOARD))
    assert session.depth == 0 and session.path is None
    assert PUZZLE.format_input(session.instance) == EDITED_BOARD
    assert session.can_undo()
    assert session.undo() == "edit"
    assert PUZZLE.format_input(session.instance) == SPEC_BOARD
    assert session.history is old_history and session.history.current is old_node
    assert session.moves() == [Jump(1, 0, 0, 1)] and str(session.path) == "spec.txt"
    assert session.redo() == "edit"  # redone from where it was made
    assert PUZZLE.format_input(session.instance) == EDITED_BOARD


def test_moves_on_the_edited_board_are_undone_before_the_edit():
    session = played_session()
    session.edit(PUZZLE.parse_input(EDITED_BOARD))
    session.play(Jump(1, 0, 0, 1))
    assert session.undo() == "move"
    assert PUZZLE.format_input(session.instance) == EDITED_BOARD
    assert session.undo() == "edit"
    assert session.undo() == "move" and session.depth == 0
    assert session.undo() is None and not session.can_undo()


def test_a_redo_of_an_edit_needs_the_position_it_was_made_at():
    session = played_session()
    session.edit(PUZZLE.parse_input(EDITED_BOARD))
    session.undo()
    session.undo()  # the move before the edit
    assert session.redo() == "move"  # the history's redo first, back to where the edit was made
    assert session.redo() == "edit"


def test_cells_of_one_drag_merge_into_one_edit():
    session = played_session()
    session.edit(PUZZLE.parse_input(EDITED_BOARD))
    session.edit(PUZZLE.parse_input("4\n1100\n1100\n0100\n0011\n"), merge=True)
    assert session.edits == 1
    session.undo()
    assert PUZZLE.format_input(session.instance) == SPEC_BOARD and session.depth == 1
