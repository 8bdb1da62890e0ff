"""No argument of any subcommand ends in an internal error (issue 26).

The subcommands and their options are read from `tui.cli.build_parser()`, so a new one is fuzzed
without being listed here. Each positional and option gets values drawn from hostile strategies:
huge, negative and malformed numbers, empty and 5,000-character text, text holding ESC, NUL,
U+202E or lone surrogates, paths that are missing, a folder, ``/dev/zero``, ``/proc/self/mem``,
binary junk, invalid UTF-8 or an SQLite file that is not a campaign, and odd campaign URLs.
Whatever they are, the command must exit 0, 1 or 2 (argparse's usage error), never 3 ("internal
error"), and print no traceback.

A real campaign (SQLite) is the store of most cases, a fresh copy per example; it is never given
where a command writes (an output file, a new campaign), and every example runs in a folder of
its own, so that relative names land there. PostgreSQL URLs name ports nothing listens on and
TURNLEDGER_CONNECT_TIMEOUT is 1 s, so none waits. ARGUMENT_EXAMPLES=300 hunts longer.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.cli import build_parser, main

EXAMPLES = int(os.environ.get("ARGUMENT_EXAMPLES", "5"))
"""Per subcommand in `make test` (about a second each); ARGUMENT_EXAMPLES=300 for a longer hunt."""

EXCLUDED = {
    "serve": "starts a web server that runs until stopped",
    "tui": "opens the Textual console, which waits for keys",
}
"""Subcommands that do not end by themselves: fuzzing them would start servers and consoles."""

OUTPUTS = {("new", "store"), ("run", "store"), ("import", "store"), ("branch", "to")}
"""Arguments a command writes to, besides those whose type says so (`OUTPUT_TYPES`): never
given the campaign itself (another change makes every output safe; this test is about exits)."""

OUTPUT_TYPES = {"output_file", "new_store"}

CAMPAIGN = "@campaign"

NUMBERS = st.one_of(
    st.sampled_from(
        ["0", "1", "-1", "2", "99999999999999999999999", "-99999999999999999999", "1000000001", "1e3", "0x10", " 7"]
    ),
    st.sampled_from(["٣", "1_000", "+5", "١٢", "9" * 5000]),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
WORDS = st.sampled_from(
    [
        "",
        " ",
        "x" * 5000,
        "a/" * 2600 + "b",
        "\x1b[31mred\x1b]52;c;ZXZpbA==\x07",
        "a\x00b",
        "\u202egnp.exe",
        "\ud800",
        "\udcff",
        "[bold]markup[/]",
        "referee",
        "Axis",
        "revised-europa/barbarossa",
        "third-reich/1939",
        "europa-combat",
        "europa-001",
        "weather_rounding=received_up",
        "a=b",
        "=",
        '{"kind": "AdvancePhase"}',
        '{"kind": "AdvancePhase", "kind": "Rollback", "to": 1, "reason": "x"}',
        '{"kind": "SetMarker", "name": "m", "value": NaN}',
        "AdvancePhase",
        "..",
        "~",
        "0" * 64,
        "deadbeef",
    ]
)
FILES = st.sampled_from(
    ["@missing", "@folder", "/dev/zero", "/proc/self/mem", "@junk", "@latin1", "@sqlite", "@surrogate", "@commands"]
)
URLS = st.sampled_from(
    [
        "postgresql://u@127.0.0.1:notaport/db",
        "postgresql://u@127.0.0.1:99999/db",
        "postgresql://u@[::1/db",
        "POSTGRESQL://x",
        "postgresql+psycopg://u@127.0.0.1:1/db",
        "postgresql://u:secret@127.0.0.1:1/db?sslmode=bogus",
        "postgresql://",
        " campaign.db",
        "sqlite:///x.db",
        "file:x.db?mode=ro",
    ]
)
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]) | st.sampled_from("\x00\x1b\u202e\udcff"))
ANY = st.one_of(NUMBERS, WORDS, FILES, URLS, TEXT.filter(lambda text: len(text) < 40))
OUTPUT = st.one_of(
    st.sampled_from(["@missing", "@folder", "@junk", "@sqlite", "/dev/zero", "/proc/x.jsonl", "/nonexistent/dir/a.md"]),
    WORDS,
    URLS,
    TEXT.filter(lambda text: len(text) < 40),
)
"""Where an output may go: never the campaign, never /proc/self/mem (nothing is written there)."""
STORE = st.one_of(st.just(CAMPAIGN), st.just(CAMPAIGN), st.just(CAMPAIGN), FILES, URLS, WORDS)


def subcommands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], list[argparse.Action]]]:
    """(the words naming a subcommand, its arguments) for every subcommand, nested ones included."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from subcommands(child, (*path, name))
            return
    yield (
        path,
        [
            action
            for action in parser._actions
            if not isinstance(action, argparse._HelpAction | argparse._VersionAction)
        ],
    )


