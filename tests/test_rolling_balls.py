import io

import pytest
from conftest import data_file, shared_file
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.core.errors import FormatError, IllegalMove
from workbench.core.registry import detect_puzzle
from workbench.puzzles.rolling_balls import PUZZLE, Board, Case, Roll, moving_rolls, play
from workbench.puzzles.rolling_balls.generator import generate
from workbench.puzzles.rolling_balls.sha1prng import Sha1Prng

# The spec's tiny illustration (§3): three rolls reach the target exactly.
SPEC_CASE = "3\n#0.\n...\n.1#\n3\n#..\n0..\n1.#\n"
SPEC_ANSWER = "3\n0 1 1\n1 1 0\n2 1 0\n"


def case_text(seed: int) -> str:
    return data_file(f"cases/rolling-balls/seed_{seed}.txt").read_text()


def official_text(seed: int) -> str:
    """The official tester's file (../shared), which our generator must write byte for byte."""
    return shared_file(f"cases/rolling-balls/seed_{seed}.txt").read_text()


def spec_case() -> Case:
    return PUZZLE.parse_input(SPEC_CASE)


def board(*rows: str) -> Board:
    return Board.from_rows(rows)


def one_board_case(*rows: str) -> Case:
    """A case whose target is the start itself (for rule tests)."""
    return Case(board(*rows), board(*rows))


# ------------------------------------------------------------------ shared cases
SPEC_TABLE = {
    1: (10, 10, 5),
    2: (20, 20, 44),
    3: (30, 30, 110),
    4: (34, 46, 177),
    5: (45, 43, 247),
    6: (52, 25, 118),
    7: (52, 57, 306),
    8: (47, 34, 85),
    9: (41, 55, 328),
    10: (29, 11, 52),
}
ZERO_ROLL_SCORES = {1: 0.0, 2: 0.011, 3: 0.064, 4: 0.045, 5: 0.045, 6: 0.025, 7: 0.046, 8: 0.053, 9: 0.067, 10: 0.019}


@pytest.mark.parametrize("seed", range(1, 11))
def test_the_generator_writes_every_shared_case_byte_for_byte(seed):
    case = generate(seed)
    assert (case.start.rows, case.start.cols, case.n_balls) == SPEC_TABLE[seed]
    assert PUZZLE.format_input(case) == official_text(seed)


@pytest.mark.parametrize("seed", range(1, 11))
def test_shared_cases_round_trip_are_detected_and_score_as_the_spec_says_with_no_rolls(seed):
    text = case_text(seed)
    case = PUZZLE.parse_input(text)
    assert PUZZLE.format_input(case) == text
    assert PUZZLE.sniff(text)
    assert case.max_rolls == PUZZLE.max_moves(case) == 20 * SPEC_TABLE[seed][2]
    report = PUZZLE.score_solution(case, "0\n")
    assert round(report.score, 3) == ZERO_ROLL_SCORES[seed]


def test_no_other_puzzle_claims_a_shared_case():
    assert detect_puzzle(case_text(1)) is PUZZLE


@pytest.mark.parametrize("seed", [0, -1])
def test_seeds_that_are_not_positive_are_refused(seed):
    with pytest.raises(ValueError, match="positive"):
        PUZZLE.generate(seed)


def test_next_int_uses_the_power_of_two_shortcut_and_the_rejection_loop_on_the_same_stream():
    # nextInt(2^k) is the top k bits of next(31); nextInt(n) otherwise is next(31) % n
    # while that is not biased, which it never is for a small n.
    a, b = Sha1Prng(5), Sha1Prng(5)
    for _ in range(50):
        word = a.next31()
        assert b.next_int(16) == word >> 27
        word = a.next31()
        assert b.next_int(51) == word % 51


# ------------------------------------------------------------------ rolls
@pytest.mark.parametrize("d,end", [(0, (2, 0)), (1, (4, 2)), (2, (2, 4)), (3, (0, 2))])
def test_a_ball_rolls_to_the_board_edge_in_each_direction(d, end):
    start = board(".....", ".....", "..3..", ".....", ".....")
    after = play(start, Roll(2, 2, d))
    assert after.at(*end) == ord("3")
    assert after.at(2, 2) == ord(".")
    assert after.balls == 1


def test_a_ball_stops_in_front_of_a_wall_and_in_front_of_a_ball_which_does_not_move():
    start = board("1...#", ".....", "2..0.")
    assert play(start, Roll(0, 0, 2)) == board("...1#", ".....", "2..0.")
    assert play(start, Roll(2, 3, 0)) == board("1...#", ".....", "20...")
    assert play(start, Roll(2, 0, 3)) == board("1...#", "2....", "...0.")


