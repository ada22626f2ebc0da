"""Which moves the clock forced is the table's record (issue #15, a fresh
pass at 390x844: a spectator who came after Ann's round-1 timeout read
"Round 1: Ann rolled …" with no time's-up mark, a reload did not bring it
back, and the replay marked no timeout at all).  The table view's `forced`
list ([seat, kind, the engine's move_key]) is the one source: the live page,
a spectator arriving later, the same table in a new tab and the replay
viewer show the same marks, in both languages.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, open_table, sign_in, start

pytestmark = SINGLE_REDIS


def sibala_forced(page):
    """The Sibala log's first time's-up line."""
    return page.get_by_test_id("log").locator("li.log-timeout").first


def test_sibala_s_time_s_up_marks_reach_a_late_spectator_and_a_new_tab(new_page, lobby):
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=2, options={"rounds": 2})
    start(ann)
    # Ann does not roll: round 1's roll is made for her
    expect(sibala_forced(ann)).to_have_text(re.compile(r"^Round 1: you rolled .+ — time's up$"), timeout=10_000)

    # Carol comes after it, on a 中文 page: the round-1 line has its mark
    carol = new_page(locale="zh-CN")
    sign_in(carol, lobby, "Carol", f"#table={table_id}")
    expect(carol.get_by_test_id("spectating")).to_be_visible()
    expect(sibala_forced(carol)).to_have_text(re.compile(r"^第 1 局：Ann 掷出 .+——超时$"))
    # and keeps it across a reload
    carol.reload()
    expect(sibala_forced(carol)).to_have_text(re.compile(r"^第 1 局：Ann 掷出 .+——超时$"))

    # Ann's table in a new tab of hers (nothing kept in its storage): the same mark
    again = ann.context.new_page()
    again.goto(f"{lobby.http}/#table={table_id}")
    expect(sibala_forced(again)).to_have_text(re.compile(r"^Round 1: you rolled .+ — time's up$"))


def test_sibala_s_replay_marks_the_forced_roll_at_its_step(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "sibala", seats=2, turn_s=1, options={"rounds": 1})
    start(page)
    expect(finished(page)).to_be_visible(timeout=10_000)
    live = sibala_forced(page).text_content()
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    stage = page.get_by_test_id("replay-stage")
    # the start: nothing rolled, nothing marked; the step of Ann's forced roll has the live line
    expect(page.get_by_test_id("replay-step")).to_contain_text("Start")
    expect(stage.locator("li.log-timeout")).to_have_count(0)
    page.get_by_test_id("replay-last").click()
    # a spectator's words: Ann's name (the live page's "you"), the same mark
    expect(stage.locator("li.log-timeout")).to_have_text(live.replace("you rolled", "Ann rolled"))


def test_six_nimmt_s_reveal_marks_the_bot_s_card_for_a_late_spectator(new_page, lobby):
    """Ann picks nothing: her first card is marked time's up; after two
    timeouts in a row her seat is away and a bot plays it, which the reveal
    marks too: a spectator who comes then (and reloads) sees that mark."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=2, turn_s=2)
    start(ann)
    reveal = ann.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-timeout')
    expect(reveal).to_have_text("time's up", timeout=10_000)
    expect(ann.get_by_test_id("away-0")).to_be_visible(timeout=10_000)
    away = ann.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-away')
    expect(away).to_have_text("away")

    bo = new_page(locale="zh-CN")
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    expect(bo.get_by_test_id("spectating")).to_be_visible()
    mark = bo.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-away')
    expect(mark).to_have_text("托管")
    expect(mark).to_have_attribute("title", "Ann（托管）")
    bo.reload()
    expect(mark).to_have_text("托管")


def test_stud_s_replay_says_the_fold_the_clock_made(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "stud", seats=2, turn_s=1)
    start(page)  # I came first: I am the dealer and act first
    expect(finished(page)).to_be_visible()
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    page.get_by_test_id("replay-last").click()
    stage = page.get_by_test_id("replay-stage")
    # one line for the fold, marked (the fourth pass: stud said a timed-out fold in two lines)
    forced_fold = re.compile(r"Ann folds \(pot \d+\) — time's up")
    expect(stage.get_by_test_id("log").locator("li", has_text=forced_fold)).to_have_count(1)
    expect(stage.get_by_test_id("log").locator("li", has_text="Time's up for Ann")).to_have_count(0)
    # the step list words that step so too
    expect(page.get_by_test_id("replay-steps").locator("li", has_text=forced_fold)).to_have_count(1)


def test_yahtzee_s_replay_says_what_the_clock_scored(new_page, lobby):
    """The replay's step list words a step as the live log did: the step of
    Ann's timed-out turn says what was scored for her (its line was left
    out: the list had rolls and scores only), and the board's log at that
    step has the line."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "yahtzee", seats=2, turn_s=1)
    start(page)
    expect(finished(page)).to_be_visible(timeout=90_000)
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    said = re.compile(r"Ann scored \d+ in .+ — time's up$")  # the score's own line, marked (forcedLine)
    step = page.get_by_test_id("replay-steps").locator("li", has_text=said).first
    expect(step).to_be_visible()
    step.click()
    expect(page.get_by_test_id("replay-stage").get_by_test_id("log").locator("li.log-timeout", has_text=said)).to_have_count(1)


def ann_s_replay(page, lobby, game, options):
    """Ann opens a 2-seat `game` table (a bot in the other seat) with a 1 s
    turn and plays nothing; once it has finished, `page` shows its replay.
    Returns the table's id."""
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, game, seats=2, turn_s=1, options=options)
    start(page)
    expect(finished(page)).to_be_visible(timeout=60_000)
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    return table_id


def test_sibala_s_replay_step_list_marks_the_clock_s_and_the_bot_s_rolls(new_page, lobby):
    """Both testers: the replay's step list read "Ann rolled … (no point)"
    where the board and the live log said "— time's up".
    Ann rolls nothing in three rounds: round 1 is the clock's, round 3 a
    bot's (her seat away after two); each step's line carries the
    live log's mark, in English and in 中文."""
    page = new_page()
    table_id = ann_s_replay(page, lobby, "sibala", {"rounds": 3})
    steps = page.get_by_test_id("replay-steps")
    expect(steps.locator("li", has_text=re.compile(r"Round 1: Ann rolled .+ — time's up$"))).to_have_count(1)
    expect(steps.locator("li", has_text="Round 3: Ann (away, a bot played) rolled")).to_have_count(1)

    zh = new_page(locale="zh-CN")
    zh.goto(f"{lobby.http}/#replay={table_id}&game=1")
    steps = zh.get_by_test_id("replay-steps")
    expect(steps.locator("li", has_text=re.compile(r"第 1 局：Ann 掷出 .+——超时$"))).to_have_count(1)
    expect(steps.locator("li", has_text="第 3 局：Ann（托管）掷出")).to_have_count(1)


def test_six_nimmt_s_replay_step_list_says_what_the_clock_and_the_bot_played(new_page, lobby):
    """6 Nimmt!'s step list had no mark at all: the step of Ann's timed-out
    pick says so in its own line, marked as every forced move ("Ann 选好了一张牌——超时"), and a pick a
    bot made for her away seat names her "Ann（托管）"."""
    page = new_page(locale="zh-CN")
    ann_s_replay(page, lobby, "six_nimmt", {"end_threshold": 1})
    steps = page.get_by_test_id("replay-steps")
    expect(steps.locator("li", has_text="Ann 选好了一张牌——超时").first).to_be_visible()
    expect(steps.locator("li", has_text="Ann（托管）").first).to_be_visible()
