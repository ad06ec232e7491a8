"""The public API is declared and kept: no public name disappears without a deprecation (docs/versioning.md).

The public names are the ``__all__`` of each public module below. ``tests/data/public_api.json`` is their
committed snapshot: a name gone from an ``__all__`` fails here unless reading it still works with a
``DeprecationWarning`` (:mod:`rules_core.deprecation`); a new name fails until it is added to the snapshot,
so that every change of the API is a reviewed change of that file::

    python -m tests.test_public_api --update

``--update`` keeps a name dropped from an ``__all__`` that still warns under the snapshot's ``deprecated``
names, and refuses to forget a name removed outright before the next major version (docs/versioning.md),
unless given ``--allow-removal``.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.metadata
import importlib.util
import json
import sys
import warnings
from pathlib import Path
from types import ModuleType

import pytest

import newton_rules
from rules_core.deprecation import deprecated_names

SNAPSHOT = Path(__file__).resolve().parent / "data" / "public_api.json"
UPDATE = "python -m tests.test_public_api --update"

# The public modules, each with the extra it needs when the dev extra does not install it. Any module not
# listed is internal: its names may change in any release (docs/versioning.md).
PUBLIC_MODULES: dict[str, str | None] = {
    # The engine core: every module is public.
    "rules_core.actions": None,
    "rules_core.bots": None,
    "rules_core.checks": None,
    "rules_core.codec": None,
    "rules_core.decisions": None,
    "rules_core.definition": None,
    "rules_core.deprecation": None,
    "rules_core.engine": None,
    "rules_core.errors": None,
    "rules_core.frontend": None,
    "rules_core.fuzz": None,
    "rules_core.interop": None,
    "rules_core.interop.declaration": None,
    "rules_core.interop.observation": None,
    "rules_core.interop.openspiel": "openspiel",
    "rules_core.interop.pettingzoo": "pettingzoo",
    "rules_core.interop.spaces": None,
    "rules_core.mcts": None,
    "rules_core.notation": None,
    "rules_core.outcome": None,
    "rules_core.records": None,
    "rules_core.rng": None,
    "rules_core.session": None,
    "rules_core.simulation": None,
    "rules_core.simulation.batch": None,
    "rules_core.simulation.declaration": None,
    "rules_core.simulation.ray_backend": None,
    "rules_core.simulation.records": None,
    "rules_core.simulation.reports": None,
    "rules_core.simulation.stats": None,
    "rules_core.stack": None,
    "rules_core.tx": None,
    "rules_core.views": None,
    "rules_core.wire": None,
    "rules_core.wire_schema": None,
    "rules_core.words": None,
    # Newton: the package's names, and the modules its documentation imports.
    "newton_rules": None,
    "newton_rules.bots": None,
    "newton_rules.bots.base": None,
    "newton_rules.bots.evaluation": None,
    "newton_rules.bots.mcts": None,
    "newton_rules.cli": None,
    "newton_rules.effects": None,
    "newton_rules.errors": None,
    "newton_rules.interop": None,
    "newton_rules.interop.openspiel": "openspiel",
    "newton_rules.interop.pettingzoo": "pettingzoo",
    "newton_rules.model.events": None,
    "newton_rules.protocol": None,
    "newton_rules.regression": None,
    "newton_rules.sampling": None,
    "newton_rules.server": "server",
    "newton_rules.simulation": None,
    "newton_rules.simulation.options": None,
    "newton_rules.simulation.ray_backend": None,
    "newton_rules.testing": None,
    "newton_rules.text": None,
    "newton_rules.text.components": None,
    "newton_rules.transcript": None,
    "newton_rules.view": None,
    # Galileo Galilei.
    "galileo_rules": None,
    "galileo_rules.bots": None,
    "galileo_rules.errors": None,
    "galileo_rules.game": None,
    "galileo_rules.interop": None,
    "galileo_rules.interop.openspiel": "openspiel",
    "galileo_rules.interop.pettingzoo": "pettingzoo",
    "galileo_rules.observation": None,
    "galileo_rules.simulation": None,
    "galileo_rules.protocol": None,
    "galileo_rules.text": None,
}

Api = dict[str, list[str]]


def _import(name: str) -> ModuleType | None:
    """The module, or None when the extra it needs is not installed."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if PUBLIC_MODULES.get(name) is None or (error.name or "").split(".")[0] in {"newton_rules", "rules_core"}:
            raise
        return None


def _static_all(name: str) -> list[str]:
    """A module's ``__all__`` read from its source (for a module whose extra is not installed): a literal."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None, name
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list), name
            return [str(item) for item in value]
    raise AssertionError(f"{name} declares no literal __all__")


def module_names(name: str) -> list[str]:
    """The public names of module ``name``: its ``__all__``, sorted."""
    module = _import(name)
    if module is None:
        return sorted(_static_all(name))
    names = getattr(module, "__all__", None)
    assert names is not None, f"public module {name} declares no __all__"
    return sorted(names)


def current_api() -> Api:
    return {name: module_names(name) for name in sorted(PUBLIC_MODULES)}


def load_snapshot() -> dict[str, object]:
    data = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _snapshot_api(data: dict[str, object], key: str) -> Api:
    section = data.get(key, {})
    assert isinstance(section, dict)
    return {str(module): [str(n) for n in names] for module, names in section.items()}


def warns_deprecated(module_name: str, name: str) -> bool | None:
    """Whether reading ``module.name`` gives a value with a ``DeprecationWarning``; None when the module needs
    an extra that is not installed (it cannot be checked here)."""
    try:
        module = _import(module_name)
    except ImportError:
        return False
    if module is None:
        return None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            getattr(module, name)
        except AttributeError:
            return False
    return any(issubclass(w.category, DeprecationWarning) for w in caught)


def removed_names(snapshot: dict[str, object], current: Api) -> dict[str, list[str]]:
    """The snapshot's names (public or deprecated) no module lists any more, by module."""
    gone: dict[str, list[str]] = {}
    for key in ("modules", "deprecated"):
        for module, names in _snapshot_api(snapshot, key).items():
            now = set(current.get(module, []))
            gone.setdefault(module, []).extend(n for n in names if n not in now)
    return {module: sorted(set(names)) for module, names in gone.items() if names}


