"""The game server's HTTP API: creating games, seats and tokens, actions, refusals that change nothing,
bots that play on their own, persistence across restarts, the push channel, and no hidden information
over the wire."""

from __future__ import annotations

import json
import random
import sqlite3
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed (pip install 'newton-rules[server]')")
pytest.importorskip("uvicorn", reason="the server extra is not installed (pip install 'newton-rules[server]')")
pytest.importorskip("httpx", reason="httpx (the HTTP client of the server tests) is not installed")

import httpx

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 in its test client; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import newton_rules as nr
from newton_rules.server import create_app
from newton_rules.server.app import MAX_ACTION_BODY
from newton_rules.server.running import BackgroundServer
from newton_rules.server.tables import Host

JSON = Any


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as test_client:
        yield test_client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient | httpx.Client, **request: JSON) -> tuple[str, list[str | None]]:
    response = client.post("/api/games", json=request)
    assert response.status_code == 201, response.text
    body = response.json()
    return body["id"], [seat["token"] for seat in body["seats"]]


def show(client: TestClient | httpx.Client, game_id: str, token: str | None = None, since: int | None = None) -> JSON:
    query = "" if since is None else f"?since={since}"
    response = client.get(f"/api/games/{game_id}{query}", headers=auth(token) if token else {})
    assert response.status_code == 200, response.text
    return response.json()


def true_game(client: TestClient, game_id: str) -> Any:
    host: Host = client.app.state.host  # type: ignore[attr-defined]
    return host.table(game_id).game


