"""Batch runs: a solver or the user's own program over many cases, scored by the engine (Qt-free).

``plan`` is a batch as the user describes it (the command line, a tuning study and the Runs panel all
make one); ``cases`` builds the cases (seeds or files); ``problem`` declares what a batch runs cases of
(what a plan needs, what a case needs; ``puzzle_problem`` is a puzzle's, ``workbench.contest.problem``
a contest's); ``case_run`` holds the plain values a case run takes and gives (``Runner``, ``CaseRun``);
``runner`` plays and scores one case anywhere, a local worker or a Dask worker; ``program_run``
runs the user's program with the workbench on the judge's side of the protocol, ``processes``
every process a batch starts, ``program`` its build step and file; ``batch_run`` runs them all
and records each case (``results``, ``database``); ``report``, ``standings`` and ``run_listing``
summarise and compare; ``tune`` tunes parameters with Optuna.
The commands are ``workbench.cli``.
"""
