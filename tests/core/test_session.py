"""What a session promises any game on the core (rules_core.session), shown on Secret Nim (tests/core/toy.py)
played with a data pack of its own: every way of making a game keeps that pack, a save and a pickle load
back with it, each bad save is refused naming what is wrong, and a game compares, prints and logs as
documented."""

from __future__ import annotations

import json
import pickle
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from rules_core.actions import Action
from rules_core.engine import Context
from rules_core.errors import IllegalAction, RulesError, SaveFormatError
from rules_core.session import LogEntry, SeenHistory, Session, canonical, last_entries, pack_label
from tests.core.toy import RULES, SECRET_NIM, TURN, NimConfig, NimGame, NimPack, NimState, Turn, new_nim, turn_legal

SMALL = NimPack(cards=(1, 1, 2, 2, 3, 3, 5, 5), name="small")
CONFIG = NimConfig(seed=3)


def _played(moves: int = 2) -> NimGame:
    game = NimGame.new(CONFIG, SMALL)
    for _ in range(moves):
        game = game.apply(game.legal_actions()[-1])
    return game


def _save(game: Session) -> dict[str, Any]:
    save: dict[str, Any] = json.loads(game.to_json())
    return save


def _refused(doc: dict[str, Any], **options: Any) -> str:
    with pytest.raises(SaveFormatError) as refused:
        NimGame.from_json(json.dumps(doc), **options)
    return str(refused.value)


# -- the data pack a game is played with ---------------------------------------------------------------------


def test_every_way_of_making_a_game_plays_it_with_the_pack_given() -> None:
    game = _played()
    assert game.catalog is SMALL and game.legal_actions() == (Action("play", "1"), Action("play", "2"))
    assert NimGame.from_position(CONFIG, game.state, SMALL).catalog is SMALL
    assert NimGame.replay(CONFIG, game.actions, catalog=SMALL) == game
    from_position = NimGame.replay(CONFIG, ["play 1"], catalog=SMALL, position=game.state)
    assert from_position.catalog is SMALL and from_position.state.played == (5, 3, 1)
    seen = NimGame.from_sample(CONFIG, game.state, SMALL, lambda: (), game.actions)
    assert seen.catalog is SMALL and seen.legal_actions() == game.legal_actions()


def test_a_save_loads_back_with_its_pack_replayed_or_trusted() -> None:
    game = _played()
    assert NimGame.from_json(game.to_json(), SMALL) == game
    trusted = NimGame.from_json(game.to_json(), SMALL, verify=False)
    assert trusted == game and trusted.catalog is SMALL
    assert trusted.legal_actions() == game.legal_actions()
    assert trusted.events == game.events  # the history replayed with the same pack


def test_a_save_from_a_position_loads_back_with_its_pack() -> None:
    start = _played()
    game = NimGame.from_position(CONFIG, start.state, SMALL).apply("play 1")
    assert game.position == start.state
    loaded = NimGame.from_json(game.to_json(), SMALL)
    assert loaded == game and loaded.catalog is SMALL
    assert NimGame.from_json(game.to_json(), SMALL, verify=False).events == game.events


def test_a_save_of_another_pack_is_refused_naming_both() -> None:
    assert _refused(_save(_played())) == (
        "this game was played with data pack 'small' (digest a27c0c12b3e7), "
        "not with data pack 'secret-nim' (digest 02c62454b246): load it with the same data pack"
    )


