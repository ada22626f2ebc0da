"""One log line per forced move, in one shared shape (the two fresh player
passes, English and 中文, phone 390x844: a 6 Nimmt! pick the clock made
gave the reveal's line and then a "Time's up — 14 was played for you" line
after the turn's result; a Yahtzee score the clock spent gave the roll, the
score and a time's-up line, each game worded it its own way).  What must
hold: the move's own line, as the game words a move its player makes,
marked "— time's up" / "——超时" (common.js forcedLine), in its place in the
log, and no other line about that move; and the away pill beside a name
keeps a gap from what stands next to it (Yahtzee's score-card head had 0).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS

MARK = {"en-US": " — time's up", "zh-CN": "——超时"}
#: A line in a notice's words ("Time's up — …", "超时——…", "Time's up for Ann — …"): never a log line now.
NOTICE_WORDS = {"en-US": re.compile(r"^Time's up"), "zh-CN": re.compile(r"^(\S+ )?超时——")}


@pytest.fixture
def viewport() -> dict:
    return {"width": 390, "height": 844}


def lines(page) -> list[dict]:
    return page.get_by_test_id("log").locator("li").evaluate_all("els => els.map((e) => ({text: e.textContent, cls: e.className}))")


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_six_nimmt_says_my_forced_card_in_its_reveal_line_only(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, "six_nimmt", seats=2, turn_s=1)
    start(page)
    first = page.get_by_test_id("log").locator('li[data-key="0.0"]')
    expect(first).to_have_class(re.compile(r"\blog-timeout\b"))
    you = r"You: \d+ (→ row|takes row)" if locale == "en-US" else r"你：\d+ (→ 第|收走第)"
    expect(first.locator(".sn-log-timeout")).to_have_text(re.compile(f"^{you}.*{re.escape(MARK[locale])}$"))
    expect(first.locator(".sn-log-timeout")).to_have_count(1)  # my one card of that reveal, marked once
    got = lines(page)
    # no line of its own, before or after the reveal's
    assert not [x for x in got if "sn-log-turn" not in x["cls"] and (NOTICE_WORDS[locale].search(x["text"]) or MARK[locale] in x["text"])], got


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_yahtzee_says_the_score_the_clock_spent_in_one_line(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, "yahtzee", seats=2, turn_s=1)
    start(page)  # I act first: my turn runs out before I roll
    log = page.get_by_test_id("log")
    expect(log.locator("li.log-timeout").first).to_be_visible()
    scored = r"^You scored \d+ in .+ \(total \d+\)" if locale == "en-US" else r"^你在「.+」记 \d+ 分，骰子 .+（总分 \d+）"
    expect(log.locator("li").first).to_have_text(re.compile(scored + re.escape(MARK[locale]) + "$"))  # the forced roll is said by it
    expect(log.locator("li").first).to_have_class(re.compile(r"\blog-result\b.*\blog-timeout\b"))
    got = lines(page)
    assert not [x for x in got if NOTICE_WORDS[locale].search(x["text"])], got
    assert all(x["text"].endswith(MARK[locale]) for x in got if "log-timeout" in x["cls"]), got


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_shut_the_box_and_sibala_use_the_shared_mark(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, "shut_the_box", seats=2, turn_s=1, options={"rounds": 1})
    start(page)
    forced = page.get_by_test_id("log").locator("li.log-timeout").first
    own = r"^Your turn is over, score \d+" if locale == "en-US" else r"^你的回合结束，得分 \d+"
    expect(forced).to_have_text(re.compile(own + re.escape(MARK[locale]) + "$"))
    # Sibala's words of a forced roll, live and in the step list, are the same shape
    got = page.evaluate(
        """async () => {
      const { VIEWS } = await import('/static/games/index.js');
      const view = new VIEWS.sibala({ id: 'words', games: () => [] });
      view.ctx = { seat: 0 };
      return view.eventLines([{ type: 'rolled', seat: 0, dice: [1, 2, 3, 3], category: 'point', value: 3 }, { type: 'timeout', seat: 0, bot: false, moves: [{ type: 'roll' }] }], ['Ann', 'Bo'], { round: 0 });
    }"""
    )
    assert len(got) == 1 and got[0].endswith(MARK[locale]), got


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768}])  # a phone stacks the card head's badges
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_away_pill_keeps_its_gap(new_page, lobby, locale, viewport):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, "yahtzee", seats=2, turn_s=1)
    start(page)
    expect(page.locator(".badge-away").first).to_be_visible(timeout=30_000)
    # each badge against the node before it, where both stand on one line
    gaps = page.evaluate(
        """() => [...document.querySelectorAll('.badge')].filter((b) => b.offsetParent).map((b) => {
      let prev = b.previousSibling || (b.parentElement.classList.contains('yz-badges') || b.parentElement.classList.contains('sn-badges') ? b.parentElement.previousSibling : null);
      if (!prev) return null;
      const r = document.createRange(); r.selectNode(prev);
      const p = r.getBoundingClientRect(), q = b.getBoundingClientRect();
      if (q.top >= p.bottom - 2 || p.top >= q.bottom - 2) return null;  // on another line
      return {badge: b.textContent, next_to: prev.textContent, gap: Math.round(q.left - p.right)};
    }).filter(Boolean)"""
    )
    assert any(g["next_to"] == ("away" if locale == "en-US" else "托管") for g in gaps), gaps
    assert all(g["gap"] >= 3 for g in gaps), gaps
