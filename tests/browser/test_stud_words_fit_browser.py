"""Five-card stud's coin words on a phone, both languages (a fresh user
pass at 390x844, 中文): a figure stays with its unit (「入座需要 1000 金币」
wrapped so that 币 sat alone on a line), the lobby list does not leave
「0 人观战」 alone mid-row (it is at the row's left, in line with the name), and the tier list says how casual and training
differ (they read the same: 普通场（娱乐筹码） and 训练场（娱乐筹码）); the
chosen tier's ante, its per-game max and what it plays for are said in
place under the choice (RULES.md 2's tier table)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, sign_in
from .test_phone_boards import BROKEN
from .test_phone_layout import fits

pytestmark = SINGLE_REDIS

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]


@pytest.fixture(params=PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
def viewport(request) -> dict:
    return request.param


#: True when two elements' first lines of text start within 2 px of each
#: other; false while either has no line box (the list re-renders its rows
#: on every push, so one read can fall between a row's removal and its
#: replacement: CI once read an element with no rects).
ALIGNED = """([a, b]) => {
  const left = sel => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = document.createRange(); r.selectNodeContents(el);
    const rects = r.getClientRects();
    return rects.length ? rects[0].left : null;
  };
  const x = left(a), y = left(b);
  return x !== null && y !== null && Math.abs(x - y) <= 2;
}"""


def expect_aligned(page, first: str, second: str) -> None:
    """Wait (up to 5 s) until `first`'s and `second`'s text start in line."""
    page.wait_for_function(ALIGNED, arg=[first, second], timeout=5000)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_coin_figures_keep_their_unit_and_the_list_leaves_nothing_alone(new_page, lobby, locale):
    page, cy = new_page(locale=locale), new_page(locale=locale)
    sign_in(page, lobby, "小明" if locale == "zh-CN" else "Ming")
    table_id = open_table(page, "stud", seats=2, options={"tier": "beginner"}, bots=False)
    stake = page.get_by_test_id("table-stake")
    expect(stake).to_contain_text("1000")
    assert page.evaluate(BROKEN, '[data-testid="table-stake"]') == []
    fits(page)
    page.goto(f"{lobby.http}/#game=stud")
    row = page.get_by_test_id(f"table-row-{table_id}")
    expect(row).to_be_visible()
    assert page.evaluate(BROKEN, f'[data-testid="table-stake-{table_id}"]') == []
    # how many watch is said at the row's left, in line with the table's name (centred, it stood alone mid-row)
    name = f'[data-testid="table-name-{table_id}"]'
    watching = page.get_by_test_id(f"spectators-{table_id}")
    expect(watching).to_have_text("0 人观战" if locale == "zh-CN" else "0 watching")
    expect_aligned(page, f'[data-testid="spectators-{table_id}"]', name)
    sign_in(cy, lobby, "Cy", f"#table={table_id}")
    expect(watching).to_have_text("1 人观战" if locale == "zh-CN" else "1 watching")
    expect_aligned(page, f'[data-testid="spectators-{table_id}"]', name)
    fits(page)


WORDS = {
    "en-US": {"casual": "Casual (play chips)", "training": "Training (play chips, plays as casual)", "hint": "Ante 100, at most 1000 a game, in play chips: no coins move.", "coins": "Ante 500, at most 5000 a game, in coins: sitting needs 5000."},
    "zh-CN": {"casual": "普通场（娱乐筹码）", "training": "训练场（娱乐筹码，玩法同普通场）", "hint": "底注 100，每手最多 1000，使用娱乐筹码：不动金币。", "coins": "底注 500，每手最多 5000，使用金币：入座需要 5000 金币。"},
}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_the_tier_list_says_how_casual_and_training_differ(new_page, lobby, locale):
    words = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ming")
    page.get_by_test_id("game-stud").click()
    tier = page.get_by_test_id("open-opt-tier")
    expect(tier.locator('option[value="casual"]')).to_have_text(words["casual"])
    expect(tier.locator('option[value="training"]')).to_have_text(words["training"])
    hint = page.get_by_test_id("open-tier-hint")
    expect(hint).to_have_text(words["hint"])
    tier.select_option("training")
    expect(hint).to_have_text(words["hint"])
    tier.select_option("intermediate")
    expect(hint).to_have_text(words["coins"])
    other = re.compile(r"[\u4e00-\u9fff]") if locale == "en-US" else re.compile(r"\b(Ante|coins|chips)\b")
    assert not other.search(hint.text_content()), "the hint speaks the other language"
    fits(page)
