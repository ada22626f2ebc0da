"""The replay viewer: a player's page in both languages, and each step's board
showing only the marks of the moves played up to it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import LOCALES, SINGLE_REDIS, finished, finished_game, open_replay, play_to_end, sibala_with_a_bot, started_table

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# The replay is a player's page
#
# The replay viewer is a player's page: its step caption in the page's own
# font, no raw JSON unless an operator asks for it (&raw=1), and one
# numbering in the list and the counter ("Start", then 1..n), in both
# languages. The viewer is one screen for every game
# (static/screens/replay.js); Sibala's is the quickest to finish.
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# A step's board shows only its marks
#
# A replay step's board shows only the marks of the moves played up to that
# step. Going back to the start takes every mark away.
# ---------------------------------------------------------------------------


MARKS = ".badge-timeout, .forced-mark, .sn-rev-mark, .log-timeout, .log-away"


def test_sibala_replay_start_shows_no_time_s_up_mark(new_page, lobby):
    page = new_page(locale="zh-CN")
    table_id = finished_game(page, lobby, "sibala", name="Alice", options={"rounds": 1}, timeout=10_000)
    open_replay(page, table_id)
    stage = page.get_by_test_id("replay-stage")
    expect(page.get_by_test_id("replay-step")).to_contain_text("开始")
    expect(stage.get_by_test_id("seat-0")).to_be_visible()
    expect(stage.locator(MARKS)).to_have_count(0)
    # the step of the clock's roll marks it; back at the start nothing is marked
    page.get_by_test_id("replay-steps").locator("li", has_text="——超时").click()  # the roll's own line, marked (forcedLine)
    expect(stage.locator(".log-timeout")).to_have_count(1)
    expect(stage.locator(".forced-timeout")).to_have_count(1)  # on the dice: the seat's one mark
    expect(stage.locator(".badge-timeout")).to_have_count(0)
    page.get_by_test_id("replay-first").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text("开始")
    expect(stage.locator(MARKS)).to_have_count(0)


def test_yahtzee_replay_marks_the_roll_the_clock_made(new_page, lobby):
    """A Yahtzee turn that timed out before its first roll is two steps in
    the replay, the clock's roll and its score; the score's step was marked
    and the roll's not, where every other game's forced steps are.  Both
    steps say "— time's up" (in the step list and the board's log at that
    step), in English and in 中文, and the roll's step has no score line."""
    page = new_page()
    table_id = finished_game(page, lobby, "yahtzee", timeout=90_000)
    for locale, rolled, scored in (
        ("en-US", r"Ann rolled .+ \(roll 1\) — time's up$", r"Ann scored \d+ in .+ — time's up$"),
        ("zh-CN", r"Ann 掷出 .+（第 1 掷）——超时$", r"Ann 在「.+」记 \d+ 分.+——超时$"),
    ):
        viewer = new_page(locale=locale)
        viewer.goto(f"{lobby.http}/#replay={table_id}&game=1")
        expect(viewer.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
        steps = viewer.get_by_test_id("replay-steps")
        stage = viewer.get_by_test_id("replay-stage")
        roll = steps.locator("li", has_text=re.compile(rolled)).first
        expect(roll).to_be_visible()
        roll.click()
        expect(stage.get_by_test_id("log").locator("li.log-timeout", has_text=re.compile(rolled))).to_have_count(1)
        expect(stage.get_by_test_id("log").locator("li", has_text=re.compile(scored))).to_have_count(0)
        # the next step spends a category for her, marked as before
        step = int(roll.get_attribute("data-step"))
        expect(steps.locator(f'li[data-step="{step + 1}"]')).to_have_text(re.compile(scored))


# ---------------------------------------------------------------------------
# A step shows only its own notices
#
# Stepping through a replay, the clock's move's notice shows at its step
# only, not at the bot's step after it.
# ---------------------------------------------------------------------------


@pytest.mark.lobby_settings("away")  # as where it was written: a seat away at its first timeout
def test_a_replay_step_shows_only_its_own_notices(new_page, lobby):
    """Replay → Next: the step after the clock's roll (the bot's) showed
    "Time's up for Ann — their dice were rolled for them", which belongs
    to the step before.  One game, its replay stepped in English, then in
    Chinese (the page's language button)."""
    page, table_id = sibala_with_a_bot(new_page, lobby, "en-US", seats=3, rounds=2)
    expect(finished(page)).to_be_visible(timeout=30_000)
    for locale in LOCALES:
        if locale != "en-US":
            page.get_by_test_id("lang-switch").click()
            page.goto(f"{lobby.http}/#")
        open_replay(page, table_id)
        steps = page.get_by_test_id("replay-steps")
        stage = page.get_by_test_id("replay-stage")
        forced = steps.locator("li", has_text={"en-US": "— time's up", "zh-CN": "——超时"}[locale]).first
        expect(forced).to_be_visible()
        k = int(forced.get_attribute("data-step"))
        notice = stage.get_by_test_id("timeout-notice")
        # Next from the start, as a player steps through: the clock's roll's step says so, the next ones do not
        for i in range(1, k + 3):
            page.get_by_test_id("replay-next").click()
            expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-step", str(i))
            if i == k:
                expect(notice).to_be_visible()
            elif i > k and not steps.locator(f'li[data-step="{i}"]', has_text={"en-US": "— time's up", "zh-CN": "——超时"}[locale]).count():
                # the step is drawn with its data-step (one render): read it now, not after a notice's own time ran out
                assert not notice.is_visible(), f"step {i} shows step {k}'s notice: {notice.text_content()!r}"
        page.get_by_test_id("replay-prev").click()
        page.get_by_test_id("replay-prev").click()
        expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-step", str(k))
        expect(notice).to_be_visible()  # back at that step: said again
