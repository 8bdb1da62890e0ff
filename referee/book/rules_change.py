"""Changing the rules a campaign plays under: always a recorded entry, never an upgrade's side effect.

`AdoptRuleset` pins the bundled ruleset now installed (a newer release's copy of the same id,
or another version of the same game's rules) and lists every difference it makes; `AdoptCharts`
pins another chart (a referee's printed CRT) the way creating the campaign with it would have.
Both read files, so they are decided here in the service layer, not by a pure rule handler; what
they record is the content, so replay never reads a file.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from referee.common import commands as cc
from referee.common import events as ev
from referee.common.decision import Decision
from referee.common.errors import IllegalOrderError
from referee.common.game import Game
from referee.common.options import resolve_options
from referee.common.ruleset import load_ruleset, sha256_bytes
from referee.common.ruling import Ruling, Step
from referee.common.setup import pinned_charts
from referee.common.state import BaseState
from referee.games import GAMES


def _flat(prefix: str, value: Any, out: dict[str, Any]) -> dict[str, Any]:
    if isinstance(value, dict):
        for key in sorted(value):
            _flat(f"{prefix}.{key}" if prefix else str(key), value[key], out)
    else:
        out[prefix] = value
    return out


def differences(old_toml: str, new_toml: str) -> list[str]:
    """Each setting that differs between two ruleset texts, as 'field: old → new'."""
    old = _flat("", tomllib.loads(old_toml), {}) if old_toml else {}
    new = _flat("", tomllib.loads(new_toml), {})
    lines = []
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            lines.append(f"{key}: {old.get(key, '(absent)')!r} → {new.get(key, '(absent)')!r}")
    return lines


def adopt_ruleset(command: cc.AdoptRuleset, state: BaseState, game: Game, current_toml: str) -> Decision:
    """Pin the installed ruleset ``command.ruleset`` (default: the campaign's own id)."""
    identity = state.identity
    ruleset_id = command.ruleset or identity.ruleset
    ruleset, raw = load_ruleset(ruleset_id)
    if ruleset.game != game.name:
        raise IllegalOrderError(f"ruleset {ruleset_id!r} is for {ruleset.game}, not for this {game.title} campaign")
    text = raw.decode("utf-8")
    if ruleset_id == identity.ruleset and text == current_toml:
        raise IllegalOrderError(f"the campaign already plays under exactly the installed {ruleset_id} ruleset")
    kept = {name: value for name, value in identity.options.items() if name in game.options}
    options = resolve_options(game.options, ruleset.options, kept)
    changes = differences(current_toml, text)
    added = [f"option {name}: {value} (new, its default)" for name, value in options.items() if name not in kept]
    pinned = {key: digest for key, digest in identity.pinned.items() if not key.startswith("ruleset:")}
    pinned[f"ruleset:{ruleset.id}"] = sha256_bytes(raw)
    steps = [Step(text=f"ruleset {identity.ruleset} → {ruleset.id} (sha256 {pinned[f'ruleset:{ruleset.id}'][:16]}…)")]
    steps += [Step(text=line) for line in changes + added] or [Step(text="no setting differs; the file text does")]
    return Decision(
        Ruling(summary=f"rules now {ruleset.title} ({len(changes)} setting(s) changed): {command.reason}", steps=steps),
        [
            ev.RulesPinned(
                ruleset=ruleset.id, ruleset_toml=text, options=options, pinned=pinned, tables=dict(identity.tables)
            )
        ],
    )


def adopt_charts(command: cc.AdoptCharts, state: BaseState, game: Game) -> Decision:
    """Pin another chart file in the layout of the game's bundled one."""
    if not game.charts:
        raise IllegalOrderError(f"{game.title} reads no chart")
    identity = state.identity
    tables, pins = pinned_charts(game, command.charts, GAMES.values(), only_chosen=True)
    digest = next(iter(pins.values()))
    if all(identity.tables.get(key) == data for key, data in tables.items()):
        raise IllegalOrderError(f"the campaign already plays with this chart (sha256 {digest[:16]}…)")
    replaced = [chart for chart in game.charts if chart.key in tables]
    # A pin names a file, not a chart: the bundled names of the charts replaced go, and, where
    # the file replaces every chart of the game, any earlier file of the referee's as well.
    gone = {f"chart:{chart.bundled}" for chart in replaced}
    every = len(replaced) == len(game.charts)
    kept = {
        key: value
        for key, value in identity.pinned.items()
        if not key.startswith("chart:") or (key not in gone and not (every and key.endswith(".toml")))
    }
    old = [f"{key} sha256 {value[:16]}…" for key, value in identity.pinned.items() if key not in kept]
    pinned = {**kept, **pins}
    which = ", ".join(chart.key for chart in replaced)
    steps = [
        Step(text=f"{which} chart: {', '.join(old) or 'no chart'} → {Path(command.charts).name} sha256 {digest[:16]}…")
    ]
    return Decision(
        Ruling(summary=f"chart {Path(command.charts).name} adopted: {command.reason}", steps=steps),
        [
            ev.RulesPinned(
                ruleset=identity.ruleset,
                ruleset_toml=identity.ruleset_toml,
                options=dict(identity.options),
                pinned=pinned,
                tables={**identity.tables, **tables},
            )
        ],
    )
