"""What the core's views promise every game (rules_core.views): each viewer sees the log through the game's
filter (another seat's private action as a placeholder, its own as it was), ``k`` counts the actions a
client has already seen, a viewer is a seat or None, and a sampled game keeps the pack and the log the
viewer saw."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from rules_core.actions import Action
from rules_core.errors import RulesError
from rules_core.session import LogEntry, Session
from rules_core.views import SeenEntry, ViewLog, check_viewer, sample_game, seen_entries
from tests.core.toy import SECRET_NIM, NimConfig, NimGame, NimPack, deal_hidden, redact_event

ENTRIES = [
    LogEntry(None, None, None, ("dealt",)),
    LogEntry(None, "tuck 5", 0, ("tucked 5",)),
    LogEntry(None, "draw", 1, ("drew",)),
]


def hide_from_others(actor: int | None, action: Any, viewer: int | None) -> Any:
    return action if actor == viewer or not str(action).startswith("tuck") else "tuck ?"


def mark_event(event: Any, viewer: int | None) -> Any:
    return f"{event} seen by {viewer}"


def tail(count: int) -> list[LogEntry]:
    return ENTRIES[len(ENTRIES) - count :]


def _log() -> ViewLog:
    return ViewLog(tail, len(ENTRIES) - 1, mark_event, hide_from_others)


def test_each_entry_shows_its_actor_its_action_as_the_viewer_may_see_it_and_its_events() -> None:
    assert seen_entries(ENTRIES, 1, mark_event, hide_from_others) == (
        SeenEntry(None, None, ("dealt seen by 1",)),
        SeenEntry(0, "tuck ?", ("tucked 5 seen by 1",)),
        SeenEntry(1, "draw", ("drew seen by 1",)),
    )
    assert seen_entries(ENTRIES, 0, mark_event, hide_from_others)[1] == SeenEntry(0, "tuck 5", ("tucked 5 seen by 0",))


def test_a_view_log_shows_each_viewer_its_own_private_actions_only() -> None:
    log = _log()
    assert log.entries(0)[1].action == "tuck 5" and log.entries(1)[1].action == "tuck ?"
    assert log.actions_since(0, 0) == ((0, "tuck 5"), (1, "draw"))
    assert log.actions_since(1, 0) == ((0, "tuck ?"), (1, "draw"))
    assert log.events(None) == ("dealt seen by None", "tucked 5 seen by None", "drew seen by None")


def test_the_log_since_the_kth_action_holds_only_what_came_after_it() -> None:
    log = _log()
    assert log.actions_since(0, 1) == ((1, "draw"),)
    assert log.events_since(1, 2) == ()
    assert log.entries_since(1, 1) == (SeenEntry(1, "draw", ("drew seen by 1",)),)


def test_k_must_be_an_action_count_of_the_game() -> None:
    log = _log()
    for k in (-1, 3, True, "1", 1.0):
        with pytest.raises(RulesError, match=rf"^k must be an action count from 0 to 2, got {k!r}$"):
            log.actions_since(0, k)  # type: ignore[arg-type]


def test_a_viewer_is_a_seat_of_the_game_or_none() -> None:
    check_viewer(None, 2)
    check_viewer(1, 2)
    for player in (2, -1, True, "0"):
        with pytest.raises(RulesError, match=rf"^no player {player!r} in a 2-player game$"):
            check_viewer(player, 2)


def test_a_sampled_game_keeps_the_pack_and_the_actions_the_viewer_saw() -> None:
    pack = NimPack(cards=(1, 1, 2, 2, 3, 3, 5, 5), name="small")
    game = NimGame.new(NimConfig(seed=3), pack).apply("play 5")
    view = game.view(1)
    sampled = view.sample(random.Random(0))
    assert sampled.catalog is pack and sampled.config == NimConfig(seed=0)
    assert sampled.actions == game.actions
    log = _log()
    seen_by_0 = sample_game(
        NimGame, game.config, pack, log, 0, lambda rng: deal_hidden(view.state, 0, pack, rng), random.Random(0)
    )
    assert seen_by_0.actions == ("tuck 5", "draw") and seen_by_0.catalog is pack


def test_a_view_shows_its_own_seats_actions_since_the_kth() -> None:
    game = NimGame.new(NimConfig(seed=3)).apply("play 2")
    assert game.view(0).actions_since(0) == game.view(None).actions_since(0) == ((0, game.actions[0]),)


def hide_plays(actor: int | None, action: Any, viewer: int | None) -> Any:
    return action if actor == viewer else Action(action.kind, "?")


class SecretPlays(Session):
    """Secret Nim whose plays are hidden from the other seats."""

    __slots__ = ()
    definition = attrs.evolve(
        SECRET_NIM, view_log=lambda tail, length, rules: ViewLog(tail, length, redact_event, hide_plays)
    )


def test_a_view_shows_its_own_seats_private_actions_since_the_kth_and_hides_the_others() -> None:
    game = SecretPlays.new(NimConfig(seed=3)).apply("play 2")
    assert game.view(0).actions_since(0) == ((0, Action("play", "2")),)
    assert game.view(1).actions_since(0) == ((0, Action("play", "?")),)


def test_each_viewer_sees_the_log_its_own_way_whoever_looked_first() -> None:
    log = _log()
    assert log.actions(None)[0] == (0, "tuck ?") and log.actions(0)[0] == (0, "tuck 5")
    assert log.entries(None)[1].action == "tuck ?" and log.entries(0)[1].action == "tuck 5"
    assert log.events(None)[0] == "dealt seen by None" and log.events(0)[0] == "dealt seen by 0"
