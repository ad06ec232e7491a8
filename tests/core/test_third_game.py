"""A third game needs no change to the core: Secret Nim (tests/core/toy.py), declared in a test module,
runs through the generic session, saves, views, the random-simulation check, the fuzz kit, play_game and
the generic IS-MCTS."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import pytest

from rules_core.bots import GreedyBot, OracleBot, PlayFailed, RandomBot, play_game
from rules_core.checks import random_simulation_check
from rules_core.errors import ActionSyntaxError, IllegalAction, RulesError, SaveFormatError
from rules_core.fuzz import fuzz_action_texts, fuzz_saves
from rules_core.mcts import ISMCTSBot, outcome
from rules_core.session import Session
from tests.core.toy import (
    HIDDEN,
    RULES,
    SECRET_NIM,
    TURN,
    CardDrawn,
    CardPlayed,
    Move,
    NimConfig,
    NimContext,
    NimGame,
    NimPack,
    NimTx,
    NimView,
    Turn,
    new_nim,
)


def played(game: NimGame, steps: int, seed: int = 0) -> NimGame:
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


# -- the session ---------------------------------------------------------------------------------------------


def test_a_new_game_is_dealt_from_its_seed_and_waits_for_the_first_player() -> None:
    game = new_nim(players=3, seed=4)
    assert game.to_move == 0 and not game.is_over and len(game) == 0
    assert [len(h) for h in game.state.hands] == [2, 2, 2]
    assert game.state == new_nim(players=3, seed=4).state
    other = new_nim(players=3, seed=5).state
    assert (game.state.hands, game.state.deck) != (other.hands, other.deck)


def test_apply_returns_a_new_game_and_leaves_the_old_one() -> None:
    game = new_nim(seed=1)
    action = game.legal_actions()[0]
    after = game.apply(str(action))
    assert after.actions == (action,) and game.actions == () and len(after) == 1
    assert after.state.stones == game.state.stones - int(action.arg)
    assert isinstance(after, NimGame)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = new_nim(seed=1)
    before = game.state
    with pytest.raises(IllegalAction, match="'play' takes one of"):
        game.apply(Move("play", "9"))
    with pytest.raises(ActionSyntaxError):
        game.apply("jump 3")
    with pytest.raises(IllegalAction):
        game.parse_action("play 9")
    assert game.state is before


def test_a_player_who_cannot_play_passes_without_being_asked() -> None:
    """The ruleset's forced action: nobody decides a pass that is their only action."""
    start = NimGame.from_position(
        NimConfig(seed=0),
        attrs.evolve(
            new_nim(seed=0).state, stones=1, hands=((2,), (1, 3)), deck=(), played=(1, 1, 2, 3, 4, 4), top=Turn(0)
        ),
        NimPack(cards=(1, 1, 1, 2, 2, 3, 3, 4, 4)),
    )
    assert start.to_move == 1 and start.legal_actions() == (Move("play", "1"),)
    end = start.apply("play 1")
    assert end.is_over and end.winners == (1,) and end.scores == (0, 1)


def test_the_log_holds_the_deal_then_each_action_and_its_events() -> None:
    game = played(new_nim(seed=2), 3)
    log = list(game.iter_log())
    assert log[0][1] is None and [entry[1] for entry in log[1:]] == list(game.actions)
    assert game.events == tuple(e for _, _, events in log for e in events)
    assert game.last_events == log[-1][2]


def test_a_game_is_immutable_so_copies_are_itself() -> None:
    game = played(new_nim(seed=2), 3)
    assert copy.copy(game) is game and copy.deepcopy(game) is game


# -- saves ----------------------------------------------------------------------------------------------------


def test_a_save_loads_as_the_same_game_and_replays() -> None:
    game = played(new_nim(players=3, seed=6), 4)
    text = game.to_json()
    doc = json.loads(text)
    assert doc["format"] == 1 and doc["data"] == {"name": "secret-nim", "digest": game.catalog.identity.digest}
    loaded = NimGame.from_json(text)
    assert loaded == game and loaded.to_json() == text
    trusted = NimGame.from_json(text, verify=False)
    assert trusted == game and trusted.events == game.events  # the events are replayed on first use
    assert pickle.loads(pickle.dumps(game)) == game


