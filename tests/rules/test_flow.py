"""Game flow (F1-F17): rounds and turns, playing a card, action values, End Round, final scoring.

Study boards are set explicitly: board D prints Technology in its drawer, board B prints Work.
"""

from __future__ import annotations

import pytest

import newton_rules as nr
from newton_rules.errors import IllegalAction
from newton_rules.game import Game
from newton_rules.model import events as ev
from newton_rules.model import reducer
from newton_rules.model.actions import Action
from newton_rules.model.config import Options
from newton_rules.model.frames import IncomeFrame, TechnologyFrame, TuckFrame, TurnFrame, WorkFrame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState
from newton_rules.testing import Position
from tests.rules.scenario import scenario

FIVE = ("work", "technology", "travel", "lessons", "study")


def last_turn(players: int = 2, round: int = 1, seed: int = 1, first: int = 0) -> Position:
    """The last turn of ``round``: every desk holds 5 Starting cards, the last player has just
    played Starting Study; ``end`` starts the End Round phase."""
    pos = scenario(players=players, seed=seed).with_state(first_player=first)
    boards = "DBCA"
    last = (first - 1) % players
    for seat in range(players):
        pos.player(seat, board=boards[seat])
        pos.desk(seat, *(FIVE if seat != last else FIVE[:-1]))
    pos.turn(last, played="study", round=round)
    return pos.with_state(turn_index=players * 5)


def passive_step(game: Game) -> Game:
    """One action of a passive policy: play the first card, tuck the first card, end the turn."""
    legal = game.legal_actions()
    kinds = [a.kind for a in legal]
    for wanted in ("play", "tuck", "end"):
        if wanted in kinds:
            return game.apply(legal[kinds.index(wanted)])
    return game.apply(legal[0])


def play_to_end(game: Game) -> Game:
    """Finish the game with the passive policy."""
    while not game.is_over:
        game = passive_step(game)
    return game


def turn_owners(game: Game) -> list[int]:
    """Seat of each turn started, in order (from the TurnFrames pushed)."""
    return [
        e.frame.player
        for e in game.events
        if isinstance(e, ev.DecisionPushed) and isinstance(e.frame, TurnFrame) and e.frame.card is None
    ]


def phases(game: Game) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for e in game.events:
        if isinstance(e, ev.FlowChanged) and (not out or out[-1] != (e.phase, e.round)):
            out.append((e.phase, e.round))
    return out


# ---------------------------------------------------------------------------------------------- F1 F2


def test_six_rounds_each_an_action_phase_then_an_end_round_phase() -> None:
    """F1: the phases of a whole game are action 1, End Round 1, ..., action 6, End Round 6, then over."""
    game = play_to_end(nr.new_game(players=2, seed=5))
    expected = [(phase, r) for r in range(1, 7) for phase in ("action", "end_round")]
    assert phases(game) == expected
    assert game.is_over
    assert sum(isinstance(e, ev.GameEnded) for e in game.events) == 1


def test_action_phase_is_five_turns_each_clockwise_from_the_first_player() -> None:
    """F2: in a 3-player game, turns go first player, next seat, ... for 5 turns each, every round
    (F13: starting from the new first player)."""
    game = nr.new_game(players=3, seed=2)
    first = game.state.first_player
    game = play_to_end(game)
    owners = turn_owners(game)
    assert len(owners) == 6 * 5 * 3
    for r in range(6):
        round_owners = owners[r * 15 : (r + 1) * 15]
        assert round_owners == [(first + r + i) % 3 for i in range(15)]


# ---------------------------------------------------------------------------------------------- F3


def test_a_card_must_be_played_when_the_hand_is_not_empty() -> None:
    """F3: at the start of a turn with cards in hand, the turn cannot end before a card is played;
    Quick Actions are allowed before playing."""
    game = scenario(players=2, seed=1).player(0, coins=3).turn(0).game()
    legal = game.legal_actions()
    assert Action("end") not in legal
    assert not any(a.kind == "basic" for a in legal)
    assert Action("potion") in legal
    with pytest.raises(IllegalAction):
        game.apply("end")
    game = game.apply("potion")
    assert Action("end") not in game.legal_actions()


