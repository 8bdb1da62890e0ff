"""`turnledger serve`: the console, read-only, in the players' browsers (textual-serve).

Each browser that opens the page gets its own console process, started by textual-serve from a
command line. That command line is readable by every user of the machine (`ps`), so it names the
campaign without a password; a password given in the URL reaches the consoles in their
environment (referee/files/locations.py `child_location`). Which pages may open a console and how many
may run at once is tui/serve_guard.py's.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from rich.markup import escape

from tui import cli_output as output

DEFAULT_MAX_SESSIONS = 8
"""Consoles open at once unless ``--max-sessions`` says otherwise: a table's players and a few more."""


def cmd_serve(args: argparse.Namespace) -> int:
    """Check the campaign opens here, then serve a read-only console on it to each browser."""
    from referee.files.locations import check_location, child_location, describe, is_postgres, password_warning
    from referee.service import RefereeService
    from tui.serve_guard import GuardedServer

    check_location(args.store)
    warning = password_warning(args.store)
    if warning is not None:
        output.err.print(f"[bold yellow]warning[/]: {escape(warning)}", highlight=False, soft_wrap=True)
    if not is_postgres(args.store) and not Path(args.store).exists():
        output.err.print(f"{escape(describe(args.store))} does not exist: serve opens an existing campaign")
        return 1
    service = RefereeService.open(args.store)  # a wrong password or a file that is no campaign: refused here, once
    try:
        name, shown = service.current().identity.name, service.location
    finally:
        service.close()
    location, environment = child_location(args.store)
    command = shlex.join([sys.executable, "-m", "tui.cli", "tui", location, "--read-only"])
    server = GuardedServer(
        command,
        host=args.host,
        port=args.port,
        title=f"turnledger · {name}",
        max_sessions=args.max_sessions,
        environment=environment,
    )
    output.out.print(
        f"serving {escape(shown)} read-only at {server.guard.served_url()} (ctrl+c stops)", highlight=False
    )
    output.out.print(escape(server.guard.banner()), highlight=False, soft_wrap=True)
    try:
        server.serve()
    except OSError as error:  # the port taken, an address this machine does not have
        output.err.print(
            f"[bold red]refused[/]: cannot listen on {escape(server.guard.served_url())}: "
            f"{escape(error.strerror or str(error))}",
            highlight=False,
            soft_wrap=True,
        )
        return 1
    return 0


def whole_number(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high`` (``what`` names it in the refusal)."""

    def parse(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = low - 1
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not {what} from {low} to {high}")
        return number

    return parse


sessions = whole_number(1, 1000, "a number of consoles")
"""The argument type of ``--max-sessions``."""
port_number = whole_number(1, 65535, "a port number")
"""The argument type of ``--port`` (0 would pick a port nobody is told)."""


def add_serve_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `turnledger serve`."""
    p.add_argument("--host", default="localhost", help="the address to listen on, e.g. 0.0.0.0 for the table's network")
    p.add_argument("--port", type=port_number, default=8000)
    p.add_argument(
        "--max-sessions",
        type=sessions,
        default=DEFAULT_MAX_SESSIONS,
        help=f"the most consoles (browsers) open at once (default {DEFAULT_MAX_SESSIONS})",
    )
