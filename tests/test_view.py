"""Views: what each player and a spectator may see, and what making and reading a view costs."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import newton_rules as nr
from newton_rules import hidden
from newton_rules import view as view_module
from newton_rules.model.codec import converter


def played(players: int, seed: int, steps: int, draft: bool = False) -> nr.Game:
    game = nr.new_game(players=players, seed=seed, options=nr.Options(master_draft=draft))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def finished() -> nr.Game:
    return played(players=3, seed=11, steps=10_000, draft=True)


@pytest.fixture
def filtered(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the events the views of the games made from now on filter (one call of ``redact_event``
    each): a game's views take the filter when the first of them is made."""
    calls: list[int] = []
    real = hidden.redact_event

    def counting(event: nr.Event, viewer: int | None) -> Any:
        calls.append(1)
        return real(event, viewer)

    monkeypatch.setattr(hidden, "redact_event", counting)
    return calls


def test_the_views_names_are_still_those_of_the_view_module() -> None:
    assert view_module.redact_event is hidden.redact_event and view_module.PRIVATE_ACTIONS == ("keep", "tuck")
    assert view_module.PlayerView is nr.PlayerView and view_module.ViewLog is hidden.ViewLog


# -- cost -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("viewer", [0, 2, None])
def test_making_a_view_filters_no_event_at_the_start_or_the_end(
    finished: nr.Game, filtered: list[int], viewer: int | None
) -> None:
    start, end = nr.replay(finished.config, ()), nr.replay(finished.config, finished.actions)
    for game in (start, end):
        view = game.view(viewer)
        assert view.state.round == game.round and view.decision == game.decision
        assert view.legal_actions == (game.legal_actions() if game.to_move == viewer else ())
    assert filtered == []


def test_following_one_action_filters_its_events_only_early_or_late(finished: nr.Game, filtered: list[int]) -> None:
    early, late = nr.replay(finished.config, finished.actions[:2]), nr.replay(finished.config, finished.actions)
    for game in (early, late):
        filtered.clear()
        new = game.view(1).events_since(len(game) - 1)
        assert len(filtered) == len(new) == len(game.last_events)


def test_the_log_is_filtered_once_per_game_and_viewer(finished: nr.Game, filtered: list[int]) -> None:
    game = nr.replay(finished.config, finished.actions)  # a fresh game: nothing filtered yet
    first = game.view(0).events
    assert game.view(0).events is first and game.view(0).events == first
    assert len(filtered) == len(game.events)
    assert len(game.view(None).events) == len(game.events)
    assert len(filtered) == 2 * len(game.events)


# -- what each viewer sees ------------------------------------------------------------------------


def expected_log(game: nr.Game, viewer: int | None) -> Iterator[tuple[str, object]]:
    """(kind, what the viewer should see, what the view shows) for every event and action of the log."""
    for actor, action, events in game.iter_log():
        for event in events:
            who = nr.audience(event)
            shown = event if who in (None, viewer) else nr.HiddenEvent(player=who, what=type(event).__name__)
            yield "event", shown
        if action is not None:
            hidden = actor != viewer and action.kind in ("keep", "tuck")
            yield "action", (actor, nr.Action(action.kind, "?") if hidden else action)


@pytest.mark.parametrize("viewer", [0, 1, 2, None])
def test_each_viewer_sees_the_log_with_exactly_others_private_things_hidden(
    finished: nr.Game, viewer: int | None
) -> None:
    expected = list(expected_log(finished, viewer))
    view = finished.view(viewer)
    assert list(view.events) == [shown for kind, shown in expected if kind == "event"]
    assert list(view.actions) == [shown for kind, shown in expected if kind == "action"]
    assert any(isinstance(e, nr.HiddenEvent) for e in view.events)


@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), steps=st.integers(1, 300), cut=st.floats(0, 1))
def test_a_view_extends_an_earlier_view_by_what_happened_since(players: int, seed: int, steps: int, cut: float) -> None:
    game = played(players, seed, steps, draft=seed % 2 == 0)
    k = int(cut * len(game))
    earlier = nr.replay(game.config, game.actions[:k])
    for viewer in (*range(players), None):
        assert earlier.view(viewer).events + game.view(viewer).events_since(k) == game.view(viewer).events
        assert earlier.view(viewer).actions + game.view(viewer).actions_since(k) == game.view(viewer).actions


@pytest.mark.parametrize("k", [-1, 10_001, True, "3"])
def test_events_since_an_action_the_game_does_not_have_is_an_error(finished: nr.Game, k: Any) -> None:
    with pytest.raises(nr.NewtonError, match="action count from 0 to"):
        finished.view(0).events_since(k)


@pytest.mark.parametrize("player", [3, -1, True, "0"])
def test_a_view_of_a_seat_the_game_does_not_have_is_an_error(finished: nr.Game, player: Any) -> None:
    with pytest.raises(nr.NewtonError, match="no player"):
        finished.view(player)