def test_f3_the_turn_asks_for_a_card_then_for_its_actions() -> None:
    """F3, F5: the turn asks first for a card to play, then for its actions or the end of the turn."""
    pos = scenario(players=2, seed=1).turn(0, round=2)
    game = pos.game()
    assert game.decision is not None and game.decision.prompt == "round 2: play an Action card (Quick Actions allowed)"
    card = pos.card_id(0, "study")
    played = game.apply(f"play {card}").decision
    assert played is not None
    assert played.prompt == f"round 2: perform the Basic Action / Special Effect of {card}, or end the turn"


def test_l1_with_no_face_up_card_the_lessons_action_is_not_offered() -> None:
    """L1 with F5: with every line empty there is no card to take, so the Lessons action is not offered."""
    pos = scenario(players=2, seed=1).board(lines=((), (), ())).turn(0, played="lessons")
    assert "basic" not in {a.kind for a in pos.game().legal_actions()}


def test_played_card_goes_to_the_first_free_desk_space() -> None:
    """F3: the desk fills left to right."""
    pos = scenario(players=2, seed=1).desk(0, "work", "travel").turn(0)
    game = pos.game().apply(f"play {pos.card_id(0, 'study')}")
    assert game.state.players[0].desk == tuple(pos.card_id(0, c) for c in ("work", "travel", "study"))
    assert pos.card_id(0, "study") not in game.state.players[0].hand
    assert Action("end") in game.legal_actions()


def test_only_one_card_per_turn() -> None:
    """F3: after playing a card no other card can be played this turn."""
    pos = scenario(players=2, seed=1).turn(0)
    game = pos.game().apply(f"play {pos.card_id(0, 'work')}")
    assert not any(a.kind == "play" for a in game.legal_actions())


# ---------------------------------------------------------------------------------------------- F4


def test_action_value_counts_desk_tucked_cards_and_drawers() -> None:
    """F4: Work value = Work symbols on the desk (Starting Work, L1-01, the played L1-03: 3), under it
    (L1-02, L2-02: 2) and in the drawers (a Work Development tile: 1) = 6. A Technology card on the
    desk and a Work card in hand do not count."""
    pos = scenario(players=2, seed=1).player(0, board="D", hand=("L1-03", "L3-01"))
    pos.development(0, "work").desk(0, "work", "L1-01", "L1-04").tucked(0, "L1-02", "L2-02")
    game = pos.turn(0, played="L1-03").game().apply("basic work")
    frame = game.frames[-1]
    assert isinstance(frame, WorkFrame) and frame.value == 6


def test_printed_drawer_symbol_counts() -> None:
    """F4: board B prints a Work symbol in a drawer: a lone Starting Work card has value 2."""
    pos = scenario(players=2, seed=1).player(0, board="B")
    game = pos.turn(0, played="work").game().apply("basic work")
    frame = game.frames[-1]
    assert isinstance(frame, WorkFrame) and frame.value == 2


def test_action_may_be_performed_at_a_lower_value() -> None:
    """F4: value 3, the Technology Student moves one space and stops."""
    pos = scenario(players=2, seed=1).player(0, board="A").bonus([]).desk(0, "technology", "L1-05")
    game = pos.turn(0, played="L1-06").game().apply("basic technology").apply("student 0")
    frame = game.frames[-1]
    assert isinstance(frame, TechnologyFrame) and frame.value == 3
    game = game.apply("step t1").apply("stop")
    assert game.state.players[0].students[0] == "t1"


# ---------------------------------------------------------------------------------------------- F5


