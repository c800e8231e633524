"""The project's version, as the install recorded it from pyproject.toml (``--version``, run.json)."""

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "puzzle-workbench"
APP_ID = "puzzle-workbench"  # the desktop entry's file name, its icon's name, and the app's desktop file name


def project_version() -> str:
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # a checkout run without installing it
        return "unknown"
