"""The conformance kit: every registered puzzle (built in, installed, or on PUZZLE_WORKBENCH_PATH /
--puzzle-path) against what the workbench expects of one. Each puzzle declares the small cases the kit
uses (``Puzzle.smoke``); nothing here names a puzzle.

Run it on a puzzle of your own: ``PUZZLE_WORKBENCH_PATH=DIR python -m pytest tests/test_every_puzzle.py``.
"""

from __future__ import annotations

import csv
import io
import os
import sys
import threading
from pathlib import Path

import pytest
from batch_cli import batch_main

from solvers.driver import Budget
from solvers.online import build_run, execute
from workbench.core.errors import FormatError, IllegalMove, WorkbenchError
from workbench.core.registry import get_puzzle, plugin_problems, puzzles, solvers

REPO = Path(__file__).resolve().parents[1]
PUZZLES = sorted(puzzles())


def small_case(puzzle, seed: int | None = None):
    smoke = puzzle.smoke
    instance = puzzle.generate(smoke.seeds[0] if seed is None else seed, **smoke.generator)
    return puzzle.configure(instance, **smoke.instance) if smoke.instance else instance


def playout(puzzle, instance, moves: int = 200) -> list:
    """A legal line: the first legal move each turn (at most ``moves``, and the contest's limit)."""
    state, line = puzzle.initial_state(instance), []
    for _ in range(min(moves, puzzle.max_moves(instance) or moves)):
        legal = puzzle.legal_moves(instance, state)
        if not legal:
            break
        state = puzzle.apply(instance, state, legal[0]).state
        line.append(legal[0])
    return line


def option_flags(options: dict) -> list[str]:
    return [word for name, value in options.items() for word in (f"--{name}", str(value))]


def test_every_puzzle_package_loads():
    assert plugin_problems() == []
    assert PUZZLES, "no puzzle registered"


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_the_puzzle_tells_its_rules_in_a_paragraph_and_a_line(puzzle_id):
    rules, summary = puzzles()[puzzle_id].rules_in_language()
    assert len(rules.split()) >= 20, f"{puzzle_id}: its rules (Puzzle.rules) tell a newcomer too little: {rules!r}"
    assert "score" in rules.lower(), f"{puzzle_id}: its rules do not say how it is scored"
    assert summary and "\n" not in summary and len(summary) <= 160, f"{puzzle_id}: rules_summary is one short line"


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_inputs_round_trip_and_are_recognised(puzzle_id):
    puzzle = get_puzzle(puzzle_id)
    for seed in puzzle.smoke.seeds:
        instance = small_case(puzzle, seed)
        text = puzzle.format_input(instance)
        assert puzzle.format_input(puzzle.parse_input(text)) == text
        assert puzzle.sniff(text)
        assert [case for _, case in puzzle.split_cases(text)] in ([text], [puzzle.format_input(instance)])
    assert puzzle.format_input(small_case(puzzle, puzzle.smoke.seeds[0])) == puzzle.format_input(
        small_case(puzzle, puzzle.smoke.seeds[0])
    )  # a seed is one case


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_an_empty_input_is_a_clear_error(puzzle_id):
    with pytest.raises(FormatError) as error:
        get_puzzle(puzzle_id).parse_input("")
    assert str(error.value).isprintable() and str(error.value)


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_a_line_of_moves_survives_its_answer_file_and_scores_as_played(puzzle_id):
    puzzle = get_puzzle(puzzle_id)
    instance = small_case(puzzle)
    line = playout(puzzle, instance)
    assert line, "the small case has no legal move"
    text = puzzle.format_solution(instance, line)
    parsed = puzzle.parse_solution(instance, text)
    # A file may leave out a last move that changes nothing (ahc015's 100th tilt).
    assert list(parsed.moves) == list(line[: len(parsed.moves)]) and len(parsed.lines) == len(parsed.moves)
    assert len(parsed.moves) >= len(line) - 1
    final = puzzle.final_state(instance, parsed.moves)
    report = puzzle.score_solution(instance, text)
    assert report == puzzle.evaluate(instance, final, len(parsed.moves))
    assert report.score == puzzle.evaluate(instance, puzzle.final_state(instance, line), len(line)).score
    assert [puzzle.move_text(m) for m in line]  # every move has words


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_an_illegal_move_is_refused_naming_it(puzzle_id):
    puzzle = get_puzzle(puzzle_id)
    instance = small_case(puzzle)
    state = puzzle.initial_state(instance)
    for move in playout(puzzle, instance, 200):  # a move legal somewhere later may be illegal at the start
        try:
            puzzle.apply(instance, state, move)
        except IllegalMove:
            with pytest.raises(IllegalMove) as error:
                puzzle.replay(instance, [move])
            assert error.value.index == 1 and str(error.value).startswith("move 1: ")
            return
    pytest.skip("every move of the line is legal at the start too")


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_garbage_answers_are_refused_with_a_reason(puzzle_id):
    puzzle = get_puzzle(puzzle_id)
    instance = small_case(puzzle)
    for garbage in ("\x00\x01 garbage ﾟ\n", "9" * 5000 + "\n"):
        with pytest.raises(WorkbenchError) as error:
            puzzle.score_solution(instance, garbage)
        assert str(error.value).isprintable() and len(str(error.value)) < 2100


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_every_solver_gives_the_same_valid_answer_for_a_seed_and_node_budget(puzzle_id):
    puzzle = get_puzzle(puzzle_id)
    instance = small_case(puzzle)
    budget = Budget(nodes=puzzle.smoke.nodes)
    for cls in solvers(puzzle_id).values():
        answers = []
        for slices in (None, 7):
            target = build_run(puzzle, instance, puzzle.initial_state(instance), cls, seed=3, params={}, budget=budget)
            answers.append(tuple(execute(target, budget, slice_expansions=slices).moves))
        assert answers[0] == answers[1], f"{cls.name}: the answer depends on how the budget is sliced"
        text = puzzle.format_solution(instance, answers[0])
        puzzle.score_solution(instance, text)  # the engine accepts it


