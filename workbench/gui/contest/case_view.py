"""One case of a contest's run: its visualizer, its input, the program's output and what it wrote on stderr.

The contest's view command (the official ``vis``) runs on a thread in a folder
of its own and the HTML it writes is shown when it is done; a web visualizer,
when the contest file names one, gets the case typed into its text boxes.
Selecting another case meanwhile simply wins: a late drawing is dropped.
"""

from __future__ import annotations

import html
import tempfile
import threading
from pathlib import Path

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QPlainTextEdit, QTabWidget, QVBoxLayout, QWidget

from workbench.batch.results import run_file
from workbench.contest.config import ContestConfig
from workbench.contest.steps import draw_case
from workbench.core.errors import WorkbenchError
from workbench.core.files import read_text, temporary_prefix
from workbench.core.judge_text import plain_natural
from workbench.gui.common.plain_text import plain_label
from workbench.gui.contest.web_view import FolderServer, HtmlView, fill_script

SHOWN_CHARS = 2_000_000  # a text tab shows this much of a file; the file itself is whole in the run folder


def _read(folder: Path, relative: str, what: str) -> str:
    """The run's file ``relative`` (a results.csv path), "" when it is missing, "(why)" when it is unreadable."""
    try:
        path = run_file(folder, relative, what)
        if not path.is_file():
            return ""
        text = read_text(path)
    except WorkbenchError as error:
        return f"({error})"
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + f"\n… ({len(text):,} characters in all)"


class CaseView(QWidget):
    drawn = Signal(int, str, str)  # request number, the HTML file ("" when none), what the tool said

    def __init__(self, parent=None):
        super().__init__(parent)
        self.config: ContestConfig | None = None
        self.server: FolderServer | None = None
        self.web_refused = ""  # why the contest's web visualizer is not served
        # A drawing still on its way may be writing in its folder when the view closes: the cleanup
        # then leaves what it cannot remove rather than raising into the window's close.
        self._work = tempfile.TemporaryDirectory(prefix=temporary_prefix("view"), ignore_cleanup_errors=True)
        self._request = 0
        self.shown_key: str | None = None  # the case shown (its key: the same case in any run)
        self.shown_case: str | None = None
        self.title = plain_label("Select a case in the table to see it here", wrapped=True)
        self.visualizer = HtmlView()
        self.picture = HtmlView(fit=True)  # vis.html zoomed to the view; the user's zoom kept
        mono = QFontDatabase.systemFont(QFontDatabase.FixedFont)
        self.input_text, self.output_text, self.stderr_text = (QPlainTextEdit(), QPlainTextEdit(), QPlainTextEdit())
        for box in (self.input_text, self.output_text, self.stderr_text):
            box.setReadOnly(True)
            box.setFont(mono)
            box.setLineWrapMode(QPlainTextEdit.NoWrap)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.picture, self.tr("vis.html"))
        self.tabs.addTab(self.input_text, self.tr("Input"))
        self.tabs.addTab(self.output_text, self.tr("Output"))
        self.tabs.addTab(self.stderr_text, self.tr("stderr"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.tabs, 1)
        self.drawn.connect(self._drawn)

    def set_contest(self, config: ContestConfig | None) -> None:
        if config == self.config:
            return
        self.config = config
        if self.server is not None:
            self.server.close()
            self.server = None
        page = config.web_page() if config else None
        web_tab = self.tabs.indexOf(self.visualizer)
        self.web_refused = config.web_problem() if page is not None and page.is_file() else ""
        if page is not None and page.is_file():
            if not self.web_refused:
                self.server = FolderServer(page.resolve().parent)
            if web_tab < 0:
                self.tabs.insertTab(0, self.visualizer, self.tr("Visualizer"))
            self.tabs.setCurrentIndex(0)
        elif web_tab >= 0:
            self.tabs.removeTab(web_tab)
        html_names = (config.view_html if config else ()) or ("vis.html",)  # "html = []" names none
        self.tabs.setTabText(self.tabs.indexOf(self.picture), html_names[0])
        self.clear()

    def clear(self, why: str = "Select a case in the table to see it here") -> None:
        self._request += 1
        self.shown_key = self.shown_case = None
        self.title.setText(why)
        for box in (self.input_text, self.output_text, self.stderr_text):
            box.setPlainText("")
        self.picture.show_message("No case selected")
        self.visualizer.show_message(
            html.escape(f"Not shown: {self.web_refused}") if self.web_refused else "No case selected"
        )

    def show_case(self, folder: Path, row: dict) -> None:
        """Show ``row`` of the run in ``folder`` (a results.csv row: its input, answer and stderr files)."""
        config = self.config
        self._request += 1
        request = self._request
        self.shown_key, self.shown_case = row.get("key"), row.get("case")
        input_text = _read(folder, row["input"], "input") if row.get("input") else ""
        output_text = _read(folder, row["answer"], "answer") if row.get("answer") else ""
        self.title.setText(
            self.tr("case {0}: score {1}, {2}").format(
                row.get("case", "?"), row.get("score", "?"), row.get("verdict", "?")
            )
            + (f" ({row['message']})" if row.get("message") else "")
        )
        self.input_text.setPlainText(input_text)
        self.output_text.setPlainText(output_text or "(no output)")
        self.stderr_text.setPlainText(_read(folder, f"stderr/{row.get('name', '')}.txt", "stderr") or "(nothing)")
        if config is None:
            return
        if self.server is not None:
            self.visualizer.show_url(
                self.server.url(config.web_page()),
                fill_script(config.web_input, config.web_output, input_text, output_text),
            )
        if not config.view_step:
            self.picture.show_message("The contest file sets no view or score command to draw a case with")
            return
        self.picture.show_message("Drawing…")
        seed = plain_natural(str(row.get("seed", "")))
        where = Path(self._work.name) / str(request)
        threading.Thread(
            target=self._draw, args=(config, request, input_text, output_text, seed, where), daemon=True
        ).start()

    def _draw(self, config, request, input_text, output_text, seed, where) -> None:
        try:
            page, output = draw_case(config, input_text, output_text, seed, where)
        except (OSError, WorkbenchError) as error:
            page, said = None, f"cannot draw the case: {error}"
        else:
            expected = " or ".join(config.view_html)
            failed = output.failure() if output is not None and output.returncode != 0 else ""
            said = failed or f"'{config.view_step}' wrote no {expected}"
        try:
            self.drawn.emit(request, str(page) if page else "", said)
        except RuntimeError:  # the view was closed while the vis drew: nobody to show it to
            pass

    def _drawn(self, request: int, page: str, message: str) -> None:
        if request != self._request:
            return  # another case was chosen meanwhile
        if page:
            self.picture.show_url(QUrl.fromLocalFile(page))
        else:
            self.picture.show_message(message)

    def shutdown(self) -> None:
        self._request += 1  # a drawing still on its way is dropped
        for view in (self.visualizer, self.picture):
            view.release()
        if self.server is not None:
            self.server.close()
            self.server = None
        self._work.cleanup()
