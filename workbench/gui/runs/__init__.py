"""Batch runs in the window: the Runs panel, its table and plots, past runs, side by side."""
