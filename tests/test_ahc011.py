import io
import re
from fractions import Fraction

import pytest
from conftest import data_file, shared_file
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.core.errors import FormatError, IllegalMove
from workbench.core.registry import detect_puzzle
from workbench.core.rng import chacha20_block
from workbench.puzzles.ahc011 import PUZZLE, Board, Case, largest_tree, slide, tree_size
from workbench.puzzles.ahc011.board import OPPOSITE
from workbench.puzzles.ahc011.generator import scramble, unscramble_answer
from workbench.puzzles.ahc011.scoring import contest_score, round_half_away

SAMPLE_OUTPUT = "RRRDLUULDDDDLUUUR"  # the official sample output for seed 0


def case_file(seed: int) -> str:
    return data_file(f"cases/ahc011/{seed:04d}.txt").read_text()


def case(seed: int) -> Case:
    return PUZZLE.parse_input(case_file(seed))


def board(*rows: str) -> Board:
    return Board.from_tiles(len(rows), bytes(int(ch, 16) for row in rows for ch in row))


def hex_rows(b: Board) -> tuple[str, ...]:
    return tuple("".join(f"{t:x}" for t in row) for row in b.rows())


# ------------------------------------------------------------------ moves
@pytest.mark.parametrize(
    "move,rows",
    [
        ("U", ("103", "425", "678")),
        ("D", ("123", "475", "608")),
        ("L", ("123", "045", "678")),
        ("R", ("123", "450", "678")),
    ],
)
def test_the_letter_names_where_the_empty_square_goes(move, rows):
    after = slide(board("123", "405", "678"), move)
    assert hex_rows(after) == rows
    assert after.tiles[after.empty] == 0


def test_moves_off_the_board_are_illegal_and_not_listed():
    corner = board("012", "345", "678")
    assert PUZZLE.legal_moves(None, corner) == ["R", "D"]
    assert PUZZLE.legal_moves(None, board("123", "405", "678")) == ["L", "U", "R", "D"]
    for move in ("U", "L"):
        with pytest.raises(IllegalMove, match=rf"{move} takes the empty square at \(0,0\) off the 3x3 board"):
            slide(corner, move)


@pytest.mark.parametrize("move,shown", [("u", "'u'"), ("\n", "a line break"), (" ", "a space"), ("\x1c", "U+001C")])
def test_characters_outside_LURD_are_illegal_moves(move, shown):
    with pytest.raises(IllegalMove, match="^" + re.escape(f"{shown} is not a move")):
        slide(board("123", "405", "678"), move)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=60))
def test_playing_a_walk_backwards_restores_the_board(picks):
    start = case(0).start
    position, walk = start, []
    for pick in picks:
        legal = PUZZLE.legal_moves(None, position)
        walk.append(legal[pick % len(legal)])
        position = slide(position, walk[-1])
    assert sorted(position.tiles) == sorted(start.tiles)
    for move in reversed(walk):
        position = slide(position, OPPOSITE[move])
    assert position == start


# ------------------------------------------------------------------ tree size
def test_a_cycle_does_not_count_and_equal_trees_go_to_the_first_in_row_major_order():
    # A 2x2 cycle top-left, then two 2-tile trees: (1,2)-(2,2) and (2,0)-(2,1).
    b = board("c90", "638", "412")
    assert largest_tree(b) == (5, 8)
    assert PUZZLE.evaluate(Case(b, 54), b, 0).score == 125000  # 500000 * 2 / 8


def test_a_board_whose_only_component_is_a_cycle_has_tree_size_zero():
    ring = board("c59", "a0a", "653")
    assert largest_tree(ring) == ()
    report = PUZZLE.evaluate(Case(ring, 54), ring, 0)
    assert (report.score, report.fact("S"), report.fact("full tree")) == (0, 0, "no")


def test_stubs_off_the_board_or_without_a_partner_make_no_edge_and_no_cycle():
    b = board("f0", "f1")  # every stub of the f tiles that points off the board or at the gap is ignored
    assert tree_size(b) == 3
    report = PUZZLE.evaluate(Case(b, 16), b, 0)
    assert (report.score, report.fact("full tree")) == (1000000, "yes")
    assert tree_size(board("f0", "f4")) == 2  # 4 points right, off the board; (1,0) has no partner


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 10).flatmap(
        lambda n: st.tuples(
            st.just(n), st.lists(st.integers(1, 15), min_size=n * n - 1, max_size=n * n - 1), st.integers(0, n * n - 1)
        )
    )
)
def test_the_solvers_kernel_finds_the_same_tree_size_as_the_rules(case):
    """solvers.ahc011.grid.tree_size (the numba kernel of bench.engines' tree_evals) against the
    rules module on random boards: cycles, several components, the gap anywhere."""
    import numpy as np

    from solvers.ahc011.grid import tree_size as kernel_tree_size

    n, tiles, gap = case
    tiles.insert(gap, 0)
    b = Board.from_tiles(n, bytes(tiles))
    work = np.zeros(2 * n * n, dtype=np.int32)
    assert kernel_tree_size(n, np.array(tiles, dtype=np.int64), work) == tree_size(b)


