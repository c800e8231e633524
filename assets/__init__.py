"""The files the app ships: the sample board and the icon.

This folder stays at the checkout's top level and is installed as the package
``workbench.assets`` (pyproject.toml's package-dir), so :func:`asset` finds the
files in a checkout, an editable install and a wheel alike.
``puzzle-workbench-48.png`` is ``puzzle-workbench.svg`` drawn by Qt at 48 pixels
(the size the icon theme spec asks every application for; tests/test_desktop_entry.py
checks that the two agree).
"""

from importlib.resources import files
from pathlib import Path


def asset(name: str) -> Path:
    """The bundled file ``name``, as a path on disk (the package is never zipped)."""
    return Path(str(files(__name__) / name))
