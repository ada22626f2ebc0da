"""The fair-play check worded for players (issue #15's fresh pass): a table
read "seed hash: f698f55f70d8… ⓘ" under its head and the revealed seed
twice at the end (the fairness row, and in full in the result panel). The
feature stays (anyone can check the dice and cards), folded behind one line
("Fair play check …"): no hex on screen until the player opens it, and the
seed once in the page."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, play_to_end, started_table

pytestmark = SINGLE_REDIS

#: twelve hex digits or more: an id, a hash or a seed
HEX = re.compile(r"[0-9a-f]{12,}")


def test_the_fair_play_check_is_one_folded_line_and_the_seed_shows_once(new_page, lobby):
    page = new_page()
    started_table(page, lobby, "Ann", "sibala", seats=2, options={"rounds": 1})
    summary = page.get_by_test_id("fair-summary")
    expect(summary).to_have_text("Fair play check the dice and cards of this game are sealed")
    # what the player reads: no hex (the share link's field holds the id; it is a value, not text)
    assert not HEX.findall(page.locator("body").inner_text()), HEX.findall(page.locator("body").inner_text())
    # opened: the fingerprint in full, the help in words
    summary.click()
    expect(page.get_by_test_id("seed-hash")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    expect(page.get_by_test_id("fair-check")).to_contain_text("SHA-256")
    summary.click()  # folded again
    expect(page.get_by_test_id("seed-hash")).to_be_hidden()

    play_to_end(page, max_turns=40)
    expect(page.get_by_test_id("final-result")).to_be_visible()
    expect(page.get_by_test_id("seed-check")).to_have_text("✓ nothing was changed")
    expect(page.get_by_test_id("seed-check")).to_have_attribute("data-ok", "1")
    assert not HEX.findall(page.locator("body").inner_text()), "the seed is folded too"
    seed = page.get_by_test_id("seed").text_content()
    assert re.fullmatch(r"[0-9a-f]{64}", seed), seed
    # the seed stands once in the whole page, shown or not (not in the result panel as well)
    assert page.evaluate("document.body.textContent").count(seed) == 1
    assert seed not in page.get_by_test_id("final-result").text_content()
    summary.click()
    expect(page.get_by_test_id("seed")).to_be_visible()
    assert page.locator("body").inner_text().count(seed) == 1

    # in Chinese, the same in its words
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("fair-summary")).to_have_text("公平校验 ✓ 未被改动")
