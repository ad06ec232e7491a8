"""The balance measures of the reference data (docs/data.md, "Balance"): shares, winners, must-haves,
exchange loops, solo titles."""

from __future__ import annotations

from typing import Any

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.effects.primitives import Amount, Exchange
from newton_rules.simulation.balance import (
    Batches,
    batch_sizes,
    exchange_loops,
    exchange_rates,
    must_haves,
    solo_median_rank,
    special_effects_share,
    winners_objectives_masters_share,
)
from newton_rules.simulation.targets import balance_rows


def player(score: int, win: float, **sources: int) -> dict[str, Any]:
    by_source = {"objectives": 0, "masters": 0, "special effects": 0, **sources}
    return {
        "bot": "greedy",
        "score": score,
        "win_share": win,
        "vp_by_source": by_source,
        "masters_held": [],
        "masters_played": [],
        "objectives": [],
        "cards": [],
        "tiles": [],
        "cubes": 0,
    }


def test_special_effects_share_counts_every_player() -> None:
    records = [{"players": [player(40, 1.0, **{"special effects": 10}), player(60, 0.0, **{"special effects": 10})]}]
    assert special_effects_share(records) == 0.2


def test_objectives_and_masters_share_counts_the_winners_only() -> None:
    records = [{"players": [player(80, 1.0, objectives=24, masters=8), player(60, 0.0, objectives=60)]}]
    assert winners_objectives_masters_share(records) == 0.4


def test_a_card_whose_holders_always_win_is_a_must_have() -> None:
    """3 players: fair is 1/3; holders who always win are above twice that, with a narrow interval."""
    records = []
    for _ in range(30):
        winner = player(80, 1.0)
        winner["cards"] = ["L1-01"]
        records.append({"players": [winner, player(50, 0.0), player(40, 0.0)]})
    assert [row[0] for row in must_haves(records)] == ["card L1-01"]
    even = [{"players": [player(80, 0.5), player(80, 0.5)]} for _ in range(30)]
    assert must_haves(even) == []


def with_card_special(catalog: Catalog, card_id: str, special: Exchange) -> Catalog:
    cards = tuple(attrs.evolve(c, special=special) if c.id == card_id else c for c in catalog.action_cards)
    return attrs.evolve(catalog, action_cards=cards)


def test_a_potion_sold_for_more_than_it_costs_is_a_loop() -> None:
    catalog = default_catalog()
    assert exchange_loops(catalog) == []
    looped = with_card_special(catalog, "L1-06", Exchange(pay=Amount(potions=1), gain=Amount(coins=4)))
    assert [loop.split(":")[0] for loop in exchange_loops(looped)] == ["L1-06"]


def test_exchange_rates_count_a_potion_at_its_quick_action_price() -> None:
    catalog = with_card_special(default_catalog(), "L3-01", Exchange(pay=Amount(potions=2), gain=Amount(vp=6)))
    assert dict(exchange_rates(catalog))["L3-01"] == 1.0


def test_solo_median_title() -> None:
    catalog = default_catalog()
    records = [{"rank": "Scribe"}, {"rank": "Professor"}, {"rank": "Dean"}]
    assert solo_median_rank(records, catalog) == (5, "Professor")


def test_rows_say_which_targets_are_met() -> None:
    games = [{"players": [player(90, 1.0, objectives=30, masters=10), player(60, 0.0)]}]
    rows = balance_rows(Batches(greedy={2: games}), default_catalog())
    met = {r.target: r.met for r in rows}
    assert met["Special Effects share of all VP <= 20%"] is True
    assert met["Objectives + Masters share of winners' VP >= 40%"] is True
    assert met["winners' mean VP 75-110"] is True
    assert met["winners' cubes placed >= 7"] is False


def test_the_table_names_each_batch_size_and_mcts_budget() -> None:
    greedy = [{"players": [player(90, 1.0)]}]
    mcts = [
        {"players": [player(80, 1.0)], "mcts_iterations": 200},
        {"players": [player(70, 1.0)], "mcts_iterations": 80},
    ]
    assert batch_sizes({"greedy-1p": greedy, "mcts-1p": mcts}) == "games: greedy-1p 1, mcts-1p 2 (80/200 iterations)"
    played_on = [{"players": [player(80, 1.0)], "mcts_iterations": 200, "mcts_playout_turns": 1}]
    assert batch_sizes({"mcts-2p": played_on}) == "games: mcts-2p 1 (200 iterations, playout turns 1)"
