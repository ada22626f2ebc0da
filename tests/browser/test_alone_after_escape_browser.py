"""After an escape at a two-seat coin table (a fresh user pass, 中文), the
player left alone was offered 「再来一场？还剩 28 秒」 (Play again) although
nobody else sat and bots cannot sit where coins move; pressing it reopened
the table as waiting with 「至少需要 2 名玩家」.  The panel offers only what
can happen: nobody else is left, so it says so, and its button keeps the
seat for the table to wait for players (or Leave goes to the lobby), its
countdown says how long that choice stays open; pressing it, the table
waits, and no Play again is offered there."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, leave_running, open_table, sign_in

pytestmark = SINGLE_REDIS

WORDS = {
    "en-US": {
        "button": "Wait for players",
        "title": "Nobody else is left to play",
        "help": "Bots cannot sit at a coin table. Keep your seat and the table waits for players to join, or leave for the lobby.",
        "countdown": r"^Keep your seat\? \d+ s to decide$",
        "other": "再来",
    },
    "zh-CN": {
        "button": "等待其他玩家",
        "title": "其他玩家都已离开",
        "help": "金币桌不能有机器人入座。保留座位，牌桌会等待其他玩家加入；也可以离开，回到大厅。",
        "countdown": r"^保留座位？还剩 \d+ 秒$",
        "other": "Play",
    },
}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_alone_at_a_coin_table_the_panel_offers_to_wait_not_to_play_again(new_page, lobby, locale):
    import re

    words = WORDS[locale]
    ann, bo = new_page(), new_page(locale=locale)
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "stud", seats=2, turn_s=30, options={"tier": "beginner"}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")  # full: it starts
    leave_running(ann)  # an escape: the game ends at once
    expect(finished(bo)).to_be_visible()
    again = bo.get_by_test_id("play-again")
    expect(again).to_have_text(words["button"])
    panel = bo.get_by_test_id("next-panel")
    expect(panel.locator("h3")).to_have_text(words["title"])
    expect(bo.get_by_test_id("next-help")).to_have_text(words["help"])
    expect(bo.get_by_test_id("next-countdown")).to_have_text(re.compile(words["countdown"]))
    assert words["other"] not in panel.text_content()
    again.click()
    expect_status(bo, "waiting")
    expect(bo.get_by_test_id("next-panel")).to_be_hidden()
    expect(bo.get_by_test_id("play-again")).to_be_hidden()
