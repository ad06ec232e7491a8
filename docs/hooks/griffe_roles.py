"""A griffe extension: the docstrings' reStructuredText habits read as Markdown on the site.

The docstrings are plain prose with ``double backticks`` (already a Markdown code span); a few use Sphinx
roles (``:mod:`rules_core.deprecation```, ``:class:`~a.B```) and ``::`` before an indented literal block.
This turns a role into a code span (``~`` keeps the last dotted part, as Sphinx shows it) and ``::`` into
``:``. The source files are unchanged: only the text the site renders.

It also leaves out of the reference the special members every record has and no caller uses by name
(``__slots__``, ``__eq__``, ``__hash__``, ``__repr__``, ...: griffe counts special names as public); the ones
that make a class a container or a callable (``__len__``, ``__getitem__``, ``__call__``, ...) stay.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:mod|class|func|meth|attr|data|obj|exc|const|type):`(~?)([^`]+)`")
LITERAL_BLOCK = re.compile(r"(\S)::$", re.M)
PLUMBING = frozenset(
    {
        "__slots__",
        "__match_args__",
        "__attrs_attrs__",
        "__attrs_post_init__",
        "__post_init__",
        "__eq__",
        "__ne__",
        "__hash__",
        "__repr__",
        "__getstate__",
        "__setstate__",
        "__reduce__",
        "__copy__",
        "__deepcopy__",
    }
)


def _code(match: re.Match[str]) -> str:
    tilde, target = match.group(1), match.group(2)
    return f"`{target.rsplit('.', 1)[-1] if tilde else target}`"


def markdown_text(text: str) -> str:
    """``text`` with its Sphinx roles as code spans and its ``::`` literal-block markers as ``:``."""
    return LITERAL_BLOCK.sub(r"\1:", ROLE.sub(_code, text))


class RolesAsCode(griffe.Extension):
    """Rewrites every docstring griffe loads (modules, classes, functions, attributes)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_text(obj.docstring.value)

    def on_class_members(self, *, cls: griffe.Class, **kwargs: Any) -> None:
        # Removed from the loaded model rather than marked not public: a re-exported class's members are
        # aliases, which do not see such a mark. Only the site reads this model.
        for name in PLUMBING & cls.members.keys():
            cls.del_member(name)
