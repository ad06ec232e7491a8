"""Properties of the Great Discoveries (G1-G3) over random setups, player counts and purses.

For any setup with the module: the tiles a player may buy are exactly those on the table whose cost the
player can pay; buying one costs exactly its cost, moves it from the table to the player face up and
adds its income and volumes; activating it gives exactly the VP its symbol counts and turns it face down.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import newton_rules as nr
from newton_rules.testing import Position


@given(players=st.integers(1, 4), seed=st.integers(0, 10**6), coins=st.integers(0, 12))
def test_buying_then_activating_any_tile(players: int, seed: int, coins: int) -> None:
    pos = Position(players=players, seed=seed, options=nr.Options(great_discoveries=True))
    seat = pos.state.first_player
    game = pos.player(seat, coins=coins).turn(seat).game()
    tiles = game.catalog.discoveries_by_id
    table = game.state.board.discoveries
    buyable = {a.arg for a in game.legal_actions() if a.kind == "discover"}
    assert buyable == {t for t in table if tiles[t].cost.coins <= coins}
    before = game.facts(seat)
    for tile in sorted(buyable):
        bought = game.apply(nr.Action("discover", tile))
        after = bought.facts(seat)
        assert after.coins == coins - tiles[tile].cost.coins and after.vp == before.vp
        assert bought.state.board.discoveries == tuple(t for t in table if t != tile)
        assert after.discoveries == (tile,)
        assert after.income.coins == before.income.coins + tiles[tile].income.coins
        assert after.income.vp == before.income.vp + tiles[tile].income.vp
        volumes = sum(
            getattr(after.volumes, c) - getattr(before.volumes, c) for c in ("blue", "green", "orange", "wild")
        )
        assert volumes == sum(getattr(e, "count", 0) for e in tiles[tile].passive)
        activated = bought.apply(nr.Action("activate", tile))
        assert activated.facts(seat).vp == after.vp + after.discovery_vp
        assert (activated.facts(seat).discoveries, activated.facts(seat).discoveries_used) == ((), (tile,))
        assert activated.facts(seat).income == before.income and activated.facts(seat).volumes == before.volumes
