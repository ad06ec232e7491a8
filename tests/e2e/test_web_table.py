"""The web table in a real browser: a whole game played by clicking at phone width and at desktop width
(what each choice gives, the confirmation before giving up a Basic Action, the single choice played
for the player, "Since your last turn", the log by round and turn, the player boards, the final score
table, the phone's tap targets and popovers, no console error), a double click, a second browser in the
other seat that follows the moves and never sees the first seat's hand; a prepared solo game with the
modules shows a special action under the desk and a Great Discovery tile face up, then face down."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Response, Route, ViewportSize

import newton_rules as nr
from newton_rules.server.running import BackgroundServer
from tests.e2e.watched import Watched, check_nothing_sticks_out, open_every_round

PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1280, height=900)
TURN_TIMEOUT_MS = 30_000
TAP = 44  # px: the smallest tap target on a phone


@pytest.fixture
def phone(browser: Browser) -> Iterator[Watched]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield Watched(context)
    context.close()


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Watched]:
    context = browser.new_context(viewport=DESKTOP)
    yield Watched(context)
    context.close()


def create_in_lobby(page: Page, server: BackgroundServer, seats: list[str], seed: int = 7) -> None:
    """Fill the lobby's form: the player count, each seat's kind, the seed (7: seat 0 plays first);
    then create the game."""
    page.goto(server.url + "/")
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.fill("input[name='seed']", str(seed))
    page.click("#create-game")
    page.wait_for_selector("#seat-links a")


def open_seat(page: Page, server: BackgroundServer, seats: list[str], seed: int = 7, **options: bool) -> str:
    """Create a game through the API and open seat 0's table; returns the game's id."""
    request = {"players": len(seats), "seed": seed, "seats": seats, "options": options}
    body = httpx.post(server.url + "/api/games", json=request).json()
    page.goto(f"{server.url}/#game={body['id']}&token={body['seats'][0]['token']}")
    page.wait_for_selector("#turn button[data-action], #prompt:has-text('Waiting')")
    return str(body["id"])


def seat_payload(page: Page) -> Any:
    """The payload of the seat whose table ``page`` shows, asked of the server with the page's token."""
    fragment = dict(part.split("=", 1) for part in page.url.split("#", 1)[1].split("&"))
    origin = page.url.split("/#", 1)[0]
    headers = {"Authorization": f"Bearer {fragment['token']}"}
    return httpx.get(f"{origin}/api/games/{fragment['game']}", headers=headers).json()


def action_count(page: Page) -> int:
    return int(page.get_attribute("body", "data-count") or "0")


def wait_past(page: Page, count: int, timeout: float = TURN_TIMEOUT_MS / 1000) -> None:
    """Wait until the page shows more than ``count`` actions (polled from here: the table's Content
    Security Policy forbids the string evaluation of ``wait_for_function``)."""
    deadline = time.monotonic() + timeout
    while action_count(page) <= count:
        assert time.monotonic() < deadline, f"the page still shows {count} actions after {timeout} s"
        page.wait_for_timeout(20)


def choices(page: Page) -> list[dict[str, Any]]:
    """The choices offered now: each button's action, label, badges and group."""
    script = """buttons => buttons.map(b => ({action: b.dataset.action, label: b.querySelector('.label').textContent,
        badges: [...b.querySelectorAll('.badge')].map(x => x.textContent), quick: !!b.closest('#quick-actions'),
        givesUp: b.dataset.givesUp === '1'}))"""
    found: list[dict[str, Any]] = page.eval_on_selector_all("#turn button[data-action]", script)
    return found


def the_server_s_count(server: BackgroundServer, game_id: str) -> int:
    return int(httpx.get(f"{server.url}/api/games/{game_id}").json()["action_count"])


class Seen:
    """What a whole game showed the player, for the assertions at its end."""

    def __init__(self, auto_single: bool) -> None:
        self.auto_single = auto_single  # the setting: a single choice played for the player
        self.waited = 0  # single choices left to the player (the setting off)
        self.clicks = 0
        self.confirmations = 0
        self.auto_played = 0
        self.since_sentences: list[str] = []
        self.moved = 0
        self.card_labels: list[str] = []
        self.grouped = 0  # decisions whose Quick Actions were grouped apart from the main choice


