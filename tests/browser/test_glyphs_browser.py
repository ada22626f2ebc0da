"""The lobby's table list on a phone says how many watch in words: its
column heads are hidden there, and the eye emoji (CSS content "👁 ") it
had drew as a missing-glyph box where no emoji font is installed (issue
#15).  No text or CSS content on the lobby screens holds a character
outside the Basic Multilingual Plane (emoji)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, sign_in

pytestmark = SINGLE_REDIS


@pytest.fixture
def viewport() -> dict:
    return {"width": 390, "height": 844}


#: texts and ::before/::after contents of the page holding a character above U+FFFF
ASTRAL = """() => {
  const bad = [];
  const astral = (s) => [...s].some((ch) => ch.codePointAt(0) > 0xffff);
  for (const el of document.querySelectorAll("body *")) {
    for (const pseudo of ["::before", "::after"]) {
      const c = getComputedStyle(el, pseudo).content;
      if (c && c !== "none" && c !== "normal" && astral(c)) bad.push(`${el.tagName}.${el.className}${pseudo}: ${c}`);
    }
    for (const n of el.childNodes) if (n.nodeType === 3 && astral(n.textContent)) bad.push(`${el.tagName}.${el.className}: ${n.textContent}`);
  }
  return bad;
}"""


@pytest.mark.parametrize("locale, words", [("en-US", "0 watching"), ("zh-CN", "0 人观战")], ids=["en", "zh"])
def test_the_table_list_says_how_many_watch_in_words(new_page, lobby, locale, words):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Wanda")
    table = open_table(page, "yahtzee", seats=2)
    page.goto(f"{lobby.http}/#game=yahtzee")
    cell = page.get_by_test_id(f"spectators-{table}")
    expect(cell).to_be_visible()
    expect(cell).to_have_text(words)
    # read in one page task: the list may draw its rows afresh between a
    # locator's finding the cell and its evaluate, and a detached cell's
    # computed content is "" (failed so once in a whole-suite run)
    before = page.evaluate("(id) => getComputedStyle(document.querySelector(`[data-testid='spectators-${id}']`), '::before').content", table)
    assert before in ("none", "normal")
    assert page.evaluate(ASTRAL) == []
