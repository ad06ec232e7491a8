"""How each effect primitive acts on a game: ``resolve(tx, player, effect, source)``.

Effects that need a decision push a frame (choose a Master, a drawer, a space...); the others emit
their events at once. Modifiers of a Basic Action (E4, E5, E10, E11) act through the turn and are
handled by :mod:`newton_rules.rules.turn` and the action modules, never here.
"""

from __future__ import annotations

from newton_rules.effects.primitives import (
    Amount,
    ChooseVolume,
    CopyDeskEffect,
    DiscardForReward,
    DoubleBonusTokens,
    Effect,
    EnrollStudent,
    Exchange,
    ExtraBookTile,
    ExtraCube,
    Gain,
    IgnoreBookRequirement,
    MedicineCity,
    MoveBookTile,
    MoveToVillage,
    NoEffect,
    PerCount,
    PerformAction,
    PermanentVolumes,
    PlaceCube,
    PlayMaster,
    RemoveBookTiles,
    TakeDevelopment,
    TakeIncome,
    VPPerVolume,
    VPPerVolumeTriple,
)
from newton_rules.model import events as ev
from newton_rules.model.frames import (
    ChooseActionFrame,
    CopyFrame,
    DevelopmentFrame,
    DiscardFrame,
    IncomeFrame,
    MasterFrame,
    MoveBookFrame,
    PlaceCubeFrame,
    VolumeFrame,
)
from newton_rules.model.sources import Source
from newton_rules.model.tx import Tx
from newton_rules.rules import queries as q


def receive(tx: Tx, player: int, amount: Amount, source: Source) -> None:
    tx.gain(player, source, coins=amount.coins, vp=amount.vp, potions=amount.potions)


def enroll_students(tx: Tx, player: int, count: int) -> None:
    """Move up to ``count`` Students from supply to the Technology start space (none left: nothing)."""
    start = tx.ctx.catalog.technology_track.start
    for _ in range(count):
        p = tx.player(player)
        free = q.free_indices(p.students)
        if not free:
            return
        tx.emit(ev.PieceMoved(player=player, piece="student", index=free[0], to=start))


def resolve(tx: Tx, player: int, effect: Effect, source: Source) -> None:
    """Apply ``effect`` for ``player``; ``source`` names the component for the event ledger."""
    from newton_rules.rules import basic

    catalog = tx.ctx.catalog
    match effect:
        case Gain():
            receive(tx, player, effect.amount, source)
        case Exchange():
            receive(
                tx,
                player,
                Amount(coins=-effect.pay.coins, vp=-effect.pay.vp, potions=-effect.pay.potions),
                source,
            )
            receive(tx, player, effect.gain, source)
        case EnrollStudent():
            enroll_students(tx, player, effect.count)
        case PerformAction():
            if effect.action is None:
                tx.push(ChooseActionFrame(player=player, value=effect.value))
            else:
                basic.start(tx, player, effect.action, effect.value, effect)
        case PerCount():
            _resolve_per_count(tx, player, effect, source)
        case PlayMaster():
            if tx.player(player).masters:
                tx.push(MasterFrame(player=player))
        case TakeDevelopment():
            supply = dict(tx.state.board.development_supply)
            if effect.action is None and any(supply.values()):
                tx.push(DevelopmentFrame(player=player))
            elif effect.action is not None and supply.get(effect.action, 0) > 0:
                tx.push(DevelopmentFrame(player=player, action=effect.action))
        case TakeIncome():
            supply = dict(tx.state.board.income_supply)
            if effect.kind is None and any(supply.values()):
                tx.push(IncomeFrame(player=player))
            elif effect.kind is not None and supply.get(effect.kind, 0) > 0:
                tx.push(IncomeFrame(player=player, kind=effect.kind))
        case PlaceCube():
            if tx.player(player).coins >= effect.cost and q.cubes_left(catalog, tx.player(player)) > 0:
                tx.push(PlaceCubeFrame(player=player, where=effect.where, cost=effect.cost))
        case MedicineCity():
            p = tx.player(player)
            if "medicine" not in p.income and tx.state.board.medicine_supply > 0:
                tx.push(IncomeFrame(player=player, kind="medicine"))
        case RemoveBookTiles():
            _remove_book_tiles(tx, player, effect.count)
        case MoveBookTile():
            if tx.player(player).books:
                tx.push(MoveBookFrame(player=player))
        case ChooseVolume():
            tx.push(VolumeFrame(player=player))
        case VPPerVolume():
            n = q.colour_volumes(catalog, tx.player(player), effect.colour)
            tx.gain(player, source, vp=effect.vp * n)
        case VPPerVolumeTriple():
            tx.gain(player, source, vp=effect.vp * q.identical_triples(catalog, tx.player(player)))
        case DiscardForReward():
            if tx.player(player).hand:
                tx.push(DiscardFrame(player=player, card=source.id))
        case CopyDeskEffect():
            tx.push(CopyFrame(player=player, card=source.id))
        case PermanentVolumes() | NoEffect():
            pass
        case ExtraBookTile() | IgnoreBookRequirement() | DoubleBonusTokens() | ExtraCube() | MoveToVillage():
            raise AssertionError(f"{type(effect).__name__} is a turn modifier, resolved by the turn rules")


def _resolve_per_count(tx: Tx, player: int, effect: PerCount, source: Source) -> None:
    from newton_rules.rules.rewards import grant

    n = q.count(tx.ctx.catalog, tx.state, tx.player(player), effect.counter)
    receive(tx, player, effect.gain.scaled(n), source)
    if effect.action is None or n == 0:
        return
    actions: tuple[PerformAction, ...]
    if tx.ctx.config.options.invention_actions == "combined":
        actions = (PerformAction(action=effect.action, value=effect.action_value * n),)
    else:
        actions = tuple(PerformAction(action=effect.action, value=effect.action_value) for _ in range(n))
    grant(tx, player, actions, source)


def _remove_book_tiles(tx: Tx, player: int, count: int) -> None:
    from newton_rules.rules.rewards import grant

    catalog = tx.ctx.catalog
    per_pile = catalog.constants.tiles_per_pile
    for _ in range(min(count, q.book_tiles_left(catalog, tx.player(player)))):
        p = tx.player(player)
        taken = len(p.books) + p.books_removed + 1
        tx.emit(ev.BooksRemoved(player=player, count=1))
        if taken % per_pile == 0 and tx.ctx.config.options.cavendish_pile_bonus:
            pile = taken // per_pile
            bonus = next(b for b in catalog.pile_bonuses if b.pile == pile)
            grant(tx, player, bonus.effects, Source("pile", str(pile)))
