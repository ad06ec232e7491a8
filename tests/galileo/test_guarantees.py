"""The same guarantees as Newton: notation round trips, views hide what nobody sees, saves load mid-turn,
invariants hold after every action of random games (1-4 players, every option set), bad input is refused."""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from pathlib import Path

import attrs
import pytest

from galileo_rules import Action, GalileoGame, GameConfig, new_game
from galileo_rules.components.catalog import default_catalog, load_catalog, parse_catalog
from galileo_rules.errors import (
    ActionSyntaxError,
    DataError,
    IllegalAction,
    OptionsError,
    RulesError,
    SaveFormatError,
)
from galileo_rules.model.frames import PayFrame
from galileo_rules.testing import OPTION_SETS, Position, play
from rules_core.checks import random_simulation_check
from rules_core.mcts import ISMCTSBot

from .test_turn import acting


def random_game(players: int, seed: int, advanced: bool = False) -> GalileoGame:
    game = new_game(players, seed=seed, advanced=advanced)
    rnd = random.Random(seed)
    while not game.is_over:
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("option_set", sorted(OPTION_SETS))
@pytest.mark.parametrize("advanced", [False, True])
def test_random_games_keep_every_invariant(players: int, option_set: str, advanced: bool) -> None:
    """Dice limits (4 per board, 3 per colour, 10 per colour in all), Comets 7, Constellations 7, Books 4,
    VP equal to the sum of its sources, cards conserved; illegal actions refused; saves round-trip."""
    config = GameConfig(players=players, seed=100 * players, advanced=advanced, options=OPTION_SETS[option_set])
    report = random_simulation_check(GalileoGame, config, games=1, json_every=300, illegal_every=7)
    assert report.ok, report.failures


def test_every_legal_action_round_trips_through_its_notation() -> None:
    game = new_game(3, seed=8, advanced=True)
    rnd = random.Random(8)
    while not game.is_over:
        legal = game.legal_actions()
        for action in legal:
            assert Action.parse(str(action)) == action
        game = game.apply(rnd.choice(legal))


def test_bad_action_text_and_illegal_actions_are_refused_with_a_reason() -> None:
    game = new_game(2, seed=0)
    with pytest.raises(ActionSyntaxError, match="unknown action kind 'fly'"):
        game.apply("fly 3")
    with pytest.raises(ActionSyntaxError, match="takes exactly one argument"):
        game.apply("move")
    with pytest.raises(IllegalAction, match="move 1 is not legal"):
        game.apply("move 1")
    with pytest.raises(OptionsError):
        new_game(2, seed=0, options={"die_cap": "yes"})


def test_views_hide_the_deck_the_box_and_face_down_cards_one_view_for_all() -> None:
    pos = acting(Position(2)).library(0, "D20", face_up=False).library(1, "D01")
    game = pos.game()
    views = [game.view(0).state, game.view(1).state, game.view(None).state]
    assert views[0] == views[1] == views[2]
    seen = views[0]
    assert all(card.startswith("?") for card in (*seen.deck, *seen.box))
    assert seen.players[0].library[0].card == "?2" and seen.players[1].library[0].card == "D01"
    assert len(seen.deck) == len(game.state.deck) and seen.rng == 0


def test_views_redact_face_down_draws_in_the_log() -> None:
    pos = acting(Position(2)).dice(0, "B4").display(0, "D01").set(0, constellations=6).deck("D20", "D21")
    game = play(pos.game(), "fixed observe", "target 0.1", "pay B4")
    taken = [e for e in game.view(1).events if type(e).__name__ == "CardTaken"]
    assert taken and taken[-1].card == "?2"
    assert "D20" not in json.dumps([str(e) for e in game.view(None).events])


def test_solo_view_hides_tychos_movement_deck() -> None:
    game = new_game(1, seed=5)
    tycho = game.view(0).state.tycho
    assert tycho is not None
    assert set(tycho.deck) == {"?"}


def test_a_view_samples_a_full_game_consistent_with_it() -> None:
    game = random_game(2, 3)
    early = new_game(2, seed=3)
    sample = early.view(0).sample(random.Random(1))
    assert sorted(sample.state.deck) != [] and all(not c.startswith("?") for c in sample.state.deck)
    assert [default_catalog().card(c).tier for c in sample.state.deck] == [
        default_catalog().card(c).tier for c in early.state.deck
    ]
    assert sample.view(0).state.deck == early.view(0).state.deck
    assert game.is_over


