"""AHC015 solvers (per turn, from the public ``Box``) and the fast rule policies.

``SOLVERS`` is what the online machinery builds each turn: Monte Carlo
playouts first (the default), then rule 2 and rule 1 as one-expansion solvers.
``POLICIES`` maps a name to a ``TurnPolicy`` (see workbench.puzzles.ahc015.interactive).
"""

from workbench.puzzles.ahc015.interactive import TurnPolicy

from .monte_carlo import MonteCarloSolver
from .policy_solvers import Rule1Solver, Rule2Solver

SOLVERS = (MonteCarloSolver, Rule2Solver, Rule1Solver)

POLICIES: dict[str, TurnPolicy] = {cls.policy.name: cls.policy for cls in (Rule1Solver, Rule2Solver)}

__all__ = ["SOLVERS", "POLICIES", "MonteCarloSolver", "Rule1Solver", "Rule2Solver"]
