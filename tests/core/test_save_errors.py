"""A save the core cannot load is refused with the reason, in words a person can act on (shown on Galileo)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from galileo_rules import GalileoGame, new_game
from rules_core.errors import SaveFormatError


def saved() -> dict[str, Any]:
    game = new_game(2, seed=0)
    save: dict[str, Any] = json.loads(game.apply(game.legal_actions()[0]).to_json())
    return save


def test_a_trusted_save_with_an_action_that_cannot_be_read_is_refused() -> None:
    save = saved()
    save["actions"].append("")
    with pytest.raises(SaveFormatError) as refused:
        GalileoGame.from_json(json.dumps(save), verify=False)
    assert str(refused.value) == "saved action cannot be read: empty action text"


def test_a_save_of_another_data_pack_names_both_packs_by_the_start_of_their_digests() -> None:
    save = saved()
    played_with = save["data"]["digest"]
    save["data"]["digest"] = "0123456789abcdef"
    with pytest.raises(SaveFormatError) as refused:
        GalileoGame.from_json(json.dumps(save))
    assert str(refused.value).startswith(
        "this game was played with data pack 'galileo-base-2024' (digest 0123456789ab), "
        f"not with data pack 'galileo-base-2024' (digest {played_with[:12]})"
    )
