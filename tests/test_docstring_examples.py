"""Every example in a docstring (``>>>``) runs as written: the API reference of the documentation site shows
them, so a wrong one would be a wrong page (the pages' own examples run in tests/test_docs.py)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"


def modules_with_examples() -> list[str]:
    """The dotted names of the modules under src/ whose source holds an interactive example."""
    return sorted(
        ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
        for path in SRC.rglob("*.py")
        if ">>> " in path.read_text(encoding="utf-8")
    )


MODULES = modules_with_examples()


def test_the_docstrings_have_examples() -> None:
    assert "newton_rules.facts" in MODULES and "galileo_rules.game" in MODULES, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, attempted = doctest.testmod(module, optionflags=flags, verbose=False, report=True)
    assert attempted > 0, f"{name}: no example found"
    assert failed == 0, f"{name}: {failed} of {attempted} docstring examples fail (see the output above)"
