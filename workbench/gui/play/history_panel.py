"""The branching move history as a tree: a line continues at its own level,
each other branch (a variation) opens as a child of the move it departs from."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from workbench.core.history import History, HistoryNode


class HistoryPanel(QTreeWidget):
    nodeChosen = Signal(object)  # the HistoryNode the user clicked

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setHeaderLabels([self.tr("Move")])
        self.setUniformRowHeights(True)
        self.items: dict[int, QTreeWidgetItem] = {}
        self.nodes: dict[int, HistoryNode] = {}
        self._shown_count = -1
        self._shown_history: History | None = None
        self._bold: QTreeWidgetItem | None = None
        self.itemClicked.connect(self._clicked)

    def follow(self, state) -> None:
        """Show the history of whichever session ``state`` (an AppState) shows, as it grows and moves."""
        self.session_events = state.follow(
            self._session_shown,
            history_changed=lambda: self.show_session(state.session),
            step_changed=lambda _node: self.show_session(state.session),
            board_changed=lambda _how: self.show_session(state.session),
        )

    def _session_shown(self, session) -> None:
        self.reset()
        self.show_session(session)

    def show_session(self, session) -> None:
        s = session
        self.refresh(s.history, lambda n: s.puzzle.played_text(s.instance, n.parent.state, n.move, n.state))

    def refresh(self, history: History, move_text) -> None:
        """Rebuild when the tree grew; otherwise only move the highlight. ``move_text(node)`` is the
        text of the move that led to ``node``."""
        count = history.size
        if count != self._shown_count or history is not self._shown_history:
            self._rebuild(history, move_text)
            self._shown_count = count
            self._shown_history = history
        self._mark_current(history.current)

    def reset(self) -> None:
        self._shown_count = -1

    def _rebuild(self, history: History, move_text) -> None:
        self.clear()
        self._bold = None
        self.items.clear()
        self.nodes.clear()
        root_item = QTreeWidgetItem(self, [self.tr("Start")])
        self._remember(root_item, history.root)
        lines = [(self, history.root.children[0])] if history.root.children else []
        lines += [(root_item, child) for child in history.root.children[1:]]
        while lines:
            parent_item, node = lines.pop()
            while node is not None:
                item = QTreeWidgetItem(parent_item, [f"{node.depth}. {move_text(node)}"])
                self._remember(item, node)
                lines.extend((item, variation) for variation in node.children[1:])
                node = node.children[0] if node.children else None
        self.expandAll()

    def _remember(self, item: QTreeWidgetItem, node: HistoryNode) -> None:
        item.setData(0, Qt.UserRole, node.id)
        self.items[node.id] = item
        self.nodes[node.id] = node

    def _mark_current(self, node: HistoryNode) -> None:
        if self._bold is not None:
            self._bold.setFont(0, QFont())
        item = self.items.get(node.id)
        if item is not None:
            bold = QFont()
            bold.setBold(True)
            item.setFont(0, bold)
            self._bold = item
            self.setCurrentItem(item)
            self.scrollToItem(item)

    def _clicked(self, item: QTreeWidgetItem) -> None:
        node = self.nodes.get(item.data(0, Qt.UserRole))
        if node is not None:
            self.nodeChosen.emit(node)

    def item_for(self, node: HistoryNode) -> QTreeWidgetItem | None:
        return self.items.get(node.id)
