"""`turnledger serve` under attack (issue 26; docs/security.md): no password on a command line or a
printed line, whatever the URL's spelling; a bad URL or path refused by name, never an internal
error; only the served page's own Origin opens a console, and only so many at once; the read-only
console offers only the keys that work in it.

Nothing here starts a browser or a console process: the server runs in-process on aiohttp's test
server, and the console process textual-serve would start is caught where it would be started
(`asyncio.create_subprocess_shell`), with its command line and environment.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import WSServerHandshakeError, web
from aiohttp.test_utils import TestClient, TestServer
from textual_serve.server import Server

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.pg import PASSWORD_ROLE, password_database
from tests.tui.cli_support import run
from tui.app import TurnledgerApp, make_app
from tui.dialogs.error import ErrorDialog
from tui.key_bar import KeyBar
from tui.read_only import ReadOnlyHelp
from tui.serve_guard import GuardedServer

PASSWORD = "Serve-Pa55-" + uuid.uuid4().hex[:8]
WRITING_LABELS = ("Command", "Advance", "Undo", "Branch", "Combat")


# -- the console process and what is printed ------------------------------------------------------


class Started:
    """What `turnledger serve` did, caught in-process: its page, and the console processes textual-
    serve would have started for one websocket each (command line and environment)."""

    def __init__(self) -> None:
        self.page = ""
        self.processes: list[tuple[str, dict[str, str]]] = []


@pytest.fixture
def caught(monkeypatch: pytest.MonkeyPatch) -> Iterator[Started]:
    """`Server.serve` loads the page and opens one websocket from the page's own origin instead of
    listening; the console process is caught as it would be started."""
    started = Started()

    async def create_subprocess_shell(command: str, **options: Any) -> Any:
        started.processes.append((command, dict(options["env"])))
        raise OSError("tests start no console process")

    async def visit(server: GuardedServer) -> None:
        async with TestClient(TestServer(await server._make_app())) as client:
            started.page = await (await client.get("/")).text()
            origin = f"http://{server.host}:{server.port}"
            async with client.ws_connect("/ws?width=80&height=24", headers={"Origin": origin}) as socket:
                await socket.receive()  # closed once the console failed to start

    def serve(server: GuardedServer, debug: bool = False) -> None:
        asyncio.run(visit(server))

    monkeypatch.setattr(asyncio, "create_subprocess_shell", create_subprocess_shell)
    monkeypatch.setattr(Server, "serve", serve)
    monkeypatch.setenv("PGPASSWORD", "restored after the test")  # serve sets it for its consoles
    yield started


def spellings(url: str) -> list[str]:
    """One campaign's URL as people type it: with the password, in capitals, SQLAlchemy's scheme, spaces."""
    rest = url.split("://", 1)[1].replace(f"{PASSWORD_ROLE}@", f"{PASSWORD_ROLE}:{PASSWORD}@", 1)
    return [f"postgresql://{rest}", f"POSTGRESQL://{rest}", f" postgresql+psycopg://{rest} ", f"postgres://{rest}"]


def test_serve_never_puts_the_password_on_a_command_line_nor_prints_it(
    postgres_server: str,
    caught: Started,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The consoles get the URL without the password and the password in PGPASSWORD; every spelling
    of the URL is the campaign's (none is taken for a file name and echoed whole); the warning that
    `ps` shows the password is given once, with what to use instead."""
    url = password_database(postgres_server, f"served_{uuid.uuid4().hex[:10]}", PASSWORD)
    assert run(capsys, "new", spellings(url)[0], "--name", "served")[0] == 0
    for location in spellings(url):
        code, printed = run(capsys, "serve", location, "--port", "8123")
        assert code == 0, printed
        command, environment = caught.processes.pop()
        assert PASSWORD not in command and environment["PGPASSWORD"] == PASSWORD
        assert "--read-only" in command and f"{PASSWORD_ROLE}@127.0.0.1" in command
        for text in (printed, caught.page, caplog.text):
            assert PASSWORD not in text
        assert "serving postgresql://127.0.0.1:" in printed and "turnledger · served" in caught.page
        assert printed.count("process list (ps)") == 1 and "PGPASSWORD" in printed and "~/.pgpass" in printed
        assert "at most 8 at once" in printed and "Origin checked" in printed
    # the console's own command line and environment open the campaign
    child_location = command.split(" -m tui.cli tui ", 1)[1].rsplit(" --read-only", 1)[0].strip("'")
    monkeypatch.setenv("PGPASSWORD", environment["PGPASSWORD"])
    assert run(capsys, "state", child_location)[0] == 0
    monkeypatch.delenv("PGPASSWORD")
    code, printed = run(capsys, "serve", url)  # no password anywhere: no warning, nothing put in the environment
    assert code == 1 and "no password supplied" in printed and "process list" not in printed


