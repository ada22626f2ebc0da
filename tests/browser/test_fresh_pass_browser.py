"""What the fresh new-user pass of issue #15 found at the table, against a
real lobby: a time's-up notice belongs to the turn that ran out (over my
next turn it says so, the log keeps it); a spectator is not
told to press a Play again button it does not have; counts are worded with
the right plural; a link to a table that does not exist shows a clean
"no such table" screen with a way back, nothing half-loaded.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, notice_texts, open_table, play_to_end, sign_in, start, watch_notice

pytestmark = SINGLE_REDIS

#: My seat's status-bar notice, time's-up badge and Roll as one reading.
MY_TURN = """() => ({
  notice: document.querySelector('[data-testid=timeout-notice]').textContent,
  badge: !!document.querySelector('[data-testid=timeout-0]'),
  roll: !document.querySelector('[data-testid=roll]').disabled,
})"""


def test_a_time_s_up_notice_is_the_last_turn_s_when_my_next_turn_starts(new_page, lobby):
    """timeout-sibala-en-5.png: on the turn after the one that ran out, the
    bar read "Time's up — your dice were rolled for you · Hurry — …" and
    the seat still had its time's-up badge: now the notice stays until I act
    (worded "Time's up — …", no "last turn": fourth pass) but shows one
    message at a time (the fresh pass of Sibala's notice line): a 3 s turn
    is all hurry, whose warning shows alone; my seat has no badge over my
    turn; once I have rolled, the note never shows again."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "sibala", seats=2, turn_s=3, options={"rounds": 3})
    start(page)
    # seat 0 (mine) rolls first; I let the time run out: the log says so
    expect(page.get_by_test_id("log").locator("li.log-timeout")).to_have_count(1, timeout=10_000)
    # the bot rolls, and round 2 is my turn again
    expect(page.get_by_test_id("round")).to_have_text("Round 2 of 3")
    expect(page.locator('[data-testid="roll"]:enabled')).to_be_visible()
    now = page.evaluate(MY_TURN)
    assert now["roll"], now
    assert now["notice"] == "Hurry — at 0 your dice are rolled for you", now
    assert not now["badge"], now
    page.get_by_test_id("roll").click()
    # my roll ended it: to the match's end (the bot's turns: no hurry) the bar never brings it back
    watch_notice(page)
    play_to_end(page)
    assert not [s for s in notice_texts(page) if s.startswith("Time's up")], notice_texts(page)
    # the log keeps it
    expect(page.get_by_test_id("log").locator("li.log-timeout")).to_have_count(1)


@pytest.mark.parametrize(("locale", "button"), [("en-US", "Play again"), ("zh-CN", "“再来一场”")])
def test_a_spectator_is_not_told_to_press_play_again(new_page, lobby, locale, button):
    host = new_page()
    sign_in(host, lobby, "Host")
    table_id = open_table(host, "sibala", seats=2, options={"rounds": 1}, private=True)
    start(host)
    viewer = new_page(locale=locale)
    sign_in(viewer, lobby, "Watcher", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()
    play_to_end(host, max_turns=5)
    panel = viewer.get_by_test_id("next-panel")
    expect(panel).to_be_visible()
    expect(viewer.get_by_test_id("play-again")).to_be_hidden()
    help_ = panel.locator("p")
    expect(help_).not_to_be_empty()
    assert button not in help_.text_content(), help_.text_content()
    # the player is told to press it
    expect(host.get_by_test_id("next-panel").locator("p")).to_contain_text("Play again")


#: Every text worded with a count {n}: key -> (its English for 1, for 2).
COUNTS = {
    "coins": ("1 coin", "2 coins"),
    "play_chips_n": ("1 play chip", "2 play chips"),
    "start_help_people": ("with at least 1 player.", "with at least 2 players."),
    "start_needs": ("Start needs at least 1 player seated", "Start needs at least 2 players seated"),
    "over_games_played": ("The table's game is played.", "All 2 games are played."),
    "acct_pw_distinct": ("at least 1 different character.", "at least 2 different characters."),
}


def test_counts_are_worded_with_the_right_plural(new_page, lobby):
    """"…with at least 1 players." (the fresh pass): one player, two players."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "shut_the_box", seats=2, bots=False)  # Shut the Box starts with 1 player
    expect(page.get_by_test_id("start-help")).to_contain_text("with at least 1 player.")
    got = page.evaluate(
        """async (keys) => { const { t, setLang } = await import('/static/i18n.js');
        const out = {};
        for (const key of keys) out[key] = [t(key, { n: 1, k: 0, after: 0 }), t(key, { n: 2, k: 0, after: 0 })];
        setLang('zh');
        for (const key of keys) out[key].push(t(key, { n: 1, k: 0, after: 0 }));
        setLang('en');
        return out; }""",
        list(COUNTS),
    )
    for key, (one, two) in COUNTS.items():
        en1, en2, zh1 = got[key]
        assert one in en1 and two in en2, (key, en1, en2)
        assert "{" not in zh1 and re.search(r"[\u4e00-\u9fff]", zh1), (key, zh1)


def test_a_link_to_no_table_shows_a_clean_screen_with_a_way_back(new_page, lobby):
    """err-bad-table.png: the error showed beside "Table deadbeef0000 ·
    loading…", an empty felt and a chat box that still took input."""
    page = new_page()
    sign_in(page, lobby, "Hal", "#table=deadbeef0000")
    gone = page.get_by_test_id("no-such-table")
    expect(gone).to_be_visible()
    expect(gone).to_contain_text("That table does not exist (or has expired).")
    for part in ("table-status", "chat-input", "share-link", "table-name"):
        expect(page.get_by_test_id(part)).to_be_hidden()
    expect(page.locator(".table-body")).to_be_hidden()
    page.get_by_test_id("gone-back").click()
    expect(page.get_by_test_id("game-sibala")).to_be_visible()
    assert not page.url.endswith("#table=deadbeef0000")