def strings(value: object) -> Iterator[str]:
    """Every string inside an unstructured record (keys of objects are field names, left out)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def public_strings(game: nr.Game) -> set[str]:
    """What the table shows everyone: the public events of the log and the public parts of the state."""
    shown = {s for e in game.events if nr.audience(e) is None for s in strings(converter.unstructure(e, nr.Event))}
    board = game.state.board
    shown |= {c for line in board.lines for c in line} | set(board.removed_cards)
    for p in game.state.players:
        shown |= {*p.desk, *p.tucked, *p.masters_played}
    return shown


@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 400), draft=st.booleans())
def test_the_spectator_sees_no_hidden_information(players: int, seed: int, steps: int, draft: bool) -> None:
    game = played(players, seed, steps, draft)
    spectator = game.view(None)
    assert spectator.player is None and spectator.legal_actions == ()
    for p in spectator.state.players:
        assert set(p.hand) <= {"?"} and set(p.masters) <= {"?"} and set(p.draft) <= {"?"}
        assert p.tuck_choice in (None, "?")
    assert all(set(deck) <= {"?"} for deck in spectator.state.board.decks) and spectator.state.rng == 0
    assert all(isinstance(e, nr.HiddenEvent) or nr.audience(e) is None for e in spectator.events)
    assert all(a.arg == "?" for _, a in spectator.actions if a.kind in ("keep", "tuck"))

    seen = set(strings(converter.unstructure(spectator.state)))
    seen |= {s for e in spectator.events for s in strings(attrs_or_event(e))}
    seen |= {str(a.arg) for _, a in spectator.actions}
    secret = {c for p in game.state.players for c in (*p.hand, *p.masters, *p.draft)} - public_strings(game)
    assert not seen & secret
    unplayed_masters = {m for p in game.state.players for m in (*p.masters, *p.draft)}
    assert not seen & unplayed_masters  # a Master in hand is never public before it is played


def attrs_or_event(event: nr.Event | nr.HiddenEvent) -> object:
    if isinstance(event, nr.HiddenEvent):
        return [event.what]
    return converter.unstructure(event, nr.Event)


def test_the_spectator_of_a_master_draft_sees_who_decides_but_no_card(finished: nr.Game) -> None:
    start = nr.replay(finished.config, ())
    spectator = start.view(None)
    assert spectator.decision == start.decision and spectator.decision is not None
    assert spectator.decision.kind == "draft" and spectator.legal_actions == ()
    assert all(set(p.draft) == {"?"} for p in spectator.state.players)
    hidden = [e for e in spectator.events if isinstance(e, nr.HiddenEvent)]
    assert [(e.player, e.what) for e in hidden] == [(p, "MastersDealt") for p in range(start.config.players)]


# -- the record -----------------------------------------------------------------------------------


def test_views_are_immutable_records_equal_by_content(finished: nr.Game) -> None:
    view = finished.view(1)
    again = nr.replay(finished.config, finished.actions).view(1)
    assert view == again and hash(view) == hash(again)
    assert view != finished.view(2) and view != finished.view(None)
    with pytest.raises(AttributeError):
        view.player = 2  # type: ignore[misc]
    assert isinstance(view, nr.PlayerView) and isinstance(finished.view(None), nr.SpectatorView)


# -- the bot protocol's view: legal actions, the seat to move, samples ---------------------------


def test_a_view_gives_the_seat_to_move_and_its_legal_actions_as_the_bot_protocol_reads_them() -> None:
    game = played(players=3, seed=8, steps=30)
    seat = game.to_move
    assert seat is not None
    mine, other = game.view(seat), game.view((seat + 1) % 3)
    assert mine.to_move == other.to_move == game.view(None).to_move == seat
    assert mine.legal_actions() == mine.legal_actions == game.legal_actions()  # a tuple, and callable
    assert other.legal_actions() == () and game.view(None).legal_actions() == ()


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (2, 140), (4, 260)])
def test_a_sample_is_a_full_game_that_looks_the_same_to_the_seat_and_keeps_its_log(players: int, steps: int) -> None:
    game = played(players=players, seed=21, steps=steps, draft=True)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    samples = [view.sample(random.Random(s)) for s in range(4)]
    for sample in samples:
        again = sample.view(seat)
        assert again.state == view.state and again.legal_actions == view.legal_actions
        assert again.events == view.events and again.actions == view.actions  # the visible log, kept
        assert len(sample) == len(game) and sample.config.seed == 0
        assert "?" not in {c for p in sample.state.players for c in p.hand}
        after = sample.apply(sample.legal_actions()[0])  # a game to play on
        assert after.view(seat).actions[:-1] == view.actions
    others = [p.seat for p in game.state.players if p.seat != seat]
    assert len({(s.state.board.decks, *(s.state.players[o].masters for o in others)) for s in samples}) > 1


def test_a_sample_reads_nothing_the_seat_cannot_see() -> None:
    """Two games that look the same to a seat give the same samples from the same generator."""
    game = played(players=2, seed=5, steps=90)
    seat = game.to_move
    assert seat is not None
    other_hidden = game.view(seat).sample(random.Random(99)).state  # the same view, other hidden cards
    a = nr.Game.from_position(game.config, game.state, game.catalog)
    b = nr.Game.from_position(game.config, other_hidden, game.catalog)
    assert a.state != b.state and a.view(seat) == b.view(seat)
    assert a.view(seat).sample(random.Random(1)).state == b.view(seat).sample(random.Random(1)).state
