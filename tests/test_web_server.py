"""The web visualizer's server: only URLs with the app session's token, only this
server's own host names, no folder listings, nothing outside the folder, and never a contest's own
folder."""

from __future__ import annotations

import http.client
from pathlib import Path

import pytest
import standin_tools

from workbench.cli import main
from workbench.contest.config import load
from workbench.gui.contest.web_view import SESSION_TOKEN, FolderServer


@pytest.fixture
def served(tmp_path):
    """A visualizer's folder with a page, a script, a folder, and symlinks out and in; its server."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.rs").write_text("my secret solver\n")
    web = tmp_path / "web"
    (web / "sub").mkdir(parents=True)
    (web / "index.html").write_text("<html>vis</html>\n")
    (web / "sub" / "vis.js").write_text("export function draw() {}\n")
    (web / "out").symlink_to(outside)
    (web / "secret.rs").symlink_to(outside / "secret.rs")
    (web / "page.html").symlink_to(web / "index.html")  # a symlink that stays inside is served
    server = FolderServer(web)
    yield server
    server.close()


def get(server: FolderServer, path: str, host: str | None = None, method: str = "GET") -> tuple[int, bytes, dict]:
    port = server.server.server_port
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest(method, path, skip_host=True)
    connection.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body, dict(response.getheaders())


def test_the_page_and_its_files_are_served_with_the_token(served):
    url = served.url(served.folder / "index.html").toString()
    assert url == f"http://127.0.0.1:{served.server.server_port}/{SESSION_TOKEN}/index.html"
    status, body, headers = get(served, f"/{SESSION_TOKEN}/index.html")
    assert (status, body) == (200, b"<html>vis</html>\n")
    assert headers["Referrer-Policy"] == "no-referrer" and headers["Cache-Control"] == "no-store"
    assert get(served, f"/{SESSION_TOKEN}/sub/vis.js")[:2] == (200, b"export function draw() {}\n")
    assert get(served, f"/{SESSION_TOKEN}/page.html?seed=3")[0] == 200
    assert get(served, f"/{SESSION_TOKEN}/index.html", host=f"localhost:{served.server.server_port}")[0] == 200
    assert get(served, f"/{SESSION_TOKEN}/index.html", method="HEAD")[0] == 200


# The token is filled in by the test, not in the ids: every pytest-xdist worker collects the same tests
# although each has its own random token.
@pytest.mark.parametrize(
    "path",
    ["/index.html", "/", "/wrong-token/index.html", "/{token}", "/{token_cut}/index.html", "/index.html?{token}"],
)
def test_without_the_token_nothing_is_served(served, path):
    assert get(served, path.format(token=SESSION_TOKEN, token_cut=SESSION_TOKEN[:-1]))[0] == 404


@pytest.mark.parametrize(
    "host",
    [
        "attacker.example",
        "attacker.example:{port}",
        "127.0.0.1",
        "localhost:1",
        "127.0.0.1:{port}.attacker.example",
        "",
    ],
)
def test_a_request_for_another_host_is_refused(served, host):
    assert get(served, f"/{SESSION_TOKEN}/index.html", host=host.format(port=served.server.server_port))[0] == 403


@pytest.mark.parametrize(
    "path",
    [
        "",
        "sub",
        "sub/",
        "out/secret.rs",
        "secret.rs",
        "../outside/secret.rs",
        "%2e%2e/outside/secret.rs",
        "..%2foutside%2fsecret.rs",
        "out/",
        "index.html%00",
        "a/" * 3000 + "x",
        "%ff%fe",
        "x" * 300,
    ],
)
def test_no_folder_is_listed_and_nothing_outside_is_served(served, path, capfd):
    status, body, _ = get(served, f"/{SESSION_TOKEN}/{path}")
    assert status == 404 and b"secret" not in body and b"vis.js" not in body
    assert "Traceback" not in capfd.readouterr().err  # an odd name is not found, not the server's error


def test_a_folder_reached_through_a_symlink_is_served_as_itself(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "index.html").write_text("ok")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    server = FolderServer(tmp_path / "link")
    try:
        assert get(server, server.url(tmp_path / "link" / "index.html").path())[:2] == (200, b"ok")
    finally:
        server.close()


# ------------------------------------------------------------------ only the visualizer's own folder
@pytest.fixture
def contest(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    folder = tmp_path / "c"
    standin_tools.lay_out(folder, "pegs-max", seeds=2)
    return folder


@pytest.mark.parametrize("page", ["index.html", "../index.html", "viewer/index.html"])
def test_a_web_page_in_the_contest_folder_is_refused_at_init(contest, capsys, page):
    (contest / "index.html").write_text("<html>vis</html>\n")
    (contest.parent / "index.html").write_text("<html>vis</html>\n")
    (contest / "viewer").symlink_to(contest)  # a folder of its own in name only
    assert main(["contest", "init", str(contest), "--web", str(contest / page)]) == 1
    err = capsys.readouterr().err
    assert "the app serves the page's whole folder, your sources and runs with it" in err
    assert not (contest / "contest.toml").exists()


def test_a_web_page_in_a_folder_of_its_own_is_taken(contest, capsys):
    page = standin_tools.lay_out_web(contest / "tools")
    assert main(["contest", "init", str(contest), "--web", str(page)]) == 0
    config = load(contest)
    assert config.web == "tools/web/index.html" and config.web_problem() == ""


def test_the_app_serves_no_hand_edited_web_page_at_the_contest_root(contest, qtbot, capsys):
    from workbench.gui.contest.case_view import CaseView

    (contest / "index.html").write_text("<html>vis</html>\n")
    assert main(["contest", "init", str(contest)]) == 0
    text = (contest / "contest.toml").read_text().replace("web = ''", "web = 'index.html'")
    (contest / "contest.toml").write_text(text)
    config = load(contest)
    assert "is in the contest folder" in config.web_problem()
    assert main(["contest", "show", str(contest)]) == 0
    assert "the app will not serve the web visualizer" in capsys.readouterr().out
    view = CaseView()
    qtbot.addWidget(view)
    view.set_contest(config)
    try:
        assert view.server is None and "is in the contest folder" in view.web_refused
        assert view.tabs.indexOf(view.visualizer) == 0
    finally:
        from PySide6.QtCore import QCoreApplication, QEvent

        view.shutdown()  # its web pages go now (deleteLater), before Qt WebEngine's profile does at exit
        QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)


def test_an_idle_connection_is_closed_and_its_thread_ends(tmp_path):
    """A connection that sends nothing (or keeps an idle keep-alive) holds a thread: it is closed."""
    import socket
    import threading
    import time

    (tmp_path / "index.html").write_text("<html>vis</html>\n")
    served = FolderServer(tmp_path, idle_seconds=0.5)
    before = threading.active_count()
    idle = [socket.create_connection(("127.0.0.1", served.server.server_port), timeout=10) for _ in range(5)]
    deadline = time.monotonic() + 5
    while threading.active_count() < before + 5 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert threading.active_count() == before + 5  # a thread each, while they wait
    assert [connection.recv(100) for connection in idle] == [b""] * 5  # closed by the server
    deadline = time.monotonic() + 5
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.02)
    assert threading.active_count() == before
    for connection in idle:
        connection.close()
    assert get(served, f"/{SESSION_TOKEN}/index.html")[0] == 200  # and it serves on
    served.close()
