"""The command line's language: Japanese when the user's locale (or PUZZLE_WORKBENCH_LANG) asks for it.

The words are the window's catalog (``assets/i18n/workbench_ja.qm``), loaded with QtCore's
``QTranslator`` (no window, no display) and only when a translation is wanted, so an English
command pays nothing for it.
"""

from __future__ import annotations

import os

from workbench.core import words

VARIABLE = "PUZZLE_WORKBENCH_LANG"  # "ja" or "en": over the locale's language
LANGUAGES = ("en", "ja")
_loaded: list[object] = []


def wanted() -> str:
    """The language the user reads: PUZZLE_WORKBENCH_LANG, else the locale's (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG, as gettext looks them up), English when the app has no such translation."""
    chosen = os.environ.get(VARIABLE, "").strip().lower()
    if chosen in LANGUAGES:
        return chosen
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            for item in value.split(":"):
                code = item.split("_")[0].split(".")[0].lower()
                if code in LANGUAGES:
                    return code
            if name != "LANGUAGE":
                return "en"
    return "en"


def speak(code: str | None = None) -> str:
    """Translate the command line's words into ``code`` (default: ``wanted()``); the code used."""
    code = code or wanted()
    if code == "en":
        words.use(None)
        return code
    from PySide6.QtCore import QTranslator

    from workbench.assets import asset

    translator = QTranslator()
    if not translator.load(str(asset(f"i18n/workbench_{code}.qm"))):
        return "en"
    _loaded.append(translator)  # kept alive: words holds only the function below
    words.use(lambda context, text: translator.translate(context, text) or text)
    return code
