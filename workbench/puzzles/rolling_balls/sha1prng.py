"""Java's ``SecureRandom.getInstance("SHA1PRNG")`` with ``setSeed(long)``, bit for bit.

Only what the RollingBalls generator draws is reproduced: ``nextInt(n)`` as
``java.util.Random`` defines it on top of the provider's byte stream
(``sun.security.provider.SecureRandom``), see spec §5.
"""

from __future__ import annotations

import hashlib

BLOCK = 20  # bytes of one SHA-1 output


def _signed(byte: int) -> int:
    return byte - 256 if byte > 127 else byte


class Sha1Prng:
    def __init__(self, seed: int):
        # setSeed(long) hashes the seed's 8 little-endian bytes (the state starts empty).
        self._state = bytearray(hashlib.sha1(seed.to_bytes(8, "little", signed=True)).digest())
        self._block = b""
        self._used = 0

    def _next_block(self) -> bytes:
        out = hashlib.sha1(self._state).digest()
        # updateState: state += out + 1 byte by byte with *signed* bytes, so the
        # carry can be -1, 0 or 1; this is not plain 160-bit addition.
        state = self._state
        carry, changed = 1, False
        for i in range(BLOCK):
            value = _signed(state[i]) + _signed(out[i]) + carry
            changed |= state[i] != value & 0xFF
            state[i] = value & 0xFF
            carry = value >> 8
        if not changed:
            state[0] = (state[0] + 1) & 0xFF
        return out

    def next_bytes(self, count: int) -> bytes:
        """The next ``count`` bytes of the stream (leftovers of a block come first)."""
        taken = bytearray()
        while len(taken) < count:
            if self._used == len(self._block):
                self._block, self._used = self._next_block(), 0
            part = self._block[self._used : self._used + count - len(taken)]
            taken += part
            self._used += len(part)
        return bytes(taken)

    def next31(self) -> int:
        """``SecureRandom.next(31)``: 4 big-endian bytes, top 31 bits."""
        return int.from_bytes(self.next_bytes(4), "big") >> 1

    def next_int(self, bound: int) -> int:
        """``java.util.Random.nextInt(bound)``, rejection loop included."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        r = self.next31()
        if bound & (bound - 1) == 0:
            return (bound * r) >> 31
        u = r
        while True:
            r = u % bound
            if u - r + bound - 1 < 2**31:  # Java's int overflow test: u - r + m >= 0
                return r
            u = self.next31()
