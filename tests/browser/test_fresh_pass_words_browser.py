"""Words and small layout the third fresh pass of issue #15 found, against a
real lobby: a Yahtzee time's-up line gives the real points (from the seat's
score card, not a log line that may have gone), one word per thing across
the players' rules and the tables, Chinese names for generated table names
on Chinese pages, no empty headings, the stud tier table readable on a
phone, and an error's details in the page's language.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS


def test_a_yahtzee_time_s_up_line_keeps_its_points(new_page, lobby):
    """"Time's up — ? in Threes was scored for you": the log's line for a
    timeout took its points from the scored line before it, which the short
    log had dropped once more moves came in."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "yahtzee", seats=2, turn_s=2)
    start(page)
    log = page.get_by_test_id("log")
    timeout = log.locator("li.log-timeout")
    expect(timeout).to_have_count(1, timeout=10_000)
    # every wording the line ever has from now on
    page.evaluate(SEEN)
    # my next turn: roll three times and score, the bot plays: the short log
    # drops the lines before the time's-up line
    roll = page.locator('[data-testid="roll"]:enabled')
    for _ in range(3):
        expect(roll).to_be_visible()
        roll.click()
    expect(page.get_by_test_id("roll")).to_have_text("No rolls left")
    page.locator('button[data-testid^="score-"]').first.click()
    expect(log.locator("li").first).not_to_have_class(re.compile("log-timeout"))
    expect(log).not_to_contain_text("Time's up")
    seen = page.evaluate("() => [...window.seenTimeouts]")
    assert seen, seen
    for text in seen:
        assert re.fullmatch(r"Time's up — \d+ in [A-Z][a-z ]+ was scored for you", text), seen


#: Keep in window.seenTimeouts every text a log's time's-up line shows.
SEEN = """() => {
  window.seenTimeouts = new Set();
  const look = () => document.querySelectorAll('[data-testid=log] li.log-timeout').forEach((li) => window.seenTimeouts.add(li.textContent));
  look();
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""
