"""The layout is the architecture: imports point down the layers only, and nothing imports in cycles.

Every import of the package is read from the source, function-local and type-only (``if TYPE_CHECKING:``)
ones included, so a shortcut taken in a hurry fails here instead of quietly tying the layers together: a
type is a dependency too, and a cycle hidden from the interpreter is still a cycle of the design.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "newton_rules"
CORE = SRC / "rules_core"
GALILEO = SRC / "galileo_rules"

# Layers from the bottom; a module may import its own layer and those below.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors",),
    ("effects",),
    ("components", "data"),
    ("model",),
    ("rules",),
    (
        "invariants",
        "decisions",
        "hidden",
        "view",
        "facts",
        "sampling",
        "game",
        "wire",
        "action_space",
        "observation",
        "observation_fields",
        "bounds",
    ),
    ("text", "protocol", "testing", "perft", "transcript", "regression", "__init__"),
    ("bots", "simulation", "cli", "server", "interop"),
)
# Galileo's layers, the same shape as Newton's; it imports the engine core, never newton_rules.
GALILEO_LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors",),
    ("components", "data"),
    ("model",),
    ("rules",),
    ("invariants", "decisions", "view", "facts", "sampling", "game", "observation"),
    ("text", "protocol", "testing", "perft", "transcript", "regression", "__init__"),
    ("bots", "simulation", "cli", "interop"),
)
GAME_LAYERS = {"newton_rules": LAYERS, "galileo_rules": GALILEO_LAYERS}
PROJECT = ("newton_rules", "rules_core", "galileo_rules")
# The applications use the library as any client would: its public names, the text and protocol modules,
# each other, and the engine core (a library of its own, every module of it public).
APPLICATIONS = ("bots", "simulation", "cli", "server", "interop")


# The distribution's command line (newton-rules --game NAME) serves every game, each through its public names.
COMMAND_LINE = "newton_rules.cli"


def is_public(target: str, package: str = "newton_rules") -> bool:
    """``package`` itself (its public names), its text and protocol modules, another of its applications, or
    the core."""
    allowed = (f"{package}.text", f"{package}.protocol", *(f"{package}.{a}" for a in APPLICATIONS), "rules_core")
    return target == package or any(target == a or target.startswith(a + ".") for a in allowed)


def is_other_game(module: str, target: str) -> bool:
    """Whether ``target`` belongs to a game other than ``module``'s, except another game's public surface
    (its public names, text module and applications) used by the command line."""
    game = target.split(".")[0]
    if game in (module.split(".")[0], "rules_core"):
        return False
    return not (module.startswith(COMMAND_LINE) and is_public(target, game))


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The project modules (newton_rules, galileo_rules, rules_core) ``path`` imports, anywhere in it."""
    return imports_in(path.read_text(encoding="utf-8")) - {module_name(path)}


def imports_in(source: str) -> set[str]:
    """The project modules a module's ``source`` imports: at the top, in a function, or for type checking."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith(PROJECT))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PROJECT):
            assert node.module is not None
            found.add(node.module)
            # ``from newton_rules.rules import queries`` imports the module newton_rules.rules.queries
            found.update(f"{node.module}.{a.name}" for a in node.names if _is_module(f"{node.module}.{a.name}"))
    return found


def _is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    return (SRC / relative).with_suffix(".py").exists() or (SRC / relative / "__init__.py").exists()


def layer_of(module: str) -> int:
    """The engine core is the bottom layer, below every game (-1); a game's module is in its game's table."""
    package = module.split(".")[0]
    if package == "rules_core":
        return -1
    top = module.split(".")[1] if "." in module else "__init__"
    return next(i for i, layer in enumerate(GAME_LAYERS[package]) if top in layer)


SOURCES = sorted([*PACKAGE.rglob("*.py"), *CORE.rglob("*.py"), *GALILEO.rglob("*.py")])
GRAPH = {module_name(path): imports_of(path) for path in SOURCES}


def test_imports_for_type_checking_and_in_functions_are_read() -> None:
    """A type-only or function-local import is a dependency like any other: the checks below see it."""
    source = """
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from newton_rules.game import Game
else:
    import rules_core.views
def f() -> None:
    from galileo_rules.rules import scoring
"""
    expected = {"newton_rules.game", "rules_core.views", "galileo_rules.rules", "galileo_rules.rules.scoring"}
    assert imports_in(source) == expected


def test_every_module_has_a_layer() -> None:
    for module in GRAPH:
        layer_of(module)  # StopIteration names a module no layer holds


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_point_down_the_layers(module: str) -> None:
    own = module.split(".")[0]
    upward = sorted(
        target for target in GRAPH[module] if target.split(".")[0] == own and layer_of(target) > layer_of(module)
    )
    assert not upward, f"{module} imports from a higher layer: {upward}"


def is_application(module: str) -> bool:
    parts = module.split(".")
    return parts[0] in GAME_LAYERS and len(parts) > 1 and parts[1] in APPLICATIONS


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if is_application(m)))
def test_applications_use_only_the_public_surface(module: str) -> None:
    own = module.split(".")[0]  # another game's names are test_a_game_imports_only_itself_and_the_core's
    inner = sorted(t for t in GRAPH[module] if t.split(".")[0] == own and not is_public(t, own))
    assert not inner, f"{module} reaches past the public surface: {inner}"


def test_the_core_knows_no_game() -> None:
    for module, targets in GRAPH.items():
        if module.startswith("rules_core"):
            assert all(t.startswith("rules_core") for t in targets), (module, targets)


@pytest.mark.parametrize("game", sorted(GAME_LAYERS))
def test_a_game_imports_only_itself_and_the_core(game: str) -> None:
    """Newton and Galileo are two packages on one core: neither imports the other (the command line uses
    another game's public names only)."""
    for module, targets in GRAPH.items():
        if module.split(".")[0] == game:
            foreign = sorted(t for t in targets if is_other_game(module, t))
            assert not foreign, f"{module} imports another game: {foreign}"


def test_both_games_are_read() -> None:
    """The layer checks see every package of the distribution (a package missing here would go unchecked)."""
    assert {module.split(".")[0] for module in GRAPH} == set(PROJECT)


def test_no_import_cycles() -> None:
    """Depth-first search for a back edge over module imports (a package counts as its __init__)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(GRAPH.get(module, ())):
            if state.get(target) == 1:
                cycle = path[path.index(target) :] + [target]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if target in GRAPH and state.get(target) is None:
                walk(target, [*path, target])
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            walk(module, [module])
