"""Shut the Box's round results name a leaver as she was in each round
(issue #15, third pass): once Ann left, every round's line was redrawn
"Ann (left)", the rounds she played herself too (Sibala's were fixed the
same way in 44bcf4b).  "(left)" is for a round a bot played her turn in
because she had left (the table view's `forced`, keyed by the turn id
"r{round}.…"): on the live page, after a reload, in 中文 and in the replay.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, leave_running, open_table, sign_in

pytestmark = SINGLE_REDIS

#: Round 2's line when the bot for Ann (left) wins it: with a score, or by shutting the box.
LEFT_WON = re.compile(r"^Round 2: Ann \(left\) (won with \d+|shut the box!)")


def test_round_results_say_left_only_for_rounds_a_bot_played_after_the_leave(new_page, lobby):
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "shut_the_box", seats=2, turn_s=5, options={"rounds": 2}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")
    # (Bo's own page says "you" for his seat; the replay and a spectator name everyone)
    # round 1: both turns time out, nothing shut: both score 45 and tie
    first = bo.get_by_test_id("round-result-0")
    expect(first).to_have_text("Round 1: you and Ann tied with 45", timeout=30_000)
    leave_running(ann)  # at once: round 2's turns have 5 s each, hers not timed out yet
    # round 2: a bot plays her turn (it shuts tiles: below Bo's timed-out 45,
    # or the whole box), so her win is the bot's
    expect(bo.get_by_test_id("round-result-1")).to_have_text(LEFT_WON, timeout=30_000)
    expect(finished(bo)).to_be_visible()
    expect(first).to_have_text("Round 1: you and Ann tied with 45")
    bo.reload()
    expect_status(bo, "finished")
    expect(bo.get_by_test_id("round-result-0")).to_have_text("Round 1: you and Ann tied with 45")
    expect(bo.get_by_test_id("round-result-1")).to_have_text(LEFT_WON)

    zh = new_page(locale="zh-CN")
    sign_in(zh, lobby, "Cy", f"#table={table_id}")
    expect(zh.get_by_test_id("round-result-0")).to_have_text("第 1 局：Ann 和 Bo 以 45 分并列")
    expect(zh.get_by_test_id("round-result-1")).to_contain_text("第 2 局：Ann（已离开）")

    bo.goto(f"{lobby.http}/#replay={table_id}&game=1")
    expect(bo.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    bo.get_by_test_id("replay-last").click()
    stage = bo.get_by_test_id("replay-stage")
    expect(stage.get_by_test_id("round-result-1")).to_have_text(LEFT_WON)
    expect(stage.get_by_test_id("round-result-0")).to_have_text("Round 1: Ann and Bo tied with 45")
