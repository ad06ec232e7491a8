"""Adding a Master that needs a new effect primitive and a new decision (docs/architecture.md), in one module.

Luigi Galvani is a designer's Master: "Gain 3 coins or 1 Potion, your choice". His effect needs a new
primitive (``ResourceChoice``) and the choice a new decision (``ResourceChoiceFrame``, action ``resource``).
Everything a new Master brings is declared below and nowhere else: the primitive's record, its ``can``/``do``
pair and its declaration; the decision's record, its rules, its prompt and its action kind; the Master
in a designer's data pack. The engine then reads the pack, offers the decision, applies it, writes and
reads the game in a save, and the views, the notation and the action space know the new action. Only the
words of the new primitive live elsewhere (``text/components.py``): a primitive without them is refused
loudly, never printed as a Python repr.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import newton_rules as nr
from newton_rules.components.catalog import Catalog
from newton_rules.effects import Effect
from newton_rules.game import NEWTON, Game
from newton_rules.model.actions import Action
from newton_rules.model.config import GameConfig
from newton_rules.model.frames import Frame, MasterFrame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules.declare import decision
from newton_rules.rules.effects import EffectRule, Use, declare_effects
from newton_rules.rules.table import RULES
from newton_rules.testing import Position
from newton_rules.text import effect_text
from rules_core.actions import ActionKind
from rules_core.decisions import says


# -- the primitive: its record, its can/do pair, its declaration ---------------------------------------------
@attrs.frozen(kw_only=True)
class ResourceChoice(Effect):
    """Gain one of these, your choice: ``coins`` coins or ``potions`` Potions."""

    tag: ClassVar[str] = "resource_choice"

    coins: int = 0
    potions: int = 0


def can_resource_choice(use: Use, effect: ResourceChoice) -> bool:
    return True


def do_resource_choice(tx: Tx, player: int, effect: ResourceChoice, source: Source) -> None:
    tx.push(ResourceChoiceFrame(player=player, coins=effect.coins, potions=effect.potions, source=source))


declare_effects(EffectRule(ResourceChoice, can_resource_choice, do_resource_choice, "immediate"))


# -- the decision: its record, its action kind, its rules, its declaration with its prompt -----------------
@attrs.frozen(kw_only=True)
class ResourceChoiceFrame(Frame):
    """Choose what a Resource Choice gives."""

    tag: ClassVar[str] = "resource_choice"
    player: int
    coins: int
    potions: int
    source: Source


def _resources(config: GameConfig, catalog: Catalog) -> tuple[str, ...]:
    return ("coins", "potions")


RESOURCE = ActionKind("resource", _resources, doc="what a Resource Choice gives: coins or potions")


def resource_legal(state: GameState, ctx: Context, f: ResourceChoiceFrame) -> list[Action]:
    return [Action("resource", "coins"), Action("resource", "potions")]


def resource_apply(tx: Tx, f: ResourceChoiceFrame, action: Action) -> None:
    tx.pop()
    coins, potions = (f.coins, 0) if action.arg == "coins" else (0, f.potions)
    tx.gain(f.player, f.source, coins=coins, potions=potions)


RESOURCE_CHOICE = decision(
    ResourceChoiceFrame,
    says("choose: {frame.coins} coins or {frame.potions} Potions"),
    resource_legal,
    resource_apply,
    (RESOURCE,),
    rules="Luigi Galvani",
)
GALVANI_RULES = RULES.extended(name="newton-with-galvani", decisions=(RESOURCE_CHOICE,))


class GalvaniGame(Game):
    __slots__ = ()
    definition = attrs.evolve(NEWTON, context=lambda config, catalog: Context(config, catalog, GALVANI_RULES))


# -- the data: the Master in a designer's pack ---------------------------------------------------------------
GALVANI = {
    "id": "galvani",
    "name": "Luigi Galvani",
    "vp": 1,
    "immediate": [{"type": "resource_choice", "coins": 3, "potions": 1}],
    "provenance": "designer",
}


def galvani_pack(folder: Path) -> Catalog:
    """The reference pack with Galvani added to the Masters (and to the count ``pack.json`` declares)."""
    files = nr.reference_pack_files()
    masters = json.loads(files["masters.json"])
    masters["masters"].append(GALVANI)
    pack = json.loads(files["pack.json"])
    pack["counts"]["masters"]["masters"] += 1
    files |= {"masters.json": json.dumps(masters), "pack.json": json.dumps(pack)}
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return nr.load_catalog(folder)


@pytest.fixture
def galvani_choice(tmp_path: Path) -> Game:
    """Player 0 has just played Galvani during a turn: the choice is pending."""
    position = Position(players=2, seed=1, catalog=galvani_pack(tmp_path)).player(0, masters=("galvani",)).turn(0)
    position.with_state(stack=(*position.state.stack, MasterFrame(player=0)))
    game = GalvaniGame.from_position(position.config, position.state, position.catalog)
    return game.apply("master galvani")


def test_the_pack_reads_the_new_primitive(tmp_path: Path) -> None:
    catalog = galvani_pack(tmp_path)
    assert catalog.masters_by_id["galvani"].immediate == (ResourceChoice(coins=3, potions=1),)


def test_playing_the_master_asks_the_new_decision(galvani_choice: Game) -> None:
    decided = galvani_choice.decision
    assert decided is not None
    assert (decided.player, decided.kind, decided.prompt) == (0, "resource_choice", "choose: 3 coins or 1 Potions")
    assert set(galvani_choice.legal_actions()) == {Action("resource", "coins"), Action("resource", "potions")}


def test_the_choice_gives_what_was_chosen(galvani_choice: Game) -> None:
    before: Any = galvani_choice.state.players[0]
    coins = galvani_choice.apply("resource coins").state.players[0]
    potions = galvani_choice.apply("resource potions").state.players[0]
    assert (coins.coins - before.coins, coins.potions - before.potions) == (3, 0)
    assert (potions.coins - before.coins, potions.potions - before.potions) == (0, 1)


def test_a_game_saved_during_the_choice_loads_and_replays(galvani_choice: Game) -> None:
    catalog = galvani_choice.catalog
    loaded = GalvaniGame.from_json(galvani_choice.to_json(), catalog)  # a designer's pack: loaded with it
    assert loaded.state == galvani_choice.state
    after = loaded.apply("resource potions")
    actions = [str(a) for a in after.actions]
    replayed = GalvaniGame.replay(after.config, actions, catalog, position=galvani_choice.position)
    assert replayed.state == after.state


def test_the_views_the_notation_and_the_action_space_know_the_new_action(galvani_choice: Game) -> None:
    assert galvani_choice.view(1).decision == galvani_choice.decision
    assert galvani_choice.parse_action("resource coins") == Action("resource", "coins")
    space = nr.action_space(galvani_choice.config, rules=GALVANI_RULES)
    assert list(space[-2:]) == [Action("resource", "coins"), Action("resource", "potions")]


def test_a_primitive_without_words_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="the effect primitive 'resource_choice' has no words"):
        effect_text(ResourceChoice(coins=3, potions=1))
