"""One minus sign (U+2212 −) for every signed figure on every page (issue
#15, words): the result line wrote "Bob -200" with a hyphen-minus beside the
ratings' "(−37)".  The page's helpers (i18n.js ``signed``, ``num``) write
every figure; stud's change line is drawn with them, and no view builds a
sign of its own (tests/lobby/test_one_word_per_thing.py)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, started_table

pytestmark = SINGLE_REDIS


def test_signed_figures_use_the_minus_sign(new_page, lobby):
    page = new_page()
    started_table(page, lobby, "Mo", "stud", seats=2, options={"tier": "casual"})
    got = page.evaluate("import('/static/i18n.js').then((m) => [m.signed(-200), m.signed(37), m.signed(0), m.signed(0, '±0'), m.num(-5), m.num(12)])")
    assert got == ["−200", "+37", "0", "±0", "−5", "12"], got
    rating = page.evaluate("import('/static/ratings.js').then((m) => [m.deltaText(-12.4), m.ratingText({ rating: -5 }), m.ratingText({ ordinal: -3.21 })])")
    assert rating == ["−12", "−5", "−3.2"], rating
    # I fold at my first turn: my change is a loss, written with the minus sign
    fold = page.locator('[data-testid="act-fold"]:enabled')
    expect(fold.or_(finished(page))).to_be_visible()
    if fold.count():
        fold.click()
    expect(finished(page)).to_be_visible()
    changes = page.get_by_test_id("changes").inner_text()
    assert "-" not in changes and re.search(r"−\d+", changes), changes
