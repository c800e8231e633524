"""The Python interpreter set up for a window that never waits long for it.

The window shares the interpreter with background threads that run Python
between their nogil kernels: the solver's driver, the rescoring of its answers.

* The GIL: a thread that wants it waits until the holder lets go, at the latest
  after ``sys.getswitchinterval()`` (5 ms). The GUI thread lets go of it on many
  Qt calls, and a busy background thread then keeps it for the whole interval, so
  one repaint could wait several times 5 ms. At 1 ms it gets it back five times
  sooner; the background threads barely notice (the interval only counts while
  another thread waits).
* The cycle collector: a collection of the oldest generation walks every object it
  tracks. With Qt, pyqtgraph and numba's kernels loaded that is ~160,000 objects and
  ~50 ms with the GIL held, on whichever thread triggered it (often a solver's), so
  the window froze for 50 ms now and then while a solver ran. The objects alive once
  the window is up and a puzzle's kernels are loaded live as long as the app:
  ``gc.freeze`` takes them out of the collector's sight, and later collections walk
  only what was made after.
"""

from __future__ import annotations

import gc
import sys

from solvers.base import limit_threads, usable_cores

SWITCH_INTERVAL = 0.001  # seconds a thread may keep the GIL while another waits for it


def favour_the_gui_thread() -> None:
    """Hand the GIL over sooner (see the module's docstring), and keep a core free of solver
    threads: with every core busy the window's thread waits for one (40 ms on 2 cores)."""
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
    limit_threads(max(1, usable_cores() - 1))


def freeze_long_lived() -> None:
    """Move every object alive now out of the cycle collector's sight.

    The garbage goes first (frozen objects are never collected). That collection walks
    only what is not frozen yet: the whole heap once, at start-up, little after that.
    """
    gc.collect()
    gc.freeze()
