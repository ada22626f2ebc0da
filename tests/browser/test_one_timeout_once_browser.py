"""One timeout is said once in each place it belongs (issue #15 item 2, a
fresh user pass): Shut the Box said one timeout in five places, the
status bar's notice, the last-turn panel, the log, a badge and the score
cell ("45超时").  What must hold: the log says it in one line (the move's
own words, marked: common.js forcedLine), the player is told once by the
notice with the seat's one mark (its badge or its board mark, never both),
a score cell shows the score only, and the last-turn panel does not say it
again.  6 Nimmt!: a pick the clock made whose card is lower than every row
(the row is then the player's to take) is said at once, though the whole
row choice is in the player's last seconds, and its log line says the card
played ("You: 5, lower than every row — time's up"), not "You must take a
row for 5 — time's up".  Both languages.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, let_a_low_pick_run_out, open_table, sign_in, start

pytestmark = SINGLE_REDIS

#: The time's-up word of each language, as the page writes it anywhere.
WORD = {"en-US": re.compile(r"time's up", re.I), "zh-CN": re.compile("超时")}
#: My own notice's opening.
PAST = {"en-US": "Time's up — ", "zh-CN": "超时——"}

#: In a frame where the table plays, my countdown is calm and the notice
#: says my time ran out: every visible text that says the time's-up word,
#: as {where (the nearest test id), cls, text}; else null.
PLACES = """([word, past]) => {
  const re = new RegExp(word, 'i');
  const note = document.querySelector('[data-testid=timeout-notice]');
  const playing = document.querySelector('[data-testid=table-status]').dataset.status === 'playing';
  const calm = document.querySelector('[data-testid=countdown]').dataset.urgent !== 'true';
  if (!(playing && calm && !note.hidden && note.textContent.startsWith(past))) return null;
  const screen = document.querySelector('[data-testid=table-screen]');
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!re.test(n.textContent) || !el.checkVisibility()) continue;
    const where = el.closest('[data-testid]');
    out.push({where: where ? where.dataset.testid : '', cls: el.className, text: el.closest('li, td, th, span, div').textContent});
  }
  return out;
}"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_shut_the_box_says_my_timeout_once_in_the_log_and_once_to_me(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "shut_the_box", seats=2, turn_s=6, options={"rounds": 2}, bots=False)
    start(page)  # alone: round 2 starts with round 1's timeout, my turn again
    expect(page.get_by_test_id("round-score-0-0")).to_have_attribute("data-score", "45", timeout=15_000)
    got = page.wait_for_function(PLACES, arg=[WORD[locale].pattern, PAST[locale]], polling="raf", timeout=20_000).json_value()
    where = sorted(p["where"] for p in got)
    # the notice (my seat is to act: its mark waits, as its badge does) and the log's one line
    assert where == ["log", "timeout-notice"], got
    expect(page.get_by_test_id("round-score-0-0")).to_have_text("45")  # the score only
    expect(page.get_by_test_id("last-turn-text")).to_be_visible()
    expect(page.get_by_test_id("last-turn-text")).not_to_have_text(WORD[locale])
    # round 2 runs out too: the match is over, each timeout one log line, each score the score only
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "finished", timeout=20_000)
    for r in (0, 1):
        expect(page.get_by_test_id(f"round-score-0-{r}")).to_have_text("45")
    expect(page.get_by_test_id("log").locator("li").filter(has_text=WORD[locale])).to_have_count(2)
    expect(page.get_by_test_id("final-boards").get_by_text(WORD[locale])).to_have_count(0)
    # the seat's one mark: the last round's, in its head
    expect(page.get_by_test_id("players").get_by_text(WORD[locale])).to_have_count(1)
    expect(page.get_by_test_id("seat-0").get_by_test_id("forced-0")).to_be_visible()


#: The words of a 6 Nimmt! pick the clock made whose card is lower than
#: every row: my notice (at once, in the row choice's last seconds), the
#: log's part for it while the row waits, and once the clock took the row.
SN_WORDS = {
    "en-US": {
        "picked": "Time's up — {card} was played for you",
        "waiting": r"^You: {card}, lower than every row — time's up$",
        "took_line": r"^You: {card} takes row {row} \(\d+ bull heads?\) — time's up$",
        "must": "must take a row",
    },
    "zh-CN": {
        "picked": "超时——已替你出 {card}",
        "waiting": r"^你：{card} 比每一行都小——超时$",
        "took_line": r"^你：{card} 收走第 {row} 行（\d+ 个牛头）——超时$",
        "must": "须为",
    },
}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_six_nimmt_says_a_timed_out_pick_below_every_row_at_once(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=3)  # a 3 s row choice is all last seconds
    start(page)
    words = SN_WORDS[locale]
    card = let_a_low_pick_run_out(page)
    # the row is mine to take: the notice says at once what was played for me
    notice = page.get_by_test_id("timeout-notice")
    expect(notice).to_contain_text(words["picked"].format(card=card))
    expect(page.locator('[data-testid^="take-row-"]:visible')).to_have_count(4)
    key = page.get_by_test_id("log").locator("li").last.get_attribute("data-key")
    line = page.get_by_test_id("log").locator(f'li[data-key="{key}"]')
    expect(line.locator(".sn-log-timeout")).to_have_text(re.compile(words["waiting"].format(card=card)))
    expect(line).not_to_contain_text(words["must"])
    # I take none: the clock takes the row; the part says the card's move, marked once
    took = line.locator(".sn-log-timeout").filter(has_text=re.compile(words["took_line"].format(card=card, row=r"\d")))
    expect(took).to_have_count(1, timeout=10_000)
    expect(line.locator(".sn-log-timeout")).to_have_count(1)
