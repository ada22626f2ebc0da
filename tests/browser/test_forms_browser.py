"""Forms that offer only what can be: bots only where no coins move, refusals
beside their control, no turn shorter than the server's minimum.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, each_language, expect_status, game_lobby, sign_in


# ---------------------------------------------------------------------------
# The open table form
#
# Forms that offer only what can be, in a real browser against a real lobby:
# the Open table form turns bots off, saying why, while an option makes
# coins move (bots only sit where none do: GameInfo's OptionSpec.no_coins);
# a coin table's waiting card does not promise bots and its Start waits,
# saying why, until enough players sit; a refusal is said beside the control
# that caused it, in plain words of the player's language, its code only in
# a details line, and not in the toast.
# ---------------------------------------------------------------------------


@SINGLE_REDIS
def test_bots_are_offered_only_where_no_coins_move(new_page, lobby):
    page = new_page()
    game_lobby(page, lobby, "Opt", "sibala")
    bots = page.get_by_test_id("open-bots")
    note = page.get_by_test_id("open-bots-note")
    expect(bots).to_be_enabled()
    expect(bots).to_be_checked()
    expect(note).to_be_hidden()
    page.get_by_test_id("open-opt-stake").fill("5")
    expect(bots).to_be_disabled()
    expect(bots).not_to_be_checked()
    expect(note).to_have_text("Bots do not take seats at a coin table (coins move here): only people play it.")
    page.get_by_test_id("open-opt-stake").fill("0")
    expect(bots).to_be_enabled()
    expect(bots).to_be_checked()  # the player's choice comes back
    expect(note).to_be_hidden()

    # stud: the coin tiers, not the play-chip ones; in Chinese
    page.get_by_test_id("lang-switch").click()
    page.get_by_test_id("back-to-games").click()
    page.get_by_test_id("game-stud").click()
    tier = page.get_by_test_id("open-opt-tier")
    expect(page.get_by_test_id("open-bots")).to_be_enabled()
    tier.select_option("beginner")
    expect(page.get_by_test_id("open-bots")).to_be_disabled()
    expect(page.get_by_test_id("open-bots-note")).to_have_text("金币桌的座位不由机器人补上（这里输赢金币）：只由真人来玩。")
    tier.select_option("training")
    expect(page.get_by_test_id("open-bots")).to_be_enabled()


@SINGLE_REDIS
def test_a_coin_table_waits_for_people_and_says_so(new_page, lobby):
    host = new_page()
    game_lobby(host, lobby, "Coin", "sibala")
    host.get_by_test_id("open-seats").fill("2")
    host.get_by_test_id("open-opt-rounds").fill("1")
    host.get_by_test_id("open-opt-stake").fill("1")
    host.get_by_test_id("open-table").click()  # bots were turned off by the stake
    expect_status(host, "waiting")
    table_id = host.get_by_test_id("table-screen").get_attribute("data-table")
    help_ = host.get_by_test_id("start-help")
    expect(help_).to_contain_text("Bots do not take free seats here (coins move at this table)")
    expect(help_).not_to_contain_text("bots fill")
    start = host.get_by_test_id("start")
    expect(start).to_be_disabled()
    expect(host.get_by_test_id("start-note")).to_have_text("Start needs at least 2 players seated (1 now): wait for more.")

    # a second player sits: the table is full and starts
    guest = new_page()
    sign_in(guest, lobby, "Guest", f"#table={table_id}")
    guest.get_by_test_id("join-table").click()
    expect_status(host, "playing")
    expect_status(guest, "playing")


@SINGLE_REDIS
def test_refusals_are_said_beside_their_control_in_plain_words(new_page, lobby):
    page = new_page(locale="zh-CN")
    game_lobby(page, lobby, "钱少", "sibala")
    page.get_by_test_id("open-opt-rounds").fill("50")
    page.get_by_test_id("open-opt-stake").fill("1000000")
    # refused in place, before sending: the form says what the table needs and what the player has
    note = page.get_by_test_id("open-coins-note")
    expect(note).to_have_text(re.compile(r"^这张牌桌需要 50000000 金币，你有 \d+：请降低底注或局数。$"))
    expect(page.get_by_test_id("toast")).to_be_hidden()
    expect(page.get_by_test_id("open-table")).to_be_disabled()
    # a change and another try: the note goes, the table opens
    page.get_by_test_id("open-opt-stake").fill("0")
    expect(note).to_be_hidden()
    page.get_by_test_id("open-table").click()
    expect_status(page, "waiting")


# ---------------------------------------------------------------------------
# No turn shorter than the server's minimum
#
# No person can act in 1 s: the Open table form took 1–2 s turns. The
# server's shortest turn is ``LOBBY_MIN_TURN_MS`` (5000 by default; the test
# suite's lobbies lower it to 1000, see tests/conftest.py TEST_ENV), sent in
# the welcome (``turn_ms.min``); the form takes nothing shorter and says so
# in place, and a page that sends a shorter turn anyway gets the server's
# refusal worded in place, its code in the details line, in the page's
# language.
# ---------------------------------------------------------------------------


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


@pytest.mark.lobby_settings("turn_minimum")
def test_the_form_takes_no_turn_shorter_than_the_server_s_minimum(new_page, lobby):
    """In English, then the page switched to 中文 (the language button),
    each refusal asked for again in each language (a switch draws the form
    again, without the last refusal)."""
    page = new_page()
    game_lobby(page, lobby, "Quick Hands", "sibala")
    for locale in each_language(page):
        words = WORDS[locale]
        turn = page.get_by_test_id("open-turn")
        expect(turn).to_have_attribute("min", "5")
        turn.fill("2")
        page.get_by_test_id("open-table").click()
        expect(page.get_by_test_id("open-table-error")).to_have_text(words["form"])
        expect(page.get_by_test_id("lobby-sibala")).to_be_visible()  # no table was opened
        expect(page.locator("#toast")).to_be_hidden()

    # a page that believes shorter turns are allowed (an older one) sends 2 s: the server refuses, said in place
    page.evaluate("() => { window.lobby.net.turnLimits = { ...window.lobby.net.turnLimits, min: 1000 }; }")
    for locale in each_language(page, "zh-CN"):
        words = WORDS[locale]
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
