"""The rating lines when a person leaves a rated game (issue #15, third
pass): in a coin Sibala match Ann left and Bo stayed; Ann lost rating, and
Bo's panel said only "not rated", without a word of why, or of Ann's loss
being her leaving.  The rule is issue #16's, kept (lobby/ratings.py, *Who
left*; the ratings themselves: tests/lobby/test_leaver_ratings_live.py):
the panel says Ann left and was rated as a loss, and that Bo is not rated
because she left, leaving costing only the leaver (on Bo's own page his
line says "You are not rated").  Both languages, at a
coin and a casual table (the lines are one module's for all five games:
static/ratings.js; stud's escape: test_money_browser).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, leave_running, open_table, play_to_end, sign_in

pytestmark = SINGLE_REDIS

WORDS = {
    "en-US": (
        r"^Ann left before the end: rated as a loss\. Rating \d+\?? \(−\d+\)$",
        "You are not rated: Ann left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it.",
    ),
    "zh-CN": (
        r"^Ann 中途离开：按输一场计。等级分 \d+\??（−\d+）$",
        "你不计等级分：Ann 中途离开，坚持到最后的真人玩家不足两名。离开只扣离开者本人的等级分，别人不因此加分。",
    ),
}


@pytest.mark.parametrize("locale", list(WORDS))
@pytest.mark.parametrize("stake", [10, 0], ids=["coins", "casual"])
def test_the_one_who_stayed_reads_why_only_the_leaver_is_rated(new_page, lobby, locale, stake):
    import re

    ann, bo = new_page(), new_page(locale=locale)
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=1, options={"rounds": 3, "stake": stake}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")
    leave_running(ann)
    play_to_end(bo)
    leaver, stayer = WORDS[locale]
    expect(bo.get_by_test_id("rating-change-0")).to_have_text(re.compile(leaver))
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(stayer)
    expect(bo.get_by_test_id("rating-not-rated")).to_have_count(0)
    bo.reload()  # the same words from the table view alone
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(stayer)
