"""Saves: the log is the truth, the state snapshot is checked against it, trusted saves load fast."""

from __future__ import annotations

import copy
import json
import pickle
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import newton_rules as nr
from newton_rules import game as game_module
from newton_rules.components.loading import earlier_reference_catalog, earlier_reference_digests
from newton_rules.effects import PerformTakenCard
from newton_rules.model.frames import ChooseActionFrame, LessonsFrame
from newton_rules.testing import Position

SAVES = Path(__file__).parent / "data" / "saves"
# The reference pack of 0.2.0 before Descartes' follow-up was spelled as a modifier (masters.json).
MODIFIER_SPELLING_DIGEST = "ed606fa91840204bffa2104a971673945d8945ba5435cc762fbef6749c4fdfca"


def mid_game(players: int = 3, seed: int = 9) -> nr.Game:
    game = nr.new_game(players=players, seed=seed)
    rnd = random.Random(seed)
    while game.round < 3:
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


def test_save_carries_version_config_actions_and_state() -> None:
    doc = json.loads(mid_game().to_json())
    assert doc["format"] == nr.SAVE_FORMAT
    assert set(doc) == {"format", "config", "data", "actions", "state"}
    assert doc["config"]["players"] == 3
    reference = nr.default_catalog().identity
    assert doc["data"] == {"name": reference.name, "digest": reference.digest}