# ------------------------------------------------------------------ scoring
def test_the_n8_tie_rounds_half_away_from_zero():
    assert contest_score(63, 63, 1024 - 16, 1024) == 507813
    assert round(507812.5) == 507812  # what Python's round() would wrongly give
    assert [round_half_away(x) for x in (2.5, -2.5, 0.49999999999999994, 1.5)] == [3, -3, 0, 2]


def test_the_f64_score_equals_exact_half_up_rounding_for_every_contest_size():
    for n in range(6, 11):
        limit, tiles = 2 * n**3, n * n - 1
        for k in range(limit + 1):
            exact = Fraction(500000 * (2 * limit - k), limit)
            assert contest_score(tiles, tiles, k, limit) == int(exact + Fraction(1, 2)), (n, k)
        for s in range(tiles):
            assert contest_score(s, tiles, 0, limit) == (1000000 * s + tiles) // (2 * tiles)


@pytest.mark.parametrize(
    "seed,k,score",
    [
        (0, 114, 868056),
        (1, 204, 851312),
        (2, 335, 836426),
        (3, 446, 847051),
        (4, 694, 826500),
        (5, 132, 847222),
        (6, 211, 846210),
        (7, 290, 858398),
        (8, 519, 822016),
        (9, 663, 834250),
        (10, 129, 850694),
        (11, 207, 849125),
        (12, 350, 829102),
        (13, 441, 848765),
        (14, 619, 845250),
        (15, 121, 859954),
        (16, 198, 855685),
        (17, 328, 839844),
        (18, 438, 849794),
        (19, 617, 845750),
    ],
)
def test_the_shared_solutions_score_exactly(seed, k, score):
    text = shared_file(f"solutions/ahc011/{seed:04d}.txt").read_text()
    report = PUZZLE.score_solution(case(seed), text)
    assert (report.score, report.text, report.fact("K"), report.fact("full tree")) == (score, str(score), k, "yes")


def test_the_official_sample_output_and_the_empty_answer_on_seed_0():
    sample = PUZZLE.score_solution(case(0), SAMPLE_OUTPUT + "\n")
    assert (sample.score, sample.fact("S"), sample.fact("M")) == (200000, 14, 35)
    empty = PUZZLE.score_solution(case(0), "")
    assert (empty.score, empty.fact("S")) == (71429, 5)


def test_the_empty_answer_sums_to_5656241_over_the_100_cases():
    assert sum(PUZZLE.score_solution(case(seed), "").score for seed in range(100)) == 5656241


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 57])
def test_the_reversed_scramble_is_a_full_tree_with_k_equal_to_t(seed):
    answer = PUZZLE.format_solution(None, unscramble_answer(seed))
    report = PUZZLE.score_solution(case(seed), answer)
    assert (report.score, report.fact("K"), report.fact("full tree")) == (500000, case(seed).limit, "yes")


# ------------------------------------------------------------------ answers
def test_answers_are_trimmed_and_every_inner_character_is_a_move():
    parsed = PUZZLE.parse_solution(None, "\n\nRR\r\n")
    assert (parsed.moves, parsed.lines) == (("R", "R"), (3, 3))
    assert PUZZLE.parse_solution(None, " \t\n").moves == ()
    assert PUZZLE.format_solution(None, ("R", "D")) == "RD\n"


@pytest.mark.parametrize(
    "text,index,line,shown",
    [
        ("RR\nD\n", 3, 1, "a line break"),
        ("\nR D", 2, 2, "a space"),
        ("Ru", 2, 1, "'u'"),
        ("R\x1c", 2, 1, "U+001C"),  # not whitespace to the judge's trim
    ],
)
def test_a_stray_character_is_an_illegal_move_at_its_position(text, index, line, shown):
    with pytest.raises(IllegalMove) as caught:
        PUZZLE.score_solution(case(0), text)
    assert (caught.value.index, caught.value.line) == (index, line)
    assert str(caught.value).startswith(f"line {line}, move {index}: {shown} is not a move")


def test_illegal_moves_are_reported_before_too_many_moves():
    seed0 = case(0)  # T = 432, the empty square starts at (1,1)
    assert PUZZLE.score_solution(seed0, "LR" * 216).score == 71429  # K = T is allowed
    with pytest.raises(FormatError, match=r"^line 1: too many moves: 434, more than T = 432$"):
        PUZZLE.score_solution(seed0, "LR" * 217)
    with pytest.raises(IllegalMove, match=r"^line 1, move 436: L takes the empty square at \(1,0\) off"):
        PUZZLE.score_solution(seed0, "LR" * 217 + "LL")
    assert PUZZLE.evaluate(seed0, seed0.start, 433).score == 0


