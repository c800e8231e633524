"""First run on a minimal Linux: say which apt line installs Qt's xcb libraries instead of
Qt's "could not load the Qt platform plugin xcb"."""

import os
import subprocess
import sys

from conftest import REPO

from workbench.gui.window.platform_check import APT_LINE, XCB_LIBRARIES, first_run_problem, uses_xcb

X_SESSION = {"DISPLAY": ":0"}


def loader_without(*missing):
    def load(name):
        if name in missing:
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")
        return object()

    return load


def test_missing_libraries_give_the_apt_line():
    problem = first_run_problem(X_SESSION, "linux", loader_without("libxcb-cursor.so.0", "libxcb-icccm.so.4"))
    assert "(libxcb-cursor.so.0, libxcb-icccm.so.4)" in problem
    assert APT_LINE in problem
    assert APT_LINE.startswith("sudo apt-get install libxcb1 libxcb-cursor0 libxcb-icccm4 ")
    assert set(XCB_LIBRARIES.values()) == set(APT_LINE.split()[3:])


def test_nothing_to_say_when_the_libraries_load():
    assert first_run_problem(X_SESSION, "linux", loader_without()) is None


def test_no_display_is_said_plainly():
    problem = first_run_problem({}, "linux", loader_without())
    assert "there is no X display (DISPLAY is not set)" in problem


def test_other_platforms_are_not_checked():
    broken = loader_without(*XCB_LIBRARIES)
    assert first_run_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", broken) is None
    assert first_run_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux", broken) is None
    assert first_run_problem({}, "darwin", broken) is None
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")


def test_readme_gives_the_same_apt_line():
    assert APT_LINE in (REPO / "README.md").read_text()


def test_the_app_prints_the_apt_line_instead_of_qts_message(tmp_path):
    """A real start with a broken libxcb-cursor on the loader's path (the situation of a
    minimal system): the app says what to install and exits before Qt tries the plugin."""
    (tmp_path / "libxcb-cursor.so.0").write_text("not a library")
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":99", LD_LIBRARY_PATH=str(tmp_path))
    done = subprocess.run([sys.executable, str(REPO / "main.py")], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "libxcb-cursor.so.0" in done.stderr
    assert APT_LINE in done.stderr
    assert "Could not load the Qt platform plugin" not in done.stderr
