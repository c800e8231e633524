"""Solvers for ahc011 (Sliding Tree Puzzle)."""

from .screened_beam import ScreenedBeamSolver

SOLVERS = (ScreenedBeamSolver,)

__all__ = ["SOLVERS", "ScreenedBeamSolver"]
