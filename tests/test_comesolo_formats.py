import pytest

from workbench.core.errors import FormatError, IllegalMove
from workbench.core.registry import detect_puzzle
from workbench.puzzles.comesolo import PUZZLE, Board, Jump
from workbench.puzzles.comesolo.generator import generate


def test_every_shared_board_round_trips_byte_for_byte(data_root):
    files = sorted((data_root / "cases/comesolo").glob("*.txt"))
    assert len(files) == 9
    for path in files:
        text = path.read_text()
        assert PUZZLE.format_input(PUZZLE.parse_input(text)) == text
        assert detect_puzzle(text) is PUZZLE


@pytest.mark.parametrize(
    "name,seed,rows,cols,density,pieces",
    [
        ("rand_07_d70", 101, 7, 7, 0.7, 32),
        ("rand_10_d50", 102, 10, 10, 0.5, 47),
        ("rand_15_d90", 103, 15, 15, 0.9, 201),
        ("rand_20_d30", 104, 20, 20, 0.3, 117),
        ("rand_30_d60", 105, 30, 30, 0.6, 516),
        ("rand_30_d40", 106, 30, 30, 0.4, 377),
        ("rand_12x18_d50", 107, 12, 18, 0.5, 115),
    ],
)
def test_generator_reproduces_the_shared_random_boards(shared, name, seed, rows, cols, density, pieces):
    made = generate(seed, rows=rows, cols=cols, density=density)
    assert made.pieces == pieces
    assert PUZZLE.format_input(made) == (shared / f"cases/comesolo/{name}.txt").read_text()


@pytest.mark.parametrize(
    "name,shape,size", [("full_09_center_hole", "full-hole", 9), ("blockcheck_30", "blockcheck", 30)]
)
def test_generator_reproduces_the_shared_structured_boards(shared, name, shape, size):
    text = PUZZLE.format_input(generate(0, size=size, shape=shape))
    assert text == (shared / f"cases/comesolo/{name}.txt").read_text()


def test_importer_accepts_the_lenient_symbols_and_spaces():
    lenient = PUZZLE.parse_input("2 3\n*.X\n# _ @\n")
    assert lenient == Board(2, 3, bytes([1, 0, 1, 1, 0, 1]))
    assert PUZZLE.format_input(lenient) == "2 3\n101\n101\n"


@pytest.mark.parametrize(
    "text,line,reason",
    [
        ("", 1, "board size"),
        ("x\n", 1, "whole number"),
        ("2 2 2\n11\n11\n", 1, "'N' or 'R C'"),
        ("0\n", 1, "1..200"),
        ("3\n111\n11\n111\n", 3, "expected 3 cells, got 2"),
        ("3\n111\n1a1\n111\n", 3, "column 2: 'a'"),
        ("3\n111\n111\n", 4, "has 2 rows, the header says 3"),
        ("2\n11\n11\n11\n", 4, "unexpected text after the 2 board rows"),
        ("2\n11\n\n11\n", 3, "blank line inside the board"),
    ],
)
def test_bad_boards_are_rejected_with_their_line(text, line, reason):
    with pytest.raises(FormatError) as caught:
        PUZZLE.parse_input(text)
    assert caught.value.line == line
    assert reason in str(caught.value)
    assert str(caught.value).startswith(f"line {line}: ")


def test_answers_round_trip_and_accept_the_direction_forms():
    instance = PUZZLE.parse_input("4\n1100\n1100\n0100\n0000\n")
    moves = (Jump(1, 0, 0, 1), Jump(0, 1, 1, 1))
    text = PUZZLE.format_solution(instance, moves)
    assert text == "2\n2 1 2 3\n1 2 3 4\n"
    assert PUZZLE.parse_solution(instance, text).moves == moves
    for second in ("1 2 SE", "1 2 dr", "1 2 7"):
        parsed = PUZZLE.parse_solution(instance, f"2\n2 1 E\n{second}\n")
        assert parsed.moves == moves
        assert parsed.lines == (2, 3)


@pytest.mark.parametrize(
    "text,line,reason",
    [
        ("", 1, "move count K"),
        ("two\n", 1, "whole number"),
        ("-1\n", 1, "negative"),
        ("2\n2 1 2 3\n", 3, "says 2 moves but there are 1"),
        ("1\n2 1 2 3\n1 2 3 4\n", 3, "says 1 moves but there are 2"),
        ("2\n2 1 2 3\n1 2 9\n", 3, "unknown direction '9'"),
        ("1\n2 1 2 4\n", 2, "is not a jump"),
        ("1\n2 1\n", 2, "expected 'r1 c1 r2 c2'"),
        ("2\n2 1 2 3\n\n1 2 3 4\n", 3, "blank line among the moves"),
    ],
)
def test_bad_answers_are_rejected_with_their_line(text, line, reason):
    instance = PUZZLE.parse_input("4\n1100\n1100\n0100\n0000\n")
    with pytest.raises(FormatError) as caught:
        PUZZLE.score_solution(instance, text)
    assert caught.value.line == line
    assert reason in str(caught.value)


def test_an_illegal_move_in_an_answer_names_its_line_and_number():
    instance = PUZZLE.parse_input("4\n1100\n1100\n0100\n0000\n")
    with pytest.raises(IllegalMove) as caught:
        PUZZLE.score_solution(instance, "3\n2 1 2 3\n1 2 3 4\n4 4 2 2\n")
    assert (caught.value.line, caught.value.index) == (4, 3)
    assert str(caught.value) == "line 4, move 3: no piece at (4,4)"
