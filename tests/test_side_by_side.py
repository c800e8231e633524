"""Two runs of one case side by side, without Qt: which case, both answers, both scores step by step,
the diff of the answers; and ``batch compare A B --diff CASE`` printing them."""

from __future__ import annotations

import csv
import difflib
import re
from pathlib import Path

import pytest
from batch_cli import beam_runs

from workbench.batch.side_by_side import answer_diff, case_pair, played_pair, step_line
from workbench.cli import main
from workbench.core.errors import WorkbenchError
from workbench.core.registry import get_puzzle


def rows_of(folder: Path) -> dict[str, dict]:
    with open(folder / "results.csv", newline="") as handle:
        return {row["case"]: row for row in csv.DictReader(handle)}


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory) -> tuple[Path, Path]:
    """The beam solver on comesolo seeds 1-3 (7x7) at 50 nodes (A) and at 3000 nodes (B)."""
    root = tmp_path_factory.mktemp("runs")
    beam_runs(root, {"a": "50", "b": "3000"}, root / "best.csv", seeds="1-3", size="7")
    return root / "a", root / "b"


def test_a_case_is_found_in_both_runs_by_its_label_name_or_key(two_runs):
    a, b = two_runs
    row_a, row_b = rows_of(a)["2"], rows_of(b)["2"]
    for name in ("2", row_a["name"], row_a["key"]):
        pair = case_pair(a, b, name)
        assert (pair.case, pair.key) == ("2", row_a["key"])
        assert pair.a.row["score"] == row_a["score"] and pair.b.row["score"] == row_b["score"]
        assert pair.a.answer_path == a / row_a["answer"] and pair.b.answer_path == b / row_b["answer"]
    assert pair.winner() == "B" and int(row_b["score"]) > int(row_a["score"])


def test_a_case_not_in_both_runs_names_the_cases_they_share(two_runs):
    a, b = two_runs
    with pytest.raises(WorkbenchError) as error:
        case_pair(a, b, "9")
    assert str(error.value) == f"no case 9 in {a} (cases in both runs: 1, 2, 3)"


def test_both_answers_are_played_out_with_the_engines_score_at_every_move(two_runs):
    a, b = two_runs
    pair = case_pair(a, b, "3")
    puzzle = get_puzzle("comesolo")
    instance, line_a, line_b = played_pair(pair, puzzle)
    for line, side in ((line_a, pair.a), (line_b, pair.b)):
        parsed = puzzle.parse_solution(instance, side.answer_text())
        assert line.moves == list(parsed.moves) and line.fault == ""
        assert line.states == puzzle.replay(instance, parsed.moves)
        assert line.scores == [puzzle.evaluate(instance, state, k).score for k, state in enumerate(line.states)]
        assert line.scores[-1] == side.score  # the end of the curve is the run's recorded score
    assert line_a.length < line_b.length
    # Past its end the shorter answer holds its last position.
    step = line_a.length + 1
    assert line_a.at(step) == line_a.length and line_b.at(step) == step
    assert step_line(pair, line_a, line_b, step) == (
        f"move {line_a.length} of {line_a.length} (its last): score {int(line_a.scores[-1])}",
        f"move {step} of {line_b.length}: score {int(line_b.scores[step])}",
    )


def test_a_refused_move_ends_the_line_with_the_reason(two_runs, tmp_path):
    a, b = two_runs
    pair = case_pair(a, b, "1")
    answer = pair.b.answer_path.read_text().splitlines()
    # The answer's first line is its count; a jump repeated at once has no peg to jump with.
    broken = "\n".join([answer[0], answer[1], answer[1], *answer[3:]]) + "\n"
    pair.b.answer_path.with_name("broken.out").write_text(broken)
    pair.b.row = {**pair.b.row, "answer": "answers/broken.out"}
    _, _, line_b = played_pair(pair, get_puzzle("comesolo"))
    assert line_b.length == 1 and line_b.fault == "line 3, move 2: no piece at (4,1)"
    pair.b.answer_path.unlink()