def check_the_phone(page: Page) -> None:
    """Nothing sticks out sideways; every choice and every legal space on the boards at least 44 px across."""
    check_nothing_sticks_out(page)
    targets = ", ".join(
        (
            "button",  # the choices, the zoom buttons, a card line's flip, the popover's close
            "svg g[data-space] circle.space",  # every Map and track space
            ".card, .chip, .book:not(.empty), .pile, .income-space, .drawer, .line-vp, .log-round summary",
        )
    )
    script = """items => items.filter(i => i.getClientRects().length).map(i => {
        const r = i.getBoundingClientRect(); return [i.className.baseVal ?? i.className, r.width, r.height]; })"""
    sizes = page.eval_on_selector_all(targets, script)
    small = [size for size in sizes if size[1] < TAP - 0.5 or size[2] < TAP - 0.5]
    assert sizes and not small, small


def take_a_turn(page: Page, rng: random.Random, seen: Seen, on_phone: bool) -> None:
    """Click a random choice (confirming when it gives up the Basic Action), or let a single choice be
    played for the player, and wait until the game has moved on."""
    before = action_count(page)
    offered = choices(page)
    if not offered:  # the page moved on to another seat's decision meanwhile
        return
    if len(offered) == 1 and not offered[0]["givesUp"] and seen.auto_single:  # the table plays it for the player
        wait_past(page, before)
        assert (page.text_content("#auto-note") or "").startswith("Played for you, your only choice: I ")
        seen.auto_played += 1
        return
    if len(offered) == 1 and seen.waited < 3:  # the setting off: the single choice waits for the player
        page.wait_for_timeout(400)
        assert action_count(page) == before and page.locator("#auto-note").is_hidden()
        seen.waited += 1
    if on_phone and seen.clicks % 25 == 0:
        check_the_phone(page)
    choice = rng.choice(offered)
    seen.card_labels += [c["label"] for c in offered if c["action"].startswith("play ")]
    assert all(c["label"].startswith("I ") for c in offered)
    for flip in (c for c in offered if c["action"].startswith("flip ")):  # Q1: 1 coin, as a cost badge
        assert flip["badges"] == ["\N{MINUS SIGN}1 coin"] and flip["label"].startswith("I spend 1 coin"), flip
    seen.grouped += any(c["quick"] for c in offered) and any(not c["quick"] for c in offered)
    kinds = {c["action"].split(" ")[0]: c["quick"] for c in offered}
    assert all(quick for kind, quick in kinds.items() if kind in {"flip", "potion", "enroll", "boost", "activate"})
    assert not any(quick for kind, quick in kinds.items() if kind in {"play", "basic", "end", "step", "take", "book"})
    page.click(f"#turn button[data-action='{choice['action']}']")
    if choice["givesUp"]:
        page.wait_for_selector("#confirm[open]")
        assert "Basic Action" in (page.text_content("#confirm-text") or "")
        page.click("#confirm-yes")
        seen.confirmations += 1
    seen.clicks += 1
    wait_past(page, before)
    assert page.text_content("#action-error") == ""


def play_to_the_end(page: Page, rng: random.Random, on_phone: bool, auto_single: bool = True) -> Seen:
    seen = Seen(auto_single)
    while True:
        page.wait_for_selector("#turn button[data-action]:not([disabled]), #prompt[data-over]", timeout=TURN_TIMEOUT_MS)
        if page.locator("#prompt[data-over]").count():
            return seen
        if page.locator("#since-list li").count():
            seen.since_sentences = page.eval_on_selector_all("#since-list li", "items => items.map(i => i.textContent)")
        seen.moved = max(seen.moved, page.locator("[data-moved]").count())
        take_a_turn(page, rng, seen, on_phone)


