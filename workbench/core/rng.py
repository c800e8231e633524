"""Seeded random streams that official generators (or ours) are built on.

``splitmix64`` is the documented stream of the workbench's own generators
(comesolo boards, codevs packs).

``ChaCha20Rng`` is bit-exact ``rand_chacha 0.2`` with the rand 0.7 draws the
AtCoder generators (ahc011, ahc015) use.

``seed_from_u64`` is rand_core 0.5's PCG32 key expansion; the stream is DJB
ChaCha20 (64-bit block counter in words 12-13, zero nonce) read one u32 at a
time. ``gen_range`` is rand 0.7's widening-multiply rejection on u32, and
``shuffle`` / ``choose`` draw their indices through it, as rand 0.7 does for
lengths that fit in a u32.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence, Sequence
from typing import Any, TypeVar

MASK32 = 0xFFFFFFFF
MASK64 = (1 << 64) - 1
PCG_MULTIPLIER = 6364136223846793005
PCG_INCREMENT = 11634580027462260723
SIGMA = (0x61707865, 0x3320646E, 0x79622D32, 0x6B206574)  # "expand 32-byte k"

Item = TypeVar("Item")


def splitmix64(seed: int) -> Iterator[int]:
    """The splitmix64 outputs for a seed (state += golden gamma, then the mix)."""
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def pcg32_key(seed: int) -> list[int]:
    """The 8 key words rand_core 0.5's ``seed_from_u64`` derives from ``seed``."""
    if not 0 <= seed <= MASK64:
        raise ValueError(f"the seed must be a u64 (0..{MASK64}), got {seed}")
    state = seed
    words = []
    for _ in range(8):
        state = (state * PCG_MULTIPLIER + PCG_INCREMENT) & MASK64
        xorshifted = (((state >> 18) ^ state) >> 27) & MASK32
        rot = state >> 59
        words.append(((xorshifted >> rot) | (xorshifted << (32 - rot))) & MASK32)
    return words


def chacha20_block(key: Sequence[int], counter: int) -> list[int]:
    """The 16 output words of one ChaCha20 block (nonce 0)."""
    initial = [*SIGMA, *key, counter & MASK32, counter >> 32, 0, 0]
    x = list(initial)

    def quarter(a: int, b: int, c: int, d: int) -> None:
        xa, xb, xc, xd = x[a], x[b], x[c], x[d]
        xa = (xa + xb) & MASK32
        xd ^= xa
        xd = ((xd << 16) | (xd >> 16)) & MASK32
        xc = (xc + xd) & MASK32
        xb ^= xc
        xb = ((xb << 12) | (xb >> 20)) & MASK32
        xa = (xa + xb) & MASK32
        xd ^= xa
        xd = ((xd << 8) | (xd >> 24)) & MASK32
        xc = (xc + xd) & MASK32
        xb ^= xc
        xb = ((xb << 7) | (xb >> 25)) & MASK32
        x[a], x[b], x[c], x[d] = xa, xb, xc, xd

    for _ in range(10):  # 20 rounds: a column round and a diagonal round each time
        quarter(0, 4, 8, 12)
        quarter(1, 5, 9, 13)
        quarter(2, 6, 10, 14)
        quarter(3, 7, 11, 15)
        quarter(0, 5, 10, 15)
        quarter(1, 6, 11, 12)
        quarter(2, 7, 8, 13)
        quarter(3, 4, 9, 14)
    return [(a + b) & MASK32 for a, b in zip(x, initial)]


class ChaCha20Rng:
    """``ChaCha20Rng::seed_from_u64(seed)``; blocks are computed as they are needed."""

    def __init__(self, seed: int):
        self._key = pcg32_key(seed)
        self._counter = 0
        self._words: list[int] = []
        self._next = 0

    def next_u32(self) -> int:
        if self._next == len(self._words):
            self._words = chacha20_block(self._key, self._counter)
            self._counter += 1
            self._next = 0
        word = self._words[self._next]
        self._next += 1
        return word

    def gen_range(self, upper: int) -> int:
        """A uniform draw from 0..upper (exclusive), 1 <= upper < 2^32."""
        if not 1 <= upper <= MASK32:
            raise ValueError(f"gen_range needs 1 <= upper < 2^32, got {upper}")
        zone = ((upper << (32 - upper.bit_length())) - 1) & MASK32
        while True:
            product = self.next_u32() * upper
            if product & MASK32 <= zone:
                return product >> 32

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.gen_range(i + 1)
            items[i], items[j] = items[j], items[i]

    def choose(self, items: Sequence[Item]) -> Item:
        return items[self.gen_range(len(items))]
