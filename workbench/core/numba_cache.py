"""Where numba keeps its compiled kernels when the install cannot hold them.

Kernels are compiled with ``cache=True``. Numba stores the cache next to each
source file (``__pycache__``), or else in the user's cache folder; on a
read-only install run by a user without a writable home (a container, a
shared lab machine) neither works, and every kernel dies in numba's cache
locator with "cannot cache function ... no locator available". Before numba
is imported we check both places and, when neither is writable, point
NUMBA_CACHE_DIR at a folder under the system's temp folder. A cache set by
the user (NUMBA_CACHE_DIR) is always respected.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout: workbench/ and solvers/ live here
KERNEL_PACKAGES = ("solvers", "workbench")
_checked = False


def _can_write(folder: Path) -> bool:
    """Whether files can be created in ``folder``, or in its nearest existing parent."""
    while not folder.exists():
        if folder.parent == folder:
            return False
        folder = folder.parent
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def _tree_writable() -> bool:
    for package in KERNEL_PACKAGES:
        for folder in (ROOT / package).rglob("*"):
            if folder.is_dir() and folder.name != "__pycache__" and not _can_write(folder / "__pycache__"):
                return False
        if not _can_write(ROOT / package / "__pycache__"):
            return False
    return True


def _user_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "numba"


def temp_cache_dir() -> Path:
    uid = os.getuid() if hasattr(os, "getuid") else "user"
    return Path(tempfile.gettempdir()) / f"puzzle-workbench-numba-{uid}"


def ensure_cache_dir() -> str | None:
    """Set NUMBA_CACHE_DIR to a temp folder when numba could not cache anywhere; return it."""
    global _checked
    if _checked or os.environ.get("NUMBA_CACHE_DIR"):
        return None
    _checked = True
    if _tree_writable() or _can_write(_user_cache()):
        return None
    folder = str(temp_cache_dir())
    os.environ["NUMBA_CACHE_DIR"] = folder
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba already read its settings: tell it too
        config.CACHE_DIR = folder
    return folder
