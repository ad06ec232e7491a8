"""The bots: the protocol, seeded determinism, and MCTS reading only what its player may see."""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest

import newton_rules as nr
from newton_rules.bots import Bot, GreedyBot, MCTSBot, RandomBot, base, evaluation, mcts, play_game
from newton_rules.bots.evaluation import EstimateWeights, evaluate, nudge, score_estimate
from newton_rules.bots.greedy import MOVEMENT
from newton_rules.hidden import HIDDEN
from newton_rules.model.frames import TuckFrame
from newton_rules.model.state import GameState
from newton_rules.testing import Position
from newton_rules.view import redact_state
from rules_core import bots as core_bots


def _advance(game: nr.Game, decisions: int, until: Callable[[nr.Game], bool] = lambda g: True) -> nr.Game:
    """Greedy self-play for ``decisions`` decisions, then on until ``until(game)`` holds."""
    bots = [GreedyBot(seed=seat) for seat in range(game.config.players)]
    for _ in range(decisions):
        game = game.apply(bots[game.to_move or 0].choose(game))
    while not until(game):
        game = game.apply(bots[game.to_move or 0].choose(game))
    return game


def _at_a_turn(game: nr.Game) -> bool:
    return game.decision is not None and game.decision.kind == "turn"


def _card_to_play(game: nr.Game) -> bool:
    return any(action.kind == "play" for action in game.legal_actions())


def _choice(game: nr.Game) -> bool:
    return len(game.legal_actions()) >= 3


@functools.cache
def _mid_game(players: int, seed: int, decisions: int = 80) -> nr.Game:
    return _advance(nr.new_game(players=players, seed=seed), decisions, _choice)


@functools.cache
def _at_tuck(players: int, seed: int) -> nr.Game:
    return _advance(nr.new_game(players=players, seed=seed), 0, _tuck_pending)


def _tuck_pending(game: nr.Game) -> bool:
    """A tuck decision while another player's choice is already made (and hidden from the decider)."""
    return isinstance(game.state.top, TuckFrame) and any(p.tuck_choice is not None for p in game.state.players)


def _cards(state: GameState) -> Counter[str]:
    board = state.board
    out = Counter(c for zone in (*board.decks, *board.lines, board.removed_cards) for c in zone)
    out.update(c for p in state.players for c in (*p.hand, *p.desk, *p.tucked))
    return out


def _masters(state: GameState) -> list[str]:
    return [m for p in state.players for m in (*p.masters, *p.draft, *p.masters_played)]


def _other_hidden(game: nr.Game, seat: int) -> nr.Game:
    """The same game seen from ``seat``, with different hidden information: another card in the other
    player's hand, every deck in another order, other Masters in the other player's hand."""
    state = game.state
    catalog = game.catalog
    other = state.players[(seat + 1) % len(state.players)]
    card = next(c for c in other.hand if _level(game, c) and state.board.decks[_level(game, c) - 1])
    level = _level(game, card)
    deck = state.board.decks[level - 1]
    hand = tuple(deck[0] if c == card else c for c in other.hand)
    decks = list(state.board.decks)
    decks[level - 1] = (card, *deck[1:])
    decks = [tuple(reversed(d)) for d in decks]
    mine = state.players[seat]
    seen = {*mine.masters, *mine.draft, *(m for p in state.players for m in p.masters_played), *other.masters}
    spare = [m.id for m in catalog.masters if m.id not in seen]
    masters = tuple(spare[: len(other.masters)])
    players = list(state.players)
    players[other.seat] = attrs.evolve(other, hand=hand, masters=masters)
    board = attrs.evolve(state.board, decks=tuple(decks))
    changed = attrs.evolve(state, players=tuple(players), board=board)
    return nr.Game.from_position(game.config, changed, catalog)


def _level(game: nr.Game, card: str) -> int:
    return game.catalog.cards_by_id[card].level


def _turn_ending(game: nr.Game) -> bool:
    """The mover may end the turn soon (so a search reaches the other player) who holds a deck-level card."""
    searched = mcts.searched(game.legal_actions())
    other = game.state.players[1 - (game.to_move or 0)]
    swappable = any(_level(game, c) and game.state.board.decks[_level(game, c) - 1] for c in other.hand)
    return nr.Action("end") in searched and 2 <= len(searched) <= 4 and swappable


