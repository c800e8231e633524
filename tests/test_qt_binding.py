"""Guards the Qt binding version pinned in pyproject.toml."""

import sys

from PySide6.QtCore import QObject, Signal


class Emitter(QObject):
    bare = Signal()
    payload = Signal(object, object)


def test_python_side_signal_emits_keep_reference_counts_intact(qapp):
    # PySide6 6.12.0 loses a reference to True/False on every emit from Python; after a few
    # thousand emits (moves, refusals, solver messages) the interpreter aborts.
    emitter = Emitter()
    emitter.bare.connect(lambda: None)
    emitter.payload.connect(lambda move, paint: None)
    before = (sys.getrefcount(True), sys.getrefcount(False), sys.getrefcount(None))
    for _ in range(500):
        emitter.bare.emit()
        emitter.payload.emit((1, 2), None)
    assert (sys.getrefcount(True), sys.getrefcount(False), sys.getrefcount(None)) == before