def _variant_pack(tmp_path: Path) -> nr.Catalog:
    """The reference pack with one value changed and another name: another game's data."""
    pack = tmp_path / "variant"
    shutil.copytree(Path(nr.__file__).parent / "data", pack, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    constants = json.loads((pack / "constants.json").read_text())
    constants["starting_coins"] += 1
    (pack / "constants.json").write_text(json.dumps(constants))
    manifest = json.loads((pack / "pack.json").read_text())
    manifest["name"] = "rich start"
    (pack / "pack.json").write_text(json.dumps(manifest))
    return nr.load_catalog(pack)


def test_a_save_loads_only_with_the_data_pack_it_was_played_with(tmp_path: Path) -> None:
    variant = _variant_pack(tmp_path)
    game = nr.new_game(players=2, seed=4, catalog=variant)
    game = game.apply(game.legal_actions()[0])
    text = game.to_json()
    assert nr.Game.from_json(text, catalog=variant) == game
    refused = r"played with data pack 'rich start' .*, not with data pack 'newton-reference'"
    with pytest.raises(nr.SaveFormatError, match=refused):
        nr.Game.from_json(text)
    with pytest.raises(nr.SaveFormatError, match="played with data pack 'newton-reference'"):
        nr.Game.from_json(mid_game().to_json(), catalog=variant, verify=False)


def test_a_save_from_before_pack_identities_loads_with_the_pack_given() -> None:
    doc = json.loads(mid_game().to_json())
    del doc["data"]
    doc["format"] = 2
    assert nr.Game.from_json(json.dumps(doc)) == mid_game()


def test_a_malformed_pack_identity_is_reported() -> None:
    doc = json.loads(mid_game().to_json())
    doc["data"] = {"name": "x", "digest": 7}
    with pytest.raises(nr.SaveFormatError, match=r"bad data in saved game: data\.digest"):
        nr.Game.from_json(json.dumps(doc))


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


def test_a_format_3_save_during_descartes_lessons_loads_in_the_spelling_of_today() -> None:
    """A save of format 3 written while Descartes' Lessons is being decided (2 players, seed 24, random
    play) spells his follow-up as the flag ``then_perform_taken`` of earlier releases. It loads, verified or
    trusted, into the Lessons frame carrying the modifier ``perform_taken_card``, plays on as before, and is
    written again in today's format, which differs from it only in that spelling (M4)."""
    text = (SAVES / "descartes_lessons.json").read_text(encoding="utf-8")
    assert '"format":3' in text
    assert '{"player":1,"remaining":1,"then_perform_taken":true,"type":"lessons","value":1}' in text
    verified, trusted = nr.Game.from_json(text), nr.Game.from_json(text, verify=False)
    assert verified == trusted
    top = verified.state.top
    assert isinstance(top, LessonsFrame) and top.modifiers == (PerformTakenCard(),)
    doc = json.loads(text)
    modifier = [{"type": "perform_taken_card"}]
    lessons = {"modifiers": modifier, "player": 1, "remaining": 1, "type": "lessons", "value": 1}
    doc["format"], doc["state"]["stack"][-1] = nr.SAVE_FORMAT, lessons
    assert json.loads(verified.to_json()) == doc
    assert nr.Game.from_json(verified.to_json()) == verified
    take = next(a for a in verified.legal_actions() if a.kind == "take")
    follow_up = verified.apply(take).state.top  # the taken card's Basic Action, as if played
    assert isinstance(follow_up, ChooseActionFrame) and follow_up.card == take.arg


def test_a_save_of_an_earlier_reference_pack_loads_with_that_pack() -> None:
    """The Descartes save was written with the reference data of 0.1.0 (before Frank's bookshelf): it loads
    with no pack given, played with that pack, and is written again naming that pack."""
    text = (SAVES / "descartes_lessons.json").read_text(encoding="utf-8")
    saved = nr.PackIdentity(**json.loads(text)["data"])
    assert saved != nr.default_catalog().identity
    game = nr.Game.from_json(text)
    assert game.catalog.identity == saved and game.catalog == earlier_reference_catalog(saved)
    assert json.loads(game.to_json())["data"] == json.loads(text)["data"]


def test_a_save_of_the_pack_spelling_descartes_with_the_flag_loads_with_that_pack() -> None:
    """The reference pack before Descartes' follow-up became a modifier (data/earlier/ed606fa9...) is kept:
    a save of it loads with it, and it is today's game under another digest."""
    before = nr.PackIdentity(name="newton-reference", digest=MODIFIER_SPELLING_DIGEST)
    catalog = earlier_reference_catalog(before)
    assert catalog is not None and catalog.identity == before
    assert attrs.evolve(catalog, identity=nr.default_catalog().identity) == nr.default_catalog()
    game = nr.new_game(players=2, seed=5, catalog=catalog)
    game = game.apply(game.legal_actions()[0])
    loaded = nr.Game.from_json(game.to_json())
    assert loaded == game and loaded.catalog.identity == before


def test_every_earlier_reference_pack_loads_with_its_digest() -> None:
    """Each folder of data/earlier holds what its pack changed: today's files overlaid with it give the
    digest it is named by (a later data change must keep the old file there too)."""
    digests = earlier_reference_digests()
    assert digests
    for digest in digests:
        catalog = earlier_reference_catalog(nr.PackIdentity(name="newton-reference", digest=digest))
        assert catalog is not None, f"data/earlier/{digest} no longer gives its pack"


def test_a_save_of_an_unknown_pack_is_still_refused() -> None:
    """A digest that is neither today's reference pack nor an earlier one: refused, naming both packs."""
    doc = json.loads(nr.new_game(players=2, seed=1).to_json())
    doc["data"]["digest"] = "0" * 64
    with pytest.raises(nr.SaveFormatError, match="this game was played with data pack 'newton-reference'"):
        nr.Game.from_json(json.dumps(doc))


def test_unknown_format_is_rejected() -> None:
    doc = json.loads(mid_game(players=2, seed=4).to_json())
    doc["format"] = 99
    with pytest.raises(nr.SaveFormatError, match="unsupported save format 99"):
        nr.Game.from_json(json.dumps(doc))


# -- rejected saves say why ------------------------------------------------------------------------


def edited_save(edit: Callable[[dict[str, Any]], object]) -> str:
    doc = json.loads(mid_game(players=2, seed=4).to_json())
    edit(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: d["config"].update(options={"work_coins": "bogus"}),
            "bad config in saved game: options.work_coins: must be one of 'rulebook', 'moved', got 'bogus'",
        ),
        (
            lambda d: d["config"].update(options={"master_draft": "yes"}),
            "bad config in saved game: options.master_draft: expected true or false, got 'yes'",
        ),
        (lambda d: d["config"].update(players=7), "bad config in saved game: players: must be 1 to 4, got 7"),
        (
            lambda d: d["config"].update(colour="red"),
            "bad config in saved game: unknown field(s) colour (known: players, seed, options, rules_version)",
        ),
        (
            lambda d: d["config"].update(options={"speed": 2}),
            "bad config in saved game: options: unknown field(s) speed (known: master_draft, rewards_timing, "
            "invention_actions, work_coins, cavendish_pile_bonus, quick_actions, auto_potions, advanced_lessons, "
            "great_discoveries, extra_objectives, discovery_half_cost)",
        ),
        (lambda d: d["config"].pop("seed"), "bad config in saved game: seed: required field missing"),
        (lambda d: d.update(config=[2, 4]), "saved game 'config' must be an object"),
        (
            lambda d: d["actions"].insert(0, "fly venezia"),
            "action 0 ('fly venezia') cannot be replayed: unknown action kind 'fly' in 'fly venezia'",
        ),
        (
            lambda d: d["state"].update(phase="lunch"),
            "bad state in saved game: state.phase: must be one of 'draft', 'action', 'end_round', 'over', got 'lunch'",
        ),
    ],
)
def test_a_rejected_save_names_the_field_and_the_reason(edit: Callable[[dict[str, Any]], object], message: str) -> None:
    text = edited_save(edit)
    with pytest.raises(nr.SaveFormatError) as caught:
        nr.Game.from_json(text, verify="state" not in message)
    assert str(caught.value) == message


