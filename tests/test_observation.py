"""Observations: a view as a flat vector whose layout the configuration fixes, holding nothing hidden."""

from __future__ import annotations

import random

import pytest

import newton_rules as nr
from newton_rules.observation import ObservationEncoder
from newton_rules.testing import OPTION_SETS, Position


def played(players: int, seed: int, steps: int = 10_000, options: nr.Options | None = None) -> list[nr.Game]:
    chosen = options if options is not None else nr.Options(master_draft=players > 1)
    game = nr.new_game(players=players, seed=seed, options=chosen)
    rnd = random.Random(seed)
    out = [game]
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(rnd.choice(game.legal_actions()))
        out.append(game)
    return out


def segment(encoder: ObservationEncoder, vector: list[float], name: str) -> list[float]:
    found = next(s for s in encoder.segments if s.name == name)
    return vector[found.offset : found.offset + found.size]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_the_size_is_known_from_the_configuration_and_never_changes(players: int, options: nr.Options) -> None:
    games = played(players, seed=players, options=options)
    encoder = nr.observation_encoder(games[0].config)
    assert encoder.shape == (encoder.size,) and sum(s.size for s in encoder.segments) == encoder.size
    for game in games[:: max(1, len(games) // 40)] + [games[-1]]:
        for viewer in (*range(players), None):
            assert len(encoder.encode(game.view(viewer))) == encoder.size


def test_the_memo_never_changes_an_observation() -> None:
    games = played(3, seed=4)
    kept = nr.observation_encoder(games[0].config)
    for game in games:
        view = game.view(game.to_move if game.to_move is not None else 0)
        assert kept.encode(view) == ObservationEncoder(game.config).encode(view)


@pytest.mark.parametrize("options", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_two_games_that_look_the_same_to_a_seat_give_it_the_same_observation(options: nr.Options) -> None:
    """Hidden information never reaches the vector: resample every hidden card, the seat sees no change."""
    games = played(4, seed=9, options=options)
    encoder = nr.observation_encoder(games[0].config)
    for game in games[10::60]:
        view = game.view(1)
        hidden = nr.unseen(view.state, 1, game.catalog, view.events)
        other = nr.determinize(view.state, 1, hidden, game.config, game.catalog, random.Random(3))
        assert encoder.encode(other.view(1)) == encoder.encode(view)


def test_the_viewer_is_seat_slot_zero_and_its_hand_is_private() -> None:
    game = nr.new_game(players=3, seed=2)
    encoder = nr.observation_encoder(game.config)
    mine = encoder.encode(game.view(2))
    table = encoder.encode(game.view(None))
    seat2 = game.state.players[2]
    assert segment(encoder, mine, "seat 0: numbers")[1] == seat2.coins
    assert sum(segment(encoder, mine, "own hand")) == len(seat2.hand)
    assert sum(segment(encoder, mine, "own Masters")) == len(seat2.masters)
    assert sum(segment(encoder, table, "own hand")) == sum(segment(encoder, table, "own Masters")) == 0
    mover = game.to_move
    assert mover is not None
    assert segment(encoder, mine, "to move").index(1.0) == (mover - 2) % 3  # counted from the viewer's seat
    assert segment(encoder, table, "to move").index(1.0) == mover


def test_describe_names_a_position() -> None:
    encoder = nr.observation_encoder(nr.GameConfig(players=2, seed=0))
    coins = next(s for s in encoder.segments if s.name == "seat 1: numbers").offset + 1
    assert encoder.describe(coins) == "seat 1: numbers[1]"
    with pytest.raises(IndexError):
        encoder.describe(encoder.size)


def test_the_array_holds_the_same_numbers() -> None:
    numpy = pytest.importorskip("numpy")
    games = played(2, seed=6, steps=80)
    encoder = nr.observation_encoder(games[0].config)
    for game in games[::7]:
        view = game.view(0)
        array = encoder.encode_array(view)
        assert array.dtype == numpy.float32 and array.tolist() == encoder.encode(view)


@pytest.mark.parametrize("options", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_every_tile_set_up_on_the_boards_is_encoded(options: nr.Options) -> None:
    """G4, A1: the modules' City, Invention and Objective tiles are encoded where setup lays them."""
    for seed in range(4):
        game = nr.new_game(players=2, seed=seed, options=options)
        encoder = nr.observation_encoder(game.config)
        board = game.state.board
        lying = len(board.map_tiles) + len(board.track_tiles) + bool(board.map_objective)
        assert sum(segment(encoder, encoder.encode(game.view(None)), "board tiles")) == lying


def test_the_great_discovery_tiles_are_encoded_on_the_table_face_up_and_face_down() -> None:
    """G1-G3: the tiles available, and each player's tiles face up and face down, are public."""
    position = Position(players=2, seed=3, options=nr.Options(great_discoveries=True))
    up, down, *rest = position.state.board.discoveries
    game = position.player(1, discoveries=[up], discoveries_used=[down]).game()
    encoder = nr.observation_encoder(game.config)
    tiles = list(game.catalog.discoveries_by_id)
    vector = encoder.encode(game.view(0))
    table = segment(encoder, vector, "great discoveries on the table")
    assert len(table) == len(tiles)
    assert [tiles[i] for i, flag in enumerate(table) if flag] == sorted(rest, key=tiles.index)
    assert segment(encoder, vector, "seat 1: discoveries face up")[tiles.index(up)] == 1.0
    assert segment(encoder, vector, "seat 1: discoveries face down")[tiles.index(down)] == 1.0
    assert sum(segment(encoder, vector, "seat 0: discoveries face up")) == 0


def test_the_base_layout_has_no_expansion_segments() -> None:
    encoder = nr.observation_encoder(nr.GameConfig(players=2, seed=0))
    assert not any("discover" in s.name or "medicine turned" in s.name for s in encoder.segments)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", [None, OPTION_SETS[-1]], ids=["base", "expansion"])
def test_the_patched_vectors_equal_a_fresh_encoding_over_whole_games(players: int, options: nr.Options | None) -> None:
    """The shared encoder keeps one vector per viewer and patches the fields that changed since its last
    encoding (of the game, and of the view; as a list and as an array). At every position of a whole
    random game, for every seat and the spectator, it gives what a new encoder gives for the view (the
    base game, and the whole expansion)."""
    numpy = pytest.importorskip("numpy")
    games = played(players, seed=10 * players, options=options)
    assert games[-1].is_over
    kept = nr.observation_encoder(games[0].config)
    out = numpy.zeros(kept.size, dtype=numpy.float32)
    for game in games:
        for viewer in (*range(players), None):
            view = game.view(viewer)
            plain = ObservationEncoder(game.config).encode(view)
            assert kept.encode_game(game, viewer) == plain
            assert kept.encode_game_array(game, viewer, out).tolist() == plain
            assert kept.encode_game_array(game, viewer).tolist() == plain
            assert kept.encode(view) == plain and kept.encode_array(view).tolist() == plain


def test_a_returned_vector_is_never_changed_by_a_later_encoding() -> None:
    numpy = pytest.importorskip("numpy")
    games = played(2, seed=3, steps=60)
    encoder = nr.observation_encoder(games[0].config)
    first, first_array = encoder.encode_game(games[0], 0), encoder.encode_game_array(games[0], 0)
    kept, kept_array = list(first), first_array.copy()
    for game in games[1:]:
        encoder.encode_game(game, 0)
        encoder.encode_game_array(game, 0)
    assert first == kept and numpy.array_equal(first_array, kept_array)
    first[0] = 99.0  # a caller may change what it was given: the next encoding does not see it
    assert encoder.encode_game(games[0], 0) == kept


def test_encoding_from_the_game_holds_nothing_hidden() -> None:
    """Resample every card seat 1 cannot see: its vector read straight from the game does not change."""
    games = played(4, seed=9)
    encoder = nr.observation_encoder(games[0].config)
    for game in games[10::60]:
        view = game.view(1)
        hidden = nr.unseen(view.state, 1, game.catalog, view.events)
        other = nr.determinize(view.state, 1, hidden, game.config, game.catalog, random.Random(3))
        assert encoder.encode_game(other, 1) == encoder.encode_game(game, 1) == encoder.encode(view)


def test_encoding_from_the_game_names_a_bad_viewer() -> None:
    game = nr.new_game(players=2, seed=1)
    with pytest.raises(nr.NewtonError, match="no player 2"):
        nr.observation_encoder(game.config).encode_game(game, 2)