def small_batch(puzzle, folder: Path, *how: str) -> list[dict]:
    """``main.py batch`` of the puzzle's smoke seeds and options, run ``how``; the rows, all OK."""
    if not solvers(puzzle.id):
        pytest.skip("no solver")
    smoke = puzzle.smoke
    assert (
        batch_main(
            puzzle.id,
            "--seeds",
            ",".join(map(str, smoke.seeds)),
            *option_flags({**smoke.generator, **smoke.instance}),
            *how,
            "--out",
            folder / "run",
            "--best",
            folder / "best.csv",
        )
        == 0
    )
    rows = list(csv.DictReader(open(folder / "run" / "results.csv")))
    assert [r["verdict"] for r in rows] == ["OK"] * len(smoke.seeds), rows
    return rows


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_a_batch_of_the_default_solver_is_all_ok(puzzle_id, tmp_path, capsys):
    puzzle = get_puzzle(puzzle_id)
    small_batch(puzzle, tmp_path, "--nodes", str(puzzle.smoke.nodes), "--jobs", "1")


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_the_workbench_agent_plays_the_contest_protocol(puzzle_id, tmp_path, capsys):
    puzzle = get_puzzle(puzzle_id)
    smoke = puzzle.smoke
    agent = f"{sys.executable} {REPO / 'main.py'} agent {puzzle_id} --nodes {smoke.nodes}"
    rows = small_batch(puzzle, tmp_path, "--cmd", agent, "--time", "120", "--jobs", "2")
    for row in rows:  # the answer on disk scores what the table says
        instance = (
            puzzle.configure(puzzle.parse_input((tmp_path / "run" / row["input"]).read_text()), **smoke.instance)
            if smoke.instance
            else puzzle.parse_input((tmp_path / "run" / row["input"]).read_text())
        )
        score = puzzle.score_solution(instance, (tmp_path / "run" / row["answer"]).read_text()).score
        assert float(row["score"]) == score


def judge_transcript(puzzle, instance) -> str:
    """What the puzzle's judge sends to its own agent playing the first legal move: the agent's input."""
    from test_fuzz_parsers import first_legal

    to_agent_r, to_agent_w = os.pipe()
    to_judge_r, to_judge_w = os.pipe()
    agent_in, judge_out = os.fdopen(to_agent_r), os.fdopen(to_agent_w, "w")
    agent_out, judge_in = os.fdopen(to_judge_w, "w"), os.fdopen(to_judge_r)

    def play():
        try:
            puzzle.agent(agent_in, agent_out, first_legal(puzzle))
        except (WorkbenchError, OSError, ValueError):
            pass
        finally:
            agent_out.close()

    sent = []

    class Channel:
        def seconds_left(self):
            return 60.0

        def send(self, text):
            sent.append(text)
            judge_out.write(text)
            judge_out.flush()

        def close_input(self):
            judge_out.close()

        def read_line(self, what):
            line = judge_in.readline()
            if not line:
                from workbench.core.errors import ProtocolError

                raise ProtocolError(f"the output ended before {what}")
            return line.rstrip("\n")

        def read_rest(self):
            return judge_in.read()

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    try:
        puzzle.judge(instance, Channel())
    except WorkbenchError:
        pass
    finally:
        if not judge_out.closed:
            judge_out.close()
        thread.join(timeout=30)
        judge_in.close()
    return "".join(sent)


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_the_agent_reads_what_the_judge_sends(puzzle_id):
    puzzle = get_puzzle(puzzle_id)
    transcript = judge_transcript(puzzle, small_case(puzzle))
    assert transcript
    from test_fuzz_parsers import first_legal

    out = io.StringIO()
    puzzle.agent(io.StringIO(transcript), out, first_legal(puzzle))
    assert out.getvalue()  # it answered


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_a_position_renders_as_png(puzzle_id, tmp_path):
    from workbench.gui.board.painters import adapter_class
    from workbench.gui.export.replay_export import render_file

    puzzle = get_puzzle(puzzle_id)
    if adapter_class(puzzle_id) is None:
        pytest.skip("no painter")
    instance = small_case(puzzle)
    render_file(puzzle, instance, playout(puzzle, instance, 5), tmp_path / "end.png", say=lambda _: None)
    assert (tmp_path / "end.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_it_plays_in_the_app_with_undo(puzzle_id, qtbot, window):
    from workbench.gui.board.painters import adapter_class

    puzzle = get_puzzle(puzzle_id)
    if adapter_class(puzzle_id) is None:
        pytest.skip("no painter")
    assert puzzle_id in [window.puzzle_choice.itemData(i) for i in range(window.puzzle_choice.count())]
    smoke = puzzle.smoke
    assert window.files.generate(puzzle_id, smoke.seeds[0], **smoke.generator)
    start = window.session.state
    move = puzzle.legal_moves(window.session.instance, start)[0]
    assert window.playing.play(move)
    assert window.session.history.current.depth == 1
    window.playing.undo()
    assert window.session.state == start
    assert window.adapter.help_text  # Help says how to play it
