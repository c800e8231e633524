"""Solvers for comesolo (8-direction peg solitaire).

Beam search is the default: on 30x30 boards it keeps improving where the
editorial's best-first search stalls after its first greedy dive.
"""

from .beam import BeamSolver
from .best_first import BestFirstSolver

SOLVERS = (BeamSolver, BestFirstSolver)

__all__ = ["SOLVERS", "BestFirstSolver", "BeamSolver"]
