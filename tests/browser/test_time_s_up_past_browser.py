"""A timeout is seen where it happened and said to its player in the past
(issue #15, the third 中文 pass at 390x844: in 6 Nimmt! only the reveal's
small 超时 showed, the notice ending at once because the next pick starts
right after the reveal).  (a) The forced move carries a time's-up mark on
the board for as long as it is there: the card placed for me in a 6 Nimmt!
row, the Yahtzee category spent for me, the Shut the Box round ended for
me; (b) my own notice says "Time's up — … for you" (the fourth pass: not
"on your last turn", which at 6 Nimmt!'s first pick was that same turn) and
stays until I act, never contradicting "Your turn".  The notice shows one
message at a time (the fresh pass of Sibala's notice line): in my turn's
last 5 s the hurry warning alone, so these turns are 6 s, the next turn's
first second (not urgent) the moment the note is read.  Phones, both
languages.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS

#: the words by language: the mark, my notice's opening, my turn line
WORDS = {
    "en-US": {"mark": "time's up", "past": "Time's up — "},
    "zh-CN": {"mark": "超时", "past": "超时——"},
}


@pytest.fixture
def viewport() -> dict:
    return {"width": 390, "height": 844}


#: True once, in one frame, my turn's countdown is not urgent and the notice says (`said`) or does not say my time ran out.
CALM_NOTICE = """([past, said]) => {
  const el = document.querySelector('[data-testid=timeout-notice]');
  const playing = document.querySelector('[data-testid=table-status]').dataset.status === 'playing'; // a game over shows no notice at all
  const calm = playing && document.querySelector('[data-testid=countdown]').dataset.urgent !== 'true';
  return calm && (!el.hidden && el.textContent.startsWith(past)) === said;
}"""


def past_notice(page, locale):
    """Wait until the status bar's notice says my time ran out (my latest move was played for me), read in a frame outside my last seconds."""
    page.wait_for_function(CALM_NOTICE, arg=[WORDS[locale]["past"], True], polling="raf", timeout=20_000)


