"""Help ▸ About: what this is, its version, its licence and where its documentation is."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, metadata

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from workbench.core.version import DISTRIBUTION, project_version

DOCS = "docs/index.md (the site: make docs)"


def licence() -> str:
    """The licence the installed package declares, or None said plainly."""
    try:
        declared = metadata(DISTRIBUTION).get("License") or metadata(DISTRIBUTION).get("License-Expression")
    except PackageNotFoundError:
        declared = None
    return declared or ""


def about_html() -> str:
    stated = licence()
    return "".join(
        [
            f"<h3>Puzzle Workbench {project_version()}</h3>",
            "<p>",
            QCoreApplication.translate(
                "About",
                "Play heuristic-contest puzzles by hand, run real solvers on them, watch the search live, "
                "export answers the judge accepts, and run your own contest program over many cases.",
            ),
            "</p>",
            "<p>",
            (
                QCoreApplication.translate("About", "Licence: {0}").format(stated)
                if stated
                else QCoreApplication.translate(
                    "About", "Licence: none is declared for this version (no LICENSE file ships with it)."
                )
            ),
            "</p>",
            "<p>",
            QCoreApplication.translate(
                "About", "Documentation: {0}; the README in the checkout; puzzle-workbench --help on the command line."
            ).format(DOCS),
            "</p>",
            "<p>",
            QCoreApplication.translate("About", "Built with Qt (PySide6), pyqtgraph, numba, NumPy and SciPy."),
            "</p>",
        ]
    )


def show_about(parent: QWidget) -> None:
    QMessageBox.about(parent, QCoreApplication.translate("About", "About Puzzle Workbench"), about_html())
