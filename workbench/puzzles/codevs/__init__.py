"""codevs: the CODE VS Reborn (2019) chain game as a single-player puzzle (spec §2.8).

The score is the most ojama produced in one turn within the turn budget K;
an answer whose field ends a turn over the danger line is invalid.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import IO, Any

from workbench.core.puzzle import ModuleFiles, Option, ParsedSolution, Puzzle, ScoreReport, Smoke, Transition
from workbench.core.words import QT_TRANSLATE_NOOP

from . import formats, generator, rules
from .agent import run_agent
from .field import Field
from .rules import SKILL, Case, Drop, Skill, State, TurnResult, chain_score, explosion_score
from .server import serve


@dataclasses.dataclass
class Codevs(ModuleFiles, Puzzle):
    FORMATS, GENERATOR = formats, generator  # ModuleFiles reads and writes files, and generates, with these

    id: str = "codevs"
    title: str = "CODE VS Reborn (single-player chain puzzle)"
    rules: str = QT_TRANSLATE_NOOP(
        "PuzzleRules",
        "CODE VS Reborn's chain game, played alone: each turn drops the next 2×2 pack of numbered blocks "
        "(1-9) into a field 10 wide and 16 high, at a column (0-8) and turned 0-3 times clockwise; or "
        "fires the skill (S) once the gauge reaches 80, which explodes every 5 and its neighbours. "
        "Blocks that touch in any of 8 directions and sum to 10 vanish together, blocks above fall, and "
        "each further vanishing is one more chain. A field over the danger line at the end of a turn "
        "loses. Score: the most ojama (attack) made in one turn within the turn budget K.",
    )
    rules_summary: str = QT_TRANSLATE_NOOP(
        "PuzzleRules", "Drop packs of numbered blocks so pairs summing to 10 vanish in one long chain."
    )
    input_suffixes: tuple = (".txt", ".pack")
    # dataclasses.field in full: the package's own name 'field' is the engine module.
    generator_options: tuple = dataclasses.field(
        default_factory=lambda: (
            Option(
                "turns",
                int,
                formats.PACKS,
                "turn budget K (not written to the file)",
                label="Turn budget K",
                low=1,
                high=formats.PACKS,
            ),
        )
    )
    # The pack file cannot hold K: `score`/`solve codevs PACKS --turns K` set it.
    instance_options: tuple = dataclasses.field(
        default_factory=lambda: (
            Option("turns", int, formats.PACKS, "turn budget K: the answer plays at most K turns"),
        )
    )
    turn_seconds: float = 0.6  # the default `solve` budget per turn (the chain beam needs about that)
    # A short game for the test kit; chains resolve in stages (a replay shows each).
    smoke: Smoke = dataclasses.field(
        default_factory=lambda: Smoke(generator={"turns": 6}, instance={"turns": 6}, staged=True, bench_nodes=2000)
    )

    def configure(self, instance: Case, **options: Any) -> Case:
        turns = options.pop("turns", formats.PACKS)
        if options:  # as a keyword-only signature would refuse them
            raise TypeError(f"configure() got unexpected options: {', '.join(options)}")
        return dataclasses.replace(instance, turns=turns)

    def parse_solution(self, instance: Case, text: str) -> ParsedSolution:
        return formats.parse_solution(instance, text)

    def format_solution(self, instance: Case, moves: Sequence) -> str:
        return formats.format_solution(rules.as_move(move) for move in moves)

    def initial_state(self, instance: Case) -> State:
        return instance.start()

    def legal_moves(self, instance: Case, state: State) -> list:
        return rules.legal_moves(instance, state)

    def apply(self, instance: Case, state: State, move) -> Transition:
        return rules.play_turn(instance, state, move)

    def evaluate(self, instance: Case, state: State, moves_played: int) -> ScoreReport:
        # Objective (B) of spec §2.8; a tie goes to the answer that reached it in fewer turns.
        return ScoreReport(
            state.best_ojama,
            str(state.best_ojama),
            (
                ("best ojama", state.best_ojama),
                ("best ojama turn", state.best_ojama_turn),
                ("max chain", state.max_chain),
                ("total score", state.total_score),
                ("turns played", state.turn),
                ("gauge", state.gauge),
            ),
        )

    def move_text(self, move) -> str:
        return rules.move_text(rules.as_move(move))

    def max_moves(self, instance: Case) -> int:
        return instance.turns

    def case_features(self, instance: Case) -> dict[str, int | float]:
        played = instance.packs[: instance.turns]
        return {"turns": instance.turns, "four-block packs": sum(1 for pack in played if all(pack))}

    def judge(self, instance: Case, program) -> str:
        return serve(instance, program)

    def agent(self, stdin: IO[str], stdout: IO[str], solve: Callable[[Any], Sequence]) -> None:
        # The server sends both players' situations turn by turn (spec §3.1) and never
        # closes stdin between turns, so each turn is solved from the position it sends.
        run_agent(stdin, stdout, solve)


PUZZLE = Codevs()

__all__ = ["PUZZLE", "SKILL", "Case", "Drop", "Field", "Skill", "State", "TurnResult", "chain_score", "explosion_score"]
