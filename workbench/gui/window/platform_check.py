"""Before the first window: can Qt's xcb platform plugin load on this Linux machine?

PySide6's wheels bring Qt but not the X11 client libraries its xcb plugin links
against. On a minimal system Qt then stops with "could not load the Qt platform
plugin xcb" and a list of plugins, which does not say what to install. We try to
load the same libraries first (the plugin's NEEDED entries) and, when some are
missing, print the one apt line that installs them. Qt-free, so it runs before
any QApplication exists.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

# What libqxcb.so and libQt6XcbQpa.so.6 (PySide6 6.6-6.11) link against, with the
# Debian/Ubuntu package of each.
XCB_LIBRARIES = {
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
}
APT_LINE = "sudo apt-get install " + " ".join(dict.fromkeys(XCB_LIBRARIES.values()))


def uses_xcb(env: Mapping[str, str] = os.environ, platform: str = sys.platform) -> bool:
    """Whether Qt will pick its xcb plugin (Linux, no other platform chosen, not a Wayland session)."""
    if not platform.startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(":")[0].split(";")[0] == "xcb"
    return not env.get("WAYLAND_DISPLAY")


def missing_libraries(loader: Callable[[str], object] = ctypes.CDLL) -> list[str]:
    """The xcb plugin's libraries that the dynamic loader cannot open."""
    missing = []
    for name in XCB_LIBRARIES:
        try:
            loader(name)
        except OSError:
            missing.append(name)
    return missing


def first_run_problem(
    env: Mapping[str, str] = os.environ, platform: str = sys.platform, loader: Callable[[str], object] = ctypes.CDLL
) -> str | None:
    """What stops the window from opening, as a message saying what to do; None when nothing."""
    if not uses_xcb(env, platform):
        return None
    missing = missing_libraries(loader)
    if missing:
        return (
            "Puzzle Workbench cannot open its window: Qt's X11 (xcb) platform plugin needs system "
            f"libraries that are missing here ({', '.join(missing)}).\n"
            f"Install them with:\n\n    {APT_LINE}\n\n"
            "then start it again (`puzzle-workbench`, or `make run` in a checkout). The command line "
            "works without them: puzzle-workbench --help."
        )
    if not env.get("DISPLAY"):
        return (
            "Puzzle Workbench cannot open its window: there is no X display (DISPLAY is not set).\n"
            "Run it from a desktop session, over `ssh -X`, or under Xvfb (xvfb-run puzzle-workbench). "
            "The command line works without a display: puzzle-workbench --help."
        )
    return None
