"""`turnledger serve`: the console, read-only, in the players' browsers (textual-serve)."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from rich.markup import escape

from tui import cli_output as output


def cmd_serve(args: argparse.Namespace) -> int:
    """Each browser that opens the page gets its own read-only console on the campaign (textual-serve)."""
    from textual_serve.server import Server

    if "://" not in args.store and not Path(args.store).exists():
        output.err.print(f"{escape(args.store)} does not exist: serve opens an existing campaign")
        return 1
    command = shlex.join([sys.executable, "-m", "tui.cli", "tui", args.store, "--read-only"])
    output.out.print(f"serving {escape(args.store)} read-only at http://{args.host}:{args.port}/ (ctrl+c stops)")
    Server(command, host=args.host, port=args.port, title=f"turnledger · {Path(args.store).stem}").serve()
    return 0


def add_serve_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `turnledger serve`."""
    p.add_argument("--host", default="localhost", help="the address to listen on, e.g. 0.0.0.0 for the table's network")
    p.add_argument("--port", type=int, default=8000)
