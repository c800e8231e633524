"""numba's ``njit`` for this project's kernels, with the project's compile rule installed first.

Every kernel module takes ``njit`` from here, not from numba: the rule (one compilation per
kernel and argument types, ``workbench.core.numba_literals``) is then in place before any kernel
compiles, and numba (a third of a second to import) is loaded only by what runs a kernel, not by
every command that merely names a solver (a batch of the user's own programs, ``runs list``).
"""

from numba import njit

from workbench.core.numba_literals import compile_without_literals

compile_without_literals()

__all__ = ["njit"]