@functools.cache
def _twins(seed: int) -> tuple[nr.Game, nr.Game]:
    """Two games that look the same from the seat to move and differ in every kind of hidden part."""
    game = _advance(nr.new_game(players=2, seed=seed), 60, _turn_ending)
    seat = game.to_move
    assert seat is not None
    a = nr.Game.from_position(game.config, game.state, game.catalog)
    b = _other_hidden(a, seat)
    other = 1 - seat
    assert a.state.players[other].hand != b.state.players[other].hand
    assert a.state.players[other].masters != b.state.players[other].masters
    assert all(x != y for x, y in zip(a.state.board.decks, b.state.board.decks, strict=True) if len(x) > 1)
    assert a.view(seat) == b.view(seat)
    return a, b


TWIN_SEEDS = (13, 14, 16)


BOT_MAKERS: list[Callable[[int], Bot]] = [
    lambda seed: RandomBot(seed=seed),
    lambda seed: GreedyBot(seed=seed),
    lambda seed: MCTSBot(seed=seed, iterations=8),
]


@pytest.mark.parametrize("make", BOT_MAKERS, ids=["random", "greedy", "mcts"])
def test_every_bot_returns_a_legal_action(make: Callable[[int], Bot]) -> None:
    games = [
        nr.new_game(players=2, seed=3),
        _mid_game(2, 4),
        _mid_game(3, 5, decisions=60),
        _at_tuck(2, 6),
        nr.new_game(players=4, seed=7, options=nr.Options(master_draft=True)),
    ]
    for game in games:
        assert make(1).choose(game) in game.legal_actions()


@pytest.mark.parametrize("make", BOT_MAKERS, ids=["random", "greedy", "mcts"])
def test_the_same_seed_makes_the_same_choices(make: Callable[[int], Bot]) -> None:
    start = _mid_game(2, 4)
    games = [_play_first(start, make(seed), make(seed + 1)) for seed in (5, 5)]
    assert games[0].actions == games[1].actions


def _play_first(game: nr.Game, first: Bot, second: Bot, decisions: int = 12) -> nr.Game:
    bots = [first, second]
    for _ in range(decisions):
        game = game.apply(bots[game.to_move or 0].choose(game))
    return game


def test_mcts_search_is_seeded() -> None:
    game = _mid_game(2, 4)
    bots = [MCTSBot(seed=4, iterations=40) for _ in range(2)]
    choices = [bot.choose(game) for bot in bots]
    assert choices[0] == choices[1]
    assert bots[0].last_visits == bots[1].last_visits and sum(bots[0].last_visits.values()) > 0


def _search(game: nr.Game) -> tuple[nr.Action, dict[nr.Action, int], int]:
    bot = MCTSBot(seed=2, iterations=60)
    return bot.choose(game), bot.last_visits, bot.last_tree_size


@pytest.mark.parametrize("seed", TWIN_SEEDS)
def test_mcts_does_not_depend_on_hidden_information(seed: int) -> None:
    a, b = _twins(seed)
    assert _search(a) == _search(b)