def test_every_public_module_declares_its_names() -> None:
    for name in PUBLIC_MODULES:
        module = _import(name)
        names = module_names(name)
        assert len(names) == len(set(names)), f"{name}.__all__ lists a name twice"
        private = [n for n in names if n.startswith("_") and n != "__version__"]
        assert not private, f"{name}.__all__ lists underscore names {private}"
        if module is not None:
            missing = [n for n in names if not hasattr(module, n)]
            assert not missing, f"{name}.__all__ lists names the module does not have: {missing}"


def test_no_public_name_disappears_without_a_deprecation() -> None:
    problems = []
    for module, names in removed_names(load_snapshot(), current_api()).items():
        for name in names:
            warned = warns_deprecated(module, name)
            if warned is None:
                problems.append(f"{module}.{name}: not in __all__ (install the extra {PUBLIC_MODULES[module]!r})")
            elif not warned:
                problems.append(f"{module}.{name}")
    assert not problems, (
        "public names removed without a deprecation (keep each importable with a DeprecationWarning through "
        "rules_core.deprecation.deprecated_getattr until the next major version; docs/versioning.md): "
        + ", ".join(problems)
    )


def test_new_public_names_are_in_the_snapshot() -> None:
    snapshot = _snapshot_api(load_snapshot(), "modules")
    added = [
        f"{module}.{name}"
        for module, names in current_api().items()
        for name in names
        if name not in snapshot.get(module, [])
    ]
    assert not added, (
        f"new public names, not in the snapshot {SNAPSHOT.name}: {', '.join(added)}; add them to the API with "
        f"`{UPDATE}` and commit tests/data/public_api.json (and say so in CHANGELOG.md)"
    )


def test_the_version_has_one_source() -> None:
    """The distribution's version is ``newton_rules.__version__`` (pyproject reads it); an editable install
    reports the metadata of its last install, so reinstall after a version bump."""
    assert importlib.metadata.version("newton-rules") == newton_rules.__version__


@pytest.mark.parametrize("command", [["newton-rules"], ["galileo-rules"], ["newton-rules", "--game", "galileo"]])
def test_the_commands_print_the_version(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from newton_rules.cli import galileo_main, main

    run = galileo_main if command[0] == "galileo-rules" else main
    with pytest.raises(SystemExit) as stop:
        run([*command[1:], "--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"{' '.join(command)} {newton_rules.__version__}\n"


def update(allow_removal: bool = False) -> list[str]:
    """Rewrite the snapshot from the current ``__all__``s; return what changed, in lines."""
    old = load_snapshot() if SNAPSHOT.exists() else {"modules": {}, "deprecated": {}}
    current = current_api()
    deprecated: dict[str, list[str]] = {}
    refused: list[str] = []
    forgotten: list[str] = []
    old_major = int(str(old.get("version", newton_rules.__version__)).split(".")[0])
    major_bump = int(newton_rules.__version__.split(".")[0]) > old_major
    for module, names in removed_names(old, current).items():
        for name in names:
            if warns_deprecated(module, name):
                deprecated.setdefault(module, []).append(name)
            elif major_bump or allow_removal:
                forgotten.append(f"{module}.{name}")
            else:
                refused.append(f"{module}.{name}")
    for module_name in PUBLIC_MODULES:
        imported = _import(module_name)
        if imported is not None:
            for name in deprecated_names(imported) - set(current[module_name]):
                if name not in deprecated.get(module_name, []):
                    deprecated.setdefault(module_name, []).append(name)
    if refused:
        raise SystemExit(
            "refused: removed without a deprecation before the next major version: "
            + ", ".join(refused)
            + " (deprecate them, or pass --allow-removal)"
        )
    data = {
        "version": newton_rules.__version__,
        "modules": current,
        "deprecated": {module: sorted(names) for module, names in sorted(deprecated.items())},
    }
    SNAPSHOT.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    lines = [f"wrote {SNAPSHOT}"]
    old_modules = _snapshot_api(old, "modules")
    for module, names in current.items():
        lines += [f"  added {module}.{n}" for n in names if n not in old_modules.get(module, [])]
    lines += [f"  deprecated {module}.{n}" for module, names in deprecated.items() for n in names]
    lines += [f"  removed {name}" for name in forgotten]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.test_public_api", description=__doc__.split("\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite tests/data/public_api.json")
    parser.add_argument("--allow-removal", action="store_true", help="forget names removed without deprecation")
    args = parser.parse_args(argv)
    if not args.update:
        added = sum(len(v) for v in current_api().values())
        print(f"{added} public names in {len(PUBLIC_MODULES)} modules; --update rewrites {SNAPSHOT}")
        return 0
    print("\n".join(update(args.allow_removal)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