COMMANDS = {" ".join(path): actions for path, actions in subcommands(build_parser()) if path[0] not in EXCLUDED}


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A small real campaign, and the environment every case runs in."""
    path = tmp_path_factory.mktemp("campaign") / "game.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TURNLEDGER_CONNECT_TIMEOUT", "1")
        patch.delenv("TURNLEDGER_DEBUG", raising=False)
        assert main(["new", str(path)]) == 0
        yield path


def hostile_files(folder: Path, campaign: Path) -> dict[str, str]:
    """The named files of the strategies, made afresh in ``folder`` (an output may have replaced them)."""
    (folder / "folder").mkdir()
    (folder / "junk.bin").write_bytes(bytes(range(256)) * 8)
    (folder / "latin1.jsonl").write_bytes(
        '{"kind": "SetMarker", "name": "\xe9t\xe9", "value": "x"}\n'.encode("latin-1")
    )
    (folder / "surrogate.jsonl").write_text(
        '{"kind": "SetMarker", "name": "\\ud800", "value": "x"}\n', encoding="ascii"
    )
    (folder / "commands.jsonl").write_text('{"kind": "SetMarker", "name": "m", "value": "x"}\n', encoding="utf-8")
    with sqlite3.connect(folder / "other.sqlite") as other:
        other.execute("create table notes (id integer primary key, text text)")
    other.close()
    shutil.copy(campaign, folder / "game.db")
    return {
        CAMPAIGN: str(folder / "game.db"),
        "@missing": str(folder / "no" / "such" / "file.db"),
        "@folder": str(folder / "folder"),
        "@junk": str(folder / "junk.bin"),
        "@latin1": str(folder / "latin1.jsonl"),
        "@surrogate": str(folder / "surrogate.jsonl"),
        "@commands": str(folder / "commands.jsonl"),
        "@sqlite": str(folder / "other.sqlite"),
    }


def run_in_a_folder(argv: list[str], campaign: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, list[str]]:
    """Run the command line in-process in a fresh folder, with its ``@name`` files made there:
    the exit code (argparse's usage error is 2), everything printed, and the argv as run."""
    folder = Path(tempfile.mkdtemp(dir=campaign.parent))
    files = hostile_files(folder, campaign)
    argv = [files.get(arg, arg) for arg in argv]
    here = os.getcwd()
    os.chdir(folder)
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's refusal of a usage error
        code = stop.code if isinstance(stop.code, int) else 1
    finally:
        os.chdir(here)
    captured = capsys.readouterr()
    return code, captured.out + captured.err, argv


def shown(argv: list[str]) -> str:
    """The argv for a failure message, each argument cut short (some are 5,000 characters)."""
    return repr([arg if len(arg) <= 80 else f"{arg[:40]}…({len(arg)} characters)" for arg in argv])


def assert_no_internal_error(code: int, out: str, argv: list[str]) -> None:
    # a lone surrogate in the message would stop the xdist worker from reporting the failure at all
    said = out[-600:].encode("utf-8", "backslashreplace").decode("utf-8")
    assert code in (0, 1, 2), f"exit {code} for {shown(argv)}: {said}"
    assert "Traceback" not in out and "internal error" not in out, f"{shown(argv)}: {said}"


@st.composite
def arguments(draw: st.DrawFn, command: str) -> list[str]:
    """An argv for ``command``: each positional and option with a hostile value, options
    sometimes left out; positionals after ``--``, so that a value such as "-5" reaches them."""
    path = command.split()
    options: list[str] = []
    positionals: list[str] = []
    for action in COMMANDS[command]:
        kind = getattr(action.type, "__name__", "")
        output = kind in OUTPUT_TYPES or (path[0], action.dest) in OUTPUTS
        values = OUTPUT if output else STORE if action.dest == "store" else ANY
        if not action.option_strings:
            if action.nargs != "?" or draw(st.booleans()):
                positionals.append(draw(values))
        elif action.nargs == 0:  # a flag
            if draw(st.booleans()):
                options.append(action.option_strings[-1])
        elif action.required or draw(st.booleans()):
            options.append(f"{action.option_strings[-1]}={draw(values)}")
    return [*path, *options, *(["--", *positionals] if positionals else [])]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,  # examples run in folders of their own; a failure prints its argv
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_argument_of_any_subcommand_is_an_internal_error(
    command: str, data: st.DataObject, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, argv = run_in_a_folder(data.draw(arguments(command), label="argv"), campaign, capsys)
    assert_no_internal_error(code, out, argv)


KNOWN = [
    ["show", CAMPAIGN, "99999999999999999999999"],
    ["log", CAMPAIGN, "--last", "99999999999999999999"],
    ["state", CAMPAIGN, "--at", "99999999999999999999"],
    ["report", CAMPAIGN, "99999999999999999999"],
    ["apply", CAMPAIGN, "/dev/zero"],
    ["charts", "check", "/dev/zero"],
    ["import", "@junk", "new.db"],
    ["import", "@latin1", "new.db"],
    ["import", "@sqlite", "new.db"],
    ["import", "@surrogate", "new.db"],
    ["import", "/dev/zero", "new.db"],
    ["state", "x" * 5000],
    ["new", "x" * 5000],
    ["audit", CAMPAIGN, "--markdown", "/nonexistent/dir/a.md"],
    ["export", CAMPAIGN, "--jsonl", "/proc/x.jsonl"],
    ["state", "postgresql://u@127.0.0.1:notaport/db"],
    ["state", "postgresql://u@127.0.0.1:99999/db"],
    ["state", "postgresql://u@[::1/db"],
    ["state", "POSTGRESQL://x"],
    ["state", " campaign.db"],
    ["preview", CAMPAIGN, "\udcff"],
    ["new", "n.db", "--scenario", "a\x00b.toml"],
]
"""The arguments that ended in an internal error when issue 26 was filed (and a few neighbours)."""


@pytest.mark.parametrize("argv", KNOWN, ids=[" ".join(argv)[:40] for argv in KNOWN])
def test_the_arguments_that_were_internal_errors(
    argv: list[str], campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, ran = run_in_a_folder(argv, campaign, capsys)
    assert_no_internal_error(code, out, ran)
    assert code != 0 or argv[0] == "log", f"{shown(ran)} was accepted: {out[-600:]}"
