"""Bots' names in each language's own words (issue #15, the new-user pass):
a bot is seated under its bare name and the page adds its own language's
marker — the seat's badge ("bot" / "机器人"), "Ada (bot)" / "Ada（机器人）"
in running text (log, result, ready list, lobby list, replay viewer) — so a
中文 page never shows the English " (bot)".  Replays recorded when the
server still put " (bot)" into bots' names render the same way.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, open_table, play_to_end, sign_in, start

pytestmark = SINGLE_REDIS

BOT_NAMES = {"Ada", "Bao", "Cleo", "Dai", "Eli", "Fei", "Gus", "Hui", "Ivo", "Jun", "Kai", "Lin", "Mo", "Nia", "Ola", "Pei"}


def _no_english_marker(page) -> None:
    text = page.locator("body").inner_text()
    assert "(bot)" not in text, [line for line in text.splitlines() if "(bot)" in line]


def test_a_bot_is_named_in_the_page_s_language(new_page, lobby):
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    table_id = open_table(page, "sibala", seats=2, options={"rounds": 1})
    start(page)
    name = page.get_by_test_id("seat-name-1")
    expect(name).to_have_text(re.compile(r"^\w+$"))
    assert name.text_content() in BOT_NAMES
    expect(page.get_by_test_id("seat-1").locator(".badge-bot")).to_have_text("机器人")
    bot = name.text_content()
    play_to_end(page)
    expect(page.get_by_test_id("next-panel")).to_be_visible()
    # the log names the bot with the Chinese marker; the ready list too
    expect(page.get_by_test_id("log")).to_contain_text(f"{bot}（机器人）")
    expect(page.get_by_test_id("ready-1")).to_contain_text(f"{bot}（机器人）")
    _no_english_marker(page)

    # the replay viewer, at its first and last step
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    expect(page.get_by_test_id("seat-name-1")).to_have_text(bot)
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()
    _no_english_marker(page)


def test_english_pages_say_bot_in_english(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "shut_the_box", seats=2, options={"rounds": 1})
    start(page)
    name = page.get_by_test_id("seat-name-1")
    expect(name).not_to_be_empty()
    bot = name.text_content()
    assert bot in BOT_NAMES, bot
    expect(page.get_by_test_id("seat-1").locator(".badge-bot")).to_have_text("bot")
    expect(finished(page).or_(page.get_by_test_id("roll"))).to_be_visible()
    expect(page.get_by_test_id("countdown")).not_to_contain_text("(bot)")


def test_a_replay_recorded_with_old_bot_names_reads_the_same(new_page, lobby):
    """A record from before: its bots' names end in " (bot)" (the replay's
    answer is rewritten so on its way to the page)."""
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小红")
    table_id = open_table(page, "sibala", seats=3, options={"rounds": 1})
    start(page)
    play_to_end(page)

    def old_names(route):
        res = route.fetch()
        body = res.json()
        if isinstance(body, dict) and isinstance(body.get("seats"), list):
            for s in body["seats"]:
                if s and s.get("bot"):
                    s["name"] += " (bot)"
        route.fulfill(response=res, body=json.dumps(body))

    page.route(re.compile(r".*/api/tables/[^/]+/replay.*"), old_names)
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    expect(page.get_by_test_id("seat-name-1")).to_have_text(re.compile(r"^\w+$"))
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()
    expect(page.locator("body")).to_contain_text("（机器人）")
    _no_english_marker(page)
