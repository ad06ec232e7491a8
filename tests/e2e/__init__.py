"""End-to-end tests: the web table in a real browser (Playwright driving Chromium)."""
