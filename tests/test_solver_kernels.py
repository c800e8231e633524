"""The numba helpers every solver shares (solvers/kernels.py)."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from solvers.kernels import argsort_descending_into, argsort_into


@njit(cache=False)
def _numba_argsort(keys):
    return np.argsort(keys)


@pytest.mark.parametrize("dtype", [np.int64, np.float64])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("size,spread", [(0, 1), (1, 1), (14, 3), (15, 3), (200, 5), (5000, 40), (5000, 5000)])
def test_argsort_into_is_numbas_argsort_ties_included(dtype, descending, size, spread):
    """The beams pick their survivors in this order: it must be np.argsort's own, ties
    in the same order too (few distinct keys: many ties), or seeded answers would change."""
    rng = np.random.default_rng(size * 7 + spread)
    keys = rng.integers(-spread, spread + 1, size + 3).astype(dtype)
    order = np.full(size + 3, -1, dtype=np.int64)
    (argsort_descending_into if descending else argsort_into)(keys, size, order)
    expected = _numba_argsort(-keys[:size] if descending else keys[:size])
    assert order[:size].tolist() == expected.tolist()
    assert order[size:].tolist() == [-1, -1, -1]  # only the first ``count`` are written


def test_argsort_into_sorted_and_reversed_runs():
    """The median-of-three pivot keeps sorted and reversed keys (a beam's children often are)
    within the pending-partition stack."""
    for keys in (np.arange(100_000, dtype=np.int64), np.arange(100_000, 0, -1).astype(np.int64),
                 np.zeros(100_000, dtype=np.int64)):
        order = np.empty(keys.size, dtype=np.int64)
        argsort_into(keys, keys.size, order)
        assert order.tolist() == _numba_argsort(keys).tolist()
