"""ahc015 (Halloween Candy): rules, formats, generator, policies and the interactive agent."""

from __future__ import annotations

import gc
import io
from pathlib import Path

import pytest
from conftest import data_file, shared_file

from solvers.ahc015 import POLICIES
from solvers.ahc015.rules import rule2
from workbench.cli import main
from workbench.core.errors import FormatError, IllegalMove
from workbench.core.registry import detect_puzzle
from workbench.core.rng import chacha20_block
from workbench.puzzles.ahc015 import PUZZLE, Box, Candies, TurnPolicy, play_game, policy_decider, run_agent
from workbench.puzzles.ahc015.box import contest_score, place, tilt

CASES = data_file("cases/ahc015")


def monte_carlo() -> Path:
    """A Monte Carlo program's answer to seed 0 (../shared), which the judge scores 744795."""
    return shared_file("solutions/ahc015/monte_carlo_0000.txt")


def case_text(seed: int) -> str:
    return (CASES / f"{seed:04d}.txt").read_text()


def case(seed: int) -> Candies:
    return PUZZLE.parse_input(case_text(seed))


def grid(box: Box) -> list[str]:
    return ["".join(".123"[v] for v in row) for row in box.rows()]


def box_from(rows: list[str], flavours: bytes = bytes([1] * 100)) -> Box:
    """A hand-built settled box: '.' empty, 1..3 a candy; placements are filler of the right length."""
    cells = bytes(0 if ch == "." else int(ch) for row in rows for ch in row)
    placed = sum(1 for v in cells if v)
    return Box(flavours, bytes([1] * placed), cells, placed - 1)


def always(direction: str) -> TurnPolicy:
    return TurnPolicy(direction, f"always {direction}", lambda view, played: direction)


def total_score(policy: TurnPolicy) -> int:
    total = 0
    for seed in range(100):
        instance = case(seed)
        moves = play_game(PUZZLE, instance, policy)
        total += PUZZLE.score_solution(instance, PUZZLE.format_solution(instance, moves)).score
    return total


# ------------------------------------------------------------------ rules
def test_placement_counts_only_empty_cells_row_major():
    flavours = bytes([2, 3, 1] + [1] * 97)
    box = place(Box.empty(flavours), 3)  # candy 1 on an empty board: the 3rd cell of row 0
    assert box.cell(0, 2) == 2
    box = place(tilt(box, "L"), 3)  # row 0 is now "2.........": its 3rd empty cell is (0,3)
    assert grid(box)[0] == "2..3......"
    box = place(tilt(box, "R"), 10)  # row 0 "........23" has 8 empties, so the 10th is (1,1)
    assert grid(box)[:2] == ["........23", ".1........"]
    assert box.placements == bytes([3, 3, 10]) and box.turn == 3


def test_placement_out_of_range_is_illegal():
    box = Box.empty(bytes([1] * 100))
    with pytest.raises(IllegalMove, match="there are 100"):
        place(box, 101)


def test_tilts_pack_every_line_in_order():
    rows = [
        ".1.2..3...",
        "..........",
        "3.........",
        "..........",
        ".2........",
        "..........",
        "..........",
        "..........",
        "..........",
        "1.........",
    ]
    box = box_from(rows)
    assert grid(tilt(box, "L"))[0] == "123......." and grid(tilt(box, "L"))[9] == "1........."
    assert grid(tilt(box, "R"))[0] == ".......123" and grid(tilt(box, "R"))[4] == ".........2"
    front = grid(tilt(box, "F"))
    assert [row[0] for row in front] == list("31........")
    assert [row[1] for row in front] == list("12........")
    assert front[0] == "31.2..3..." and front[1] == "12........"
    back = grid(tilt(box, "B"))
    assert [row[0] for row in back] == list("........31")
    assert [row[1] for row in back] == list("........12")
    assert back[9] == "12.2..3..." and back[8] == "31........"


