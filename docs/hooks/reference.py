"""MkDocs hook: the API reference, one generated page per public module, listed under "API reference".

The public modules are the ones ``docs/versioning.md`` names: the packages ``newton_rules``,
``galileo_rules`` and ``rules_core``, every module of ``rules_core``, and ``PUBLIC_MODULES`` of
``tests/test_public_api.py`` (read from its source, not imported). A page is ``::: module``: mkdocstrings
renders the module's ``__all__`` (the ``filters: public`` option of mkdocs.yml), so a name added to an
``__all__`` or a module added to that list appears without editing the site.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PUBLIC_API_TEST = ROOT / "tests" / "test_public_api.py"
SECTION = "API reference"
PACKAGES = ("newton_rules", "galileo_rules", "rules_core")


def _listed_modules(path: Path) -> list[str]:
    """The keys of the ``PUBLIC_MODULES = {...}`` literal of ``path`` (none when the file is absent)."""
    if not path.is_file():
        return []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target: ast.expr
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == "PUBLIC_MODULES" and value is not None:
            return [str(key) for key in ast.literal_eval(value)]
    return []


def public_modules() -> list[str]:
    """Every public module, the packages first, then in name order."""
    core = sorted(f"rules_core.{p.stem}" for p in (SRC / "rules_core").glob("*.py") if not p.stem.startswith("_"))
    modules = {*PACKAGES, *core, *_listed_modules(PUBLIC_API_TEST)}
    return sorted(modules, key=lambda name: (name not in PACKAGES, PACKAGES.index(name.split(".")[0]), name))


def page_uri(module: str) -> str:
    return f"reference/{module}.md"


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    """Lists every public module's page in the nav's "API reference" section, after its index page."""
    for entry in config.nav or []:
        if isinstance(entry, dict) and isinstance(entry.get(SECTION), list):
            section: list[Any] = entry[SECTION]
            listed = {next(iter(item.values())) if isinstance(item, dict) else item for item in section}
            section.extend({m: page_uri(m)} for m in public_modules() if page_uri(m) not in listed)
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    for module in public_modules():
        content = f"::: {module}\n"
        files.append(File.generated(config, page_uri(module), content=content, inclusion=InclusionLevel.INCLUDED))
    return files


def on_page_markdown(markdown: str, page: Any, config: MkDocsConfig, files: Files, **kwargs: Any) -> str:
    """The reference's index page gets the list of modules where it says ``<!-- public modules -->``."""
    if page.file.src_uri != "reference/index.md":
        return markdown
    rows = [f"- [`{m}`]({m}.md)" for m in public_modules()]
    return markdown.replace("<!-- public modules -->", "\n".join(rows))