def test_a_save_of_a_built_position_keeps_the_position() -> None:
    game = new_nim(seed=3)
    start = NimGame.from_position(attrs.evolve(game.config, stones=5), attrs.evolve(game.state, stones=5))
    later = start.apply(start.legal_actions()[0])
    loaded = NimGame.from_json(later.to_json())
    assert loaded.position == start.position and loaded == later


def test_a_trusted_save_of_a_built_position_keeps_the_position() -> None:
    """Loaded without the replay, the game still starts from its position: its events (replayed on first
    use) and its save are the original's."""
    game = new_nim(seed=3)
    start = NimGame.from_position(attrs.evolve(game.config, stones=5), attrs.evolve(game.state, stones=5))
    later = start.apply(start.legal_actions()[0])
    trusted = NimGame.from_json(later.to_json(), verify=False)
    assert trusted.position == start.position and trusted == later
    assert trusted.events == later.events and trusted.to_json() == later.to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: "[", "invalid JSON"),
        (lambda d: json.dumps({**d, "format": 7}), "unsupported save format 7"),
        (lambda d: json.dumps({**d, "extra": 1}), "unknown field"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "players": 9}}), "bad config"),
        (lambda d: json.dumps({**d, "actions": ["play 9"]}), "action 0 .* cannot be replayed"),
        (lambda d: json.dumps({**d, "state": {**d["state"], "stones": 3}}), "does not match"),
        (lambda d: json.dumps({**d, "data": {"name": "x", "digest": "00"}}), "played with data pack 'x'"),
    ],
)
def test_a_bad_save_is_refused_naming_what_is_wrong(change: Any, message: str) -> None:
    doc = json.loads(played(new_nim(seed=6), 2).to_json())
    with pytest.raises(SaveFormatError, match=message):
        NimGame.from_json(change(doc))


def test_a_save_loads_only_with_the_pack_it_was_played_with() -> None:
    other = NimPack(cards=(1, 2, 3, 4, 1, 2, 3, 4, 4))
    game = NimGame.new(NimConfig(seed=1), other)
    assert NimGame.from_json(game.to_json(), catalog=other) == game
    with pytest.raises(SaveFormatError, match="load it with the same data pack"):
        NimGame.from_json(game.to_json())


# -- views ----------------------------------------------------------------------------------------------------


def test_a_player_sees_their_hand_and_only_the_size_of_the_others_and_of_the_deck() -> None:
    game = played(new_nim(players=3, seed=8), 2)
    view = game.view(1)
    assert view.state.hands[1] == game.state.hands[1]
    assert view.state.hands[0] == (HIDDEN,) * len(game.state.hands[0])
    assert view.state.deck == (HIDDEN,) * len(game.state.deck) and view.state.rng == 0


def test_a_draw_is_seen_only_by_the_drawer_in_the_log() -> None:
    game = played(new_nim(players=2, seed=8), 1)
    drawn = next(e for e in game.events if isinstance(e, CardDrawn))
    mine = next(e for e in game.view(drawn.player).events if isinstance(e, CardDrawn))
    theirs = next(e for e in game.view(1 - drawn.player).events if isinstance(e, CardDrawn))
    assert mine == drawn and theirs == CardDrawn(drawn.player, HIDDEN)
    assert all(h == (HIDDEN, HIDDEN) for h in game.view(None).events[0].hands)


def test_only_the_player_to_move_has_legal_actions_in_their_view() -> None:
    game = new_nim(players=3, seed=1)
    assert game.view(0).legal_actions() == game.legal_actions()
    assert game.view(1).legal_actions() == () and game.view(None).legal_actions() == ()
    with pytest.raises(RulesError, match="no player 3"):
        game.view(3)


def test_a_view_follows_the_game_one_action_at_a_time() -> None:
    earlier = played(new_nim(players=2, seed=9), 2)
    later = played(earlier, 2, seed=1)
    view = later.view(0)
    assert view.events == earlier.view(0).events + view.events_since(len(earlier))
    assert view.actions == earlier.view(0).actions + view.actions_since(len(earlier))
    assert len(view.actions_since(len(earlier))) == 2


