"""Solvers, one package per puzzle; each exposes ``SOLVERS`` (see solvers.base). Kernels take
``njit`` from ``solvers.jit``, which installs the project's compile rule before any compiles."""

# Before any kernel is compiled: a read-only install still gets a numba cache.
from workbench.core.numba_cache import ensure_cache_dir as _ensure_cache_dir

_ensure_cache_dir()
