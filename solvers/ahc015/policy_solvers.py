"""Rule 1 and rule 2 as solvers: one expansion per turn, the policy's tilt as the plan.

They let the online machinery (CLI ``solve``/``agent``, the GUI's solver panel)
play the rules like any other solver. Rule 2 reads its own past tilts from the
view (``Box.played``), which is public knowledge.
"""

from __future__ import annotations

from workbench.puzzles.ahc015.box import Box, contest_score, score_parts
from workbench.puzzles.ahc015.interactive import TurnPolicy

from ..base import FrontierEntry, Progress, Solver
from .rules import rule1, rule2


class PolicySolver(Solver):
    policy: TurnPolicy

    def __init__(self, puzzle, view: Box, seed: int = 0, **params):
        super().__init__(puzzle, view, seed, **params)
        self.plan: tuple[str, ...] = ()

    def run_slice(self, max_expansions: int) -> Progress:
        self.plan = (self.policy.choose(self.view, tuple(self.view.played)),)
        return Progress(1, contest_score(*score_parts(self.view)), 1, True)

    def best_moves(self):
        return self.plan

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        if not self.plan or limit < 1:
            return []
        return [FrontierEntry(0.0, 1, self.plan, (("tilt", self.plan[0]), ("rule", self.policy.name)))]


class Rule1Solver(PolicySolver):
    name = "rule1"
    policy = TurnPolicy("rule1", "B before a strawberry, else F (write-up rule 1)", rule1)
    description = policy.description


class Rule2Solver(PolicySolver):
    name = "rule2"
    fast_finish = True  # microseconds per turn, and the better of the two rules
    policy = TurnPolicy("rule2", "strawberry front, watermelon back-left, pumpkin back-right (write-up rule 2)", rule2)
    description = policy.description
