"""The table log across reloads and absences: kept in the tab, and a gap said
where moves were missed.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, each_language, js, open_replay, open_table, sign_in, start

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# The log across a reload of the same tab
#
# A table's log across a reload of the same tab. The page keeps each table's
# log in the tab's sessionStorage (games/log_keep.js keepTable) and takes it
# up on the table's first version after the reload, for the same game only:
# the earlier lines are there, the new ones follow, another table starts
# clean; where moves passed while the page was gone one line says they are
# not listed.
# ---------------------------------------------------------------------------


#: The texts of the log's lines, in order.
LINES = js("log/lines")

GAP_EN = "… any moves made while you were away are not listed"
GAP_ZH = "……你离开期间的行动没有列出"


def lines(page) -> list[str]:
    return page.evaluate(LINES)


def my_roll(page):
    """Roll, enabled: it is my turn."""
    roll = page.locator('[data-testid="roll"]:enabled')
    expect(roll).to_be_visible(timeout=30_000)
    return roll


def test_yahtzee_keeps_its_recent_moves_across_a_reload(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "yahtzee", seats=2)
    start(page)
    my_roll(page).click()
    page.get_by_test_id("score-chance").click()
    # the bot's turn, then mine again: nothing moves while I look
    expect(page.get_by_test_id("turn-no")).to_have_text("Turn 2 of 15", timeout=30_000)
    my_roll(page)
    before = lines(page)
    assert len(before) >= 4 and before[0].startswith("You rolled") and any(line.startswith("Ada") or "(bot)" in line for line in before), before

    page.reload()
    log = page.get_by_test_id("log").locator("li")
    expect(log).to_have_count(len(before))
    assert lines(page) == before  # nothing passed unseen: no gap line
    # the new line follows the old ones
    my_roll(page).click()
    expect(log).to_have_count(len(before) + 1)
    after = lines(page)
    assert after[: len(before)] == before and after[-1].startswith("You rolled"), after

    # another table in the same tab starts clean
    page.goto(f"{lobby.http}/")
    open_table(page, "yahtzee", seats=2)
    start(page)
    my_roll(page)
    assert lines(page) == ["No moves yet"], lines(page)  # not "1. —", numbered as a move
    assert page.get_by_test_id("log-empty").evaluate("e => getComputedStyle(e).listStyleType") == "none"


def test_a_spectator_s_log_says_what_it_did_not_see(new_page, lobby):
    """中文: the spectator's tab goes elsewhere while Ann rolls again and
    scores, and comes back: its first lines, then one line saying moves made
    meanwhile are not listed, then what it sees from then on."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "yahtzee", seats=2)
    bo = new_page(locale="zh-CN")
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    expect(bo.get_by_test_id("spectating")).to_be_visible()
    start(ann)
    my_roll(ann).click()
    log = bo.get_by_test_id("log").locator("li")
    expect(log).to_have_count(1)
    expect(log.first).to_contain_text("Ann 掷出")
    first = lines(bo)

    bo.goto("about:blank")
    my_roll(ann).click()  # a second roll and the score: versions the spectator does not see
    ann.get_by_test_id("score-chance").click()
    expect(ann.get_by_test_id("turn-no")).to_have_text("Turn 2 of 15", timeout=30_000)
    bo.goto(f"{lobby.http}/#table={table_id}")

    expect(log.nth(1)).to_have_text(GAP_ZH)
    got = lines(bo)
    assert got[0] == first[0] and got[1] == GAP_ZH, got
    assert GAP_ZH not in got[2:], got


def test_stud_keeps_its_log_across_a_reload_in_chinese(new_page, lobby):
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "Ann")
    open_table(page, "stud", seats=3, options={"tier": "casual"})
    start(page)
    # my turn to bet, with a bot's action in the log (the last version's
    # events are not all the log): the bots wait for me. Whether a bot's
    # line is the last one depends on the deal (a CI run dealt me the
    # highest up card, first to speak in every round), so any bot line does.
    mine = page.locator('[data-testid="act-check"]:enabled, [data-testid="act-call"]:enabled').first
    for _ in range(4):
        expect(mine).to_be_visible(timeout=30_000)
        before = lines(page)
        if len(before) >= 3 and any("机器人" in line for line in before):
            break
        mine.click()
        expect(page.get_by_test_id("log").locator("li")).not_to_have_count(len(before))
    assert before[0] == "第 1 场开始" and len(before) >= 3 and any("机器人" in line for line in before), before

    page.reload()
    log = page.get_by_test_id("log").locator("li")
    expect(log).to_have_count(len(before))
    assert lines(page) == before
    assert GAP_ZH not in before and GAP_EN not in before


