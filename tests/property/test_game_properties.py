"""Property tests: invariants hold after every action of random legal play, from random seeds.

A rule-based state machine applies random legal actions (1-4 players, random options) and checks, after
every action, the ledger, the conservation of cards and pieces, illegal actions, the save round trip
mid-turn, replay determinism and that player views hide what they must.
"""

from __future__ import annotations

import random
import subprocess
import sys

import attrs
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import newton_rules as nr
from newton_rules.invariants import check_invariants, mutated_actions
from newton_rules.view import redact_state

options = st.builds(
    nr.Options,
    master_draft=st.booleans(),
    rewards_timing=st.sampled_from(["after_action", "immediate"]),
    invention_actions=st.sampled_from(["per_item", "combined"]),
    work_coins=st.sampled_from(["rulebook", "moved"]),
    cavendish_pile_bonus=st.booleans(),
    quick_actions=st.sampled_from(["action", "turn"]),
    auto_potions=st.booleans(),
    advanced_lessons=st.booleans(),
    great_discoveries=st.booleans(),
    extra_objectives=st.booleans(),
    discovery_half_cost=st.sampled_from(["up", "down"]),
)


class RandomPlay(RuleBasedStateMachine):
    """Random legal play with every check after every action."""

    game: nr.Game

    @initialize(players=st.integers(1, 4), seed=st.integers(0, 2**32), opts=options)
    def start(self, players: int, seed: int, opts: nr.Options) -> None:
        self.game = nr.new_game(players=players, seed=seed, options=opts)

    @rule(data=st.data())
    def play_some(self, data: st.DataObject) -> None:
        """Apply 1-30 random legal actions (long games need many steps per Hypothesis rule)."""
        for _ in range(data.draw(st.integers(1, 30))):
            if self.game.is_over:
                return
            legal = self.game.legal_actions()
            self.game = self.game.apply(data.draw(st.sampled_from(legal)))

    @rule(seed=st.integers(0, 1000))
    def illegal_actions_raise_and_change_nothing(self, seed: int) -> None:
        legal = self.game.legal_actions()
        before = self.game.state
        for action in mutated_actions(self.game, legal, random.Random(seed)):
            try:
                self.game.apply(action)
            except nr.IllegalAction:
                pass
            else:
                raise AssertionError(f"unlisted action {action} was accepted")
            assert self.game.state is before

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "game"):
            assert check_invariants(self.game) == []

    @invariant()
    def save_round_trips_mid_turn(self) -> None:
        if hasattr(self, "game"):
            text = self.game.to_json()
            loaded = nr.Game.from_json(text)
            assert loaded == self.game
            assert loaded.to_json() == text

    @invariant()
    def every_listed_action_applies(self) -> None:
        if hasattr(self, "game") and not self.game.is_over:
            for action in self.game.legal_actions():
                self.game.apply(action)


TestRandomPlay = RandomPlay.TestCase


def _play(game: nr.Game, rnd: random.Random, steps: int) -> nr.Game:
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_replay_from_config_rebuilds_the_same_game(players: int, seed: int, steps: int) -> None:
    game = _play(nr.new_game(players=players, seed=seed), random.Random(seed), steps)
    again = nr.replay(game.config, game.actions)
    assert again == game
    assert again.to_json() == game.to_json()
    assert again.events == game.events


@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 250), shuffle=st.integers())
def test_view_does_not_depend_on_what_the_player_cannot_know(players: int, seed: int, steps: int, shuffle: int) -> None:
    """Reshuffling other players' hands and Masters and the deck order leaves a player's view unchanged."""
    game = _play(nr.new_game(players=players, seed=seed), random.Random(seed), steps)
    rnd = random.Random(shuffle)
    state = game.state
    hidden_pool = [c for deck in state.board.decks for c in deck]
    hidden_pool += [c for p in state.players[1:] for c in p.hand]
    rnd.shuffle(hidden_pool)
    masters_pool = [m for p in state.players[1:] for m in p.masters] + [
        m for m in game.catalog.masters_by_id if not any(m in p.masters or m in p.masters_played for p in state.players)
    ]
    rnd.shuffle(masters_pool)
    players_new = list(state.players)
    for i in range(1, players):
        p = players_new[i]
        hand = tuple(hidden_pool.pop() for _ in p.hand)
        masters = tuple(masters_pool.pop() for _ in p.masters)
        players_new[i] = attrs.evolve(p, hand=hand, masters=masters)
    decks = []
    for deck in state.board.decks:
        decks.append(tuple(hidden_pool.pop() for _ in deck))
    other = attrs.evolve(state, players=tuple(players_new), board=attrs.evolve(state.board, decks=tuple(decks)))
    assert redact_state(other, 0) == redact_state(state, 0)


@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_view_hides_other_hands_masters_and_private_choices(players: int, seed: int, steps: int) -> None:
    game = _play(
        nr.new_game(players=players, seed=seed, options=nr.Options(master_draft=True)), random.Random(seed), steps
    )
    view = game.view(0)
    for p in view.state.players[1:]:
        assert set(p.hand) <= {"?"} and set(p.masters) <= {"?"} and set(p.draft) <= {"?"}
    assert all(set(deck) <= {"?"} for deck in view.state.board.decks)
    for event in view.events:
        if isinstance(event, (nr.HiddenEvent,)):
            assert event.player != 0
        else:
            assert nr.audience(event) in (None, 0)
    for actor, action in view.actions:
        if actor != 0 and action.kind in ("keep", "tuck"):
            assert action.arg == "?"


PROGRAM = """
import random, sys, hashlib
import newton_rules as nr
g = nr.new_game(players=3, seed=int(sys.argv[1]))
r = random.Random(int(sys.argv[1]))
while not g.is_over:
    g = g.apply(r.choice(g.legal_actions()))
print(hashlib.sha256(g.to_json().encode()).hexdigest(), g.scores)
"""


def test_same_seed_same_game_in_other_processes_and_hash_seeds() -> None:
    outputs = set()
    for hash_seed in ("0", "12345"):
        result = subprocess.run(
            [sys.executable, "-c", PROGRAM, "77"],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
        )
        outputs.add(result.stdout)
    local = nr.new_game(players=3, seed=77)
    r = random.Random(77)
    while not local.is_over:
        local = local.apply(r.choice(local.legal_actions()))
    import hashlib

    outputs.add(f"{hashlib.sha256(local.to_json().encode()).hexdigest()} {local.scores}\n")
    assert len(outputs) == 1, outputs


def test_every_game_ends_within_bounds() -> None:
    for players in (1, 2, 3, 4):
        game = _play(nr.new_game(players=players, seed=players), random.Random(players), 10_000)
        assert game.is_over
        assert len(game) < 2_000
        assert game.round == 6