def test_rows_do_not_wrap_around_the_flat_cells():
    start = board("..1", "...")
    assert play(start, Roll(0, 2, 2)) is start
    assert play(board("...", "1.."), Roll(1, 0, 0)) == board("...", "1..")


def test_a_blocked_roll_is_legal_changes_nothing_and_counts():
    case = one_board_case("#1.", "...")
    assert play(case.start, Roll(0, 1, 0)) is case.start  # wall on the left
    assert play(case.start, Roll(0, 1, 3)) is case.start  # board edge above
    report = PUZZLE.score_solution(case, "2\n0 1 0\n0 1 3\n")
    assert report.score == 1.0
    assert report.fact("rolls") == 2
    assert Roll(0, 1, 0) not in PUZZLE.legal_moves(case, case.start)


def test_exactly_twenty_rolls_per_ball_are_allowed_and_one_more_is_not():
    case = one_board_case("#1.", "...")
    assert case.max_rolls == 20
    assert PUZZLE.score_solution(case, "20\n" + "0 1 0\n" * 20).fact("rolls") == 20
    with pytest.raises(FormatError) as caught:
        PUZZLE.score_solution(case, "21\n" + "0 1 0\n" * 21)
    assert str(caught.value) == "line 1: 21 rolls, more than the limit of 20 (20 per ball, 1 balls)"


def test_rolling_from_a_cell_just_emptied_is_illegal_and_names_the_move():
    case = one_board_case("1..", "...")
    with pytest.raises(IllegalMove) as caught:
        PUZZLE.score_solution(case, "2\n0 0 2\n0 0 2\n")
    assert str(caught.value) == "line 3, move 2: no ball at (0, 0): the cell is empty"


@pytest.mark.parametrize(
    "roll,reason",
    [
        # The tester checks the cell first, the direction last.
        (Roll(3, 0, 9), "(3, 0) is outside the 2x3 board"),
        (Roll(0, -1, 9), "(0, -1) is outside the 2x3 board"),
        (Roll(0, 0, 9), "no ball at (0, 0): the cell is a wall"),
        (Roll(1, 0, 9), "no ball at (1, 0): the cell is empty"),
        (Roll(0, 1, 4), "D = 4 is not a direction (0 left, 1 down, 2 right, 3 up)"),
        (Roll(0, 1, -1), "D = -1 is not a direction (0 left, 1 down, 2 right, 3 up)"),
    ],
)
def test_illegal_rolls_are_reported_in_the_testers_order(roll, reason):
    with pytest.raises(IllegalMove) as caught:
        play(board("#1.", "..."), roll)
    assert str(caught.value) == reason


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_moving_rolls_are_exactly_the_rolls_that_change_the_board(rows, cols, data):
    cells = data.draw(st.lists(st.sampled_from(b"#..01"), min_size=rows * cols, max_size=rows * cols))
    start = Board(rows, cols, bytes(cells))
    every = [Roll(r, c, d) for r in range(rows) for c in range(cols) for d in range(4) if start.at(r, c) in b"01"]
    assert moving_rolls(start) == [roll for roll in every if play(start, roll) != start]
    for roll in every:
        after = play(start, roll)
        assert sorted(after.cells) == sorted(start.cells)  # one ball moved, nothing else
        assert [i for i, x in enumerate(after.cells) if x == ord("#")] == [
            i for i, x in enumerate(start.cells) if x == ord("#")
        ]


# ------------------------------------------------------------------ scoring
def test_the_spec_example_reaches_the_target():
    report = PUZZLE.score_solution(spec_case(), SPEC_ANSWER)
    assert report.score == 1.0
    assert report.text == "1.0000000"
    assert report.facts == (("rolls", 3), ("roll limit", 40), ("matched", 2), ("wrong colour", 0), ("empty targets", 0))


def test_a_target_cell_scores_one_for_its_colour_half_for_another_and_nothing_when_empty():
    case = Case(board("01.2"), board("012."))
    report = PUZZLE.evaluate(case, board("0.12"), 0)
    # (0,0) same colour 1, (0,1) empty 0, (0,2) another colour 0.5; three balls.
    assert report.score == 1.5 / 3
    assert (report.fact("matched"), report.fact("wrong colour"), report.fact("empty targets")) == (1, 1, 1)
    assert report.text == "0.5000000"
    five = Case(board("01122"), board("01122"))
    assert PUZZLE.evaluate(five, board("01212"), 0).score == 4 / 5  # 3 + 0.5 + 0.5


