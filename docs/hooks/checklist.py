"""MkDocs hook: the rule checklists with, under every ID, links to the tests that name it.

``docs/checklists/newton.md`` and ``docs/checklists/galileo.md`` are verbatim copies of the project's
checklists (``tests/test_site.py`` compares them with the originals when those are at hand). An ID line
(``- W4 ...``, or a range ``- I1-I10 ...``) is found as ``checklist-coverage`` finds it, and a test names
an ID as that tool counts it, the ID as a whole word (``W4``, not ``W40`` nor ``GW4``), in the test's name,
docstring or comments (not in its string literals, where ``"Z1"`` is a tile and ``"L1-04"`` a card).

The tests' source is not otherwise on the site, so this hook also generates one page per test module
(``tests/rules/test_work.md`` for ``tests/rules/test_work.py``, left out of the nav) showing its source,
a heading with an anchor per function and class, and the IDs each one names linked back to the checklist.
A mention outside any function or class (a module docstring, a constant) links to the module's page.
"""

from __future__ import annotations

import ast
import io
import posixpath
import re
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
CHECKLISTS = {"checklists/newton.md": "Newton", "checklists/galileo.md": "Galileo Galilei"}
ID_LINE = re.compile(r"^- ([A-Z]{1,2})(\d+)(?:-\1(\d+))? ")
TOKEN = re.compile(r"(?<![A-Za-z0-9_])([A-Z]{1,2}\d+)(?![0-9])")


def line_ids(line: str) -> list[str]:
    """The IDs an ID line declares (``- I1-I10 ...``: I1 to I10), none for any other line."""
    match = ID_LINE.match(line)
    if match is None:
        return []
    letters, first, last = match.group(1), int(match.group(2)), match.group(3)
    return [f"{letters}{n}" for n in range(first, int(last or first) + 1)]


def checklist_ids(text: str) -> list[str]:
    return [i for line in text.splitlines() for i in line_ids(line)]


@dataclass
class Block:
    """A function or class of a test module: its anchor on the module's page and the lines it spans."""

    qualname: str
    level: int
    first: int  # 1-based, the first decorator or comment line right above the definition
    last: int
    ids: list[str] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return self.qualname.replace(".", "-")


@dataclass
class TestModule:
    path: Path
    lines: list[str]
    blocks: list[Block]
    module_ids: list[str] = field(default_factory=list)  # named outside any function or class

    @property
    def name(self) -> str:
        return self.path.relative_to(ROOT).as_posix()

    @property
    def page(self) -> str:
        return self.name.removesuffix(".py") + ".md"


def _blocks(tree: ast.Module, lines: list[str]) -> list[Block]:
    """Every function and class down to methods (nested functions belong to their parent), source order."""
    found: list[Block] = []

    def visit(body: list[ast.stmt], prefix: str, level: int) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                while first > 1 and lines[first - 2].lstrip().startswith("#"):
                    first -= 1
                end = node.end_lineno or node.lineno
                found.append(Block(prefix + node.name, level, first, end))
                if isinstance(node, ast.ClassDef):
                    visit(node.body, f"{prefix}{node.name}.", level + 1)

    visit(tree.body, "", 0)
    return found


