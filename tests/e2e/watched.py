"""A browser page watched for errors, shared by the web tables' end-to-end tests."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect


class Watched:
    """A page and the errors its console and scripts reported."""

    def __init__(self, context: BrowserContext) -> None:
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)


def check_nothing_sticks_out(page: Page) -> None:
    """No sideways scrolling, and nothing hidden sideways either: the page hides what sticks out
    (``overflow-x: hidden``), so a wide board must scroll in its own frame and no panel be wider inside than
    it is."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    script = "panels => panels.filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.id)"
    assert page.eval_on_selector_all("#table .panel:not([hidden])", script) == [], "a panel wider inside than it is"


def open_every_round(page: Page) -> None:
    """Every round of the log opened and drawn. The page draws an earlier round in its ``toggle`` handler,
    and the browser fires ``toggle`` after the click has returned, so each round is waited for."""
    rounds = page.locator("#log details.log-round")
    for index in range(rounds.count()):
        stretch = rounds.nth(index)
        if stretch.get_attribute("open") is None:
            stretch.locator("summary").click()
        expect(stretch.locator(":scope > :not(summary)").first).to_be_attached()
