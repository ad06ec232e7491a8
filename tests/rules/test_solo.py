"""The 1-player game: 6 Masters drawn and 4 kept (S12), lines of 2 (S9, F12), no First Player token
(S11, F13), the solo title of the final score (F17)."""

from __future__ import annotations

import pytest

import newton_rules as nr
from newton_rules import Game, IllegalAction
from newton_rules.model import events as ev
from newton_rules.model.frames import DraftFrame, TuckFrame, TurnFrame
from newton_rules.rules.scoring import solo_rank


def keep_four(game: Game) -> Game:
    """Keep the first four Masters offered."""
    for _ in range(4):
        game = game.apply(game.legal_actions()[0])
    return game


def next_decision(game: Game) -> Game:
    """A plain policy: play the first card in hand, take no action, end the turn; tuck the first card."""
    actions = game.legal_actions()
    kinds = [a.kind for a in actions]
    if "play" in kinds:
        return game.apply(actions[kinds.index("play")])
    if "end" in kinds:
        return game.apply("end")
    return game.apply(actions[0])


def test_s12_solo_draws_six_masters_and_keeps_four() -> None:
    """S12: a 1-player game draws 6 Master cards and the player keeps 4 (4 ``keep`` decisions)."""
    game = nr.new_game(players=1, seed=5)
    dealt = [e for e in game.events if isinstance(e, ev.MastersDealt)]
    assert len(dealt) == 1 and len(dealt[0].masters) == 6 and dealt[0].draft
    drawn = dealt[0].masters
    assert game.state.phase == "draft"
    assert isinstance(game.frames[-1], DraftFrame)
    assert {str(a) for a in game.legal_actions()} == {f"keep {m}" for m in drawn}

    kept: list[str] = []
    for n, choice in enumerate((drawn[1], drawn[3], drawn[5], drawn[0])):
        assert game.state.phase == "draft"
        assert len(game.legal_actions()) == 6 - n
        game = game.apply(f"keep {choice}")
        kept.append(choice)
        assert game.state.players[0].masters == tuple(kept)

    p = game.state.players[0]
    assert game.state.phase == "action" and game.round == 1
    assert isinstance(game.frames[-1], TurnFrame) and game.to_move == 0
    assert p.masters == tuple(kept)
    assert p.draft == ()  # the 2 Masters not kept leave the game
    assert p.masters_played == ()


def test_s12_solo_keep_only_a_drawn_master() -> None:
    """S12: only one of the 6 drawn Masters may be kept; the game is unchanged by an illegal keep."""
    game = nr.new_game(players=1, seed=5)
    drawn = game.state.players[0].draft
    other = next(m.id for m in game.catalog.masters if m.id not in drawn)
    with pytest.raises(IllegalAction):
        game.apply(f"keep {other}")
    game = game.apply(f"keep {drawn[0]}")
    with pytest.raises(IllegalAction):
        game.apply(f"keep {drawn[0]}")  # already kept
    assert game.state.players[0].masters == (drawn[0],)
    assert len(game.legal_actions()) == 5


def test_s9_solo_lines_of_two() -> None:
    """S9: in a 1-player game 2 cards of each level are face up."""
    game = nr.new_game(players=1, seed=5)
    assert [len(line) for line in game.state.board.lines] == [2, 2, 2]
    assert [len(deck) for deck in game.state.board.decks] == [13, 13, 13]


def test_s4_solo_bonus_tokens_only_on_unmarked_spaces() -> None:
    """S4: 1 player: no Bonus token on the spaces marked 4, 3+ or 2+."""
    game = nr.new_game(players=1, seed=5)
    catalog = game.catalog
    marks = [(s.id, s.bonus) for s in catalog.map.spaces]
    marks += [(s.id, s.bonus) for s in catalog.technology_track.spaces]
    unmarked = {space for space, mark in marks if mark == "all"}
    assert {space for space, _ in game.state.board.bonus} == unmarked


def test_f12_solo_lines_refilled_with_two_cards() -> None:
    """F12: at End Round every face-up card goes under its deck and 2 new cards per level are turned up."""
    game = keep_four(nr.new_game(players=1, seed=5))
    game = game.apply(next(a for a in game.legal_actions() if a.kind == "play")).apply("flip 1")
    assert len(game.state.board.lines[0]) == 4  # Q1: the line has no size limit
    round_one_lines = game.state.board.lines
    while game.round == 1:
        game = next_decision(game)
    board = game.state.board
    assert [len(line) for line in board.lines] == [2, 2, 2]
    for level in range(3):
        old = round_one_lines[level]
        assert board.decks[level][-len(old) :] == old  # to the bottom of the deck, in order
        assert not set(board.lines[level]) & set(old)


def test_s11_f13_solo_has_no_first_player_rotation() -> None:
    """S11 / F13: the solo player takes all 5 turns of every round; the token never passes.
    F15 / F17: the game ends after round 6 with a title for the final score."""
    game = keep_four(nr.new_game(players=1, seed=5))
    turns_by_round: dict[int, int] = {}
    tucks = 0
    while not game.is_over:
        if isinstance(game.frames[-1], TuckFrame):
            tucks += 1
        before = len(game.events)
        game = next_decision(game)
        for e in game.events[before:]:
            if isinstance(e, ev.FlowChanged):
                assert e.first_player == 0
                if e.phase == "action" and e.turn_index > 0:
                    turns_by_round[e.round] = e.turn_index
    assert turns_by_round == {r: 5 for r in range(1, 7)}
    assert tucks == 5  # rounds 1-5; no tuck in round 6 (F14)
    assert game.state.first_player == 0
    assert game.rank == solo_rank(game.catalog, game.scores[0])
    assert game.rank is not None
