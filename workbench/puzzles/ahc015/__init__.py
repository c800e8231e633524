"""ahc015: AtCoder Heuristic Contest 015, "Halloween Candy" (an online puzzle).

The instance (``Candies``) holds every drop position; a state (``Box``) holds
only those revealed so far, and ``apply`` reveals the next one after the tilt.
Solvers and policies see the ``Box`` alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO

from workbench.core.errors import IllegalMove
from workbench.core.puzzle import Frame, ModuleFiles, ParsedSolution, Puzzle, ScoreReport, Smoke, Transition
from workbench.core.words import QT_TRANSLATE_NOOP

from . import formats, generator
from .box import (
    CANDIES,
    FLAVOUR_NAMES,
    SIDE,
    TILT_NAMES,
    TILTS,
    Box,
    Candies,
    components,
    contest_score,
    nth_empty_cell,
    place,
    score_parts,
    tilt,
)
from .interactive import TurnPolicy, play_game, policy_decider, run_agent, run_judge


@dataclass
class Ahc015(ModuleFiles, Puzzle):
    FORMATS, GENERATOR = formats, generator  # ModuleFiles reads and writes files, and generates, with these

    id: str = "ahc015"
    title: str = "AHC015 Halloween Candy (online)"
    rules: str = QT_TRANSLATE_NOOP(
        "PuzzleRules",
        "100 candies of 3 flavours fall one by one into a 10×10 box. The flavours are known from the "
        "start, but where each candy lands (a random empty cell) is revealed only when it arrives. "
        "After each candy you tilt the box once: F (to the front, row 0), B (back), L or R; every candy "
        "slides as far as it can. Score: round(10⁶·Σ n_c² / (d₁² + d₂² + d₃²)), where n_c are the sizes "
        "of the groups of same-flavour candies touching side by side at the end and d_i the count of "
        "each flavour: gather each flavour into one group for 10⁶.",
    )
    rules_summary: str = QT_TRANSLATE_NOOP(
        "PuzzleRules", "Tilt the box after each candy falls so that each flavour ends in one big group."
    )
    online: bool = True
    turn_seconds: float = 0.1  # the default `solve` budget per turn (100 turns: 10 s, as before)
    # A tilt, then the next candy drops: moves resolve in stages.
    smoke: Smoke = field(default_factory=lambda: Smoke(staged=True, bench_nodes=400))

    def sniff(self, text: str) -> bool:
        return formats.sniff(text)

    def generate(self, seed: int, **options) -> Candies:
        return generator.generate(seed)

    def parse_solution(self, instance: Candies, text: str) -> ParsedSolution:
        return formats.parse_solution(text)

    def format_solution(self, instance: Candies, moves: Sequence[str]) -> str:
        return formats.format_solution(moves)

    def initial_state(self, instance: Candies) -> Box:
        return place(Box.empty(instance.flavours), instance.placements[0])

    def legal_moves(self, instance: Candies, state: Box) -> list[str]:
        return [] if state.over else list(TILTS)

    def apply(self, instance: Candies, state: Box, move: str) -> Transition:
        tilted = tilt(state, move)
        if tilted.turn == CANDIES:
            return Transition(tilted)  # the 100th tilt: the box is full, nothing moves or drops
        # Only now, after the tilt, is the next drop position read from the instance.
        p = instance.placements[tilted.turn]
        dropped = place(tilted, p)
        r, c = divmod(nth_empty_cell(tilted.cells, p), SIDE)
        flavour = FLAVOUR_NAMES[dropped.flavours[tilted.turn]]
        # Two frames so a board view can show the slide, then the new candy appearing.
        return Transition(
            dropped,
            (
                Frame(tilted, f"tilt {move}: candies slide toward the {TILT_NAMES[move]}"),
                Frame(
                    dropped,
                    f"candy {dropped.turn} ({flavour}) drops into empty cell {p}: row {r}, column {c}",
                    ((r, c),),
                ),
            ),
        )

    def evaluate(self, instance: Candies, state: Box, moves_played: int) -> ScoreReport:
        num, den = score_parts(state)
        score = contest_score(num, den)
        largest = {f: 0 for f in FLAVOUR_NAMES}
        groups = components(state.cells)
        for flavour, size in groups:
            largest[flavour] = max(largest[flavour], size)
        return ScoreReport(
            score,
            str(score),
            (
                ("turn", state.turn),
                ("tilts", state.tilts),
                ("components", len(groups)),
                *((f"largest {FLAVOUR_NAMES[f]}", largest[f]) for f in FLAVOUR_NAMES),
            ),
        )

    def move_text(self, move: str) -> str:
        return f"{move}: toward the {TILT_NAMES.get(move, '?')}"

    def public_view(self, instance: Candies, state: Box) -> Box:
        return state  # a Box never holds the unrevealed placements

    def max_moves(self, instance: Candies) -> int:
        return CANDIES

    def agent(self, stdin: IO[str], stdout: IO[str], solve: Callable[[Box, int], str] | TurnPolicy) -> None:
        """The interactive protocol, one tilt per revealed p_t.

        ``solve(view, turns_left)`` is the per-turn decider the CLI builds from
        the chosen solver (``solvers.online.TurnDecider``); a ``TurnPolicy`` is
        played as it is.
        """
        run_agent(stdin, stdout, policy_decider(solve) if isinstance(solve, TurnPolicy) else solve)

    def judge(self, instance: Candies, program) -> str:
        return run_judge(instance, program)

    def case_features(self, instance: Candies) -> dict[str, int | float]:
        counts = [instance.flavours.count(f) for f in (1, 2, 3)]
        # The rarer the flavours, the harder they are to keep together.
        return {"smallest flavour": min(counts), "largest flavour": max(counts)}


PUZZLE = Ahc015()

__all__ = ["PUZZLE", "Box", "Candies", "TurnPolicy", "play_game", "policy_decider", "run_agent", "IllegalMove"]
