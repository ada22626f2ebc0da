"""No person can act in 1 s (issue #15, item 4, Task B): the Open table
form took 1–2 s turns.  The server's shortest turn is ``LOBBY_MIN_TURN_MS``
(5000 by default; the test suite's lobbies lower it to 1000, see
tests/conftest.py TEST_ENV), sent in the welcome (``turn_ms.min``); the
form takes nothing shorter and says so in place, and a page that sends a
shorter turn anyway gets the server's refusal worded in place, its code in
the details line, in the page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import game_lobby


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    """A lobby at the real default: turns of 5 s at least."""
    return module_lobby_factory(env={"LOBBY_MIN_TURN_MS": "5000"}, prefix="turnmin")


WORDS = {
    "en-US": {
        "form": "Turn time (s): a whole number from 5 to 300.",
        "server": "A turn must last from 5 to 300 s: nobody can act faster than that.",
        "code": "Error code: bad_options",
    },
    "zh-CN": {
        "form": "每步时限（秒）：请填 5 到 300 之间的整数。",
        "server": "每步时限须在 5 到 300 秒之间：再快没有人来得及。",
        "code": "错误代码：bad_options",
    },
}


@pytest.mark.parametrize("locale", list(WORDS))
def test_the_form_takes_no_turn_shorter_than_the_server_s_minimum(new_page, lobby, locale):
    page = new_page(locale=locale)
    words = WORDS[locale]
    game_lobby(page, lobby, "Quick Hands", "sibala")
    turn = page.get_by_test_id("open-turn")
    expect(turn).to_have_attribute("min", "5")
    turn.fill("2")
    page.get_by_test_id("open-table").click()
    expect(page.get_by_test_id("open-table-error")).to_have_text(words["form"])
    expect(page.get_by_test_id("lobby-sibala")).to_be_visible()  # no table was opened
    expect(page.locator("#toast")).to_be_hidden()

    # a page that believes shorter turns are allowed (an older one) sends 2 s: the server refuses, said in place
    page.evaluate("() => { window.lobby.net.turnLimits = { ...window.lobby.net.turnLimits, min: 1000 }; }")
    page.get_by_test_id("back-to-games").click()
    page.get_by_test_id("game-sibala").click()
    expect(page.get_by_test_id("open-turn")).to_have_attribute("min", "1")
    page.get_by_test_id("open-turn").fill("2")
    page.get_by_test_id("open-table").click()
    err = page.get_by_test_id("open-table-error")
    expect(err.get_by_test_id("error-text")).to_have_text(words["server"])
    err.get_by_test_id("error-more").locator("summary").click()
    expect(err.get_by_test_id("error-details")).to_have_text(words["code"])
    expect(page.locator("#toast")).to_be_hidden()

    # 5 s is a person's minimum: it opens
    page.get_by_test_id("open-turn").fill("5")
    page.get_by_test_id("open-table").click()
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "waiting")
