"""AHC011 boards, the slide rule and the tree size S.

A tile is a 4-bit mask of stubs (1 = left, 2 = up, 4 = right, 8 = down) and 0
is the empty square. Boards are row-major ``bytes`` so they are immutable and
hashable; cells are flat indices ``row * n + col``, 0-based.
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.core.errors import IllegalMove

LEFT, UP, RIGHT, DOWN = 1, 2, 4, 8

# Where the EMPTY square goes, in the official tool's order L, U, R, D.
DIRECTIONS: dict[str, tuple[int, int]] = {"L": (0, -1), "U": (-1, 0), "R": (0, 1), "D": (1, 0)}
OPPOSITE = {"L": "R", "U": "D", "R": "L", "D": "U"}

_CHARACTER_NAMES = {"\n": "a line break", "\r": "a carriage return", " ": "a space", "\t": "a tab"}


@dataclass(frozen=True)
class Board:
    """A position: the tiles and where the empty square is."""

    n: int
    tiles: bytes  # n*n masks, row-major, exactly one 0
    empty: int  # flat index of the 0

    @classmethod
    def from_tiles(cls, n: int, tiles: bytes) -> Board:
        return cls(n, bytes(tiles), bytes(tiles).index(0))

    @property
    def empty_cell(self) -> tuple[int, int]:
        return divmod(self.empty, self.n)

    def rows(self) -> list[bytes]:
        return [self.tiles[r * self.n : (r + 1) * self.n] for r in range(self.n)]


@dataclass(frozen=True)
class Case:
    """An input file: the scrambled start and T, the move limit."""

    start: Board
    limit: int  # T; the official files always have T = 2 * n**3

    @property
    def n(self) -> int:
        return self.start.n

    @property
    def tile_count(self) -> int:
        """M = n*n - 1, the size of a full tree."""
        return self.n * self.n - 1


def describe_character(ch: str) -> str:
    if ch in _CHARACTER_NAMES:
        return _CHARACTER_NAMES[ch]
    return f"'{ch}'" if ch.isprintable() else f"U+{ord(ch):04X}"


def legal_directions(board: Board) -> list[str]:
    row, col = board.empty_cell
    return [d for d, (dr, dc) in DIRECTIONS.items() if 0 <= row + dr < board.n and 0 <= col + dc < board.n]


def slide(board: Board, move: str) -> Board:
    """Move the empty square one step toward ``move``; the tile there takes its place."""
    step = DIRECTIONS.get(move) if isinstance(move, str) else None
    if step is None:
        # The judge counts every character of the trimmed answer as a move, so a
        # stray character is an illegal move at its position, not a format error.
        shown = describe_character(move) if isinstance(move, str) and len(move) == 1 else repr(move)
        raise IllegalMove(f"{shown} is not a move: the answer is one line of U, D, L, R")
    row, col = board.empty_cell
    to_row, to_col = row + step[0], col + step[1]
    if not (0 <= to_row < board.n and 0 <= to_col < board.n):
        raise IllegalMove(f"{move} takes the empty square at ({row},{col}) off the {board.n}x{board.n} board")
    target = to_row * board.n + to_col
    tiles = bytearray(board.tiles)
    tiles[board.empty], tiles[target] = tiles[target], 0
    return Board(board.n, bytes(tiles), target)


def _root(parent: list[int], cell: int) -> int:
    while parent[cell] != cell:
        parent[cell] = parent[parent[cell]]  # path halving
        cell = parent[cell]
    return cell


def components(board: Board) -> list[tuple[tuple[int, ...], bool]]:
    """The connected components of the tiles as (cells row-major, is a tree).

    Edges join matching stubs of neighbouring tiles; a component is a tree
    when it has one edge fewer than cells (otherwise it holds a cycle).
    Listed in row-major order of their first cell.
    """
    n, tiles = board.n, board.tiles
    parent = list(range(n * n))
    edges: list[tuple[int, int]] = []
    for cell, tile in enumerate(tiles):
        if tile & RIGHT and cell % n + 1 < n and tiles[cell + 1] & LEFT:
            edges.append((cell, cell + 1))
        if tile & DOWN and cell + n < n * n and tiles[cell + n] & UP:
            edges.append((cell, cell + n))
    for a, b in edges:
        ra, rb = _root(parent, a), _root(parent, b)
        if ra != rb:
            parent[rb] = ra
    members: dict[int, list[int]] = {}
    for cell, tile in enumerate(tiles):
        if tile:
            members.setdefault(_root(parent, cell), []).append(cell)
    edge_count = dict.fromkeys(members, 0)
    for a, _ in edges:
        edge_count[_root(parent, a)] += 1
    return [(tuple(cells), edge_count[root] == len(cells) - 1) for root, cells in members.items()]


def largest_tree(board: Board) -> tuple[int, ...]:
    """The cells of the largest connected component without a cycle, row-major.

    A component with a cycle does not count, however large. Among equal sizes
    the component met first in row-major order wins, as in the official tool.
    Empty when every component has a cycle (then S = 0: the spec's "S >= 1"
    does not hold).
    """
    best: tuple[int, ...] = ()
    for cells, is_tree in components(board):
        if is_tree and len(cells) > len(best):
            best = cells
    return best


def board_problems(board: Board) -> list[str]:
    """Why ``board`` cannot be a contest input (empty when it can).

    Exactly one empty square, a stub on every tile, and enough stubs facing
    each other: a full tree of M tiles has M - 1 edges, each a left stub
    matched with a right one or an up stub with a down one. (Necessary
    conditions; the contest's generator always meets them with no stub left over.)
    """
    problems = []
    empties = board.tiles.count(0)
    if empties != 1:
        problems.append(f"{empties} empty squares, the board needs exactly one")
    counts = {bit: sum(1 for tile in board.tiles if tile & bit) for bit in (LEFT, UP, RIGHT, DOWN)}
    pairs = min(counts[LEFT], counts[RIGHT]) + min(counts[UP], counts[DOWN])
    needed = board.n * board.n - 2
    if pairs < needed:
        problems.append(
            f"the stubs allow at most {pairs} edges ({counts[LEFT]} left / {counts[RIGHT]} right, "
            f"{counts[UP]} up / {counts[DOWN]} down), a full tree needs {needed}"
        )
    return problems


def tree_size(board: Board) -> int:
    """S, the size of the largest tree."""
    return len(largest_tree(board))