def note_gone(page, locale):
    """My own move ended the note: outside my last seconds (where the note would show) the notice does not say it."""
    page.wait_for_function(CALM_NOTICE, arg=[WORDS[locale]["past"], False], polling="raf")


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_six_nimmt_s_card_played_for_me_is_marked_in_its_row_and_said_until_i_pick(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=6)
    start(page)
    hand = page.get_by_test_id("hand").locator("[data-card]")
    expect(hand).to_have_count(10)
    lowest = min(int(c) for c in hand.evaluate_all("els => els.map((e) => e.dataset.card)"))
    # I pick nothing: my lowest card is played for me; in its row it is marked
    mark = page.get_by_test_id("rows").get_by_test_id(f"row-forced-{lowest}")
    expect(mark).to_have_text(WORDS[locale]["mark"], timeout=15_000)
    # my next decision has started: the notice says the last turn's, in the past
    past_notice(page, locale)
    expect(page.get_by_test_id("turn")).to_have_text(re.compile("^(Your turn|轮到你)"))
    expect(page.get_by_test_id("timeout-0")).to_have_count(0)  # no "time's up" badge over my turn
    # my own move ends it; the card keeps its mark in the row
    take = page.locator("[data-testid^=take-row-]:visible")
    if take.count():
        take.first.click()
    else:
        page.get_by_test_id("hand").locator("button[data-card]:enabled").first.click()
    note_gone(page, locale)
    expect(mark).to_have_text(WORDS[locale]["mark"])


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_yahtzee_s_category_scored_for_me_is_marked_and_said_until_i_roll(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "yahtzee", seats=2, turn_s=6, bots=False)
    start(page)  # alone: my turns follow each other
    # I do not roll: the clock rolls and scores for me; that category is marked
    mark = page.get_by_test_id("score-card").locator("[data-testid^=forced-0-]")
    expect(mark).to_have_count(1, timeout=15_000)
    expect(mark).to_have_text(WORDS[locale]["mark"])
    cat = mark.get_attribute("data-testid").removeprefix("forced-0-")
    expect(page.get_by_test_id(f"cell-0-{cat}")).to_have_attribute("data-state", "filled")
    # my next turn has started at once: the notice is the last turn's, in the past
    past_notice(page, locale)
    expect(page.get_by_test_id("roll")).to_be_enabled()
    expect(page.get_by_test_id("timeout-0")).to_have_count(0)
    page.get_by_test_id("roll").click()
    note_gone(page, locale)
    expect(page.get_by_test_id(f"forced-0-{cat}")).to_have_text(WORDS[locale]["mark"])


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_shut_the_box_s_round_ended_for_me_is_marked_and_said_until_i_throw(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "shut_the_box", seats=2, turn_s=6, options={"rounds": 2}, bots=False)
    start(page)  # alone: round 2 starts with round 1's timeout
    expect(page.get_by_test_id("round-score-0-0")).to_have_attribute("data-score", "45", timeout=15_000)
    expect(page.get_by_test_id("round-score-0-0")).to_have_text("45")  # the score only: the seat carries the mark
    past_notice(page, locale)
    expect(page.get_by_test_id("roll")).to_be_enabled()
    page.get_by_test_id("roll").click()
    note_gone(page, locale)
    # the match over (round 2 ends too, by my stuck throw or the clock): the seat's mark says the last round's
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "finished", timeout=20_000)
    ended = page.get_by_test_id("log").locator("li.log-result").last
    mark = page.get_by_test_id("seat-0").get_by_test_id("forced-0")
    if "log-timeout" in (ended.get_attribute("class") or ""):
        expect(mark).to_have_text(WORDS[locale]["mark"])
    else:
        expect(mark).to_have_count(0)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_shut_the_box_s_lines_say_you_for_my_own_timeout(new_page, lobby, locale):
    """Shut the Box's end list said "Time's up for Alice" on Alice's own page
    (the third pass): a line about my own seat's timeout says "you", as the
    notice does; the last-turn line too (the fifth pass: "Time's up for you
    — turn over" in the log and the last turn beside the notice's "Time's
    up — your turn is over"), which leaves the time's up to the notice, the
    seat and the log (a fresh pass counted five places for one timeout)."""
    name = "Ann" if locale == "en-US" else "小明"
    mine = {"en-US": "Your turn is over, score 45 (open: ", "zh-CN": "你的回合结束，得分 45（剩余："}[locale]  # the log's words, then the open tiles
    page = new_page(locale=locale)
    sign_in(page, lobby, name)
    open_table(page, "shut_the_box", seats=2, turn_s=3, options={"rounds": 2}, bots=False)
    start(page)
    # round 2: the last turn's line is round 1's timeout, about me
    expect(page.get_by_test_id("last-turn-text")).to_have_text(re.compile("^" + re.escape(mine)), timeout=15_000)
    expect(page.get_by_test_id("last-turn-text")).not_to_have_text(re.compile(re.escape(WORDS[locale]["mark"]), re.I))
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "finished", timeout=20_000)
    lines = page.get_by_test_id("log").locator("li")
    logged = {"en-US": "Your turn is over, score 45 — time's up", "zh-CN": "你的回合结束，得分 45——超时"}[locale]  # the log's own line, marked (forcedLine)
    expect(lines.filter(has_text=logged)).to_have_count(2)  # both rounds ran out
    assert not [line for line in lines.all_text_contents() if name in line], lines.all_text_contents()


def test_stud_s_seat_folded_by_the_clock_is_marked_so(new_page, lobby):
    """The stud seat the clock folded said only "folded" once its notice
    had gone: its fold carries the time's-up mark while the hand is on the
    board."""
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    open_table(page, "stud", seats=2, turn_s=1)
    start(page)  # I came first: I act first, and the clock folds me
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "finished", timeout=15_000)
    expect(page.get_by_test_id("seat-0").get_by_test_id("forced-0")).to_have_text("超时")
    expect(page.get_by_test_id("seat-1").get_by_test_id("forced-1")).to_have_count(0)
