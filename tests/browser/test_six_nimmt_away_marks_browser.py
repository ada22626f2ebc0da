"""A card a bot played for my away 6 Nimmt! seat is marked away, once, in
the one word the page uses for away (issue #15 item 2, a fresh user pass):
the log's line named the seat away and then put an away badge after it
("你（托管中，机器人代你操作）：17 → 第 2 行托管中": 托管 twice in one
line), the badge ran into the text ("row 1away"), away was worded three
ways (seat "away", reveal "bot for you", log "(away — a bot played for
you)"; 托管中, 托管代出, 托管), and the reveal's away tag was a time's-up
tag in all but its words (away and time's up are different things: a
bot played for me, or the clock played my lowest card).  Both languages.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, let_a_low_pick_run_out, open_table, sign_in, start

pytestmark = SINGLE_REDIS

#: Per language: the away word (seat badge, reveal tag and log mark alike) and the time's-up word.
WORDS = {"en-US": ("away", "time's up"), "zh-CN": ("托管", "超时")}


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    """A lobby that marks a seat away at its first timeout, its bots slow
    enough (1 s a move) for the game to run while we look."""
    return module_lobby_factory(env={"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "1000"}, prefix="snaway")


#: The log's lines with an away mark: each line's text, how often it says
#: the away word and the time's-up word, its marks, and for each away mark
#: the character before its words in the line's text and the gap (px) to
#: what stands before it on its line.
AWAY_LINES = """([away, late]) => [...document.querySelectorAll('[data-testid=log] li')].filter((li) => li.querySelector('.forced-away')).map((li) => {
  const text = li.textContent;
  const count = (w) => text.split(w).length - 1;
  const marks = [...li.querySelectorAll('.forced-away')].map((m) => {
    const before = document.createRange();
    before.setStart(li, 0);
    before.setEndBefore(m);
    const rects = [...before.getClientRects()].filter((r) => r.width > 0);
    const prev = rects[rects.length - 1];
    const q = m.getBoundingClientRect();
    return {word: m.textContent, before: before.toString().slice(-1), gap: prev && Math.abs(prev.top - q.top) < q.height ? Math.round(q.left - prev.right) : null};
  });
  return {text, away: count(away), late: count(late), timeouts: li.querySelectorAll('.sn-log-timeout').length, marks};
})"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_card_a_bot_played_for_my_away_seat_is_marked_away_once(new_page, lobby, locale):
    away, late = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=1)
    start(page)
    # my first pick runs out: away, and a bot plays my seat
    expect(page.get_by_test_id("away-0")).to_have_text(away)
    tag = page.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-away')
    expect(tag).to_have_text(away)
    # the time's-up tag is the clock's only
    for t in page.get_by_test_id("reveal").locator(".sn-rev-timeout").all_text_contents():
        assert t == late, t
    log = page.get_by_test_id("log").locator("li:has(.forced-away)")
    expect(log.first).to_be_visible()
    lines = page.evaluate(AWAY_LINES, [away, late])
    assert lines, lines
    for line in lines:
        assert line["away"] == len(line["marks"]) == 1, line  # one seat away, said once
        assert line["late"] == line["timeouts"] <= 1, line  # a bot's card is not the clock's (but a row the bot took for the clock's card: both, each once)
        for m in line["marks"]:
            assert m["word"] == away, line
            assert m["before"].isspace(), line  # its own word, not "row 1away"
            assert m["gap"] is None or m["gap"] >= 3, line


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_row_a_bot_took_for_the_clock_s_card_is_marked_away_and_the_card_time_s_up(new_page, lobby, locale):
    """My pick runs out with a card lower than every row: the clock played
    the card (time's up) and, my seat away at once, a bot took the row
    (away).  The line said only time's up (the decision's timeout won) and
    named me away; the bot's row is its own, each said once."""
    away, late = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=3)
    start(page)
    card = let_a_low_pick_run_out(page)
    entry = page.get_by_test_id("reveal").locator(f'.sn-rev[data-seat="0"][data-card="{card}"]')
    expect(entry.locator(".sn-rev-away")).to_have_text(away)  # the bot's row
    expect(entry.locator(".sn-rev-timeout")).to_have_text(late)  # the clock's card
    line = page.get_by_test_id("log").locator("li[data-key]").filter(has=page.locator(".sn-log-timeout")).last
    expect(line.locator(".forced-away")).to_have_count(1)
    said = page.evaluate(AWAY_LINES, [away, late])
    mine = [x for x in said if x["timeouts"]]
    assert mine and mine[-1]["away"] == 1 and mine[-1]["late"] == 1, said
    assert mine[-1]["marks"][0]["before"].isspace(), said
