"""A decision kind is declared once: a new one, declared here alone, reaches every part of the engine.

The Bell is a made-up decision: a player rings it loud or soft, in secret, or lets it be. It is declared in
this module only (its record, rules, prompt and action kinds) and joined to Newton's rule table as a
variant; legal actions, the notation, the prompt, the action space, the bounds and the views then know
it with no edit anywhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs
import pytest

import newton_rules as nr
from newton_rules.game import NEWTON, Game
from newton_rules.model import events as ev
from newton_rules.model.actions import NOTATION, Action
from newton_rules.model.config import GameConfig
from newton_rules.model.frames import FRAME_TYPES, Frame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules.table import DECISIONS, RULES
from newton_rules.testing import Position
from newton_rules.view import HIDDEN
from rules_core.actions import ActionKind
from rules_core.decisions import DecisionKind
from rules_core.errors import ActionSyntaxError, RulesError


@attrs.frozen(kw_only=True)
class BellFrame(Frame):
    """Ring the bell (loud or soft, in secret) or let it be."""

    tag: ClassVar[str] = "bell"
    player: int


def _volumes(config: GameConfig, catalog: Any) -> Iterable[str]:
    return ("loud", "soft")


RING = ActionKind("ring", _volumes, private=True, doc="ring the bell: loud or soft")
LET_BE = ActionKind("let-be", doc="leave the bell alone")


def bell_legal(state: GameState, ctx: Context, frame: BellFrame) -> list[Action]:
    return [Action("ring", "loud"), Action("ring", "soft"), Action("let-be")]


def bell_apply(tx: Tx, frame: BellFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "ring":
        tx.gain(frame.player, Source("quick_action", "bell"), coins=1)


def bell_prompt(state: GameState, frame: BellFrame) -> str:
    return f"round {state.round}: ring the bell, or let it be"


BELL = DecisionKind(BellFrame, bell_prompt, bell_legal, bell_apply, offers=((RING, LET_BE),))
BELL_RULES = RULES.extended(name="newton-with-a-bell", decisions=(BELL,))


class BellGame(Game):
    __slots__ = ()
    definition = attrs.evolve(NEWTON, context=lambda config, catalog: Context(config, catalog, BELL_RULES))


def bell_game() -> BellGame:
    position = Position(players=2, seed=3).turn(0)
    position.with_state(stack=(*position.state.stack, BellFrame(player=0)))  # the Bell asked during the turn
    return BellGame.from_position(position.config, position.state, position.catalog)


def test_the_new_decision_offers_its_legal_actions_in_the_declared_order() -> None:
    game = bell_game()
    assert game.legal_actions() == (Action("ring", "loud"), Action("ring", "soft"), Action("let-be"))
    assert [str(a) for a in game.legal_actions()] == ["ring loud", "ring soft", "let-be"]


def test_the_new_actions_are_written_and_read_in_the_notation() -> None:
    game = bell_game()
    assert game.parse_action("ring soft") == Action("ring", "soft")
    with pytest.raises(ActionSyntaxError, match="takes exactly one argument"):
        game.parse_action("ring")
    after = game.apply("ring loud")
    assert after.state.players[0].coins == game.state.players[0].coins + 1
    replayed = BellGame.replay(game.config, [str(a) for a in after.actions], position=game.position)
    assert replayed.state == after.state  # the log replays through the variant's notation


def test_the_new_decision_has_its_prompt_and_its_tag() -> None:
    decision = bell_game().decision
    assert decision is not None
    assert (decision.player, decision.kind, decision.prompt) == (0, "bell", "round 1: ring the bell, or let it be")


def test_the_action_space_holds_the_new_kinds_after_the_declared_ones() -> None:
    config = GameConfig(players=2, seed=0)
    space = nr.action_space(config, rules=BELL_RULES)
    reference = nr.action_space(config)
    assert list(space[: len(reference)]) == list(reference)
    assert list(space[len(reference) :]) == [Action("ring", "loud"), Action("ring", "soft"), Action("let-be")]
    game = bell_game()
    assert space.ids(game.legal_actions()) == sorted(space.ids(game.legal_actions()))


def test_the_bounds_count_the_new_decision() -> None:
    config = GameConfig(players=2, seed=0)
    assert BELL_RULES.offers()[BellFrame] == (("ring", "let-be"),)
    loud = attrs.evolve(RING, most=lambda config, catalog: 500)
    many_rings = RULES.extended(
        name="newton-with-a-loud-bell", decisions=(attrs.evolve(BELL, offers=((loud, LET_BE),)),)
    )
    assert nr.game_bounds(config, rules=many_rings).max_legal_actions == 501
    assert nr.game_bounds(config, rules=BELL_RULES) == nr.game_bounds(config)  # 3 actions: below Newton's largest


def test_the_views_show_the_decision_and_hide_its_private_argument() -> None:
    game = bell_game()
    mine, theirs = game.view(0), game.view(1)
    assert mine.legal_actions() == game.legal_actions() and theirs.legal_actions() == ()
    assert mine.decision == theirs.decision == game.decision
    after = game.apply("ring soft")
    assert after.view(0).actions[-1] == (0, Action("ring", "soft"))
    assert after.view(1).actions[-1] == (0, Action("ring", HIDDEN))
    assert after.view(None).actions[-1] == (0, Action("ring", HIDDEN))


def test_a_game_saved_during_the_new_decision_loads_again() -> None:
    game = bell_game()
    assert FRAME_TYPES["bell"] is BellFrame  # declaring the record made saves know its tag
    text = game.to_json()
    assert '{"player":0,"type":"bell"}' in text
    loaded = BellGame.from_json(text)
    assert loaded.state == game.state and loaded.apply("ring soft").state == game.apply("ring soft").state


def test_a_decision_record_needs_a_tag_of_its_own() -> None:
    with pytest.raises(TypeError, match="decision frame tag 'turn' is taken by TurnFrame: Gong needs another"):
        type("Gong", (Frame,), {"tag": "turn", "__slots__": ()})
    with pytest.raises(TypeError, match="decision frame record Untagged has no class attribute 'tag'"):
        type("Untagged", (Frame,), {"__slots__": ()})


def test_the_reference_table_declares_every_decision_once() -> None:
    assert [kind.record for kind in DECISIONS] == list(RULES.frame_types.values())
    package = {tag for tag, cls in FRAME_TYPES.items() if cls.__module__.startswith("newton_rules.")}
    assert set(RULES.frame_types) == package  # tests declare others (the Bell, here)
    assert all(kind in RULES.notation.kinds for decision in DECISIONS for kind in decision.action_kinds)
    assert RULES.notation.kinds[: len(NOTATION.kinds)] == NOTATION.kinds  # a rules module's own kinds after
    assert {type(e) for e in (ev.DecisionPushed(frame=BellFrame(player=0)),)} == {ev.DecisionPushed}


def test_a_table_that_declares_a_kind_twice_or_offers_an_unknown_kind_is_refused() -> None:
    with pytest.raises(RulesError, match="decision tag declared twice: bell"):
        RULES.extended(name="twice", decisions=(BELL, attrs.evolve(BELL, record=type("Other", (BellFrame,), {}))))
    with pytest.raises(RulesError, match="offers kinds not in the notation: ring"):
        attrs.evolve(RULES, decisions=(*DECISIONS, BELL))
    with pytest.raises(RulesError, match="needs either legal and apply, or settle"):
        DecisionKind(BellFrame, bell_prompt, bell_legal)