def test_a_search_reading_the_hidden_state_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: when the sampler returns the true state, the twins' searches differ."""
    differ = 0
    for seed in TWIN_SEEDS:
        searches = []
        for game in _twins(seed):

            def cheat(*_: object, truth: nr.Game = game) -> nr.Game:
                return nr.Game.from_position(truth.config, truth.state, truth.catalog)

            monkeypatch.setattr(nr.PlayerView, "sample", cheat)
            searches.append(_search(game))
        differ += searches[0] != searches[1]
    assert differ >= 2


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(lambda: _mid_game(2, 4), id="2p"),
        pytest.param(lambda: _mid_game(4, 13, decisions=150), id="4p"),
        pytest.param(lambda: _at_tuck(3, 14), id="tuck"),
        pytest.param(lambda: nr.new_game(players=3, seed=15, options=nr.Options(master_draft=True)), id="draft"),
    ],
)
def test_a_determinization_keeps_everything_the_player_sees(game: Callable[[], nr.Game]) -> None:
    real = game()
    seat = real.to_move
    assert seat is not None
    seen = real.view(seat)
    view = seen.state
    hidden = nr.unseen(view, seat, real.catalog, seen.events)
    cards = real.catalog.cards_by_id
    for sample_seed in range(4):
        sampled = nr.sample_hidden(view, seat, hidden, random.Random(sample_seed))
        # The player's own hand and Masters, every public part and every hidden count are unchanged.
        assert redact_state(sampled, seat) == view
        assert HIDDEN not in _cards(sampled) and HIDDEN not in _masters(sampled)
        # Cards are conserved, each deck holds cards of its level, and a hand keeps its Starting cards.
        assert _cards(sampled) == _cards(real.state)
        for level, deck in enumerate(sampled.board.decks, 1):
            assert all(cards[c].level == level for c in deck)
        for before, after in zip(real.state.players, sampled.players, strict=True):
            # Every card enters a hand by a public event, so a player who remembers them knows the hands.
            assert sorted(before.hand) == sorted(after.hand)
            assert after.tuck_choice is None or after.tuck_choice in after.desk
        # Masters are never duplicated, and others never get one the player has seen.
        masters = _masters(sampled)
        assert len(masters) == len(set(masters)) == len(_masters(real.state))
        mine = {*view.players[seat].masters, *view.players[seat].draft}
        assert not mine & {m for p in sampled.players if p.seat != seat for m in (*p.masters, *p.draft)}
        played = nr.determinize(view, seat, hidden, real.config, real.catalog, random.Random(sample_seed))
        assert played.legal_actions() == real.legal_actions() and played.config.seed == 0
    # Without the events, a hidden hand still keeps its Starting cards, and the other hands the levels.
    without_log = nr.sample_hidden(view, seat, nr.unseen(view, seat, real.catalog), random.Random(0))
    for before, after in zip(real.state.players, without_log.players, strict=True):
        assert {c for c in before.hand if cards[c].is_starting} <= set(after.hand)
    levels = [
        Counter(cards[c].level for p in state.players if p.seat != seat for c in p.hand)
        for state in (real.state, without_log)
    ]
    assert levels[0] == levels[1]


def test_determinizations_vary_the_hidden_parts() -> None:
    real = _mid_game(2, 4)
    seat = real.to_move
    assert seat is not None
    view = real.view(seat).state
    hidden = nr.unseen(view, seat, real.catalog)
    samples = [nr.sample_hidden(view, seat, hidden, random.Random(s)) for s in range(6)]
    assert len({s.board.decks for s in samples}) > 1
    assert len({s.players[1 - seat].masters for s in samples}) > 1


def test_mcts_keeps_its_tree_between_decisions() -> None:
    """After its own action, the next search starts from the visits already spent below that action."""
    game = _mid_game(2, 17)
    bot = MCTSBot(seed=1, iterations=30)
    for _ in range(40):
        seat = game.to_move
        action = bot.choose(game) if len(game.legal_actions()) > 1 else game.legal_actions()[0]
        game = game.apply(action)
        if game.to_move == seat and len(game.legal_actions()) > 1:
            bot.choose(game)
            assert sum(bot.last_visits.values()) > bot.last_iterations
            return
        while game.to_move is not None and game.to_move != seat:
            game = game.apply(GreedyBot().choose(game))
    pytest.fail("no two decisions in a row")


def _actors_below(node: mcts.Node) -> set[int]:
    return {child.actor for child in node.children.values()} | {
        actor for child in node.children.values() for actor in _actors_below(child)
    }


def test_mcts_searches_to_the_end_of_its_own_turn_only() -> None:
    """With the turn horizon (the default) no node of the tree is a rival's action, and no node lies
    below an action that ends the turn; through the game, the same search reaches the rival's turn."""
    game = _advance(nr.new_game(players=2, seed=20), 30, _at_a_turn)
    seat = game.to_move
    assert seat is not None
    trees = {}
    for horizon in mcts.HORIZONS:
        root = mcts.Node(actor=seat)
        MCTSBot(seed=1, iterations=300, horizon=horizon).search(root, game.view(seat))
        trees[horizon] = root
    assert _actors_below(trees["turn"]) == {seat}
    assert 1 - seat in _actors_below(trees["game"])

    def ends_are_leaves(node: mcts.Node) -> bool:
        return all(
            (not child.children if action.kind in mcts.TURN_ENDS else ends_are_leaves(child))
            for action, child in node.children.items()
        )

    assert ends_are_leaves(trees["turn"]) and not ends_are_leaves(trees["game"])


