"""A log that skips turns says so (issue #15, a fresh pass 2026-12-03): a
player left a running 6 Nimmt! table's screen for the lobby and came back
later; the log went turn 1, turn 2, then turn 7 with nothing between.  The
line for moves not seen ("… any moves made while you were away are not
listed") was shown only after a page reload.  Now any versions that pass
unseen leave it where they passed, in both languages; a replay jumping
ahead (its events hold every step between) leaves none.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_replay, open_table, sign_in, start

pytestmark = SINGLE_REDIS

GAP = {"en-US": "… any moves made while you were away are not listed", "zh-CN": "……你离开期间的行动没有列出"}


def version(page, table_id: str) -> int:
    return page.evaluate("(id) => window.lobby.net.tables.get(id).version", table_id)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_coming_back_to_a_table_s_screen_says_the_moves_missed(new_page, lobby, locale):
    ann, bo = new_page(locale=locale), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=4, turn_s=1, options={"end_threshold": 20})
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
    expect(ann.get_by_test_id("log").locator(".log-gap")).to_have_text(GAP[locale])


def test_a_replay_jumping_to_its_last_step_says_no_gap(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "six_nimmt", seats=3, turn_s=1, options={"end_threshold": 1})
    start(page)
    expect(page.locator('[data-testid="table-status"][data-status="finished"]')).to_be_visible(timeout=30_000)
    open_replay(page, table_id)
    expect(page.get_by_test_id("replay-last")).to_be_enabled()
    page.get_by_test_id("replay-last").click()
    stage_log = page.get_by_test_id("replay-stage").get_by_test_id("log")
    expect(stage_log.locator("li:not(.log-empty)").nth(2)).to_be_visible()  # the moves before the last step, all told
    expect(stage_log.locator(".log-gap")).to_have_count(0)


def test_a_page_gone_while_versions_passed_says_the_gap_once(new_page, lobby):
    """The tab's kept log (sessionStorage) taken up after the page was gone
    while the game went on: one gap line where the versions passed."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=4, turn_s=1, options={"end_threshold": 20})
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