def stored_actions(db: Path, game_id: str) -> list[str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT text FROM actions WHERE game = ? ORDER BY number", (game_id,)).fetchall()
    return [text for (text,) in rows]


def wait_until_over(client: TestClient | httpx.Client, game_id: str, timeout: float = 120) -> JSON:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        payload = show(client, game_id)
        if payload["is_over"]:
            return payload
        time.sleep(0.1)
    raise AssertionError(f"game {game_id} did not end in {timeout} s")


# -- creating games ---------------------------------------------------------------------------------------


def test_create_gives_an_id_and_a_token_per_human_seat_only(client: TestClient) -> None:
    response = client.post("/api/games", json={"players": 3, "seed": 4, "seats": ["human", "greedy", "human"]})
    assert response.status_code == 201
    body = response.json()
    assert [(s["seat"], s["kind"]) for s in body["seats"]] == [(0, "human"), (1, "greedy"), (2, "human")]
    tokens = [s["token"] for s in body["seats"]]
    assert tokens[1] is None and tokens[0] != tokens[2]
    assert all(len(t) >= 40 for t in (tokens[0], tokens[2]))  # 256 random bits, URL-safe
    payload = show(client, body["id"], tokens[2])
    assert payload["player"] == 2 and payload["seats"] == ["human", "greedy", "human"]


def test_a_token_is_stored_only_as_its_digest(client: TestClient, db: Path) -> None:
    _, tokens = create(client, players=1, seed=1, seats=["human"])
    files = list(db.parent.glob(db.name + "*"))  # the database and its write-ahead log
    assert tokens[0] is not None and files
    assert all(tokens[0].encode() not in f.read_bytes() for f in files)


@pytest.mark.parametrize(
    ("request_body", "reason"),
    [
        ({"players": 5}, "players: must be an integer from 1 to 4, got 5"),
        ({"players": "2"}, "players: must be an integer from 1 to 4, got '2'"),
        ({"players": 2, "seats": ["human"]}, "seats: must be a list of 2 seat kinds"),
        ({"players": 2, "seats": ["human", "alphazero"]}, "seats[1]: must be one of human, greedy, mcts, random"),
        ({"players": 1, "seats": ["human"], "seed": -1}, "seed: must be an integer from 0 to"),
        ({"players": 1, "seats": ["human"], "options": {"work_coins": "bogus"}}, "options: work_coins: must be one of"),
        ({"players": 1, "seats": ["human"], "options": {"colour": 1}}, "options: "),
        ({"players": 1, "colour": "red"}, "unknown field(s) colour"),
    ],
)
def test_a_bad_create_request_is_400_naming_the_field(client: TestClient, request_body: JSON, reason: str) -> None:
    response = client.post("/api/games", json=request_body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(reason)


def test_create_takes_options(client: TestClient) -> None:
    game_id, _ = create(client, players=2, seed=3, seats=["human", "human"], options={"master_draft": True})
    assert true_game(client, game_id).config.options == nr.Options(master_draft=True)
    assert show(client, game_id)["game"]["options"]["master_draft"] is True


def test_an_unknown_game_is_404(client: TestClient) -> None:
    response = client.get("/api/games/nosuchgame")
    assert response.status_code == 404 and response.json() == {"error": "no game 'nosuchgame'"}


# -- views and actions ------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_a_spectator_no_hand(client: TestClient) -> None:
    game_id, tokens = create(client, players=2, seed=7, seats=["human", "human"])
    assert tokens[0] is not None
    game = true_game(client, game_id)
    mine = show(client, game_id, tokens[0])
    assert mine["state"]["players"][0]["hand"] == list(game.state.players[0].hand)
    assert set(mine["state"]["players"][1]["hand"]) == {"?"}
    assert [a["text"] for a in mine["legal_actions"]] == [str(a) for a in game.legal_actions()]
    spectator = show(client, game_id)
    assert spectator["player"] is None and spectator["legal_actions"] == []
    assert all(set(p["hand"]) == {"?"} and set(p["masters"]) == {"?"} for p in spectator["state"]["players"])


def test_the_seed_is_withheld_until_the_game_is_over(client: TestClient) -> None:
    """The seed and the actions rebuild every hand and deck: no seat may know it during the game."""
    game_id, tokens = create(client, players=2, seed=11, seats=["human", "human"])
    assert tokens[0] is not None
    assert show(client, game_id, tokens[0])["game"]["seed"] is None
    assert show(client, game_id)["game"]["seed"] is None
    body = client.get(f"/api/games/{game_id}", headers=auth(tokens[0])).text
    assert '"seed":11' not in body.replace(" ", "")


def test_an_action_moves_the_game_and_is_stored(client: TestClient, db: Path) -> None:
    game_id, tokens = create(client, players=2, seed=7, seats=["human", "human"])
    assert tokens[0] is not None
    response = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[0]), json={"action": "flip 1"})
    assert response.status_code == 200
    payload = response.json()
    assert payload["action_count"] == 1 and payload["since"] == 0
    assert [entry["action"] for entry in payload["log"]] == ["flip 1"]
    assert stored_actions(db, game_id) == ["flip 1"]
    assert true_game(client, game_id) == nr.new_game(players=2, seed=7).apply("flip 1")


def refused(client: TestClient, game_id: str, headers: dict[str, str], **kwargs: Any) -> tuple[int, str]:
    response = client.post(f"/api/games/{game_id}/actions", headers=headers, **kwargs)
    assert response.headers["content-type"] == "application/json"
    return response.status_code, response.json()["error"]


def test_refused_actions_name_the_reason_and_leave_the_game_untouched(client: TestClient, db: Path) -> None:
    game_id, tokens = create(client, players=2, seed=7, seats=["human", "human"])
    first, second = tokens
    assert first is not None and second is not None
    before = true_game(client, game_id)
    cases: list[tuple[dict[str, str], dict[str, Any], int, str]] = [
        (auth(second), {"json": {"action": "flip 1"}}, 409, "not your turn: seat 0 is to move, you are seat 1"),
        (auth(first), {"json": {"action": "step venezia"}}, 422, "illegal action: "),
        (auth(first), {"json": {"action": "fly venezia"}}, 422, "not an action: unknown action kind 'fly'"),
        ({}, {"json": {"action": "flip 1"}}, 401, "this needs a seat's token"),
        ({"Authorization": "Basic abc"}, {"json": {"action": "flip 1"}}, 401, "the Authorization header must be"),
        (auth("not-a-token"), {"json": {"action": "flip 1"}}, 403, "this token is not a seat's token at this game"),
        (auth(first), {"content": b"{not json"}, 400, "the body is not JSON"),
        (auth(first), {"content": b"\xff\xfe"}, 400, "the body is not JSON"),
        (auth(first), {"json": ["flip 1"]}, 400, 'the body must be {"action": TEXT}'),
        (auth(first), {"json": {"action": 3}}, 400, 'the body must be {"action": TEXT}'),
        (auth(first), {"json": {"action": "flip 1", "also": 1}}, 400, 'the body must be {"action": TEXT}'),
        (auth(first), {"json": {"action": "x" * MAX_ACTION_BODY}}, 413, f"the body is larger than {MAX_ACTION_BODY}"),
    ]
    for headers, body, status, reason in cases:
        got_status, got_reason = refused(client, game_id, headers, **body)
        assert (got_status, got_reason[: len(reason)]) == (status, reason), body
        assert true_game(client, game_id) is before
        assert stored_actions(db, game_id) == []


