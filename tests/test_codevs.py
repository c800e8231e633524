"""codevs: the CODE VS Reborn engine, its files and its puzzle score, against hand-built
positions, third-party regression boards and the shared contest pack files."""

from collections import Counter

import pytest
from conftest import data_file, shared_file

from workbench.cli import main
from workbench.core.errors import FormatError, IllegalMove
from workbench.core.registry import detect_puzzle
from workbench.puzzles.codevs import PUZZLE, SKILL, Case, Drop, Field, State, chain_score, explosion_score
from workbench.puzzles.codevs.field import OJAMA, land, pair_mask, rotate

CASES = data_file("cases/codevs")  # three of the real pack files (tests/data/codevs)
O = OJAMA


def play(field, pack, move, gauge=0, incoming=()):
    """One turn from a hand-built field; returns the Transition."""
    case = Case((pack, pack), 2, incoming)
    return PUZZLE.apply(case, State(field=field, gauge=gauge), move)


# ---------------------------------------------------------------- packs
def test_rotation_table_is_clockwise():
    assert [rotate((1, 2, 3, 4), r) for r in range(4)] == [
        (1, 2, 3, 4),  # a b / c d
        (3, 1, 4, 2),  # c a / d b
        (4, 3, 2, 1),  # d c / b a
        (2, 4, 1, 3),  # b d / a c
    ]
    assert rotate((8, 5, 5, 0), 1) == (5, 8, 0, 5)  # the spec's example


def test_pack_columns_fall_on_their_own_and_gaps_close():
    field = Field.from_columns([[], [], [O, O, O]])
    # 0 2 / 8 0 at column 0: the 8 lands on the floor, the 2 falls to the floor beside it.
    dropped, landed = land(Field(), (0, 2, 8, 0), 0, 0)
    assert (dropped.column(0), dropped.column(1)) == (bytes([8]), bytes([2]))
    assert landed == ((0, 0), (1, 0))
    # 4 0 / 0 7 at column 1, rotation 2 (7 0 / 0 4): the 7 falls to the floor of column 1,
    # the 4 lands on the three ojama of column 2.
    dropped, landed = land(field, (4, 0, 0, 7), 1, 2)
    assert dropped.column(1) == bytes([7])
    assert dropped.column(2) == bytes([O, O, O, 4])
    assert landed == ((1, 0), (2, 3))


# ---------------------------------------------------------------- erasing and chains
def test_official_sample_one_chain_leaves_two_nines():
    case = Case(((9, 8, 9, 2),), 1)
    after = PUZZLE.apply(case, PUZZLE.initial_state(case), Drop(0, 0)).state
    assert (after.last.chains, after.last.score, after.gauge) == (1, 1, 8)
    assert after.field == Field.from_columns([[9, 9]])
    assert after.turn == 1


def test_a_block_in_two_pairs_is_erased_once():
    # A 7 lands between two 3s: both pairs go at once, three blocks in one chain.
    field = Field.from_columns([[3], [], [3]])
    transition = play(field, (0, 1, 7, 1), Drop(1, 0))
    assert transition.state.last.chains == 1
    assert transition.state.field == Field.from_columns([[], [], [1, 1]])
    erase = [f for f in transition.frames if "erased" in f.caption]
    assert [f.caption for f in erase] == ["chain 1: 3 blocks erased"]
    assert sorted(erase[0].highlight) == [(0, 0), (1, 0), (2, 0)]


