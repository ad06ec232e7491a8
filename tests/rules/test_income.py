"""End Round income: Alice's example of the rulebook (p.10, End Round Phase) and the income sources.

"Alice receives the following income: 2 VPs and 4 VPs for completed row and column; 1 VP for the
Medicine Income tile, 1 Potion token for the Income tile." (F11, B4, Z3, C6)
"""

from __future__ import annotations

from newton_rules.game import Game
from newton_rules.model import events as ev
from newton_rules.model.sources import Source
from newton_rules.testing import Position
from tests.rules.scenario import scenario

# Study board D: row0-0 (r0c0-r0c3) pays 4 VP; col0-0 (r0c0, r1c0 and the pre-filled r2c0) pays 2 VP.
ROW_AND_COLUMN = ["r0c0", "r0c1", "r0c2", "r0c3", "r1c0"]


def last_turn(pos: Position) -> Game:
    """Player 0 has played a card on the last turn of round 1 (player 1 has played nothing)."""
    pos = pos.player(1, desk=()).turn(0, played="work")
    turns = len(pos.state.players) * pos.catalog.constants.turns_per_round
    return pos.with_state(turn_index=turns).game()


def end_round(game: Game) -> Game:
    game = game.apply("end")
    assert game.decision is not None and game.decision.kind == "tuck"
    return game.apply("tuck start-red-work")


def alice() -> Position:
    pos = scenario(players=2, seed=1).map_tile("amsterdam", "C6").map_tile("napoli", "C7")
    return pos.player(
        0,
        board="D",
        drawers=[None, "technology", None, None, None],
        books=ROW_AND_COLUMN,
        income=["medicine", "potion"],
        cubes=["amsterdam"],
        coins=0,
        vp=0,
        potions=0,
    )


def test_alice_end_round_income() -> None:
    """F11 / rulebook example: 2 VP + 4 VP for a row and a column, 1 VP Medicine tile, 1 Potion tile."""
    before = last_turn(alice())
    after = end_round(before)
    p = after.state.players[0]
    assert (p.vp, p.potions, p.coins) == (7, 1, 0)
    assert after.round == 2

    new_events = after.events[len(before.events) :]
    income = sorted((e.vp, e.potions) for e in new_events if isinstance(e, ev.ResourcesChanged) and e.player == 0)
    assert income == [(0, 1), (1, 0), (2, 0), (4, 0)]


def test_f11_each_income_is_booked_to_what_pays_it() -> None:
    """F11 with B4, C6, Z3: the row and the column, the Medicine tile and the Income tile each pay as themselves."""
    before = last_turn(alice())
    after = end_round(before)
    paid = {
        (e.source, e.vp, e.potions)
        for e in after.events[len(before.events) :]
        if isinstance(e, ev.ResourcesChanged) and e.player == 0
    }
    assert paid == {
        (Source("bookshelf_line", "row0-0"), 4, 0),
        (Source("bookshelf_line", "col0-0"), 2, 0),
        (Source("medicine_tile"), 1, 0),
        (Source("income_tile", "potion"), 0, 1),
    }


def test_income_comes_again_every_round() -> None:
    """B4: a completed row or column pays its VP at every End Round from then on."""
    game = end_round(last_turn(alice()))
    assert game.round == 2
    while game.round == 2:  # everyone plays a card and ends; each tucks the first card played
        first = game.legal_actions()[0]
        game = game.apply(first if first.kind in ("play", "tuck") else "end")
    later = game.state.players[0]
    assert (later.vp, later.potions) == (14, 2)


def test_incomplete_line_pays_nothing() -> None:
    """B4: with r0c3 missing, row0-0 pays nothing; the column still pays 2 VP."""
    pos = alice().player(0, books=["r0c0", "r0c1", "r0c2", "r1c0"], income=[])
    assert end_round(last_turn(pos)).state.players[0].vp == 2


def test_each_income_tile_pays_its_bonus() -> None:
    """Z3: Income tiles give 2 VP, 2 Coins or 1 Potion at each End Round."""
    pos = alice().player(0, books=[], income=["vp", "coins", "potion", "coins"])
    p = end_round(last_turn(pos)).state.players[0]
    assert (p.vp, p.coins, p.potions) == (2, 4, 1)


def test_medicine_tile_after_two_medicine_cities_pays_3_vp() -> None:
    """C6: with both Medicine Cities visited the Medicine tile is on its 3-VP side."""
    pos = alice().player(0, books=[], income=["medicine"], cubes=["amsterdam", "napoli"])
    assert end_round(last_turn(pos)).state.players[0].vp == 3
