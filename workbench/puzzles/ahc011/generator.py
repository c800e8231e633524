"""The official AHC011 generator (spec §5), bit-exact for every seed.

A random spanning tree of all cells but the bottom-right one (Kruskal over a
shuffled edge list), then a T-step random walk of the empty square from the
bottom-right corner that never steps straight back. The walk is kept: played
backwards it undoes the scramble, a full-tree answer with K = T.
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.core.rng import ChaCha20Rng

from .board import DIRECTIONS, DOWN, LEFT, OPPOSITE, RIGHT, UP, Board, Case
from .formats import MAX_SIDE, MIN_SIDE


@dataclass(frozen=True)
class Scrambled:
    case: Case
    walk: str  # the scramble's moves of the empty square, in order


def official_side(seed: int) -> int:
    return 6 + seed % 5  # not drawn from the RNG


def _spanning_tree(n: int, rng: ChaCha20Rng) -> bytearray:
    corner = n * n - 1
    edges = []  # (upper-or-left cell, lower-or-right cell, vertical?)
    for cell in range(n * n):
        row, col = divmod(cell, n)
        if row + 1 < n and cell + n != corner:
            edges.append((cell, cell + n, True))
        if col + 1 < n and cell + 1 != corner:
            edges.append((cell, cell + 1, False))
    rng.shuffle(edges)
    parent = list(range(n * n))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    tiles = bytearray(n * n)
    for a, b, vertical in edges:
        ra, rb = root(a), root(b)
        if ra == rb:
            continue
        parent[rb] = ra
        tiles[a] |= DOWN if vertical else RIGHT
        tiles[b] |= UP if vertical else LEFT
    return tiles


def _scramble(n: int, tiles: bytearray, steps: int, rng: ChaCha20Rng) -> str:
    row = col = n - 1
    previous = None
    walk = []
    for _ in range(steps):
        choices = [d for d, (dr, dc) in DIRECTIONS.items() if d != previous and 0 <= row + dr < n and 0 <= col + dc < n]
        move = rng.choose(choices)
        dr, dc = DIRECTIONS[move]
        here, there = row * n + col, (row + dr) * n + col + dc
        tiles[here], tiles[there] = tiles[there], 0
        row, col = row + dr, col + dc
        previous = OPPOSITE[move]  # never step straight back
        walk.append(move)
    return "".join(walk)


def scramble(seed: int, size: int = 0) -> Scrambled:
    """The case for ``seed`` and the walk that scrambled it.

    ``size`` 0 is the official N = 6 + seed % 5; any other side (a practice
    board) runs the same procedure with T = 2N^3.
    """
    n = size or official_side(seed)
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise ValueError(f"the board side must be {MIN_SIDE}..{MAX_SIDE}, got {n}")
    rng = ChaCha20Rng(seed)
    limit = 2 * n**3
    tiles = _spanning_tree(n, rng)
    walk = _scramble(n, tiles, limit, rng)
    return Scrambled(Case(Board.from_tiles(n, bytes(tiles)), limit), walk)


def generate(seed: int, size: int = 0) -> Case:
    return scramble(seed, size).case


def unscramble_answer(seed: int, size: int = 0) -> tuple[str, ...]:
    """The scramble walk reversed: a full-tree answer with K = T (scores exactly 500000)."""
    return tuple(OPPOSITE[move] for move in reversed(scramble(seed, size).walk))
