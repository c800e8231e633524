import functools
import os
import types
from pathlib import Path

import case_data
import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The app's solver process at an app thread's priority, not in SCHED_IDLE: there a run stands still
# while the suite's other processes keep the cores busy (tests/test_job_process.py checks the class).
os.environ.setdefault("PWB_SOLVER_CLASS", "thread")


def pytest_addoption(parser):
    parser.addoption(
        "--puzzle-path",
        action="append",
        default=[],
        metavar="DIR",
        help="load puzzle plugins from DIR too (as main.py --puzzle-path), e.g. for tests/test_every_puzzle.py",
    )
    parser.addoption(
        "--wheel",
        action="store_true",
        help="run the tests marked 'wheel' (tests/test_wheel_install.py): build the wheel and "
        "install it into a new virtualenv; slow, so .ci/wheel_check runs them after the suite",
    )


# A test needs Qt (a QApplication) when its module is a gui one (test_gui*, or one whose top imports
# something that draws: Qt's gui or widgets, pyqtgraph, workbench.gui) or when it asks for a Qt fixture
# (window asks for qtbot, qtbot for qapp). Those are marked gui, so `-m "not gui"` runs without them.
GUI_FIXTURES = {"qtbot", "qapp", "window"}
QT_MODULES = ("PySide6.QtGui", "PySide6.QtWidgets", "pyqtgraph", "workbench.gui")


@functools.cache
def imports_qt(module: types.ModuleType) -> bool:
    def origin(value: object) -> str:
        name = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", "")
        return name if isinstance(name, str) else ""

    return any(origin(value).startswith(QT_MODULES) for value in vars(module).values())


def is_gui_test(item: pytest.Item) -> bool:
    if item.path.name.startswith("test_gui") or not GUI_FIXTURES.isdisjoint(getattr(item, "fixturenames", ())):
        return True
    module = getattr(item, "module", None)
    return module is not None and imports_qt(module)


# The tests a full run found slow (tests/mark_slow.py writes the list from its --durations).
SLOW = {
    line.strip()
    for line in (Path(__file__).with_name("slow_tests.txt")).read_text().splitlines()
    if line.strip() and not line.startswith("#")
}


@pytest.hookimpl(tryfirst=True)  # before -m reads the markers
def pytest_collection_modifyitems(config, items):
    gui, slow = pytest.mark.gui, pytest.mark.slow
    for item in items:
        if is_gui_test(item):
            item.add_marker(gui)
        if item.nodeid in SLOW:
            item.add_marker(slow)
    if config.getoption("--wheel"):
        return
    skip = pytest.mark.skip(reason="builds and installs the wheel: .ci/wheel_check runs it (pytest --wheel)")
    for item in items:
        if "wheel" in item.keywords:
            item.add_marker(skip)


def pytest_collection_finish(session):
    """Qt WebEngine needs its attribute set before pytest-qt makes the QApplication, as the app does
    (contest views); only a session that runs gui tests loads it."""
    if any("gui" in item.keywords for item in session.items):
        from workbench.gui.contest.web_view import prepare_application

        prepare_application()


def pytest_configure(config):
    from workbench.core.registry import add_puzzle_path

    for folder in config.getoption("--puzzle-path"):
        add_puzzle_path(folder)


REPO = Path(__file__).resolve().parents[1]
# The cases and fault reproductions the tests read, made by the project (tests/case_data.py).
DATA = case_data.build()
# The contest data outside the repo: third-party answers, reference scores, specs, and the
# official files the generators are checked against. Tests of those alone skip without it.
SHARED = REPO.parent / "shared"


def data_file(relative: str) -> Path:
    """``tests/.data/relative``: cases/PUZZLE/... and repro/..., laid out as in ../shared."""
    return DATA / relative


def shared_file(relative: str) -> Path:
    """``../shared/relative``; the test calling it skips when ../shared is not beside the checkout."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside the checkout")
    return SHARED / relative


@pytest.fixture(scope="session")
def data_root() -> Path:
    return DATA


@pytest.fixture(scope="session")
def shared() -> Path:
    return shared_file("")


@pytest.fixture
def window(qtbot, tmp_path):
    """The app's main window on the default board, with settings kept in tmp_path."""
    from PySide6.QtCore import QSettings

    from workbench.gui.app import build_window

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    win = build_window(settings=settings)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    # The solver kernels get ready first (compiled by a worker process when the numba cache is
    # cold): a run started before waits for them, and tests start runs at once.
    qtbot.waitUntil(lambda: win.kernels.is_ready(win.session.puzzle.id), timeout=600000)
    yield win
    win.solver_panel.shutdown()


@pytest.fixture(autouse=True)
def puzzles_as_they_were():
    """A test that loads a folder plugin (``--puzzle-path``, or the path variable under monkeypatch)
    leaves it in the registry's cache, and later tests in the same xdist worker would list it among
    the puzzles: CI once failed on exactly that (lights-out in test_completion). So the variable is
    put back and a cache holding a folder plugin is dropped once each test has ended."""
    import sys

    before = os.environ.get("PUZZLE_WORKBENCH_PATH")
    yield
    registry = sys.modules.get("workbench.core.registry")
    if registry is None:
        return
    if os.environ.get(registry.PATH_VARIABLE) != before:
        if before is None:
            os.environ.pop(registry.PATH_VARIABLE, None)
        else:
            os.environ[registry.PATH_VARIABLE] = before
    if registry._load.cache_info().currsize and any(
        source.origin != "built in" and not source.origin.startswith("entry point")
        for source in registry.sources().values()
    ):
        registry.reset()


@pytest.fixture(autouse=True)
def collect_between_tests():
    """The garbage a test leaves (closed windows, web pages, their signal cycles) is collected once it
    has ended, on the main thread with no run of its own going, not mid-way through a later test
    while that test's run threads start: the full suite once ended in a segfault inside such a
    collection (a Runs-panel batch starting in test_gui_contest)."""
    yield
    import gc

    gc.collect()


def pytest_sessionfinish(session, exitstatus):
    """Qt WebEngine's default profile goes at exit; a web page still alive then (a contest view that
    one test left to the garbage collector) crashes the process after the last test (rc 139). So
    every page still about is deleted now, while the application is whole."""
    import gc
    import sys

    if "PySide6.QtWebEngineCore" not in sys.modules:
        return
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWebEngineCore import QWebEnginePage
    from PySide6.QtWebEngineWidgets import QWebEngineView

    gc.collect()
    for thing in gc.get_objects():
        try:
            if isinstance(thing, (QWebEngineView, QWebEnginePage)):
                thing.deleteLater()
        except RuntimeError:  # its C++ object is gone already
            pass
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