def test_the_same_action_sent_twice_from_the_same_position_is_answered_as_the_one_applied(
    client: TestClient, db: Path
) -> None:
    game_id, tokens = create(client, players=2, seed=7, seats=["human", "human"])
    assert tokens[0] is not None
    body = {"action": "flip 1", "action_count": 0}  # a double click: the same request twice
    first = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[0]), json=body)
    again = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[0]), json=body)
    assert (first.status_code, again.status_code) == (200, 200)
    assert (first.json()["repeated"], again.json()["repeated"]) == (False, True)
    assert again.json()["action_count"] == 1 and [e["action"] for e in again.json()["log"]] == ["flip 1"]
    assert stored_actions(db, game_id) == ["flip 1"]
    assert true_game(client, game_id) == nr.new_game(players=2, seed=7).apply("flip 1")


def test_a_double_click_racing_to_the_server_plays_the_action_once(db: Path) -> None:
    with BackgroundServer(db) as server, httpx.Client(base_url=server.url) as http:
        game_id, tokens = create(http, players=2, seed=7, seats=["human", "human"])
        token = tokens[0]
        assert token is not None
        body = {"action": "flip 1", "action_count": 0}
        url = f"/api/games/{game_id}/actions"
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda _: http.post(url, headers=auth(token), json=body), range(2)))
    assert sorted(answer.json()["repeated"] for answer in answers) == [False, True]
    assert stored_actions(db, game_id) == ["flip 1"]


def test_an_action_chosen_from_a_position_the_game_has_left_is_refused_and_changes_nothing(
    client: TestClient, db: Path
) -> None:
    game_id, tokens = create(client, players=2, seed=7, seats=["human", "human"])
    first = tokens[0]
    assert first is not None
    client.post(f"/api/games/{game_id}/actions", headers=auth(first), json={"action": "flip 1", "action_count": 0})
    before = true_game(client, game_id)
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"action": "flip 2", "action_count": 0}, 409, "the game has moved on: you chose from the position after 0"),
        ({"action": "flip 1", "action_count": 5}, 400, "action_count: must be an action count from 0 to 1, got 5"),
        ({"action": "flip 1", "action_count": -1}, 400, "action_count: must be an action count from 0, got -1"),
        ({"action": "flip 1", "action_count": "0"}, 400, 'the body must be {"action": TEXT} or'),
        ({"action": "step venezia", "action_count": 1}, 422, "illegal action: "),
    ]
    for body, status, reason in cases:
        got_status, got_reason = refused(client, game_id, auth(first), json=body)
        assert (got_status, got_reason[: len(reason)]) == (status, reason), body
        assert true_game(client, game_id) is before
        assert stored_actions(db, game_id) == ["flip 1"]


def test_a_body_larger_than_the_limit_is_413_even_without_a_length(client: TestClient) -> None:
    game_id, tokens = create(client, players=1, seed=7, seats=["human"])
    assert tokens[0] is not None

    def chunks() -> Iterator[bytes]:
        yield b'{"action": "'
        yield b"x" * (2 * MAX_ACTION_BODY)
        yield b'"}'

    status, reason = refused(client, game_id, auth(tokens[0]), content=chunks())
    assert status == 413 and "larger than" in reason


