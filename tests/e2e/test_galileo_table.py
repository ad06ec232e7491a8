"""Galileo Galilei's web table in a real browser: a whole 2-player game against the greedy bot played by
clicking the choices (the ring, the Library display and the player boards drawn, in words, no console
error), and a second seat that follows the game without ever seeing the first seat's hidden cards."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from newton_rules.server.running import BackgroundServer
from tests.e2e.watched import Watched, check_nothing_sticks_out, open_every_round

DESKTOP = ViewportSize(width=1280, height=900)
PHONE = ViewportSize(width=390, height=844)
TAP = 44  # px: the smallest tap target on a phone
TURN_TIMEOUT_MS = 30_000
MAX_CLICKS = 3000  # a 2-player game is a few hundred decisions; more means the table is stuck


@pytest.fixture
def contexts(browser: Browser) -> Iterator[tuple[Watched, Watched]]:
    first, second = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=DESKTOP)
    for context in (first, second):  # every click is the test's: no single choice played for the seat
        context.add_init_script("localStorage.setItem('newton-settings', JSON.stringify({autoSingle: false}))")
    yield Watched(first), Watched(second)
    first.close()
    second.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Watched]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script("localStorage.setItem('newton-settings', JSON.stringify({autoSingle: false}))")
    yield Watched(context)
    context.close()


def create_game(server: BackgroundServer, seats: list[str], seed: int = 3) -> dict[str, object]:
    """A Galileo game through the lobby's API, answering its id and each seat's token."""
    answer = httpx.post(
        server.url + "/api/games", json={"game": "galileo", "players": len(seats), "seats": seats, "seed": seed}
    )
    answer.raise_for_status()
    created: dict[str, object] = answer.json()
    return created


def seat_url(server: BackgroundServer, created: dict[str, object], seat: int) -> str:
    return f"{server.url}/#game={created['id']}&token={tokens_of(created)[seat]}"


def tokens_of(created: dict[str, object]) -> list[str]:
    seats = created["seats"]
    assert isinstance(seats, list)
    return [str(entry["token"]) for entry in seats]


def wait_to_decide_or_end(page: Page) -> bool:
    """Whether the game is over, after waiting until this seat has a choice or the game ends."""
    page.wait_for_function(
        "() => !document.body.hasAttribute('data-busy') && (document.querySelector('#prompt[data-over]')"
        " || document.querySelector('#actions button[data-action]:not([disabled])'))",
        timeout=TURN_TIMEOUT_MS,
    )
    return page.locator("#prompt[data-over]").count() > 0


def check_the_phone(page: Page) -> None:
    """No sideways scrolling of the page (a wide track scrolls in its own frame); every choice, telescope
    space, track space and Library card at least 44 px across, and each choice inside the screen's width."""
    check_nothing_sticks_out(page)
    targets = ", ".join(
        (
            "#actions button",
            "svg.galileo-ring g[data-sky] circle.sky",
            "svg.galileo-track rect.track-space",
            ".library-display li",
        )
    )
    script = """items => items.filter(i => i.getClientRects().length).map(i => {
        const r = i.getBoundingClientRect();
        return [i.outerHTML.slice(0, 60), r.width, r.height, r.left, r.right]; })"""
    sizes = page.eval_on_selector_all(targets, script)
    small = [size for size in sizes if size[1] < TAP - 0.5 or size[2] < TAP - 0.5]
    assert sizes and not small, small
    width = page.evaluate("window.innerWidth")
    choices = page.eval_on_selector_all("#actions button", script)
    assert all(left >= 0 and right <= width for _, _, _, left, right in choices), choices


UNITS = {"vp": ("VP", "VP"), "quadrants": ("Quadrant token", "Quadrant tokens"), "dice": ("die", "dice")}


def check_the_badges(page: Page, server: BackgroundServer, created: dict[str, object], seat: int) -> set[str]:
    """Each choice's badges say its cost and gain as the server's legal action has them, every amount in
    words ("+1 Quadrant token", a cost with a minus sign: "\N{MINUS SIGN}2 dice"); answers the amounts shown."""
    seen = seat_payload(server, created, seat)
    page.wait_for_function(f"() => document.body.dataset.count === '{seen['action_count']}'", timeout=TURN_TIMEOUT_MS)
    script = "bs => bs.map((b) => [b.dataset.action, [...b.querySelectorAll('.badge')].map((x) => x.textContent)])"
    shown = dict(page.eval_on_selector_all("#actions button[data-action]", script))
    expected = {}
    for action in seen["legal_actions"]:
        badges = []
        for side, sign in (("cost", "\N{MINUS SIGN}"), ("gain", "+")):
            for unit, n in action[side].items():
                if n:
                    badges.append(f"{sign}{n} {UNITS[unit][n != 1]}")
        expected[action["text"]] = badges
    assert shown == expected
    return {
        unit for action in seen["legal_actions"] for side in ("cost", "gain") for unit, n in action[side].items() if n
    }


