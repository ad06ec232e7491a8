"""Advanced Lessons special actions (rules X5-X8).

A special action card tucked under the desk lies upside down in its column (the column of the drawers it
sits under, F9). Its special action is usable when the player plays an Action card in that same column,
so in that turn of the round (X6), once: like a Quick Action, before, during or after the card's Basic
Action (``use CARD``). A condition on an action "performed" reads only the Basic Action the played card
performed, recorded on the turn (X7), and is met once that action is over. Using it pays its cost, as a
Quick Action is paid (from anything the player holds), then receives its effects in order at once.

The choices the effects ask for are the frames here: an available card to take (``take CARD``), a card
to discard first (``discard CARD``), and what is given again (``again X``).
"""

from __future__ import annotations

from newton_rules.components.records import SpecialAction
from newton_rules.effects.primitives import Effect
from newton_rules.model import events as ev
from newton_rules.model.actions import USE as USE_KIND
from newton_rules.model.actions import Action
from newton_rules.model.frames import (
    RepeatFrame,
    Reward,
    RewardFrame,
    TakeCardFrame,
    TradeCardFrame,
    TurnFrame,
)
from newton_rules.model.reducer import reduce
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.costs import turn_below
from newton_rules.rules.effects import (
    Use,
    available_cards,
    repeat_choices,
    resolve,
    usable,
)
from newton_rules.rules.scoring import objective_vp
from rules_core.decisions import Interjection

USE = USE_KIND.name


def column_special_action(state: GameState, ctx: Context, turn: TurnFrame) -> tuple[str, SpecialAction] | None:
    """The special action card tucked under the column of the card played in ``turn`` (X5, X6), if any."""
    if turn.card is None:
        return None
    p = state.players[turn.player]
    column = p.desk.index(turn.card)
    if column >= len(p.tucked):
        return None
    card_id = p.tucked[column]
    action = ctx.catalog.cards_by_id[card_id].special_action
    return None if action is None else (card_id, action)


def condition_met(turn: TurnFrame, action: SpecialAction, *, during: bool) -> bool:
    """X7: the played card's own Basic Action was ``after`` of at least ``at_least``, and is over."""
    if action.after is None:
        return True
    return not during and turn.performed == action.after and turn.performed_value >= action.at_least


def usable_special_action(state: GameState, ctx: Context, turn: TurnFrame, *, during: bool) -> list[Action]:
    """``use CARD`` when the turn's column holds a special action that can do something now (X5-X8)."""
    if turn.special_action_used:
        return []
    found = column_special_action(state, ctx, turn)
    if found is None:
        return []
    card_id, action = found
    p = state.players[turn.player]
    cost = action.cost
    if p.coins < cost.coins or p.potions < cost.potions or p.vp < cost.vp:
        return []
    if not condition_met(turn, action, during=during):
        return []
    use = Use(paid(state, turn.player, card_id, action), ctx, turn.player, None, None)
    if not any(usable(use, effect) for effect in action.effects):
        return []
    return [Action(USE, card_id)]


def paid(state: GameState, player: int, card_id: str, action: SpecialAction) -> GameState:
    """The state once the special action's cost is paid, as :func:`apply_use` pays it: what its effects act
    on (R22: an Objective of Coins counts the Coins left)."""
    cost, source = action.cost, Source("special_action", card_id)
    return reduce(
        state, ev.ResourcesChanged(player=player, coins=-cost.coins, vp=-cost.vp, potions=-cost.potions, source=source)
    )


def during_action(state: GameState, ctx: Context, player: int) -> list[Action]:
    """X5 "during": inside a Basic Action or before a Master's, where Quick Actions are (Q5, R5)."""
    options = ctx.config.options
    if not options.advanced_lessons or options.quick_actions != "action":
        return []
    turn = turn_below(state)
    if turn is None or turn.player != player:
        return []
    return usable_special_action(state, ctx, turn, during=True)


def apply_use(tx: Tx, player: int, card_id: str) -> None:
    """Use the special action of ``card_id``: mark the turn, pay its cost, receive its effects at once."""
    action = tx.ctx.catalog.cards_by_id[card_id].special_action
    assert action is not None
    source = Source("special_action", card_id)
    tx.emit(ev.SpecialActionUsed(player=player, card=card_id))
    cost = action.cost
    tx.gain(player, source, coins=-cost.coins, vp=-cost.vp, potions=-cost.potions)
    # Pushed, not granted: a special action is a Quick Action, received now even inside an action (F6).
    _receive(tx, player, action.effects, source)


