"""The first five minutes: the start page, each puzzle's rules in the window, help made from the
window's own actions, the About box, and File ▸ New contest… writing what `contest init` writes."""

from __future__ import annotations

from pathlib import Path

import pytest
import standin_tools
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QGraphicsScene

from workbench.cli import main
from workbench.contest.config import load
from workbench.contest.init import draft_config
from workbench.core.registry import get_puzzle
from workbench.core.session import Session
from workbench.core.version import project_version
from workbench.gui.app_state import AppState
from workbench.gui.board.painters import adapter_class, playable_puzzles
from workbench.gui.contest.new_contest_dialog import NewContestDialog
from workbench.gui.window import about
from workbench.gui.window.keys_help import keys_and_mouse_html, shortcut_rows
from workbench.gui.window.rules_view import RulesLine, rules_html
from workbench.gui.window.start_page import StartPage, seen


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """Contests are remembered under the test's own folder, never the user's."""
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


def test_the_start_page_shows_every_puzzle_with_its_own_picture_and_rules(qtbot, settings):
    page = StartPage(playable_puzzles(), settings)
    qtbot.addWidget(page)
    assert sorted(page.cards) == sorted(p.id for p in playable_puzzles())
    for puzzle_id, card in page.cards.items():
        puzzle = get_puzzle(puzzle_id)
        rules, summary = puzzle.rules_in_language()
        assert (card.rules.text(), card.summary.text()) == (rules, summary)
        picture = card.picture.pixmap()
        assert not picture.isNull(), f"{puzzle_id}: no picture"
        # Drawn by its painter: not one flat colour.
        image = picture.toImage()
        colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
        assert len(colours) > 3, f"{puzzle_id}: the picture is blank"


def test_the_start_page_is_seen_once(qtbot, settings):
    assert not seen(settings)
    page = StartPage(playable_puzzles(), settings)
    qtbot.addWidget(page)
    page.show()
    assert seen(settings)


@pytest.mark.parametrize("button", ["play", "watch"])
def test_a_cards_button_asks_for_its_puzzle_and_closes_the_page(qtbot, settings, button):
    page = StartPage(playable_puzzles(), settings)
    qtbot.addWidget(page)
    page.show()
    card = page.cards["ahc011"]
    signal = page.playRequested if button == "play" else page.watchRequested
    with qtbot.waitSignal(signal) as asked:
        getattr(card, button).click()
    assert asked.args == ["ahc011"]
    assert not page.isVisible()


def test_the_rules_name_the_score_and_the_painters_controls(qtbot):
    for puzzle in playable_puzzles():
        text = rules_html(puzzle)
        assert puzzle.rules.split(":")[0][:40].replace("'", "&#x27;") in text
        controls = adapter_class(puzzle.id)(puzzle, QGraphicsScene()).help_text.split(".")[0]
        assert controls.replace("'", "&#x27;")[:30] in text


def test_the_line_under_the_board_follows_the_board_shown(qtbot):
    state = AppState()
    line = RulesLine(state)
    qtbot.addWidget(line)
    ahc011 = get_puzzle("ahc011")
    state.replace_session(Session(ahc011, ahc011.generate(1)))
    assert line.text() == f"Rules: {ahc011.rules_summary} (Help ▸ Rules of this puzzle)"
    comesolo = get_puzzle("comesolo")
    state.replace_session(Session(comesolo, comesolo.generate(1)))
    assert comesolo.rules_summary in line.text()


def test_the_keys_help_lists_every_shortcut_of_the_window(window):
    shortcuts = [
        (a.text(), k.toString(QKeySequence.NativeText))
        for a in window.findChildren(type(window.menuBar().actions()[0]))
        for k in a.shortcuts()
    ]
    assert ("&Hint", "H") in shortcuts
    text = keys_and_mouse_html(window, "t", "")
    missing = [(name, keys) for name, keys in shortcuts if keys not in text]
    assert not missing
    rows = {(action, keys) for _, action, keys in shortcut_rows(window)}
    assert ("Hint", "H") in rows and ("Start", "F5") in rows


def test_about_says_the_version_and_where_the_docs_are():
    text = about.about_html()
    assert f"Puzzle Workbench {project_version()}" in text and "docs/index.md" in text


@pytest.fixture
def pegs_dialog(qtbot, tmp_path, home) -> tuple[Path, NewContestDialog]:
    """The stand-in pegs-max tools (4 seeds) in tmp_path/pegs, and the New contest dialog on them."""
    folder = tmp_path / "pegs"
    folder.mkdir()
    standin_tools.lay_out(folder, "pegs-max", seeds=4)
    dialog = NewContestDialog(draft_config(folder))
    qtbot.addWidget(dialog)
    return folder, dialog


def test_new_contest_writes_what_contest_init_writes(pegs_dialog):
    folder, dialog = pegs_dialog
    dialog.fields["time_limit"].setText("3")
    dialog.fields["program"].setText("./a.out")
    dialog.write()
    assert dialog.result() == dialog.DialogCode.Accepted
    by_dialog = load(folder)
    assert "time limit 3 s — your answer at contest init" in (folder / "contest.toml").read_text()
    assert main(["contest", "init", str(folder), "--time-limit", "3", "--cmd", "./a.out", "--force"]) == 0
    assert load(folder) == by_dialog


def test_new_contest_says_a_wrong_answer_and_stays(pegs_dialog):
    folder, dialog = pegs_dialog
    dialog.fields["time_limit"].setText("soon")
    dialog.write()
    assert dialog.problem.text() == "Time limit, seconds a case: answer a number of seconds, e.g. 2, not 'soon'"
    assert not (folder / "contest.toml").exists()


def test_the_window_offers_the_start_page_rules_help_about_and_new_contest(qtbot, window):
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    files = [a.text() for a in menus["&File"].actions()]
    assert files[:2] == ["&New (start page)…", "New con&test…"]
    helps = [a.text() for a in menus["&Help"].actions() if a.text()]
    assert helps == ["&Rules of this puzzle", "&Keyboard and mouse", "&Start page", "&About Puzzle Workbench"]
    line = window.findChild(RulesLine)
    assert line.isVisibleTo(window) and window.session.puzzle.rules_summary in line.text()
    window.guide.show_rules()
    assert window.session.puzzle.title in window.guide.box.text() and window.guide.box.isVisible()
    window.guide.box.close()


def test_the_first_start_shows_the_start_page_once_and_its_buttons_work(qtbot, tmp_path):
    from workbench.gui.app import build_window

    settings = QSettings(str(tmp_path / "first.ini"), QSettings.IniFormat)
    window = build_window(settings=settings)
    qtbot.addWidget(window)
    window.show()
    window.guide.welcome()
    page = window.guide.page
    assert page is not None and page.isVisible()
    page.cards["rolling-balls"].play.click()
    assert window.session.puzzle.id == "rolling-balls" and window.navigator.number.value() == 1
    assert not page.isVisible()
    window.guide.page = None
    window.guide.welcome()  # seen: not again
    assert window.guide.page is None
    page = window.guide.show_start_page()  # File ▸ New still shows it
    qtbot.waitUntil(lambda: window.kernels.is_ready("comesolo"), timeout=600000)
    page.cards["comesolo"].watch.click()
    assert window.session.puzzle.id == "comesolo"
    qtbot.waitUntil(lambda: window.solver_panel.running or window.solver_panel.last_result is not None, timeout=60000)
    window.solver_panel.shutdown()
