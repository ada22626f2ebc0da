"""Timeouts are said (issue #15, item 2), against a real lobby with short
turn times: in my last seconds the countdown turns urgent and says what a
timeout would do; when time runs out the status bar says what was played
for me ("Time's up — 14 was played for you"), my seat gets a time's-up
badge and the log a line; a bot's countdown is never urgent (it once
flashed red on every bot move, its deadline being the bot's thinking time).
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, open_table, sign_in, start

pytestmark = SINGLE_REDIS

#: Every change of the countdown's urgency, with who was to act then.
WATCH_URGENCY = """(id) => {
  window.urgency = [];
  const el = document.querySelector('[data-testid=countdown]');
  new MutationObserver(() => {
    const v = window.lobby.net.tables.get(id).view;
    window.urgency.push({urgent: el.classList.contains('urgent'), acting: (v.to_act || []).map((s) => !!(v.seats[s] && v.seats[s].bot))});
  }).observe(el, {attributes: true, attributeFilter: ['class']});
}"""


#: Every time's-up notice the status bar shows, with my seat's time's-up mark
#: (its one carrier: Sibala's is on the dice, test_sibala_notice_and_mark_browser.py) and whether the other seat has one.
WATCH_NOTICE = """() => {
  window.notices = [];
  const el = document.querySelector('[data-testid=timeout-notice]');
  new MutationObserver(() => {
    const mark = (seat) => document.querySelector(`[data-testid=seat-${seat}] .badge-timeout, [data-testid=seat-${seat}] .forced-timeout`);
    const mine = mark(0);
    const seen = {text: el.hidden ? '' : el.textContent, kind: el.dataset.kind || '', mine: mine ? mine.textContent : null, other: !!mark(1)};
    if (seen.kind !== 'hurry') window.notices.push(seen);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def test_sibala_warns_then_says_the_roll_made_for_me(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "sibala", seats=2, turn_s=3, options={"rounds": 1})
    page.evaluate(WATCH_URGENCY, table_id)
    start(page)
    # seat 0 rolls first: my last seconds (a 3 s turn is all last seconds)
    countdown = page.get_by_test_id("countdown")
    expect(countdown).to_have_attribute("data-urgent", "true")
    notice = page.get_by_test_id("timeout-notice")
    expect(notice).to_have_text("Hurry — at 0 your dice are rolled for you")
    expect(notice).to_have_attribute("data-kind", "hurry")

    # I do not roll: the deadline rolls for me, and that is said (until the
    # bot's roll ends the one-round game: seen as it is drawn)
    page.evaluate(WATCH_NOTICE)
    expect(finished(page)).to_be_visible()
    seen = page.evaluate("window.notices")
    # my notice (it stays until a later move of my seat: test_time_s_up_past_browser.py, test_times_up_latest_move_browser.py)
    assert {"text": "Time's up — your dice were rolled for you", "kind": "mine", "mine": "time's up", "other": False} in seen, seen
    expect(page.get_by_test_id("log").locator("li.log-timeout")).to_have_text(re.compile(r"^Round 1: you rolled .+ — time's up$"))  # Ann's own page
    # the game is over: the status line has its result, no notice (the log keeps it)
    expect(notice).to_be_hidden()

    changes = page.evaluate("window.urgency")
    assert any(c["urgent"] for c in changes), changes
    # urgent only while I had to act: never while only the bot did
    assert not [c for c in changes if c["urgent"] and c["acting"] and all(c["acting"])], changes


def test_six_nimmt_marks_the_card_played_for_me_in_chinese(new_page, lobby):
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=4)
    start(page)
    hand = page.get_by_test_id("hand").locator("[data-card]")
    expect(hand).to_have_count(10)
    lowest = min(int(c) for c in hand.evaluate_all("els => els.map((e) => e.dataset.card)"))
    expect(page.get_by_test_id("timeout-notice")).to_have_text("快！超时将替你出最小的牌")
    # the rules play my lowest card: the reveal marks it
    forced = page.get_by_test_id("reveal").locator(f'[data-seat="0"][data-card="{lowest}"]')
    expect(forced.locator(".sn-rev-timeout")).to_have_text("超时")
    # my next decision (the next pick, or a row for a card below every row)
    # starts with the timeout, and a 4 s turn is all hurry: the bar says the
    # warning alone, about now (one message at a time: the note is not joined
    # to it; it stays for the calm seconds: test_time_s_up_past_browser.py),
    # and my seat has no time's-up badge over the new turn
    expect(page.get_by_test_id("timeout-notice")).to_have_text(re.compile("^快！超时将替你(出最小的牌|收走牛头最少的一行)$"))
    expect(page.get_by_test_id("timeout-notice")).to_have_attribute("data-kind", "hurry")
    now = page.evaluate("() => ({notice: document.querySelector('[data-testid=timeout-notice]').textContent, badge: !!document.querySelector('[data-testid=timeout-0]')})")
    assert not now["notice"].startswith("超时"), now  # read with the badge, in one task
    assert not now["badge"], now


def test_stud_says_my_fold_before_who_won(new_page, lobby):
    """My deadline folds me and so ends the hand: the log says time ran out
    before it says who won (the lobby's time's-up event follows the engine's
    fold and result; found by the new-user pass)."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "stud", seats=2, turn_s=1)
    start(page)  # I came first: I am the dealer and act first
    expect(finished(page)).to_be_visible()
    items = page.get_by_test_id("log").locator("li")
    expect(items.locator("xpath=self::li[contains(@class, 'log-timeout')]")).to_have_count(1)
    kinds = items.evaluate_all("els => els.map((e) => e.className)")
    # the fold's own line carries the time's-up mark (one line per fold: test_stud_one_fold_mark_browser.py)
    forced = [k for k, c in enumerate(kinds) if "log-timeout" in c.split()]
    assert forced and "act-fold" in kinds[forced[0]].split() and forced[0] < kinds.index("log-result"), kinds
