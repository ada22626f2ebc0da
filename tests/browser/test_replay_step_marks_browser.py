"""A replay step's board shows only the marks of the moves played up to
that step (issue #15, fifth fresh pass at 390x844: at the step "开始",
before any roll, Alice's seat already showed the red "超时" pill of a roll
the clock made later).  Going back to the start takes every mark away.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, open_replay, open_table, sign_in, start

pytestmark = SINGLE_REDIS

MARKS = ".badge-timeout, .forced-mark, .sn-rev-mark, .log-timeout, .log-away"


def test_sibala_replay_start_shows_no_time_s_up_mark(new_page, lobby):
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "Alice")
    table_id = open_table(page, "sibala", seats=2, turn_s=1, options={"rounds": 1})
    start(page)
    expect(finished(page)).to_be_visible(timeout=10_000)
    open_replay(page, table_id)
    stage = page.get_by_test_id("replay-stage")
    expect(page.get_by_test_id("replay-step")).to_contain_text("开始")
    expect(stage.get_by_test_id("seat-0")).to_be_visible()
    expect(stage.locator(MARKS)).to_have_count(0)
    # the step of the clock's roll marks it; back at the start nothing is marked
    page.get_by_test_id("replay-steps").locator("li", has_text="——超时").click()  # the roll's own line, marked (forcedLine)
    expect(stage.locator(".log-timeout")).to_have_count(1)
    expect(stage.locator(".forced-timeout")).to_have_count(1)  # on the dice: the seat's one mark
    expect(stage.locator(".badge-timeout")).to_have_count(0)
    page.get_by_test_id("replay-first").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text("开始")
    expect(stage.locator(MARKS)).to_have_count(0)


def test_yahtzee_replay_marks_the_roll_the_clock_made(new_page, lobby):
    """A Yahtzee turn that timed out before its first roll is two steps in
    the replay, the clock's roll and its score; the score's step was marked
    and the roll's not, where every other game's forced steps are.  Both
    steps say "— time's up" (in the step list and the board's log at that
    step), in English and in 中文, and the roll's step has no score line."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "yahtzee", seats=2, turn_s=1)
    start(page)
    expect(finished(page)).to_be_visible(timeout=90_000)
    for locale, rolled, scored in (
        ("en-US", r"Ann rolled .+ \(roll 1\) — time's up$", r"Ann scored \d+ in .+ — time's up$"),
        ("zh-CN", r"Ann 掷出 .+（第 1 掷）——超时$", r"Ann 在「.+」记 \d+ 分.+——超时$"),
    ):
        viewer = new_page(locale=locale)
        viewer.goto(f"{lobby.http}/#replay={table_id}&game=1")
        expect(viewer.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
        steps = viewer.get_by_test_id("replay-steps")
        stage = viewer.get_by_test_id("replay-stage")
        roll = steps.locator("li", has_text=re.compile(rolled)).first
        expect(roll).to_be_visible()
        roll.click()
        expect(stage.get_by_test_id("log").locator("li.log-timeout", has_text=re.compile(rolled))).to_have_count(1)
        expect(stage.get_by_test_id("log").locator("li", has_text=re.compile(scored))).to_have_count(0)
        # the next step spends a category for her, marked as before
        step = int(roll.get_attribute("data-step"))
        expect(steps.locator(f'li[data-step="{step + 1}"]')).to_have_text(re.compile(scored))
