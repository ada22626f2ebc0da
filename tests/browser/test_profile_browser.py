"""A player's profile on a phone, as a new player reads it (issue #15's
fresh pass, profile.png): the headings of the games table (and of the
record under the header's coins) are whole words at 360 and 390 px in both
languages ("Ratin g", "Losse s" before), and the recent
games name the table as the lobby does, with a date, the hex id only in the
link."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, open_table, sign_in, two_at_sibala
from .test_accounts_browser import play_both
from .test_phone_layout import PHONES, fits

pytestmark = SINGLE_REDIS

#: Each heading of a table (by its test id): its text, the words (runs
#: without spaces: a Chinese heading is one) whose glyphs fall on more than
#: one line, and whether its text is wider than its cell.
HEADINGS = """(testid) => [...document.querySelectorAll(`[data-testid="${testid}"] th`)].map((th) => {
  const split = [];
  for (const node of th.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) split.push(m[0]);
    }
  }
  return { text: th.textContent, split, overflow: th.scrollWidth > th.clientWidth };
})"""

#: twelve hex digits or more: an id or a hash, which a player does not read
HEX = re.compile(r"\b[0-9a-f]{12,}\b")


def test_the_profile_reads_well_on_a_phone(new_page, lobby):
    page, other = new_page(), new_page()
    name = "Hedwig Longname"
    sign_in(page, lobby, name)
    table_id = open_table(page, "sibala", seats=2, bots=False, options={"rounds": 1})
    sign_in(other, lobby, "Ilse", f"#table={table_id}")
    other.get_by_test_id("join-table").click()  # full: it starts
    expect_status(page, "playing")
    play_both(page, other)
    # a rated game of two people (its ratings applied: the result panel shows them; the
    # leaderboard read before that has no row of ours), on the leaderboard, whose row opens the profile
    expect(page.get_by_test_id("rating-change-0")).to_contain_text("Your rating")  # my own seat's line
    page.goto(f"{lobby.http}/#leaderboard=sibala")
    page.locator('[data-testid="lb-table"] tr.me').get_by_role("link").click()
    expect(page.get_by_test_id("profile-name")).to_contain_text(name)
    profile_url = page.url
    for lang in ("en", "zh"):
        if lang == "zh":
            page.get_by_test_id("lang-switch").click()
        for phone in PHONES:
            page.set_viewport_size(phone)
            page.goto(profile_url)
            expect(page.get_by_test_id("profile-games")).to_be_visible()
            # the games table, and your record under the header's coins: whole words
            page.get_by_test_id("coins").click()
            expect(page.get_by_test_id("stats-table")).to_be_visible()
            for table, columns in (("profile-games", 4), ("profile-record", 6), ("stats-table", 7)):
                headings = page.evaluate(HEADINGS, table)
                assert len(headings) == columns, headings
                bad = [h for h in headings if h["split"] or h["overflow"]]
                assert not bad, (table, lang, phone, bad)
            fits(page)
            page.keyboard.press("Escape")
            expect(page.get_by_test_id("stats-table")).to_be_hidden()
            # the recent game: the table's readable name and when, its id only in the link
            link = page.get_by_test_id(f"recent-{table_id}-1")
            expect(link).to_have_text(re.compile("^Sibala · Hedwig Longname's table · " if lang == "en" else "^十八啦 · Hedwig Longname 的牌桌 · "))
            expect(page.get_by_test_id("recent-at").first).to_have_text(re.compile(r"20\d\d"))  # when
            recent = page.get_by_test_id("profile-recent").inner_text()
            assert not HEX.search(recent), recent
            assert link.get_attribute("href") == f"#replay={table_id}&game=1"
            assert table_id in (link.get_attribute("title") or "")



#: a record's columns the profile shares with the stats popover under the header's coins: the same words
RECORD = {"en": {"escapes": "Escapes", "disconnects": "Timed out"}, "zh": {"escapes": "逃跑", "disconnects": "超时/断线"}}


def test_the_profile_shows_escapes_and_timeouts_as_the_record_popover_does(new_page, lobby):
    """The profile had games, wins and losses only; the popover also escapes
    (stud's 逃跑) and games with a timeout: the profile shows them too, from
    the same record, in the same words (and the same tooltip)."""
    ann, bo = new_page(), new_page()
    two_at_sibala(ann, bo, lobby, turn_s=1, rounds=1)  # nobody rolls: both time out
    expect(finished(ann)).to_be_visible(timeout=30_000)
    expect(ann.get_by_test_id("rating-change-0")).to_contain_text("Your rating")  # rated: on the leaderboard
    ann.goto(f"{lobby.http}/#leaderboard=sibala")
    ann.locator('[data-testid="lb-table"] tr.me').get_by_role("link").click()
    expect(ann.get_by_test_id("profile-name")).to_contain_text("Ann")
    for lang in ("en", "zh"):
        if lang == "zh":
            ann.get_by_test_id("lang-switch").click()
        row = ann.get_by_test_id("profile-record-sibala")
        ann.get_by_test_id("coins").click()
        popover = ann.get_by_test_id("stats-sibala")
        expect(popover).to_be_visible()
        for field, word in RECORD[lang].items():
            heads = ann.get_by_test_id("profile-record").locator("th")
            expect(heads.filter(has_text=word)).to_have_count(1)
            mine = row.locator(f'[data-field="{field}"]')
            expect(mine).to_have_text(popover.locator(f'[data-field="{field}"]').text_content())
        expect(row.locator('[data-field="disconnects"]')).to_have_text("1")  # this game ran out of time
        stat_title = ann.get_by_test_id("stats-table").locator("th[title]").get_attribute("title")
        assert ann.get_by_test_id("profile-record").locator("th[title]").get_attribute("title") == stat_title
        ann.keyboard.press("Escape")
