"""A contest's visualizer in the app: its HTML in Qt WebEngine, with a case's input and output filled in.

Two kinds of page: the static HTML the official ``vis`` writes (``vis.html``),
shown from its file, and a web visualizer (the page contest sites offer, saved
with its scripts and wasm). A web visualizer loads ES modules and fetches its
wasm, which browsers refuse from ``file://``, so its folder is served on
127.0.0.1 (a standard-library HTTP server on a thread, answering only URLs that
carry the app session's token) and the case is typed into its text boxes by
script, with the events the page listens for. Only the page's own folder is
served, and never the contest's folder (``ContestConfig.web_problem``).

Qt WebEngine needs ``Qt.AA_ShareOpenGLContexts`` before the application exists
(``prepare_application``); where it cannot load, the view says so and offers the
page in the system's browser instead.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import threading
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from workbench.gui.common.plain_text import plain_label


def prepare_application() -> None:
    """Call before the QApplication is made: Qt WebEngine shares OpenGL contexts with the widgets."""
    QCoreApplication.setAttribute(Qt.AA_ShareOpenGLContexts)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # Chromium refuses to start its sandbox as root (containers, CI); the pages shown are the
        # contest's own visualizer, served from this machine.
        os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")


@functools.cache
def web_engine_problem() -> str:
    """Why Qt WebEngine cannot be used here ("" when it can)."""
    try:
        from PySide6.QtWebEngineWidgets import QWebEngineView  # noqa: F401
    except ImportError as error:
        return f"Qt WebEngine is not available ({error}); pip install PySide6-Addons"
    return ""


# ------------------------------------------------------------------ serving a visualizer's folder
# A random token in every URL the server answers, one per app session: another local user, or a web
# page in the browser (by DNS rebinding, or guessing the port), cannot read the folder without it.
SESSION_TOKEN = secrets.token_urlsafe(24)


IDLE_SECONDS = 15.0


class _VisualizerHandler(SimpleHTTPRequestHandler):
    """Serves the files of one folder, and nothing else: the request must carry the session's token
    and name this server as 127.0.0.1 or localhost with its port (a DNS-rebound name is refused); a
    folder is never listed; a path that resolves outside the folder (a symlink out, ..) is not found."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
    }

    def setup(self):
        # A connection that sends nothing for this long is closed: each holds a thread, and a page
        # left open (or any local program) could otherwise keep any number of them for the app's life.
        self.timeout = self.server.idle_seconds
        super().setup()

    def log_message(self, format, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")  # a rebuilt visualizer shows at once
        self.send_header("Referrer-Policy", "no-referrer")  # the token never leaves in a Referer
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_head(self):
        port = self.server.server_port
        if self.headers.get("Host", "") not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            self.send_error(HTTPStatus.FORBIDDEN, "Unknown host")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        """The file ``path`` names inside the served folder, resolved; "" (not found) for anything else."""
        prefix = f"/{SESSION_TOKEN}/"
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not secrets.compare_digest(path[: len(prefix)].encode(), prefix.encode()):
            return ""
        try:
            candidate = Path(super().translate_path("/" + path[len(prefix) :])).resolve()
            inside = candidate.is_relative_to(Path(self.directory)) and candidate.is_file()
        except (OSError, ValueError):  # a name too long for the file system, a NUL byte
            return ""
        return str(candidate) if inside else ""

    def list_directory(self, path):
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None


class FolderServer:
    """Serves one folder on 127.0.0.1 (a free port) until ``close``; see ``_VisualizerHandler``."""

    def __init__(self, folder: Path, idle_seconds: float = IDLE_SECONDS):
        self.folder = Path(folder).resolve()
        handler = functools.partial(_VisualizerHandler, directory=str(self.folder))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.idle_seconds = idle_seconds
        self.thread = threading.Thread(target=self.server.serve_forever, name=f"serve {self.folder.name}", daemon=True)
        self.thread.start()

    def url(self, page: Path) -> QUrl:
        relative = Path(page).resolve().relative_to(self.folder).as_posix()
        return QUrl(f"http://127.0.0.1:{self.server.server_port}/{SESSION_TOKEN}/{urllib.parse.quote(relative)}")

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# The case is typed in, then typed in again for a few seconds whenever the page's own start-up
# replaces it (AtCoder's visualizers fill the input from their seed box once their wasm loads).
FILL_SCRIPT = """
(function (inputId, outputId, input, output) {
  let tries = 0, watched = 0;
  function type(box, text) {
    box.value = text;
    box.dispatchEvent(new Event('input', {bubbles: true}));
    box.dispatchEvent(new Event('change', {bubbles: true}));
  }
  function fill() {
    const i = document.getElementById(inputId), o = document.getElementById(outputId);
    if (!i || !o) { if (++tries < 100) setTimeout(fill, 100); return; }
    let typed = false;
    if (i.value !== input) { type(i, input); typed = true; }
    if (o.value !== output) { type(o, output); typed = true; }
    if (typed && typeof window.updateOutput === 'function') { try { window.updateOutput(); } catch (e) {} }
    window.workbenchFilled = true;
    if (++watched < 20) setTimeout(fill, 250);
  }
  fill();
})(%s, %s, %s, %s);
"""


def fill_script(input_id: str, output_id: str, input_text: str, output_text: str) -> str:
    return FILL_SCRIPT % tuple(json.dumps(v) for v in (input_id, output_id, input_text, output_text))


# The size of the page's content in CSS pixels (measured at zoom 1: what it needs on screen).
# As text ("W,H"): this binding hands a script's array back as an empty string.
FIT_SCRIPT = """(() => { const e = document.documentElement, b = document.body || e;
  return Math.max(e.scrollWidth, b.scrollWidth) + "," + Math.max(e.scrollHeight, b.scrollHeight); })()"""
MIN_ZOOM, MAX_ZOOM = 0.25, 5.0


class HtmlView(QWidget):
    """A web view, or (without Qt WebEngine) a note and a button that opens the page in a browser."""

    loaded = Signal(bool)

    def __init__(self, parent=None, fit: bool = False):
        super().__init__(parent)
        # fit: each page is zoomed to fit the view (a vis.html of 800x800 in a narrow pane), until the
        # user zooms (Ctrl+wheel, Ctrl+=, Ctrl+-): their zoom is then kept from case to case (Ctrl+0 fits).
        self.fit = fit
        self._zoom_set: float | None = None  # the zoom this view last set
        self.user_zoom: float | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.note = plain_label()
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignCenter)
        self.browser_button = QPushButton(self.tr("Open in the browser"))
        self.browser_button.clicked.connect(lambda: QDesktopServices.openUrl(self.url))
        self.browser_button.hide()
        self.url = QUrl()
        self._script = ""
        self.web = None
        problem = web_engine_problem()
        if problem:
            self.note.setText(problem)
        else:
            from PySide6.QtWebEngineCore import QWebEngineSettings
            from PySide6.QtWebEngineWidgets import QWebEngineView

            self.web = QWebEngineView(self)
            settings = self.web.settings()
            settings.setAttribute(QWebEngineSettings.LocalContentCanAccessFileUrls, True)
            self.web.loadFinished.connect(self._loaded)
            layout.addWidget(self.web, 1)
            self.note.hide()
        layout.addWidget(self.note)
        layout.addWidget(self.browser_button, 0, Qt.AlignHCenter)

    def show_message(self, text: str) -> None:
        """Words instead of a page (nothing to show, or why not)."""
        self.url = QUrl()
        self._script = ""
        if self.web is not None:
            self.web.setHtml(f"<html><body style='font-family:sans-serif;color:#777;padding:2em'>{text}</body></html>")
        else:
            self.note.setText(text)
            self.browser_button.hide()

    def show_url(self, url: QUrl, script: str = "") -> None:
        """Load ``url``; ``script`` runs once it has loaded (the case typed in)."""
        self.url, self._script = url, script
        if self.web is not None:
            self._note_user_zoom()
            if self.fit and self.user_zoom is None:
                self._zoom(1.0)  # measured afresh at zoom 1 once it has loaded
            self.web.load(url)
        else:
            self.note.setText(self.tr("{0}.\nThe page is {1}").format(web_engine_problem(), url.toString()))
            self.browser_button.show()

    def _loaded(self, ok: bool) -> None:
        if ok and self._script and self.web is not None:
            self.web.page().runJavaScript(self._script)
        if ok and self.fit and self.web is not None and self.url.isValid():
            if self.user_zoom is not None:
                self._zoom(self.user_zoom)
            else:
                self.web.page().runJavaScript(FIT_SCRIPT, 0, self._fit_to)
        self.loaded.emit(ok)

    # ------------------------------------------------------------ zoom
    def _note_user_zoom(self) -> None:
        """A zoom this view did not set is the user's: kept from now on."""
        if self.web is not None and self._zoom_set is not None and abs(self.web.zoomFactor() - self._zoom_set) > 1e-3:
            self.user_zoom = self.web.zoomFactor()

    def _zoom(self, factor: float) -> None:
        factor = max(MIN_ZOOM, min(MAX_ZOOM, factor))
        self._zoom_set = factor
        self.web.setZoomFactor(factor)

    def _fit_to(self, size) -> None:
        """Zoom so the page's content (its CSS size at zoom 1) fits the view."""
        if self.web is None or not isinstance(size, str) or self.user_zoom is not None:
            return
        try:
            width, height = (float(v) for v in size.split(","))
        except ValueError:
            return
        if width <= 0 or height <= 0:
            return
        # Measured at zoom 1: a page larger than the view is shrunk to fit it; a smaller one stays as it is.
        factor = min(self.web.width() / width, self.web.height() / height)
        self._zoom(min(1.0, factor * 0.98) if factor < 1.0 else 1.0)

    def zoom_by(self, step: float) -> None:
        """The user's zoom: in (step > 1) or out, kept for the next cases."""
        if self.web is not None:
            self.user_zoom = max(MIN_ZOOM, min(MAX_ZOOM, self.web.zoomFactor() * step))
            self._zoom(self.user_zoom)

    def zoom_to_fit(self) -> None:
        """Back to fitting each page (Ctrl+0)."""
        self.user_zoom = None
        if self.web is not None and self.url.isValid():
            self.web.page().runJavaScript(FIT_SCRIPT, 0, self._fit_to)

    def keyPressEvent(self, event) -> None:
        if event.modifiers() & Qt.ControlModifier and self.fit:
            if event.key() in (Qt.Key_Plus, Qt.Key_Equal):
                return self.zoom_by(1.25)
            if event.key() == Qt.Key_Minus:
                return self.zoom_by(0.8)
            if event.key() == Qt.Key_0:
                return self.zoom_to_fit()
        super().keyPressEvent(event)

    def release(self) -> None:
        """Let go of the web page now: Qt WebEngine wants every page gone before its profile is."""
        if self.web is not None:
            self.web.setParent(None)
            self.web.deleteLater()
            self.web = None

    def run_script(self, script: str, callback) -> None:
        """Run JavaScript in the page; ``callback`` gets its result (tests and the view read the page)."""
        if self.web is not None:
            self.web.page().runJavaScript(script, 0, callback)
