"""The official AHC015 generator (spec §5): seeds 0..99 give the shipped cases byte for byte."""

from __future__ import annotations

from workbench.core.rng import ChaCha20Rng

from .box import CANDIES, Candies


def generate(seed: int) -> Candies:
    rng = ChaCha20Rng(seed)
    flavours, placements = bytearray(), bytearray()
    # The draws alternate (f_t, then p_t): drawing all flavours first gives other files.
    for t in range(CANDIES):
        flavours.append(rng.gen_range(3) + 1)
        placements.append(rng.gen_range(CANDIES - t) + 1)
    return Candies(bytes(flavours), bytes(placements))
