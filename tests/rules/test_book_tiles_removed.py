"""Book tiles removed from the game (Cavendish, M3) and the piles they leave (B2): with the option
``cavendish_pile_bonus``, a pile's bonus comes when its last tile leaves, by removal too, and not before."""

from __future__ import annotations

import pytest

from newton_rules import Game, Options
from newton_rules.model.frames import MasterFrame
from tests.rules.scenario import scenario


def cavendish(books: list[str]) -> Game:
    """Player 0 (board A, no Potions, ``books`` placed) plays Cavendish with the pile bonus option."""
    pos = scenario(players=2, seed=1, options=Options(cavendish_pile_bonus=True)).player(0, board="A")
    pos = pos.player(0, books=books, potions=0, masters=("cavendish",)).bonus([]).turn(0)
    return pos.decide(*pos.state.stack, MasterFrame(player=0)).game().apply("master cavendish")


@pytest.mark.parametrize(("books", "potions"), [([], 0), (["r2c1"], 1)])
def test_b2_m3_a_piles_bonus_comes_with_its_last_tile_removed(books: list[str], potions: int) -> None:
    """B2 with M3: the first pile holds 3 tiles and gives 1 Potion. With none taken yet, Cavendish removes
    its first 2 tiles: no bonus; with one placed, the 2 removed are its last: the Potion."""
    game = cavendish(books)
    p = game.state.players[0]
    assert (p.books_removed, p.potions) == (2, potions)
