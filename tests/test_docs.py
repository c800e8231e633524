"""The documentation site builds in strict mode, shows only pictures that exist (made by
docs/screenshots.py from the real app), and names every command of the command line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def test_the_site_builds_in_strict_mode(tmp_path):
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "site" / "index.html").is_file() and (tmp_path / "site" / "images" / "main-window.png").is_file()


def test_every_picture_a_page_shows_exists():
    shown = {
        (page.name, image)
        for page in DOCS.glob("*.md")
        for image in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", page.read_text())
    }
    assert shown, "the docs show no picture"
    missing = [f"{page}: {image}" for page, image in shown if not (DOCS / image).is_file()]
    assert not missing, "run `make docs`: " + ", ".join(missing)
    for readme in ("README.md", "README.ja.md"):
        for image in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", (ROOT / readme).read_text()):
            assert (ROOT / image).is_file(), f"{readme}: {image}"


def test_the_command_line_page_names_every_command():
    page = (DOCS / "cli.md").read_text()
    missing = [name for name in COMMANDS if f"| `{name}` |" not in page]
    assert not missing, f"docs/cli.md does not name {missing}"
