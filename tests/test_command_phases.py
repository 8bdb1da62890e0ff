"""The phase docs/commands.md gives each command is the one the book enforces (issue 29).

Each game declares where its commands are accepted (`referee/<game>/command_phases.py`,
``Game.phases``). Three things keep the page, the declaration and the handlers one:

- the page's **Accepted** line of each command names exactly the declared phases (any phase for
  a command a game does not declare);
- no game module names a phase of the sequence of play outside the declaration, save the reads
  listed in `READS` that do not decide whether a command is accepted: so every phase check reads
  the declaration;
- the handlers refuse out of phase with the declaration's words, and accept in phase (through
  the service, for the examples the brief names: attrition, isolation, losses owed).
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from referee.common import commands as cc
from referee.common.errors import IllegalOrderError
from referee.common.game import Game
from referee.common.phases import ANY, GAME, OTHER, OWN, Accepted
from referee.games import GAMES
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.referee.test_isolation import rifle_losses
from tests.referee.third_reich.reich_support import ATTRITION_ROLL
from tests.referee.third_reich.test_economy_service import at

from support import refused

ROOT = Path(__file__).resolve().parents[1]
COMMANDS_MD = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")


def calendar_phases() -> dict[str, set[str]]:
    """Game -> every phase its rulesets' calendars name (player turns, special turns, game phases)."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "scenarios" / "rulesets").glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        calendar = data.get("calendar", {})
        names = set(calendar.get("phases", []))
        for turn in calendar.get("special_turns", []):
            names |= set(turn.get("phases", []))
        names |= {phase["phase"] for phase in calendar.get("game_phases", [])}
        found.setdefault(data["game"], set()).update(names)
    return found


PHASES = calendar_phases()


def kinds_of(game: Game) -> list[str]:
    return [model.model_fields["kind"].default for model in (*cc.COMMANDS, *game.commands)]


def section(kind: str) -> str:
    found = re.search(rf"^## {kind}\n(.*?)(?=^#{{1,2}} )", COMMANDS_MD, flags=re.S | re.M)
    assert found, f"docs/commands.md has no section for {kind}"
    return found.group(1)


def accepted_line(kind: str) -> str:
    lines = [line for line in section(kind).splitlines() if line.startswith("**Accepted**")]
    assert len(lines) == 1, f"{kind}: docs/commands.md gives {len(lines)} Accepted lines"
    return lines[0]


def clause_of(line: str, game: Game, kind: str) -> str:
    """The part of a command's Accepted line about ``game`` (the whole line but for commands every
    game takes, where each game has its clause)."""
    if kind not in {model.model_fields["kind"].default for model in cc.COMMANDS}:
        return line
    if " — " not in line:
        return line
    body = line.split(" — ", 1)[1]
    titles = [other.title for other in GAMES.values()]
    start = body.index(f"{game.title}: ")
    ends = [body.index(f"; {title}: ") for title in titles if f"; {title}: " in body[start:]]
    ends = [end for end in ends if end > start]
    return body[start : min(ends) if ends else len(body)]


def phases_named(text: str, game: Game) -> set[str]:
    """The phases of ``game``'s calendars a sentence names as phases ("in its side's Combat or
    Mechanized Combat phase" names Combat and Mechanized Combat, not Combat twice)."""
    names = sorted(PHASES[game.name], key=len, reverse=True)
    pattern = r"\b(" + "|".join(map(re.escape, names)) + r")(?= phase| or )"
    return set(re.findall(pattern, text))


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_each_commands_documented_phase_is_the_one_the_book_enforces(game: Game) -> None:
    for kind in kinds_of(game):
        clause = clause_of(accepted_line(kind), game, kind)
        lines = game.phases.get(kind, ())
        declared = {phase for line in lines for phase in line.phases}
        assert phases_named(clause, game) == declared, f"{game.name} {kind}: the page says {clause!r}"
        if not declared:
            assert "in any phase" in clause, f"{game.name} {kind}: {clause!r}"
        for line in lines:
            assert line.rule in clause, f"{game.name} {kind}: {line.rule} not cited in {clause!r}"
            assert line.when in clause, f"{game.name} {kind}: {line.when!r} not said in {clause!r}"


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_every_declared_phase_is_a_phase_of_the_game_and_every_kind_a_command(game: Game) -> None:
    kinds = set(kinds_of(game))
    for kind, lines in game.phases.items():
        assert kind in kinds, f"{game.name} declares a phase for {kind}, which it does not take"
        assert lines, kind
        for line in lines:
            assert set(line.phases) <= PHASES[game.name], f"{kind}: {line.phases} not in {game.name}'s calendars"
            assert line.turn in (OWN, OTHER, ANY, GAME) or line.turn in _sides(game), f"{kind}: turn {line.turn!r}"
            assert line.what and line.rule, kind
        assert len({line.when for line in lines}) == len(lines), f"{kind}: two lines for the same form"


