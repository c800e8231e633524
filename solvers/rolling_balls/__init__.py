"""Solvers for rolling-balls (TopCoder MM90 RollingBalls)."""

from .target_beam import TargetBeamSolver

SOLVERS = (TargetBeamSolver,)

__all__ = ["SOLVERS", "TargetBeamSolver"]
