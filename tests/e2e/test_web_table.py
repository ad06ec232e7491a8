"""The web table in a real browser: a whole game against a server-side bot played by clicking, a second
browser in the other seat that follows the moves and never sees the first seat's hand, phone width."""

from __future__ import annotations

import json
import random
import time

from playwright.sync_api import Browser, Page, Response, ViewportSize

from newton_rules.server.running import BackgroundServer

PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1280, height=900)
TURN_TIMEOUT_MS = 30_000


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


def action_count(page: Page) -> int:
    return int(page.get_attribute("body", "data-count") or "0")


def wait_past(page: Page, count: int, timeout: float = TURN_TIMEOUT_MS / 1000) -> None:
    """Wait until the page shows more than ``count`` actions (polled from here: the table's Content
    Security Policy forbids the string evaluation of ``wait_for_function``)."""
    deadline = time.monotonic() + timeout
    while action_count(page) <= count:
        assert time.monotonic() < deadline, f"the page still shows {count} actions after {timeout} s"
        page.wait_for_timeout(20)


def click_action(page: Page, action: str) -> None:
    """Click ``action`` on the board when it is drawn there (a card, a space, a book space), else its button."""
    where = ("#me", "#lines", "svg", ".study")
    drawn = page.locator(", ".join(f"{area} [data-action='{action}']" for area in where))
    if drawn.count() and drawn.first.is_visible():
        drawn.first.click()
    else:
        page.click(f"#actions button[data-action='{action}']")


def play_to_the_end(page: Page, rng: random.Random) -> int:
    """Click a random legal action whenever it is this seat's decision, until the game is over."""
    clicks = 0
    while True:
        page.wait_for_selector("#actions button, #prompt[data-over]", timeout=TURN_TIMEOUT_MS)
        if page.locator("#prompt[data-over]").count():
            return clicks
        before = action_count(page)
        actions = page.eval_on_selector_all("#actions button", "buttons => buttons.map(b => b.dataset.action)")
        click_action(page, rng.choice(actions))
        clicks += 1
        wait_past(page, before)
        assert page.text_content("#action-error") == ""


def test_a_whole_game_against_a_server_side_bot_by_clicking(browser: Browser, server: BackgroundServer) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, server, ["human", "random"])
    page.click("a[data-seat-link='0']")
    page.wait_for_selector("#actions button")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "no sideways scrolling"
    clicks = play_to_the_end(page, random.Random(1))
    final = page.text_content("#prompt") or ""
    assert final.startswith("The game is over: Player 0 ") and " VP" in final
    assert clicks > 50 and page.locator("#log > li").count() > 0
    assert errors == []
    context.close()


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
    first.click("svg[data-board='map'] g[data-space]:has(text.tile) >> nth=0")
    assert "tile" in (first.text_content("#detail-text") or "")

    second = browser.new_context(viewport=PHONE).new_page()
    received: list[str] = []

    def keep(response: Response) -> None:
        if "/api/games/" in response.url and "/stream" not in response.url:
            received.append(response.text())

    second.on("response", keep)
    second.goto(second_link)
    second.wait_for_selector("[data-player='0']")
    assert f"{len(hand)} cards" in (second.text_content("[data-player='0']") or "")

    for _ in range(3):  # seat 0 plays; seat 1 sees each move arrive without doing anything
        before = action_count(first)
        actions = first.eval_on_selector_all("#actions button", "buttons => buttons.map(b => b.dataset.action)")
        action = next((a for a in actions if a.startswith("flip")), actions[0])
        click_action(first, action)
        wait_past(first, before)
        wait_past(second, before)
        newest = second.text_content(f"#log li[data-log='{before + 1}']") or ""
        assert newest.startswith("Player 0 ") and f"({action})" in newest  # the move in a sentence

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
    assert spectator.locator("#actions button").count() == 0
    watched = spectator.content()
    assert not [card for card in still_held if card in watched]