def _sides(game: Game) -> set[str]:
    players: set[str] = set()
    for path in (ROOT / "scenarios" / "rulesets").glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data["game"] == game.name:
            players |= set(data["calendar"].get("players", []))
    return players


READS = {
    ("europa/boot_camp/map_rules.py", "Initial"): "E-29: the stacking limit holds at every phase's end but the Initial",
    ("europa/forms.py", "Air"): "the console's AA form opens in an Air phase; ResolveMinimumRollAA has no phase check",
    ("europa/map_facts/movement_costs.py", "Movement"): "L-04: administrative movement only in the Movement phase",
    ("europa/map_facts/movement_handlers.py", "Exploitation"): "L-06: only c/m units move in the Exploitation phase",
    ("europa/second_front/playtest.py", "Movement"): "F-26: a naval unit's MP by phase",
    ("europa/second_front/playtest.py", "Exploitation"): "F-26: a naval unit's MP by phase",
    ("europa/logistics/supply_001_handlers.py", "Movement"): "B-67 [001]: an unpaid c/m division moves only then",
    ("europa/logistics/supply_handlers.py", "Exploitation"): "B-35: exploitation's activation costs the same again",
    ("europa/logistics/turns.py", "Initial"): "what leaving the Initial phase records (advance effects)",
    ("third_reich/land/handlers.py", "Mechanized Combat"): "whether a combat is mechanized (A-58)",
    ("third_reich/land/forms.py", "Mechanized Combat"): "the land combat form's mechanized default",
    ("third_reich/common/fold.py", "Year Start"): "the rollback's fold: whether a year start has deducted its hits",
    ("third_reich/wars/lend_lease.py", "Combat"): "G-70: lend lease arrives when the combat phase ends",
    ("third_reich/land/movement.py", "Movement"): "A-58, A-60, A-61: what each movement phase allows",
    ("third_reich/land/movement.py", "Mechanized Movement"): "A-58, A-60, A-61: what each movement phase allows",
    ("third_reich/land/movement_handlers.py", "Mechanized Movement"): "whether a move is mechanized (A-60)",
    ("third_reich/murmansk/timing.py", "Combat"): "TIMINGS: the declaration of the fight's moment (J-58)",
    ("third_reich/murmansk/timing.py", "Interception"): "TIMINGS: the declaration of the fight's moment (J-58)",
    ("third_reich/murmansk/timing.py", "Strategic Warfare"): "G-72: what sits out the Axis strategic warfare",
}
"""Game modules that name a phase without deciding whether a command is accepted, and why."""


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_every_accepted_line_of_a_game_module_is_in_its_game_declaration(game: Game) -> None:
    """An `Accepted` made in any module of the game (command_phases.py or beside a handler) is
    one of ``Game.phases`` (else docs/commands.md would not print what its check enforces)."""
    import importlib

    declared = {id(line) for lines in game.phases.values() for line in lines}
    for path in sorted((ROOT / "referee" / game.name).rglob("*.py")):  # its systems' sub-packages too
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for name, value in vars(module).items():
            values = value.values() if isinstance(value, dict) else [value]
            for line in values:
                if isinstance(line, Accepted):
                    assert id(line) in declared, f"{path.relative_to(ROOT)}: {name} is not in Game.phases"


@pytest.mark.parametrize("game", list(GAMES), ids=list(GAMES))
def test_no_game_module_hard_codes_the_phase_a_command_is_accepted_in(game: str) -> None:
    """A phase of the sequence of play named in a game module is either the declaration
    (command_phases.py) or one of `READS`: every phase check reads the declaration, so the
    Accepted line of docs/commands.md is what the check enforces."""
    found = []
    for path in sorted((ROOT / "referee" / game).rglob("*.py")):  # its systems' sub-packages too
        if path.name == "command_phases.py":
            continue
        name = path.relative_to(ROOT / "referee").as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        declared = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Accepted"
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Constant) or node.value not in PHASES[game] or id(node) in declared:
                continue
            if (name, node.value) not in READS:
                found.append(f"referee/{name}:{node.lineno} names the {node.value} phase")
    assert not found, (
        "declare where the command is accepted in referee/<game>/command_phases.py and have its check read "
        "it (docs/commands.md prints it): " + "; ".join(found)
    )


