"""The app in Japanese: every word a user reads is marked, the catalog holds it translated, the
shipped compiled catalog is the catalog's, and the window and the command line speak it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from visible_strings import foreign_tr, unmarked

from workbench.cli import language as cli_language
from workbench.core import words

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "assets" / "i18n" / "workbench_ja.ts"
COMPILED = CATALOG.with_suffix(".qm")
TOOLS = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = TOOLS / f"pyside6-{name}"
    return str(path) if path.exists() else shutil.which(f"pyside6-{name}") or pytest.skip(f"no pyside6-{name}")


def _sources() -> list[str]:
    """The modules lupdate reads (as ``make translations`` does): every module of the app."""
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "workbench").rglob("*.py"))


def _messages(ts: Path) -> list[tuple[str, str, ET.Element]]:
    tree = ET.parse(ts)
    return [
        (ctx.findtext("name"), m.findtext("source"), m.find("translation"))
        for ctx in tree.getroot().iter("context")
        for m in ctx.iter("message")
    ]


def test_every_visible_string_of_the_window_is_marked_for_translation():
    found = unmarked(ROOT / "workbench" / "gui")
    assert not found, "\n".join(map(str, found))


def test_no_window_translates_under_another_objects_name():
    found = foreign_tr(ROOT / "workbench" / "gui")
    assert not found, "\n".join(found)


def test_the_checker_finds_an_unmarked_label_and_passes_a_marked_one(tmp_path):
    module = tmp_path / "panel.py"
    module.write_text(
        'def build(self):\n    QLabel("Seeds")\n    QLabel(self.tr("Seeds"))\n'
        '    self.setText(f"Step {n}")\n    menu.addAction("&Quit", quit, "Ctrl+Q")\n'
        '    plot.setLabel("bottom", self.tr("seconds"))\n'
    )
    assert [(u.line, u.text) for u in unmarked(tmp_path)] == [(2, "Seeds"), (4, "Step "), (5, "&Quit")]


def test_the_catalog_holds_every_marked_string_of_the_app_translated(tmp_path):
    fresh = tmp_path / "fresh.ts"
    shutil.copy(CATALOG, fresh)
    subprocess.run(
        [_tool("lupdate"), *_sources(), "-ts", str(fresh), "-no-obsolete", "-locations", "none"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    untranslated = [
        f"{ctx}: {source!r}"
        for ctx, source, tr in _messages(fresh)
        if tr.get("type") == "unfinished" or not (tr.text or "").strip()
    ]
    assert not untranslated, "run `make translations` and translate:\n" + "\n".join(untranslated)
    kept = {(ctx, source) for ctx, source, _ in _messages(CATALOG)}
    assert {(ctx, source) for ctx, source, _ in _messages(fresh)} == kept, "run `make translations`"


def test_a_translation_keeps_every_placeholder_of_its_text():
    placeholder = re.compile(r"\{[^{}]*\}")
    wrong = [
        f"{ctx}: {source!r} -> {tr.text!r}"
        for ctx, source, tr in _messages(CATALOG)
        if sorted(placeholder.findall(source)) != sorted(placeholder.findall(tr.text or ""))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_shipped_compiled_catalog_is_the_catalog_compiled(tmp_path):
    compiled = tmp_path / "ja.qm"
    subprocess.run([_tool("lrelease"), str(CATALOG), "-qm", str(compiled)], check=True, capture_output=True)
    assert compiled.read_bytes() == COMPILED.read_bytes(), "run `make translations`"


@pytest.mark.parametrize(
    ("environment", "code"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "ja:en", "LANG": "en_US.UTF-8"}, "ja"),
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),  # LC_ALL wins over LANG, as in gettext
        ({"LANG": "ja_JP.UTF-8", "PUZZLE_WORKBENCH_LANG": "en"}, "en"),
        ({"PUZZLE_WORKBENCH_LANG": "ja"}, "ja"),
    ],
)
def test_the_command_line_speaks_the_locales_language(monkeypatch, environment, code):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "PUZZLE_WORKBENCH_LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert cli_language.wanted() == code


def test_the_command_lines_words_come_from_the_catalog():
    try:
        assert cli_language.speak("ja") == "ja"
        assert words.translate("Language", "&Language") == "言語(&L)"
        assert words.translate("Nowhere", "a text no one translated") == "a text no one translated"
    finally:
        cli_language.speak("en")
    assert words.translate("Language", "&Language") == "&Language"
