"""Batch runs: a solver or the user's own program over many cases, scored by the engine.

``cases`` builds the cases (seeds or files), ``judge`` runs a contestant
program with the workbench as the judge, ``tasks`` runs one case anywhere,
``runner`` runs them all (local processes or Dask), ``results`` scores and
stores them, ``report`` summarises and compares, ``command`` is ``puzzle-workbench batch``.
"""
