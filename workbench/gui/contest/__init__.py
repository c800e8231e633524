"""A contest's window: its runs beside one case, the contest's own visualizer."""