def test_pairs_are_found_in_all_eight_directions_and_never_with_ojama_or_empty():
    field = Field.from_rows(
        [
            [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [O, 9, 0, 4, 0, 0, 0, 0, 0, 0],
            [O, O, 6, 2, 0, 0, 0, 0, 0, 0],
        ]
    )
    # 1 (top left) and 9 touch diagonally, 4 and 6 too; ojama beside everything stays.
    marked = pair_mask(field)
    assert {(int(x), int(y)) for x, y in zip(*marked.nonzero())} == {(0, 2), (1, 1), (3, 1), (2, 0)}


def test_hand_built_five_chain():
    # Column 0 from the floor: 1 2 3 4 7 6 7 8 9, nested around the 7 at row 4.
    # The pack's 3 lands on four ojama beside it: 3+7 (chain 1), then 4+6, 3+7, 2+8, 1+9 meet
    # as column 0 falls (chains 2..5). The pack's two 1s land in column 2 and stay.
    field = Field.from_columns([[1, 2, 3, 4, 7, 6, 7, 8, 9], [O, O, O, O]])
    transition = play(field, (0, 1, 3, 1), Drop(1, 0))
    result = transition.state.last
    # floor(1.3^i) for i = 1..5 is 1, 1, 2, 2, 3.
    assert (result.chains, result.chain_score, result.ojama) == (5, 9, 4)
    assert transition.state.field == Field.from_columns([[], [O, O, O, O], [1, 1]])
    assert transition.state.gauge == 8
    assert [f.caption for f in transition.frames] == [
        "pack 0 1 / 3 1 dropped at column 1, rotation 0",
        "chain 1: 2 blocks erased",
        "chain 1: the blocks above fell",
        "chain 2: 2 blocks erased",
        "chain 2: the blocks above fell",
        "chain 3: 2 blocks erased",
        "chain 3: the blocks above fell",
        "chain 4: 2 blocks erased",
        "chain 4: the blocks above fell",
        "chain 5: 2 blocks erased",
        "chain 5: the blocks above fell",
    ]
    assert sorted(transition.frames[1].highlight) == [(0, 4), (1, 4)]
    assert sorted(transition.frames[3].highlight) == [(0, 3), (0, 4)]


# Regression boards of togatoga/codevs_reborn src/simulator.rs (test_simulate and
# test_simulate_with_obstacles), an independent simulator: top row first, 16 rows.
TOGA_13_CHAIN = [
    [0, 0, 0, 0, 2, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 4, 0, 0, 0, 0, 0],
    [0, 0, 0, 7, 4, 0, 0, 0, 0, 0],
    [0, 0, 0, 4, 4, 8, 0, 0, 0, 0],
    [0, 0, 0, 9, 8, 4, 0, 0, 0, 0],
    [0, 0, 0, 3, 4, 8, 9, 0, 0, 0],
    [0, 0, 0, 5, 9, 4, 8, 0, 0, 0],
    [0, 0, 1, 6, 3, 4, 1, 0, 0, 0],
    [0, 0, 6, 5, 1, 2, 3, 4, 0, 0],
    [0, 0, 1, 3, 6, 2, 2, 1, 0, 0],
]
TOGA_15_CHAIN = [
    [0, 0, 0, O, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, O, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, O, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 7, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 7, 0, 0, 0, 0, 0, 0],
    [0, 0, O, 4, O, 0, 0, 0, 0, 0],
    [0, 0, O, 9, O, O, 7, 0, 0, 0],
    [0, 0, O, 6, O, O, O, 7, 0, 0],
    [0, 0, 3, 1, 8, O, O, 9, 0, 0],
    [0, 0, 8, 6, 1, 3, 5, O, 0, 0],
    [0, 0, 6, 5, 8, 8, 1, O, 0, 0],
    [0, O, 7, 7, 7, 5, O, 3, 0, 0],
    [O, 6, 9, 2, 1, 6, 2, O, O, O],
    [O, O, 3, 2, 5, 6, 2, 9, O, O],
    [O, O, 3, 9, 3, 9, 2, 6, O, O],
]
TOGA_15_CHAIN_AFTER = [
    [0, 0, 0, 0, 0, 0, 0, 6, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 2, 0, 0],
    [0, 0, 0, 0, 0, 0, O, O, 0, 0],
    [0, 0, 0, 0, 0, O, 7, 7, 0, 0],
    [0, O, O, O, 0, O, O, O, 0, 0],
    [O, O, O, O, O, O, O, O, O, O],
    [O, 6, O, O, O, O, O, O, O, O],
    [O, O, O, O, O, 6, 2, 9, O, O],
    [O, O, 6, 6, O, 6, 2, 6, O, O],
]


def test_thirteen_chain_of_an_independent_simulator():
    transition = play(Field.from_rows(TOGA_13_CHAIN), (7, 6, 6, 9), Drop(6, 0))
    result = transition.state.last
    assert (result.chains, result.chain_score, result.ojama) == (13, 120, 60)
    assert transition.state.field == Field.from_rows(
        [
            [0, 0, 0, 0, 4, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 4, 0, 0, 0, 0, 0],
            [0, 0, 1, 3, 4, 4, 0, 0, 0, 0],
        ]
    )


def test_fifteen_chain_after_a_falling_ojama_row():
    # The scheduled stock of 10 drops one ojama row before the pack (spec §2.7 step 1).
    transition = play(Field.from_rows(TOGA_15_CHAIN), (6, 7, 2, 0), Drop(7, 0), incoming=(10,))
    result = transition.state.last
    assert (result.chains, result.chain_score, result.ojama) == (15, 210, 105)
    assert transition.state.field == Field.from_rows(TOGA_15_CHAIN_AFTER)
    assert transition.frames[0].caption == "a row of ojama fell, 0 left in stock"


def test_chain_score_and_ojama_tables_of_the_spec():
    scores = [0, 1, 2, 4, 6, 9, 13, 19, 27, 37, 50, 67, 90, 120, 159, 210, 276, 362, 474, 620, 810]
    assert [chain_score(c) for c in range(21)] == scores
    assert [chain_score(c) // 2 for c in range(10, 19)] == [25, 33, 45, 60, 79, 105, 138, 181, 237]


# ---------------------------------------------------------------- skill
def test_explosion_score_is_exact():
    assert [explosion_score(b) for b in (0, 1, 5, 12, 24)] == [0, 26, 33, 50, 100]
    # The spec: a double floors correctly for every b <= 160; the integer form must agree.
    assert all(explosion_score(b) == int(25 * 2 ** (b / 12)) for b in range(1, 161))


def test_skill_explosion_plus_skill_chains_floor_separately():
    # A 5 on six ojama beside column 0 explodes with three 2s of column 0 and the 1 of
    # column 2 (b = 5, score 33); column 0 then falls into 1+9, 4+6, 3+7, 2+8, 1+9: five
    # skill chains (score 9). Ojama 33 // 2 + 9 // 2 = 16 + 4 = 20, the official example.
    field = Field.from_columns(
        [
            [1, 2, 3, 4, 1, 2, 2, 2, 9, 6, 7, 8, 9],
            [O, O, O, O, O, O, 5],
            [O, O, O, O, O, O, 1],
        ]
    )
    transition = play(field, (1, 1, 1, 0), SKILL, gauge=80)
    result = transition.state.last
    assert (result.exploded, result.explosion_score, result.chains, result.chain_score) == (5, 33, 5, 9)
    assert result.ojama == 20 and result.score == 42
    assert transition.state.gauge == 8  # reset to 0, then +8 for the skill chains
    assert transition.state.field == Field.from_columns([[], [O] * 6, [O] * 6])
    assert transition.frames[0].caption == "skill: 5 blocks explode (score 33)"
    assert sorted(transition.frames[0].highlight) == [(0, 5), (0, 6), (0, 7), (1, 6), (2, 6)]


def test_skill_erases_the_five_itself_but_never_ojama_and_discards_the_pack():
    field = Field.from_columns([[O, 5], [O]])
    case = Case(((9, 1, 1, 9), (9, 8, 9, 2)), 2)
    after = PUZZLE.apply(case, State(field=field, gauge=100), SKILL).state
    assert (after.last.exploded, after.last.explosion_score, after.last.ojama) == (1, 26, 13)
    assert after.field == Field.from_columns([[O], [O]])
    assert (after.gauge, after.turn) == (0, 1)
    # The next turn uses the second pack (the official sample's), not the discarded first.
    after = PUZZLE.apply(case, after, Drop(2, 0)).state
    assert after.field == Field.from_columns([[O], [O], [9, 9]])


def test_skill_needs_a_gauge_of_80_at_the_end_of_the_previous_turn():
    with pytest.raises(IllegalMove, match="needs a gauge of 80 .* it is 79"):
        play(Field(), (1, 1, 1, 0), SKILL, gauge=79)


def test_gauge_is_capped_at_100():
    after = play(Field(), (9, 8, 9, 2), Drop(0, 0), gauge=96).state
    assert after.gauge == 100


# ---------------------------------------------------------------- danger line, ojama stock
def test_danger_line_is_checked_only_after_the_chains():
    tower = Field.from_columns([[O] * 16])
    # 9 then 1 land on rows 17 and 18 of column 0, pair up and vanish: the turn is safe.
    after = play(tower, (1, 2, 9, 3), Drop(0, 0)).state
    assert after.field.height(0) == 16 and after.last.chains == 1
    with pytest.raises(IllegalMove, match="the field is over the danger line after turn 1"):
        play(tower, (1, 2, 8, 3), Drop(0, 0))


def test_an_ojama_row_falls_each_turn_the_stock_holds_ten_and_our_ojama_cancels_stock():
    case = Case(((1, 1, 1, 0), (1, 1, 1, 0), (9, 8, 9, 2)), 3, incoming=(25,))
    state = PUZZLE.initial_state(case)
    state = PUZZLE.apply(case, state, Drop(0, 0)).state
    assert (state.stock, state.field.column(9)) == (15, bytes([O]))
    state = PUZZLE.apply(case, state, Drop(0, 0)).state
    assert (state.stock, state.field.column(9)) == (5, bytes([O, O]))
    state = PUZZLE.apply(case, state, Drop(4, 0)).state
    assert (state.stock, state.field.column(9)) == (5, bytes([O, O]))  # under 10: nothing falls
    five_chain = Case(((0, 1, 3, 1),), 1, incoming=(5,))
    start = State(field=Field.from_columns([[1, 2, 3, 4, 7, 6, 7, 8, 9], [O, O, O, O]]))
    assert PUZZLE.apply(five_chain, start, Drop(1, 0)).state.stock == 1  # its 4 ojama cancel 4 of 5


# ---------------------------------------------------------------- moves and score
def test_legal_moves_leave_out_drops_over_the_danger_line():
    case = Case(((1, 2, 8, 3),), 1)
    assert len(PUZZLE.legal_moves(case, PUZZLE.initial_state(case))) == 36
    tower = State(field=Field.from_columns([[O] * 16, [O] * 16]), gauge=80)
    legal = PUZZLE.legal_moves(case, tower)
    assert SKILL in legal and len(legal) == 1 + 4 * 7  # x = 0 and x = 1 would stick up


def test_invalid_commands_name_the_line_and_the_move():
    case = Case(((9, 8, 9, 2),) * 3, 3)
    for text, message in [
        ("bot\n0 0\n9 0\n", "line 3, move 2: X must be 0..8, got 9"),
        ("0 4\n", "line 1, move 1: R must be 0..3, got 4"),
        ("0 0\n-1 0\n", "line 2, move 2: X must be 0..8, got -1"),
    ]:
        with pytest.raises(IllegalMove) as error:
            PUZZLE.score_solution(case, text)
        assert str(error.value) == message


def test_answer_format_name_line_blank_lines_and_the_turn_budget():
    case = Case(((9, 8, 9, 2),) * 3, 2)
    parsed = PUZZLE.parse_solution(case, "My AI\n 0 0\nS\n\n")
    assert parsed.moves == (Drop(0, 0), SKILL) and parsed.lines == (2, 3)
    assert PUZZLE.parse_solution(case, "3 1\n").moves == (Drop(3, 1),)
    for text, message in [
        ("0 0\nbot\n", "line 2: expected a command 'X R' or 'S', got 'bot'"),
        ("0 0\n\n1 1\n", "line 2: expected a command 'X R' or 'S', got a blank line"),
        ("0 0\n1 2 3\n", "line 2: expected a command 'X R' or 'S', got '1 2 3'"),
        ("name\n0 0\n1 1\n2 2\n", "line 4: more commands than the turn budget of 2"),
    ]:
        with pytest.raises(FormatError) as error:
            PUZZLE.parse_solution(case, text)
        assert str(error.value) == message
    assert PUZZLE.format_solution(case, [Drop(0, 0), SKILL, (8, 3)]) == "0 0\nS\n8 3\n"


def test_score_is_the_best_ojama_of_one_turn_and_the_first_turn_keeps_a_tie():
    # The five-chain of test_hand_built_five_chain, and its mirror image on the right.
    field = Field.from_columns(
        [[1, 2, 3, 4, 7, 6, 7, 8, 9], [O, O, O, O], [], [], [], [], [], [], [O, O, O, O], [1, 2, 3, 4, 7, 6, 7, 8, 9]]
    )
    case = Case(((0, 1, 3, 1), (1, 0, 1, 3), (9, 8, 9, 2)), 3)
    state = State(field=field)
    for move in (Drop(1, 0), Drop(7, 0), Drop(4, 0)):
        state = PUZZLE.apply(case, state, move).state
    report = PUZZLE.evaluate(case, state, 3)
    assert (report.score, report.text) == (4, "4")
    assert report.facts == (
        ("best ojama", 4),
        ("best ojama turn", 1),
        ("max chain", 5),
        ("total score", 9 + 9 + 1),
        ("turns played", 3),
        ("gauge", 24),
    )


def test_random_legal_play_keeps_the_field_settled_and_replays_from_its_answer():
    case = PUZZLE.parse_input((CASES / "packs_1.txt").read_text())
    state, moves = PUZZLE.initial_state(case), []
    for turn in range(25):
        legal = PUZZLE.legal_moves(case, state)
        move = legal[(turn * 7) % len(legal)]
        state = PUZZLE.apply(case, state, move).state
        moves.append(move)
        assert not pair_mask(state.field).any()
        assert max(state.field.height(x) for x in range(10)) <= 16
    report = PUZZLE.score_solution(case, PUZZLE.format_solution(case, moves))
    assert report == PUZZLE.evaluate(case, state, len(moves))


# ---------------------------------------------------------------- files
def test_every_shared_pack_file_loads_500_packs():
    folder = shared_file("cases/codevs")  # all 211
    files = sorted(folder.glob("*.txt"))
    assert len(files) == 211
    sequences = set()
    for path in files:
        text = path.read_text()
        case = PUZZLE.parse_input(text)
        assert len(case.packs) == 500 and case.turns == 500
        assert PUZZLE.sniff(text) and detect_puzzle(text) is PUZZLE
        written = PUZZLE.format_input(case)
        if path.name.startswith("toga_pack_"):
            assert written == text  # byte for byte, final newline included
        else:
            assert written == "".join(text.splitlines(keepends=True)[:1500])
        sequences.add(case.packs)
    assert len(sequences) == 211


def test_recorded_pack_statistics_deviate_from_the_recipe():
    case = PUZZLE.parse_input((CASES / "toga_pack_0000.txt").read_text())
    three = sum(1 for pack in case.packs if pack.count(0) == 1)
    digits = Counter(v for pack in case.packs for v in pack if v)
    assert three == 407 and set(digits.values()) == {177}


PACK = "4 8\n0 2\nEND\n"
REST = PACK * 500


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "line 1: the file ends inside pack 1; a case holds 500 packs"),
        (PACK * 499, "line 1498: the file ends inside pack 500; a case holds 500 packs"),
        (PACK * 2 + "4 8\n0 2\n", "line 9: the file ends inside pack 3; a case holds 500 packs"),
        (PACK + "4 8\n0 2 1\nEND\n" + REST, "line 5: a pack row is two values 0..9 (0 = empty), got '0 2 1'"),
        (PACK + "4 10\n0 2\nEND\n" + REST, "line 4: a pack row is two values 0..9 (0 = empty), got '4 10'"),
        (PACK + "4 x\n0 2\nEND\n" + REST, "line 4: a pack row is two values 0..9 (0 = empty), got '4 x'"),
        (PACK * 3 + "4 8\n0 2\nEND 2\n" + REST, "line 12: expected END after pack 4, got 'END 2'"),
        (PACK + "4 0\n0 2\nEND\n" + REST, "line 4: pack 2: a pack holds 3 or 4 blocks, this one holds 2"),
        (PACK + "\n" + REST, "line 4: a pack row is two values 0..9 (0 = empty), got a blank line"),
    ],
)
def test_bad_inputs_name_the_line(text, message):
    with pytest.raises(FormatError) as error:
        PUZZLE.parse_input(text)
    assert str(error.value) == message
    assert not PUZZLE.sniff(text)