def _use(tx: Tx, player: int, action: Action) -> None:
    apply_use(tx, player, action.arg)


# X5 "during": the turn's special action, offered inside the decisions that name it in the rule table.
SPECIAL_ACTION_DURING = Interjection("special action", (USE_KIND,), during_action, _use)


# -- take an available card (X8) ---------------------------------------------------------------------------
def take_legal(state: GameState, ctx: Context, f: TakeCardFrame) -> list[Action]:
    return [Action("take", card) for _, card in available_cards(state, f.level)]


def take_apply(tx: Tx, f: TakeCardFrame, action: Action) -> None:
    tx.pop()
    level = next(lv for lv, card in available_cards(tx.state, f.level) if card == action.arg)
    tx.emit(ev.CardMoved(card=action.arg, src=f"line:{level}", dst="hand", player=f.player))


# -- discard a card from hand, then take any available card (X8) --------------------------------------------
def trade_legal(state: GameState, ctx: Context, f: TradeCardFrame) -> list[Action]:
    return [Action("discard", card) for card in dict.fromkeys(state.players[f.player].hand)]


def trade_apply(tx: Tx, f: TradeCardFrame, action: Action) -> None:
    tx.pop()
    tx.emit(ev.CardMoved(card=action.arg, src="hand", dst="removed", player=f.player))
    if available_cards(tx.state, None):
        tx.push(TakeCardFrame(player=f.player))


# -- what a special action gives again (X8) ----------------------------------------------------------------
def repeat_legal(state: GameState, ctx: Context, f: RepeatFrame) -> list[Action]:
    use = Use(state, ctx, f.player, None, None)
    return [Action("again", choice) for choice in repeat_choices(use, f.what)]


def repeat_apply(tx: Tx, f: RepeatFrame, action: Action) -> None:
    tx.pop()
    catalog = tx.ctx.catalog
    source = Source("special_action", f.card)
    p = tx.player(f.player)
    match f.what:
        case "income":
            kind = p.income[int(action.arg)]
            if kind == "medicine":
                tx.gain(f.player, source, vp=q.medicine_vp(catalog, tx.state, p))
            elif kind is not None:
                for effect in catalog.tiles_by_id[kind].effects:
                    resolve(tx, f.player, effect, source)
        case "token":
            _receive(tx, f.player, (catalog.tokens_by_id[action.arg].effect,), source)
        case "city":
            tile_id = q.map_tile(tx.state, action.arg)
            assert tile_id is not None  # the choices are Map spaces that hold a City tile (repeat_choices)
            tile = catalog.tiles_by_id[tile_id]
            if tile.medicine:
                tx.emit(ev.MedicineTileTurned(player=f.player))
            else:
                _receive(tx, f.player, tile.effects, source)
        case "master":
            _receive(tx, f.player, catalog.masters_by_id[action.arg].immediate, source)
        case "objective":
            tile_id = next(t for _, space, t in q.objective_spaces(catalog, tx.state) if space == action.arg)
            tx.gain(f.player, source, vp=objective_vp(catalog, tx.state, p, catalog.objectives_by_id[tile_id]))


def _receive(tx: Tx, player: int, effects: tuple[Effect, ...], source: Source) -> None:
    tx.push(RewardFrame(reward=Reward(player=player, effects=effects, source=source)))


# What an X8 special action asks to choose, by the RepeatFrame's ``what``.
_REPEAT_CHOICES = {
    "income": "the income space whose Income tile pays now",
    "token": "the Bonus token whose effect to apply again",
    "city": "the City (with your cube) whose effect to apply again",
    "master": "the played Master whose immediate effect to apply again",
    "objective": "the occupied Objective whose VP to receive now",
}


def take_prompt(state: GameState, frame: TakeCardFrame) -> str:
    if frame.level is None:
        return "take an available Action card of any level"
    return f"take an available Action card of level {frame.level}"


def repeat_prompt(state: GameState, frame: RepeatFrame) -> str:
    return f"special action of {frame.card}: choose {_REPEAT_CHOICES[frame.what]}"
