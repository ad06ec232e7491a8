"""The arguments each action kind can name (galileo_rules.model.domains), from which the action space of the
AI-research adapters and the bounds follow: every legal action must be named, and no payment the rules refuse."""

from __future__ import annotations

from galileo_rules import new_game
from galileo_rules.model import domains as d


def test_GD5_the_dice_named_are_each_colour_at_1_to_6_and_uncapped_to_12() -> None:
    game = new_game(players=2)
    assert list(d.die_values(game.config, game.catalog)) == [1, 2, 3, 4, 5, 6]
    assert d.dice(game.config, game.catalog)[:6] == [("R", v) for v in range(1, 7)]
    assert len(d.dice(game.config, game.catalog)) == 3 * 6
    uncapped = new_game(players=2, options={"die_cap": False})
    assert list(d.die_values(uncapped.config, uncapped.catalog)) == list(range(1, 13))


def test_GC4_a_payment_names_a_comet_only_where_the_dice_fall_short_of_the_costliest_object() -> None:
    game = new_game(players=2)
    costliest = max(
        cost
        for card in game.catalog.cards
        for cost in (card.major.cost, *(constellation.cost for constellation in card.constellations))
    )
    assert costliest == 11
    payments = set(d.payments(game.config, game.catalog))
    assert {"R5+R5", "R5+R5+c2", "R6+R6"} <= payments  # 10 falls short of 11: a Comet may help
    assert "R6+R6+c2" not in payments  # 12 reaches every cost: the Comet is never needed
