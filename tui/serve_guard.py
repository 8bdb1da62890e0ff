"""Who may open a console in `turnledger serve`, and how many may run at once.

textual-serve starts one console process for each websocket that reaches its page, from any
page: a site open in a player's browser could open consoles on the referee's machine and read
the campaign through them (cross-site websocket hijacking), and a loop of sockets could start
processes until the machine gives out. `GuardedServer` is textual-serve's server with two checks
before a console starts:

* The websocket's Origin must be the served page itself: the host served at the port served
  (and, when serving localhost, its other names 127.0.0.1 and [::1]). Browsers always send
  Origin and no page can change it. A name other than the one served is refused even when it
  points at this machine, so that a site whose name is made to point here (DNS rebinding) is
  still another origin. Serving every address (0.0.0.0 or ::), the page is answered on the
  address the browser used, and an Origin of an IP address or of this machine's own name is
  accepted only when it is the very address the websocket was sent to (its Host): another site's
  page, even one served from an IP address on the same port, is not.
* At most `max_sessions` consoles run at once; a browser beyond them is told the table is full,
  in the page and in the refused websocket.

The page itself loads nothing from the internet (issue 28): textual-serve's template links its
font from fonts.googleapis.com, which a table without a connection cannot reach (and which tells
a third party who opens the campaign); the page served here declares the same font from the copy
textual-serve ships in its static folder instead.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from rich.markup import escape
from textual_serve.server import Server

from tui import cli_output as output

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
"""The names of this machine seen from itself: serving one of them admits the others."""
EVERY_ADDRESS = frozenset({"", "0.0.0.0", "::"})
SCHEME_PORTS = {"http": 80, "https": 443}
WEB_FONT_LINK = re.compile(r"<link\b[^>]*fonts\.(?:googleapis|gstatic)\.com[^>]*>", re.IGNORECASE)
"""The template's link to the font on Google's servers."""
LOCAL_FONT = """<style>
      @font-face {
        font-family: "Roboto Mono";
        src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
        font-weight: 100 700;
        font-style: normal;
      }
      @font-face {
        font-family: "Roboto Mono";
        src: url("/static/fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype");
        font-weight: 100 700;
        font-style: italic;
      }
    </style>"""
"""The same font, from the copy textual-serve serves under /static/fonts (the page's own server)."""


def offline_page(page: str) -> str:
    """The page with its web font declared from this server instead of Google's."""
    return WEB_FONT_LINK.sub(lambda _match: LOCAL_FONT, page)


def _host(text: str) -> str:
    """A host as compared here: lower case, without the brackets of an IPv6 address."""
    return text.strip().strip("[]").lower()


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


class SessionGuard:
    """The two checks, apart from the web server that asks them: which page may open a console,
    and whether there is room for one more."""

    def __init__(self, host: str, port: int, max_sessions: int) -> None:
        self.host = _host(host)
        self.port = port
        self.max_sessions = max_sessions
        self.open = 0
        """Consoles running now."""
        self.every_address = self.host in EVERY_ADDRESS
        if self.every_address:
            name = _host(socket.gethostname())
            self.names = LOOPBACK | {name, f"{name}.local"}
        elif self.host in LOOPBACK or self.host.startswith("127."):
            self.names = LOOPBACK | {self.host}
        else:
            self.names = frozenset({self.host})

    def admits_host(self, host: str) -> bool:
        """Whether a page loaded from ``host`` is this server's own."""
        host = _host(host)
        return host in self.names or (self.every_address and _is_address(host))

    def origin_refusal(self, origin: str | None, host_header: str | None = None) -> str | None:
        """Why a websocket from a page of ``origin`` may not open a console; None when it may.

        ``host_header`` is the address the browser connected the websocket to (its Host header):
        a page of this server was loaded from that same address, so the two must be one. Serving
        every address, that is what tells this server's page from another site's page served
        from some other IP address on the same port."""
        if not origin:
            return "a websocket without an Origin header does not come from this page: no console is opened"
        try:
            url = urlsplit(origin)
            port = url.port or SCHEME_PORTS.get(url.scheme)
            asked = urlsplit(f"//{host_header}") if host_header else None
            same_place = asked is not None and _host(asked.hostname or "") == _host(url.hostname or "")
            same_place = same_place and asked is not None and (asked.port or 80) == port
        except ValueError:
            port, same_place = None, False
            url = urlsplit("")
        own = url.scheme in SCHEME_PORTS and port == self.port and self.admits_host(url.hostname or "")
        if own and (same_place or not self.every_address):
            return None
        return (
            f"a page of {origin[:120]!r} may not open a console here: only this server's own page "
            f"({self.served_url()}) may"
        )

    def full_refusal(self) -> str | None:
        """What a browser is told when `max_sessions` consoles run already; None when there is room."""
        if self.open < self.max_sessions:
            return None
        return (
            f"{self.open} consoles are open on this campaign, the most this server allows "
            f"(turnledger serve --max-sessions {self.max_sessions}): reload the page when one closes"
        )

    def page_base(self, host_header: str) -> str | None:
        """Serving every address: the page's own base URL as the browser asked for it (the library
        would send it to 0.0.0.0, where no browser connects); None otherwise or when the host
        asked for is not this server's."""
        if not self.every_address:
            return None
        try:
            asked = urlsplit(f"//{host_header}")
            port = asked.port or 80
        except ValueError:
            return None
        if port != self.port or not asked.hostname or not self.admits_host(asked.hostname):
            return None
        return f"http://{host_header}"

    def served_url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host or '0.0.0.0'}:{self.port}/"

    def banner(self) -> str:
        """The two checks, as the startup message says them."""
        pages = (
            "pages of this machine's addresses or name"
            if self.every_address
            else "pages of " + ", ".join(sorted(f"{name}:{self.port}" for name in self.names))
        )
        return f"consoles open only to {pages} (Origin checked), at most {self.max_sessions} at once"


