"""500 packs from a seed, by the official recipe (spec §5) with a documented RNG.

The contest server's RNG is unknown, so no seed reproduces official data. This
generator draws from a splitmix64 stream that starts at the seed (the same
stream as cases/README.md describes for comesolo):

1. The 1620 blocks, 180 of each value 1..9 in increasing order, are shuffled.
2. The 500 pack sizes, 380 threes then 120 fours, are shuffled.
3. The blocks are dealt in order into the packs, filling cells a, b, c, d in
   that order; a 3-block pack first draws its empty cell, 0..3.

A shuffle is Fisher-Yates from the last index down, swapping index i with
``below(i + 1)``; ``below(n)`` draws z and rejects z >= 2^64 - (2^64 mod n),
then returns z mod n, so every value is equally likely.
"""

from __future__ import annotations

from collections.abc import Iterator

from workbench.core.rng import splitmix64

from .field import Pack
from .formats import PACKS
from .rules import Case

EACH_VALUE = 180
THREE_BLOCK_PACKS = 380
FOUR_BLOCK_PACKS = 120


def _below(stream: Iterator[int], n: int) -> int:
    limit = (1 << 64) - (1 << 64) % n
    while True:
        z = next(stream)
        if z < limit:
            return z % n


def _shuffle(stream: Iterator[int], items: list) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = _below(stream, i + 1)
        items[i], items[j] = items[j], items[i]


def generate(seed: int, turns: int = PACKS) -> Case:
    if not 1 <= turns <= PACKS:
        raise ValueError(f"turns must be 1..{PACKS}, got {turns}")
    stream = splitmix64(seed)
    blocks = [value for value in range(1, 10) for _ in range(EACH_VALUE)]
    _shuffle(stream, blocks)
    sizes = [3] * THREE_BLOCK_PACKS + [4] * FOUR_BLOCK_PACKS
    _shuffle(stream, sizes)
    dealt = iter(blocks)
    packs: list[Pack] = []
    for size in sizes:
        empty = _below(stream, 4) if size == 3 else None
        a, b, c, d = (0 if cell == empty else next(dealt) for cell in range(4))
        packs.append((a, b, c, d))
    return Case(tuple(packs), turns)
