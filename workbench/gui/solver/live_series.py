"""A plotted series that grows by one sample at a time, cheaply (Qt-free).

An online game reports ~300 samples a second, so a ten-minute run plots ~180,000
points: rebuilding Python lists into arrays and scanning them for the y range on
every repaint grew into stalls of the window. Here the samples go into a numpy
array that doubles when full (plots take a view of it, no copy), and the range of
the finite values is kept as they arrive.
"""

from __future__ import annotations

import math

import numpy as np

FIRST_CAPACITY = 256


class GrowingSeries:
    """Float samples in arrival order; indexable, iterable and sized like a list."""

    def __init__(self):
        self._data = np.empty(FIRST_CAPACITY)
        self._size = 0
        self.low = math.inf  # smallest finite value so far (inf: none yet)
        self.high = -math.inf

    def append(self, value: float) -> None:
        if self._size == self._data.shape[0]:
            grown = np.empty(2 * self._size)
            grown[: self._size] = self._data
            self._data = grown
        self._data[self._size] = value
        self._size += 1
        if math.isfinite(value):
            self.low = min(self.low, value)
            self.high = max(self.high, value)

    @property
    def values(self) -> np.ndarray:
        """The samples so far (a view: valid until the next append)."""
        return self._data[: self._size]

    def finite_range(self) -> tuple[float, float] | None:
        """(smallest, largest) finite sample, or None before the first one."""
        return (self.low, self.high) if self.low <= self.high else None

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index):
        return self.values[index]

    def __iter__(self):
        return iter(self.values.tolist())
