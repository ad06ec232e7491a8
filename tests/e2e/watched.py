"""A browser page watched for errors, shared by the web tables' end-to-end tests."""

from __future__ import annotations

from playwright.sync_api import BrowserContext


class Watched:
    """A page and the errors its console and scripts reported."""

    def __init__(self, context: BrowserContext) -> None:
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