def test_other_puzzles_files_are_not_codevs():
    assert not PUZZLE.sniff("4\n1100\n1100\n0100\n0000\n")
    assert not PUZZLE.sniff("4 8\n0 2\nEND\n" * 499)


# ---------------------------------------------------------------- generator
def test_generator_follows_the_recipe_and_the_seed():
    case = PUZZLE.generate(7)
    assert len(case.packs) == 500 and case.turns == 500
    assert Counter(pack.count(0) for pack in case.packs) == {1: 380, 0: 120}
    assert Counter(v for pack in case.packs for v in pack if v) == {v: 180 for v in range(1, 10)}
    assert PUZZLE.generate(7) == case and PUZZLE.generate(8) != case
    assert PUZZLE.parse_input(PUZZLE.format_input(case)) == case
    assert PUZZLE.generate(7, turns=15).turns == 15
    with pytest.raises(ValueError, match="turns must be 1..500"):
        PUZZLE.generate(7, turns=501)


# ---------------------------------------------------------------- command line
def test_cli_scores_a_valid_answer_and_rejects_an_invalid_one(tmp_path, capsys):
    packs = str(CASES / "packs_1.txt")
    answer = tmp_path / "answer.out"
    answer.write_text("bot\n0 0\n1 2\n")  # 4 8 / 0 2 at column 0: the 2 and 8 pair, one chain
    assert main(["score", "codevs", packs, str(answer)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "best ojama: 0",
        "best ojama turn: 0",
        "max chain: 1",
        "total score: 1",
        "turns played: 2",
        "gauge: 8",
        "0",
    ]
    answer.write_text("0 0\nS\n")
    assert main(["score", "codevs", packs, str(answer)]) == 1
    err = capsys.readouterr().err
    assert "line 2, move 2: the skill needs a gauge of 80 at the end of the previous turn, it is 8" in err


def test_cli_gen_writes_the_generated_packs(capsys):
    assert main(["gen", "codevs", "7"]) == 0
    assert capsys.readouterr().out == PUZZLE.format_input(PUZZLE.generate(7))
