"""The played card's costs (E13, 003 FAQ 2) as they come off what the player held before its first effect,
and the costs paid by other means (a special action's exchange, X5): which funds pay, and whose name
the ledger books them to.

The turn records, as data, what may still pay the played card's costs (``TurnFrame.held``): what the
player held when the card's first effect started, less each cost paid since.
"""

from __future__ import annotations

import attrs

from newton_rules import Game
from newton_rules.effects.primitives import Amount, Exchange
from newton_rules.model import events as ev
from newton_rules.model.frames import Holdings, TurnFrame
from newton_rules.model.sources import Source
from tests.rules.scenario import scenario


def held(game: Game) -> Holdings | None:
    """What may still pay the played card's costs, as the turn records it."""
    turn = next(f for f in reversed(game.frames) if isinstance(f, TurnFrame))
    return turn.held


def resources_changed(game: Game) -> list[tuple[Source, int, int, int]]:
    """The last action's changes of resources: (source, Coins, Potions, VP)."""
    return [(e.source, e.coins, e.potions, e.vp) for e in game.last_events if isinstance(e, ev.ResourcesChanged)]


def test_e13_e1_an_exchange_after_the_work_is_paid_from_what_was_held_before_the_work() -> None:
    """E13 with E1: 3 Coins, 2 Potions and 5 VP held before the Work; the Work earns 1 Coin; the exchange
    (2 Coins, 1 Potion and 1 VP -> 1 Coin) is paid, booked to its card, and comes off what was held
    before the Work: 1 Coin, 1 Potion and 4 VP may still pay the card's costs, not the 2 Coins now held."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=3, potions=2, vp=5, work="w0")
    pos.card(0, "L1-01", special=Exchange(pay=Amount(coins=2, potions=1, vp=1), gain=Amount(coins=1)))
    game = pos.turn(0, played="L1-01").game().apply("basic work").apply("step w1")
    assert game.state.players[0].coins == 4
    game = game.apply("special")
    p = game.state.players[0]
    assert (p.coins, p.potions, p.vp) == (3, 1, 4)
    assert held(game) == Holdings(coins=1, potions=1, vp=4, cards=len(p.hand))
    card = Source("card", "L1-01")
    assert resources_changed(game) == [(card, -2, -1, -1), (card, 1, 0, 0)]


def test_e13_e8_the_discarded_card_comes_off_the_cards_held_before() -> None:
    """E13 with E8: L2-12's Lessons takes L1-01; its discard spends the one card held before (the Starting
    Work card), so no card held before is left to pay a cost; 4 VP and 2 Coins booked to L2-12."""
    pos = scenario(players=2, seed=1).player(0, board="A").line(1, "L1-01", "L1-02", "L1-04")
    game = pos.hand(0, "work", "L2-12").turn(0, played="L2-12").game()
    game = game.apply("basic lessons").apply("take L1-01").apply("special")
    before = held(game)
    assert before is not None and before.cards == 1
    work = game.state.players[0].hand[0]
    game = game.apply(f"discard {work}")
    assert held(game) == attrs.evolve(before, cards=0)
    assert ev.CardMoved(card=work, src="hand", dst="removed", player=0) in game.last_events
    assert resources_changed(game) == [(Source("card", "L2-12"), 2, 0, 4)]
