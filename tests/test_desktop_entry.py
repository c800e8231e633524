"""``puzzle-workbench install-desktop``: the menu entry and icons per the freedesktop.org specs,
written atomically under $XDG_DATA_HOME, pointing at this install; ``--remove`` undoes it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.assets import asset
from workbench.cli import main
from workbench.cli.desktop import APP_ID, entry_text, exec_argument, launcher

ENTRY = "applications/puzzle-workbench.desktop"
ICONS = {
    "icons/hicolor/48x48/apps/puzzle-workbench.png": "puzzle-workbench-48.png",
    "icons/hicolor/scalable/apps/puzzle-workbench.svg": "puzzle-workbench.svg",
}


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setattr(sys, "platform", "linux")
    return tmp_path / "share"


def test_the_entry_and_icons_are_written_for_this_install(data_home, capsys):
    assert main(["install-desktop"]) == 0
    script = Path(sys.executable).with_name("puzzle-workbench")  # the editable install's script
    assert (data_home / ENTRY).read_text() == (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.4\n"
        "Name=Puzzle Workbench\n"
        "GenericName=Heuristic contest workbench\n"
        "Comment=Play, solve, watch and export heuristic-contest puzzles\n"
        f"TryExec={script}\n"
        f"Exec={script} %f\n"
        "Icon=puzzle-workbench\n"
        "Terminal=false\n"
        "Categories=Development;\n"
        "Keywords=AtCoder;AHC;heuristic;contest;solver;puzzle;\n"
    )
    for target, bundled in ICONS.items():
        assert (data_home / target).read_bytes() == asset(bundled).read_bytes()
    assert capsys.readouterr().out.splitlines() == [f"wrote {data_home / name}" for name in (ENTRY, *ICONS)]


def test_installing_again_replaces_the_files_and_leaves_no_temporaries(data_home):
    assert main(["install-desktop"]) == 0
    (data_home / ENTRY).write_text("[Desktop Entry]\nExec=/old/place %f\n")
    assert main(["install-desktop"]) == 0
    assert "/old/place" not in (data_home / ENTRY).read_text()
    assert sorted(p.relative_to(data_home).as_posix() for p in data_home.rglob("*") if p.is_file()) == sorted(
        [ENTRY, *ICONS]
    )


def test_remove_takes_the_entry_and_icons_away(data_home, capsys):
    assert main(["install-desktop"]) == 0
    assert main(["install-desktop", "--remove"]) == 0
    assert not [p for p in data_home.rglob("*") if p.is_file()]
    assert main(["install-desktop", "--remove"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"no menu entry of Puzzle Workbench under {data_home}"


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils is not installed")
def test_the_entry_passes_desktop_file_validate(data_home):
    assert main(["install-desktop"]) == 0
    done = subprocess.run(["desktop-file-validate", data_home / ENTRY], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


def test_exec_arguments_are_quoted_and_escaped_as_the_spec_says():
    assert exec_argument("/home/me/.local/bin/puzzle-workbench") == "/home/me/.local/bin/puzzle-workbench"
    assert exec_argument("/opt/my apps/puzzle-workbench") == '"/opt/my apps/puzzle-workbench"'
    # inside quotes " ` $ \ get a backslash; then every backslash is doubled (string escaping)
    assert exec_argument('/a"b`c$d\\e') == '"/a\\\\"b\\\\`c\\\\$d\\\\\\\\e"'
    assert exec_argument("/tmp/100%/python") == "/tmp/100%%/python"  # % starts field codes
    text = entry_text(["/opt/my apps/python", "-m", "workbench"])
    assert 'Exec="/opt/my apps/python" -m workbench %f\n' in text and "TryExec=/opt/my apps/python\n" in text


def test_the_entry_runs_the_script_beside_python_else_python_m_workbench(tmp_path, monkeypatch):
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    monkeypatch.setattr(sys, "executable", str(bin_folder / "python"))
    assert launcher() == [str(bin_folder / "python"), "-m", "workbench"]
    (bin_folder / APP_ID).write_text("#!/bin/sh\n")
    assert launcher() == [str(bin_folder / APP_ID)]


def test_a_path_with_a_line_break_is_refused():
    with pytest.raises(Exception, match="cannot stand in a desktop entry"):
        entry_text(["/tmp/a\nb/python", "-m", "workbench"])


def test_other_systems_are_told_there_is_no_such_menu(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "darwin")
    assert main(["install-desktop"]) == 1
    assert (
        "error: install-desktop writes a freedesktop.org menu entry (Linux, BSD); there is none on darwin"
        in capsys.readouterr().err
    )
    assert not list(tmp_path.iterdir())


def test_the_png_icon_is_the_svg_drawn_at_48_pixels(qapp):
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    drawn = QImage(48, 48, QImage.Format_ARGB32)
    drawn.fill(Qt.transparent)
    painter = QPainter(drawn)
    painter.setRenderHint(QPainter.Antialiasing)
    QSvgRenderer(str(asset("puzzle-workbench.svg"))).render(painter)
    painter.end()
    shipped = QImage(str(asset("puzzle-workbench-48.png"))).convertToFormat(QImage.Format_ARGB32)
    assert (shipped.width(), shipped.height()) == (48, 48)
    worst = max(
        abs(a - b)
        for y in range(48)
        for x in range(48)
        for a, b in zip(drawn.pixelColor(x, y).getRgb(), shipped.pixelColor(x, y).getRgb())
    )
    assert worst <= 8  # the same drawing; a Qt release may round an edge differently


def test_the_app_names_itself_as_the_entry_and_shows_the_icon(qapp):
    from workbench.gui.app import name_application

    kept = qapp.applicationName(), qapp.organizationName(), qapp.desktopFileName(), qapp.windowIcon()
    try:
        name_application(qapp)
        assert qapp.desktopFileName() == APP_ID == "puzzle-workbench"
        assert not qapp.windowIcon().isNull()
    finally:
        qapp.setApplicationName(kept[0])
        qapp.setOrganizationName(kept[1])
        qapp.setDesktopFileName(kept[2])
        qapp.setWindowIcon(kept[3])
