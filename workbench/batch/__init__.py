"""Batch runs: a solver or the user's own program over many cases, scored by the engine (Qt-free).

``plan`` is a batch as the user describes it (the command line, a tuning study and the Runs panel all
make one); ``cases`` builds the cases (seeds or files); ``problem`` is what a batch runs cases of (a
puzzle; a contest is ``workbench.contest.problem``); ``runner`` plays one case anywhere, a local
worker or a Dask worker; ``program_run`` runs the user's program with the workbench on the judge's
side of the protocol, ``processes`` every process a batch starts, ``program`` its build step and
file; ``batch_run`` runs them all and records each case (``results``, ``database``); ``report``,
``standings`` and ``run_listing`` summarise and compare; ``tune`` tunes parameters with Optuna.
The commands are ``workbench.cli``.
"""