def test_a_sample_is_a_full_game_consistent_with_the_view() -> None:
    game = played(new_nim(players=3, seed=10), 2)
    view: NimView = game.view(game.to_move)
    for seed in range(5):
        sample = view.sample(random.Random(seed))
        assert sample.state.hands[view.player] == game.state.hands[view.player]
        assert [len(h) for h in sample.state.hands] == [len(h) for h in game.state.hands]
        assert sample.state.played == game.state.played and sample.legal_actions() == game.legal_actions()
        zones = (*sample.state.hands, sample.state.deck, sample.state.played)
        assert Counter(c for zone in zones for c in zone) == Counter(game.catalog.cards)


def test_a_sample_keeps_the_log_the_seat_saw_and_is_never_saved() -> None:
    game = played(new_nim(players=2, seed=10), 3)
    view: NimView = game.view(game.to_move)
    sample = view.sample(random.Random(1))
    assert sample.actions == game.actions and len(sample) == len(game)
    assert sample.events == view.events and sample.view(view.player).events == view.events
    later = sample.apply(sample.legal_actions()[0])
    assert later.actions[:-1] == game.actions and later.events[: len(view.events)] == view.events
    with pytest.raises(RulesError, match="sampled game is not saved"):
        later.to_json()


# -- the kits ---------------------------------------------------------------------------------------------


def test_the_random_simulation_check_passes_on_every_player_count() -> None:
    for players in (2, 3, 4):
        report = random_simulation_check(NimGame, NimConfig(players=players, hand=2), games=15, illegal_every=1)
        assert report.ok, report.failures
        assert report.actions > 15


def _drawing_the_played_card(tx: NimTx, turn: Turn, move: Move) -> None:
    """A broken rule: the card drawn is the one just played, not the deck's top (which is lost)."""
    tx.emit(CardPlayed(turn.player, int(move.arg)))
    if tx.state.deck:
        tx.emit(CardDrawn(turn.player, int(move.arg)))


class BrokenNim(NimGame):
    __slots__ = ()
    definition = attrs.evolve(
        SECRET_NIM,
        context=lambda config, pack: NimContext(
            config, pack, attrs.evolve(RULES, decisions=(attrs.evolve(TURN, apply=_drawing_the_played_card),))
        ),
    )


def test_the_random_simulation_check_finds_a_broken_rule() -> None:
    report = random_simulation_check(BrokenNim, NimConfig(players=2), games=3)
    assert not report.ok and "cards not conserved" in report.failures[0]


class ForgetfulNim(NimGame):
    """A broken save: loading it replays none of its actions."""

    __slots__ = ()

    @classmethod
    def replay(cls, config: Any, actions: Iterable[Any], catalog: Any = None, position: Any = None) -> Any:
        return super().replay(config, (), catalog, position)


def test_the_random_simulation_check_round_trips_the_save_every_json_every_actions() -> None:
    """Saves are checked at every ``json_every``-th action (10 by default) and at the end: a save that
    forgets its actions fails there, and only there (at action 0 there is nothing to forget)."""
    config = NimConfig(players=2, stones=40)
    for every, report in (
        (3, random_simulation_check(ForgetfulNim, config, games=1, json_every=3, max_failures=99)),
        (10, random_simulation_check(ForgetfulNim, config, games=1, max_failures=99)),
    ):
        steps = [int(f.split(" action ")[1].split(":")[0]) for f in report.failures if " action " in f]
        assert steps == list(range(every, report.actions, every))
        assert report.failures[-1].startswith("game 0 end: its own save does not load")
    assert random_simulation_check(ForgetfulNim, config, games=1, json_every=0).failures[0].startswith("game 0 end")


def test_mutated_saves_and_action_texts_are_refused_or_sound() -> None:
    rnd = random.Random(0)
    games = [played(new_nim(players=p, seed=s), rnd.randrange(8), seed=s) for p in (2, 3, 4) for s in range(3)]
    loads = fuzz_saves(NimGame, [g.to_json() for g in games], iterations=600)
    assert loads.ok, loads.failures
    assert loads.rejected > 0 and loads.accepted > 0
    texts = fuzz_action_texts(games, iterations=300)
    assert texts.ok, texts.failures
    assert texts.rejected > 0


# -- bots -----------------------------------------------------------------------------------------------------


class Recording:
    """A view bot that records what it was given and plays the first legal action."""

    def __init__(self) -> None:
        self.given: list[Any] = []

    def choose(self, view: Any) -> Any:
        self.given.append(view)
        return view.legal_actions()[0]


