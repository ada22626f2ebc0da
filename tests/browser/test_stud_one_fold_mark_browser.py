"""Stud: a fold the clock made is said once (issue #15, fourth pass): the
seat showed "time's up" twice (a badge under the name and again inside the
"folded" pill: "已弃牌超时"), and the log had two lines for one fold ("Time's
up — you folded" and "You fold (pot 300)").  Now one mark on the seat (in
the folded pill) and one log line per fold, marked as time's up as the
other games' forced lines are.  Both languages, a phone.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, open_table, sign_in, start

pytestmark = SINGLE_REDIS

WORDS = {
    "en-US": {"mark": "time's up", "fold": re.compile(r"^You fold \(pot \d+\) — time's up$"), "folds": re.compile(r"^You fold")},
    "zh-CN": {"mark": "超时", "fold": re.compile(r"^你弃牌（底池 \d+）——超时$"), "folds": re.compile(r"^你弃牌")},
}


@pytest.fixture
def viewport() -> dict:
    return {"width": 360, "height": 740}


@pytest.mark.parametrize("locale", list(WORDS))
def test_a_fold_by_the_clock_is_one_mark_and_one_log_line(new_page, lobby, locale):
    words = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, "stud", seats=2, turn_s=1)
    start(page)  # I came first: I act first, and the clock folds me
    expect(finished(page)).to_be_visible(timeout=15_000)
    seat = page.get_by_test_id("seat-0")
    expect(seat.get_by_test_id("forced-0")).to_have_text(words["mark"])
    expect(seat.get_by_test_id("timeout-0")).to_have_count(0)
    assert seat.text_content().count(words["mark"]) == 1, seat.text_content()
    lines = page.get_by_test_id("log").locator("li")
    expect(lines.filter(has_text=words["folds"])).to_have_count(1)
    expect(lines.filter(has_text=words["folds"])).to_have_text(words["fold"])
    assert not [line for line in lines.all_text_contents() if line.startswith(("Time's up", "超时"))], lines.all_text_contents()
