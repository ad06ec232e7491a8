"""How an old public name is kept importable for a deprecation period (rules_core.deprecation): it gives its
target with a DeprecationWarning naming the module, the name and the advice; any other name is missing
as usual; the module says which names it keeps only so."""

from __future__ import annotations

import inspect
import types
import warnings
from pathlib import Path

import pytest

from rules_core import deprecation
from rules_core.deprecation import Deprecated, deprecated_getattr, deprecated_names


def _module() -> types.ModuleType:
    module = types.ModuleType("pkg.shapes")
    module.__getattr__ = deprecated_getattr(  # type: ignore[method-assign]
        "pkg.shapes", {"Circle": Deprecated(lambda: "the Round class", "use Round instead")}
    )
    return module


def test_an_old_name_gives_its_target_with_a_warning_naming_it_and_the_advice() -> None:
    module = _module()
    with pytest.warns(DeprecationWarning, match=r"^pkg\.shapes\.Circle is deprecated: use Round instead$"):
        assert module.Circle == "the Round class"


@pytest.mark.skipif(
    "mutants" in Path(deprecation.__file__).parts,
    reason="mutmut's trampoline puts its own frames between the caller and the warning",
)
def test_the_warning_points_at_the_line_that_reads_the_old_name() -> None:
    module = _module()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = inspect.currentframe().f_lineno + 1  # type: ignore[union-attr]
        assert module.Circle == "the Round class"
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]


def test_a_name_neither_current_nor_deprecated_is_missing_naming_the_module() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match=r"^module 'pkg\.shapes' has no attribute 'Square'$"):
            _module().Square  # noqa: B018


def test_a_module_names_the_names_it_keeps_only_as_deprecated_aliases() -> None:
    assert deprecated_names(_module()) == frozenset({"Circle"})
    assert deprecated_names(types.ModuleType("plain")) == frozenset()
    other = types.ModuleType("other")
    other.__getattr__ = lambda name: name  # type: ignore[method-assign]
    assert deprecated_names(other) == frozenset()
