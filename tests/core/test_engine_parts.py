"""What the core promises a game of its own parts, shown on Secret Nim (tests/core/toy.py) or on the part
alone: error texts, action kinds' limits, the bots' seeds and failures, private actions in the views."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import jsonschema
import pytest

from rules_core.actions import ActionKind
from rules_core.bots import GreedyBot, PlayFailed, RandomBot, play_game
from rules_core.codec import error_text
from rules_core.errors import SaveFormatError
from rules_core.mcts import ISMCTSBot, outcome
from rules_core.rng import below
from rules_core.views import LogEntry, ViewLog
from rules_core.wire_schema import SchemaBuilder, nullable
from tests.core.toy import Move, NimConfig, NimGame, NimPack, new_nim


def test_error_text_of_an_error_not_from_cattrs_is_its_message() -> None:
    assert error_text(ValueError("deals must be 1 or more, got 0")) == "deals must be 1 or more, got 0"


def test_an_action_kind_offers_at_most_its_declared_limit_else_its_whole_domain() -> None:
    def three(config: Any, catalog: Any) -> tuple[str, ...]:
        return ("1", "2", "3")

    assert ActionKind("take", domain=three, most=lambda config, catalog: 2).limit(None, None) == 2
    assert ActionKind("take", domain=three).limit(None, None) == 3


def test_an_action_kind_lists_the_arguments_its_domain_reads_from_the_data() -> None:
    kind = ActionKind("take", domain=lambda config, catalog: catalog)
    assert kind.arguments(None, ["3", "1", "3"]) == ("3", "1")


def test_the_generator_refuses_to_draw_below_zero_by_name() -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        below(1, 0)


def test_a_save_that_is_not_an_object_is_refused_by_name() -> None:
    with pytest.raises(SaveFormatError, match="the top level must be an object"):
        NimGame.from_json("[]")


def test_the_search_rewards_the_winner_of_a_finished_game() -> None:
    game = play_game(new_nim(seed=3), [RandomBot(0)] * 2)
    (winner,) = game.winners
    assert outcome(game) == tuple(1.0 if seat == winner else 0.0 for seat in range(2))


def test_is_mcts_may_stop_once_no_other_action_can_catch_up() -> None:
    view = new_nim(seed=3).view(0)
    bot = ISMCTSBot(seed=1, iterations=200, rollout_limit=30, stop_when_decided=True)
    assert bot.choose(view) in view.legal_actions()
    assert bot.last_iterations is not None and bot.last_iterations <= 200


def test_play_game_says_after_how_many_decisions_it_gave_up() -> None:
    with pytest.raises(PlayFailed, match="not over after 1 decisions"):
        play_game(new_nim(seed=3), [RandomBot(0)] * 2, max_actions=1)


def test_a_random_bot_is_seeded_with_0_by_default() -> None:
    def choices(bot: RandomBot) -> list[Any]:
        view = new_nim(seed=3).view(0)
        return [bot.choose(view) for _ in range(20)]

    assert choices(RandomBot()) == choices(RandomBot(0))
    assert choices(RandomBot()) != choices(RandomBot(1))  # the seed matters: the default is not just any


def test_a_greedy_bot_refuses_values_that_do_not_match_the_legal_actions() -> None:
    class OneValueShort(GreedyBot):
        def action_values(self, view: Any, game: Any, legal: Sequence[Any]) -> Sequence[float]:
            return [0.0] * (len(legal) - 1)

    view = new_nim(seed=3).view(0)
    assert len(view.legal_actions()) > 1
    with pytest.raises(ValueError, match="zip"):
        OneValueShort(seed=0, tie_tolerance=0.5).choose(view)


def test_a_private_action_is_seen_by_its_actor_only() -> None:
    entries = [LogEntry(None, None, None, ()), LogEntry(None, "tuck 5", 0, ()), LogEntry(None, "draw", 1, ())]

    def redact(actor: int | None, action: Any, viewer: int | None) -> Any:
        return action if viewer == actor else "hidden"

    log = ViewLog(lambda count: entries[-count:], len(entries) - 1, lambda event, viewer: event, redact)
    assert log.actions(0) == ((0, "tuck 5"), (1, "hidden"))
    assert log.actions(1) == ((0, "hidden"), (1, "draw"))
    assert log.actions(None) == ((0, "hidden"), (1, "hidden"))


def test_is_mcts_reports_the_size_of_the_tree_it_searched() -> None:
    bot = ISMCTSBot(seed=1, iterations=5, rollout_limit=30)
    bot.choose(new_nim(seed=3).view(0))
    assert bot.last_tree_size is not None and bot.last_tree_size > 1


@attrs.frozen
class Take:
    stones: int


@attrs.frozen
class Pass:
    pass


def test_a_union_of_records_is_written_once_and_referred_to_by_its_name() -> None:
    builder = SchemaBuilder(tag_of=lambda cls: cls.__name__.lower(), unions={"Move": (Take, Pass)})
    assert builder.union("Move") == {"$ref": "#/$defs/Move"}
    assert builder.union("Move") == {"$ref": "#/$defs/Move"}
    assert builder.defs["Move"] == {"oneOf": [{"$ref": "#/$defs/Take"}, {"$ref": "#/$defs/Pass"}]}
    assert builder.defs["Take"]["properties"] == {"type": {"const": "take"}, "stones": {"type": "integer"}}


def test_a_nullable_schema_accepts_the_value_or_null_and_nothing_else() -> None:
    schema = nullable({"type": "integer"})
    for value in (3, None):
        jsonschema.validate(value, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate("3", schema)


def test_all_actions_are_every_declared_kind_with_every_argument_of_the_data_in_the_legal_order() -> None:
    pack = NimPack(cards=(5, 2, 2, 7))
    ctx = NimGame.context(NimConfig(), pack)
    expected = (Move("play", "2"), Move("play", "5"), Move("play", "7"), Move("pass"))
    assert ctx.rules.all_actions(NimConfig(), pack) == expected
