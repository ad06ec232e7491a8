"""The effect table (rules/effects.py): one declaration per primitive, the classes derived from it, and each
modifier's hook reading that modifier in its Basic Action's module."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest

from newton_rules import Game
from newton_rules.components.loading import default_catalog
from newton_rules.effects import primitives as fx
from newton_rules.effects.primitives import EFFECT_TYPES
from newton_rules.model.events import ResourcesChanged
from newton_rules.model.sources import Source
from newton_rules.model.tx import Tx
from newton_rules.rules import effects, lessons
from newton_rules.rules.effects import (
    EFFECT_RULES,
    EFFECT_TABLE,
    MODIFIER_CLASSES,
    EffectClass,
    EffectRule,
    Use,
    declare_effects,
    declared_effects,
    effect_class,
    effects_of_class,
    resolve,
    usable,
)
from newton_rules.testing import Position

HOOKED = [rule for rule in EFFECT_TABLE if rule.acts_through is not None]


def test_every_primitive_is_declared_once_in_the_order_of_the_primitives() -> None:
    engine_primitives = [cls for cls in EFFECT_TYPES.values() if cls.__module__.startswith("newton_rules.")]
    assert [rule.effect for rule in EFFECT_TABLE] == engine_primitives  # a test may declare its own
    assert {rule.effect: (rule.can, rule.do) for rule in declared_effects()} == EFFECT_RULES
    assert declared_effects()[: len(EFFECT_TABLE)] == EFFECT_TABLE


def test_a_primitive_is_declared_once() -> None:
    with pytest.raises(ValueError, match="the effect primitive 'gain' is declared twice"):
        declare_effects(EFFECT_TABLE[0])
    assert declared_effects().count(EFFECT_TABLE[0]) == 1


def test_the_classes_are_read_from_the_declarations() -> None:
    assert effects_of_class("free_modifier") == (fx.PerformTakenCard, fx.DoubleBonusTokens, fx.ExtraCube)  # M4, E5, E11
    assert effects_of_class("paid_modifier") == (fx.ExtraBookTile, fx.IgnoreBookRequirement)  # E4, E10
    # R6: E7 copies the one-shot effects, never a modifier (E4, E5, E6, E10, E11) nor another E7
    one_shot = (fx.Gain, fx.Exchange, fx.ChooseVolume, fx.VPPerVolume, fx.VPPerVolumeTriple, fx.DiscardForReward)
    immediate = effects_of_class("immediate")
    assert set(one_shot) <= set(immediate) and effect_class(fx.ChooseVolume()) == "immediate"
    not_copied = {rule.effect for rule in EFFECT_TABLE if rule.kind in MODIFIER_CLASSES} | {fx.CopyDeskEffect}
    modifiers = {fx.ExtraBookTile, fx.DoubleBonusTokens, fx.MoveToVillage, fx.IgnoreBookRequirement, fx.ExtraCube}
    assert not_copied == {*modifiers, fx.PerformTakenCard, fx.CopyDeskEffect}
    assert not not_copied & set(immediate)


@pytest.mark.parametrize("rule", HOOKED, ids=lambda rule: rule.effect.__name__)
def test_a_modifier_hook_reads_its_own_modifier_only(rule: EffectRule[Any]) -> None:
    assert rule.acts_through is not None
    others = tuple(other.effect() for other in HOOKED if other is not rule)
    assert rule.acts_through((rule.effect(),))
    assert rule.acts_through((*others, rule.effect()))
    assert not rule.acts_through(())
    assert not rule.acts_through(others)


def test_a_declaration_names_the_action_and_hook_of_a_modifier_and_only_of_one() -> None:
    with pytest.raises(ValueError, match="a modifier names its Basic Action"):
        EffectRule(fx.ExtraCube, lambda use, effect: False, lambda tx, p, effect, source: None, "free_modifier")
    with pytest.raises(ValueError, match="a modifier names its Basic Action"):
        EffectRule(fx.Gain, lambda use, effect: True, lambda tx, p, effect, source: None, "immediate", modifies="work")


def _never_usable(use: Use, effect: Any) -> bool:
    return False


def _does_nothing(tx: Tx, player: int, effect: Any, source: Source) -> None:
    pass


def _hook(modifiers: tuple[fx.Effect, ...]) -> bool:
    return bool(modifiers)


@pytest.mark.parametrize("kind", ["paid_modifier", "free_modifier"])
def test_a_paid_or_free_modifier_names_its_hook_and_a_side_modifier_none(kind: EffectClass) -> None:
    """A paid or free modifier acts inside its Basic Action through a hook; a side modifier (R6) acts at
    once, beside the action, so it has none."""
    hooked = EffectRule(fx.ExtraCube, _never_usable, _does_nothing, kind, modifies="travel", acts_through=_hook)
    assert hooked.acts_through is _hook
    with pytest.raises(ValueError, match="a paid or free one its hook"):
        EffectRule(fx.ExtraCube, _never_usable, _does_nothing, kind, modifies="travel")
    side = EffectRule(fx.MoveToVillage, _never_usable, _does_nothing, "side_modifier", modifies="travel")
    assert side.acts_through is None
    with pytest.raises(ValueError, match="a paid or free one its hook"):
        EffectRule(
            fx.MoveToVillage, _never_usable, _does_nothing, "side_modifier", modifies="travel", acts_through=_hook
        )


@attrs.frozen(kw_only=True)
class Windfall(fx.Effect):
    """A designer's primitive, declared by the test below: ``coins`` Coins, usable while ``usable``."""

    tag: ClassVar[str] = "test_windfall"

    coins: int = 1
    usable: bool = True


