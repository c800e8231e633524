"""rolling-balls: TopCoder Marathon Match 90 "RollingBalls"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from workbench.core.puzzle import ModuleFiles, ParsedSolution, Puzzle, ScoreReport, Transition
from workbench.core.words import QT_TRANSLATE_NOOP

from . import formats, generator
from .board import Board, Case, Roll, coverage, moving_rolls, play


@dataclass
class RollingBalls(ModuleFiles, Puzzle):
    FORMATS, GENERATOR = formats, generator  # ModuleFiles reads and writes files, and generates, with these

    id: str = "rolling-balls"
    title: str = "RollingBalls (TopCoder MM90)"
    rules: str = QT_TRANSLATE_NOOP(
        "PuzzleRules",
        "A board of walls and coloured balls, and a target layout. A roll picks a ball and a direction; "
        "the ball rolls until the edge, a wall or another ball stops it (the other ball stays). At most "
        "20 rolls per ball. Score: for each target cell holding a ball, 1 if the final board has a ball "
        "of that colour there, 0.5 for a ball of another colour, divided by the number of balls (1.0: "
        "the target reached). TopCoder Marathon Match 90.",
    )
    rules_summary: str = QT_TRANSLATE_NOOP(
        "PuzzleRules", "Roll balls until walls or balls stop them, to rebuild the target layout."
    )

    def generate(self, seed: int, **options: Any) -> Case:
        return generator.generate(seed)

    def parse_solution(self, instance: Case, text: str) -> ParsedSolution:
        return formats.parse_solution(instance, text)

    def format_solution(self, instance: Case, moves: Sequence[Roll]) -> str:
        return formats.format_solution(moves)

    def initial_state(self, instance: Case) -> Board:
        return instance.start

    def legal_moves(self, instance: Case, state: Board) -> list[Roll]:
        return moving_rolls(state)

    def apply(self, instance: Case, state: Board, move: Roll) -> Transition:
        return Transition(play(state, Roll(*move)))

    def evaluate(self, instance: Case, state: Board, moves_played: int) -> ScoreReport:
        covered = coverage(instance, state)
        score = covered.points / instance.n_balls  # the tester's double, unrounded
        return ScoreReport(
            score,
            f"{score:.7f}",
            (
                ("rolls", moves_played),
                ("roll limit", instance.max_rolls),
                ("matched", covered.same_colour),
                ("wrong colour", covered.other_colour),
                ("empty targets", covered.empty),
            ),
        )

    def move_text(self, move: Roll) -> str:
        return Roll(*move).text()

    def max_moves(self, instance: Case) -> int:
        return instance.max_rolls

    def agent(self, stdin: IO[str], stdout: IO[str], solve: Callable[[Any], Sequence]) -> None:
        # The tester never closes our stdin, so read exactly one case, not to EOF.
        instance = self.parse_input(formats.read_case(stdin))
        stdout.write(self.format_solution(instance, solve(instance)))
        stdout.flush()

    def judge(self, instance: Case, program) -> str:
        """The Topcoder tester's side: write the case, then read N and N rolls (stdin stays open)."""
        program.send(self.format_input(instance))
        first = program.read_line("the number of rolls N")
        count = formats.java_int(first)
        lines = [first]
        if count is not None and 0 <= count <= instance.max_rolls:
            for index in range(count):
                lines.append(program.read_line(f"roll {index + 1} of {count}"))
        # What was read is scored like an answer file, so a bad N or roll gets the file's message.
        return "\n".join(lines) + "\n"

    def case_features(self, instance: Case) -> dict[str, int | float]:
        colours = {c for c in instance.start.cells if chr(c).isdigit()}
        return {"balls": instance.n_balls, "colours": len(colours), "H": instance.start.rows, "W": instance.start.cols}


PUZZLE = RollingBalls()

__all__ = ["PUZZLE", "Board", "Case", "Roll", "coverage", "moving_rolls", "play"]
