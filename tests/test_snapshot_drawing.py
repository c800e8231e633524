"""What a view draws of a live snapshot, made where it is scored (batch.snapshot_drawing): a puzzle's
position, a contest's answer written to the view's folder, and the bounds past which it is said, not
drawn."""

from __future__ import annotations

import pytest
import tiny_contest
from gui_helpers import legal_walk

from workbench.batch import snapshot_drawing
from workbench.batch.cases import BatchCase
from workbench.batch.live import Snapshot
from workbench.batch.puzzle_problem import PuzzleProblem
from workbench.batch.snapshot_drawing import Drawing, SnapshotDrawer
from workbench.cli import main
from workbench.contest.config import load
from workbench.contest.problem import ContestProblem
from workbench.core.registry import get_puzzle


def puzzle_case(puzzle_id: str, seed: int = 1) -> tuple[BatchCase, object]:
    puzzle = get_puzzle(puzzle_id)
    instance = puzzle.generate(seed, **puzzle.smoke.generator)
    return BatchCase(0, "one", f"seed {seed}", seed, puzzle.format_input(instance)), instance


def drawn(drawer: SnapshotDrawer, text: str | None, message: str = "") -> Snapshot:
    snapshot = Snapshot(0.5, "s", text, None, message)
    drawer.draw(snapshot)
    return snapshot


def test_a_puzzles_snapshot_is_drawn_as_the_position_its_answer_reaches_and_its_text_let_go():
    puzzle = get_puzzle("comesolo")
    case, instance = puzzle_case("comesolo")
    drawer = SnapshotDrawer(PuzzleProblem("comesolo").puzzle, case)
    moves = legal_walk(puzzle, instance, 3)
    snapshot = drawn(drawer, puzzle.format_solution(instance, moves))
    assert snapshot.text is None and snapshot.drawing == Drawing(position=puzzle.replay(instance, moves)[-1])
    # Not a valid answer: no position (the view shows the start), nothing refused.
    assert drawn(drawer, "not an answer\n").drawing == Drawing()
    assert drawn(drawer, None, "not scored: the snapshots' answers passed 256 MB").drawing == Drawing(
        refused="its answer was not kept"
    )


def test_more_moves_than_the_puzzle_allows_are_not_played_out():
    puzzle = get_puzzle("ahc011")
    case, instance = puzzle_case("ahc011")
    limit = puzzle.max_moves(instance)
    snapshot = drawn(SnapshotDrawer(PuzzleProblem("ahc011").puzzle, case), "UD" * 500_000 + "\n")
    assert snapshot.text is None
    assert snapshot.drawing == Drawing(refused=f"1,000,000 moves, more than the puzzle's limit of {limit:,}")


def unlimited_puzzle() -> str:
    """A registered puzzle whose answers have no move limit (named by the registry, not here)."""
    from workbench.core.registry import puzzles

    for puzzle_id in puzzles():
        puzzle = get_puzzle(puzzle_id)
        if puzzle.max_moves(puzzle.generate(1, **puzzle.smoke.generator)) is None:
            return puzzle_id
    pytest.skip("no registered puzzle without a move limit")


def test_a_puzzle_without_a_limit_is_played_out_up_to_the_views_own(monkeypatch):
    puzzle_id = unlimited_puzzle()
    puzzle = get_puzzle(puzzle_id)
    case, instance = puzzle_case(puzzle_id)
    assert puzzle.max_moves(instance) is None
    monkeypatch.setattr(snapshot_drawing, "MAX_DRAWN_MOVES", 4)
    moves = legal_walk(puzzle, instance, 5)
    drawer = SnapshotDrawer(PuzzleProblem(puzzle_id).puzzle, case)
    assert drawn(drawer, puzzle.format_solution(instance, moves)).drawing == Drawing(
        refused="5 moves, more than the 4 played out here"
    )
    assert drawn(drawer, puzzle.format_solution(instance, moves[:4])).drawing == Drawing(
        position=puzzle.replay(instance, moves[:4])[-1]
    )


def test_an_answer_too_long_to_draw_is_said(monkeypatch):
    case, _ = puzzle_case("comesolo")
    drawer = SnapshotDrawer(PuzzleProblem("comesolo").puzzle, case)
    monkeypatch.setattr(snapshot_drawing, "MAX_DRAWN_CHARS", 2 * 1024 * 1024)
    snapshot = drawn(drawer, "x" * (3 * 1024 * 1024))
    assert snapshot.text is None and snapshot.drawing == Drawing(
        refused="its answer is 3.0 MB, more than the 2.0 MB drawn"
    )
    monkeypatch.setattr(snapshot_drawing, "MAX_DRAWN_CHARS", 10)
    assert drawn(drawer, "x" * 11).drawing == Drawing(
        refused="its answer is 11 characters, more than the 10 characters drawn"
    )


def test_a_contests_snapshot_is_written_for_its_vis_into_the_views_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    folder = tmp_path / "tiny"
    folder.mkdir()
    tiny_contest.lay_out(folder, "min", seeds=1)
    assert main(["contest", "init", str(folder), "--objective", "min"]) == 0
    problem = ContestProblem(load(folder / "contest.toml"))
    case = problem.seed_cases([0])[0]
    answers = tmp_path / "answers"
    answers.mkdir()
    drawer = SnapshotDrawer(None, case, answers)
    first, second = drawn(drawer, "12\n"), drawn(drawer, "7\n")
    assert (first.text, first.drawing, second.drawing) == (
        None,
        Drawing(answer_file="snapshot-0.out"),
        Drawing(answer_file="snapshot-1.out"),
    )
    assert [(answers / name).read_text() for name in ("snapshot-0.out", "snapshot-1.out")] == ["12\n", "7\n"]
    # Without a folder (no view) the text stays for its reader.
    kept = drawn(SnapshotDrawer(None, case), "3\n")
    assert kept.text == "3\n" and kept.drawing == Drawing()
