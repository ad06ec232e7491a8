"""A griffe extension: attrs classes and named tuples get the constructor signature they have at run time.

griffe reads the source statically and knows dataclasses, not attrs: an ``@attrs.frozen`` class has no
``__init__`` in the source, so the reference (``merge_init_into_class`` of mkdocs.yml) would show its
attributes but no signature. This synthesizes the ``__init__`` attrs generates, from the class body alone:

- the fields: with the new API (``attrs.define``/``frozen``/``mutable``, ``auto_attribs`` guessed) every
  annotated class attribute that is not a ``ClassVar``; with ``attr.s`` (``auto_attribs=False``) or a class
  with no annotated ``attrs.field()``/``attr.ib()``, only the attributes assigned one of those, in source order;
- the fields of attrs base classes first (in reverse MRO order, a redefined field in its latest place), then
  the class's own; ``init=False`` fields left out;
- a parameter's name is the field's ``alias=``, else its name without leading underscores;
- its annotation is the field's (or ``type=``), or the first parameter's of a ``converter=`` function;
- its default is the field's value, ``default=`` or first ``attr.ib`` argument; a factory (``factory=f``,
  ``attrs.Factory(f)``) shows as ``f()``, a default that is computed another way (``@x.default``,
  ``takes_self=True``, a lambda) as ``...``;
- keyword-only when the field says ``kw_only=True``, or the decorator does and the field does not say
  ``kw_only=False`` (``force_kw_only``, the default of ``attr.s``, also makes inherited fields keyword-only);
  as in attrs, the keyword-only parameters come after the others.

A class that writes its own ``__init__``, or says ``init=False``, keeps what it has. A ``typing.NamedTuple``
gets its fields, positional, as the signature (griffe sees no ``__new__`` either). Only the site reads the
model this changes; the source is unchanged.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import griffe

NAMESPACE = "griffe_attrs"
NEW_API = frozenset({f"{m}.{d}" for m in ("attrs", "attr") for d in ("define", "frozen", "mutable")})
OLD_API = frozenset({"attr.s", "attr.attrs", "attr.attributes", "attr.dataclass"})
FIELD_CALLS = frozenset({"attrs.field", "attr.field", "attr.ib", "attr.attrib", "attr.attr"})
FACTORIES = frozenset({"attrs.Factory", "attr.Factory"})
NAMED_TUPLES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})
COMPUTED = "..."  # the default of a field whose default the signature cannot spell


@dataclass(frozen=True)
class Field:
    """One attrs field, as its class declares it (``kw_only`` already resolved against the decorator)."""

    name: str
    alias: str
    annotation: str | griffe.Expr | None
    default: str | griffe.Expr | None
    kw_only: bool
    docstring: griffe.Docstring | None


def _path(expr: str | griffe.Expr | None) -> str:
    if isinstance(expr, griffe.ExprCall):
        expr = expr.function
    if isinstance(expr, griffe.Expr):
        try:
            return expr.canonical_path
        except Exception:  # an unresolvable name: its source text
            return str(expr)
    return expr or ""


def _arguments(expr: str | griffe.Expr | None) -> tuple[list[str | griffe.Expr], dict[str, str | griffe.Expr]]:
    """The positional and keyword arguments of a call expression (none for anything else)."""
    positional: list[str | griffe.Expr] = []
    keywords: dict[str, str | griffe.Expr] = {}
    if isinstance(expr, griffe.ExprCall):
        for argument in expr.arguments:
            if isinstance(argument, griffe.ExprKeyword):
                keywords[argument.name] = argument.value
            else:
                positional.append(argument)
    return positional, keywords


def _is_true(value: str | griffe.Expr | None) -> bool | None:
    """``True``/``False`` for those literals, None for anything else (absent, or not known statically)."""
    text = str(value) if value is not None else ""
    return {"True": True, "False": False}.get(text)


def _literal(value: str | griffe.Expr) -> str | None:
    try:
        result = ast.literal_eval(str(value))
    except (ValueError, SyntaxError):
        return None
    return result if isinstance(result, str) else None


def attrs_decorator(cls: griffe.Class) -> tuple[str, dict[str, str | griffe.Expr]] | None:
    """The attrs class decorator of ``cls`` (its canonical path and keyword arguments), or None."""
    for decorator in cls.decorators:
        path = _path(decorator.value)
        if path in NEW_API or path in OLD_API:
            return path, _arguments(decorator.value)[1]
    return None


def _factory_call(factory: str | griffe.Expr | None, takes_self: bool = False) -> str | griffe.Expr:
    if not takes_self and isinstance(factory, (griffe.ExprName, griffe.ExprAttribute)):
        return griffe.ExprCall(function=factory, arguments=[])
    return COMPUTED


def _default(value: str | griffe.Expr | None) -> str | griffe.Expr | None:
    """The default a plain value or ``default=`` argument gives (a Factory shown as its call)."""
    if _path(value) in FACTORIES:
        positional, keywords = _arguments(value)
        factory = positional[0] if positional else keywords.get("factory")
        return _factory_call(factory, _is_true(keywords.get("takes_self")) is True)
    return value


def _computed_defaults(cls: griffe.Class) -> set[str]:
    """The fields given a default by a method decorated ``@<field>.default``."""
    names = set()
    for member in cls.members.values():
        if isinstance(member, griffe.Function):
            for decorator in member.decorators:
                text = str(decorator.value)
                if text.endswith(".default"):
                    names.add(text.removesuffix(".default"))
    return names


def _converter_annotation(cls: griffe.Class, converter: str | griffe.Expr) -> str | griffe.Expr | None:
    """The annotation of a converter function's first parameter, which attrs gives the ``__init__`` parameter."""
    try:
        target = cls.modules_collection.get_member(_path(converter))
        if isinstance(target, griffe.Alias):
            target = target.final_target
    except Exception:  # not loaded, not static: the field's own annotation stays
        return None
    if isinstance(target, griffe.Function) and len(target.parameters):
        annotation: str | griffe.Expr | None = next(iter(target.parameters)).annotation
        return annotation
    return None