def test_a_pickled_game_keeps_its_pack_and_is_loaded_without_a_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _played()
    data = pickle.dumps(game)

    def no_replay(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("replayed")

    monkeypatch.setattr(NimGame, "replay", classmethod(no_replay))
    loaded = pickle.loads(data)
    assert loaded.state == game.state and loaded.catalog == SMALL and loaded.actions == game.actions


def test_a_pickle_of_a_game_with_the_reference_pack_leaves_the_pack_to_the_loader() -> None:
    game = new_nim(seed=1)
    assert game.__reduce__()[1][2] is None
    assert _played().__reduce__()[1][2] is SMALL
    assert pickle.loads(pickle.dumps(game)) == game


def test_a_pack_is_named_for_people_by_its_name_and_the_start_of_its_digest() -> None:
    assert (
        pack_label(SimpleNamespace(name="base", digest="0123456789abcdef")) == "data pack 'base' (digest 0123456789ab)"
    )
    assert (
        pack_label(SimpleNamespace(name=None, digest="0123456789abcdef"))
        == "an unnamed data pack (digest 0123456789ab)"
    )
    assert pack_label(SimpleNamespace(name="base", digest=None)) == "data pack 'base'"
    assert pack_label(object()) == "an unnamed data pack"


def test_the_canonical_text_of_a_value_has_sorted_keys_and_no_spaces() -> None:
    assert canonical({"b": [1, 2], "a": {"d": None, "c": "x"}}) == '{"a":{"c":"x","d":null},"b":[1,2]}'


# -- bad saves ------------------------------------------------------------------------------------------------


def test_a_save_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(SaveFormatError, match=r"^not a saved game: the top level must be an object$"):
        NimGame.from_json("[1]")


def test_a_save_with_unknown_fields_is_refused_naming_each() -> None:
    assert _refused({**_save(_played()), "zeta": 1, "alpha": 2}) == "unknown field(s) in saved game: alpha, zeta"


def test_a_save_whose_config_is_not_an_object_is_refused() -> None:
    assert _refused({**_save(_played()), "config": [3]}, catalog=SMALL) == "saved game 'config' must be an object"


def test_a_save_with_a_bad_config_is_refused_naming_the_reason() -> None:
    save = _save(_played())
    assert _refused({**save, "config": {"players": 9}}, catalog=SMALL) == (
        "bad config in saved game: players must be 2 to 4, got 9"
    )


def test_a_save_with_a_bad_pack_identity_is_refused_naming_each_field() -> None:
    assert _refused({**_save(_played()), "data": {"name": 3}}) == (
        "bad data in saved game: data.name: expected a string, got 3; data.digest: required field missing"
    )


def test_a_save_whose_actions_are_not_a_list_is_refused() -> None:
    save = _save(_played())
    assert (
        _refused({**save, "actions": "play 5"}, catalog=SMALL) == "saved game 'actions' must be a list of action texts"
    )


def test_a_trusted_save_with_a_bad_state_is_refused_naming_the_field() -> None:
    save = _save(_played())
    bad = {**save, "state": {**save["state"], "stones": "many"}}
    assert _refused(bad, catalog=SMALL, verify=False) == (
        "bad state in saved game: state.stones: expected an integer, got 'many'"
    )


def test_a_save_whose_state_is_not_what_its_actions_replay_to_is_refused() -> None:
    save = _save(_played())
    assert _refused({**save, "state": {**save["state"], "stones": 1}}, catalog=SMALL) == (
        "the saved state does not match the game its actions replay to"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"stones": "many"}, "bad position in saved game: position.stones: expected an integer, got 'many'"),
        ({"stones": 14}, "bad position in saved game: stones 14 after (5, 3) from 15"),
        ({"top": {"player": 7}}, "bad position in saved game: IndexError: tuple index out of range"),
    ],
    ids=["a field of the wrong type", "an unsound position (its first problem)", "one the rules cannot read"],
)
def test_a_save_from_a_bad_position_is_refused_naming_what_is_wrong(change: dict[str, Any], message: str) -> None:
    save = _save(_played())
    assert _refused({**save, "position": {**save["state"], **change}}, catalog=SMALL) == message


def test_a_sampled_game_is_never_saved() -> None:
    game = _played()
    sampled = NimGame.from_sample(CONFIG, game.state, SMALL, lambda: (), game.actions)
    with pytest.raises(
        RulesError, match=r"^a sampled game is not saved: its log is what one seat saw, not what happened$"
    ):
        sampled.to_json()


# -- the game itself -------------------------------------------------------------------------------------------


def test_a_game_from_a_position_starts_with_no_action_and_the_events_of_settling_it() -> None:
    start = _played()
    state = attrs.evolve(start.state, top=None)
    game = NimGame.from_position(CONFIG, state, SMALL)
    assert len(game) == 0 and game.actions == ()
    assert game.position == state
    assert game.state.top is not None
    assert game.events == game.last_events and len(game.events) == 1
    assert list(game.iter_log()) == [(None, None, game.events)]


def test_the_log_names_who_took_each_action() -> None:
    game = _played(3)
    assert [(actor, str(action)) for actor, action, _ in game.iter_log()][1:] == [
        (0, "play 5"),
        (1, "play 3"),
        (0, "play 2"),
    ]


