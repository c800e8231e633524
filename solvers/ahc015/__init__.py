"""AHC015 policies: per-turn tilt choosers (see workbench.puzzles.ahc015.interactive).

``POLICIES`` maps a name to a ``TurnPolicy``. The whole-game ``SOLVERS`` of the
solver protocol do not fit an online puzzle and come later.
"""

from workbench.puzzles.ahc015.interactive import TurnPolicy

from .rules import rule1, rule2

POLICIES: dict[str, TurnPolicy] = {
    policy.name: policy
    for policy in (
        TurnPolicy("rule1", "B before a strawberry, else F (write-up rule 1)", rule1),
        TurnPolicy("rule2", "strawberry front, watermelon back-left, pumpkin back-right (write-up rule 2)", rule2),
    )
}
