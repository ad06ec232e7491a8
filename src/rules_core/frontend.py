"""What a front end needs of a game: one :class:`FrontEnd` declaration, so a server, a lobby and a web table
serve any game declared on the core without knowing it.

A game's front end is its game class (to read saves back), its title and lobby (player range, the options a
person may set, each with its kind and default), its protocol (``payload(game, viewer, since)``, the log in
sentences, the catalog of its data pack, the JSON Schema of its payload), its bots and the name of the
JavaScript module that draws its table. A server hosts the declarations it is given; a program that hosts
every installed game finds them with :func:`installed_frontends` (the entry points of the group
``rules_core.frontends``, each naming a FrontEnd or a sequence of them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, Literal, Protocol, get_args, get_origin

import attrs

from rules_core.errors import OptionsError
from rules_core.session import Session
from rules_core.wire import JSON

__all__ = [
    "ENTRY_POINT_GROUP",
    "FrontEnd",
    "FrontEndBot",
    "OptionSpec",
    "check_options",
    "installed_frontends",
    "option_specs",
]

ENTRY_POINT_GROUP = "rules_core.frontends"
OPTION_KINDS = ("bool", "choice")


class FrontEndBot(Protocol):
    """A bot as a server seats it: it chooses an action of the game it is given (its own seat's)."""

    def choose(self, game: Any) -> Any: ...


@attrs.frozen
class OptionSpec:
    """One option a person may set in the lobby: ``kind`` "bool" (true or false) or "choice" (one of
    ``choices``), its ``default`` and a sentence saying what it changes."""

    name: str
    kind: str
    default: JSON
    text: str
    choices: tuple[str, ...] = ()

    def check(self, value: Any) -> None:
        """Raise OptionsError naming the option when ``value`` is not one it takes."""
        if self.kind == "bool" and not isinstance(value, bool):
            raise OptionsError(f"{self.name}: must be true or false, got {value!r}")
        if self.kind == "choice" and value not in self.choices:
            raise OptionsError(f"{self.name}: must be one of {', '.join(self.choices)}, got {value!r}")

    def to_json(self) -> dict[str, JSON]:
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "choices": list(self.choices),
            "text": self.text,
        }


def check_options(specs: tuple[OptionSpec, ...], options: Mapping[str, Any]) -> None:
    """Raise OptionsError for an option ``specs`` does not declare or a value it does not take."""
    known = {spec.name: spec for spec in specs}
    for name, value in options.items():
        spec = known.get(name)
        if spec is None:
            raise OptionsError(f"unknown option {name!r} (known: {', '.join(known) or 'none'})")
        spec.check(value)


def option_specs(options_type: type[Any], texts: Mapping[str, str]) -> tuple[OptionSpec, ...]:
    """The lobby's options read from a game's attrs record of options: a bool field is a "bool" option, a
    Literal field a "choice" of its values; ``texts`` says what each changes (every field needs one)."""
    attrs.resolve_types(options_type)
    specs = []
    for field in attrs.fields(options_type):
        if field.type is bool:
            specs.append(OptionSpec(field.name, "bool", field.default, texts[field.name]))
        elif get_origin(field.type) is Literal:
            choices = tuple(str(choice) for choice in get_args(field.type))
            specs.append(OptionSpec(field.name, "choice", field.default, texts[field.name], choices))
        else:
            raise TypeError(f"option {field.name} of {options_type.__name__}: no lobby form for {field.type!r}")
    return tuple(specs)


@attrs.frozen
class FrontEnd:
    """A game as a front end serves it (see the module docstring).

    - ``name``: the game's key in requests, URLs and the store (``"newton"``); ``title``: its name for people;
    - ``game_type``: its :class:`Session` class (``from_json`` reads a stored setup back);
    - ``players``: the (fewest, most) players; ``options``: what the lobby offers;
    - ``new_game(players, seed, options)``: a new game, options checked (:func:`check_options` first);
    - ``payload(game, viewer, since)``: everything ``viewer`` may see, with words;
    - ``log(game, viewer, since)``: the log after the since-th action as ``viewer`` sees it, in sentences;
    - ``catalog()``: the data pack a new game plays with; ``catalog_data(catalog)``: it as data and in words;
    - ``schema()``: the JSON Schema of ``payload``;
    - ``bots``: each bot's name -> ``make(seed, seconds)``, a bot thinking about ``seconds`` at most;
      ``default_bot``: the one the lobby seats first;
    - ``table_module``: the web table's JavaScript module that draws this game."""

    name: str
    title: str
    game_type: type[Session]
    players: tuple[int, int]
    options: tuple[OptionSpec, ...]
    new_game: Callable[[int, int, Mapping[str, Any]], Session]
    payload: Callable[[Any, int | None, int], dict[str, JSON]]
    log: Callable[[Any, int | None, int], list[JSON]]
    catalog: Callable[[], Any]
    catalog_data: Callable[[Any], dict[str, JSON]]
    schema: Callable[[], dict[str, Any]]
    bots: Mapping[str, Callable[[int, float], FrontEndBot]]
    default_bot: str
    table_module: str

    def lobby_data(self) -> dict[str, JSON]:
        """What a lobby offers of this game: its name and title, player range, options, bots, table module."""
        low, high = self.players
        return {
            "name": self.name,
            "title": self.title,
            "players": {"min": low, "max": high},
            "options": [spec.to_json() for spec in self.options],
            "bots": sorted(self.bots),
            "default_bot": self.default_bot,
            "table_module": self.table_module,
        }


def installed_frontends() -> tuple[FrontEnd, ...]:
    """Every FrontEnd the installed distributions declare: each entry point of ``rules_core.frontends`` names
    a FrontEnd or a sequence of them, in its distribution's order of preference (the first a server finds is
    the game of a request that names none)."""
    found: dict[str, FrontEnd] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        loaded = point.load()
        declared = loaded if isinstance(loaded, list | tuple) else (loaded,)
        for frontend in declared:
            if not isinstance(frontend, FrontEnd):
                raise TypeError(f"the entry point {point.name} = {point.value} names something not a FrontEnd")
            found.setdefault(frontend.name, frontend)
    return tuple(found.values())
