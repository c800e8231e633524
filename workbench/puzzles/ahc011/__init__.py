"""ahc011: AtCoder Heuristic Contest 011, Sliding Tree Puzzle."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from workbench.core.errors import FormatError
from workbench.core.puzzle import ModuleFiles, Option, ParsedSolution, Puzzle, ScoreReport, Smoke, Transition
from workbench.core.words import QT_TRANSLATE_NOOP

from . import formats, generator
from .board import Board, Case, board_problems, components, largest_tree, legal_directions, slide, tree_size
from .scoring import contest_score


@dataclass
class Ahc011(ModuleFiles, Puzzle):
    FORMATS, GENERATOR = formats, generator  # ModuleFiles reads and writes files, and generates, with these

    id: str = "ahc011"
    title: str = "AHC011 Sliding Tree Puzzle"
    rules: str = QT_TRANSLATE_NOOP(
        "PuzzleRules",
        "A sliding puzzle on an N×N board (6 ≤ N ≤ 10), like the 15-puzzle: each tile shows line stubs "
        "toward some of its four sides, and one square is empty. A move (U, D, L or R) moves the empty "
        "square that way, sliding the neighbouring tile into it; at most T = 2·N³ moves. Stubs that meet "
        "join tiles into a graph. S is the size of the largest connected part with no cycle. Score: "
        "round(500000·S/(N²−1)) while the tree is partial; once every tile is in one tree, "
        "round(500000·(2 − K/T)) for K moves, so a full tree in fewer moves scores more.",
    )
    rules_summary: str = QT_TRANSLATE_NOOP(
        "PuzzleRules",
        "Slide tiles into the empty square until their stubs make one big tree, in as few moves as you can.",
    )
    generator_options: tuple = field(
        default_factory=lambda: (
            Option(
                "size",
                int,
                0,
                "board side N (0: the official 6 + seed % 5)",
                label="Board side N",
                low=0,
                high=30,
                special="official (6 + seed % 5)",
            ),
        )
    )
    smoke: Smoke = field(default_factory=lambda: Smoke(bench_nodes=20_000))

    def sniff(self, text: str) -> bool:
        # Stricter than parse_input: the contest's own T = 2N^3 keeps other
        # puzzles' "a b" headers out. Other T still open with --puzzle ahc011.
        try:
            case = formats.parse_input(text)
        except FormatError:
            return False
        return case.limit == 2 * case.n**3

    def parse_solution(self, instance: Case, text: str) -> ParsedSolution:
        return formats.parse_solution(text)

    def format_solution(self, instance: Case, moves: Sequence[str]) -> str:
        return formats.format_solution(moves)

    def initial_state(self, instance: Case) -> Board:
        return instance.start

    def legal_moves(self, instance: Case, state: Board) -> list[str]:
        return legal_directions(state)

    def apply(self, instance: Case, state: Board, move: str) -> Transition:
        return Transition(slide(state, move))

    def evaluate(self, instance: Case, state: Board, moves_played: int) -> ScoreReport:
        size, tiles, limit = tree_size(state), instance.tile_count, instance.limit
        facts = (
            ("S", size),
            ("M", tiles),
            ("K", moves_played),
            ("T", limit),
            ("full tree", "yes" if size == tiles else "no"),
        )
        if moves_played > limit:
            return ScoreReport(0, "0", facts + (("error", "too many moves"),))
        score = contest_score(size, tiles, moves_played, limit)
        return ScoreReport(score, str(score), facts)

    def move_text(self, move: str) -> str:
        return move

    def max_moves(self, instance: Case) -> int:
        return instance.limit

    def case_features(self, instance: Case) -> dict[str, int | float]:
        return {"N": instance.start.n}

    def score_solution(self, instance: Case, text: str) -> ScoreReport:
        # The judge plays every move first (a stray character or an off-board
        # move is reported at its position) and only then checks K > T; the
        # base class checks the limit first.
        formats.check_long_answer(instance, text)  # K > T: the judge's error, without replaying GBs
        parsed = self.parse_solution(instance, text)
        final = self.final_state(instance, parsed.moves, parsed.lines)
        count, limit = len(parsed.moves), instance.limit
        if count > limit:
            raise FormatError(f"too many moves: {count}, more than T = {limit}", parsed.lines[limit])
        return self.evaluate(instance, final, count)


PUZZLE = Ahc011()

__all__ = [
    "PUZZLE",
    "Board",
    "Case",
    "board_problems",
    "components",
    "largest_tree",
    "legal_directions",
    "slide",
    "tree_size",
]
