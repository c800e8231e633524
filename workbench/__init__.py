# Before any kernel is compiled: a read-only install still gets a numba cache.
from workbench.core.numba_cache import ensure_cache_dir as _ensure_cache_dir
from workbench.core.numba_literals import compile_without_literals as _compile_without_literals

_ensure_cache_dir()
_compile_without_literals()  # see its module: one compilation per kernel and types