def test_score_rounds_half_away_from_zero():
    assert contest_score(1, 128) == 7813  # 7812.5 (Python's round() would give 7812)
    assert contest_score(1, 3) == 333333
    assert contest_score(2, 3) == 666667
    # 34 strawberries, 33 watermelons, 33 pumpkins: sum d^2 = 3334.
    flavours = bytes([1] * 34 + [2] * 33 + [3] * 33)
    rows = ["11.22.....", "1..2......", ".........3"] + ["." * 10] * 7
    box = box_from(rows, flavours)
    report = PUZZLE.evaluate(None, box, 6)
    # Groups: three strawberries, three watermelons ((0,3),(0,4),(1,3)), one pumpkin.
    assert report.fact("components") == 3
    assert report.score == contest_score(3 * 3 + 3 * 3 + 1, 3334) == 5699
    assert report.fact("largest strawberry") == 3 and report.fact("largest pumpkin") == 1


def test_apply_tilts_then_reveals_the_next_drop_in_two_frames():
    instance = case(0)
    start = PUZZLE.initial_state(instance)
    assert start.turn == 1 and start.tilts == 0 and start.placements == bytes([3])
    assert start.cell(0, 2) == instance.flavours[0]
    transition = PUZZLE.apply(instance, start, "R")
    tilted, dropped = (frame.state for frame in transition.frames)
    assert tilted.turn == 1 and tilted.cell(0, 9) == 2
    assert dropped == transition.state and dropped.turn == 2 and dropped.placements == bytes([3, 98])
    assert transition.frames[1].highlight == ((9, 8),)  # the 98th of 99 empty cells
    assert "tilt R" in transition.frames[0].caption and "candy 2" in transition.frames[1].caption
    with pytest.raises(IllegalMove, match="not a tilt"):
        PUZZLE.apply(instance, start, "U")


def test_the_hundredth_tilt_is_a_no_op_and_the_last():
    instance = case(0)
    states = PUZZLE.replay(instance, ["F"] * 99)
    full = states[-1]
    assert full.turn == 100 and full.cells.count(0) == 0
    last = PUZZLE.apply(instance, full, "L")
    assert last.state.cells == full.cells and last.state.over and last.frames == ()
    assert PUZZLE.legal_moves(instance, last.state) == []
    with pytest.raises(IllegalMove, match="all 100 tilts"):
        PUZZLE.apply(instance, last.state, "F")


def test_no_future_placement_is_reachable_from_a_state():
    instance = case(5)
    other_future = Candies(instance.flavours, instance.placements[:40] + bytes([1] * 60))
    moves = ["F", "L", "B", "R"] * 10  # 40 tilts: p_1..p_41 revealed
    state = PUZZLE.replay(instance, moves)[-1]
    view = PUZZLE.public_view(instance, state)
    assert view.placements == instance.placements[:41]
    # Same past, different future: the states are equal, so nothing in them depends on the future.
    other = PUZZLE.replay(other_future, moves)[-1]
    assert other.cells != state.cells  # p_41 differs, and it is revealed
    same_past = PUZZLE.replay(other_future, moves[:39])[-1]
    assert same_past == PUZZLE.replay(instance, moves[:39])[-1]
    # Neither the instance nor its placement bytes can be reached from the view.
    reachable, todo = set(), [view]
    while todo:
        obj = todo.pop()
        if id(obj) in reachable or isinstance(obj, type):
            continue
        reachable.add(id(obj))
        todo.extend(gc.get_referents(obj))
    assert id(instance) not in reachable and id(instance.placements) not in reachable


# ------------------------------------------------------------------ files
def test_input_round_trip_and_generator_match_every_shared_case():
    for seed in range(100):
        text = shared_file(f"cases/ahc015/{seed:04d}.txt").read_text()
        assert PUZZLE.format_input(PUZZLE.parse_input(text)) == text
        assert PUZZLE.format_input(PUZZLE.generate(seed)) == text, f"seed {seed}"


def test_chacha20_zero_key_keystream():
    # DJB ChaCha20, all-zero key and nonce, block 0 starts 76 b8 e0 ad a0 f1 3d 90.
    assert chacha20_block((0,) * 8, 0)[:2] == [0xADE0B876, 0x903DF1A0]