def test_a_sample_keeps_the_log_the_seat_saw_plays_on_and_is_never_saved() -> None:
    """A sample's history is the seat's view of the log (face-down cards hidden), not what happened."""
    game = new_game(3, seed=2)
    rnd = random.Random(2)
    for _ in range(150):  # a face-down card taken by then
        game = game.apply(rnd.choice(game.legal_actions()))
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    sample = view.sample(random.Random(2))
    assert len(sample) == len(game) and sample.actions == game.actions == tuple(a for _, a in view.actions)
    assert sample.events == view.events != game.events and sample.view(seat).events == view.events
    assert sample.config.seed == 0 and sample.config == attrs.evolve(game.config, seed=0)
    later = sample.apply(sample.legal_actions()[0])
    assert len(later) == len(game) + 1 and later.view(seat).actions[:-1] == view.actions
    with pytest.raises(RulesError, match="sampled game is not saved"):
        sample.to_json()
    assert ISMCTSBot(seed=1, iterations=6, rollout_limit=40).choose(view) in game.legal_actions()


def test_a_save_mid_turn_loads_and_replays() -> None:
    game = new_game(2, seed=4)
    rnd = random.Random(4)
    while not isinstance(game.state.top, PayFrame):
        game = game.apply(rnd.choice(game.legal_actions()))
    text = game.to_json()
    loaded = GalileoGame.from_json(text)
    assert loaded == game and loaded.legal_actions() == game.legal_actions()
    assert GalileoGame.from_json(text, verify=False).state == game.state


def test_bad_saves_are_refused_naming_the_problem() -> None:
    game = play(new_game(2, seed=0, first_player=0), "astronomer galileo")
    doc = json.loads(game.to_json())
    with pytest.raises(SaveFormatError, match="invalid JSON"):
        GalileoGame.from_json("{")
    with pytest.raises(SaveFormatError, match="cannot be replayed"):
        GalileoGame.from_json(json.dumps({**doc, "actions": ["move 9"]}))
    with pytest.raises(SaveFormatError, match="data pack"):
        GalileoGame.from_json(json.dumps({**doc, "data": {"name": "other", "digest": "0"}}))
    other_rules = {**doc, "config": {**doc["config"], "rules_version": "galileo-2019"}}
    with pytest.raises(OptionsError, match=re.escape("unknown rules_version 'galileo-2019' (known: galileo-2024)")):
        GalileoGame.from_json(json.dumps(other_rules))


def test_the_data_pack_validates_with_precise_errors(tmp_path: Path) -> None:
    raw = json.loads(resources.files("galileo_rules").joinpath("data/galileo.json").read_text(encoding="utf-8"))
    broken = json.loads(json.dumps(raw))
    broken["cards"][3]["major"]["cost"] = "five"
    with pytest.raises(DataError, match=r"cards\[3\]\.major\.cost: expected an integer"):
        parse_catalog(broken, "pack.json")
    broken = json.loads(json.dumps(raw))
    broken["rules"]["deck"]["4"] = [15, 7, 6]
    with pytest.raises(DataError, match="needs 15 Tier 1 cards"):
        parse_catalog(broken)
    broken = json.loads(json.dumps(raw))
    broken["reputation"]["start"] = -2
    with pytest.raises(DataError, match="begins at -3"):
        parse_catalog(broken)
    broken = json.loads(json.dumps(raw))
    broken["library_tiles"][0]["id"] = "L.1"  # GK7's Library action reads "L1.0@2.3"
    with pytest.raises(DataError, match=r"library_tiles\.L\.1: an id holds no '\.', '@' or space"):
        parse_catalog(broken)
    broken = json.loads(json.dumps(raw))
    broken["comet_pages"]["personal"]["copernicus"][0][0]["n"] = 3  # GK6: "up to two spaces"
    with pytest.raises(DataError, match=r"comet_pages\.personal\.copernicus\[0\]\[0\]\.n: .* up to 2 spaces"):
        parse_catalog(broken)
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(raw))
    assert load_catalog(path) == default_catalog()
    with pytest.raises(DataError, match=r"pack\.json"):
        path.write_text("{")
        load_catalog(path)


def test_stated_numbers_are_marked_rulebook_pictures_reconstructed() -> None:
    catalog = default_catalog()
    assert catalog.rules.provenance == "rulebook" and all(s.provenance == "rulebook" for s in catalog.subjects)
    assert all(c.provenance == "reconstructed" for c in catalog.cards)
    assert catalog.rules.deck == {"2": (9, 5, 4), "3": (10, 6, 5), "4": (12, 7, 6)}
    luna = next(c for c in catalog.cards if c.name == "Luna")
    assert (luna.major.colours, luna.major.cost, luna.major.vp, luna.major.inquisitors) == (("R", "Y"), 8, 7, 1)


def test_games_replay_from_their_seed_and_actions() -> None:
    game = random_game(1, 9)
    again = GalileoGame.replay(game.config, [str(a) for a in game.actions])
    assert again.state == game.state and again.winners == game.winners
