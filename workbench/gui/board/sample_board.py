"""The board the app opens on first: the bundled sample (package data, so a wheel install has it too)."""

from workbench.assets import asset

DEFAULT_BOARD = asset("default_board.txt")
DEFAULT_PUZZLE = "comesolo"