@pytest.mark.parametrize(
    "edit, line, message",
    [
        (lambda lines: lines.__setitem__(0, lines[0].replace("2", "4", 1)), 1, "must be 1, 2 or 3"),
        (lambda lines: lines.__setitem__(0, lines[0] + " 1"), 1, "got 101 values"),
        (lambda lines: lines.__setitem__(2, "100"), 3, "p_2 must be between 1 and 99"),
        (lambda lines: lines.__setitem__(2, "0"), 3, "p_2 must be between 1 and 99"),
        (lambda lines: lines.__setitem__(100, "2"), 101, "p_100 must be between 1 and 1"),
        (lambda lines: lines.__setitem__(50, "7 7"), 51, "p_50 alone"),
        (lambda lines: lines.__setitem__(50, "x"), 51, "p_50 must be a whole number"),
        (lambda lines: lines.__delitem__(slice(60, None)), 61, "ends before p_60"),
        (lambda lines: lines.insert(101, "1"), 102, "after p_100"),
    ],
)
def test_input_rejections_name_the_line(edit, line, message):
    lines = case_text(0).split("\n")
    edit(lines)
    with pytest.raises(FormatError, match=message) as caught:
        PUZZLE.parse_input("\n".join(lines))
    assert caught.value.line == line and f"line {line}:" in str(caught.value)


def test_sniff_is_strict():
    assert PUZZLE.sniff(case_text(0))
    assert detect_puzzle(case_text(0)) is PUZZLE
    assert not PUZZLE.sniff("F\nR\nB\nL\n" * 25)  # an answer
    assert not PUZZLE.sniff("10\n" + "1010101010\n" * 10)
    assert not PUZZLE.sniff(case_text(0).replace("\n3\n", "\n0\n", 1))


def test_monte_carlo_answer_scores_744795():
    report = PUZZLE.score_solution(case(0), monte_carlo().read_text())
    assert report.score == 744795 and report.text == "744795"


def test_solution_parser_follows_the_visualiser():
    directions = monte_carlo().read_text().split()
    base = "\n".join(directions)
    instance = case(0)
    # Blank lines and surrounding spaces are skipped; CRLF is fine; a 100th line is the 100th tilt
    # (it changes nothing on the board).
    assert len(directions) == 99
    loose = "\n\n".join(f"  {d}\t" for d in directions).replace("\n", "\r\n") + "\r\nL\r\n"
    parsed = PUZZLE.parse_solution(instance, loose)
    assert parsed.moves == (*directions, "L") and parsed.lines[:2] == (1, 3) and parsed.lines[-1] == 198
    assert PUZZLE.score_solution(instance, loose).score == 744795
    # After the 99th direction only the one-character rule applies.
    assert PUZZLE.score_solution(instance, base + "\nX\nz\n").score == 744795
    rejections = [
        (base.replace("R", "RL", 1), 3, "'RL' is not one direction letter"),
        (base + "\nX\nFB\n", 101, "not one direction letter"),
        ("\n".join(directions[:98]) + "\n", 99, "too short: 98 directions"),
        ("", 1, "too short: 0 directions"),
        ("\n".join(directions[:4] + ["f"] + directions[5:]), 5, "'f' is not a direction"),
        ("\n".join(directions[:98] + ["X"]), 99, "'X' is not a direction"),
    ]
    for text, line, message in rejections:
        with pytest.raises(FormatError, match=message) as caught:
            PUZZLE.score_solution(instance, text)
        assert caught.value.line == line


def test_an_exported_game_has_a_line_per_tilt_played_and_reads_back_the_same():
    instance = case(1)
    moves = play_game(PUZZLE, instance, POLICIES["rule2"])
    assert len(moves) == 100
    text = PUZZLE.format_solution(instance, moves)  # 100 tilts: 100 lines (the judge takes 99 or 100)
    assert text.count("\n") == 100 and PUZZLE.parse_solution(instance, text).moves == tuple(moves)
    shorter = PUZZLE.format_solution(instance, moves[:99])  # the 100th left out, as the judge allows
    assert shorter.count("\n") == 99 and PUZZLE.parse_solution(instance, shorter).moves == tuple(moves[:99])
    assert PUZZLE.score_solution(instance, text).score == PUZZLE.score_solution(instance, shorter).score
    # A 100th line that is no tilt is not read for content (the visualiser's rule): 99 moves.
    assert PUZZLE.parse_solution(instance, shorter + "X\n").moves == tuple(moves[:99])
    with pytest.raises(FormatError, match="only 50 tilts"):
        PUZZLE.format_solution(instance, moves[:50])


