"""Saves: the log is the truth, the state snapshot is checked against it, trusted saves load fast."""

from __future__ import annotations

import json
import random

import pytest

import newton_rules as nr
from newton_rules.testing import Position


def mid_game(players: int = 3, seed: int = 9) -> nr.Game:
    game = nr.new_game(players=players, seed=seed)
    rnd = random.Random(seed)
    while game.round < 3:
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


def test_save_carries_version_config_actions_and_state() -> None:
    doc = json.loads(mid_game().to_json())
    assert doc["format"] == nr.SAVE_FORMAT
    assert set(doc) == {"format", "config", "actions", "state"}
    assert doc["config"]["players"] == 3


def test_tampered_state_is_rejected_by_a_verified_load() -> None:
    doc = json.loads(mid_game().to_json())
    doc["state"]["players"][0]["vp"] = 99
    with pytest.raises(nr.SaveFormatError, match="does not match"):
        nr.Game.from_json(json.dumps(doc))


def test_trusted_load_skips_the_replay_and_continues_identically() -> None:
    game = mid_game()
    loaded = nr.Game.from_json(game.to_json(), verify=False)
    assert loaded == game
    assert loaded.legal_actions() == game.legal_actions()
    action = game.legal_actions()[-1]
    assert loaded.apply(action) == game.apply(action)
    assert loaded.apply(action).to_json() == game.apply(action).to_json()


def test_trusted_load_rebuilds_the_history_on_demand() -> None:
    game = mid_game()
    loaded = nr.Game.from_json(game.to_json(), verify=False)
    assert loaded.actions == game.actions
    assert loaded.events == game.events
    assert loaded.last_events == game.last_events
    assert loaded.view(1) == game.view(1)


def test_trusted_load_of_a_built_position() -> None:
    game = Position(players=2, seed=3).player(0, coins=5).turn(0, played="work").game().apply("basic work")
    loaded = nr.Game.from_json(game.to_json(), verify=False)
    assert loaded == game and loaded.events == game.events


def test_format_1_saves_without_a_snapshot_still_load() -> None:
    game = mid_game(players=2, seed=4)
    doc = json.loads(game.to_json())
    del doc["state"]
    doc["format"] = 1
    assert nr.Game.from_json(json.dumps(doc)) == game


def test_unknown_format_is_rejected() -> None:
    doc = json.loads(mid_game(players=2, seed=4).to_json())
    doc["format"] = 99
    with pytest.raises(nr.SaveFormatError, match="unsupported save format 99"):
        nr.Game.from_json(json.dumps(doc))
