"""comesolo: 8-direction peg solitaire (omegaUp, Preselectivo IOI 2014)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from workbench.core.errors import IllegalMove
from workbench.core.puzzle import ModuleFiles, Option, ParsedSolution, Puzzle, ScoreReport, Smoke, Transition
from workbench.core.words import QT_TRANSLATE_NOOP

from . import formats, generator
from .board import Board, Jump, check_jump, legal_jumps, play


@dataclass
class Comesolo(ModuleFiles, Puzzle):
    FORMATS, GENERATOR = formats, generator  # ModuleFiles reads and writes files, and generates, with these

    id: str = "comesolo"
    title: str = "Comesolo (8-direction peg solitaire)"
    rules: str = QT_TRANSLATE_NOOP(
        "PuzzleRules",
        "Peg solitaire on a board with no holes: a piece jumps over a neighbouring piece in any of the "
        "8 directions (diagonals too) into the empty cell just beyond it, and the piece jumped over is "
        "removed. Each jump is one move; you may stop at any time. Score: the number of jumps (an "
        "invalid move scores the case 0). The Mexican IOI 2014 pre-selection's output-only task.",
    )
    rules_summary: str = QT_TRANSLATE_NOOP(
        "PuzzleRules", "Jump pieces over their neighbours in 8 directions: make as many jumps as you can."
    )
    generator_options: tuple = field(
        default_factory=lambda: (
            Option("size", int, 30, "side of a square board", label="Board side", low=1, high=200),
            Option(
                "rows",
                int,
                0,
                "rows of a rectangular board (overrides size)",
                label="Rows",
                low=0,
                high=200,
                special="same as the side",
            ),
            Option(
                "cols",
                int,
                0,
                "columns of a rectangular board (overrides size)",
                label="Columns",
                low=0,
                high=200,
                special="same as the side",
            ),
            Option(
                "density",
                float,
                0.5,
                "chance that a cell holds a piece (random shape)",
                label="Piece density",
                low=0.0,
                high=1.0,
            ),
            Option(
                "shape",
                str,
                "random",
                "random, full-hole, blockcheck or cross",
                label="Shape",
                choices=("random", "full-hole", "blockcheck", "cross"),
            ),
        )
    )
    # The test kit's small case; the cold-start bench's budget on a contest-size board.
    smoke: Smoke = field(default_factory=lambda: Smoke(generator={"size": 7}, bench_nodes=2000))

    def parse_solution(self, instance: Board, text: str) -> ParsedSolution:
        return formats.parse_solution(text, self.max_moves(instance))

    def format_solution(self, instance: Board, moves: Sequence[Jump]) -> str:
        return formats.format_solution(moves)

    def initial_state(self, instance: Board) -> Board:
        return instance

    def legal_moves(self, instance: Board, state: Board) -> list[Jump]:
        return legal_jumps(state)

    def apply(self, instance: Board, state: Board, move: Jump) -> Transition:
        return Transition(play(state, Jump(*move)))

    def evaluate(self, instance: Board, state: Board, moves_played: int) -> ScoreReport:
        # The raw score is the number of jumps; it is the primary metric (spec §4).
        return ScoreReport(
            moves_played,
            str(moves_played),
            (
                ("moves", moves_played),
                ("pieces left", state.pieces),
                ("bound", instance.pieces - 1),
            ),
        )

    def move_text(self, move: Jump) -> str:
        return Jump(*move).text()

    def max_moves(self, instance: Board) -> int:
        return max(instance.pieces - 1, 0)

    def case_features(self, instance: Board) -> dict[str, int | float]:
        return {
            "density": round(instance.pieces / (instance.rows * instance.cols), 2),
            "rows": instance.rows,
            "cols": instance.cols,
            "pieces": instance.pieces,
        }


PUZZLE = Comesolo()

__all__ = ["PUZZLE", "Board", "Jump", "check_jump", "legal_jumps", "play", "IllegalMove"]