# ------------------------------------------------------------------ answer parsing (spec §3)
def score(text: str) -> float:
    return PUZZLE.score_solution(spec_case(), text).score


def rejection(text: str) -> FormatError:
    with pytest.raises(FormatError) as caught:
        PUZZLE.score_solution(spec_case(), text)
    return caught.value


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_lines_may_end_in_lf_crlf_or_cr(end):
    assert score(SPEC_ANSWER.replace("\n", end)) == 1.0
    assert score(SPEC_ANSWER.rstrip("\n")) == 1.0


def test_trailing_spaces_on_a_roll_line_are_tolerated():
    assert score("3\n0 1 1  \n1 1 0 \n2 1 0\n") == 1.0


@pytest.mark.parametrize("line", [" 0 1 1", "0  1 1", "0 1\t1", "0\t1 1", "0 1 1\t", "0 1", "0 1 1 2", ""])
def test_a_roll_line_must_be_three_fields_split_on_single_spaces(line):
    error = rejection(f"1\n{line}\n")
    assert error.line == 2


def test_fields_are_java_ints_so_a_plus_sign_leading_zeros_and_minus_zero_pass():
    assert score("+3\n-0 01 +1\n001 +1 -0\n2 1 000\n") == 1.0


@pytest.mark.parametrize("field", ["1.0", "x", "+", "-", "--1", "2147483648", "\u0661", "\uff11"])
def test_fields_that_integer_parseint_rejects_or_non_ascii_digits_are_invalid(field):
    error = rejection(f"1\n0 {field} 1\n")
    assert (error.line, error.reason) == (2, f"R, C and D must be integers, got '{field}'")


@pytest.mark.parametrize("first", ["1 ", " 1", "", "one", "1 0 1 1"])
def test_the_first_line_must_be_exactly_an_int(first):
    error = rejection(f"{first}\n0 1 1\n")
    assert error.line == 1 and "exactly the number of rolls" in error.reason


def test_an_empty_answer_is_invalid():
    assert rejection("").line == 1


def test_a_negative_count_is_invalid():
    assert str(rejection("-1\n")) == "line 1: the number of rolls must not be negative, got -1"


def test_fewer_roll_lines_than_n_is_invalid():
    assert str(rejection("3\n0 1 1\n1 1 0\n")) == "line 4: N is 3 but the answer ends after 2 rolls"


def test_lines_after_the_nth_are_ignored_even_when_they_are_garbage():
    assert score("2\n0 1 1\n1 1 0\n\tgarbage\n9 9 9\n") == 0.5  # ball 0 home, ball 1 not


def test_a_malformed_line_after_an_illegal_roll_reports_the_illegal_roll_first():
    # The tester plays each roll before it reads the next line.
    with pytest.raises(IllegalMove) as caught:
        PUZZLE.score_solution(spec_case(), "3\n1 1 0\nbad\n")
    assert str(caught.value) == "line 2, move 1: no ball at (1, 1): the cell is empty"
    with pytest.raises(IllegalMove, match="line 2, move 1: D = 7"):
        PUZZLE.score_solution(spec_case(), "3\n0 1 7\n")


def test_an_out_of_range_direction_is_parsed_and_refused_only_when_played():
    parsed = PUZZLE.parse_solution(spec_case(), "2\n0 1 1\n1 1 5\n")
    assert parsed.moves == (Roll(0, 1, 1), Roll(1, 1, 5)) and parsed.lines == (2, 3)
    with pytest.raises(IllegalMove) as caught:
        PUZZLE.replay(spec_case(), parsed.moves, parsed.lines)
    assert str(caught.value) == "line 3, move 2: D = 5 is not a direction (0 left, 1 down, 2 right, 3 up)"


def test_answers_are_written_in_the_plain_form_and_read_back():
    rolls = [Roll(0, 1, 1), Roll(1, 1, 0), Roll(2, 1, 0)]
    assert PUZZLE.format_solution(spec_case(), rolls) == SPEC_ANSWER
    assert PUZZLE.format_solution(spec_case(), []) == "0\n"
    assert PUZZLE.parse_solution(spec_case(), SPEC_ANSWER).moves == tuple(rolls)


# ------------------------------------------------------------------ case parsing
def test_case_files_may_use_crlf_and_lack_the_final_newline():
    assert PUZZLE.parse_input(SPEC_CASE.replace("\n", "\r\n").rstrip()) == spec_case()


