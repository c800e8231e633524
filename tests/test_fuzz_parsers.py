"""Hypothesis fuzzing of every puzzle's input parser, answer parser and agent (issue 14).

Real contest files are mutated (characters of other scripts, odd whitespace,
control characters, a BOM, huge numbers, lines dropped or doubled). Whatever
comes in, a parser either returns or raises a WorkbenchError with a printable
message: never a traceback. The judges' integer reader is checked against a
plain reference implementation.
"""

import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.core.errors import WorkbenchError
from workbench.core.judge_text import C, JAVA, JAVA_INT, RUST
from workbench.core.registry import get_puzzle

SHARED = Path(__file__).resolve().parents[2] / "shared"
if not SHARED.is_dir():  # the tests below are built from its files when the module loads
    pytest.skip("../shared is not beside the checkout", allow_module_level=True)

NASTY = ("0123456789+-_ \t\r\n\x0b\x0c\x1c\x1f\x00\x85\xa0\u2028\u3000\ufeff٤６ｘSEND FBLRUDxX#.*"
         "99999999999999999999999")
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# (puzzle, input file, answer file) for each puzzle
FILES = {
    "ahc011": ("cases/ahc011/0000.txt", "repro/base_ahc011.out"),
    "ahc015": ("cases/ahc015/0000.txt", "repro/base_ahc015.out"),
    "codevs": ("cases/codevs/packs_1.txt", "repro/base_codevs.out"),
    "comesolo": ("repro/comesolo_rand_10_d50.txt", "repro/base_comesolo.out"),
    "rolling-balls": ("cases/rolling-balls/seed_2.txt", "repro/base_rolling-balls.out"),
}


def text_of(relative: str) -> str:
    return (SHARED / relative).read_text()


@st.composite
def mutated(draw, base: str):
    """``base`` with a few edits: inserted, replaced or deleted characters, doubled or dropped lines."""
    text = base
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["insert", "replace", "delete", "double", "drop", "number"]))
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        piece = draw(st.text(alphabet=NASTY, min_size=1, max_size=4))
        if op == "insert":
            text = text[:at] + piece + text[at:]
        elif op == "replace":
            text = text[:at] + piece + text[at + len(piece):]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)):]
        elif op == "number":
            text = text[:at] + "9" * draw(st.sampled_from([19, 20, 21, 4301, 5000])) + text[at:]
        else:
            lines = text.split("\n")
            k = at % max(len(lines), 1)
            lines[k:k + 1] = [lines[k]] * 2 if op == "double" else []
            text = "\n".join(lines)
    return text


def only_clear_errors(call):
    try:
        call()
    except WorkbenchError as error:
        message = str(error)
        assert message and message.isprintable() or "\n" in message
        assert len(message) < 2100


def make_input_test(puzzle_id):
    base = text_of(FILES[puzzle_id][0])

    @FUZZ
    @given(text=mutated(base))
    def test(text):
        only_clear_errors(lambda: get_puzzle(puzzle_id).parse_input(text))

    return test


def make_answer_test(puzzle_id):
    puzzle = get_puzzle(puzzle_id)
    instance = puzzle.parse_input(text_of(FILES[puzzle_id][0]))
    base = text_of(FILES[puzzle_id][1])

    @FUZZ
    @given(text=mutated(base))
    def test(text):
        only_clear_errors(lambda: puzzle.score_solution(instance, text))

    return test


for _id in FILES:
    _name = _id.replace("-", "_")
    globals()[f"test_fuzz_{_name}_input_parser"] = make_input_test(_id)
    globals()[f"test_fuzz_{_name}_answer_parser"] = make_answer_test(_id)


# ------------------------------------------------------------------ agents (the protocol readers)
def _first_legal(puzzle):
    def solve(instance, *rest):
        if rest:  # an online decider: (view, turns_left)
            return "F"
        return puzzle.legal_moves(instance, puzzle.initial_state(instance))[:1]
    return solve


AGENT_INPUTS = {
    "ahc015": "cases/ahc015/0000.txt",
    "rolling-balls": "cases/rolling-balls/seed_2.txt",
    "comesolo": "repro/comesolo_rand_10_d50.txt",
    "ahc011": "cases/ahc011/0000.txt",
    "codevs": "repro/agent_codevs_gauge-negative.txt",
}


def make_agent_test(puzzle_id):
    puzzle = get_puzzle(puzzle_id)
    base = text_of(AGENT_INPUTS[puzzle_id])
    if puzzle_id == "codevs":  # a good recorded turn to mutate: the gauge put back to 0
        base = base.replace("\n-1\n", "\n0\n", 1)

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(text=mutated(base))
    def test(text):
        only_clear_errors(lambda: puzzle.agent(io.StringIO(text), io.StringIO(), _first_legal(puzzle)))

    return test


for _id in AGENT_INPUTS:
    globals()[f"test_fuzz_{_id.replace('-', '_')}_agent"] = make_agent_test(_id)


# ------------------------------------------------------------------ the integer reader
def reference_integer(token, low, high):
    """What an ASCII-only strtol/parseInt with a range check returns."""
    if not re.fullmatch(r"[+-]?[0-9]+", token, re.ASCII):
        return None
    value = int(token.lstrip("+-").lstrip("0") or "0") * (-1 if token.startswith("-") else 1) \
        if len(token) < 4000 else None
    return value if value is not None and low <= value <= high else None


@settings(max_examples=400, deadline=None)
@given(token=st.text(alphabet="0123456789+-_ ٤６\x1f", max_size=25))
def test_fuzz_judge_integers_match_the_reference(token):
    for dialect in (RUST, C):
        assert dialect.integer(token) == reference_integer(token, -(2**63), 2**63 - 1)
    assert JAVA.integer(token, *JAVA_INT) == reference_integer(token, *JAVA_INT)


def reference_ahc015_answer(text):
    """The visualiser's reading, written plainly: every line split, trimmed and kept."""
    letters = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = RUST.trim(raw)
        if not line:
            continue
        if len(line) != 1:
            return ("error", number)
        letters.append((number, line))
    if len(letters) < 99:
        return ("error", letters[-1][0] + 1 if letters else 1)
    for number, letter in letters[:99]:
        if letter not in "FBLR":
            return ("error", number)
    return ("ok", tuple(letter for _, letter in letters[:99]))


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.sampled_from(["F", "B", "L", "R", "", " F", "F\r", "FB", "x", "\x1fF", "F \x1f",
                                       "\u3000L\u3000", "\x85", "R\x0b"]), min_size=90, max_size=130))
def test_fuzz_ahc015_answers_read_as_the_plain_reference(lines):
    from workbench.puzzles.ahc015.formats import parse_solution

    text = "\n".join(lines)
    try:
        parsed = parse_solution(text)
        got = ("ok", parsed.moves)
    except WorkbenchError as error:
        got = ("error", error.line)
    assert got == reference_ahc015_answer(text)