def _class_attributes(cls: griffe.Class) -> Iterator[griffe.Attribute]:
    """The attributes the class body declares, in source order (not ``self.x`` of methods)."""
    attributes = [
        member
        for member in cls.members.values()
        if isinstance(member, griffe.Attribute) and "property" not in member.labels and member.lineno is not None
    ]
    yield from sorted(attributes, key=lambda attribute: attribute.lineno or 0)


def _is_field_call(attribute: griffe.Attribute) -> bool:
    return _path(attribute.value) in FIELD_CALLS


def own_fields(cls: griffe.Class, decorator: tuple[str, dict[str, str | griffe.Expr]]) -> list[Field]:
    """The fields ``cls`` itself declares (not inherited ones), ``init=False`` ones included."""
    path, options = decorator
    attributes = list(_class_attributes(cls))
    # A ClassVar loses its ``ClassVar[...]`` in griffe and keeps only the "class-attribute" label.
    annotated = [a for a in attributes if a.annotation is not None and "instance-attribute" in a.labels]
    auto_attribs = _is_true(options.get("auto_attribs"))
    if path == "attr.dataclass":
        auto_attribs = True
    elif auto_attribs is None:
        # The new API guesses: annotations make the fields unless an attr.ib lacks one (attrs' rule).
        unannotated_calls = any(_is_field_call(a) and a.annotation is None for a in attributes)
        auto_attribs = path in NEW_API and bool(annotated) and not unannotated_calls
    declared = annotated if auto_attribs else [a for a in attributes if _is_field_call(a)]
    class_kw_only = _is_true(options.get("kw_only")) is True
    computed = _computed_defaults(cls)
    fields = []
    for attribute in declared:
        value = attribute.value
        annotation = attribute.annotation
        kw_only = class_kw_only
        if _is_field_call(attribute):
            positional, arguments = _arguments(value)
            if _is_true(arguments.get("init")) is False:
                continue
            if "default" in arguments:
                default = _default(arguments["default"])
            elif positional:  # attr.ib(default, ...)
                default = _default(positional[0])
            elif "factory" in arguments:
                default = _factory_call(arguments["factory"])
            elif attribute.name in computed:
                default = COMPUTED
            else:
                default = None
            if annotation is None and "type" in arguments:
                annotation = arguments["type"]
            if "converter" in arguments:
                annotation = _converter_annotation(cls, arguments["converter"]) or annotation
            if (field_kw_only := _is_true(arguments.get("kw_only"))) is not None:
                kw_only = field_kw_only
            alias = _literal(arguments["alias"]) if "alias" in arguments else None
        else:
            default = _default(value)
            alias = None
        name = attribute.name
        fields.append(Field(name, alias or name.lstrip("_"), annotation, default, kw_only, attribute.docstring))
    return fields


