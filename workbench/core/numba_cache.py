"""Numba's kernel cache: a place for it on read-only installs, and no stale kernels after an edit.

Kernels are compiled with ``cache=True``. Numba stores the cache next to each
source file (``__pycache__``): in a checkout, or an install the user may write
to. An installed package whose folder is read-only (pip as root, a system
package, a shared lab machine) gets the user's own cache folder instead, the
project's as the system names it (``~/.cache/puzzle-workbench/numba`` on Linux,
``$XDG_CACHE_HOME`` honoured): before numba is imported, NUMBA_CACHE_DIR is
pointed there, or, for a user without a writable home (a container), at a
folder under the system's temp folder, since a kernel that can be cached
nowhere dies in numba's cache locator ("cannot cache function ... no locator
available"). A cache set by the user (NUMBA_CACHE_DIR) is always respected.

Then, still before numba reads any cache, kernels cached from sources that have
changed since (including kernels they call from other modules) are deleted: see
:func:`drop_stale_kernel_caches`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import platformdirs

ROOT = Path(__file__).resolve().parents[2]  # the checkout, or site-packages: workbench/ and solvers/ are here
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


def user_cache_dir() -> Path:
    return Path(platformdirs.user_cache_dir("puzzle-workbench", appauthor=False)) / "numba"


def temp_cache_dir() -> Path:
    uid = os.getuid() if hasattr(os, "getuid") else "user"
    return Path(tempfile.gettempdir()) / f"puzzle-workbench-numba-{uid}"


def fallback_cache_dir() -> Path | None:
    """Where kernels are cached when the package's own folders are read-only: the user's cache
    folder, else (no writable home) the temp folder; None when numba may cache beside the sources."""
    if _tree_writable():
        return None
    return user_cache_dir() if _can_write(user_cache_dir()) else temp_cache_dir()


def ensure_cache_dir() -> str | None:
    """Set NUMBA_CACHE_DIR to :func:`fallback_cache_dir` unless the user set it; return it.

    Once per process; it then drops the cached kernels whose sources changed."""
    global _checked
    if _checked:
        return None
    _checked = True
    fallback = None if os.environ.get("NUMBA_CACHE_DIR") else fallback_cache_dir()
    folder = None if fallback is None else str(fallback)
    if folder is not None:
        os.environ["NUMBA_CACHE_DIR"] = folder
        config = sys.modules.get("numba.core.config")
        if config is not None:  # numba already read its settings: tell it too
            config.CACHE_DIR = folder  # type: ignore[attr-defined]  # numba's settings are set at run time
    drop_stale_kernel_caches()
    return folder


# ------------------------------------------------------------------ stale kernels after an edit
# Numba keys each cached kernel on its OWN source file only. A kernel that calls a kernel from
# another module keeps its cached machine code, old callee compiled in, after only the callee's
# module changed (a git pull, an edit): solvers then silently run old code. So kernels are
# grouped (a solver package with its puzzle's rules, plus the shared kernel modules they call);
# when any source of a group changed since the stamp kept in the group's cache folder, the
# group's cache files are deleted before numba reads them, and everything recompiles.
# Stat calls and two tiny reads (numba's version file, the stamp): a few milliseconds a start.

SHARED_KERNEL_MODULES = ("solvers/kernels.py",)  # @njit functions called from several packages
STAMP_PREFIX = "kernel_sources_"
CACHE_SUFFIXES = (".nbi", ".nbc")
VOUCHING_STAMPS = ("warm_up_",)  # stamps saying "compiled": warm_up.stamp_path, kept beside the cache


@dataclass(frozen=True)
class KernelGroup:
    """Source folders whose kernels may call one another, and the shared modules they call."""

    name: str
    folders: tuple[str, ...]  # the first one's cache folder holds the stamp
    shared: tuple[str, ...] = ()


def kernel_root() -> str:
    """The checkout, not resolved: numba names cache folders after the path modules came from."""
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _packages(folder: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            return sorted(
                (e for e in entries if e.is_dir() and os.path.isfile(os.path.join(e.path, "__init__.py"))),
                key=lambda e: e.name,
            )
    except OSError:
        return []


def kernel_groups(root: str | None = None) -> list[KernelGroup]:
    """One group per solver package: solvers/<name>/ with workbench/puzzles/<name>/; a puzzle package
    with its solvers inside (a plugin) is a group of its own, built in or on PUZZLE_WORKBENCH_PATH."""
    root = root or kernel_root()
    shared = tuple(os.path.join(root, *module.split("/")) for module in SHARED_KERNEL_MODULES)
    groups = []
    for entry in _packages(os.path.join(root, "solvers")):
        rules = os.path.join(root, "workbench", "puzzles", entry.name)
        folders = (entry.path, rules) if os.path.isdir(rules) else (entry.path,)
        groups.append(KernelGroup(entry.name, folders, shared))
    covered = {group.name for group in groups}
    for entry in _packages(os.path.join(root, "workbench", "puzzles")):
        if entry.name not in covered:
            groups.append(KernelGroup(entry.name, (entry.path,), shared))
    for path in os.environ.get("PUZZLE_WORKBENCH_PATH", "").split(os.pathsep):
        if not path.strip():
            continue
        plugins = [path] if os.path.isfile(os.path.join(path, "__init__.py")) else [e.path for e in _packages(path)]
        for folder in plugins:
            name = "plugin_" + hashlib.sha1(os.path.abspath(folder).encode()).hexdigest()[:10]
            groups.append(KernelGroup(name, (folder,), shared))
    return groups


def _numba_setting(name: str, environ: str) -> str:
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba already read its settings (env and .numba_config.yaml)
        return getattr(config, name, "") or ""
    return os.environ.get(environ, "")


def _user_wide_cache() -> str:
    """numba's UserWideCacheLocator folder, from numba's own appdirs (without importing numba)."""
    appdirs = sys.modules.get("numba.misc.appdirs")
    if appdirs is None:
        path = os.path.join(_numba_folder(), "misc", "appdirs.py")
        loader = importlib.util.spec_from_file_location("_workbench_numba_appdirs", path)
        if loader is None or loader.loader is None:
            raise ImportError(f"numba's appdirs cannot be loaded from {path}")
        appdirs = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(appdirs)
    folder: str = appdirs.AppDirs(appname="numba", appauthor=False).user_cache_dir
    return folder


def _numba_folder() -> str:
    """The installed numba package's folder, found without importing numba."""
    spec = importlib.util.find_spec("numba")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("numba is not installed")
    return spec.submodule_search_locations[0]


