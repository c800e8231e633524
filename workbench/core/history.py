"""A branching move history (Qt-free).

Undo walks to the parent; playing a different move there starts a new branch
instead of throwing the old line away; redo follows the branch visited last.
Every node keeps its state, so jumping anywhere in the tree is instant.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Any

_ids = count()


@dataclass(eq=False)
class HistoryNode:
    state: Any
    move: Any = None  # the move that led here (None at the root)
    frames: tuple[Any, ...] = ()  # the stages the move resolved through (see puzzle.Transition)
    parent: HistoryNode | None = None
    children: list[HistoryNode] = field(default_factory=list)
    last_child: HistoryNode | None = None  # the branch redo follows
    id: int = field(default_factory=lambda: next(_ids))
    # Moves from the root, fixed at creation (a node never changes parent): the window asks
    # for it several times per step, and walking a 900-move line each time made scrubbing slow.
    depth: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.depth = self.parent.depth + 1 if self.parent is not None else 0


class History:
    def __init__(self, initial_state: Any):
        self.root = HistoryNode(initial_state)
        self.current = self.root
        self.size = 1  # nodes in the tree (the history panel rebuilds when it changes)

    @property
    def state(self) -> Any:
        return self.current.state

    def play(self, move: Any, state: Any, frames: tuple[Any, ...] = ()) -> HistoryNode:
        """Record ``move`` (already checked legal) leading to ``state``.

        Replaying the move a child already holds re-enters that branch.
        """
        for child in self.current.children:
            if child.move == move:
                node = child
                break
        else:
            node = HistoryNode(state, move, frames, self.current)
            self.current.children.append(node)
            self.size += 1
        self.current.last_child = node
        self.current = node
        return node

    def can_undo(self) -> bool:
        return self.current.parent is not None

    def can_redo(self) -> bool:
        return bool(self.current.children)

    def undo(self) -> HistoryNode | None:
        if self.current.parent is None:
            return None
        self.current.parent.last_child = self.current
        self.current = self.current.parent
        return self.current

    def redo(self) -> HistoryNode | None:
        node = self.current.last_child or (self.current.children[-1] if self.current.children else None)
        if node is not None:
            self.current = node
        return node

    def jump(self, node: HistoryNode) -> None:
        # Remember the way down so redo after a jump retraces it.
        walk = node
        while walk.parent is not None:
            walk.parent.last_child = walk
            walk = walk.parent
        if walk is not self.root:
            raise ValueError("node belongs to another history")
        self.current = node

    def moves(self, node: HistoryNode | None = None) -> list[Any]:
        """The moves from the root to ``node`` (default: the current node)."""
        node = node or self.current
        out = []
        while node.parent is not None:
            out.append(node.move)
            node = node.parent
        return out[::-1]

    def line(self, node: HistoryNode | None = None) -> list[HistoryNode]:
        """The line through ``node``: root to node, then on down the branches redo follows."""
        node = node or self.current
        path = []
        walk: HistoryNode | None = node
        while walk is not None:
            path.append(walk)
            walk = walk.parent
        path.reverse()
        walk = node
        while walk.children:
            walk = walk.last_child or walk.children[-1]
            path.append(walk)
        return path

    def nodes(self) -> Iterator[HistoryNode]:
        """Every node, depth first, children in the order they were made."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))
