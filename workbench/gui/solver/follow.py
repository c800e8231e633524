"""A widget's subscriptions to a model's psygnal events, ended when the widget is deleted (as
napari's layer controls disconnect theirs), so a model never calls into a deleted widget."""

from __future__ import annotations

from PySide6.QtCore import QObject


def follow(widget: QObject, *connections) -> None:
    """Connect each (event, slot) pair now; disconnect them all when ``widget`` is destroyed."""
    for event, slot in connections:
        event.connect(slot)
    # The pairs are held here, not looked up on the widget: by ``destroyed`` it is half gone.
    widget.destroyed.connect(lambda *_: [event.disconnect(slot, missing_ok=True) for event, slot in connections])
