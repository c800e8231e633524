"""One package per puzzle; each exposes ``PUZZLE`` (see workbench.core.puzzle)."""
