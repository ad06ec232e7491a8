"""galileo_rules.protocol: Galileo's payload has Newton's top-level shape, follows its shipped JSON Schema,
speaks in words, and carries no hidden card (GS3 the deck, GO8 face-down Library cards, the box, Tycho's
Movement deck) to any seat or spectator."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from typing import Any

import jsonschema
import pytest

from galileo_rules import GalileoGame, new_game
from galileo_rules.components.catalog import default_catalog
from galileo_rules.errors import RulesError
from galileo_rules.model.frames import FRAME_TYPES
from galileo_rules.protocol import catalog_data, decision_kind, payload, schema
from galileo_rules.protocol.json_schema import schema_text
from galileo_rules.text import component_ids, describe_action
from newton_rules import new_game as new_newton_game
from newton_rules.protocol import payload as newton_payload

CATALOG = default_catalog()
SCHEMA = schema()
PAYLOAD = jsonschema.Draft202012Validator(SCHEMA)


@cache
def played(players: int, seed: int, actions: int) -> GalileoGame:
    """A game of ``players`` after ``actions`` random actions (fewer if it ends first)."""
    game = new_game(players, seed=seed, advanced=players > 2)
    rnd = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


def test_the_shipped_schema_is_the_one_built_from_the_records() -> None:
    shipped = json.dumps(SCHEMA, indent=1, ensure_ascii=False) + "\n"
    assert shipped == schema_text(), "regenerate it: python -m galileo_rules.protocol.json_schema > FILE"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_the_payload_has_the_top_level_shape_of_newtons() -> None:
    galileo = payload(new_game(2, seed=3), 0)
    newton = newton_payload(new_newton_game(2, seed=3), 0)
    # Newton's "rank" is its solo rank, a thing Galileo's solo game (against Tycho) does not have.
    assert set(galileo) == set(newton) - {"rank"}
    assert galileo["game"]["name"] == "galileo"


@pytest.mark.parametrize(("players", "actions"), [(1, 60), (2, 150), (3, 10), (4, 400), (2, 10_000)])
def test_every_viewer_s_payload_follows_the_schema(players: int, actions: int) -> None:
    game = played(players, players, actions)
    for viewer in (None, *range(players)):
        data = payload(game, viewer, since=max(0, len(game) - 8))
        errors = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in PAYLOAD.iter_errors(data)]
        assert not errors, errors
        json.dumps(data)


def test_the_schema_refuses_a_payload_with_a_field_missing_or_of_another_type() -> None:
    data = payload(played(2, 2, 40), 0)
    assert PAYLOAD.is_valid(data)
    assert not PAYLOAD.is_valid({k: v for k, v in data.items() if k != "standing"})
    assert not PAYLOAD.is_valid({**data, "to_move": "0"})
    assert not PAYLOAD.is_valid({**data, "extra": 1})


def test_legal_actions_are_the_viewer_s_own_with_words_cost_and_gain() -> None:
    game = played(2, 5, 80)
    seat = game.to_move
    assert seat is not None
    data = payload(game, seat)
    assert [a["text"] for a in data["legal_actions"]] == [str(a) for a in game.legal_actions()]
    for action, shown in zip(game.legal_actions(), data["legal_actions"], strict=True):
        assert shown["description"].startswith(describe_action(game, action)[:-1])
        assert shown["label"].startswith("I ")
        before, after = game.state.players[seat].vp, game.apply(action).state.players[seat].vp
        assert shown["gain"]["vp"] - shown["cost"]["vp"] == after - before
    assert payload(game, 1 - seat)["legal_actions"] == []
    assert payload(game, None)["legal_actions"] == []


def test_the_log_is_in_sentences_and_counts_from_since() -> None:
    game = played(2, 6, 50)
    data = payload(game, 1, since=45)
    assert [entry["index"] for entry in data["log"]] == list(range(46, len(game) + 1))
    assert data["action_count"] == len(game) and data["since"] == 45
    for entry in data["log"]:
        assert entry["text"].endswith(".")
        assert all(event["text"] and isinstance(event["bookkeeping"], bool) for event in entry["events"])


@pytest.mark.parametrize("since", [-1, 10_000, True, "3"])
def test_a_since_outside_the_log_is_refused(since: Any) -> None:
    with pytest.raises(RulesError, match="since"):
        payload(played(2, 6, 20), 0, since=since)


def test_a_seat_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(RulesError):
        payload(played(2, 6, 20), 2)


def _hidden_cards(game: GalileoGame) -> set[str]:
    """The cards nobody may see: the deck (GS3), the box, face-down Library cards (GO8)."""
    state = game.state
    hidden = {*state.deck, *state.box}
    hidden |= {entry.card for p in state.players for entry in p.library if not entry.face_up}
    return hidden


def _strings(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return {s for value in data.values() for s in _strings(value)}
    if isinstance(data, list):
        return {s for value in data for s in _strings(value)}
    return set()


@pytest.mark.parametrize(("players", "actions"), [(1, 120), (2, 300), (3, 500), (4, 700)])
def test_no_payload_shows_a_hidden_card_or_the_seed_before_the_end(players: int, actions: int) -> None:
    """GS3, GO8: a hidden card id appears in no payload of any viewer, not in a field nor in a sentence."""
    game = played(players, 11 + players, actions)
    hidden = _hidden_cards(game)
    assert hidden, "the position must hide some card for the test to mean anything"
    names = {CATALOG.card(card).name for card in hidden}
    for viewer in (None, *range(players)):
        data = payload(game, viewer)
        text = json.dumps(data)
        assert not hidden & _strings(data)
        # A name may be a word of another sentence ("Mars" is a card, not a phrase); a card's name never is
        # its own string in the payload.
        assert not names & _strings(data)
        assert data["game"]["seed"] is None
        assert '"rng": 0' in text


def test_the_seed_is_shown_once_the_game_is_over() -> None:
    game = played(2, 2, 10_000)
    assert game.is_over
    assert payload(game, None)["game"]["seed"] == 2


def test_the_catalog_reads_every_component_in_words() -> None:
    data = catalog_data(CATALOG)
    catalog_schema = {"$defs": SCHEMA["$defs"], "$ref": "#/$defs/Catalog"}
    jsonschema.Draft202012Validator(catalog_schema).validate(data)
    assert [c["id"] for c in data["components"]] == list(component_ids(CATALOG))
    assert all(c["text"] for c in data["components"])
    assert [s["space"] for s in data["sky"]] == list(range(7))


def test_a_decision_s_kind_is_a_word_as_newton_s_while_its_frame_keeps_the_tag_saves_write() -> None:
    game = played(2, 4, 40)
    seen = payload(game, game.to_move)
    assert payload(new_game(2, seed=4), 0)["decision"]["kind"] == "setup"
    assert seen["decision"]["kind"] == decision_kind(seen["decision"]["frame"]["type"])
    assert newton_payload(new_newton_game(players=2, seed=1), 0)["decision"]["kind"] == "turn"
    assert {tag: decision_kind(tag) for tag in ("TurnFrame", "PayFrame", "SetupFrame")} == {
        "TurnFrame": "turn",
        "PayFrame": "pay",
        "SetupFrame": "setup",
    }
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", decision_kind(tag)) for tag in FRAME_TYPES)
