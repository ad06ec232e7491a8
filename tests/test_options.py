"""Options and configs are checked when they are made: a bad value never reaches a game or a save."""

from __future__ import annotations

import typing
from typing import Any

import attrs
import pytest

import newton_rules as nr
from rules_core.records import evolve


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("work_coins", "bogus", "work_coins: must be one of 'rulebook', 'moved', got 'bogus'"),
        ("rewards_timing", "later", "rewards_timing: must be one of 'after_action', 'immediate', got 'later'"),
        ("invention_actions", None, "invention_actions: must be one of 'per_item', 'combined', got None"),
        ("master_draft", 1, "master_draft: must be True or False, got 1"),
        ("cavendish_pile_bonus", "yes", "cavendish_pile_bonus: must be True or False, got 'yes'"),
        ("quick_actions", "always", "quick_actions: must be one of 'action', 'turn', got 'always'"),
        ("auto_potions", 0, "auto_potions: must be True or False, got 0"),
        ("advanced_lessons", "yes", "advanced_lessons: must be True or False, got 'yes'"),
        ("great_discoveries", 1, "great_discoveries: must be True or False, got 1"),
        ("extra_objectives", None, "extra_objectives: must be True or False, got None"),
        ("discovery_half_cost", "half", "discovery_half_cost: must be one of 'up', 'down', got 'half'"),
    ],
)
def test_every_option_is_checked_at_construction(field: str, value: Any, message: str) -> None:
    with pytest.raises(nr.OptionsError) as caught:
        nr.Options(**{field: value})
    assert str(caught.value) == message
    with pytest.raises(nr.OptionsError, match=field):
        attrs.evolve(nr.Options(), **{field: value})  # attrs' copy runs the checks too


def test_every_accepted_value_makes_options() -> None:
    for name, hint in typing.get_type_hints(nr.Options).items():
        values = (False, True) if hint is bool else typing.get_args(hint)
        assert values, name
        for value in values:
            assert getattr(nr.Options(**{name: value}), name) == value


def test_the_engine_copy_refuses_options_so_no_check_can_be_skipped() -> None:
    with pytest.raises(TypeError, match="validator"):
        evolve(nr.Options(), work_coins="moved")


def test_new_game_takes_options_or_a_mapping() -> None:
    by_record = nr.new_game(players=2, seed=1, options=nr.Options(work_coins="moved", master_draft=True))
    by_mapping = nr.new_game(players=2, seed=1, options={"work_coins": "moved", "master_draft": True})
    assert by_mapping == by_record and by_mapping.config.options == by_record.config.options
    assert nr.new_game(players=2, seed=1, options={}).config.options == nr.Options()


def test_an_unknown_option_name_lists_the_valid_names() -> None:
    with pytest.raises(nr.OptionsError) as caught:
        nr.new_game(players=2, seed=1, options={"work_coin": "moved"})
    names = ", ".join(sorted(f.name for f in attrs.fields(nr.Options)))
    assert str(caught.value) == f"unknown option(s) work_coin (valid: {names})"
    with pytest.raises(nr.OptionsError) as caught:
        nr.new_game(players=2, seed=1, options={"work_coin": "moved", "draft": True})
    assert str(caught.value) == f"unknown option(s) draft, work_coin (valid: {names})"


@pytest.mark.parametrize("options", [["master_draft"], "master_draft", 1, True, nr.GameConfig(players=2, seed=1)])
def test_options_of_another_kind_are_an_options_error(options: Any) -> None:
    with pytest.raises(nr.OptionsError, match="options must be an Options or a mapping of option names, got"):
        nr.new_game(players=2, seed=1, options=options)
    with pytest.raises(nr.OptionsError) as caught:
        nr.new_game(players=2, seed=1, options=options)
    assert str(caught.value).endswith(f", got {type(options).__name__}")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 5}, "players: must be 1 to 4, got 5"),
        ({"players": True}, "players: must be 1 to 4, got True"),
        ({"seed": 1.5}, "seed: must be an integer, got 1.5"),
        ({"options": {"work_coins": "moved"}}, "options: must be an Options, got dict"),
        ({"rules_version": "newton-base-0"}, "rules_version: must be 'newton-base-1', got 'newton-base-0'"),
    ],
)
def test_a_config_is_checked_at_construction(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(nr.OptionsError) as caught:
        nr.GameConfig(**{"players": 2, "seed": 1, **changes})
    assert str(caught.value).startswith(message)