def test_mcts_alone_searches_past_the_end_of_its_turn() -> None:
    """Solo every turn is the player's own: the turn horizon does not stop the tree at a turn's end."""
    game = _advance(nr.new_game(players=1, seed=20), 20, _at_a_turn)
    root = mcts.Node(actor=0)
    MCTSBot(seed=1, iterations=300).search(root, game.view(0))

    def below_an_end(node: mcts.Node) -> bool:
        return any(
            (bool(child.children) if action.kind in mcts.TURN_ENDS else below_an_end(child))
            for action, child in node.children.items()
        )

    assert below_an_end(root)


def test_mcts_refuses_an_unknown_horizon() -> None:
    with pytest.raises(ValueError, match="horizon must be one of turn, game, not 'round'"):
        MCTSBot(horizon="round")  # type: ignore[arg-type]


def test_mcts_with_a_time_limit_returns_a_legal_action() -> None:
    game = _mid_game(2, 4)
    bot = MCTSBot(seed=1, time_limit=0.0)
    assert bot.choose(game) in game.legal_actions() and bot.last_iterations >= 1


def test_a_game_between_bots_finishes() -> None:
    game = play_game(nr.new_game(players=2, seed=19), [MCTSBot(seed=1, iterations=3), GreedyBot(seed=2)])
    assert game.is_over and game.winners
    assert len(game.scores) == 2 and all(score >= 0 for score in game.scores)


def test_a_leaf_is_valued_once_its_player_has_finished_the_turn() -> None:
    game = _advance(nr.new_game(players=2, seed=20), 30, _at_a_turn)
    seat = game.to_move
    assert seat is not None
    done = mcts.finish_turn(game, seat)
    played = done.actions[len(game.actions) :]
    assert len(played) >= 2 and played[-1] == nr.Action("end")
    assert all(actor == seat for actor, _, _ in list(done.iter_log())[-len(played) :])
    assert mcts.finish_turn(game, seat) == done  # deterministic


def test_a_turn_played_on_plays_the_card_whose_turn_ends_best() -> None:
    """``plan_turn``: each card the player may play is followed by the rest of the turn played greedily,
    and the turn that ends best for the player is kept (a Quick Action can wait until the card is played,
    Q5). One action at a time (``finish_turn``) the player here plays the first card of the hand: a
    card's estimate hardly moves until its action."""
    game = _advance(nr.new_game(players=2, seed=22), 30, _card_to_play)
    seat = game.to_move
    assert seat is not None

    def turn_end(action: nr.Action) -> tuple[float, nr.Game]:
        end = mcts.finish_turn(game.apply(action), seat)
        return evaluation.score_estimate(end, seat) + evaluation.nudge(game, action), end

    ends = [turn_end(action) for action in game.legal_actions() if action.kind == "play"]
    assert len(ends) > 1
    planned = mcts.plan_turn(game, seat)
    assert planned == max(ends, key=lambda end: end[0])[1]
    assert planned.to_move != seat and planned.actions[-1] == nr.Action("end")
    greedy = mcts.finish_turn(game, seat)
    assert greedy.actions[len(game.actions)] == game.legal_actions()[0]
    assert evaluation.score_estimate(planned, seat) > evaluation.score_estimate(greedy, seat)


def test_a_leaf_is_valued_after_the_rivals_reply_and_the_players_next_turn() -> None:
    """``play_on``: from the end of the player's turn, the rival plays their turn and the player their
    next one, each by ``plan_turn`` with their own estimate; with no turn asked for, nothing is played."""
    game = _advance(nr.new_game(players=2, seed=20), 30, _at_a_turn)
    seat = game.to_move
    assert seat is not None
    ended = mcts.finish_turn(game, seat)
    assert ended.to_move == 1 - seat
    assert mcts.play_on(ended, seat, 0) is ended
    later = mcts.play_on(ended, seat, 1)
    played = len(later.actions) - len(ended.actions)
    actors = [actor for actor, _, _ in list(later.iter_log())[-played:]]
    assert actors[0] == 1 - seat and actors[-1] == seat
    assert actors.index(seat) > 0 and set(actors[actors.index(seat) :]) == {seat}  # the rival's turn, then theirs
    assert later.actions[-1] == nr.Action("end") and later.to_move == 1 - seat
    assert later == mcts.plan_turn(mcts.plan_turn(ended, 1 - seat), seat)
    assert mcts.play_on(ended, seat, 2) == mcts.plan_turn(mcts.plan_turn(later, 1 - seat), seat)