def play_by_clicking(page: Page, rng: random.Random, check: Callable[[], object] | None = None) -> int:
    """Click one of the offered choices until the game is over (calling ``check`` every 20 clicks);
    answers how many clicks it took."""
    clicks = 0
    while not wait_to_decide_or_end(page):
        buttons = page.locator("#actions button[data-action]:not([disabled])")
        count = buttons.count()
        if count == 0:
            continue
        if check is not None and clicks % 20 == 0:
            check()
        before = page.evaluate("() => document.body.dataset.count")
        buttons.nth(rng.randrange(count)).click()
        clicks += 1
        assert clicks < MAX_CLICKS, "the game did not end"
        page.wait_for_function(f"() => document.body.dataset.count !== '{before}'", timeout=TURN_TIMEOUT_MS)
    return clicks


def seat_log(server: BackgroundServer, created: dict[str, object], seat: int) -> list[tuple[int, str]]:
    """The whole log the server holds for ``seat`` (asked with its token): each entry's index and action."""
    headers = {"Authorization": f"Bearer {tokens_of(created)[seat]}"}
    seen = httpx.get(f"{server.url}/api/games/{created['id']}?since=0", headers=headers).json()
    return [(entry["index"], entry["action"]) for entry in seen["log"]]


def check_the_log(page: Page, server: BackgroundServer, created: dict[str, object], seat: int) -> None:
    """The page's log shows every entry of the server's log for the seat, in order, each once: every
    stretch of the log opened (an earlier one is drawn when opened), then each entry's index and action."""
    open_every_round(page)
    script = "items => items.map((i) => [Number(i.dataset.log), i.querySelector(':scope > code').textContent])"
    shown = [(index, code[1:-1]) for index, code in page.eval_on_selector_all("#log li[data-log]", script)]
    expected = seat_log(server, created, seat)
    assert len(expected) > 100 and shown == expected, (len(shown), len(expected), page.text_content("#action-error"))
    assert page.text_content("#log-count") == f"{len(expected)} actions"


def seat_payload(server: BackgroundServer, created: dict[str, object], seat: int) -> Any:
    """What the server shows ``seat`` now (asked with its token)."""
    headers = {"Authorization": f"Bearer {tokens_of(created)[seat]}"}
    return httpx.get(f"{server.url}/api/games/{created['id']}", headers=headers).json()


def check_the_tracks(page: Page, server: BackgroundServer, created: dict[str, object], seat: int) -> None:
    """Each player's telescope on its sky space, Tribunal token on their Reputation, University tokens on
    their rows, Inquisitors on their cellar spaces, as the server's state for the seat has them; every
    space said in words."""
    seen = seat_payload(server, created, seat)
    state = seen["state"]
    page.wait_for_function(f"() => document.body.dataset.count === '{seen['action_count']}'", timeout=TURN_TIMEOUT_MS)
    for player_seat, player in enumerate(state["players"]):
        marker = f"circle[data-marker='{player_seat}']"
        reputation = page.eval_on_selector_all(
            f"svg[data-track='reputation'] g[data-step]:has({marker})", "gs => gs.map((g) => Number(g.dataset.step))"
        )
        assert reputation == [player["reputation"]], (player_seat, reputation, player["reputation"])
        telescope = page.eval_on_selector_all(
            f"svg.galileo-ring g[data-sky]:has(circle[data-telescope='{player_seat}'])",
            "gs => gs.map((g) => Number(g.dataset.sky))",
        )
        assert telescope == [player["telescope"]], (player_seat, telescope, player["telescope"])
        rows = page.eval_on_selector_all(
            f"svg[data-track='university'] g[data-step]:has({marker})",
            "gs => gs.map((g) => [Number(g.dataset.scale), Number(g.dataset.step)])",
        )
        assert sorted(map(tuple, rows)) == list(enumerate(player["university"])), (player_seat, rows)
        cellar = page.eval_on_selector_all(
            f"#players-detail svg[data-track='cellar-{player_seat}'] g[data-cellar]",
            "gs => gs.map((g) => Number(g.dataset.count))",
        )
        assert cellar == player["cellar"], (player_seat, cellar, player["cellar"])
    titles = page.eval_on_selector_all("svg.galileo-track g[data-step] > title", "ts => ts.map((t) => t.textContent)")
    assert titles and all(" VP" in title and len(title) > 30 for title in titles), titles
    label = page.get_attribute(
        f"svg[data-track='reputation'] g[data-step='{state['players'][0]['reputation']}']", "aria-label"
    )
    assert label and "Here: Player 0" in label, label


def check_the_status(page: Page, server: BackgroundServer, created: dict[str, object], seat: int) -> None:
    """The status line names the seat's player and astronomer in words (Galileo has no player colours)."""
    astronomer = seat_payload(server, created, seat)["state"]["players"][seat]["astronomer"]
    catalog = httpx.get(f"{server.url}/api/catalog?game=galileo").json()
    text = next(c["text"] for c in catalog["components"] if c["id"] == astronomer)
    name = text.split(" (")[0].split(",")[0]  # "Johannes Kepler (Advanced mode and solo): ..."
    assert len(name.split()) == 2, name
    status = page.text_content("#status") or ""
    assert status.endswith(f" · You are Player {seat} ({name})"), status