def test_a_token_of_another_game_is_403(client: TestClient) -> None:
    game_a, _ = create(client, players=1, seed=1, seats=["human"])
    _, tokens_b = create(client, players=1, seed=1, seats=["human"])
    assert tokens_b[0] is not None
    response = client.get(f"/api/games/{game_a}", headers=auth(tokens_b[0]))
    assert response.status_code == 403


def test_a_bad_since_is_400(client: TestClient) -> None:
    game_id, _ = create(client, players=1, seed=1, seats=["human"])
    for since in ("-1", "x", "5"):
        response = client.get(f"/api/games/{game_id}?since={since}")
        assert response.status_code == 400 and response.json()["error"].startswith("since: ")


def test_api_answers_carry_security_headers_and_are_not_cached(client: TestClient) -> None:
    game_id, _ = create(client, players=1, seed=1, seats=["human"])
    response = client.get(f"/api/games/{game_id}")
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'self'" in response.headers["content-security-policy"]


# -- bots -------------------------------------------------------------------------------------------------


class FailingBot:
    def choose(self, game: nr.Game) -> nr.Action:
        raise RuntimeError("out of ideas")


def test_a_failing_bot_stops_and_says_why_leaving_the_game_as_it_was(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Host, "_bot", lambda self, frontend, kind, seed: FailingBot())
    game_id, _ = create(client, players=1, seed=1, seats=["random"])
    deadline = time.monotonic() + 10
    while show(client, game_id)["bot_error"] is None and time.monotonic() < deadline:
        time.sleep(0.02)
    payload = show(client, game_id)
    assert payload["bot_error"] == "the random bot of seat 0 failed: out of ideas"
    assert payload["action_count"] == 0 and true_game(client, game_id) == nr.new_game(players=1, seed=1)


def test_server_side_bots_play_a_whole_game_on_their_own(client: TestClient, db: Path) -> None:
    game_id, tokens = create(client, players=2, seed=5, seats=["greedy", "random"])
    assert tokens == [None, None]
    final = wait_until_over(client, game_id)
    assert final["game"]["seed"] == 5  # told once the game is over
    replayed = nr.replay(nr.GameConfig(players=2, seed=5), stored_actions(db, game_id))
    assert replayed.is_over and list(replayed.scores) == final["scores"]


def test_an_mcts_bot_plays_within_its_thinking_time(db: Path) -> None:
    with TestClient(create_app(db, mcts_time=0.05)) as client:
        game_id, _ = create(client, players=2, seed=3, seats=["mcts", "random"])
        deadline = time.monotonic() + 60
        while len(true_game(client, game_id)) < 6 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(true_game(client, game_id)) >= 6 and show(client, game_id)["bot_error"] is None


def test_a_bot_answers_a_person_s_move(client: TestClient) -> None:
    game_id, tokens = create(client, players=2, seed=7, seats=["human", "random"])
    assert tokens[0] is not None
    game = true_game(client, game_id)
    while game.to_move == 0:  # play seat 0's whole first turn
        action = game.legal_actions()[-1]
        response = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[0]), json={"action": str(action)})
        assert response.status_code == 200
        game = true_game(client, game_id)
    deadline = time.monotonic() + 30
    while true_game(client, game_id).to_move == 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert true_game(client, game_id).to_move == 0, "the bot of seat 1 played its turn"


# -- persistence ------------------------------------------------------------------------------------------