def test_the_diff_is_a_unified_diff_of_the_two_answer_files(two_runs):
    a, b = two_runs
    pair = case_pair(a, b, "2")
    name = pair.a.row["answer"]
    expected = "".join(
        difflib.unified_diff(
            (a / name).read_text().splitlines(keepends=True),
            (b / name).read_text().splitlines(keepends=True),
            f"A a/{name}",
            f"B b/{name}",
        )
    )
    assert answer_diff(pair) == expected and expected.startswith(f"--- A a/{name}\n+++ B b/{name}\n@@ ")
    assert answer_diff(case_pair(a, a, "2")) == ""


def test_compare_diff_prints_both_scores_and_the_diff(two_runs, capsys):
    a, b = two_runs
    capsys.readouterr()
    assert main(["batch", "compare", str(a), str(b), "--diff", "2"]) == 0
    out = capsys.readouterr().out
    score_a, score_b = rows_of(a)["2"]["score"], rows_of(b)["2"]["score"]
    head = f"case 2 (higher scores win)\nA {a}: {score_a} OK\nB {b}: {score_b} OK\nB is better on this case\n"
    assert out == head + answer_diff(case_pair(a, b, "2"))
    assert main(["batch", "compare", str(a), str(b), "--diff", "7"]) == 1
    assert capsys.readouterr().err.strip() == f"error: no case 7 in {a} (cases in both runs: 1, 2, 3)"


