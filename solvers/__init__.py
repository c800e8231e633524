"""Solvers, one package per puzzle; each exposes ``SOLVERS`` (see solvers.base)."""