# -- the handlers refuse out of phase, in the declaration's words, and accept in phase ------------

ATTRITION = ATTRITION_ROLL


def _said(accepted: Accepted, side: str) -> str:
    return re.escape(f"{accepted.what} happens in the {side} {' or '.join(accepted.phases)} phase ({accepted.rule})")


def test_attrition_is_taken_in_the_combat_phase_only(third_reich: RefereeService) -> None:
    """A-60 [004]: the attrition step is refused in the Options phase that declared it, naming the
    declared phase, and taken in the Combat phase; the losses it leaves owed are taken in any
    phase but hold the advance (H-11)."""
    from referee.third_reich.attrition import command_phases as ph

    at(third_reich, "Fall 1939", "Axis", "Options")
    third_reich.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "attrition"})
    third_reich.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "Poland", "target_kind": "minor"})
    refused(third_reich, ATTRITION, _said(ph.ATTRITION, "Axis"))
    at(third_reich, "Fall 1939", "Axis", "Combat")
    assert ph.ATTRITION.phases == ("Combat",)
    entry = third_reich.execute_json(ATTRITION)
    assert "X2 D2 H2" in entry["ruling"]["summary"]
    refused(third_reich, {"kind": "AdvancePhase"}, "attrition hexes not yet named .* record ClaimAttritionHexes")


def test_third_reich_isolation_is_taken_in_the_supply_and_isolation_phase(third_reich: RefereeService) -> None:
    """H-40 [004]: refused in the Combat phase with the declared phase named; taken in Supply and Isolation."""
    from referee.third_reich.attrition import command_phases as ph

    command = {"kind": "ResolveIsolationAttrition", "side": "Axis", "hex": "Warsaw", "faces": [6, 6], "rolled_by": "H"}
    at(third_reich, "Fall 1939", "Axis", "Combat")
    refused(third_reich, command, _said(ph.ISOLATION, "Axis"))
    at(third_reich, "Fall 1939", "Axis", "Supply and Isolation")
    assert "no loss" in third_reich.execute_json(command)["ruling"]["summary"]


def test_europa_isolation_follows_the_calendar_and_its_loss_the_phase(europa: RefereeService) -> None:
    """D-104 [000]: isolation attrition in the Initial phase of a calendar without a Supply phase
    (the Supply phase's line, A-19 [001], does not fit europa-000); the loss it leaves is met with
    AllocateLosses in any phase, but before the phase ends (D-56)."""
    from referee.europa.common import command_phases as ph

    assert not ph.ISOLATION_001.fits(("Initial", "Air", "Movement", "Combat", "Exploitation"))
    command = {
        "kind": "ResolveIsolationAttrition",
        "side": "Soviet",
        "hex": "Bialystok pocket",
        "strength": 9,
        "turns_unsupplied": 2,
        "faces": [1, 1],
        "rolled_by": "Ivan",
    }
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    refused(europa, command, _said(ph.ISOLATION, "Soviet"))
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    entry = europa.execute_json(command)
    refused(europa, {"kind": "AdvancePhase"}, "still owes a loss of 5")
    europa.execute_json(rifle_losses(entry["number"]))
    assert ph.LOSSES.allows(europa.state()) and ph.LOSSES.phases == ()


def test_a_reaction_and_a_named_side_are_checked_as_declared(third_reich: RefereeService) -> None:
    """`OTHER`: naval interception is refused in the phasing side's own turn (A-58, H-31 [004]),
    with the declaration's words."""
    from referee.third_reich.air_naval import command_phases as ph

    at(third_reich, "Fall 1939", "Axis", "Interception")
    assert not ph.INTERCEPTION.allows(third_reich.state(), "Axis")
    assert ph.INTERCEPTION.allows(third_reich.state(), "Western Allies")
    with pytest.raises(IllegalOrderError, match=re.escape("naval interception is the non-phasing side's reaction")):
        ph.INTERCEPTION.require(third_reich.state(), "Axis")
