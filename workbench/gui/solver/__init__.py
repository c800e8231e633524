"""The solver in the window: its panel and plots, its answers on the board, the hint."""