def can_windfall(use: Use, effect: Windfall) -> bool:
    return effect.usable


def do_windfall(tx: Tx, player: int, effect: Windfall, source: Source) -> None:
    tx.gain(player, source, coins=effect.coins)


def test_a_declared_primitive_is_used_and_resolved_through_its_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new primitive is its record, its pair and its declaration: once declared, ``usable`` asks its
    ``can`` and ``resolve`` runs its ``do`` (the registry is the test's copy, dropped after it)."""
    monkeypatch.setattr(effects, "_DECLARED", dict(effects._DECLARED))
    monkeypatch.setattr(effects, "EFFECT_RULES", dict(EFFECT_RULES))
    rule = EffectRule(Windfall, can_windfall, do_windfall, "immediate")
    assert declare_effects(rule) == (rule,)
    assert effects.declared_effects()[-1] is rule
    game = Position(players=2, seed=1).turn(0).game()
    ctx = Game.context(game.config, game.catalog)
    use = Use(game.state, ctx, 0, None, None)
    assert usable(use, Windfall()) and not usable(use, Windfall(usable=False))
    tx = Tx(game.state, ctx)
    resolve(tx, 0, Windfall(coins=3), Source("card", "L1-01"))
    assert tx.events == [ResourcesChanged(player=0, coins=3, source=Source("card", "L1-01"))]


def test_descartes_follow_up_is_a_lessons_modifier_read_through_its_hook() -> None:
    """M4 Descartes: the card taken performed next is no flag of PerformAction but the modifier
    PerformTakenCard, declared for Lessons with the hook of the Lessons module; his Master carries it."""
    rule = next(rule for rule in EFFECT_TABLE if rule.effect is fx.PerformTakenCard)
    assert (rule.kind, rule.modifies, rule.rules) == ("free_modifier", "lessons", ("M4",))
    assert rule.acts_through is lessons.taken_card_follows
    assert "then_perform_taken" not in attrs.fields_dict(fx.PerformAction)
    descartes = default_catalog().masters_by_id["descartes"].immediate
    assert descartes == (fx.PerformAction(action="lessons", value=1, modifiers=(fx.PerformTakenCard(),)),)


def test_a_master_or_tile_action_carries_only_modifiers_of_its_own_basic_action() -> None:
    """Every modifier a PerformAction of the reference data carries is declared for the action it performs."""
    declared = {rule.effect: rule.modifies for rule in EFFECT_TABLE}
    catalog = default_catalog()
    effects = [
        *(e for m in catalog.masters for e in (*m.immediate, *m.passive)),
        *(e for t in (*catalog.inventions, *catalog.specializations, *catalog.cities) for e in t.effects),
        *(token.effect for token in catalog.bonus_tokens),
    ]
    carried = [(e.action, type(m)) for e in effects if isinstance(e, fx.PerformAction) for m in e.modifiers]
    assert carried == [("lessons", fx.PerformTakenCard)]
    assert all(declared[modifier] == action for action, modifier in carried)


# -- Amount: what the primitives give or cost --------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "zero"),
    [
        (fx.Amount(), True),
        (fx.Amount(coins=1), False),
        (fx.Amount(vp=1), False),
        (fx.Amount(potions=1), False),
        (fx.Amount(coins=1, vp=1), False),
        (fx.Amount(vp=1, potions=1), False),
        (fx.Amount(coins=1, potions=1), False),
    ],
)
def test_an_amount_is_nothing_only_without_coins_vp_and_potions(amount: fx.Amount, zero: bool) -> None:
    """An Amount is nothing (no "costs" or "gains" in its words) only when Coins, VP and Potions are all 0."""
    assert amount.is_zero() is zero


def test_an_amount_per_item_scales_coins_vp_and_potions() -> None:
    """I4, I5, G3: an Amount per item, for 3 items, is 3 times each of its Coins, VP and Potions."""
    assert fx.Amount(coins=1, vp=2, potions=3).scaled(3) == fx.Amount(coins=3, vp=6, potions=9)


def test_a_perform_action_with_modifiers_names_its_basic_action() -> None:
    """M4: modifiers change a named Basic Action, so an action "of any kind" (Paracelsus) carries none; a
    designer's data saying otherwise is refused with the reason."""
    with pytest.raises(ValueError, match=r"^perform_action: modifiers change a named Basic Action, give its 'action'$"):
        fx.PerformAction(action=None, value=1, modifiers=(fx.PerformTakenCard(),))
    assert fx.PerformAction(action="lessons", value=1, modifiers=(fx.PerformTakenCard(),)).action == "lessons"