def test_an_action_text_is_read_only_if_it_is_legal_now() -> None:
    game = _played()
    assert game.parse_action("play 2") == Action("play", "2")
    with pytest.raises(IllegalAction, match=r"^play 3 is not legal for player 0: 'play' takes one of 1, 2$"):
        game.parse_action("play 3")


def test_games_are_equal_when_their_config_state_and_actions_are() -> None:
    game = new_nim(seed=0)
    assert game == new_nim(seed=0)
    assert game != new_nim(seed=1)
    assert game != game.apply(game.legal_actions()[0])
    assert game != 3


def test_a_game_is_shown_with_its_seats_seed_and_who_is_to_move() -> None:
    game = new_nim(seed=5)
    assert repr(game) == "<secret-nim game, 2p seed=5, player 0 to move>"
    while not game.is_over:
        game = game.apply(game.legal_actions()[0])
    assert repr(game) == "<secret-nim game, 2p seed=5, over>"


def test_the_last_entries_of_a_log_take_only_as_many_from_its_history_as_are_missing() -> None:
    earlier = [SimpleNamespace(action=a, actor=0, events=()) for a in ("a", "b", "c")]
    log = LogEntry(SeenHistory(("a", "b", "c"), lambda: earlier), "d", 1, ("x",))
    assert [e.action for e in last_entries(log, 2)] == ["c", "d"]
    assert [e.action for e in last_entries(log, 1)] == ["d"]
    assert [e.action for e in last_entries(log, 9)] == ["a", "b", "c", "d"]


def test_a_save_naming_an_earlier_reference_pack_loads_with_it_when_none_is_given() -> None:
    class Remembering(Session):
        __slots__ = ()
        definition = attrs.evolve(
            SECRET_NIM, earlier_catalog=lambda identity: SMALL if identity == SMALL.identity else None
        )

    game = Remembering.new(CONFIG, SMALL).apply("play 5")
    loaded = Remembering.from_json(game.to_json())
    assert loaded == game and loaded.catalog is SMALL


def _legal_within_the_configured_stones(state: NimState, ctx: Any, turn: Turn) -> list[Action]:
    return [a for a in turn_legal(state, ctx, turn) if not a.arg or int(a.arg) <= ctx.config.stones]


CONTEXT_READING_RULES = attrs.evolve(RULES, decisions=(attrs.evolve(TURN, legal=_legal_within_the_configured_stones),))


class ContextReading(Session):
    """Secret Nim whose rules read their context (the configuration) to list the legal actions."""

    __slots__ = ()
    definition = attrs.evolve(SECRET_NIM, context=lambda config, pack: Context(config, pack, CONTEXT_READING_RULES))


def test_the_rules_read_the_context_of_the_game_they_are_played_in() -> None:
    config = NimConfig(seed=3, stones=2)
    game = ContextReading.new(config, SMALL)
    assert game.legal_actions() == (Action("play", "1"),)
    trusted = ContextReading.from_json(game.to_json(), SMALL, verify=False)
    assert trusted.legal_actions() == (Action("play", "1"),)
    start = ContextReading.from_position(config, attrs.evolve(game.state, top=None), SMALL)
    assert start.legal_actions() == (Action("play", "1"),)


def _crashing_apply(tx: Any, turn: Turn, move: Action) -> None:
    raise ValueError(f"cannot {move}")


CRASHING_RULES = attrs.evolve(RULES, decisions=(attrs.evolve(TURN, apply=_crashing_apply),))


class CrashingOnApply(Session):
    """Secret Nim whose rules crash when an action is applied: a save of it names an unsound position."""

    __slots__ = ()
    definition = attrs.evolve(SECRET_NIM, context=lambda config, pack: Context(config, pack, CRASHING_RULES))


def test_a_save_whose_actions_crash_the_rules_from_its_position_is_refused_naming_the_error() -> None:
    start = _played()
    game = NimGame.from_position(CONFIG, start.state, SMALL).apply("play 1")
    with pytest.raises(SaveFormatError, match=r"^saved position cannot be replayed: ValueError: cannot play 1$"):
        CrashingOnApply.from_json(game.to_json(), SMALL)
