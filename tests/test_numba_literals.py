"""Kernels called with constants compile once per argument types, not once per constant."""

from numba import njit

import solvers.jit  # noqa: F401 (installs the rule, as every kernel module does)

PROBE = """
@njit
def callee(x, flag):
    return x + 1 if flag else x - 1


@njit
def caller(x):
    return callee(x, True) + callee(x, False) + callee(x, 0) + callee(x, 1)
"""


def kernels(module_name: str):
    namespace = {"__name__": module_name, "njit": njit}
    exec(PROBE, namespace)
    return namespace["callee"], namespace["caller"]


def test_our_kernels_compile_once_for_plain_types():
    callee, caller = kernels("solvers.literal_probe")
    assert caller(5) == 6 + 4 + 4 + 6
    assert [tuple(str(t) for t in sig) for sig in callee.signatures] == [("int64", "bool"), ("int64", "int64")]


def test_other_packages_kernels_keep_numbas_literal_typing():
    callee, caller = kernels("elsewhere.literal_probe")
    assert caller(5) == 20
    assert len(callee.signatures) == 4  # True, False, 0 and 1: one compilation each
