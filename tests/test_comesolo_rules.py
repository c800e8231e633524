import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.core.errors import IllegalMove
from workbench.puzzles.comesolo import PUZZLE, Board, Jump, legal_jumps, play
from workbench.puzzles.comesolo.board import DIRECTIONS


def board(*rows: str) -> Board:
    return Board.from_array([[int(ch) for ch in row] for row in rows])


@pytest.mark.parametrize("dr,dc", DIRECTIONS)
def test_each_of_the_eight_directions_jumps_and_removes_the_middle_piece(dr, dc):
    grid = np.zeros((5, 5), dtype=np.uint8)
    grid[2, 2] = 1
    grid[2 + dr, 2 + dc] = 1
    after = play(Board.from_array(grid), Jump(2, 2, dr, dc))
    expected = np.zeros((5, 5), dtype=np.uint8)
    expected[2 + 2 * dr, 2 + 2 * dc] = 1
    assert (after.array() == expected).all()
    assert after.pieces == 1


def test_the_legal_jumps_of_a_centre_piece_surrounded_by_pieces_are_all_eight():
    start = board("00000", "01110", "01110", "01110", "00000")
    from_centre = [j for j in legal_jumps(start) if (j.r, j.c) == (2, 2)]
    assert {(j.dr, j.dc) for j in from_centre} == set(DIRECTIONS)


def test_no_jump_leaves_the_board_at_any_edge():
    # A full 2x2 board: every piece has neighbours but every landing is off the board.
    start = board("11", "11")
    assert legal_jumps(start) == []
    for r in (0, 1):
        for c in (0, 1):
            for dr, dc in DIRECTIONS:
                with pytest.raises(IllegalMove):
                    play(start, Jump(r, c, dr, dc))


def test_rows_do_not_wrap_around():
    # In the flat row-major array, (0,2) -> (1,1) -> (2,0) would look like an
    # eastward run; on the board the piece at the row end has nowhere to go east.
    start = board("011", "100", "000")
    assert Jump(0, 2, 0, 1) not in legal_jumps(start)
    with pytest.raises(IllegalMove, match="off the board"):
        play(start, Jump(0, 2, 0, 1))
    assert legal_jumps(board("011", "000", "000")) == [Jump(0, 2, 0, -1)]


@pytest.mark.parametrize(
    "jump,reason",
    [
        (Jump(0, 0, 0, 1), r"no piece at \(1,1\)"),
        (Jump(1, 0, 1, 0), r"has no piece to jump over at \(3,1\)"),
        (Jump(1, 0, 0, 1), "lands on a piece"),
        (Jump(1, 1, 0, 0), "not a jump"),
        (Jump(5, 0, 0, 1), "off the 4x4 board"),
        (Jump(1, 2, 0, 1), "lands off the board"),
    ],
)
def test_illegal_jumps_say_why(jump, reason):
    start = board("0000", "1110", "0000", "0000")
    with pytest.raises(IllegalMove, match=reason):
        play(start, jump)


def brute_force_jumps(b: Board) -> set:
    found = set()
    for r in range(b.rows):
        for c in range(b.cols):
            for dr, dc in DIRECTIONS:
                tr, tc = r + 2 * dr, c + 2 * dc
                if b.piece(r, c) and b.inside(tr, tc) and b.piece(r + dr, c + dc) and not b.piece(tr, tc):
                    found.add(Jump(r, c, dr, dc))
    return found


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_legal_jumps_agree_with_the_rule_written_out(rows, cols, data):
    cells = data.draw(st.binary(min_size=rows * cols, max_size=rows * cols))
    b = Board(rows, cols, bytes(x & 1 for x in cells))
    jumps = legal_jumps(b)
    assert set(jumps) == brute_force_jumps(b)
    assert len(jumps) == len(set(jumps))
    for jump in jumps:
        assert play(b, jump).pieces == b.pieces - 1


def test_spec_example_scores_two_moves():
    instance = PUZZLE.parse_input("4\n1100\n1100\n0100\n0000\n")
    report = PUZZLE.score_solution(instance, "2\n2 1 2 3\n1 2 3 4\n")
    assert report.score == 2
    assert report.fact("pieces left") == 3
    assert report.fact("bound") == 4


def test_replaying_every_legal_opening_of_a_shared_board(data_root):
    instance = PUZZLE.parse_input((data_root / "cases/comesolo/rand_07_d70.txt").read_text())
    openings = PUZZLE.legal_moves(instance, instance)
    assert len(openings) == 36  # as cases/README.md lists
    for jump in openings:
        assert PUZZLE.apply(instance, instance, jump).state.pieces == 31
