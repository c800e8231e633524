"""One compilation per kernel and argument types, not per constant argument (Qt-free).

When a kernel calls another with a constant (``place(..., 0)``, ``solve_window(..., True)``),
numba types that argument as a literal (``Literal[int](0)``) and compiles the callee once per
distinct constant its callers pass: ahc011 compiled ``_anneal``, ``_search``, ``solve_window``
and a dozen more two to four times, ~14 s of its ~95 s first compilation. Python callers do
not have this (numba drops literals at that door); this does the same for calls between our own
kernels, so each is compiled for plain ``int64``/``bool``. Nothing of ours asks for literals
(``numba.literally``); kernels of other packages are left as numba types them.
"""

from __future__ import annotations

from typing import Any

OWN_PACKAGES = ("solvers.", "workbench.")
_installed = False


def compile_without_literals() -> None:
    """Make calls between this project's kernels drop literal argument types (once per process)."""
    global _installed
    if _installed:
        return
    _installed = True
    from numba.core import types as numba_types

    types: Any = numba_types  # numba has no annotations to check against
    resolve = types.Dispatcher.get_call_type

    def get_call_type(self: Any, context: Any, args: tuple[Any, ...], kws: dict[str, Any]) -> Any:
        if getattr(self.dispatcher.py_func, "__module__", "").startswith(OWN_PACKAGES):
            args = tuple(types.unliteral(a) for a in args)
            kws = {name: types.unliteral(t) for name, t in kws.items()}
        return resolve(self, context, args, kws)

    types.Dispatcher.get_call_type = get_call_type