@pytest.mark.parametrize(
    "location",
    [
        f"postgresql://u:{PASSWORD}@127.0.0.1:notaport/db",
        f"postgresql://u:{PASSWORD}@127.0.0.1:99999/db",
        f"postgresql://u:{PASSWORD}@[::1/db",
        f"mysql://u:{PASSWORD}@127.0.0.1/db",
        "x" * 5000 + ".db",
    ],
    ids=["port not a number", "port beyond 65535", "IPv6 bracket open", "not postgresql", "5,000 characters"],
)
def test_a_bad_url_or_path_is_refused_by_name_without_its_password(
    location: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exit 1 naming the location (no password, a long path by its ends), never exit 3. `state`
    reaches the store's own check (ledger/store.py calls `check_location` first)."""
    monkeypatch.setattr(Server, "serve", lambda server, debug=False: pytest.fail("served a bad location"))
    for argv in (["serve", location], ["state", location]):
        code, printed = run(capsys, *argv)
        assert code == 1, printed
        assert "internal error" not in printed and PASSWORD not in printed and "refused" in printed
        assert "x" * 200 not in printed
        assert any(word in printed for word in ("port must be", "host cannot be read", "mysql://", "too long"))
    assert list(tmp_path.iterdir()) == []


# -- who may open a console, and how many ---------------------------------------------------------


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each console admitted stays open until its browser closes (no process is started)."""

    async def hold(server: Server, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        async for _message in socket:
            pass
        return socket

    monkeypatch.setattr(Server, "handle_websocket", hold)


def guarded(host: str = "localhost", port: int = 8000, max_sessions: int = 8) -> GuardedServer:
    return GuardedServer("true", host=host, port=port, title="t", max_sessions=max_sessions, environment={})


async def status(client: TestClient[Any, Any], origin: str | None, host: str | None = None) -> int:
    """The status of a websocket handshake from a page of ``origin`` (101: a console opened), sent
    to the address ``host`` (the Host header; the test server's own when None)."""
    headers = {} if origin is None else {"Origin": origin}
    if host is not None:
        headers["Host"] = host
    try:
        async with client.ws_connect("/ws", headers=headers):
            return 101
    except WSServerHandshakeError as error:
        return error.status


async def test_only_the_served_pages_origin_opens_a_console(held: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Another site (one whose name points here included, DNS rebinding), another port, a sandboxed
    page (`null`) or no Origin at all: refused with 403 and said on the server's console."""
    async with TestClient(TestServer(await guarded()._make_app())) as client:
        for origin in ("http://localhost:8000", "http://127.0.0.1:8000", "http://[::1]:8000", "http://LOCALHOST:8000"):
            assert await status(client, origin) == 101, origin
        for origin in (
            "https://evil.example",
            "http://evil.example:8000",
            "http://localhost:8001",
            "http://localhost",
            "null",
            "http://[::1:8000",
            None,
        ):
            assert await status(client, origin) == 403, origin
    assert "may not open a console here" in capsys.readouterr().err
    async with TestClient(TestServer(await guarded("192.168.1.5", 80)._make_app())) as client:
        assert await status(client, "http://192.168.1.5") == 101
        assert await status(client, "http://localhost") == 403  # not served there


async def test_no_more_consoles_than_max_sessions_run_at_once(held: None) -> None:
    """The third browser is told the table is full, on the page and at the websocket; when one
    closes there is room again."""
    origin = {"Origin": "http://localhost:8000"}
    async with TestClient(TestServer(await guarded(max_sessions=2)._make_app())) as client:
        first = await client.ws_connect("/ws", headers=origin)
        second = await client.ws_connect("/ws", headers=origin)
        assert await status(client, origin["Origin"]) == 503
        page = await client.get("/")
        assert page.status == 503 and "--max-sessions 2" in await page.text()
        await first.close()
        for _ in range(100):
            if (await client.get("/")).status == 200:
                break
            await asyncio.sleep(0.01)
        assert await status(client, origin["Origin"]) == 101
        await second.close()


async def test_serving_every_address_answers_on_the_address_the_browser_used(held: None) -> None:
    """Served on 0.0.0.0, the page sends its websocket back where the browser found it (textual-
    serve's own page would send it to 0.0.0.0), for an IP address or this machine's name only."""
    async with TestClient(TestServer(await guarded("0.0.0.0", 8000)._make_app())) as client:
        page = await (await client.get("/", headers={"Host": "192.168.1.5:8000"})).text()
        assert "ws://192.168.1.5:8000/ws" in page
        page = await (await client.get("/", headers={"Host": "evil.example:8000"})).text()
        assert "evil.example" not in page
        assert await status(client, "http://192.168.1.5:8000", host="192.168.1.5:8000") == 101
        assert await status(client, "http://evil.example:8000", host="evil.example:8000") == 403
        # another site's page served from an IP address on the same port, its websocket sent here
        assert await status(client, "http://203.0.113.9:8000", host="192.168.1.5:8000") == 403


def test_max_sessions_and_port_are_checked_as_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for argv in (["--max-sessions", "0"], ["--max-sessions", "many"], ["--port", "99999"]):
        with pytest.raises(SystemExit) as stopped:
            run(capsys, "serve", str(tmp_path / "x.db"), *argv)
        assert stopped.value.code == 2
        assert "internal error" not in capsys.readouterr().err


# -- the read-only console offers what works -------------------------------------------------------


def campaign(tmp_path: Path) -> str:
    path = str(tmp_path / "watched.db")
    RefereeService.create(path, CreateCampaign(scenario="revised-europa/barbarossa", name="watched")).close()
    return path


async def test_the_read_only_console_shows_only_the_keys_that_work(tmp_path: Path) -> None:
    """The key bar, Textual's active bindings and the help leave the writing keys out; pressed
    anyway, one is still refused with a word. The referee's console still shows them all."""
    path = campaign(tmp_path)
    app: TurnledgerApp = make_app(path, read_only=True)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)._shown
        assert "Log" in bar and "Verify" in bar and "Audit" in bar
        assert not [label for label in WRITING_LABELS if label in bar], bar
        assert not {"command", "advance", "undo", "branch", "combat"} & {
            active.binding.action for active in app.screen.active_bindings.values()
        }
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog) and "command refused" in app.screen.message
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, ReadOnlyHelp)  # tui/app.py action_help asks `help_dialog`
    app.service.close()
    referee: TurnledgerApp = make_app(path)
    async with referee.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        bar = referee.screen.query_one(KeyBar)._shown
        assert all(label in bar for label in WRITING_LABELS), bar
    referee.service.close()