def test_with_playout_turns_a_leaf_is_valued_where_play_on_ends() -> None:
    """With rivals, ``playout_turns`` values the end of the player's turn after ``play_on``; by default,
    and alone, at the turn's end."""
    game = _advance(nr.new_game(players=2, seed=20), 30, _at_a_turn)
    seat = game.to_move
    assert seat is not None
    ended = mcts.finish_turn(game, seat, weights=mcts.MCTS_WEIGHTS)
    end = ended.actions[-1]

    def rewards(later: nr.Game) -> tuple[float, ...]:
        return tuple(mcts.squash(v, 8.0) for v in evaluation.evaluations(later, mcts.MCTS_WEIGHTS))

    played_on = mcts.play_on(ended, seat, 1, weights=mcts.MCTS_WEIGHTS)
    assert MCTSBot(playout_turns=1).leaf_values(ended, seat, end) == rewards(played_on) != rewards(ended)
    assert MCTSBot().leaf_values(ended, seat, end) == rewards(ended)
    alone = mcts.finish_turn(_advance(nr.new_game(players=1, seed=20), 20, _at_a_turn), 0)
    last = alone.actions[-1]
    assert MCTSBot(playout_turns=1).leaf_values(alone, 0, last) == MCTSBot().leaf_values(alone, 0, last)


def test_mcts_refuses_a_negative_number_of_playout_turns() -> None:
    with pytest.raises(ValueError, match="playout_turns must be 0 or more, not -1"):
        MCTSBot(playout_turns=-1)


def test_the_search_never_considers_giving_up_the_basic_action() -> None:
    """Ending the turn while the played card's Basic Action can be taken is left out of the search;
    without a Basic Action to take, every legal action stays."""
    basic, end, boost = nr.Action("basic", "study"), nr.Action("end"), nr.Action("boost")
    assert mcts.searched([boost, basic, end]) == [boost, basic]
    assert mcts.searched([boost, end]) == [boost, end]


def test_mcts_takes_the_basic_action_of_every_card_it_can() -> None:
    """In a whole game MCTSBot never ends a turn whose Basic Action it could still perform."""
    game = nr.new_game(players=2, seed=15)
    bots: list[Bot] = [MCTSBot(seed=1, iterations=10), GreedyBot(seed=2)]
    offered = 0
    while not game.is_over:
        seat = game.to_move or 0
        action = bots[seat].choose(game.view(seat))
        if seat == 0 and any(a.kind == "basic" for a in game.legal_actions()):
            offered += 1
            assert action.kind != "end", f"ended the turn without its Basic Action after {game.actions[-3:]}"
        game = game.apply(action)
    assert offered >= 15


# --------------------------------------------------------------------- GreedyBot's evaluation and lookahead


def _student_near_objective(student: str, desk: tuple[str, ...] = ()) -> nr.Game:
    """Seat 0 with 6 Coins, a Student on ``student`` and Objective O1 (1 VP per Coin) at the end of path c
    (which asks blue and green volumes, no orange)."""
    return (
        Position(players=2, seed=3)
        .player(0, coins=6, students=(student, None, None, None), desk=desk)
        .track_tile("c5", "O1")
        .turn(0)
        .game()
    )


def test_evaluation_values_a_student_nearer_an_objective_space() -> None:
    """An Objective space not yet occupied is worth part of its tile, more the nearer the piece (T6)."""
    far, nearer, next_to = (_student_near_objective(s) for s in ("t0", "c1", "c4"))
    estimates = [score_estimate(g, 0) for g in (far, nearer, next_to)]
    assert estimates[0] < estimates[1] < estimates[2]


def test_evaluation_values_the_objective_volumes_shown() -> None:
    """The prospect grows with the share of the space's 4 volumes the player shows (T6, R1): a card showing
    a blue volume is worth more on the desk than one showing an orange volume, which c5 does not ask."""
    requirement = nr.default_catalog().technology_spaces["c5"].requirement
    assert requirement is not None and "orange" not in dict(requirement.volumes)

    def one_volume(colour: str) -> str:
        return next(c.id for c in nr.default_catalog().action_cards if c.level == 1 and c.volumes == (colour,))

    shown, not_asked = (_student_near_objective("c4", desk=(one_volume(c),)) for c in ("blue", "orange"))
    assert score_estimate(not_asked, 0) < score_estimate(shown, 0)