def test_a_restart_loses_nothing(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        game_id, tokens = create(client, players=2, seed=9, seats=["human", "human"])
        rng = random.Random(9)
        for _ in range(25):
            game = true_game(client, game_id)
            token = tokens[game.to_move or 0]
            assert token is not None
            action = str(rng.choice(game.legal_actions()))
            assert client.post(f"/api/games/{game_id}/actions", headers=auth(token), json={"action": action}).is_success
        before = true_game(client, game_id)
        seen = show(client, game_id, tokens[1])
    with TestClient(create_app(db)) as client:
        assert true_game(client, game_id) == before
        assert show(client, game_id, tokens[1]) == seen
        token = tokens[before.to_move or 0]
        assert token is not None
        action = str(before.legal_actions()[0])
        assert client.post(f"/api/games/{game_id}/actions", headers=auth(token), json={"action": action}).is_success


def test_bots_resume_after_a_restart(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        game_id, _ = create(client, players=2, seed=2, seats=["random", "random"])
        while len(true_game(client, game_id)) < 5:
            time.sleep(0.01)
    cut = len(stored_actions(db, game_id))
    assert cut < 300, "the game was stopped part way"
    with TestClient(create_app(db)) as client:
        final = wait_until_over(client, game_id)
    actions = stored_actions(db, game_id)
    assert len(actions) == final["action_count"] > cut
    assert nr.replay(nr.GameConfig(players=2, seed=2), actions).is_over


def test_an_action_the_database_cannot_store_is_refused_and_the_game_untouched(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        game_id, tokens = create(client, players=1, seed=1, seats=["human"])
        assert tokens[0] is not None
        before = true_game(client, game_id)
        action = str(before.legal_actions()[0])
        with sqlite3.connect(db) as conn:  # another writer holds the database (the server waits 5 s for it)
            conn.execute("BEGIN EXCLUSIVE")
            response = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[0]), json={"action": action})
            conn.rollback()
        assert response.status_code == 503
        assert response.json()["error"].startswith("the database cannot be written: database is locked")
        assert true_game(client, game_id) is before and stored_actions(db, game_id) == []


def test_a_damaged_log_is_refused_at_load(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        game_id, _ = create(client, players=1, seed=1, seats=["human"])
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO actions (game, number, seat, text) VALUES (?, 0, 0, 'step venezia')", (game_id,))
    with TestClient(create_app(db)) as client:
        response = client.get(f"/api/games/{game_id}")
        assert response.status_code == 500
        assert response.json()["error"].startswith(f"game {game_id} does not replay: step venezia is not legal")


# -- the push channel, over a real socket -----------------------------------------------------------------


def read_updates(lines: Iterator[str], count: int) -> list[JSON]:
    updates: list[JSON] = []
    for line in lines:
        if line.startswith("data: "):
            updates.append(json.loads(line[len("data: ") :]))
            if len(updates) == count:
                break
    return updates


def test_the_push_channel_tells_followers_each_move(db: Path) -> None:
    with BackgroundServer(db) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        game_id, tokens = create(http, players=2, seed=7, seats=["human", "human"])
        assert tokens[0] is not None
        with http.stream("GET", f"/api/games/{game_id}/stream") as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            first = read_updates(lines, 1)[0]
            assert first["action_count"] == 0 and first["to_move"] == 0
            posted = http.post(f"/api/games/{game_id}/actions", headers=auth(tokens[0]), json={"action": "flip 1"})
            assert posted.status_code == 200
            update = read_updates(lines, 1)[0]
        assert update["action_count"] == 1 and [e["action"] for e in update["log"]] == ["flip 1"]
        assert any("turns over" in event["text"] or "level 1" in event["text"] for event in update["log"][0]["events"])


def test_the_push_channel_names_no_hidden_master(db: Path) -> None:
    """The Master draft over the push channel: every seat's keeps arrive as ``keep ?``, and no Master a
    seat holds (none is played during the draft) is ever named in the stream."""
    with BackgroundServer(db) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        game_id, tokens = create(http, players=2, seed=8, seats=["human", "human"], options={"master_draft": True})
        with http.stream("GET", f"/api/games/{game_id}/stream") as stream:
            lines = stream.iter_lines()
            updates = read_updates(lines, 1)
            payload = show(http, game_id)
            while payload["phase"] == "draft":
                token = tokens[payload["to_move"]]
                assert token is not None
                mine = show(http, game_id, token)
                action = mine["legal_actions"][0]["text"]
                url = f"/api/games/{game_id}/actions"
                payload = http.post(url, headers=auth(token), json={"action": action}).json()
                updates += read_updates(lines, 1)
        held = [show(http, game_id, token)["state"]["players"][seat]["masters"] for seat, token in enumerate(tokens)]
    catalog = nr.default_catalog()
    stream_text = json.dumps(updates)
    assert all(len(masters) == 4 for masters in held)
    for master in (m for masters in held for m in masters):
        assert f'"{master}"' not in stream_text and catalog.masters_by_id[master].name not in stream_text
    assert "keep ?" in stream_text


# -- hidden information over the wire ---------------------------------------------------------------------


def hidden_ids(game: nr.Game, seat: int) -> set[str]:
    """The ids (as JSON strings) and names of ``seat``'s Masters not played yet: no other seat may ever
    read them."""
    catalog = game.catalog
    player = game.state.players[seat]
    masters = {m for m in (*player.masters, *player.draft) if m != "?"}
    return {f'"{m}"' for m in masters} | {catalog.masters_by_id[m].name for m in masters}


@pytest.mark.parametrize("options", [{}, {"master_draft": True}])
def test_no_seat_ever_reads_another_seat_s_hidden_things(client: TestClient, options: JSON) -> None:
    """A whole game between two people: every answer to seat 1 and to a spectator hides seat 0's hand,
    Masters and draft, and never names a Master seat 0 holds; and the other way round."""
    game_id, tokens = create(client, players=2, seed=21, seats=["human", "human"], options=options)
    rng = random.Random(21)
    seen = [0, 0, 0]
    while True:
        game = true_game(client, game_id)
        for viewer, token in ((0, tokens[0]), (1, tokens[1]), (None, None)):
            index = 2 if viewer is None else viewer
            query = f"?since={seen[index]}"
            text = client.get(f"/api/games/{game_id}{query}", headers=auth(token) if token else {}).text
            seen[index] = len(game)
            payload = json.loads(text)
            for other in range(2):
                if other == viewer:
                    continue
                hidden = payload["state"]["players"][other]
                assert {*hidden["hand"], *hidden["masters"], *hidden["draft"]} <= {"?"}
                leaked = {name for name in hidden_ids(game, other) if name in text}
                assert not leaked, f"{viewer} reads {leaked} of seat {other} at action {len(game)}"
        if game.is_over:
            break
        token = tokens[game.to_move or 0]
        assert token is not None
        action = str(rng.choice(game.legal_actions()))
        assert client.post(f"/api/games/{game_id}/actions", headers=auth(token), json={"action": action}).is_success


def test_the_table_and_the_catalog_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/table.js">' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/table.js").status_code == 200 and client.get("/table.css").status_code == 200
    catalog = client.get("/api/catalog")
    assert catalog.status_code == 200 and catalog.json()["data"]["name"] == nr.default_catalog().identity.name
    again = client.get("/api/catalog", headers={"If-None-Match": catalog.headers["etag"]})
    assert again.status_code == 304


def test_a_reconnecting_follower_gets_only_what_it_missed(db: Path) -> None:
    with BackgroundServer(db) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        game_id, tokens = create(http, players=2, seed=7, seats=["human", "human"])
        assert tokens[0] is not None
        for action in ("flip 1", "flip 2"):
            http.post(f"/api/games/{game_id}/actions", headers=auth(tokens[0]), json={"action": action})
        with http.stream("GET", f"/api/games/{game_id}/stream", headers={"Last-Event-ID": "1"}) as stream:
            update = read_updates(stream.iter_lines(), 1)[0]
    assert update["action_count"] == 2 and [entry["action"] for entry in update["log"]] == ["flip 2"]


def test_the_push_channel_of_a_finished_game_says_so_and_ends(db: Path) -> None:
    with BackgroundServer(db) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        game_id, _ = create(http, players=1, seed=4, seats=["random"])
        wait_until_over(http, game_id)
        with http.stream("GET", f"/api/games/{game_id}/stream") as stream:
            updates = read_updates(stream.iter_lines(), 2)  # the stream ends after one
    assert len(updates) == 1 and updates[0]["is_over"] is True