def test_special_effect_before_the_basic_action() -> None:
    """F5: L1-01 (Work; Special Effect: 2 Coins for 3 VP): the Special Effect first, then Work."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=2)
    game = pos.turn(0, played="L1-01").game().apply("special")
    assert (game.state.players[0].coins, game.state.players[0].vp) == (0, 3)
    assert Action("basic", "work") in game.legal_actions()
    game = game.apply("basic work").apply("step w1")
    assert (game.state.players[0].coins, game.state.players[0].vp) == (1, 3)


def test_basic_action_before_the_special_effect() -> None:
    """F5: Work first, then the Special Effect is still open."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=2)
    game = pos.turn(0, played="L1-01").game().apply("basic work").apply("step w1")
    assert Action("special") in game.legal_actions()
    game = game.apply("special")
    assert (game.state.players[0].coins, game.state.players[0].vp) == (1, 3)


def test_quick_actions_between_card_effects() -> None:
    """F5: a Quick Action (a Potion, 3 Coins) between the Basic Action and the Special Effect."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=5)
    game = pos.turn(0, played="L1-01").game().apply("basic work").apply("step w1")
    game = game.apply("potion").apply("special")
    p = game.state.players[0]
    assert (p.coins, p.potions, p.vp) == (5 + 1 - 3 - 2, 1, 3)


def test_basic_action_and_special_effect_may_both_be_declined() -> None:
    """F5: play the card and end the turn: nothing but the card moving to the desk."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=2)
    before = pos.state.players[0]
    game = pos.turn(0, played="L1-01").game().apply("end")
    after = game.state.players[0]
    assert (after.coins, after.vp, after.work) == (before.coins, before.vp, before.work)
    assert after.desk == ("L1-01",)
    assert game.to_move == 1


def test_each_effect_once_per_turn() -> None:
    """F5: the Basic Action and the Special Effect are each performed at most once."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=9)
    game = pos.turn(0, played="L1-01").game().apply("special").apply("basic work").apply("step w1")
    legal = game.legal_actions()
    assert Action("special") not in legal
    assert not any(a.kind == "basic" for a in legal)


# ---------------------------------------------------------------------------------------------- F6


def travel_position(options: Options | None = None) -> Position:
    """Scientist in Basel, no Coins, a 2-Coin token in Geneve; Travel value 3 (board D)."""
    pos = scenario(players=2, seed=1, options=options).player(0, board="D", coins=0, scientist="basel")
    return pos.bonus([("geneve", "K01")]).desk(0, "travel", "L1-07").turn(0, played="L1-09")


def test_bonus_coins_cannot_pay_a_route_cost_in_the_same_travel() -> None:
    """F6: Basel -> Geneve takes the 2-Coin token, but its Coins arrive only when the Travel ends:
    the 1-Coin route Paris -> London cannot be paid."""
    game = travel_position().game().apply("basic travel")
    game = game.apply("step geneve").apply("step paris")
    assert game.state.players[0].coins == 0
    assert "london" not in {a.arg for a in game.legal_actions() if a.kind == "step"}
    with pytest.raises(IllegalAction):
        game.apply("step london")
    game = game.apply("stop")
    assert game.state.players[0].coins == 2


def test_option_immediate_rewards_pay_the_route() -> None:
    """F6 alternative (``rewards_timing="immediate"``): the token's Coins pay the London route."""
    game = travel_position(Options(rewards_timing="immediate")).game().apply("basic travel")
    game = game.apply("step geneve")
    assert game.state.players[0].coins == 2
    game = game.apply("step paris").apply("step london")
    assert game.state.players[0].scientist == "london"
    assert game.state.players[0].coins == 2 - 1


