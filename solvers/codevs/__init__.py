"""Solvers for codevs (CODE VS Reborn, single-player): the write-up's chain-building beam."""

from .chain_builder import ChainBuilder

SOLVERS = (ChainBuilder,)

__all__ = ["SOLVERS", "ChainBuilder"]