def test_sibala_keeps_the_time_s_up_marks_across_a_reload(new_page, lobby):
    """Sibala's log is drawn from the rounds' record, which a reload gets
    again; what the lobby rolled for me when my time ran out is the page's
    own note (forcedMoves): kept too."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "sibala", seats=2, turn_s=3, options={"rounds": 5})
    start(page)
    forced = page.get_by_test_id("log").locator("li.log-timeout").first
    expect(forced).to_contain_text("— time's up", timeout=10_000)
    line = forced.text_content()
    assert line.startswith("Round 1: you rolled "), line  # my own roll on my page: "you", after the reload too
    page.reload()
    expect(page.get_by_test_id("log").locator("li").first).to_be_visible()
    expect(forced).to_have_text(line)


# ---------------------------------------------------------------------------
# A log that skips turns says so
#
# A log that skips turns says so: a player left a running 6 Nimmt! table's
# screen for the lobby and came back later; the log went turn 1, turn 2,
# then turn 7 with nothing between. The line for moves not seen ("… any
# moves made while you were away are not listed") was shown only after a
# page reload. Now any versions that pass unseen leave it where they passed,
# in both languages; a replay jumping ahead (its events hold every step
# between) leaves none.
# ---------------------------------------------------------------------------


GAP = {"en-US": "… any moves made while you were away are not listed", "zh-CN": "……你离开期间的行动没有列出"}


def version(page, table_id: str) -> int:
    return page.evaluate("(id) => window.lobby.net.tables.get(id).version", table_id)


@pytest.mark.lobby_settings("paced_bots")  # once my seat is away, bots at 30 ms could end the game before I am back
def test_coming_back_to_a_table_s_screen_says_the_moves_missed(new_page, lobby):
    """In English, then the page switched to 中文 (the language button: the
    table's log is kept, its gap line drawn again in the other language)."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    # 1 s turns, bots at 300 ms a move and the rule's 66 bull heads: the game
    # goes on past the versions watched (0.3 s turns and 30 ms bots once ended it first)
    table_id = open_table(ann, "six_nimmt", seats=4, turn_s=1)
    start(ann)
    log = ann.get_by_test_id("log")
    expect(log.locator("li:not(.log-empty)").first).to_be_visible(timeout=20_000)
    expect(log.locator(".log-gap")).to_have_count(0)
    left_at = version(ann, table_id)
    ann.get_by_test_id("back").click()  # to the lobby: the table goes on without my screen
    expect(ann.get_by_test_id("table-screen")).to_have_count(0)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")  # a spectator sees versions pass meanwhile
    bo.wait_for_function("([id, v]) => (window.lobby.net.tables.get(id) || {}).version > v + 2", arg=[table_id, left_at])
    ann.goto(f"{lobby.http}/#table={table_id}")
    expect(ann.get_by_test_id("table-screen")).to_be_visible()
    for locale in each_language(ann):
        expect(ann.get_by_test_id("log").locator(".log-gap")).to_have_text(GAP[locale])


def test_a_replay_jumping_to_its_last_step_says_no_gap(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "six_nimmt", seats=3, turn_s=0.3, options={"end_threshold": 1})
    start(page)
    expect(page.locator('[data-testid="table-status"][data-status="finished"]')).to_be_visible(timeout=30_000)
    open_replay(page, table_id)
    expect(page.get_by_test_id("replay-last")).to_be_enabled()
    page.get_by_test_id("replay-last").click()
    stage_log = page.get_by_test_id("replay-stage").get_by_test_id("log")
    expect(stage_log.locator("li:not(.log-empty)").nth(2)).to_be_visible()  # the moves before the last step, all told
    expect(stage_log.locator(".log-gap")).to_have_count(0)


@pytest.mark.lobby_settings("paced_bots")  # as above: the game outlasts the page's absence
def test_a_page_gone_while_versions_passed_says_the_gap_once(new_page, lobby):
    """The tab's kept log (sessionStorage) taken up after the page was gone
    while the game went on: one gap line where the versions passed."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=4, turn_s=1)
    start(ann)
    expect(ann.get_by_test_id("log").locator("li:not(.log-empty)").first).to_be_visible(timeout=20_000)
    left_at = version(ann, table_id)
    ann.goto("about:blank")  # the page goes (pagehide saves the log); the tab and its sessionStorage stay
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.wait_for_function("([id, v]) => (window.lobby.net.tables.get(id) || {}).version > v + 2", arg=[table_id, left_at])
    ann.goto(f"{lobby.http}/#table={table_id}")
    expect(ann.get_by_test_id("table-screen")).to_be_visible()
    expect(ann.get_by_test_id("log").locator(".log-gap")).to_have_count(1)
    expect(ann.get_by_test_id("log").locator(".log-gap")).to_have_text(GAP["en-US"])