def check_the_boards(page: Page) -> None:
    """The player board as in the box: desk columns with values, the Study board's shelves, lines' VP and
    piles, the income spaces, the Objective tiles with each player's progress, Map tiles in words."""
    board = page.locator("[data-player='0']")
    assert board.locator(".desk-column").count() == 5 and board.locator("[data-value='travel']").count() == 1
    assert board.locator(".shelf").filter(has_text="Shelf 3").count() == 1 and board.locator(".line-vp").count() > 3
    assert board.locator(".pile").count() == 4 and "last:" in (board.locator(".pile").first.text_content() or "")
    assert board.locator(".income-space").count() == 5 and "Each End Round:" in (board.text_content() or "")
    objectives = page.locator("table.objectives tbody tr")
    players = page.locator("[data-player]").count()
    assert objectives.count() >= 6 and objectives.first.locator("td[data-progress]").count() == players
    standing = seat_payload(page)["standing"]  # the engine's facts, as the server gives them to this seat
    script = "values => values.map(v => [v.dataset.value, +v.textContent])"
    values = page.eval_on_selector_all("[data-player='0'] [data-value]", script)
    assert dict(values) == standing[0]["action_values"]
    progress = page.eval_on_selector_all("td[data-progress='0']", "cells => cells.map(c => c.textContent)")
    for shown, objective in zip(progress, standing[0]["objectives"], strict=True):
        assert shown.startswith("occupied" if objective["occupied"] else "not occupied"), (shown, objective)
        assert f"{objective['vp']} VP" in shown or objective["vp"] is None, (shown, objective)
    words = page.eval_on_selector_all("svg[data-board='map'] text.tile-words", "texts => texts.map(t => t.textContent)")
    assert words and not [w for w in words if w.strip().isalnum() and len(w.strip()) <= 4], words  # no bare codes


def check_the_end(page: Page) -> None:
    """The final score table: a row per source, each player's column adding up to their score."""
    assert page.locator("#final").is_visible()
    totals = page.eval_on_selector_all("#final td[data-total]", "cells => cells.map(c => parseInt(c.textContent))")
    cells = "rows => rows.map(r => [...r.querySelectorAll('td')].map(c => parseInt(c.textContent)))"
    columns = page.eval_on_selector_all("#final tbody tr[data-score-row]", cells)
    assert columns and [sum(row[seat] for row in columns) for seat in range(len(totals))] == totals
    prompt = page.text_content("#prompt") or ""
    assert prompt.startswith("The game is over: Player 0 ") and " VP" in prompt
    shown = page.inner_text("#table")
    assert "undefined" not in shown and "null" not in shown and "NaN" not in shown and "[object" not in shown


def check_the_log(page: Page) -> None:
    """The whole log, no cap, in rounds and turns."""
    count = action_count(page)
    open_every_round(page)
    assert page.locator("#log [data-log]").count() == count
    assert page.locator("#log .log-round").count() == 6 and page.locator("#log .log-turn").count() > 30


def test_a_whole_game_at_phone_width_against_greedy(phone: Watched, server: BackgroundServer) -> None:
    page = phone.page
    open_seat(page, server, ["human", "greedy"])
    assert page.locator("svg[data-board='map']").get_attribute("data-scale") == "1.5"  # spaces 45 px across
    check_the_phone(page)
    check_the_boards(page)
    tops = [page.locator(panel).bounding_box() for panel in ("#turn", "#since", "#scores", "#map-panel")]
    assert [box["y"] for box in tops if box] == sorted(box["y"] for box in tops if box) and None not in tops
    page.click("svg[data-board='map'] g[data-space='basel'] circle.space")  # a space's details, beside it
    popover, basel = page.locator("#popover").bounding_box(), page.locator("g[data-space='basel']").bounding_box()
    assert popover is not None and basel is not None and "Basel" in (page.text_content("#detail-text") or "")
    below, above = popover["y"] - (basel["y"] + basel["height"]), basel["y"] - (popover["y"] + popover["height"])
    assert 0 <= below < 12 or 0 <= above < 12, (popover, basel)  # right beside the space tapped
    page.click("#popover-close")
    width = page.locator("svg[data-board='map']").bounding_box()
    page.click("[data-frame='map'] .zoom-in")
    zoomed = page.locator("svg[data-board='map']").bounding_box()
    assert width is not None and zoomed is not None and zoomed["width"] > width["width"] * 1.2
    page.click("[data-frame='map'] .zoom-out")
    assert page.locator("svg[data-board='map']").get_attribute("data-scale") == "1.5"
    frame = page.locator("[data-scroll='map']")
    frame.evaluate("frame => frame.scrollTo(300, 200)")  # the player pans the Map
    page.wait_for_timeout(100)
    take_a_turn(page, random.Random(1), Seen(auto_single=True), on_phone=True)
    assert frame.evaluate("frame => [frame.scrollLeft, frame.scrollTop]") == [300, 200]  # kept when it moves on
    seen = play_to_the_end(page, random.Random(1), on_phone=True)
    assert seen.clicks > 40 and seen.confirmations > 0 and seen.auto_played > 0 and seen.grouped > 0
    assert any(sentence.startswith("Player 1 ") for sentence in seen.since_sentences)
    assert seen.moved > 0, "the pieces the bot moved were ringed at some point"
    assert any(": Travel " in label or ": Work " in label for label in seen.card_labels)
    check_the_end(page)
    check_the_log(page)
    check_the_phone(page)
    assert phone.errors == []


