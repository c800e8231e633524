"""Text a program or a file wrote is shown as written, never taken for HTML (QLabel's AutoText would
draw "<h1>…" as a heading and "<a href=…>" as a link): the case view of a contest's run."""

from __future__ import annotations

from PySide6.QtCore import Qt

from workbench.gui.common.plain_text import plain_tooltip
from workbench.gui.contest.case_view import CaseView


def test_a_case_views_title_shows_the_rows_message_as_written(qtbot, tmp_path):
    (tmp_path / "in.txt").write_text("1\n")
    view = CaseView()
    qtbot.addWidget(view)
    view.show_case(
        tmp_path,
        {
            "case": "<b>3</b>",
            "score": "0",
            "verdict": "RE",
            "input": "in.txt",
            "message": "exit code 1; stderr: <h1>CRASHED <a href=x>click me</a></h1>",
        },
    )
    assert (
        view.title.text() == "case <b>3</b>: score 0, RE (exit code 1; stderr: <h1>CRASHED <a href=x>click me</a></h1>)"
    )
    assert view.title.textFormat() == Qt.PlainText


def test_a_tooltip_escapes_what_it_shows():
    assert plain_tooltip("a <b>bold</b> & co") == "<p>a &lt;b&gt;bold&lt;/b&gt; &amp; co</p>"
    assert plain_tooltip("") == ""
