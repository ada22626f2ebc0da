"""Fixtures of the browser tests.  ``lobby`` (a real ``python -m lobby``
subprocess with short bot delays) and ``browser`` (headless Debian
Chromium) come from tests/conftest.py; the shared steps are in
tests/browser/helpers.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import WAIT

expect.set_options(timeout=WAIT)


@pytest.fixture
def viewport() -> dict:
    """The screen of the pages ``new_page`` makes: a laptop's (a test
    module may override this fixture)."""
    return {"width": 1366, "height": 768}


@pytest.fixture
def motion() -> str:
    """The prefers-reduced-motion that ``new_page``'s pages emulate:
    "reduce" unless a test is about motion (it parametrizes ``motion`` with
    "no-preference", or calls ``page.emulate_media``).  Reduced, no Roll
    button or urgent countdown pulses forever and no 6 Nimmt! card flies:
    headless Chromium paints in software, and an endless animation repainted
    every frame of every open page, most of a browser test's CPU time."""
    return "reduce"


@pytest.fixture
def new_page(browser, lobby, viewport, motion):
    """Pages in fresh browser contexts (own localStorage; ``viewport``'s
    size; ``motion``'s prefers-reduced-motion); page errors and dialogs of
    every page of those contexts (pages they open themselves, such as the
    replay link's, too) must stay empty."""
    contexts = []
    problems: list[str] = []

    def watch(page):
        page.on("pageerror", lambda exc: problems.append(f"pageerror: {exc}"))

        def on_dialog(dialog):
            problems.append(f"dialog: {dialog.message}")
            dialog.dismiss()

        page.on("dialog", on_dialog)

    def make(locale: str = "en-US"):
        ctx = browser.new_context(locale=locale, viewport=viewport, reduced_motion=motion)
        ctx.set_default_timeout(WAIT)
        ctx.on("page", watch)
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    try:
        assert problems == [], problems
    finally:
        for ctx in contexts:
            ctx.close()