def test_compare_rows_say_how_to_open_a_case(two_runs, capsys):
    a, b = two_runs
    capsys.readouterr()
    assert main(["batch", "compare", str(a), str(b)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].startswith(
        "one case side by side: --diff CASE (both scores and the answers' diff) or --open CASE (the app), e.g. --diff "
    )


def test_a_long_answer_is_played_out_only_as_far_as_the_puzzle_allows(shared, monkeypatch):
    """A 1,000,000-move WA answer stops at the limit (the judge refuses move T+1) with the reason, and
    a puzzle without a limit is stepped through up to MAX_STEPPED_MOVES; an answer over
    MAX_STEPPED_CHARS is not parsed at all."""
    from workbench.batch import side_by_side
    from workbench.batch.side_by_side import played

    puzzle = get_puzzle("ahc011")
    instance = puzzle.parse_input((shared / "cases" / "ahc011" / "0000.txt").read_text())
    limit = puzzle.max_moves(instance)
    line = played(puzzle, instance, "UD" * 500_000 + "\n")
    assert line.length == limit and line.moves == list("UD" * (limit // 2))
    assert line.fault == f"1,000,000 moves, more than the limit of {limit}: the rest is not played"
    assert line.scores[-1] == puzzle.evaluate(instance, line.states[-1], limit).score
    from workbench.core.registry import puzzles

    unlimited = next(
        p
        for p in map(get_puzzle, puzzles())  # one whose answers have no move limit
        if p.max_moves(p.generate(1, **p.smoke.generator)) is None
    )
    board = unlimited.generate(1, **unlimited.smoke.generator)
    assert unlimited.max_moves(board) is None
    moves, state = [], unlimited.initial_state(board)
    for _ in range(6):  # the first legal move each time
        moves.append(unlimited.legal_moves(board, state)[0])
        state = unlimited.apply(board, state, moves[-1]).state
    monkeypatch.setattr(side_by_side, "MAX_STEPPED_MOVES", 4)
    line = played(unlimited, board, unlimited.format_solution(board, moves))
    assert line.length == 4 and line.states == unlimited.replay(board, moves[:4])
    assert line.fault == "6 moves, too many to step through: the first 4 are shown"


def test_an_answer_too_long_to_parse_is_said(monkeypatch):
    from workbench.batch import side_by_side
    from workbench.batch.side_by_side import played

    puzzle = get_puzzle("comesolo")
    instance = puzzle.generate(1, **puzzle.smoke.generator)
    monkeypatch.setattr(side_by_side, "MAX_STEPPED_CHARS", 1024 * 1024)
    line = played(puzzle, instance, "1 2 3 4\n" * 200_000)
    assert line.length == 0 and line.fault == "the answer is 1.5 MB, too long to step through (up to 1 MB)"


def test_two_long_answers_are_diffed_a_window_at_a_time_and_the_diff_is_cut_with_a_word(monkeypatch):
    """difflib never sees more than DIFF_WINDOW lines of a side (on 100,000 lines of 100 distinct it
    took 30 s); the diff stops after MAX_CHANGED_LINES changed lines and says where."""
    import random

    from workbench.batch import answer_diff

    sizes = []

    class Recording(difflib.SequenceMatcher):
        def __init__(self, isjunk=None, a="", b="", autojunk=True):
            sizes.append((len(a), len(b)))
            super().__init__(isjunk, a, b, autojunk)

    monkeypatch.setattr(difflib, "SequenceMatcher", Recording)
    chosen = random.Random(1)
    pool = [f"{i} {i * 7 % 13}\n" for i in range(150)]
    a = [chosen.choice(pool) for _ in range(20_000)]
    b = [chosen.choice(pool) for _ in range(20_000)]
    diff = answer_diff.unified_diff(a, b, "A", "B").splitlines()
    assert sizes and max(max(size) for size in sizes) == answer_diff.DIFF_WINDOW
    changed = [line for line in diff[2:-1] if line[0] in "+-"]
    assert answer_diff.MAX_CHANGED_LINES <= len(changed) < answer_diff.MAX_CHANGED_LINES + 4 * answer_diff.DIFF_WINDOW
    assert re.fullmatch(
        "… the diff is cut after 2,000 changed lines, at line [0-9,]+ of A's 20,000 and [0-9,]+ of "
        "B's 20,000: compare the files themselves for the rest",
        diff[-1],
    )


def test_a_long_diff_of_a_few_changes_is_difflibs_own():
    from workbench.batch.answer_diff import unified_diff

    a = [f"{k} {k * k % 9973}\n" for k in range(30_000)]
    b = list(a)
    for k in range(5, 30_000, 2919):
        b[k] = "changed\n"
    del b[15_000:15_010]
    b[20_000:20_000] = ["added\n"] * 5
    assert unified_diff(a, b, "A", "B") == "".join(difflib.unified_diff(a, b, "A", "B"))
    # A whole answer on one line is shown cut, its length said.
    assert unified_diff(["UD" * 500_000 + "\n"], ["\n"], "A", "B") == (
        "--- A\n+++ B\n@@ -1 +1 @@\n-" + "UD" * 5000 + "… (a line of 1,000,000 characters, cut)\n+\n"
    )


def test_paths_of_an_edited_results_csv_that_lead_out_of_the_run_are_refused(two_runs, tmp_path, capsys):
    """A received or edited results.csv names ../../etc/passwd, an absolute path or a link out of the
    run: the diff, the side-by-side view and a rerun refuse it, and print nothing of that file."""
    import shutil

    a, _ = two_runs
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET LINE\n")
    b = tmp_path / "b"
    shutil.copytree(a, b)
    (b / "answers" / "link.out").symlink_to(secret)
    rows = list(csv.DictReader(open(b / "results.csv", newline="")))
    for answer in (f"../{'../' * len(b.parts)}{str(secret)[1:]}", str(secret), "answers/link.out"):
        rows[0]["answer"] = answer
        with open(b / "results.csv", "w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        capsys.readouterr()
        assert main(["batch", "compare", str(a), str(b), "--diff", "1"]) == 1
        captured = capsys.readouterr()
        assert "SECRET" not in captured.out + captured.err
        assert captured.err == (
            f"error: {b}: the answer of a case, {answer!r}, is not in the run folder: "
            "not read (results.csv was edited?)\n"
        )
    rows[0]["answer"], rows[0]["input"] = "answers/x.out", "../" * 30 + str(secret)[1:]
    pair_input = case_pair(a, a, "1").b
    pair_input.folder, pair_input.row = b, rows[0]
    with pytest.raises(WorkbenchError, match="the input of a case, .* is not in the run folder"):
        pair_input.input_path


@pytest.mark.parametrize(
    "answer, reason", [("answers/a\0b", "embedded null byte"), ("answers/" + "x" * 5000, "File name too long")]
)
def test_a_results_csv_path_that_is_no_file_name_is_one_line(two_runs, tmp_path, capsys, answer, reason):
    import shutil

    from workbench.core.errors import shown

    a, _ = two_runs
    b = tmp_path / "b"
    shutil.copytree(a, b)
    pair = case_pair(a, a, "1").b
    pair.folder, pair.row = b, {**pair.row, "answer": answer}
    with pytest.raises(WorkbenchError) as error:
        pair.answer_path
    assert str(error.value) == (
        f"{b}: the answer of a case, {shown(answer, 100)}, is no file name: {reason} (results.csv was edited?)"
    )
