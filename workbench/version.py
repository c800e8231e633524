"""The project's version, as the install recorded it from pyproject.toml (``--version``, run.json)."""

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "puzzle-workbench"


def project_version() -> str:
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # a checkout run without installing it
        return "unknown"