def _prose(text: str, tree: ast.Module) -> list[tuple[int, str]]:
    """The (line number, text) of a module's comments, docstrings and names: where a test names a rule.

    String literals are left out: there ``"Z1"`` or ``"L1-04"`` is a tile or a card, not the rule Z1 or L1.
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if isinstance(first.value.value, str):
                    lines = text.splitlines()[first.lineno - 1 : first.end_lineno]
                    found += enumerate(lines, start=first.lineno)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in (tokenize.COMMENT, tokenize.NAME):
            found.append((token.start[0], token.string))
    return found


def scan_tests(known: set[str]) -> list[TestModule]:
    """Every test module and the checklist IDs each function, class and module names."""
    modules = []
    for path in sorted(TESTS.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text)
        module = TestModule(path, lines, _blocks(tree, lines))
        for number, line in _prose(text, tree):
            for token in TOKEN.findall(line):
                if token not in known:
                    continue
                inside = [b for b in module.blocks if b.first <= number <= b.last]
                # The innermost definition: a method rather than its class.
                owner = module.module_ids if not inside else max(inside, key=lambda b: b.level).ids
                if token not in owner:
                    owner.append(token)
        modules.append(module)
    return modules


@dataclass(frozen=True)
class Mention:
    label: str  # tests/rules/test_work.py::test_stop_early
    page: str  # tests/rules/test_work.md
    anchor: str  # "" for the module's page itself


def mentions(modules: list[TestModule]) -> dict[str, list[Mention]]:
    found: dict[str, list[Mention]] = {}
    for module in modules:
        for token in module.module_ids:
            found.setdefault(token, []).append(Mention(module.name, module.page, ""))
        for block in module.blocks:
            for token in block.ids:
                label = f"{module.name}::{block.qualname}"
                found.setdefault(token, []).append(Mention(label, module.page, block.anchor))
    return found


def _link(from_page: str, to_page: str, anchor: str = "") -> str:
    target = posixpath.relpath(to_page, posixpath.dirname(from_page))
    return f"{target}#{anchor}" if anchor else target


def annotated_checklist(text: str, page: str, named: dict[str, list[Mention]]) -> str:
    """The checklist with an anchor on every ID line and, under it, the tests naming each of its IDs."""
    out = [
        '!!! info "On this site"',
        "    Under every rule, the tests that name its ID (in their name, docstring or comments), each linked",
        "    to its source.",
        "",
    ]
    for line in text.splitlines():
        ids = line_ids(line)
        if not ids:
            out.append(line)
            continue
        anchors = "".join(f'<span id="{i}"></span>' for i in ids)
        out.append(f"{line[:2]}{anchors}{line[2:]}")
        for i in ids:
            tests = named.get(i, [])
            links = ", ".join(f"[`{m.label}`]({_link(page, m.page, m.anchor)})" for m in tests)
            prefix = f"{i} tests" if len(ids) > 1 else "Tests"
            out.append(f"    - {prefix}: {links or '**none names this ID yet**'}")
    return "\n".join(out) + "\n"


def module_page(module: TestModule, id_pages: dict[str, str]) -> str:
    """A test module's page: its source cut at every function and class, each under its own heading."""

    def ids_line(ids: list[str]) -> list[str]:
        if not ids:
            return []
        links = ", ".join(f"[{i}]({_link(module.page, id_pages[i], i)})" for i in ids)
        return [f"Names {links}.", ""]

    def code(first: int, last: int) -> list[str]:
        chunk = "\n".join(module.lines[first - 1 : last]).strip("\n")
        return [f'```python linenums="{first}"', chunk, "```", ""] if chunk.strip() else []

    out = [f"# `{module.name}`", "", *ids_line(module.module_ids)]
    shown = 0  # the last line already shown
    for block in module.blocks:
        out += code(shown + 1, block.first - 1)  # what lies between: imports, constants, a class's attributes
        depth = "#" * min(block.level + 2, 6)
        out += [f"{depth} `{block.qualname}` {{#{block.anchor}}}", "", *ids_line(block.ids)]
        nested = [b for b in module.blocks if b.level > block.level and block.first <= b.first <= block.last]
        end = nested[0].first - 1 if nested else block.last
        out += code(block.first, end)
        shown = end
    out += code(shown + 1, len(module.lines))
    return "\n".join(out) + "\n"


class Checklists:
    """What one build found: the modules scanned, the tests naming each ID, the page of each ID."""

    def __init__(self, docs_dir: Path) -> None:
        self.texts = {page: (docs_dir / page).read_text(encoding="utf-8") for page in CHECKLISTS}
        self.id_pages = {i: page for page, text in self.texts.items() for i in checklist_ids(text)}
        self.modules = scan_tests(set(self.id_pages))
        self.named = mentions(self.modules)


_BUILD: dict[str, Checklists] = {}


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    found = _BUILD["current"] = Checklists(Path(config.docs_dir))
    for module in found.modules:
        content = module_page(module, found.id_pages)
        files.append(File.generated(config, module.page, content=content, inclusion=InclusionLevel.NOT_IN_NAV))
    return files


def on_page_markdown(markdown: str, page: Any, config: MkDocsConfig, files: Files, **kwargs: Any) -> str:
    uri = page.file.src_uri
    if uri not in CHECKLISTS:
        return markdown
    return annotated_checklist(markdown, uri, _BUILD["current"].named)
