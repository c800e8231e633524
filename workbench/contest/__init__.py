"""A contest from its own tools: the contest a user is in this week, with no Python written.

A contest is a small TOML file (``contest.toml``) naming the contest's official
tools as shell commands: how a seed becomes an input (``gen``), how a case runs
(the user's program, or the official ``tester`` that runs it), how it is scored
(``vis`` printing ``Score = N``) and shown (the HTML ``vis`` writes, or a web
visualizer). ``puzzle-workbench contest init`` writes the file from an AtCoder-style
``tools/`` folder or a ``pahcer_config.toml``; ``puzzle-workbench batch`` then runs it as it
runs a built-in puzzle. Everything here is Qt-free.

``config`` reads and writes the file, ``steps`` runs its commands,
``problem`` is what a batch runs, ``tools_folder`` and ``pahcer`` make the file,
``init`` is what ``contest init`` writes, ``known`` remembers contests by name. The command is
``workbench.cli.contest``.
"""
