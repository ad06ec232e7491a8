"""The code stays readable in pieces: no module under src/ over 600 lines, no function over 60 lines.

A function is measured from its ``def`` line to its last line (decorators left out), a module by its lines.
A piece that grows past a limit is split by meaning (a module per kind of thing, a small function per
step or per case), not by line count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
MODULES = sorted(SRC.rglob("*.py"))
MOST_MODULE_LINES = 600
MOST_FUNCTION_LINES = 60


def function_lengths(path: Path) -> dict[str, int]:
    """Every function and method of ``path`` (nested ones too) by qualified name: its number of lines."""
    lengths: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                assert child.end_lineno is not None
                lengths[name] = child.end_lineno - child.lineno + 1
                visit(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return lengths


def relative(path: Path) -> str:
    return path.relative_to(SRC).as_posix()


@pytest.mark.parametrize("path", MODULES, ids=relative)
def test_a_module_is_at_most_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_MODULE_LINES, f"{relative(path)} has {lines} lines (at most {MOST_MODULE_LINES})"


@pytest.mark.parametrize("path", MODULES, ids=relative)
def test_a_function_is_at_most_60_lines(path: Path) -> None:
    long = {name: lines for name, lines in function_lengths(path).items() if lines > MOST_FUNCTION_LINES}
    assert not long, f"{relative(path)}: functions over {MOST_FUNCTION_LINES} lines: {long}"


def test_the_measure_sees_nested_functions_and_methods(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    body = "".join(["            x = 1\n"] * 61)
    sample.write_text(f"class A:\n    def m(self) -> None:\n        def inner() -> None:\n{body}")
    lengths = function_lengths(sample)
    assert lengths["A.m.inner"] == 62 and lengths["A.m"] == 63
