"""The numba helpers every solver shares (solvers/kernels.py)."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from solvers.kernels import (
    argsort_descending_into,
    argsort_first_into,
    argsort_into,
    bucket_of,
    bucket_order,
    sort_group,
)


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
    for keys in (
        np.arange(100_000, dtype=np.int64),
        np.arange(100_000, 0, -1).astype(np.int64),
        np.zeros(100_000, dtype=np.int64),
    ):
        order = np.empty(keys.size, dtype=np.int64)
        argsort_into(keys, keys.size, order)
        assert order.tolist() == _numba_argsort(keys).tolist()


@pytest.mark.parametrize("size,spread,needed", [(200, 5, 0), (200, 5, 17), (5000, 40, 300), (5000, 5000, 4999)])
def test_argsort_first_into_sorts_the_first_needed_as_argsort_into_does(size, spread, needed):
    rng = np.random.default_rng(size + needed)
    keys = rng.integers(-spread, spread + 1, size).astype(np.float64)
    order, full = np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64)
    argsort_first_into(keys, size, order, needed)
    argsort_into(keys, size, full)
    assert order[:needed].tolist() == full[:needed].tolist()
    assert sorted(order.tolist()) == list(range(size))  # the rest: the other indices, in some order


@pytest.mark.parametrize("spread,noise", [(30, 0.5), (30, 0.0), (0, 0.0), (3, 20.0)])
def test_buckets_sorted_as_the_slide_search_reaches_them_give_the_keys_in_order(spread, noise):
    """``move_beam`` takes its children bucket by bucket, sorting a bucket (or as much of a big
    one as it has room for) when it gets there: that must be the keys' order (ties aside)."""
    rng = np.random.default_rng(spread)
    count = 3000
    keys = rng.integers(0, spread + 1, count) + noise * rng.random(count)
    order = np.empty(count, dtype=np.int64)
    work = [np.empty(count, dtype=dtype) for dtype in (np.float64, np.int64, np.int64)]
    starts, low, scale = bucket_order(keys, count, order)
    assert sorted(order.tolist()) == list(range(count))
    sorted_to = group_end = 0
    for rank in range(count):
        if rank == sorted_to:
            if rank == group_end:
                group_end = starts[bucket_of(keys[order[rank]], low, scale) + 1]
            sorted_to = sort_group(keys, order, rank, group_end, 50, *work)
    assert keys[order].tolist() == sorted(keys.tolist())
