"""What a game's front end declaration promises a server (rules_core.frontend): the lobby's options read from
a record of options and checked with errors naming the option, the lobby's data, and the declarations the
installed distributions name (the first of each game's name kept, anything else refused)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Literal

import attrs
import pytest

import rules_core.frontend as frontend_module
from rules_core.errors import OptionsError
from rules_core.frontend import FrontEnd, OptionSpec, check_options, installed_frontends, option_specs
from tests.core.toy import NimGame

FAST = OptionSpec("fast", "bool", False, "play fast")
SIZE = OptionSpec("size", "choice", "small", "the board's size", ("small", "large"))


@attrs.frozen
class Numbered:
    count: int = 3


def test_a_bool_option_takes_true_or_false_only() -> None:
    FAST.check(True)
    for value in (1, "true", None):
        with pytest.raises(OptionsError, match=rf"^fast: must be true or false, got {value!r}$"):
            FAST.check(value)


def test_a_choice_option_takes_one_of_its_choices_only() -> None:
    SIZE.check("large")
    with pytest.raises(OptionsError, match=r"^size: must be one of small, large, got 'huge'$"):
        SIZE.check("huge")


def test_an_option_is_written_for_the_lobby_with_every_field() -> None:
    assert SIZE.to_json() == {
        "name": "size",
        "kind": "choice",
        "default": "small",
        "choices": ["small", "large"],
        "text": "the board's size",
    }


def test_options_are_checked_against_the_declared_ones() -> None:
    check_options((FAST, SIZE), {"fast": True, "size": "small"})
    with pytest.raises(OptionsError, match=r"^unknown option 'speed' \(known: fast, size\)$"):
        check_options((FAST, SIZE), {"speed": 2})
    with pytest.raises(OptionsError, match=r"^unknown option 'speed' \(known: none\)$"):
        check_options((), {"speed": 2})
    with pytest.raises(OptionsError, match=r"^size: must be one of small, large, got 'huge'$"):
        check_options((FAST, SIZE), {"fast": False, "size": "huge"})


def test_the_lobby_options_are_read_from_the_record_of_options() -> None:
    @attrs.frozen
    class Options:  # declared here: its annotations are strings until read (from __future__ import annotations)
        fast: bool = False
        size: Literal["small", "large"] = "large"

    specs = option_specs(Options, {"fast": "play fast", "size": "the board's size"})
    assert specs == (
        OptionSpec("fast", "bool", False, "play fast"),
        OptionSpec("size", "choice", "large", "the board's size", ("small", "large")),
    )


def test_an_option_of_a_type_the_lobby_cannot_offer_is_refused_naming_it() -> None:
    with pytest.raises(TypeError, match=r"^option count of Numbered: no lobby form for <class 'int'>$"):
        option_specs(Numbered, {"count": "how many"})


def _frontend(name: str, title: str = "A game") -> FrontEnd:
    def unused(*args: Any) -> Any:
        raise AssertionError("not called")

    return FrontEnd(
        name=name,
        title=title,
        game_type=NimGame,
        players=(2, 4),
        options=(FAST,),
        new_game=unused,
        payload=unused,
        log=unused,
        catalog=unused,
        catalog_data=unused,
        schema=unused,
        bots={"random": unused, "greedy": unused},
        default_bot="greedy",
        table_module="nim.js",
    )


def test_the_lobby_data_of_a_game_is_its_name_players_options_bots_and_table() -> None:
    assert _frontend("nim", "Secret Nim").lobby_data() == {
        "name": "nim",
        "title": "Secret Nim",
        "players": {"min": 2, "max": 4},
        "options": [FAST.to_json()],
        "bots": ["greedy", "random"],
        "default_bot": "greedy",
        "table_module": "nim.js",
    }


def _entry_points(monkeypatch: pytest.MonkeyPatch, *named: Any) -> list[str]:
    groups: list[str] = []
    points = [
        SimpleNamespace(name=f"ep{i}", value=f"pkg:thing{i}", load=lambda v=value: v) for i, value in enumerate(named)
    ]

    def entry_points(*, group: str) -> list[Any]:
        groups.append(group)
        return points

    monkeypatch.setattr(frontend_module, "entry_points", entry_points)
    return groups


def test_the_installed_front_ends_are_each_games_first_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    first, second, again = _frontend("nim", "first"), _frontend("go"), _frontend("nim", "again")
    groups = _entry_points(monkeypatch, [first, second], again)
    assert installed_frontends() == (first, second)
    assert groups == ["rules_core.frontends"]


def test_an_entry_point_naming_something_not_a_front_end_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    _entry_points(monkeypatch, _frontend("nim"), "not one")
    with pytest.raises(TypeError, match=r"^the entry point ep1 = pkg:thing1 names something not a FrontEnd$"):
        installed_frontends()
