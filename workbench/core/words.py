"""The user's language for words said outside the window (Qt-free).

Every part of the app marks the words a user reads with ``translate("Context", "text")``;
``pyside6-lupdate`` reads those calls in every module (Qt's or not) into the one catalog,
``assets/i18n/workbench_<code>.ts``. Here ``translate`` returns the text itself until the app or
the command line installs a translator (``use``): the window installs Qt's, the command line loads
the same compiled catalog. Placeholders are ``{0}``-style, filled with ``.format`` after the
translation, so a translation may reorder them.
"""

from __future__ import annotations

from collections.abc import Callable

Translator = Callable[[str, str], str]


def _english(context: str, text: str) -> str:
    return text


_translator: Translator = _english


def translate(context: str, text: str) -> str:
    """``text`` in the user's language (itself when it has no translation)."""
    return _translator(context, text) or text


def use(translator: Translator | None) -> None:
    """Translate from now on with ``translator(context, text)`` (None: English again)."""
    global _translator
    _translator = translator or _english


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for the catalog where it is defined (a puzzle's rules, a constant), to be
    translated where it is shown: ``translate(context, text)``. Returns ``text`` itself."""
    return text
