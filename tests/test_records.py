"""The fast record copiers (``rules_core.records.evolve``, ``replacer``) agree with ``attrs.evolve``."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import newton_rules as nr
from newton_rules.model.config import GameConfig
from newton_rules.model.state import GameState
from rules_core.records import evolve, replacer


def records_of_a_game(seed: int) -> list[Any]:
    """Every state, player, board, frame and event record met in one random 3-player game."""
    game = nr.new_game(players=3, seed=seed)
    rnd = random.Random(seed)
    found: list[Any] = []
    while not game.is_over:
        game = game.apply(rnd.choice(game.legal_actions()))
        state = game.state
        found += [state, state.board, *state.players, *state.stack, *game.last_events]
    return found


def changed_value(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, tuple):
        return value[:-1]
    return None


def test_copies_equal_attrs_evolve_for_every_record_type_of_a_game() -> None:
    seen: set[type[Any]] = set()
    for record in records_of_a_game(seed=3):
        cls = type(record)
        for field in attrs.fields(cls):
            change = {field.name: changed_value(getattr(record, field.name))}
            assert evolve(record, **change) == attrs.evolve(record, **change)
        assert evolve(record) == record
        seen.add(cls)
    assert len(seen) > 15  # the game met most record types


def test_the_original_is_untouched() -> None:
    state = nr.new_game(players=2, seed=1).state
    copy = evolve(state, round=4)
    assert (state.round, copy.round) == (1, 4)
    assert copy.players is state.players  # unchanged fields are shared, not copied


def test_an_unknown_field_is_a_type_error() -> None:
    state = nr.new_game(players=2, seed=1).state
    with pytest.raises(TypeError, match="colour_of_sky"):
        evolve(state, colour_of_sky="blue")


def test_a_copy_stays_frozen() -> None:
    state = evolve(nr.new_game(players=2, seed=1).state, round=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.round = 3  # type: ignore[misc]


@attrs.frozen
class _Converted:
    value: int = attrs.field(converter=int)


@attrs.define
class _Mutable:
    value: int


def test_records_a_copy_would_get_wrong_are_refused() -> None:
    with pytest.raises(TypeError, match="converter or validator"):
        evolve(_Converted(1), value=2)
    with pytest.raises(TypeError, match="not a frozen slotted attrs class"):
        evolve(_Mutable(1), value=2)
    with pytest.raises(TypeError, match="post-init hook"):
        evolve(GameConfig(players=2, seed=1), seed=2)  # it validates itself after __init__


def test_state_type_is_kept() -> None:
    assert type(evolve(nr.new_game(players=2, seed=1).state, rng=9)) is GameState


def test_a_replacer_copies_as_attrs_evolve_does() -> None:
    state = nr.new_game(players=2, seed=1).state
    with_round_and_rng = replacer(GameState, "round", "rng")
    copy = with_round_and_rng(state, 4, 9)
    assert copy == attrs.evolve(state, round=4, rng=9) and type(copy) is GameState
    assert copy.players is state.players and state.round == 1
    assert replacer(GameState, "round", "rng") is with_round_and_rng  # compiled once


def test_a_replacer_refuses_a_field_it_cannot_replace() -> None:
    with pytest.raises(TypeError, match="no field colour_of_sky"):
        replacer(GameState, "round", "colour_of_sky")
    with pytest.raises(TypeError, match="named twice"):
        replacer(GameState, "round", "round")
    with pytest.raises(TypeError, match="not a frozen slotted attrs class"):
        replacer(_Mutable, "value")