def test_rewards_are_received_in_the_order_triggered() -> None:
    """F6: t1's token (K06: 2 VP) is passed before the Student ends on a1 (Z3: Potion Income tile):
    the VP come first, then the tile is offered, both after the Student stopped."""
    pos = scenario(players=2, seed=1).player(0, board="A").bonus([("t1", "K06")]).track_tile("a1", "Z3")
    pos.desk(0, "technology", "L1-05")
    game = pos.turn(0, played="L1-06").game().apply("basic technology").apply("student 0")
    game = game.apply("step t1").apply("step a1")
    assert game.state.players[0].vp == 0  # the action is still running
    game = game.apply("stop")
    events = list(game.events)
    stopped = max(i for i, e in enumerate(events) if isinstance(e, ev.PieceMoved))
    token = Source("bonus_token", "K06")
    vp_at = next(
        i for i, e in enumerate(events) if isinstance(e, ev.ResourcesChanged) and e.vp == 2 and e.source == token
    )
    tile_at = next(
        i for i, e in enumerate(events) if isinstance(e, ev.DecisionPushed) and isinstance(e.frame, IncomeFrame)
    )
    assert stopped < vp_at < tile_at
    assert isinstance(game.frames[-1], IncomeFrame)


def test_special_effect_coins_cannot_pay_the_boost() -> None:
    """F6 (003 FAQ 2): all costs are paid before the effects; L1-06's Special Effect (1 Potion for 4
    Coins) gives Coins that cannot pay the 2-Coin boost of the same card's Basic Action."""
    pos = scenario(players=2, seed=1).player(0, board="A", coins=0, potions=1)
    game = pos.turn(0, played="L1-06").game().apply("special")
    assert game.state.players[0].coins == 4
    assert Action("boost") not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply("boost")


def test_boost_paid_from_coins_held_before_the_special_effect() -> None:
    """F6, E13 (003 FAQ 2): the boost is paid from Coins held before the card's effects, even after its
    Special Effect (the boost then comes right before its Basic Action, Q6)."""
    pos = scenario(players=2, seed=1).player(0, board="A", coins=2, potions=1)
    game = pos.turn(0, played="L1-06").game().apply("special").apply("boost")
    assert game.state.players[0].coins == 4
    game = game.apply("basic technology")
    frame = game.frames[-1]
    assert isinstance(frame, TechnologyFrame) and frame.value == 2


