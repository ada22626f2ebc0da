"""The replay viewer is a player's page (issue #15 item 6, "reads like a
debugger"): its step caption in the page's own font, no raw JSON unless an
operator asks for it (&raw=1), and one numbering in the list and the
counter ("Start", then 1..n), in both languages.  The viewer is one screen
for every game (static/screens/replay.js); Sibala's is the quickest to finish."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, play_to_end, started_table

pytestmark = SINGLE_REDIS

MONO = re.compile(r"mono|courier", re.I)


def _check_player_page(page, start_word: str, start_counter: str, step_counter: str, steps: int) -> None:
    expect(page.get_by_test_id("replay-steps").locator("li")).to_have_count(steps + 1)
    action = page.get_by_test_id("replay-action")
    expect(action).to_have_text(start_word)
    body_font = page.evaluate("getComputedStyle(document.body).fontFamily")
    font = action.evaluate("el => getComputedStyle(el).fontFamily")
    assert not MONO.search(font) and font == body_font, (font, body_font)
    assert page.get_by_test_id("replay-json").count() == 0
    assert page.get_by_test_id("replay-raw").count() == 0
    assert "JSON" not in page.get_by_test_id("replay-screen").inner_text()
    # the list and the counter count alike: the start has no number, then 1..n
    items = page.get_by_test_id("replay-steps").locator("li")
    expect(items.first).to_have_text(start_word)
    expect(items.first.locator(".step-no")).to_have_count(0)
    expect(page.get_by_test_id("replay-step")).to_have_text(start_counter.format(n=steps))
    for i in (1, steps):
        expect(items.nth(i).locator(".step-no")).to_have_text(str(i))
        items.nth(i).click()
        expect(page.get_by_test_id("replay-step")).to_have_text(step_counter.format(i=i, n=steps))
        expect(items.nth(i)).to_have_class(re.compile(r"\bcurrent\b"))
    page.get_by_test_id("replay-first").click()
    expect(page.get_by_test_id("replay-step")).to_have_text(start_counter.format(n=steps))


def test_the_replay_is_a_player_s_page_in_both_languages(new_page, lobby):
    page = new_page()
    table_id = started_table(page, lobby, "Rue", "sibala", seats=2, options={"rounds": 1})
    play_to_end(page, max_turns=20)
    page.get_by_test_id("replay").click()
    steps = 2  # two seats roll once
    _check_player_page(page, "Start: before the first move", "Start · {n} steps", "Step {i} / {n}", steps)

    zh = new_page(locale="zh-CN")
    zh.goto(f"{lobby.http}/#replay={table_id}&game=1")
    _check_player_page(zh, "开始", "开始 · 共 {n} 步", "第 {i} / {n} 步", steps)
    assert not re.search(r"[A-Za-z]{3,}", zh.get_by_test_id("replay-controls").inner_text())

    # an operator's raw view, asked for in the address
    page.goto(f"{lobby.http}/#replay={table_id}&game=1&raw=1")
    expect(page.get_by_test_id("replay-raw")).to_be_attached()
    expect(page.get_by_test_id("replay-json")).to_contain_text('"')
