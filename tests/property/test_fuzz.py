"""Fuzzed input: saves and action texts, random or mutated, raise only the library's errors.

A loaded game is always sound: whatever ``Game.from_json`` returns passes every invariant.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import newton_rules as nr
from newton_rules.invariants import check_invariants

_SAMPLE_GAMES: list[nr.Game] = []


def sample_games() -> list[nr.Game]:
    """A few saved games to mutate: fresh, mid-turn, mid-draft, finished, and a built position."""
    if not _SAMPLE_GAMES:
        from newton_rules.testing import Position

        for players, steps, options in (
            (1, 5, nr.Options()),
            (2, 57, nr.Options(master_draft=True)),
            (3, 10**6, nr.Options()),
        ):
            game = nr.new_game(players=players, seed=players, options=options)
            rnd = random.Random(players)
            while len(game) < steps and not game.is_over:
                game = game.apply(rnd.choice(game.legal_actions()))
            _SAMPLE_GAMES.append(game)
        built = Position(players=2, seed=3).player(0, coins=5).turn(0, played="work").game().apply("basic work")
        _SAMPLE_GAMES.append(built)
    return _SAMPLE_GAMES


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def _load_is_safe(text: str | bytes) -> None:
    try:
        game = nr.Game.from_json(text)
    except nr.NewtonError:
        return
    assert check_invariants(game) == []


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_random_text_is_rejected_cleanly(text: str | bytes) -> None:
    _load_is_safe(text)


@given(json_values)
def test_random_json_is_rejected_cleanly(value: Any) -> None:
    _load_is_safe(json.dumps(value))


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:40]):
            out += _paths(value, (*prefix, i))
    return out


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {**doc, head: _replace(doc[head], rest, value)}
    copy = list(doc)
    copy[head] = _replace(doc[head], rest, value)
    return copy


@given(st.data(), json_values)
def test_mutated_saves_load_sound_or_are_rejected(data: st.DataObject, value: Any) -> None:
    game = data.draw(st.sampled_from(sample_games()))
    doc = json.loads(game.to_json())
    path = data.draw(st.sampled_from(_paths(doc)))
    _load_is_safe(json.dumps(_replace(doc, path, value)))


@given(st.data())
def test_truncated_and_reordered_action_logs(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(sample_games()))
    doc = json.loads(game.to_json())
    actions = doc["actions"]
    if actions:
        cut = data.draw(st.integers(0, len(actions)))
        doc["actions"] = data.draw(st.permutations(actions[:cut]))
    _load_is_safe(json.dumps(doc))


@given(st.text(max_size=40))
def test_parse_action_raises_only_library_errors(text: str) -> None:
    game = sample_games()[1]
    try:
        action = game.parse_action(text)
    except nr.NewtonError:
        return
    assert action in game.legal_actions()
    assert str(action) == " ".join(text.split())


@given(st.sampled_from(["play", "step", "book", "keep", "tuck", "stop", "end", "boost"]), st.text(max_size=15))
def test_action_notation_round_trips(kind: str, arg: str) -> None:
    text = f"{kind} {arg}".strip()
    try:
        action = nr.Action.parse(text)
    except nr.ActionSyntaxError:
        return
    assert nr.Action.parse(str(action)) == action