def test_a_whole_solo_game_at_desktop_width_with_the_modules(desktop: Watched, server: BackgroundServer) -> None:
    page = desktop.page
    modules = {"advanced_lessons": True, "great_discoveries": True, "extra_objectives": True}
    open_seat(page, server, ["human"], seed=11, **modules)
    check_the_boards(page)
    assert page.is_checked("#auto-single")  # on by default; this player turns it off
    page.uncheck("#auto-single")
    assert page.locator("#discoveries-panel").is_visible() and page.locator("#discoveries .card").count() > 0
    seen = play_to_the_end(page, random.Random(2), on_phone=False, auto_single=False)
    assert seen.clicks > 40 and seen.confirmations > 0 and seen.grouped > 0 and seen.waited > 0 and not seen.auto_played
    check_the_boards(page)
    check_the_end(page)
    check_the_log(page)
    rank = page.get_attribute("#final [data-rank]", "data-rank")
    assert rank and f"Solo rank: {rank}" in (page.text_content("#final") or "")
    assert page.locator("[data-discoveries]").count() == 1
    assert desktop.errors == []


# A solo game with the modules whose seeded random play (random.Random(seed)) tucks an Advanced Lessons card
# with a special action (AL1-07) under the desk, then takes a Great Discovery tile (GD2: face up, G2) after
# TAKEN actions and activates it (face down, G3) with the next one.
MODULES = {"advanced_lessons": True, "great_discoveries": True, "extra_objectives": True}
PREPARED_SEED, TAKEN = 92, 109


def prepared_actions(count: int) -> list[str]:
    """The first ``count`` actions of the prepared game's seeded random play, as the engine offers them."""
    options = nr.Options(advanced_lessons=True, great_discoveries=True, extra_objectives=True)  # as MODULES
    game = nr.new_game(players=1, seed=PREPARED_SEED, options=options)
    rng = random.Random(PREPARED_SEED)
    played: list[str] = []
    while len(played) < count:
        action = rng.choice(game.legal_actions())
        played.append(str(action))
        game = game.apply(action)
    return played


def play_through_the_api(server: BackgroundServer, game_id: str, token: str, actions: list[str]) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    for text in actions:
        answer = httpx.post(f"{server.url}/api/games/{game_id}/actions", json={"action": text}, headers=headers)
        assert answer.status_code == 200, (text, answer.text)


def test_X5_G2_G3_the_special_action_under_the_desk_and_the_great_discovery_face_up_then_face_down(
    desktop: Watched, server: BackgroundServer
) -> None:
    page = desktop.page
    request = {"players": 1, "seed": PREPARED_SEED, "seats": ["human"], "options": MODULES}
    body = httpx.post(server.url + "/api/games", json=request).json()
    game_id, token = str(body["id"]), body["seats"][0]["token"]
    actions = prepared_actions(TAKEN + 1)
    play_through_the_api(server, game_id, token, actions[:TAKEN])
    page.goto(f"{server.url}/#game={game_id}&token={token}")
    page.wait_for_selector("#turn button[data-action]")
    player = seat_payload(page)["state"]["players"][0]
    assert "AL1-07" in player["tucked"] and player["discoveries"] == ["GD2"] and player["discoveries_used"] == []

    specials = page.locator("[data-special-actions='0']")  # X5: a tucked Advanced Lessons card's special action
    assert specials.locator("[data-component='AL1-07']").count() == 1
    said = specials.text_content() or ""
    assert "Special actions under the desk" in said and "Work action of value 1+: gain 1 Potion" in said, said
    owned = page.locator("[data-discoveries='0']")
    face_up = owned.locator(".chip.face-up[data-component='GD2']")
    assert face_up.count() == 1 and "Microscope" in (face_up.get_attribute("title") or "")
    assert owned.locator(".face-down").count() == 0
    assert page.locator("#discoveries [data-component='GD2']").count() == 0  # no longer on the table (G1)

    before = action_count(page)
    play_through_the_api(server, game_id, token, actions[TAKEN:])
    wait_past(page, before)  # the push channel brings the activation
    assert seat_payload(page)["state"]["players"][0]["discoveries_used"] == ["GD2"]
    face_down = owned.locator(".chip.face-down[data-component='GD2']")
    assert face_down.count() == 1 and "Microscope" in (face_down.get_attribute("title") or "")
    assert owned.locator(".face-up").count() == 0
    assert desktop.errors == []


