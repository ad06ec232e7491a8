"""The JSON protocol: a view with every field, the decision in detail, legal actions and events in words."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import newton_rules as nr
from newton_rules import protocol
from newton_rules.effects.primitives import Exchange, PerformTakenCard
from newton_rules.model.frames import DiscoveryFrame, LessonsFrame
from newton_rules.protocol.json_schema import schema_text
from newton_rules.testing import OPTION_SETS, Position
from newton_rules.text import component_text, event_text
from newton_rules.text.boards import book_space_text
from newton_rules.wire import plain


def played(players: int, seed: int, steps: int, draft: bool = False) -> nr.Game:
    game = nr.new_game(players=players, seed=seed, options=nr.Options(master_draft=draft))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


# -- the view form --------------------------------------------------------------------------------------


def test_a_view_writes_every_field_of_a_new_player_even_at_its_default() -> None:
    game = nr.new_game(players=2, seed=7)
    data = json.loads(game.view(0).to_json())
    assert data["version"] == protocol.PROTOCOL_VERSION
    me = data["state"]["players"][0]
    assert me["coins"] == 2 and me["vp"] == 0 and me["potions"] == 0  # all at their defaults
    assert me["masters_played"] == [] and me["tuck_choice"] is None and me["round_volumes"] == []
    assert data["state"]["board"]["medicine_supply"] == game.state.board.medicine_supply
    assert data["state"]["stack"][-1]["type"] == "turn"


def test_a_view_lists_the_legal_actions_of_its_seat_only() -> None:
    game = nr.new_game(players=2, seed=7)
    mine = json.loads(game.view(0).to_json())["legal_actions"]
    assert [a["text"] for a in mine] == [str(a) for a in game.legal_actions()]
    assert {"text": "flip 1", "kind": "flip", "arg": "1"} in mine
    assert json.loads(game.view(1).to_json())["legal_actions"] == []
    assert json.loads(game.view(None).to_json())["legal_actions"] == []


def test_the_view_text_is_the_same_for_the_same_view() -> None:
    game = played(3, 5, 60)
    assert game.view(1).to_json() == nr.replay(game.config, game.actions).view(1).to_json()


# -- the decision in detail -----------------------------------------------------------------------------


def test_a_travel_decision_names_the_scientist_its_space_and_the_value_left() -> None:
    """V1: the Scientist moves one route per point of the Travel value."""
    game = Position(players=2).turn(0, played="travel").game().apply("basic travel")
    decision = protocol.payload(game, 0)["decision"]
    assert decision["kind"] == "travel" and decision["action"] == "travel"
    assert decision["piece"] == {"kind": "scientist", "index": None, "at": game.state.players[0].scientist}
    assert decision["value"] == decision["left"] == game.state.top.value  # type: ignore[union-attr]
    assert decision["stack"] == ["turn", "travel"]
    assert decision["frame"]["type"] == "travel" and "rewards" in decision["frame"]


def test_the_decision_is_null_when_the_game_is_over() -> None:
    game = played(1, 3, 10_000)
    data = protocol.payload(game, 0)
    assert game.is_over and data["decision"] is None and data["to_move"] is None and data["is_over"]
    assert data["winners"] == [0] and data["rank"] == game.rank


def test_the_seed_is_withheld_until_the_game_is_over() -> None:
    """With the seed, the action texts rebuild every hand and deck: no seat may have it mid-game."""
    running = nr.new_game(players=2, seed=7)
    assert all(protocol.payload(running, viewer)["game"]["seed"] is None for viewer in (0, 1, None))
    over = played(1, 3, 10_000)
    assert protocol.payload(over, None)["game"]["seed"] == over.config.seed


# -- legal actions in words -----------------------------------------------------------------------------


def test_buying_a_potion_says_it_costs_3_coins_and_gains_1_potion() -> None:
    """Q3: a Potion costs 3 coins."""
    game = Position(players=2).player(0, coins=5).turn(0).game()
    potion = next(a for a in protocol.payload(game, 0)["legal_actions"] if a["text"] == "potion")
    assert potion["cost"] == {"coins": 3, "vp": 0, "potions": 0}
    assert potion["gain"] == {"coins": 0, "vp": 0, "potions": 1}
    assert potion["description"] == "Player 0 spends 3 coins to buy a Potion (costs 3 coins, gains 1 Potion)."


def test_an_action_card_s_choice_names_the_basic_action_it_gives_and_its_value() -> None:
    """F4: the value is the symbols on the desk, the card just played included."""
    game = Position(players=2).player(0, hand=("travel", "study"), desk=("L1-04",)).turn(0).game()
    plays = {a["text"]: a for a in protocol.payload(game, 0)["legal_actions"] if a["kind"] == "play"}
    travel = plays["play start-red-travel"]
    value = game.apply("play start-red-travel").facts(0).action_values.travel
    assert travel["basic_actions"] == [{"action": "travel", "value": value}] and not travel["gives_up_basic"]
    assert travel["label"] == f"I play the Starting Travel card to the desk: Travel {value}."


def test_a_joker_s_choice_names_each_basic_action_at_one_more_than_its_symbols() -> None:
    """F8: a Joker takes any Basic Action, at the visible symbols of that action + 1."""
    game = Position(players=2).player(0, hand=("joker",)).turn(0).game()
    joker = protocol.payload(game, 0)["legal_actions"][0]
    values = game.facts(0).action_values
    assert joker["text"] == "play start-red-joker"
    assert {b["action"]: b["value"] for b in joker["basic_actions"]} == {
        action: values.of(action) + 1 for action in ("work", "technology", "travel", "lessons", "study")
    }


def test_a_card_whose_basic_action_cannot_be_performed_says_so_and_gives_it_up() -> None:
    """R1: a Study with no volume and nothing to pay for one places no Bookshelf tile."""
    board = nr.default_catalog().boards_by_id["D"]
    shelf_one = tuple(s.id for s in board.book_spaces if s.shelf == 1 and not s.prefilled)
    position = Position(players=2).player(0, board="D", hand=("study",), coins=0, potions=0, books=shelf_one)
    study = protocol.payload(position.turn(0).game(), 0)["legal_actions"][0]
    assert study["text"] == "play start-red-study" and study["basic_actions"] == [] and study["gives_up_basic"]
    assert study["label"] == "I play the Starting Study card to the desk: its Basic Action cannot be performed."


def test_ending_the_turn_before_the_basic_action_gives_it_up_and_after_it_does_not() -> None:
    game = Position(players=2).turn(0, played="travel").game()
    end = next(a for a in protocol.payload(game, 0)["legal_actions"] if a["text"] == "end")
    assert end["gives_up_basic"] and end["label"] == "I end my turn, giving up the Basic Action of the card played."
    assert end["basic_actions"] is None


def test_quick_actions_are_marked_apart_from_the_main_choice() -> None:
    """Q1-Q4: turning cards over, a Potion, a Student, a boost are Quick Actions; playing a card is not."""
    game = Position(players=2).player(0, coins=9, hand=("travel",)).turn(0).game()
    marked = {a["kind"]: a["quick"] for a in protocol.payload(game, 0)["legal_actions"]}
    assert marked == {"play": False, "flip": True, "potion": True, "enroll": True}
    boosted = Position(players=2).player(0, coins=9).turn(0, played="travel").game()
    marked = {a["kind"]: a["quick"] for a in protocol.payload(boosted, 0)["legal_actions"]}
    assert marked["boost"] and not marked["basic"] and not marked["end"]


def test_a_great_discovery_bought_is_a_quick_action_and_one_taken_from_a_tile_is_not() -> None:
    """G2: a tile is bought for its cost as a Quick Action; G4: a City or Invention tile gives one."""
    position = Position(players=2, options=nr.Options(great_discoveries=True)).player(0, coins=20, hand=("travel",))
    bought = protocol.payload(position.turn(0).game(), 0)["legal_actions"]
    assert all(a["quick"] for a in bought if a["kind"] == "discover") and any(a["kind"] == "discover" for a in bought)
    given = protocol.payload(position.turn(0).decide(DiscoveryFrame(player=0, price="free")).game(), 0)
    taken = [a for a in given["legal_actions"] if a["kind"] == "discover"]
    assert taken and not any(a["quick"] for a in taken)


def test_a_book_space_is_named_by_its_shelf_column_and_what_it_asks() -> None:
    """B1: a Bookshelf tile goes on a book space whose requirement the player meets."""
    game = Position(players=2).turn(0, played="study").game().apply("basic study")
    board = nr.default_catalog().book_spaces[game.state.players[0].board]
    for choice in (a for a in protocol.payload(game, 0)["legal_actions"] if a["kind"] == "book"):
        space = board[choice["arg"]]
        where = f"I place a Bookshelf tile on the book space on shelf {space.shelf}, column {space.col + 1} (asks "
        assert choice["label"].startswith(where) and space.id not in choice["label"], choice


def test_a_space_to_move_to_says_what_lies_on_it() -> None:
    """K1: a Bonus token is taken by the first piece to reach its space."""
    game = Position(players=2).bonus([("innsbruck", "K05")]).turn(0, played="travel").game().apply("basic travel")
    step = next(a for a in protocol.payload(game, 0)["legal_actions"] if a["text"] == "step innsbruck")
    assert step["label"] == f"I move my Scientist one space to Innsbruck ({component_text(game.catalog, 'K05')})."


def test_the_first_person_words_of_every_legal_action_are_the_sentence_s_own() -> None:
    game = played(3, 9, 120)
    to_move = game.to_move
    assert to_move is not None
    for action in protocol.payload(game, to_move)["legal_actions"]:
        assert action["label"].startswith("I ") and " their " not in action["label"], action


# -- where each player stands ----------------------------------------------------------------------------


def test_each_seat_s_standing_is_the_engine_s_facts() -> None:
    game = played(3, 9, 300)
    for viewer in (0, 1, 2, None):
        standing = protocol.payload(game, viewer)["standing"]
        for seat, data in enumerate(standing):
            facts = game.facts(seat)
            assert data["seat"] == seat and data["action_values"] == attrs.asdict(facts.action_values)
            assert data["income"] == attrs.asdict(facts.income) and data["masters_vp"] == facts.masters_vp
            assert [o["tile"] for o in data["objectives"]] == [o.tile for o in facts.objectives]


def test_the_vp_sources_of_a_finished_game_add_up_to_each_score() -> None:
    """F15: the final score is the VP of play, End Rounds, Objectives and Masters together."""
    game = played(2, 8, 10_000)
    assert game.is_over and sum(game.scores) > 0
    standing = protocol.payload(game, None)["standing"]
    assert [sum(s["vp"] for s in data["vp_sources"]) for data in standing] == list(game.scores)
    assert all(s["label"] and s["vp"] for data in standing for s in data["vp_sources"])


def test_an_objective_counting_a_hand_gives_its_vp_to_the_hand_s_owner_only() -> None:
    """O9, O10 count the cards in hand: only their owner may see what they would give."""
    hand_counters = {"different_volume_sets", "non_starting_cards"}
    objective = next(o for o in nr.default_catalog().objectives_by_id.values() if o.counter in hand_counters)
    game = Position(players=2).map_objective(objective.id).turn(0).game()
    own = protocol.payload(game, 0)["standing"][0]["objectives"][0]
    assert own["tile"] == objective.id and own["vp"] == game.facts(0).objectives[0].vp
    assert protocol.payload(game, 1)["standing"][0]["objectives"][0]["vp"] is None
    assert protocol.payload(game, None)["standing"][0]["objectives"][0]["vp"] is None


def test_every_legal_action_has_a_sentence_and_only_the_player_to_move_gets_them() -> None:
    game = played(3, 9, 120)
    to_move = game.to_move
    assert to_move is not None
    mine = protocol.payload(game, to_move)["legal_actions"]
    assert [a["text"] for a in mine] == [str(a) for a in game.legal_actions()]
    assert all(a["description"].startswith(f"Player {to_move} ") and a["description"].endswith(".") for a in mine)
    others = [seat for seat in (*range(3), None) if seat != to_move]
    assert all(protocol.payload(game, seat)["legal_actions"] == [] for seat in others)


def test_describing_the_legal_actions_changes_nothing() -> None:
    game = played(2, 4, 50)
    before = game.to_json()
    protocol.payload(game, game.to_move)
    assert game.to_json() == before


# -- the log --------------------------------------------------------------------------------------------


@given(players=st.integers(1, 4), seed=st.integers(0, 1000), steps=st.integers(1, 200), cut=st.floats(0, 1))
def test_the_log_since_k_is_the_views_events_since_k_grouped_by_action(
    players: int, seed: int, steps: int, cut: float
) -> None:
    game = played(players, seed, steps, draft=seed % 2 == 0)
    k = int(cut * len(game))
    for viewer in (*range(players), None):
        data = protocol.payload(game, viewer, since=k)
        view = game.view(viewer)
        assert [e["index"] for e in data["log"]] == list(range(k + 1, len(game) + 1))
        assert [(e["player"], e["action"]) for e in data["log"]] == [(p, str(a)) for p, a in view.actions_since(k)]
        events = [event for entry in data["log"] for event in entry["events"]]
        assert [e["text"] for e in events] == [event_text(game.catalog, event) for event in view.events_since(k)]
        assert data["action_count"] == len(game) and data["since"] == k


def test_each_event_has_its_type_and_sentence_and_bookkeeping_is_marked() -> None:
    game = nr.new_game(players=2, seed=7).apply("flip 1")
    (entry,) = protocol.payload(game, 1)["log"]
    assert entry["action"] == "flip 1" and entry["player"] == 0
    spent = next(e for e in entry["events"] if e["type"] == "resources")
    assert spent["coins"] == -1 and spent["vp"] == 0 and spent["text"].startswith("Player 0 spends 1 coin")
    assert all(e["bookkeeping"] == e["type"].startswith("decision_") for e in entry["events"])


def test_a_since_outside_the_game_is_an_error() -> None:
    game = played(2, 1, 5)
    with pytest.raises(nr.NewtonError, match="action count from 0 to 5"):
        protocol.payload(game, 0, since=6)


# -- the schema -----------------------------------------------------------------------------------------

SCHEMA = protocol.schema()
PAYLOAD = jsonschema.Draft202012Validator(SCHEMA)
VIEW = jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/View"})
CATALOG = jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/Catalog"})


def test_the_shipped_schema_is_the_one_built_from_the_records() -> None:
    shipped = Path(protocol.__file__).with_name(protocol.SCHEMA_FILE).read_text(encoding="utf-8")
    assert shipped == schema_text(), "regenerate it: python -m newton_rules.protocol.json_schema > FILE"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def errors(validator: jsonschema.Draft202012Validator, data: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(data)]


@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 400),
    options=st.sampled_from(OPTION_SETS),
    recent=st.integers(0, 40),
)
def test_every_payload_and_view_of_random_positions_follows_the_schema(
    players: int, seed: int, steps: int, options: nr.Options, recent: int
) -> None:
    """The log of the last ``recent`` actions (a whole log is checked the same way, only slower)."""
    game = nr.new_game(players=players, seed=seed, options=options)
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(rnd.choice(game.legal_actions()))
    since = max(0, len(game) - recent)
    for viewer in (*range(players), None):
        assert errors(PAYLOAD, protocol.payload(game, viewer, since)) == []
        assert errors(VIEW, json.loads(game.view(viewer).to_json())) == []


def test_the_schema_refuses_a_payload_with_a_field_missing_or_of_another_type() -> None:
    game = nr.new_game(players=2, seed=1)
    data = protocol.payload(game, game.to_move)
    assert errors(PAYLOAD, data) == []
    del data["state"]["players"][1]["coins"]
    data["legal_actions"][0]["cost"]["coins"] = "3"
    assert errors(PAYLOAD, data) == [
        "['state', 'players', 1]: 'coins' is a required property",
        "['legal_actions', 0, 'cost', 'coins']: '3' is not of type 'integer'",
    ]


# -- hidden information ---------------------------------------------------------------------------------


def ids_in(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9_-]+", text))


@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 500), draft=st.booleans())
def test_no_payload_contains_another_seats_hidden_cards_masters_or_tuck_choice(
    players: int, seed: int, steps: int, draft: bool
) -> None:
    """A card in a hidden hand may be public (taken from a line); a Master in hand never is."""
    game = played(players, seed, steps, draft)
    shown_to_all = ids_in(json.dumps(protocol.payload(game, None)))
    for viewer in (*range(players), None):
        text = json.dumps(protocol.payload(game, viewer), ensure_ascii=False)
        for other in game.state.players:
            if other.seat == viewer:
                continue
            cards = {*other.hand, *([other.tuck_choice] if other.tuck_choice else [])}
            assert not (cards - shown_to_all) & ids_in(text), (viewer, other.seat)
            masters = [game.catalog.masters_by_id[m] for m in (*other.masters, *other.draft)]
            assert not {m.id for m in masters} & ids_in(text), (viewer, other.seat)
            assert not [m.name for m in masters if m.name in text], (viewer, other.seat)


# -- the catalog ----------------------------------------------------------------------------------------


def test_the_catalog_gives_every_component_in_words_once() -> None:
    catalog = nr.default_catalog()
    data = protocol.catalog_data(catalog)
    assert data["version"] == protocol.PROTOCOL_VERSION and data["data"]["digest"] == catalog.identity.digest
    for key, ids in (
        ("cards", catalog.cards_by_id),
        ("masters", catalog.masters_by_id),
        ("tiles", catalog.tiles_by_id),
        ("objectives", catalog.objectives_by_id),
        ("bonus_tokens", catalog.tokens_by_id),
    ):
        assert [item["id"] for item in data[key]] == list(ids), key
        assert all(item["text"] == component_text(catalog, item["id"]) for item in data[key]), key
    discoveries = data["great_discoveries"]["tiles"]
    assert [item["id"] for item in discoveries] == list(catalog.discoveries_by_id)
    assert all(item["text"] == component_text(catalog, item["id"]) for item in discoveries)
    exchange = next(card for card in catalog.action_cards if isinstance(card.special, Exchange))
    special = next(card for card in data["cards"] if card["id"] == exchange.id)
    assert special["special"]["type"] == "exchange" and special["text"] == component_text(catalog, exchange.id)
    assert json.loads(json.dumps(data)) == data  # plain JSON


def test_M4_descartes_follow_up_keeps_its_version_1_flag_on_the_wire_beside_its_modifier() -> None:
    """Protocol 1 clients read ``then_perform_taken``; the records now carry the modifier instead."""
    data = protocol.catalog_data(nr.default_catalog())
    descartes = next(master for master in data["masters"] if master["id"] == "descartes")
    (effect,) = descartes["immediate"]
    assert effect["modifiers"] == [{"type": "perform_taken_card"}] and effect["then_perform_taken"] is True
    lessons_frame = {"$defs": protocol.schema()["$defs"], "$ref": "#/$defs/LessonsFrame"}
    for modifiers, flag in (((), False), ((PerformTakenCard(),), True)):
        frame = plain(LessonsFrame(player=0, value=1, remaining=1, modifiers=modifiers))
        assert frame["then_perform_taken"] is flag
        jsonschema.Draft202012Validator(lessons_frame).validate(frame)


def test_the_catalog_gives_the_boards_in_words_and_where_to_draw_them() -> None:
    """V1 (routes and costs), T1 (the Technology track's paths), B1 (book spaces and their requirements)."""
    catalog = nr.default_catalog()
    data = protocol.catalog_data(catalog)
    london = next(r for r in data["map"]["routes"] if {r["a"], r["b"]} == {"paris", "london"})
    assert london["cost"] == 1 and london["text"] == "Paris - London: costs 1 coin, by land and sea"
    berlin = next(s for s in data["map"]["spaces"] if s["id"] == "berlin")
    assert berlin["text"] == "Berlin: the Objective space; asks 1 green volume and 3 orange volumes"
    t1 = next(s for s in data["technology_track"]["spaces"] if s["id"] == "t1")
    assert t1["next"] == ["a1", "b1", "c1"]
    assert t1["text"] == "t1: Technology track, space; a Bonus token with any number of players"
    board = data["study_boards"][0]
    assert board["text"] == "Study board A: 17 book spaces, 1 printed as covered; a Lessons symbol printed in drawer 4"
    book = board["book_spaces"][1]
    assert book["text"] == book_space_text(catalog.study_boards[0].book_spaces[1])
    geometry = data["geometry"]
    assert {p["id"] for p in geometry["map"]["spaces"]} == {s["id"] for s in data["map"]["spaces"]}
    assert geometry["technology_track"]["width"] > 0 and "routes" not in geometry["map"]


def test_the_catalog_follows_the_schema_with_or_without_geometry() -> None:
    catalog = nr.default_catalog()
    assert errors(CATALOG, protocol.catalog_data(catalog)) == []
    bare = protocol.catalog_data(attrs.evolve(catalog, geometry=None))
    assert bare["geometry"] is None and errors(CATALOG, bare) == []
    del bare["cards"][0]["text"]
    assert errors(CATALOG, bare) == ["['cards', 0]: 'text' is a required property"]


def test_each_action_of_the_log_is_a_sentence_and_a_secret_choice_stays_secret() -> None:
    """S12: the Masters kept in a draft are secret until played."""
    game = nr.new_game(players=2, seed=2, options=nr.Options(master_draft=True))
    for _ in range(2):
        game = game.apply(game.legal_actions()[0])
    mine, theirs = protocol.payload(game, 0)["log"]
    kept = game.catalog.masters_by_id[game.actions[0].arg].name
    assert mine["action"] == str(game.actions[0]) and mine["text"] == f"Player 0 keeps Master {kept}."
    assert theirs["action"] == "keep ?" and theirs["text"] == "Player 1 keeps a Master card (hidden)."
