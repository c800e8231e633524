"""Parsing faults: every judge's numbers and whitespace, no traceback, readable messages.

Each reproduction file of ../shared/repro/ is scored here in-process through the CLI
entry point; the exact message (line, reason) is asserted.
"""

import io

import pytest

from workbench.cli import main as cli
from workbench.core.errors import FormatError, IllegalMove, WorkbenchError, readable, shown
from workbench.core.judge_text import JAVA, JAVA_INT, RUST, C, content_lines, iter_lines
from workbench.core.registry import get_puzzle


@pytest.fixture
def repro(data_root):
    return data_root / "repro"


def score(capsys, *args):
    status = cli(["score", *map(str, args)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# ------------------------------------------------------------------ the judges' readers
@pytest.mark.parametrize("token", ["٤٦", "４６", "4_6", "1_0", " 46", "46 ", "4.6", "0x10", "", "+", "--1", "٤"])
def test_no_dialect_reads_what_python_int_would_but_a_judge_would_not(token):
    for dialect in (RUST, C, JAVA):
        assert dialect.integer(token) is None


@pytest.mark.parametrize("token, value", [("46", 46), ("+5", 5), ("007", 7), ("-0", 0), ("-12", -12)])
def test_ascii_integers_with_a_sign(token, value):
    assert C.integer(token) == value
    assert JAVA.integer(token, *JAVA_INT) == value


def test_integers_beyond_any_machine_word_are_out_of_range_without_int_conversion():
    huge = "9" * 5000  # Python's int() would raise ValueError past 4,300 digits
    assert C.integer(huge) is None and C.is_integer(huge)
    assert C.integer("0" * 5000 + "7") == 7  # leading zeros do not count
    assert JAVA.integer("2147483648", *JAVA_INT) is None
    assert JAVA.integer("-2147483648", *JAVA_INT) == -(2**31)


def test_each_judge_has_its_own_whitespace():
    line = "F\x1f"
    assert line.strip() == "F"  # Python drops the unit separator ...
    assert RUST.trim(line) == "F\x1f"  # ... Rust's trim keeps it
    assert C.split("1\x1c2") == ["1\x1c2"]  # not a separator for scanf
    assert C.split("1\x0b2\t3\r") == ["1", "2", "3"]
    assert RUST.split("1\u30002") == ["1", "2"]  # ideographic space is Rust whitespace
    assert C.split("1\u30002") == ["1\u30002"]
    assert JAVA.trim("\x01 x \x1f") == "x"  # String.trim strips everything up to U+0020


def test_only_line_feed_ends_a_line_for_scanf_and_rust_judges():
    text = "a\x0bb\x1cc\u2028d\r\ne\n"
    assert C.lines(text) == ["a\x0bb\x1cc\u2028d\r", "e"]
    assert text.splitlines() != C.lines(text)
    assert JAVA.lines("a\rb\r\nc\n") == ["a", "b", "c"]
    assert content_lines("x\r\n\n \n", C) == [(1, "x")]
    assert list(iter_lines("1\n\n2", C)) == [(1, "1"), (2, ""), (3, "2")]


# ------------------------------------------------------------------ wrong scores with exit 0
def test_codevs_answer_with_a_byte_order_mark_is_refused_not_scored_without_its_first_move(data_root, repro, capsys):
    packs = data_root / "cases/codevs/packs_1.txt"
    status, out, _ = score(capsys, "codevs", packs, repro / "codevs_answer_plain.out")
    assert status == 0 and out.splitlines()[-1] == "138"
    status, out, err = score(capsys, "codevs", packs, repro / "codevs_answer_bom.out")
    assert status == 1 and out == ""
    assert err == (
        f"invalid answer {repro / 'codevs_answer_bom.out'}: line 1: expected a command 'X R' or 'S', got '\\ufeff4 1'\n"
    )


@pytest.mark.parametrize("first", ["\ufeff4 1", "4 1,", "4  1 x0", "41", "\x00", "4 1\x1c"])
def test_a_damaged_first_codevs_line_is_not_taken_for_the_ai_name(first):
    codevs = get_puzzle("codevs")
    case = codevs.generate(1)
    with pytest.raises(FormatError) as caught:
        codevs.parse_solution(case, f"{first}\n0 0\n")
    assert caught.value.line == 1


@pytest.mark.parametrize("name", ["PuzzleWorkbench", "AI 1", "チーム"])
def test_a_real_ai_name_on_the_first_codevs_line_is_still_skipped(name):
    codevs = get_puzzle("codevs")
    case = codevs.generate(1)
    assert codevs.parse_solution(case, f"{name}\n4 1\n").moves == codevs.parse_solution(case, "4 1\n").moves


@pytest.mark.parametrize("name, token", [("arabic_digits", "٤٦"), ("fullwidth", "４６"), ("underscore", "4_6")])
def test_comesolo_counts_in_other_digits_are_refused(repro, capsys, name, token):
    answer = repro / f"comesolo_count_{name}.out"
    status, out, err = score(capsys, "comesolo", repro / "comesolo_rand_10_d50.txt", answer)
    assert status == 1 and out == ""
    assert err == f"invalid answer {answer}: line 1: the move count K must be a whole number, got '{token}'\n"


def test_comesolo_header_1_0_is_not_ten(repro, capsys):
    status, _, err = score(capsys, "comesolo", repro / "comesolo_input_header_1_0.txt", repro / "base_comesolo.out")
    assert status == 1
    assert err == "error: line 1: the board size must be a whole number, got '1_0'\n"


def test_ahc015_line_with_a_unit_separator_is_refused_as_the_judge_does(data_root, repro, capsys):
    answer = repro / "ahc015_unit_separator.out"
    status, out, err = score(capsys, "ahc015", data_root / "cases/ahc015/0000.txt", answer)
    assert status == 1 and out == ""
    assert err == f"invalid answer {answer}: line 1: 'B\\x1f' is not one direction letter (one tilt per line)\n"


# ------------------------------------------------------------------ 5,000-digit integers
@pytest.mark.parametrize(
    "puzzle, board, answer, message",
    [
        (
            "ahc011",
            "repro/ahc011_header_5000digits.txt",
            "repro/base_ahc011.out",
            "error: line 1: expected 'N T' (board side and move limit), got '999",
        ),
        (
            "ahc015",
            "repro/ahc015_input_5000digits.txt",
            "repro/base_ahc015.out",
            "error: line 2: p_1 must be a whole number, got '999",
        ),
        (
            "rolling-balls",
            "cases/rolling-balls/seed_2.txt",
            "repro/rb_answer_5000digits.out",
            "line 1: the first line must be exactly the number of rolls N, got '999",
        ),
        (
            "codevs",
            "cases/codevs/packs_1.txt",
            "repro/codevs_answer_5000digits.out",
            "line 1: expected a command 'X R' or 'S', got '999",
        ),
    ],
)
def test_integers_over_4300_digits_are_a_clear_message(data_root, capsys, puzzle, board, answer, message):
    status, _, err = score(capsys, puzzle, data_root / board, data_root / answer)
    assert status == 1
    assert message in err and "more characters)" in err and "Traceback" not in err
    assert len(err) < 400  # the 5,000 digits are cut


def test_agents_read_5000_digit_numbers_without_a_traceback(repro, monkeypatch, capsys):
    for puzzle, name, message in [
        ("ahc015", "agent_ahc015_p1-5000-digits.txt", "error: line 2: p_1 must be a whole number, got '999"),
        (
            "rolling-balls",
            "agent_rolling-balls_H-5000-digits.txt",
            "error: line 1: the board height H must be a whole number, got '999",
        ),
    ]:
        monkeypatch.setattr("sys.stdin", io.StringIO((repro / name).read_text()))
        assert cli(["agent", puzzle, "--nodes", "50"]) == 1
        assert capsys.readouterr().err.startswith(message)


# ------------------------------------------------------------------ the codevs agent
@pytest.mark.parametrize(
    "name, message",
    [
        ("field-256", "error: line 1521: a field row is 10 values 0..9 or 11 (ojama), got '0 0 0 0 0 0 0 0 0 256'"),
        ("field-pair-sums-10", "error: line 1522: your field: the start field has touching blocks that sum to 10"),
        ("gauge-negative", "error: line 1504: your skill gauge must be at least 0, got '-1'"),
        (
            "stock-huge",
            "error: line 1503: your ojama stock must be 0..1000000000, got '1000000000000000000000000000000'",
        ),
        ("stock-negative", "error: line 1503: your ojama stock must be 0..1000000000, got '-5'"),
    ],
)
def test_codevs_agent_refuses_impossible_positions_clearly(repro, monkeypatch, capsys, name, message):
    monkeypatch.setattr("sys.stdin", io.StringIO((repro / f"agent_codevs_{name}.txt").read_text()))
    assert cli(["agent", "codevs", "--nodes", "50"]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith(message)
    assert captured.out == "PuzzleWorkbench\n"


def test_codevs_agent_field_value_minus_one_is_refused(data_root, monkeypatch, capsys):
    packs = (data_root / "cases/codevs/packs_1.txt").read_text().splitlines()[:1500]
    row = "0 0 0 0 0 0 0 0 0 0"
    turn = [
        "0",
        "180000",
        "0",
        "0",
        "0",
        "-1 0 0 0 0 0 0 0 0 0",
        *[row] * 15,
        "END",
        "180000",
        "0",
        "0",
        "0",
        *[row] * 16,
        "END",
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(packs + turn) + "\n"))
    assert cli(["agent", "codevs", "--nodes", "50"]) == 1
    assert capsys.readouterr().err == (
        "error: line 1506: a field row is 10 values 0..9 or 11 (ojama), got '-1 0 0 0 0 0 0 0 0 0'\n"
    )


# ------------------------------------------------------------------ messages that echo input
def test_carriage_returns_are_shown_escaped(data_root, repro, capsys):
    status, _, err = score(capsys, "ahc015", data_root / "cases/ahc015/0000.txt", repro / "ahc015_cr_only.out")
    assert status == 1
    assert "\r" not in err and "'B\\rB\\rR\\r" in err and "more characters)" in err


def test_a_100_kb_line_is_cut(data_root, repro, capsys):
    status, _, err = score(capsys, "ahc015", data_root / "cases/ahc015/0000.txt", repro / "ahc015_long_line.out")
    assert status == 1
    assert err.endswith("(+99940 more characters) is not one direction letter (one tilt per line)\n")
    assert len(err) < 300


def test_every_workbench_error_is_printable_and_bounded():
    error = FormatError("got '" + "\x1b[2J\u202e" * 10_000 + "'", 4)
    text = str(error)
    assert text.isprintable() and len(text) < 2100
    assert text.startswith("line 4: got '\\x1b[2J\\u202e") and text.endswith("\\u202e'")
    assert readable("two\nlines") == "two\nlines"
    assert shown("٤٦ ok") == "'٤٦ ok'"  # printable text of any script is kept as it is


# ------------------------------------------------------------------ huge answers
def test_a_ten_million_move_ahc011_answer_is_refused_at_the_first_bad_move(data_root):
    ahc011 = get_puzzle("ahc011")
    case = ahc011.parse_input((data_root / "cases/ahc011/0000.txt").read_text())
    row, _ = case.start.empty_cell
    up, down = ("U", "D") if row > 0 else ("D", "U")
    with pytest.raises(FormatError, match=r"^line 1: too many moves: 10000000, more than T = 432$"):
        ahc011.score_solution(case, (up + down) * 5_000_000 + "\n")
    with pytest.raises(IllegalMove) as caught:
        ahc011.score_solution(case, (up + down) * 3_000_000 + "X" + "\n" + up * 10)
    assert (caught.value.index, caught.value.line) == (6_000_001, 1)


@pytest.mark.parametrize("chunk", [1 << 20, 1, 7])
def test_long_ahc011_answers_fail_exactly_as_a_full_replay_does(data_root, monkeypatch, chunk):
    """The array pass (answers longer than T) names the same move and message as playing each move,
    wherever the bad move falls among the chunks it walks."""
    import random

    monkeypatch.setattr("workbench.puzzles.ahc011.formats.LONG_ANSWER_CHUNK", chunk)
    ahc011 = get_puzzle("ahc011")
    case = ahc011.parse_input((data_root / "cases/ahc011/0003.txt").read_text())
    rng = random.Random(14)
    for _ in range(40):
        text = "".join(rng.choice("UDLR" * 20 + "x\n ") for _ in range(case.limit + rng.randint(1, 200)))
        parsed = ahc011.parse_solution(case, text)
        try:
            ahc011.final_state(case, parsed.moves, parsed.lines)
            expected = None
        except IllegalMove as error:
            expected = str(error)
        with pytest.raises(WorkbenchError) as caught:
            ahc011.score_solution(case, text)
        if expected is not None:
            assert str(caught.value) == expected
        else:
            assert "too many moves" in str(caught.value)


def test_a_ten_million_move_comesolo_count_is_refused_on_line_1(repro):
    comesolo = get_puzzle("comesolo")
    board = comesolo.parse_input((repro / "comesolo_rand_10_d50.txt").read_text())
    text = "10000000\n" + "1 1 1 3\n" * 10_000_000
    with pytest.raises(FormatError, match=r"^line 1: the count line says 10000000 moves, more than the 46 jumps"):
        comesolo.score_solution(board, text)


def test_dev_zero_and_fifos_are_refused_not_read(data_root, tmp_path, capsys):
    import os

    fifo = tmp_path / "answer.fifo"
    os.mkfifo(fifo)
    case = data_root / "cases/ahc015/0000.txt"
    status, _, err = score(capsys, "ahc015", case, fifo)
    assert status == 1 and f"{fifo} is a pipe (FIFO), not a file" in err
    status, _, err = score(capsys, "ahc015", case, "/dev/zero")
    assert status == 1 and "/dev/zero is a device, not a file" in err
    status, _, err = score(capsys, "ahc015", case, tmp_path)
    assert status == 1 and f"{tmp_path} is a folder, not a file" in err


def test_reading_is_capped(tmp_path):
    from workbench.core.files import read_text

    big = tmp_path / "big.out"
    big.write_bytes(b"U" * 2000)
    with pytest.raises(FormatError, match=r"is 2,000 bytes, more than the 1,000 bytes"):
        read_text(big, limit=1000)
    assert read_text(big, limit=2000) == "U" * 2000


@pytest.mark.parametrize("puzzle", ["ahc015", "codevs", "rolling-balls"])
def test_agents_refuse_an_endless_line_instead_of_filling_memory(monkeypatch, capsys, puzzle):
    from workbench.core import judge_text

    monkeypatch.setattr(judge_text, "MAX_LINE_CHARS", 1000)
    monkeypatch.setattr("sys.stdin", io.StringIO("\0" * 5000))
    assert cli(["agent", puzzle, "--nodes", "50"]) == 1
    assert capsys.readouterr().err == "error: line 1: the line is longer than 1,000 characters; no contest sends that\n"


def test_a_whole_input_agent_refuses_an_endless_input(monkeypatch, capsys):
    from workbench.core import judge_text

    monkeypatch.setattr(judge_text, "MAX_STREAM_CHARS", 1000)
    monkeypatch.setattr("sys.stdin", io.StringIO("1" * 5000))
    assert cli(["agent", "comesolo", "--nodes", "50"]) == 1
    assert capsys.readouterr().err == "error: the input is longer than 1,000 characters; no contest sends that\n"
