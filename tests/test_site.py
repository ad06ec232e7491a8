"""The documentation site (mkdocs.yml): every page is in its nav, the checklists are the project's own.

The site itself is built by CI (``mkdocs build --strict``), not here: a build takes about a minute.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SHARED = ROOT.parent / "shared"
CHECKLIST_COPIES = {
    DOCS / "checklists" / "newton.md": SHARED / "rules-checklist.md",
    DOCS / "checklists" / "galileo.md": SHARED / "galileo-checklist.md",
}


def nav_pages(item: Any) -> set[str]:
    """The pages an entry of the nav names (a page, a titled page, a section)."""
    if isinstance(item, str):
        return {item}
    if isinstance(item, list):
        return set().union(*(nav_pages(entry) for entry in item))
    if isinstance(item, dict):
        return set().union(*(nav_pages(entry) for entry in item.values()))
    return set()


def site_config() -> dict[str, Any]:
    pytest.importorskip("mkdocs")
    from mkdocs.utils.yaml import yaml_load  # mkdocs.yml uses mkdocs's YAML tags

    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as file:
        config = yaml_load(file)
    assert isinstance(config, dict)
    return config


def test_every_page_under_docs_is_in_the_nav() -> None:
    nav = nav_pages(site_config()["nav"])
    pages = {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md") if "hooks" not in path.parts}
    assert pages - nav == set(), "pages missing from the nav of mkdocs.yml"
    # The nav names no page that is neither under docs/ nor made by a hook (a typo would be a dead entry).
    assert nav - pages == {"changelog.md"}, "nav entries with no page under docs/"


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared checklists (../shared) are not at hand")
@pytest.mark.parametrize("copy", sorted(CHECKLIST_COPIES), ids=lambda path: path.name)
def test_the_checklists_are_copies_of_the_shared_originals(copy: Path) -> None:
    original = CHECKLIST_COPIES[copy]
    assert copy.read_text(encoding="utf-8") == original.read_text(encoding="utf-8"), (
        f"docs/checklists/{copy.name} differs from {original}: copy it again"
    )


def _hook(name: str) -> ModuleType:
    pytest.importorskip("mkdocs")
    spec = importlib.util.spec_from_file_location(f"site_hook_{name}", DOCS / "hooks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_checklist_id_links_to_a_test_that_names_it() -> None:
    checklist = _hook("checklist")
    found = checklist.Checklists(DOCS)
    assert len(found.id_pages) > 200
    assert sorted(set(found.id_pages) - set(found.named)) == [], "checklist IDs no test module names"


def test_the_reference_has_a_page_for_every_public_module() -> None:
    modules = _hook("reference").public_modules()
    assert {"newton_rules", "galileo_rules", "rules_core", "rules_core.session", "newton_rules.text"} <= set(modules)


def _runtime_annotation(annotation: Any) -> str:
    text = str(annotation)  # a NamedTuple's are ForwardRef('str') under ``from __future__ import annotations``
    return text.removeprefix("ForwardRef('").removesuffix("')")


def test_the_reference_signatures_of_attrs_classes_and_named_tuples_are_their_run_time_ones() -> None:
    """docs/hooks/griffe_attrs.py gives every public attrs class and named tuple the ``__init__`` attrs or
    ``typing`` makes: the same parameters, kinds, annotations, and which have a default."""
    import importlib
    import inspect

    import attrs

    griffe = pytest.importorskip("griffe")
    signatures = _hook("griffe_attrs")
    loader = griffe.GriffeLoader(
        extensions=griffe.load_extensions(signatures.AttrsSignatures), search_paths=[str(ROOT / "src")]
    )
    for package in ("rules_core", "newton_rules", "galileo_rules"):
        loader.load(package)
    checked: dict[str, list[tuple[str, str, bool, str]]] = {}
    for module in _hook("reference").public_modules():
        try:
            imported = importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a module of an optional extra (OpenSpiel ...) not installed here
            if (exc.name or "").split(".")[0] in ("rules_core", "newton_rules", "galileo_rules"):
                raise
            continue
        for name in getattr(imported, "__all__", ()):
            cls = getattr(imported, name)
            if not inspect.isclass(cls) or not (attrs.has(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields"))):
                continue
            if cls.__module__.split(".")[0] not in ("rules_core", "newton_rules", "galileo_rules"):
                continue
            path = f"{cls.__module__}.{cls.__qualname__}"
            static = [
                (p.name, p.kind.name, p.default is not None, str(p.annotation))
                for p in list(loader.modules_collection[path].parameters)[1:]
            ]
            runtime = [
                (p.name, p.kind.name.lower(), p.default is not p.empty, _runtime_annotation(p.annotation))
                for p in inspect.signature(cls).parameters.values()
            ]
            assert static == runtime, path
            checked[path] = static
    assert len(checked) > 50
    options = checked["newton_rules.model.config.Options"]
    assert options[0] == ("master_draft", "keyword_only", True, "bool")
