"""The window in Japanese: chosen from the settings (View ▸ Language) or the system's locale, its
menus, docks and messages in Japanese, and back in English for everyone after."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale, QSettings
from PySide6.QtWidgets import QApplication

from workbench.core import words
from workbench.gui.app import build_window, speak_the_users_language
from workbench.gui.window import language


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


@pytest.fixture
def japanese(qapp, settings):
    settings.setValue(language.SETTING, "ja")
    assert speak_the_users_language(qapp, settings) == "ja"
    yield settings
    language.install(qapp, "en")
    words.use(None)


def _menu_titles(window) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_the_window_speaks_japanese_when_the_user_chose_it(qtbot, japanese):
    window = build_window(settings=japanese)
    qtbot.addWidget(window)
    assert _menu_titles(window)[:3] == ["ファイル(&F)", "編集(&E)", "表示(&V)"]
    assert words.translate("Language", "&Language") == "言語(&L)"  # the Qt-free layers' words too


def test_english_is_back_for_the_next_window(qtbot, qapp, settings):
    language.install(qapp, "en")
    words.use(None)
    window = build_window(settings=settings)
    qtbot.addWidget(window)
    assert _menu_titles(window)[:3] == ["&File", "&Edit", "&View"]


def test_the_system_locale_chooses_when_the_user_did_not(monkeypatch, settings):
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("ja_JP")))
    assert language.chosen(settings) == "ja"
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("de_DE")))
    assert language.chosen(settings) == "en"
    settings.setValue(language.SETTING, "ja")
    assert language.chosen(settings) == "ja"


def test_view_language_keeps_the_choice_for_the_next_start(qtbot, settings):
    window = build_window(settings=settings)
    qtbot.addWidget(window)
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    menu = next(a.menu() for a in view.actions() if a.text() == "&Language")
    japanese = next(a for a in menu.actions() if a.text() == "日本語")
    japanese.trigger()
    assert settings.value(language.SETTING) == "ja"
    assert window.statusBar().currentMessage() == "日本語: the app shows it from its next start"
    assert QApplication.instance() is not None
