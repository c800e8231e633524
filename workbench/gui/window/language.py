"""The app's language: Japanese or English, from the system's locale unless the user chose one.

The words are Qt's translation system's: the code marks them (``self.tr``,
``QCoreApplication.translate``), ``pyside6-lupdate`` gathers them into ``assets/i18n/*.ts`` (kept in
the tree, translated there), ``pyside6-lrelease`` compiles those into the ``.qm`` files shipped
beside them (``make translations`` does both). Qt's own dialogs (file dialog, Cancel/OK) take
Qt's translations, which PySide6 ships.

The choice is made once, before the first window: View ▸ Language stores another choice for the
next start (a window built in one language does not change its words in place).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from workbench.assets import asset
from workbench.core import words

# code -> the language's name in itself (as a menu shows it to someone who reads only that one)
LANGUAGES = {"en": "English", "ja": "日本語"}
SETTING = "language"  # "" (the system's), or a code of LANGUAGES
_installed: list[QTranslator] = []  # kept alive: the application holds them by pointer only


def chosen(settings: QSettings) -> str:
    """The code the app shows its words in: the user's choice, else the system's when translated."""
    choice = str(settings.value(SETTING, "") or "")
    if choice in LANGUAGES:
        return choice
    return system_language()


def system_language() -> str:
    """The system locale's language if the app has it, else English."""
    for name in QLocale.system().uiLanguages():  # e.g. ["ja-JP", "en-US"], the user's order
        code = name.replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def translation_file(code: str):
    """The compiled translations of the app's words into ``code`` (None for English, the source)."""
    return None if code == "en" else asset(f"i18n/workbench_{code}.qm")


def install(app: QCoreApplication, code: str) -> bool:
    """Show the app's words (and Qt's own) in ``code``; False when its translations cannot load."""
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    words.use(None)
    path = translation_file(code)
    if path is None:
        return True
    ours = QTranslator(app)
    if not ours.load(str(path)):
        return False
    qt = QTranslator(app)
    if qt.load(QLocale(code), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    app.installTranslator(ours)
    _installed.append(ours)
    words.use(QCoreApplication.translate)  # the Qt-free layers' words (puzzles' rules...) too
    return True


def add_language_menu(menu, settings: QSettings, said) -> None:
    """View ▸ Language: the system's, or one of LANGUAGES; the choice holds from the next start
    (``said(text)`` tells the user so)."""
    from PySide6.QtGui import QActionGroup

    sub = menu.addMenu(QCoreApplication.translate("Language", "&Language"))
    group = QActionGroup(sub)
    current = str(settings.value(SETTING, "") or "")
    system_name = LANGUAGES[system_language()]
    choices = [("", QCoreApplication.translate("Language", "The system's ({0})").format(system_name))]
    choices += list(LANGUAGES.items())
    for code, name in choices:
        action = sub.addAction(name)
        action.setCheckable(True)
        action.setChecked(code == current)
        action.setData(code)
        group.addAction(action)

        def choose(_checked=False, code=code, name=name):
            settings.setValue(SETTING, code)
            said(QCoreApplication.translate("Language", "{0}: the app shows it from its next start").format(name))

        action.triggered.connect(choose)
