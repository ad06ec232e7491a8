"""Both games of the distribution are games of the core: the core's kits and bots serve them as they are."""

from __future__ import annotations

import json
import random

import pytest

import galileo_rules as gr
import newton_rules as nr
from galileo_rules import bots as galileo_bots
from galileo_rules.game import GALILEO
from rules_core.bots import RandomBot, play_game
from rules_core.checks import random_simulation_check
from rules_core.errors import SaveFormatError
from rules_core.fuzz import fuzz_action_texts, fuzz_saves
from rules_core.mcts import ISMCTSBot
from rules_core.session import Session


def test_newton_and_galileo_are_sessions_of_their_own_definitions() -> None:
    newton, galileo = nr.new_game(players=2, seed=1), gr.new_game(players=2, seed=1)
    assert isinstance(newton, Session) and isinstance(galileo, Session)
    assert type(newton).definition.name == "newton" and type(galileo).definition.name == "galileo"
    assert newton != galileo  # two games never compare equal, whatever their records


def test_a_game_reads_only_the_save_format_it_writes_unless_it_declares_earlier_ones() -> None:
    galileo = gr.new_game(players=2, seed=1)
    assert GALILEO.readable_formats == (GALILEO.save_format,)  # declared by default, not listed
    later = json.loads(galileo.to_json()) | {"format": GALILEO.save_format + 1}
    with pytest.raises(SaveFormatError, match="unsupported save format"):
        gr.GalileoGame.from_json(json.dumps(later))
    assert gr.GalileoGame.from_json(galileo.to_json()) == galileo
    assert nr.Game.definition.save_format in nr.Game.definition.readable_formats


def test_a_seats_score_is_its_victory_points_when_the_game_declares_no_scores() -> None:
    galileo = gr.new_game(players=3, seed=4)
    rnd = random.Random(4)
    for _ in range(60):
        galileo = galileo.apply(rnd.choice(galileo.legal_actions()))
    assert galileo.scores == tuple(player.vp for player in galileo.state.players)
    assert any(galileo.scores)


def test_the_cores_check_with_its_default_mutations_passes_on_newton() -> None:
    """The core's own illegal actions (actions legal earlier, not now) and invariants hook, on Newton."""
    report = random_simulation_check(nr.Game, nr.GameConfig(players=2, seed=3), games=1, illegal_every=3)
    assert report.ok, report.failures
    assert report.actions > 100


def test_the_fuzz_kit_finds_newton_sound() -> None:
    rnd = random.Random(2)
    games = []
    for players in (1, 3):
        game = nr.new_game(players=players, seed=players)
        for _ in range(rnd.randrange(50, 150)):
            game = game.apply(rnd.choice(game.legal_actions()))
        games.append(game)
    loads = fuzz_saves(nr.Game, [g.to_json() for g in games], iterations=150)
    texts = fuzz_action_texts(games, iterations=150)
    assert loads.ok and texts.ok, (loads.failures, texts.failures)
    assert loads.rejected > 0 and texts.rejected > 0


@pytest.mark.parametrize("game", [nr.new_game(players=3, seed=4), gr.new_game(players=3, seed=4)])
def test_the_cores_bots_play_either_game_from_its_views(game: Session) -> None:
    seat = game.to_move
    assert seat is not None
    assert ISMCTSBot(seed=1, iterations=3, rollout_limit=30).choose(game.view(seat)) in game.legal_actions()
    later = play_game(game, [RandomBot(seed=2)] * 3, until=lambda g: len(g) >= 40)
    assert len(later) == 40 and type(later).from_json(later.to_json()) == later


def test_the_cores_search_keeps_its_subtree_between_decisions_of_a_turn() -> None:
    """With ``reuse``, a seat's second decision in a row starts from the visits already spent below the
    action it chose (Galileo's view gives its config and the actions played since)."""
    game = play_game(gr.new_game(players=2, seed=5), [RandomBot(seed=5)] * 2, until=lambda g: len(g) >= 30)
    bot = ISMCTSBot(seed=1, iterations=30, leaf_value=galileo_bots.leaf_value, reuse=True)
    for _ in range(60):
        seat = game.to_move
        assert seat is not None
        searched = len(game.legal_actions()) > 1
        game = game.apply(bot.choose(game.view(seat)))
        if searched and game.to_move == seat and len(game.legal_actions()) > 1:
            bot.choose(game.view(seat))
            assert sum(bot.last_visits.values()) > bot.last_iterations
            return
    pytest.fail("no two decisions in a row")
