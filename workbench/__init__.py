# Before numba is imported: a read-only install still gets a numba cache. (Numba itself is set up
# by the solvers package, where every kernel lives: a command that runs no kernel never loads it.)
from workbench.core.numba_cache import ensure_cache_dir as _ensure_cache_dir

_ensure_cache_dir()