@pytest.mark.parametrize(
    "text,line,reason",
    [
        ("", 1, "expected the board height H"),
        ("x\n", 1, "the board height H must be a whole number, got 'x'"),
        ("61\n", 1, "the board height H must be 1..60, got 61"),
        ("3\n#0.\n...\n", 4, "the start has 2 rows, H says 3"),
        ("3\n#0.\n.a.\n.1#\n", 3, "column 1: 'a' is not a wall '#', an empty cell '.' or a ball '0'..'9'"),
        ("3\n#0.\n....\n.1#\n", 3, "the start row has 4 cells, expected 3"),
        ("3\n#0.\n\n.1#\n", 3, "blank line inside the start"),
        ("3\n#0.\n...\n.1#\n", 5, "expected the target's height H"),
        ("3\n#0.\n...\n.1#\n2\n#..\n0..\n", 5, "the target's height 2 differs from the start's 3"),
        ("3\n#0.\n...\n.1#\n3\n#..\n0.\n1.#\n", 7, "the target row has 2 cells, expected 3"),
        ("3\n#0.\n...\n.1#\n3\n#..\n0..\n", 8, "the target has 2 rows, H says 3"),
        ("3\n#0.\n...\n.1#\n3\n#..\n0..\n1.#\n3\n", 9, "unexpected text after the target rows"),
        ("3\n#0.\n...\n.1#\n3\n#..\n0.#\n1.#\n", 7, "column 2: a wall in the target but not the start"),
        ("3\n#0.\n...\n.1#\n3\n...\n0..\n1.#\n", 6, "column 0: a wall in the start but not the target"),
        ("3\n#0.\n...\n.1#\n3\n#..\n0..\n0.#\n", 8, "the start has 1 balls of colour 0 but the target has 2"),
        ("3\n#0.\n...\n.1#\n3\n#..\n2..\n1.#\n", 2, "the start has 1 balls of colour 0 but the target has 0"),
    ],
)
def test_bad_cases_are_rejected_with_their_line(text, line, reason):
    with pytest.raises(FormatError) as caught:
        PUZZLE.parse_input(text)
    assert (caught.value.line, caught.value.reason) == (line, reason)
    assert not PUZZLE.sniff(text)


def test_a_case_without_balls_is_rejected():
    with pytest.raises(FormatError, match="no ball"):
        PUZZLE.parse_input("1\n#.\n1\n#.\n")


# ------------------------------------------------------------------ agent and CLI
class OpenPipe(io.StringIO):
    """The tester's stdin pipe: it stays open after the case, so reading past it hangs."""

    def __init__(self, text: str):
        super().__init__(text)
        self.end = len(text)

    def read(self, size=-1):
        raise AssertionError("the agent read to the end of a pipe the tester never closes")

    def readline(self, size=-1):
        assert self.tell() < self.end, "the agent read past the case"
        return super().readline(size)


def test_the_agent_reads_exactly_one_case_and_answers_n_then_the_rolls():
    seen = []

    def solve(case):
        seen.append(case)
        return [Roll(0, 1, 1), Roll(1, 1, 0), Roll(2, 1, 0)]

    out = io.StringIO()
    PUZZLE.agent(OpenPipe(SPEC_CASE), out, solve)
    assert seen == [spec_case()]
    assert out.getvalue() == SPEC_ANSWER


def test_the_agent_answers_a_shared_case():
    out = io.StringIO()
    PUZZLE.agent(OpenPipe(case_text(4)), out, lambda case: [])
    assert out.getvalue() == "0\n"


def test_cli_scores_a_valid_answer(tmp_path, capsys):
    (tmp_path / "case.txt").write_text(SPEC_CASE)
    (tmp_path / "answer.out").write_text(SPEC_ANSWER)
    assert main(["score", "rolling-balls", str(tmp_path / "case.txt"), str(tmp_path / "answer.out")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "1.0000000"
    assert "matched: 2" in out


def test_cli_rejects_an_invalid_answer_naming_the_line(tmp_path, capsys):
    (tmp_path / "case.txt").write_text(SPEC_CASE)
    (tmp_path / "answer.out").write_text("2\n0 1 1\n0 1 2\n")
    assert main(["score", "rolling-balls", str(tmp_path / "case.txt"), str(tmp_path / "answer.out")]) == 1
    assert "line 3, move 2: no ball at (0, 1): the cell is empty" in capsys.readouterr().err


def test_cli_generates_a_shared_case_and_refuses_seed_zero(capsys):
    assert main(["gen", "rolling-balls", "2"]) == 0
    assert capsys.readouterr().out == official_text(2)
    assert main(["gen", "rolling-balls", "0"]) == 1
    assert "seed must be a positive integer" in capsys.readouterr().err
