"""The server hosts any game declared on the core (issue 42): Galileo Galilei with every guarantee Newton's
games have (tokens per seat, refusals that change nothing, the action log as the truth across restarts, the
push channel, bots playing on their own, no hidden card over the wire), the toy game of the core's tests
with no change to the server, and a database of the first version (Newton's games only) still loading."""

from __future__ import annotations

import json
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed (pip install 'newton-rules[server]')")
pytest.importorskip("httpx", reason="httpx (the HTTP client of the server tests) is not installed")

import httpx

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import galileo_rules as gr
import newton_rules as nr
from newton_rules.cli.frontends import FRONTENDS
from newton_rules.server import create_app
from newton_rules.server.running import BackgroundServer
from newton_rules.server.store import GameStore
from rules_core.frontend import FrontEnd, OptionSpec, installed_frontends
from rules_core.wire import JSON, plain
from tests.core.toy import NimGame, new_nim
from tests.test_server import auth, create, read_updates, show, stored_actions, true_game, wait_until_over


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, games=FRONTENDS)) as test_client:
        yield test_client


def play_randomly(client: TestClient, game_id: str, tokens: list[str | None], count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        game = true_game(client, game_id)
        if game.is_over:
            return
        token = tokens[game.to_move or 0]
        assert token is not None
        action = str(rng.choice(game.legal_actions()))
        assert client.post(f"/api/games/{game_id}/actions", headers=auth(token), json={"action": action}).is_success


def test_the_lobby_offers_both_games_newton_first(client: TestClient) -> None:
    lobby = client.get("/api/lobby").json()
    assert lobby["default"] == "newton"
    assert [game["name"] for game in lobby["games"]] == ["newton", "galileo"]
    galileo = lobby["games"][1]
    assert galileo["title"] == "Galileo Galilei" and galileo["players"] == {"min": 1, "max": 4}
    assert galileo["seat_kinds"] == ["human", "greedy", "mcts", "random"]
    options = {option["name"]: option for option in galileo["options"]}
    assert options["advanced"]["kind"] == "bool" and options["box_refill"]["choices"] == ["from_trigger", "final_round"]
    assert [f.name for f in installed_frontends()] == ["newton", "galileo"]  # what serve hosts without a list


def test_a_galileo_game_is_created_with_its_options_and_read_in_its_protocol(client: TestClient) -> None:
    options = {"advanced": True, "box_refill": "final_round"}
    game_id, tokens = create(client, game="galileo", players=2, seed=5, seats=["human", "human"], options=options)
    game = true_game(client, game_id)
    assert isinstance(game, gr.GalileoGame)
    assert game.config.advanced and game.config.options == gr.Options(box_refill="final_round")
    mover = game.to_move
    assert mover is not None
    payload = show(client, game_id, tokens[1 - mover])
    assert payload["game"]["name"] == "galileo" and payload["player"] == 1 - mover
    assert payload["table_module"] == "galileo.js" and payload["legal_actions"] == []
    mine = show(client, game_id, tokens[mover])
    assert [a["text"] for a in mine["legal_actions"]] == [str(a) for a in game.legal_actions()]
    catalog = client.get("/api/catalog?game=galileo")
    assert catalog.json()["game"] == "galileo"
    assert (
        client.get("/api/catalog?game=galileo", headers={"If-None-Match": catalog.headers["etag"]}).status_code == 304
    )
    assert client.get("/api/schema?game=galileo").json()["$id"] == "urn:galileo-rules:protocol:payload"


@pytest.mark.parametrize(
    ("request_body", "reason"),
    [
        ({"game": "chess"}, "game: must be one of newton, galileo, got 'chess'"),
        ({"game": "galileo", "players": 5}, "players: must be an integer from 1 to 4, got 5"),
        ({"game": "galileo", "options": {"box_refill": "never"}}, "options: box_refill: must be one of"),
        ({"game": "galileo", "options": {"master_draft": True}}, "options: unknown option 'master_draft'"),
        ({"game": "galileo", "options": {"advanced": "yes"}}, "options: advanced: must be true or false"),
    ],
)
def test_a_bad_galileo_create_request_is_400_naming_the_field(
    client: TestClient, request_body: JSON, reason: str
) -> None:
    response = client.post("/api/games", json=request_body)
    assert response.status_code == 400 and response.json()["error"].startswith(reason)


def test_galileo_refusals_name_the_reason_and_leave_the_game_untouched(client: TestClient, db: Path) -> None:
    game_id, tokens = create(client, game="galileo", players=2, seed=7, seats=["human", "human"])
    before = true_game(client, game_id)
    mover = before.to_move
    first, second = tokens[mover], tokens[1 - mover]
    assert first is not None and second is not None
    legal = str(before.legal_actions()[0])
    cases = [
        (auth(second), legal, 409, f"not your turn: seat {mover} is to move, you are seat {1 - mover}"),
        (auth(first), "astronomer nobody", 422, ""),
        (auth(first), "fly 3", 422, "not an action: "),
        (auth("not-a-token"), legal, 403, "this token is not a seat's token at this game"),
        ({}, legal, 401, "this needs a seat's token"),
    ]
    for headers, action, status, reason in cases:
        response = client.post(f"/api/games/{game_id}/actions", headers=headers, json={"action": action})
        assert (response.status_code, response.json()["error"][: len(reason)]) == (status, reason), action
        assert true_game(client, game_id) is before and stored_actions(db, game_id) == []
    assert client.post(f"/api/games/{game_id}/actions", headers=auth(first), json={"action": legal}).is_success
    assert stored_actions(db, game_id) == [legal]


def hidden_cards(game: gr.GalileoGame) -> set[str]:
    """The cards nobody may see (GS3 the deck, the box, GO8 face-down Library cards), with their names."""
    state = game.state
    cards = {*state.deck, *state.box, *(e.card for p in state.players for e in p.library if not e.face_up)}
    return {f'"{card}"' for card in cards} | {game.catalog.card(card).name for card in cards}


def test_no_galileo_seat_or_spectator_reads_a_hidden_card_nor_the_seed(client: TestClient) -> None:
    game_id, tokens = create(client, game="galileo", players=2, seed=21, seats=["human", "human"])
    for step in range(12):
        play_randomly(client, game_id, tokens, 25, seed=step)
        game = true_game(client, game_id)
        hidden = hidden_cards(game)
        for token in (*tokens, None):
            text = client.get(f"/api/games/{game_id}", headers=auth(token) if token else {}).text
            leaked = {card for card in hidden if card in text}
            assert not leaked, f"{token and tokens.index(token)} reads {leaked} at action {len(game)}"
            assert json.loads(text)["game"]["seed"] is None or game.is_over


def test_a_galileo_game_survives_a_restart_and_its_bots_resume(db: Path) -> None:
    with TestClient(create_app(db, games=FRONTENDS)) as client:
        game_id, tokens = create(client, game="galileo", players=2, seed=9, seats=["human", "human"])
        play_randomly(client, game_id, tokens, 30, seed=9)
        before = true_game(client, game_id)
        seen = show(client, game_id, tokens[1])
        bots_id, _ = create(client, game="galileo", players=1, seed=2, seats=["random"])
    with TestClient(create_app(db, games=FRONTENDS)) as client:
        assert true_game(client, game_id) == before
        assert show(client, game_id, tokens[1]) == seen
        final = wait_until_over(client, bots_id, timeout=60)
    actions = stored_actions(db, bots_id)
    assert len(actions) == final["action_count"]
    assert gr.GalileoGame.replay(gr.GameConfig(players=1, seed=2), actions).is_over


def wait_for_seat(http: httpx.Client, game_id: str, seat: int) -> JSON:
    deadline = time.monotonic() + 30
    while (payload := show(http, game_id))["to_move"] != seat and time.monotonic() < deadline:
        time.sleep(0.05)
    assert payload["to_move"] == seat, f"seat {seat} never came to move"
    return payload


def test_a_galileo_bot_answers_a_person_and_the_push_channel_tells_each_move(db: Path) -> None:
    with BackgroundServer(db, games=FRONTENDS) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        game_id, tokens = create(http, game="galileo", players=2, seed=3, seats=["human", "greedy"])
        assert tokens[0] is not None
        with http.stream("GET", f"/api/games/{game_id}/stream") as stream:
            lines = stream.iter_lines()
            count = wait_for_seat(http, game_id, 0)["action_count"]
            action = show(http, game_id, tokens[0])["legal_actions"][0]["text"]
            assert http.post(
                f"/api/games/{game_id}/actions", headers=auth(tokens[0]), json={"action": action}
            ).is_success
            updates = read_updates(lines, 2 + count)  # the first, one per bot action before mine, mine
        mine = [entry for update in updates for entry in update["log"] if entry["index"] == count + 1]
        assert mine and mine[0]["action"] == action and mine[0]["text"].endswith(".")
        assert all(event["text"] for event in mine[0]["events"])
        wait_for_seat(http, game_id, 0)  # the greedy bot of seat 1 answered on its own
        host_game = gr.GalileoGame.replay(gr.GameConfig(players=2, seed=3), stored_actions(db, game_id))
        stream_text = json.dumps(updates)
        assert not {card for card in hidden_cards(host_game) if card in stream_text}, "the stream names a hidden card"


# -- a database of the first version ----------------------------------------------------------------------

FIRST_VERSION_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, setup TEXT NOT NULL, seats TEXT NOT NULL,
                    finished INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE tokens (game TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, digest TEXT NOT NULL,
                     PRIMARY KEY (game, seat));
CREATE TABLE actions (game TEXT NOT NULL REFERENCES games(id), number INTEGER NOT NULL, seat INTEGER NOT NULL,
                      text TEXT NOT NULL, PRIMARY KEY (game, number));
"""


def test_a_database_of_newton_games_from_the_first_version_keeps_loading(db: Path) -> None:
    game = nr.new_game(players=2, seed=4)
    with sqlite3.connect(db) as conn:
        conn.executescript(FIRST_VERSION_SCHEMA)
        conn.execute("INSERT INTO games VALUES ('old', ?, ?, 0, 0)", (game.to_json(), '["human", "human"]'))
        conn.execute("INSERT INTO actions VALUES ('old', 0, 0, 'flip 1')")
    with TestClient(create_app(db, games=FRONTENDS)) as client:
        assert true_game(client, "old") == game.apply("flip 1")
        galileo_id, _ = create(client, game="galileo", players=1, seed=1, seats=["human"])
    loaded = GameStore(db, {f.name: f.game_type for f in FRONTENDS}).load(galileo_id)
    assert loaded is not None and loaded.name == "galileo"


def test_a_game_this_server_does_not_host_is_answered_500_and_the_others_still_load(db: Path) -> None:
    with TestClient(create_app(db, games=FRONTENDS)) as client:
        galileo_id, _ = create(client, game="galileo", players=1, seed=1, seats=["human"])
        newton_id, _ = create(client, players=1, seed=1, seats=["human"])
    with TestClient(create_app(db, games=FRONTENDS[:1])) as client:
        response = client.get(f"/api/games/{galileo_id}")
        assert response.status_code == 500 and "which this server does not host" in response.json()["error"]
        assert show(client, newton_id)["action_count"] == 0


# -- a third game, with no change to the server -------------------------------------------------------------


def _nim_payload(game: NimGame, viewer: int | None, since: int) -> dict[str, JSON]:
    view = game.view(viewer)
    return {
        "player": viewer,
        "state": plain(view.state),
        "legal_actions": [{"text": str(action)} for action in view.legal_actions()],
        "to_move": game.to_move,
        "is_over": game.is_over,
        "action_count": len(game),
        "log": _nim_log(game, viewer, since),
    }


def _nim_log(game: NimGame, viewer: int | None, since: int) -> list[JSON]:
    return [{"player": actor, "action": str(action)} for actor, action, _ in game.view(viewer).entries_since(since)]


NIM_FRONTEND = FrontEnd(
    name="secret-nim",
    title="Secret Nim",
    game_type=NimGame,
    players=(2, 4),
    options=(OptionSpec("stones", "choice", "15", "Stones in the pile.", ("10", "15")),),
    new_game=lambda players, seed, options: new_nim(players, seed, stones=int(options.get("stones", "15"))),
    payload=_nim_payload,
    log=_nim_log,
    catalog=lambda: NimGame.definition.default_catalog(),
    catalog_data=lambda pack: {"cards": list(pack.cards)},
    schema=lambda: {"type": "object"},
    bots={},
    default_bot="",
    table_module="nim.js",
)


def test_a_third_game_is_served_with_no_change_to_the_server(db: Path) -> None:
    with TestClient(create_app(db, games=[NIM_FRONTEND])) as client:
        assert [game["name"] for game in client.get("/api/lobby").json()["games"]] == ["secret-nim"]
        game_id, tokens = create(client, players=2, seed=3, seats=["human", "human"], options={"stones": "10"})
        hands = [show(client, game_id, token)["state"]["hands"] for token in tokens]
        assert all(card != 0 for card in hands[0][0]) and set(hands[0][1]) == {0}  # the other hand is hidden
        play_randomly(client, game_id, tokens, 40, seed=3)
        before = true_game(client, game_id)
    with TestClient(create_app(db, games=[NIM_FRONTEND])) as client:
        assert true_game(client, game_id) == before and before.is_over


# -- kill -9 ------------------------------------------------------------------------------------------------


def start_serving(db: Path) -> tuple[subprocess.Popen[str], str]:
    """``newton-rules serve`` in a process of its own on a free port; its process and its address."""
    command = [sys.executable, "-m", "newton_rules.cli", "serve", "--port", "0", "--db", str(db), "--bot-delay", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()  # "newton-rules: the table is at http://127.0.0.1:PORT/ ..."
    match = re.search(r"http://\S+?/", line)
    assert match, f"the server did not start: {line!r}"
    return process, match.group(0).rstrip("/")


def test_a_galileo_game_loses_no_acknowledged_action_to_kill_9(db: Path) -> None:
    process, url = start_serving(db)
    try:
        with httpx.Client(base_url=url, timeout=30) as http:
            game_id, tokens = create(http, game="galileo", players=2, seed=12, seats=["human", "human"])
            rng = random.Random(12)
            for _ in range(20):
                seen = show(http, game_id)
                token = tokens[seen["to_move"]]
                mine = show(http, game_id, token)
                action = rng.choice(mine["legal_actions"])["text"]
                assert http.post(
                    f"/api/games/{game_id}/actions", headers=auth(token), json={"action": action}
                ).is_success
            before = show(http, game_id, tokens[0])
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    process, url = start_serving(db)
    try:
        with httpx.Client(base_url=url, timeout=30) as http:
            after = show(http, game_id, tokens[0])
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
    assert after["action_count"] == before["action_count"] == 20 and after == before
