"""Whether a Qt-free module is: what of Qt a fresh interpreter has loaded once it has imported it."""

import json
import subprocess
import sys


def qt_loaded_by(*modules: str) -> list[str]:
    """The PySide6 and pyqtgraph modules loaded by importing ``modules`` in a new Python process."""
    code = (
        f"import json, sys, {', '.join(modules)}; "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph')))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)
