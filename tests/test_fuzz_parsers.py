"""Hypothesis fuzzing of every puzzle's input parser, answer parser and agent.

Each registered puzzle's own files are mutated (characters of other scripts, odd whitespace,
control characters, a BOM, huge numbers, lines dropped or doubled): an input its generator
made, an answer of a line of legal moves, and what its judge sends its agent. Whatever comes
in, a parser either returns or raises a WorkbenchError with a printable message: never a
traceback. The judges' integer reader is checked against a plain reference implementation.
"""

import functools
import io
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.core.errors import WorkbenchError
from workbench.core.judge_text import JAVA, JAVA_INT, RUST, C
from workbench.core.registry import get_puzzle, puzzles

NASTY = "0123456789+-_ \t\r\n\x0b\x0c\x1c\x1f\x00\x85\xa0\u2028\u3000\ufeff٤６ｘSEND FBLRUDxX#.*99999999999999999999999"
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PUZZLES = sorted(puzzles())


@functools.cache
def bases(puzzle_id: str) -> tuple:
    """(instance, its input text, the answer of a line of legal moves, what the judge sends the agent)."""
    from test_every_puzzle import judge_transcript, playout, small_case

    puzzle = get_puzzle(puzzle_id)
    instance = small_case(puzzle)
    answer = puzzle.format_solution(instance, playout(puzzle, instance))
    return instance, puzzle.format_input(instance), answer, judge_transcript(puzzle, instance)


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
            text = text[:at] + piece + text[at + len(piece) :]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif op == "number":
            text = text[:at] + "9" * draw(st.sampled_from([19, 20, 21, 4301, 5000])) + text[at:]
        else:
            lines = text.split("\n")
            k = at % max(len(lines), 1)
            lines[k : k + 1] = [lines[k]] * 2 if op == "double" else []
            text = "\n".join(lines)
    return text


def only_clear_errors(call):
    try:
        call()
    except WorkbenchError as error:
        message = str(error)
        assert message and message.isprintable() or "\n" in message
        assert len(message) < 2100


@st.composite
def case_and_text(draw, part: int):
    """A puzzle, and one of its files (``part`` of ``bases``) mutated."""
    puzzle_id = draw(st.sampled_from(PUZZLES))
    return puzzle_id, draw(mutated(bases(puzzle_id)[part]))


@FUZZ
@given(case=case_and_text(1))
def test_fuzz_input_parsers(case):
    puzzle_id, text = case
    only_clear_errors(lambda: get_puzzle(puzzle_id).parse_input(text))


@FUZZ
@given(case=case_and_text(2))
def test_fuzz_answer_parsers(case):
    puzzle_id, text = case
    only_clear_errors(lambda: get_puzzle(puzzle_id).score_solution(bases(puzzle_id)[0], text))


# ------------------------------------------------------------------ agents (the protocol readers)
def first_legal(puzzle):
    """An agent's decision: the first legal move (online: tilt F)."""

    def solve(instance, *rest):
        if rest:  # an online decider: (view, turns_left)
            return "F"
        return puzzle.legal_moves(instance, puzzle.initial_state(instance))[:1]

    return solve


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=case_and_text(3))
def test_fuzz_agents(case):
    puzzle_id, text = case
    puzzle = get_puzzle(puzzle_id)
    only_clear_errors(lambda: puzzle.agent(io.StringIO(text), io.StringIO(), first_legal(puzzle)))


# ------------------------------------------------------------------ the integer reader
def reference_integer(token, low, high):
    """What an ASCII-only strtol/parseInt with a range check returns."""
    if not re.fullmatch(r"[+-]?[0-9]+", token, re.ASCII):
        return None
    value = (
        int(token.lstrip("+-").lstrip("0") or "0") * (-1 if token.startswith("-") else 1) if len(token) < 4000 else None
    )
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
@given(
    lines=st.lists(
        st.sampled_from(
            ["F", "B", "L", "R", "", " F", "F\r", "FB", "x", "\x1fF", "F \x1f", "\u3000L\u3000", "\x85", "R\x0b"]
        ),
        min_size=90,
        max_size=130,
    )
)
def test_fuzz_ahc015_answers_read_as_the_plain_reference(lines):
    from workbench.puzzles.ahc015.formats import parse_solution

    text = "\n".join(lines)
    try:
        parsed = parse_solution(text)
        got = ("ok", parsed.moves)
    except WorkbenchError as error:
        got = ("error", error.line)
    assert got == reference_ahc015_answer(text)