# ------------------------------------------------------------------ inputs
def test_every_shared_case_round_trips_and_is_detected():
    for seed in range(100):
        text = case_file(seed)
        assert PUZZLE.format_input(PUZZLE.parse_input(text)) == text
        assert detect_puzzle(text) is PUZZLE


def test_hex_is_read_in_either_case_and_written_in_lowercase():
    text = case_file(0)
    assert PUZZLE.format_input(PUZZLE.parse_input(text.upper().replace("\n", "\r\n") + "\r\n")) == text


def test_sniff_wants_the_contest_limit():
    assert PUZZLE.sniff("3 54\n123\n405\n678\n")
    assert not PUZZLE.sniff("3 55\n123\n405\n678\n")
    assert PUZZLE.parse_input("3 55\n123\n405\n678\n").limit == 55
    assert not PUZZLE.sniff("4\n1100\n1100\n0100\n0000\n")


@pytest.mark.parametrize(
    "text,line,reason",
    [
        ("", 1, "expected 'N T'"),
        ("6\n", 1, "expected 'N T' (board side and move limit), got '6'"),
        ("1 2\n0\n", 1, "N must be 2..30 (the contest uses 6..10), got 1"),
        ("3 0\n123\n405\n678\n", 1, "the move limit T must be at least 1, got 0"),
        ("3 54\n123\n4056\n678\n", 3, "expected 3 hex digits, got 4"),
        ("3 54\n123\n4g5\n678\n", 3, "column 2: 'g' is not a hex digit"),
        ("3 54\n103\n405\n678\n", 3, "a second empty square '0' (the first is on line 2)"),
        ("3 54\n100\n425\n678\n", 2, "a second empty square '0' (the first is on line 2)"),
        ("3 54\n123\n\n405\n678\n", 3, "blank line inside the board"),
        ("3 54\n123\n405\n", 4, "the board has 2 rows, the header says 3"),
        ("3 54\n123\n405\n678\nxyz\n", 5, "unexpected text after the 3 board rows"),
        ("3 54\n123\n456\n789\n", None, "no empty square '0' on the board (lines 2-4)"),
    ],
)
def test_bad_inputs_are_rejected_with_their_line(text, line, reason):
    with pytest.raises(FormatError) as caught:
        PUZZLE.parse_input(text)
    assert caught.value.line == line
    assert reason in str(caught.value)


# ------------------------------------------------------------------ generator
def test_the_generator_reproduces_all_100_shared_cases():
    for seed in range(100):
        assert PUZZLE.format_input(PUZZLE.generate(seed)) == shared_file(f"cases/ahc011/{seed:04d}.txt").read_text()


def test_the_scramble_walk_never_steps_straight_back_and_has_t_steps():
    made = scramble(7)
    assert len(made.walk) == made.case.limit == 1024
    assert all(OPPOSITE[a] != b for a, b in zip(made.walk, made.walk[1:]))


def test_a_practice_size_keeps_the_procedure():
    made = PUZZLE.generate(1, size=3)
    assert (made.n, made.limit) == (3, 54)
    answer = PUZZLE.format_solution(made, unscramble_answer(1, size=3))
    assert PUZZLE.score_solution(made, answer).score == 500000
    with pytest.raises(ValueError, match="2..30"):
        PUZZLE.generate(1, size=31)


def test_chacha20_matches_the_zero_key_test_vector():
    first = b"".join(w.to_bytes(4, "little") for w in chacha20_block([0] * 8, 0))
    assert first.hex() == (
        "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
        "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"
    )


# ------------------------------------------------------------------ CLI and agent
def test_cli_scores_a_valid_answer(tmp_path, capsys):
    answer = tmp_path / "0000.out"
    answer.write_text(SAMPLE_OUTPUT + "\n")
    assert main(["score", "ahc011", str(data_file("cases/ahc011/0000.txt")), str(answer)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "200000"
    assert "S: 14" in out and "full tree: no" in out


def test_cli_rejects_an_answer_split_across_lines(tmp_path, capsys):
    answer = tmp_path / "bad.out"
    answer.write_text("RRR\nDLU\n")
    assert main(["score", "ahc011", str(data_file("cases/ahc011/0000.txt")), str(answer)]) == 1
    assert "line 1, move 4: a line break is not a move" in capsys.readouterr().err


def test_cli_gen_writes_the_shared_case(capsys):
    assert main(["gen", "ahc011", "13"]) == 0
    assert capsys.readouterr().out == case_file(13)


def test_the_agent_reads_stdin_and_writes_one_line_of_moves():
    seen = []

    def solve(instance):
        seen.append(instance)
        return list(SAMPLE_OUTPUT)

    stdout = io.StringIO()
    PUZZLE.agent(io.StringIO(case_file(0)), stdout, solve)
    assert seen == [case(0)]
    assert stdout.getvalue() == SAMPLE_OUTPUT + "\n"