def test_a_double_click_plays_the_move_once_and_the_controls_wait_for_the_answer(
    desktop: Watched, server: BackgroundServer
) -> None:
    page = desktop.page
    game_id = open_seat(page, server, ["human", "human"])
    held: list[Route] = []
    page.route("**/actions", lambda route: held.append(route))
    page.click("#turn button[data-action='flip 1']")
    while not held:
        page.wait_for_timeout(10)
    assert page.locator("#turn button[data-action]:not([disabled])").count() == 0  # all disabled in flight
    assert page.get_attribute("body", "data-busy") == ""
    page.click("#quick-actions button[data-action='flip 1']", force=True)  # ignored while the move is sent
    held[0].continue_()
    page.unroute("**/actions")
    wait_past(page, 0)
    page.dblclick("#turn button[data-action='flip 2']")
    wait_past(page, 1)
    page.wait_for_timeout(300)
    assert the_server_s_count(server, game_id) == 2 and page.text_content("#action-error") == ""
    assert desktop.errors == []


def test_the_other_seat_follows_the_moves_and_never_sees_the_first_seat_s_hand(
    browser: Browser, server: BackgroundServer
) -> None:
    first = browser.new_context(viewport=DESKTOP).new_page()
    create_in_lobby(first, server, ["human", "human"])
    second_link = first.get_attribute("a[data-seat-link='1']", "href")
    watch_link = first.get_attribute("a[data-spectator-link]", "href")
    assert second_link is not None and watch_link is not None and "token" not in watch_link
    first.click("a[data-seat-link='0']")
    first.wait_for_selector("#hand .card")
    hand = first.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")
    my_masters = first.eval_on_selector_all("#masters .card", "cards => cards.map(c => c.dataset.card)")
    names = first.eval_on_selector_all("#masters .card .id", "ids => ids.map(i => i.textContent)")
    assert hand and len(my_masters) == 4

    # every component reads in words: a card of the lines, a tile laid on the Map
    first.click("#lines .card >> nth=0")
    assert first.text_content("#detail-text") == first.get_attribute("#lines .card >> nth=0", "title")
    first.click("svg[data-board='map'] g[data-space]:has(text.tile-words) circle.space >> nth=0")
    assert "tile" in (first.text_content("#detail-text") or "").lower()

    second = browser.new_context(viewport=PHONE).new_page()
    received: list[str] = []

    def keep(response: Response) -> None:
        if "/api/games/" in response.url and "/stream" not in response.url:
            received.append(response.text())

    second.on("response", keep)
    second.goto(second_link)
    second.wait_for_selector("[data-player='0']")
    assert f"{len(hand)} cards" in (second.text_content("[data-player='0'] h3") or "")

    for _ in range(3):  # seat 0 plays; seat 1 sees each move arrive without doing anything
        before = action_count(first)
        offered = [c["action"] for c in choices(first)]
        action = next((a for a in offered if a.startswith("flip")), offered[0])
        first.click(f"#turn button[data-action='{action}']")
        wait_past(first, before)
        wait_past(second, before)
        newest = second.text_content(f"#log li[data-log='{before + 1}']") or ""
        assert newest.startswith("Player 0 ") and f"({action})" in newest  # the move in a sentence
        assert (second.text_content("#since-list") or "").count("Player 0 ") >= 1  # at the top of the page

    page_text = second.content()
    still_held = first.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")
    assert still_held and not [card for card in still_held if card in page_text]
    for master, name in zip(my_masters, names, strict=True):
        assert f'"{master}"' not in page_text and name not in page_text
        assert all(f'"{master}"' not in body and name not in body for body in received)
    for body in received:
        seat_zero = json.loads(body)["state"]["players"][0]
        assert set(seat_zero["hand"]) <= {"?"} and set(seat_zero["masters"]) <= {"?"}

    spectator = browser.new_context(viewport=PHONE).new_page()
    spectator.goto(watch_link)
    spectator.wait_for_selector("[data-player='1']")
    assert "Spectator" in (spectator.text_content("#me") or "")
    assert spectator.locator("#turn button[data-action]").count() == 0
    watched = spectator.content()
    assert not [card for card in still_held if card in watched]