class GuardedServer(Server):
    """textual-serve's server, checking each page's Origin and capping the consoles that run
    (see the module's docstring); it prints nothing of its own command line."""

    def __init__(
        self, command: str, *, host: str, port: int, title: str, max_sessions: int, environment: dict[str, str]
    ) -> None:
        super().__init__(command, host=host, port=port, title=title)
        self.guard = SessionGuard(host, port, max_sessions)
        self.environment = environment
        """Set in this process's environment when serving, for every console started to inherit
        (textual-serve starts each with a copy of it): a password, never on a command line."""

    def serve(self, debug: bool = False) -> None:
        """Serve until stopped; each console inherits `environment` (textual-serve passes a copy of
        this process's environment, and nothing else, to the consoles it starts)."""
        os.environ.update(self.environment)
        super().serve(debug)

    async def on_startup(self, app: web.Application) -> None:
        """The library prints the command each console runs here; `turnledger serve` says what it
        serves in its own words instead."""

    async def handle_index(self, request: web.Request) -> Any:
        """The page, or a word that the table is full; serving every address, the page sends its
        websocket back to the address the browser used."""
        refusal = self.guard.full_refusal()
        if refusal is not None:
            return web.Response(status=503, text=refusal)
        base = self.guard.page_base(request.host)
        if base is None:
            return self._offline(await super().handle_index(request))
        served, self.public_url = self.public_url, base
        try:  # the library's handler builds its URLs from public_url without pausing in between
            return self._offline(await super().handle_index(request))
        finally:
            self.public_url = served

    @staticmethod
    def _offline(page: Any) -> Any:
        """The library's rendered page (a web.Response), its font served from here (`offline_page`)."""
        if isinstance(page, web.Response) and page.text is not None:
            page.text = offline_page(page.text)
        return page

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A console for this server's own page, while there is room for one."""
        refusal = self.guard.origin_refusal(request.headers.get("Origin"), request.host)
        if refusal is not None:
            output.err.print(f"refused: {escape(refusal)}", highlight=False, soft_wrap=True)
            raise web.HTTPForbidden(text=refusal)
        refusal = self.guard.full_refusal()
        if refusal is not None:
            output.err.print(f"refused a console: {escape(refusal)}", highlight=False, soft_wrap=True)
            raise web.HTTPServiceUnavailable(text=refusal)
        self.guard.open += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.guard.open -= 1