def _student_near_master_space(student: str, masters: tuple[str, ...] = ("hooke",)) -> nr.Game:
    """Seat 0 holding ``masters``, a Student on ``student`` on path b, whose end is the Master space."""
    return Position(players=2, seed=3).player(0, students=(student, None, None, None), masters=masters).turn(0).game()


def _master_prospect(student: str) -> float:
    """What holding Hooke adds to seat 0's estimate with a Student on ``student``."""
    with_hooke = score_estimate(_student_near_master_space(student), 0)
    return with_hooke - score_estimate(_student_near_master_space(student, masters=()), 0)


def test_evaluation_values_a_student_walking_to_the_master_space() -> None:
    """A Master in hand is worth more the nearer a piece is to a Master space where it would be played (M1,
    T5): here Hooke's 9 VP, for a Student walking path b to the Technology track's Master space."""
    catalog = nr.default_catalog()
    master_space = next(s.id for s in catalog.technology_track.spaces if s.kind == "master")
    assert master_space in catalog.technology_spaces["b3"].next
    assert _master_prospect("t0") < _master_prospect("b1") < _master_prospect("b3")


def test_a_master_space_behind_the_piece_has_no_prospect() -> None:
    """A Student on path a never reaches path b's Master space (T1: never backward): holding Hooke adds less
    there than with the Student next to that space."""
    assert _master_prospect("a2") < _master_prospect("b3")


def test_the_map_master_space_has_no_prospect_once_the_players_cube_is_there() -> None:
    """A cube placed on the Map's Master space plays a Master once: a second stop there places nothing (V5,
    V8), so a Scientist next to it with the cube already there sees no Master to play."""
    catalog = nr.default_catalog()
    praha = catalog.map_spaces_by_kind["master"][0]
    neighbour = next(to for to, _cost in catalog.routes_from[praha])

    def scientist_next_to_praha(cubes: tuple[str, ...]) -> nr.Game:
        position = Position(players=2, seed=3).player(0, scientist=neighbour, masters=("hooke",), cubes=cubes)
        return position.turn(0).game()

    fresh, visited = scientist_next_to_praha(()), scientist_next_to_praha((praha,))
    cube_value = score_estimate(visited, 0) - score_estimate(fresh, 0)  # the cube itself, no prospect left
    empty = Position(players=2, seed=3).player(0, scientist=neighbour, masters=(), cubes=()).turn(0).game()
    no_master = Position(players=2, seed=3).player(0, scientist=neighbour, masters=(), cubes=(praha,)).turn(0).game()
    assert cube_value < score_estimate(no_master, 0) - score_estimate(empty, 0)


def _with_a_cube_placed(cubes: tuple[str, ...]) -> nr.Game:
    """Round 1, the first player's turn, their cubes on ``cubes`` (Amsterdam's City: V1, V3)."""
    return Position(players=2, seed=3).player(0, cubes=cubes).turn(0).game()


def test_a_placed_cube_is_valued_at_the_cube_weight_while_the_game_goes_on() -> None:
    """In round 1 (all 6 End Rounds to come) a cube counts its full ``cube`` weight in the estimate, besides
    what its space gave; an estimate with a higher cube weight differs by exactly the difference per cube."""
    none, one = _with_a_cube_placed(()), _with_a_cube_placed(("amsterdam",))
    high, low = EstimateWeights(cube=2.6), EstimateWeights(cube=1.6)
    assert score_estimate(one, 0, high) - score_estimate(one, 0, low) == pytest.approx(1.0)
    assert score_estimate(none, 0, high) == score_estimate(none, 0, low)


def test_mcts_values_its_leaves_with_its_own_weights() -> None:
    """MCTSBot values a placed cube higher than GreedyBot's evaluation does (its search sees fewer of the
    journeys to a cube): a leaf where one player has a cube is worth more to them at its weights."""
    game = _with_a_cube_placed(("amsterdam",))
    assert MCTSBot().weights_for(2) == mcts.MCTS_WEIGHTS and mcts.MCTS_WEIGHTS.cube > evaluation.CUBE_VALUE
    shipped = MCTSBot().leaf_values(game, None, None)
    greedy_valued = MCTSBot(weights=evaluation.WEIGHTS).leaf_values(game, None, None)
    assert shipped[0] > greedy_valued[0] and shipped[1] < greedy_valued[1]


