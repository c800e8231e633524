"""The Qt layer: a thin view over workbench.core and the puzzles."""