@pytest.mark.parametrize("text", ["[1, 2]", '"a game"', "3", "null"])
def test_a_save_that_is_not_an_object_is_rejected(text: str) -> None:
    with pytest.raises(nr.SaveFormatError, match="the top level must be an object"):
        nr.Game.from_json(text)


# -- copies and pickles ----------------------------------------------------------------------------


def test_copies_of_a_game_are_the_game_itself() -> None:
    game = mid_game()
    assert copy.copy(game) is game
    assert copy.deepcopy(game) is game
    assert copy.deepcopy({"game": game})["game"] is game


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_a_pickled_game_loads_equal_and_plays_on(protocol: int) -> None:
    game = mid_game(players=4, seed=5)
    loaded = pickle.loads(pickle.dumps(game, protocol=protocol))
    assert loaded == game and loaded.catalog is game.catalog
    assert loaded.legal_actions() == game.legal_actions()
    action = game.legal_actions()[-1]
    assert loaded.apply(action).to_json() == game.apply(action).to_json()
    assert loaded.events == game.events


def test_a_mid_game_pickle_is_a_few_kilobytes_and_loads_without_a_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    game = mid_game(players=4, seed=5)
    data = pickle.dumps(game)
    assert len(data) < len(game.to_json()) + 500 < 12_000

    def no_replay(*_: object, **__: object) -> nr.Game:
        raise AssertionError("a pickle must load without replaying its actions")

    monkeypatch.setattr(game_module, "replay", no_replay)
    assert pickle.loads(data).state == game.state


def test_a_game_with_a_custom_catalog_pickles_with_its_catalog() -> None:
    reference = nr.default_catalog()
    variant = attrs.evolve(reference, masters=reference.masters[::-1])  # deals other Masters
    game = nr.new_game(players=2, seed=3, catalog=variant)
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.catalog == variant and loaded.catalog != reference
    assert loaded == game and loaded.legal_actions() == game.legal_actions()
    assert nr.new_game(players=2, seed=3).state != game.state  # the catalog made a difference