def test_work_coins_cannot_pay_the_boost_of_that_work() -> None:
    """F6 (003 FAQ 5): the boost is paid before the Work action, not from its Coins."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=0).desk(0, "work", "L1-01")
    game = pos.turn(0, played="L1-02").game().apply("basic work").apply("step w1").apply("stop")
    assert game.state.players[0].coins == 3
    assert Action("boost") not in game.legal_actions()


# ---------------------------------------------------------------------------------------------- F7


def test_no_card_in_hand_no_basic_action() -> None:
    """F7: with an empty hand the turn offers only Quick Actions and `end`."""
    pos = scenario(players=2, seed=1).player(0, coins=1, hand=()).desk(0, "work", "travel", "study")
    game = pos.turn(0).game()
    kinds = {a.kind for a in game.legal_actions()}
    assert "play" not in kinds and "basic" not in kinds and "special" not in kinds
    assert "end" in kinds and "flip" in kinds
    game = game.apply("end")
    assert game.to_move == 1
    assert len(game.state.players[0].desk) == 3


def test_desk_stays_short_and_one_of_its_cards_is_tucked() -> None:
    """F7 with F9: a player who had no card for the last turn tucks one of the 4 cards on the desk."""
    pos = last_turn(players=2, round=2, first=0)
    pos.player(1, hand=()).desk(1, "work", "technology", "travel", "lessons").turn(1, round=2)
    game = pos.with_state(turn_index=10).game()
    assert not any(a.kind == "play" for a in game.legal_actions())
    game = game.apply("end")
    game = game.apply(game.legal_actions()[0])  # player 0 (first player) tucks
    assert isinstance(game.frames[-1], TuckFrame) and game.to_move == 1
    assert {a.arg for a in game.legal_actions()} == {pos.card_id(1, c) for c in FIVE[:4]}


# ---------------------------------------------------------------------------------------------- F8


def test_joker_performs_any_basic_action_at_its_symbols_plus_one() -> None:
    """F8: with Starting Work and L1-01 on the desk, a Joker's Work has value 2 + 1 = 3; its
    Technology has value 1 (board D's printed drawer) + 1 = 2."""
    pos = scenario(players=2, seed=1).player(0, board="D").desk(0, "work", "L1-01").turn(0, played="joker")
    game = pos.game()
    assert {a.arg for a in game.legal_actions() if a.kind == "basic"} == set(FIVE)
    work = game.apply("basic work").frames[-1]
    assert isinstance(work, WorkFrame) and work.value == 3
    tech = game.apply("basic technology").frames[-1]
    assert isinstance(tech, TechnologyFrame) and tech.value == 2


def test_joker_on_the_desk_never_counts_afterwards() -> None:
    """F8: a Joker played earlier this round adds nothing to a later Work action."""
    pos = scenario(players=2, seed=1).player(0, board="D").desk(0, "joker", "work").turn(0, played="L1-01")
    frame = pos.game().apply("basic work").frames[-1]
    assert isinstance(frame, WorkFrame) and frame.value == 2


def test_joker_tucked_under_the_desk_never_counts() -> None:
    """F8: a tucked Joker adds nothing either (only the two Work cards count)."""
    pos = scenario(players=2, seed=1).player(0, board="D").tucked(0, "joker").desk(0, "work")
    frame = pos.turn(0, played="L1-01").game().apply("basic work").frames[-1]
    assert isinstance(frame, WorkFrame) and frame.value == 2


# ---------------------------------------------------------------------------------------------- F9 F10


def end_round(pos: Position, tucks: dict[int, str]) -> Game:
    """Finish the last turn and tuck ``tucks[seat]`` for each player (in the order asked)."""
    game = pos.game().apply("end")
    while isinstance(game.frames[-1], TuckFrame):
        seat = game.to_move
        assert seat is not None
        game = game.apply(f"tuck {pos.card_id(seat, tucks[seat])}")
    return game


def test_end_round_each_player_tucks_one_played_card() -> None:
    """F9: each player must choose ONE played card (no `decline`), the first player first."""
    pos = last_turn(players=2, round=1, first=1)
    game = pos.game().apply("end")
    assert game.state.phase == "end_round"
    assert game.to_move == 1
    assert {a.kind for a in game.legal_actions()} == {"tuck"}
    assert {a.arg for a in game.legal_actions()} == {pos.card_id(1, c) for c in FIVE}


def test_f9_three_players_tuck_clockwise_from_the_first_player() -> None:
    """F9 with F2: with 3 players and player 1 first, the tucks are chosen by 1, 2, then 0; the End Round
    keeps the count of the round's 15 turns."""
    pos = last_turn(players=3, round=1, first=1)
    game = pos.game().apply("end")
    assert game.state.phase == "end_round" and game.state.turn_index == 15
    order = []
    while isinstance(game.frames[-1], TuckFrame):
        seat = game.to_move
        assert seat is not None
        order.append(seat)
        game = game.apply(f"tuck {pos.card_id(seat, 'study' if seat != 0 else 'work')}")
    assert order == [1, 2, 0]


def test_tucked_card_goes_to_the_first_free_column() -> None:
    """F9: the new tucked card goes right of those tucked in earlier rounds."""
    pos = last_turn(players=2, round=2, first=0)
    pos.tucked(0, "joker")
    game = end_round(pos, {0: "lessons", 1: "travel"})
    assert game.state.players[0].tucked == (pos.card_id(0, "joker"), pos.card_id(0, "lessons"))
    assert game.state.players[1].tucked == (pos.card_id(1, "travel"),)
    assert [p.tuck_choice for p in game.state.players] == [None, None]  # the hidden choices are revealed


def test_tucked_card_symbol_counts_but_it_cannot_be_played_again() -> None:
    """F9: after tucking Starting Work, round 2 offers no way to play it, yet a Work card played in
    round 2 counts its symbol: value 1 (played) + 1 (tucked) on board D."""
    pos = last_turn(players=2, round=1, first=1)  # round 2 starts with player 0
    pos.player(0, hand=("work", "joker")).desk(0, "L1-01", "technology", "travel", "lessons", "study")
    game = end_round(pos, {0: "L1-01", 1: "work"})
    assert game.round == 2 and game.to_move == 0
    p = game.state.players[0]
    assert "L1-01" in p.tucked and "L1-01" not in p.hand
    assert Action("play", "L1-01") not in game.legal_actions()
    game = game.apply(f"play {pos.card_id(0, 'work')}").apply("basic work")
    frame = game.frames[-1]
    assert isinstance(frame, WorkFrame) and frame.value == 2


def test_other_played_cards_return_to_hand() -> None:
    """F10: the four cards not tucked go back to the hand (with the card never played)."""
    pos = last_turn(players=2, round=1, first=0)
    game = end_round(pos, {0: "study", 1: "study"})
    for seat in (0, 1):
        p = game.state.players[seat]
        assert p.desk == ()
        assert set(p.hand) == {pos.card_id(seat, c) for c in ("work", "technology", "travel", "lessons", "joker")}


# ---------------------------------------------------------------------------------------------- F11


def test_end_round_income() -> None:
    """F11: row row2-0 of board D is complete (printed tile + r2c1): 1 VP; Income tiles 2 VP, 2 Coins,
    1 Potion; the Medicine tile with one Medicine City visited: 1 VP. Total 4 VP, 2 Coins, 1 Potion."""
    pos = last_turn(players=2, round=1, first=0)
    pos.map_tile("amsterdam", "C6").map_tile("napoli", "C7")
    pos.player(0, books=("r2c1", "r2c3"), income=("vp", "coins", "potion", "medicine"), cubes=("amsterdam",))
    before = pos.state.players[0]
    game = end_round(pos, {0: "study", 1: "study"})
    p = game.state.players[0]
    assert (p.vp - before.vp, p.coins - before.coins, p.potions - before.potions) == (4, 2, 1)
    other = game.state.players[1]
    assert (other.vp, other.coins, other.potions) == (0, 2, 0)


def test_medicine_tile_pays_three_with_two_medicine_cities() -> None:
    """F11 (C6): with both Medicine Cities visited the Medicine tile pays 3 VP."""
    pos = last_turn(players=2, round=1, first=0)
    pos.map_tile("amsterdam", "C6").map_tile("napoli", "C7")
    pos.player(0, income=("medicine",), cubes=("amsterdam", "napoli"))
    game = end_round(pos, {0: "study", 1: "study"})
    assert game.state.players[0].vp == 3


def test_income_is_paid_every_round() -> None:
    """F11: the income comes again at the next End Round."""
    pos = last_turn(players=2, round=1, first=0).player(0, income=("coins",))
    game = end_round(pos, {0: "study", 1: "study"})
    assert game.state.players[0].coins == 2 + 2
    game = play_round(game)
    assert game.round == 3
    assert game.state.players[0].coins == 2 + 2 + 2


def play_round(game: Game) -> Game:
    """Play the rest of the current round passively (play the first card, end, tuck the first)."""
    start = game.round
    while game.round == start and not game.is_over:
        game = passive_step(game)
    return game


# ---------------------------------------------------------------------------------------------- F12


def test_lines_go_to_the_bottom_of_their_decks_and_three_new_cards_are_drawn() -> None:
    """F12: level 1's remaining face-up card goes under its deck; the top 3 cards form the new line."""
    pos = last_turn(players=2, round=1, first=0)
    deck1 = tuple(c for c in pos.state.board.decks[0] if c != "L1-01")
    pos.board(decks=(deck1, *pos.state.board.decks[1:])).line(1, "L1-01")
    deck1 = pos.state.board.decks[0]
    game = end_round(pos, {0: "study", 1: "study"})
    board = game.state.board
    assert board.lines[0] == deck1[:3]
    assert board.decks[0] == (*deck1[3:], "L1-01")
    for level in (2, 3):
        assert len(board.lines[level - 1]) == 3


def test_a_short_deck_leaves_its_line_short() -> None:
    """F12: a level-3 deck of 1 card and an empty line: the new line has that one card."""
    pos = last_turn(players=2, round=1, first=0)
    decks = pos.state.board.decks
    pos.board(decks=(decks[0], decks[1], ("L3-05",)), lines=(*pos.state.board.lines[:2], ()))
    game = end_round(pos, {0: "study", 1: "study"})
    assert game.state.board.lines[2] == ("L3-05",)
    assert game.state.board.decks[2] == ()


def test_f12_a_short_level_1_deck_still_lets_the_higher_lines_refill() -> None:
    """F12: a level-1 deck of 1 card and an empty line leave line 1 short; lines 2 and 3 get their 3 cards."""
    pos = last_turn(players=2, round=1, first=0)
    decks = pos.state.board.decks
    pos.board(decks=(("L1-05",), decks[1], decks[2]), lines=((), *pos.state.board.lines[1:]))
    game = end_round(pos, {0: "study", 1: "study"})
    assert game.state.board.lines == (("L1-05",), decks[1][:3], decks[2][:3])


def test_f9_f12_e8_every_card_zone_is_read_the_same_when_parsed_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """F9-F12 and E8: the zones the card moves name (deck and line of a level, hand, desk, tucked, removed)
    are parsed once and remembered; parsed anew they give the same state."""
    pos = last_turn(players=2, round=1, first=0)
    discard = scenario(players=2, seed=1).player(0, board="A").hand(0, "lessons").turn(0, played="L1-03")
    discard_moves = ("special", "discard start-red-lessons")

    def play() -> tuple[GameState, GameState]:
        game = discard.game()
        for move in discard_moves:
            game = game.apply(move)
        return end_round(pos, {0: "study", 1: "travel"}).state, game.state

    remembered = play()
    monkeypatch.setattr(reducer, "_ZONE_FIELDS", {})
    assert play() == remembered
    assert "start-red-lessons" in remembered[1].board.removed_cards


def test_solo_lines_get_two_cards() -> None:
    """F12: in a 1-player game each line is refilled with 2 cards."""
    pos = scenario(players=1, seed=1).player(0, board="D").desk(0, *FIVE[:-1]).turn(0, played="study")
    game = end_round(pos.with_state(turn_index=5), {0: "study"})
    assert game.round == 2
    assert [len(line) for line in game.state.board.lines] == [2, 2, 2]


# ---------------------------------------------------------------------------------------------- F13


@pytest.mark.parametrize(("first", "then"), [(0, 1), (1, 2), (2, 0)])
def test_first_player_token_passes_clockwise(first: int, then: int) -> None:
    """F13: in a 3-player game the token goes to the next seat; that player starts round 2."""
    pos = last_turn(players=3, round=1, first=first)
    game = end_round(pos, {0: "study", 1: "study", 2: "study"})
    assert game.state.first_player == then
    assert game.to_move == then


# ---------------------------------------------------------------------------------------------- F14 F15


def test_last_end_round_gives_income_only() -> None:
    """F14: after round 6 nobody tucks a card and the lines are not refilled; income is paid."""
    pos = last_turn(players=2, round=6, first=0).player(0, income=("vp",))
    lines = pos.state.board.lines
    game = pos.game().apply("end")
    assert game.is_over
    assert not any(isinstance(e, ev.DecisionPushed) and isinstance(e.frame, TuckFrame) for e in game.events)
    assert not any(isinstance(e, ev.TuckChosen) for e in game.events)
    assert game.state.board.lines == lines
    assert all(p.tucked == () for p in game.state.players)
    assert game.state.players[0].vp == 2


def test_f15_after_round_6_the_game_is_over_with_nothing_left_to_decide() -> None:
    """F15: once the last End Round is done nobody has anything to decide."""
    game = last_turn(players=2, round=6, first=0).game().apply("end")
    assert game.is_over and game.state.phase == "over"
    assert game.state.stack == () and game.decision is None and not game.legal_actions()


def test_final_scoring_objectives_occupied_and_masters_played() -> None:
    """F15: player 0 has a cube on the Map Objective (O1: 1 VP per Coin, at most 14: 20 Coins -> 14),
    the Work marker on w13 (O3: 2 VP per Bonus token: 2 tokens -> 4), a Student on a4 (O6: 4 VP per
    Student on a path end: a4 and c8 -> 8) and played Bruno (4) and Hooke (9): 39 VP. A Master kept
    in hand scores nothing; Objectives not occupied score nothing."""
    pos = last_turn(players=2, round=6, first=0)
    pos.map_objective("O1").track_tile("w13", "O3").track_tile("a4", "O6")
    pos.track_tile("a7", "O2").track_tile("b8", "O4").track_tile("c5", "O5")
    pos.player(
        0,
        coins=20,
        cubes=("berlin",),
        work="w13",
        students=("a4", "c8"),
        bonus_tokens=("K01", "K02"),
        masters=("cusano",),
        masters_played=("bruno", "hooke"),
    )
    game = pos.game().apply("end")
    assert game.is_over
    assert game.scores[0] == 14 + 4 + 8 + 4 + 9
    sources = {str(e.source) for e in game.events if isinstance(e, ev.ResourcesChanged) and e.player == 0}
    assert sources >= {"objective O1", "objective O3", "objective O6", "master bruno", "master hooke"}
    assert "master cusano" not in sources


def test_final_scoring_scientist_counts_as_a_cube_once_cubes_are_gone() -> None:
    """F15 (003 FAQ 6, V7): player 1 placed all 12 cubes and the Scientist stands on the Map
    Objective (O1): 5 Coins -> 5 VP. Player 0's Scientist there, with cubes left, scores nothing."""
    pos = last_turn(players=2, round=6, first=0).map_objective("O1")
    twelve = ["bologna", "paris", "leipzig", "krakow", "salamanca", "uppsala"]
    twelve += ["athenai", "roma", "siracusa", "amsterdam", "napoli", "istanbul"]
    pos.player(1, cubes=twelve, scientist="berlin", coins=5)
    pos.player(0, scientist="berlin", coins=7)
    game = pos.game().apply("end")
    assert game.scores == (0, 5)


# ---------------------------------------------------------------------------------------------- F16 F17


def test_most_vp_wins() -> None:
    """F16: the player with most VP wins alone."""
    pos = last_turn(players=3, round=6, first=0)
    pos.player(0, vp=30).player(1, vp=41).player(2, vp=40)
    game = pos.game().apply("end")
    assert game.winners == (1,)
    ended = [e for e in game.events if isinstance(e, ev.GameEnded)]
    assert ended[-1].winners == (1,) and ended[-1].scores == (30, 41, 40)


def test_tied_players_share_the_victory() -> None:
    """F16: two players tied on the most VP both win."""
    pos = last_turn(players=3, round=6, first=0)
    pos.player(0, vp=52).player(1, vp=38).player(2, vp=52)
    game = pos.game().apply("end")
    assert game.winners == (0, 2)
    assert game.rank is None


@pytest.mark.parametrize(
    ("vp", "title"),
    [
        (0, "Illiterate"),
        (40, "Illiterate"),
        (41, "Scribe"),
        (55, "Student"),
        (61, "Scholar"),
        (80, "Professor"),
        (81, "Dean"),
        (100, "Luminary"),
        (101, "Master of knowledge"),
        (110, "Master of knowledge"),
        (111, "Genius"),
        (120, "Genius"),
        (121, "Science Legend"),
        (150, "Science Legend"),
    ],
)
def test_solo_score_is_ranked(vp: int, title: str) -> None:
    """F17: the solo table (000 p.11; its overlapping bounds 110 and 120 read as in 003: 111-120
    Genius, 121+ Science Legend)."""
    pos = scenario(players=1, seed=1).player(0, board="D", vp=vp).desk(0, *FIVE[:-1])
    game = pos.turn(0, played="study", round=6).with_state(turn_index=5).game().apply("end")
    assert game.is_over
    assert game.scores == (vp,)
    assert game.rank == title