def test_mcts_alone_uses_its_solo_weights() -> None:
    """Solo MCTSBot uses ``MCTS_SOLO_WEIGHTS`` (GreedyBot's); given ``weights`` hold at every player count."""
    assert MCTSBot().weights_for(1) == mcts.MCTS_SOLO_WEIGHTS == evaluation.WEIGHTS
    given = EstimateWeights(cube=2.0, hand_action=1.0)
    assert MCTSBot(weights=given).weights_for(1) == MCTSBot(weights=given).weights_for(3) == given


def test_each_basic_action_at_hand_is_worth_the_hand_action_weight_while_the_game_goes_on() -> None:
    """In round 1 (all 6 End Rounds to come) the ``hand_action`` weight adds its full VP per Basic Action the
    cards in hand and on the desk offer; at 0, GreedyBot's, it adds nothing."""
    game = Position(players=2, seed=3).player(0, hand=["work", "travel", "lessons"]).turn(0).game()
    at_hand = game.facts(0).basic_actions_at_hand
    assert at_hand == 3
    weighed = score_estimate(game, 0, EstimateWeights(hand_action=2.0))
    assert weighed - score_estimate(game, 0) == pytest.approx(2.0 * at_hand)


@pytest.mark.parametrize("field", ["cube", "hand_action"])
@pytest.mark.parametrize("bad", [math.nan, math.inf, "3", True])
def test_estimate_weights_refuse_what_is_not_a_finite_number(field: str, bad: object) -> None:
    with pytest.raises(ValueError, match=f"EstimateWeights.{field} must be a finite number of VP"):
        EstimateWeights(**{field: bad})  # type: ignore[arg-type]


def test_greedy_sees_the_cube_at_the_end_of_a_two_step_journey() -> None:
    """A Travel of 2 from Basel ends on Amsterdam two steps away, placing a cube and taking its City tile's
    4 Coins (V1, V3): GreedyBot plays the Travel card for it, where a lookahead of one follow-up sees only
    the first step and plays the Study card."""
    game = (
        Position(players=2, seed=3)
        .player(0, hand=("travel", "study"), desk=("L1-07",), scientist="basel", coins=0)
        .map_tile("amsterdam", "C1")
        .bonus(())
        .turn(0)
        .game()
    )
    travel = nr.Action("play", Position(players=2, seed=3).card_id(0, "travel"))
    assert GreedyBot(seed=1).choose(game.view(0)) == travel
    assert GreedyBot(seed=1, depth=1).choose(game.view(0)) != travel


def _plain_lookahead(after: nr.Game, seat: int, depth: int) -> float:
    """GreedyBot's lookahead as docs/bots.md states it, every position evaluated as often as it is reached."""
    value = evaluate(after, seat)
    if depth == 0 or after.to_move != seat:
        return value
    for action in after.legal_actions():
        following = after.apply(action)
        deeper = action.kind in MOVEMENT and depth > 1
        reached = _plain_lookahead(following, seat, depth - 1) if deeper else evaluate(following, seat)
        value = max(value, reached + nudge(after, action))
    return value


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_greedy_remembering_positions_chooses_as_the_plain_lookahead(seed: int) -> None:
    """Evaluating each position once per decision is a saving, not a change: the choice is one the plain
    lookahead ranks best, on the same sampled game (a new bot's first sample is drawn with its seed)."""
    game = _mid_game(2, seed)
    seat = game.to_move
    assert seat is not None
    sample = game.view(seat).sample(random.Random(seed))
    values = {a: _plain_lookahead(sample.apply(a), seat, 4) + nudge(sample, a) for a in sample.legal_actions()}
    best = max(values.values())
    assert GreedyBot(seed=seed, depth=4).choose(game.view(seat)) in {a for a, v in values.items() if v >= best - 1e-9}


def test_greedy_depth_must_reach_the_follow_up() -> None:
    with pytest.raises(ValueError, match="depth must be at least 1"):
        GreedyBot(depth=0)


def test_the_core_names_of_the_old_base_module_still_work_with_a_warning() -> None:
    """``newton_rules.bots.base`` gave the core's bot names once: they are the core's, with a warning."""
    with pytest.warns(DeprecationWarning, match="newton_rules.bots.base.play_game is deprecated"):
        assert base.play_game is play_game
    with pytest.warns(DeprecationWarning):
        assert base.MAX_ACTIONS == core_bots.MAX_ACTIONS
    with pytest.raises(AttributeError):
        _ = base.no_such_name