# ------------------------------------------------------------------ policies
def test_always_front_total_over_seeds_0_to_99():
    assert total_score(always("F")) == 14_405_275


def test_rule1_mean_over_seeds_0_to_99():
    total = total_score(POLICIES["rule1"])
    assert total == 52_222_095
    assert (2 * total + 100) // 200 == 522_221  # the spec's mean, rounded half up


def test_rule2_gathers_by_the_next_flavour():
    flavours = bytes([1, 2, 3, 2, 1] + [1] * 95)

    def view_before(flavour_index: int) -> Box:
        return Box(flavours, bytes([1] * flavour_index), bytes(100), flavour_index - 1)

    assert rule2(view_before(4), ("F",)) == "B"  # strawberry next
    assert rule2(view_before(1), ()) == "F"  # not gathered yet
    assert rule2(view_before(1), ("L", "B", "R")) == "F"  # gathered at the back
    assert rule2(view_before(1), ("B", "F", "L")) == "R"  # in front: watermelon to the left
    assert rule2(view_before(2), ("F",)) == "L"  # in front: pumpkin to the right


# ------------------------------------------------------------------ agent
class ScriptedJudge:
    """The interactive judge over a case file: p_{t+1} is only handed out after answer t."""

    def __init__(self, text: str):
        self.lines = text.splitlines(keepends=True)
        self.sent = 0
        self.answers: list[str] = []
        self.flushed = 0
        self.pending = ""

    # stdin side
    def readline(self) -> str:
        assert self.pending == "", "read before flushing the answer"
        if self.sent >= 2:
            assert len(self.answers) == self.sent - 1, f"asked for p_{self.sent} before answering"
        if self.sent == len(self.lines):
            return ""
        self.sent += 1
        return self.lines[self.sent - 1]

    # stdout side
    def write(self, text: str) -> None:
        self.pending += text

    def flush(self) -> None:
        assert self.pending.endswith("\n") and self.pending.count("\n") == 1
        self.answers.append(self.pending[:-1])
        self.pending = ""
        self.flushed += 1


def test_agent_answers_each_placement_before_reading_the_next():
    judge = ScriptedJudge(case_text(2))
    PUZZLE.agent(judge, judge, solve=POLICIES["rule2"])
    assert len(judge.answers) == 100 and judge.flushed == 100
    assert all(a in "FBLR" for a in judge.answers)
    assert tuple(judge.answers) == play_game(PUZZLE, case(2), POLICIES["rule2"])
    report = PUZZLE.score_solution(case(2), "\n".join(judge.answers) + "\n")
    assert report.fact("turn") == 100


def test_agent_runs_a_given_policy_and_names_a_bad_judge_line():
    out = io.StringIO()
    played = run_agent(io.StringIO(case_text(3)), out, policy_decider(POLICIES["rule1"]))
    assert out.getvalue() == "".join(f"{m}\n" for m in played)
    assert played == play_game(PUZZLE, case(3), POLICIES["rule1"])
    lines = case_text(3).split("\n")
    lines[10] = "95"  # p_10 with only 91 empty cells
    with pytest.raises(FormatError, match="line 11: p_10 must be between 1 and 91"):
        run_agent(io.StringIO("\n".join(lines)), io.StringIO(), policy_decider(POLICIES["rule1"]))
    with pytest.raises(FormatError, match="line 6: the judge's input ended before p_5"):
        run_agent(io.StringIO("\n".join(lines[:5]) + "\n"), io.StringIO(), policy_decider(POLICIES["rule1"]))


# ------------------------------------------------------------------ CLI
def test_cli_scores_a_valid_and_an_invalid_answer(tmp_path, capsys):
    assert main(["score", "ahc015", str(CASES / "0000.txt"), str(monte_carlo())]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "744795"
    bad = tmp_path / "bad.out"
    bad.write_text("F\nB\nLR\n")
    assert main(["score", "ahc015", str(CASES / "0000.txt"), str(bad)]) == 1
    assert "line 3: 'LR' is not one direction letter" in capsys.readouterr().err


def test_cli_generates_seed_bytes(capsys):
    assert main(["gen", "ahc015", "42"]) == 0
    assert capsys.readouterr().out == case_text(42)