def test_a_whole_galileo_game_against_greedy_by_clicking(
    contexts: tuple[Watched, Watched], server: BackgroundServer
) -> None:
    watched = contexts[0]
    page = watched.page
    created = create_game(server, ["human", "greedy"])
    page.goto(seat_url(server, created, 0))
    page.wait_for_selector("svg.galileo-ring g[data-sky]")
    sky = page.locator("svg.galileo-ring g[data-sky]")
    assert sky.count() > 4 and all(len(sky.nth(i).get_attribute("aria-label") or "") > 20 for i in range(sky.count()))
    assert page.locator(".library-display li[data-card]").count() > 0
    assert "Discovery card" in (page.locator(".library-display li[data-card]").first.get_attribute("title") or "")
    assert page.locator("#players-detail section.player-board").count() == 2
    wait_to_decide_or_end(page)  # the bot waits for this seat: the position holds still
    check_the_tracks(page, server, created, seat=0)
    status = page.text_content("#status") or ""
    assert "undefined" not in status and " · You are Player 0 (" in status, status
    units: set[str] = set()
    clicks = play_by_clicking(
        page, random.Random(1), check=lambda: units.update(check_the_badges(page, server, created, 0))
    )
    assert {"vp", "quadrants", "dice"} <= units, units  # every amount Galileo declares was shown at some point
    assert clicks > 10
    assert "The game is over" in (page.text_content("#prompt") or "")
    check_the_log(page, server, created, seat=0)
    check_the_tracks(page, server, created, seat=0)
    check_the_status(page, server, created, seat=0)
    assert page.text_content("#action-error") == ""
    assert watched.errors == []


def test_the_second_seat_never_sees_the_first_seat_s_hidden_cards(
    contexts: tuple[Watched, Watched], server: BackgroundServer
) -> None:
    first, second = contexts
    created = create_game(server, ["human", "human"])
    first.page.goto(seat_url(server, created, 0))
    second.page.goto(seat_url(server, created, 1))
    tokens = tokens_of(created)
    rng = random.Random(2)
    for _ in range(30):  # the astronomers, then some turns: cards reach the first seat's hand
        seen = httpx.get(
            f"{server.url}/api/games/{created['id']}", headers={"Authorization": f"Bearer {tokens[0]}"}
        ).json()
        if seen["is_over"] or seen["decision"] is None:
            break
        page = (first, second)[seen["decision"]["player"]].page
        wait_to_decide_or_end(page)
        buttons = page.locator("#actions button[data-action]:not([disabled])")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            f"() => Number(document.body.dataset.count) > {seen['action_count']}", timeout=TURN_TIMEOUT_MS
        )
    mine = httpx.get(f"{server.url}/api/games/{created['id']}", headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    theirs = httpx.get(
        f"{server.url}/api/games/{created['id']}", headers={"Authorization": f"Bearer {tokens[1]}"}
    ).json()
    public = {slot["card"] for slot in theirs["state"]["display"]} | {
        entry["card"] for pl in theirs["state"]["players"] for entry in pl["library"]
    }
    second.page.wait_for_function(
        f"() => document.body.dataset.count === '{theirs['action_count']}'", timeout=TURN_TIMEOUT_MS
    )
    drawn = set(second.page.eval_on_selector_all("[data-card]", "nodes => nodes.map((n) => n.dataset.card)"))
    assert drawn and drawn <= public, drawn - public  # only face-up cards are drawn for the other seat
    assert mine["state"]["deck"] and all(
        str(card).startswith("?") for card in mine["state"]["deck"] + theirs["state"]["deck"]
    )
    assert first.errors == [] and second.errors == []


def test_a_whole_galileo_game_at_phone_width_against_greedy(phone: Watched, server: BackgroundServer) -> None:
    page = phone.page
    created = create_game(server, ["human", "greedy"], seed=5)
    page.goto(seat_url(server, created, 0))
    page.wait_for_selector("svg.galileo-ring g[data-sky]")
    wait_to_decide_or_end(page)
    check_the_phone(page)
    frame = page.locator("[data-scroll='reputation']")  # the widest track scrolls in its frame, not the page
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")
    page.tap("svg[data-track='reputation'] g[data-step='-3'] rect")  # a track space's words, beside it
    assert "Reputation -3" in (page.text_content("#detail-text") or "") and page.locator("#popover").is_visible()
    page.click("#popover-close")
    clicks = play_by_clicking(page, random.Random(3), check=lambda: check_the_phone(page))
    assert clicks > 10 and "The game is over" in (page.text_content("#prompt") or "")
    check_the_phone(page)
    check_the_log(page, server, created, seat=0)
    check_the_tracks(page, server, created, seat=0)
    assert phone.errors == []