class Peeking(OracleBot):
    def __init__(self) -> None:
        self.given: list[Any] = []

    def choose(self, game: Any) -> Any:
        self.given.append(game)
        return game.legal_actions()[-1]


def test_play_game_gives_a_bot_its_seats_view_and_an_oracle_the_game() -> None:
    viewer, oracle = Recording(), Peeking()
    game = play_game(new_nim(seed=3), [viewer, oracle])
    assert game.is_over
    assert viewer.given and all(isinstance(v, NimView) and v.player == 0 for v in viewer.given)
    assert oracle.given and all(isinstance(g, NimGame) for g in oracle.given)


def test_an_old_style_caller_may_give_a_view_bot_the_game() -> None:
    game = new_nim(seed=3)
    assert RandomBot(1).choose(game) == RandomBot(1).choose(game.view(0))
    assert ISMCTSBot(seed=1, iterations=30).choose(game) in game.legal_actions()


def test_play_game_names_the_decision_a_bot_failed() -> None:
    class Illegal:
        def choose(self, view: Any) -> Any:
            return Move("play", "9")

    game = new_nim(seed=3)
    with pytest.raises(PlayFailed, match="decision 0, P0 action 'play 9'") as failed:
        play_game(game, [Illegal(), Illegal()])
    assert failed.value.game is game


def test_the_generic_mcts_is_deterministic_and_beats_random_play() -> None:
    game = new_nim(seed=5, hand=3)
    assert ISMCTSBot(seed=2, iterations=50).choose(game.view(0)) == ISMCTSBot(seed=2, iterations=50).choose(
        game.view(0)
    )
    points = 0.0
    for seed in range(24):
        seat = seed % 2
        bots: list[Any] = [RandomBot(seed), RandomBot(seed)]
        bots[seat] = ISMCTSBot(seed=seed, iterations=100)
        end = play_game(new_nim(seed=seed, hand=3), bots)
        points += outcome(end)[seat]
    assert points / 24 > 0.65


def test_the_mcts_hooks_replace_the_prior_and_the_playout() -> None:
    valued: list[Session] = []
    priors: list[Move] = []

    def leaf_value(game: Session) -> tuple[float, ...]:
        valued.append(game)
        return outcome(game)

    def prior(game: Session, action: Move) -> float:
        priors.append(action)
        return 0.9 if action.kind == "play" else 0.1

    bot = ISMCTSBot(seed=1, iterations=40, prior=prior, leaf_value=leaf_value)
    game = new_nim(seed=5)
    assert bot.choose(game.view(0)) in game.legal_actions()
    assert len(valued) == 40 and priors and bot.last_iterations == 40


class LargestCard(GreedyBot):
    """A greedy Secret Nim bot: each card is worth its value (``flat``: every action is worth the same)."""

    def __init__(self, seed: int = 0, tie_tolerance: float | None = None, flat: bool = False) -> None:
        super().__init__(seed, tie_tolerance)
        self.flat = flat
        self.judged_on: list[Session] = []

    def action_values(self, view: Any, game: Any, legal: Sequence[Any]) -> list[float]:
        self.judged_on.append(game)
        return [0.0 if self.flat else float(action.arg or 0) for action in legal]


def test_the_greedy_shape_chooses_the_best_action_on_a_sample_of_the_view() -> None:
    game = new_nim(seed=5, hand=3)
    bot = LargestCard(seed=1)
    assert bot.choose(game.view(0)) == max(game.legal_actions(), key=lambda m: int(m.arg))
    (sample,) = bot.judged_on
    assert sample.state.hands[0] == game.state.hands[0] and sample.actions == game.actions
    assert sample.config.seed == 0 != game.config.seed  # a sample of the view, not the game itself


def test_the_greedy_shape_breaks_ties_by_the_legal_order_or_at_random_with_the_seed() -> None:
    game = new_nim(seed=5, hand=3)
    legal = game.legal_actions()
    assert len(legal) == 2
    assert {LargestCard(seed, flat=True).choose(game.view(0)) for seed in range(20)} == {legal[0]}
    drawn = [LargestCard(seed, tie_tolerance=0.5, flat=True).choose(game.view(0)) for seed in range(20)]
    assert set(drawn) == set(legal)
    assert drawn == [LargestCard(seed, tie_tolerance=0.5, flat=True).choose(game.view(0)) for seed in range(20)]
