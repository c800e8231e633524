"""Sokoban's solvers (found by the registry as the package's ``solvers`` submodule)."""

from .astar import AStarSolver

SOLVERS = (AStarSolver,)

__all__ = ["SOLVERS", "AStarSolver"]