def _cache_subpath(source_folder: str) -> str:
    """numba's _CacheLocator.get_suitable_cache_subpath for the files of ``source_folder``."""
    folder = os.path.abspath(source_folder)
    return "_".join([os.path.basename(folder), hashlib.sha1(folder.encode()).hexdigest()])


def cache_folder(source_folder: str, cache_dir: str | None = None) -> str:
    """Where numba caches the kernels of ``source_folder``'s modules, trying its locators in
    order: NUMBA_CACHE_DIR, then __pycache__ beside the sources if writable, then the user-wide
    cache."""
    cache_dir = _numba_setting("CACHE_DIR", "NUMBA_CACHE_DIR") if cache_dir is None else cache_dir
    if cache_dir:
        return os.path.join(cache_dir, _cache_subpath(source_folder))
    in_tree = os.path.join(source_folder, "__pycache__")
    if _can_write(Path(in_tree)):
        return in_tree
    return os.path.join(_user_wide_cache(), _cache_subpath(source_folder))


def _source_folders(folder: str) -> list[str]:
    """``folder`` and its sub-packages (each has its own cache folder)."""
    found = [folder]
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir() and entry.name != "__pycache__" and not entry.name.startswith("."):
                    found += _source_folders(entry.path)
    except OSError:
        pass
    return found


def _python_files(folder: str) -> list[str]:
    try:
        with os.scandir(folder) as entries:
            return sorted(e.path for e in entries if e.name.endswith(".py") and e.is_file())
    except OSError:
        return []


@lru_cache(maxsize=1)
def _numba_version() -> str:
    """numba's version file as installed (500 bytes, versioneer's JSON), without importing numba."""
    try:
        with open(os.path.join(_numba_folder(), "_version.py")) as stream:
            return stream.read()
    except (ImportError, OSError):
        return "numba ?"


def fingerprint(files: list[str]) -> str:
    """Path, mtime and size of each source, with the Python and numba builds: no source is read."""
    parts = [f"python {sys.version_info[:2]}{getattr(sys, 'abiflags', '')}", _numba_version()]
    for path in files:
        try:
            info = os.stat(path)
            parts.append(f"{path}|{info.st_mtime_ns}|{info.st_size}")
        except OSError:
            parts.append(f"{path}|missing")
    return hashlib.sha1("\n".join(parts).encode()).hexdigest()


def _delete_cache_files(folder: str) -> bool:
    """Delete numba's index and data files in ``folder``, and the stamps vouching for them;
    False when one could not be deleted."""
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return True
    complete = True
    for entry in entries:
        if entry.name.endswith(CACHE_SUFFIXES) or (
            entry.name.startswith(VOUCHING_STAMPS) and entry.name.endswith(".stamp")
        ):
            try:
                os.unlink(entry.path)
            except FileNotFoundError:
                pass  # another process starting at the same time got there first
            except OSError:
                complete = False
    return complete


def _write_atomically(path: str, text: str) -> None:
    temporary = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        with open(temporary, "w") as stream:
            stream.write(text)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def refresh_group(group: KernelGroup, cache_dir: str | None = None) -> bool:
    """Delete the group's cached kernels when its sources changed since the stamp; True if it did.

    Safe with several processes starting at once: each may delete, which costs only a
    recompile; the stamp is written last (atomically), after the deleting, so a process
    that reads a fresh stamp never loads code compiled from older sources.
    """
    sources = [folder for top in group.folders for folder in _source_folders(top)]
    files = [path for folder in sources for path in _python_files(folder)] + list(group.shared)
    caches = list(dict.fromkeys(cache_folder(folder, cache_dir) for folder in sources))
    stamp = os.path.join(caches[0], f"{STAMP_PREFIX}{group.name}.stamp")
    current = fingerprint(files)
    try:
        with open(stamp) as stream:
            if stream.read() == current:
                return False
    except OSError:
        pass
    if not all([_delete_cache_files(folder) for folder in caches]):
        return True  # no stamp: the next start tries again
    os.makedirs(caches[0], exist_ok=True)
    _write_atomically(stamp, current)
    return True


def drop_stale_kernel_caches(groups: list[KernelGroup] | None = None, cache_dir: str | None = None) -> list[str]:
    """Run :func:`refresh_group` on every group; return the names of those whose cache was dropped.

    Never raises: a cache that cannot be read or written (a read-only install) is left alone,
    numba then uses another (see :func:`ensure_cache_dir`).
    """
    dropped = []
    try:
        for group in kernel_groups() if groups is None else groups:
            try:
                if refresh_group(group, cache_dir):
                    dropped.append(group.name)
            except Exception:
                pass
    except Exception:
        pass
    return dropped