def _mro(cls: griffe.Class) -> list[griffe.Class]:
    try:
        return cls.mro()
    except Exception:  # a base that is not loaded or not static: the class's own fields only
        return []


def attrs_fields(cls: griffe.Class) -> list[Field] | None:
    """Every ``__init__`` field of an attrs class, in attrs' order (None when ``cls`` is no attrs class)."""
    decorator = attrs_decorator(cls)
    if decorator is None:
        return None
    own = own_fields(cls, decorator)
    taken = {field.name for field in own}
    inherited: list[Field] = []
    for base in reversed(_mro(cls)):
        if (base_decorator := attrs_decorator(base)) is not None:
            inherited.extend(field for field in own_fields(base, base_decorator) if field.name not in taken)
    # The latest definition of a name wins, in its place.
    latest = {field.name: index for index, field in enumerate(inherited)}
    inherited = [field for index, field in enumerate(inherited) if latest[field.name] == index]
    path, options = decorator
    force = options.get("force_kw_only", "True" if path in OLD_API else "False")
    if _is_true(options.get("kw_only")) is True and _is_true(force) is True:
        inherited = [replace(field, kw_only=True) for field in inherited]
        own = [replace(field, kw_only=True) for field in own]
    return inherited + own


def named_tuple_fields(cls: griffe.Class) -> list[Field] | None:
    """The fields of a ``typing.NamedTuple`` class, positional (None when ``cls`` is no such class)."""
    if not any(_path(base) in NAMED_TUPLES for base in cls.bases):
        return None
    return [
        Field(a.name, a.name, a.annotation, a.value, False, a.docstring)
        for a in _class_attributes(cls)
        if a.annotation is not None and "instance-attribute" in a.labels
    ]


def _parameters(fields: Iterable[Field]) -> griffe.Parameters:
    fields = list(fields)
    ordered = [f for f in fields if not f.kw_only] + [f for f in fields if f.kw_only]
    kinds = {False: griffe.ParameterKind.positional_or_keyword, True: griffe.ParameterKind.keyword_only}
    return griffe.Parameters(
        griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword),
        *(
            griffe.Parameter(
                f.alias, annotation=f.annotation, kind=kinds[f.kw_only], default=f.default, docstring=f.docstring
            )
            for f in ordered
        ),
    )


def synthesize_init(cls: griffe.Class) -> None:
    """Gives an attrs class or a named tuple the ``__init__`` it has at run time (once more if it has one
    from this extension: a base class loaded since may add fields)."""
    existing = cls.members.get("__init__")
    if existing is not None and not existing.extra.get(NAMESPACE, {}).get("synthesized"):
        return  # the class's own
    decorator = attrs_decorator(cls)
    if decorator is not None and _is_true(decorator[1].get("init")) is False:
        return
    fields = attrs_fields(cls)
    if fields is None:
        fields = named_tuple_fields(cls)
    if fields is None:
        return
    init = griffe.Function(
        "__init__",
        lineno=cls.lineno,
        endlineno=cls.lineno,
        parent=cls,
        parameters=_parameters(fields),
        returns="None",
    )
    init.extra[NAMESPACE]["synthesized"] = True
    cls.set_member("__init__", init)


def _classes(obj: griffe.Module | griffe.Class, seen: set[str]) -> Iterator[griffe.Class]:
    if obj.path in seen:
        return
    seen.add(obj.path)
    if isinstance(obj, griffe.Class):
        yield obj
    for member in obj.members.values():
        if not member.is_alias and isinstance(member, (griffe.Module, griffe.Class)):
            yield from _classes(member, seen)


class AttrsSignatures(griffe.Extension):
    """Synthesizes ``__init__`` for the attrs classes and named tuples of every package loaded so far."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        # Every loaded package, not only ``pkg``: a class of one may inherit fields from another's.
        seen: set[str] = set()
        for package in list(loader.modules_collection.members.values()):
            if isinstance(package, griffe.Module):
                for cls in _classes(package, seen):
                    synthesize_init(cls)
