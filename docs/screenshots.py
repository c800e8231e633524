"""The documentation's pictures, made from the real app off-screen (never drawn by hand):

    python docs/screenshots.py            (make docs runs it, then builds the site)

Each picture is the real window (or dialog) built as the app builds it, driven through its own
actions, and grabbed; rerun it after a change to the GUI and the pictures follow.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

HERE = Path(__file__).resolve().parent
IMAGES = HERE / "images"
CASES = HERE.parent.parent / "shared" / "cases"
SIZE = (1280, 800)


def settle(app: QApplication, seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def grab(widget, name: str) -> None:
    path = IMAGES / name
    widget.grab().save(str(path))
    print(path.relative_to(HERE.parent))


def main() -> int:
    from workbench.gui.app import build_window, name_application
    from workbench.gui.window import language
    from workbench.gui.window.rules_view import show_rules

    IMAGES.mkdir(exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    name_application(app)
    folder = Path(tempfile.mkdtemp(prefix="pwb-docs-"))
    settings = QSettings(str(folder / "settings.ini"), QSettings.IniFormat)
    window = build_window(settings=settings)
    window.resize(*SIZE)
    window.show()
    settle(app)

    # Each puzzle's board, as its painter draws it (seed 1 of the official generator).
    from workbench.gui.board.painters import playable_puzzles

    for puzzle in playable_puzzles():
        window.files.generate(puzzle.id, 1)
        settle(app, 0.2)
        grab(window.view, f"board-{puzzle.id}.png")

    # The main window on a real contest case with its solver running a moment.
    case = CASES / "ahc011" / "0000.txt"
    if not (case.exists() and window.files.open_path(case, "ahc011")):  # the contest's data sits beside the checkout
        window.files.generate("ahc011", 0)
    deadline = time.monotonic() + 600
    while not window.kernels.is_ready("ahc011") and time.monotonic() < deadline:
        settle(app, 0.2)
    window.answers.start_solver()
    # Until the run has found answers and plotted a few seconds of them (its child process starts
    # first), so the picture shows a search under way.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(window.solver_panel.run.samples.best) < 30:
        settle(app, 0.2)
    settle(app, 1.0)
    grab(window, "main-window.png")
    window.solver_panel.shutdown()

    rules = show_rules(window, window.session.puzzle)
    settle(app)
    grab(rules, "rules.png")
    rules.close()

    page = window.guide.show_start_page()
    page.resize(980, 720)
    settle(app, 0.5)
    grab(page, "start-page.png")
    page.close()

    # A lost position, said and marked as it happens (a box pushed into a corner).
    level = folder / "corner.xsb"
    level.write_text("######\n#@   #\n# $ .#\n######\n")
    if window.files.open_path(level):
        for step in "rrdl":
            window.playing.play(step)
        settle(app, 0.3)
        grab(window, "deadlock.png")

    # The window in Japanese.
    window.close()
    language.install(app, "ja")
    japanese = build_window(settings=settings)
    japanese.resize(*SIZE)
    japanese.show()
    japanese.files.generate("comesolo", 1)
    settle(app, 0.5)
    grab(japanese, "japanese.png")
    japanese.close()
    language.install(app, "en")
    return 0


if __name__ == "__main__":
    sys.exit(main())
