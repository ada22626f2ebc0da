"""A game's rules one click away, from the lobby page and the table, in both
languages and on a phone.
"""

from __future__ import annotations

import re

import pytest
from lobby import rules_text
from playwright.sync_api import expect

from .helpers import LOCALES, SINGLE_REDIS, game_lobby, open_table, sign_in

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# The rules dialog
#
# A game's rules one click away: a Rules button on each game's lobby page
# and on the table screen opens an in-page dialog with the game's section of
# the players' docs/play.md (docs/play.zh.md in 中文), closed by Esc or its
# Close button.
# ---------------------------------------------------------------------------


#: a character of Chinese script (ideographs, CJK punctuation, full-width forms)
CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\ufe30-\ufe4f\uff00-\uffef]")


def test_rules_from_the_lobby_page_and_the_table(new_page, lobby):
    page = new_page()
    game_lobby(page, lobby, "Ru", "yahtzee")
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_hidden()
    page.get_by_test_id("rules").click()
    expect(dialog).to_be_visible()
    assert dialog.evaluate("el => el.tagName === 'DIALOG' && el.open")
    title = rules_text.page("yahtzee", "en")["title"]
    expect(page.get_by_test_id("rules-title")).to_have_text(title)
    # the server's HTML, drawn as HTML: the section (its heading is the dialog's title, not again under it) and its list of categories
    expect(page.get_by_test_id("rules-body").locator("h2", has_text=title)).to_have_count(0)
    expect(page.get_by_test_id("rules-body").locator("li", has_text="full house: one face three times")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # at a table: the same button, the table's game, closed by its button
    page.get_by_test_id("back-to-games").click()
    open_table(page, "sibala", seats=2)
    page.get_by_test_id("rules").click()
    expect(page.get_by_test_id("rules-title")).to_have_text(rules_text.page("sibala", "en")["title"])
    page.get_by_test_id("rules-close").click()
    expect(dialog).to_be_hidden()


def test_rules_in_chinese(new_page, lobby):
    page = new_page(locale="zh-CN")
    game_lobby(page, lobby, "规", "six_nimmt")
    expect(page.get_by_test_id("rules")).to_have_text("规则")
    page.get_by_test_id("rules").click()
    zh = rules_text.page("six_nimmt", "zh")
    expect(page.get_by_test_id("rules-title")).to_have_text(zh["title"])
    expect(page.get_by_test_id("rules-close")).to_have_text("关闭")
    assert zh["title"] != rules_text.page("six_nimmt", "en")["title"]
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("rules-dialog")).to_be_hidden()


def test_the_dialog_gives_players_their_own_rules(new_page, lobby):
    """What the dialog shows is written for players: seats counted from 1,
    what a timeout plays for you, none of the implementers' words (kata,
    seed, engine, 0..n-1) of docs/rules.md, in English and in Chinese; each
    language in its own words only (断线, 庄家 once showed,
    the tier names in the English, "十八啦 Sibala" and "BG" in the Chinese)."""
    implementer = re.compile(r"\bkata\b|\bseeds?\b|\bengines?\b|\bindex|0\.\.|种子", re.I)
    for locale, lang, seat_one in (("en-US", "en", "seat 1"), ("zh-CN", "zh", "座位 1")):
        page = new_page(locale=locale)
        game_lobby(page, lobby, "Ru" if lang == "en" else "规", "stud")
        for game in ("stud", "sibala"):
            if game != "stud":
                page.get_by_test_id("back-to-games").click()
                page.get_by_test_id(f"game-{game}").click()
            page.get_by_test_id("rules").click()
            body = page.get_by_test_id("rules-body")
            # the game's heading as the lobby names it, without its number in the full document: the dialog's title, once
            title = page.get_by_test_id("rules-title")
            expect(title).to_have_text(rules_text.page(game, lang)["title"])
            assert title.inner_text().startswith({"stud": {"en": "Five-card stud", "zh": "同花顺"}, "sibala": {"en": "Sibala", "zh": "十八啦"}}[game][lang])
            expect(body.locator("h2")).to_have_count(0)
            text = body.inner_text()
            assert seat_one in text and not implementer.findall(text), implementer.findall(text)
            if lang == "en":
                assert not CJK.findall(text), CJK.findall(text)
            else:
                assert set(re.findall(r"[A-Za-z]+", text)) <= {"A", "K", "Q", "J"}, re.findall(r"[A-Za-z]+", text)
            page.keyboard.press("Escape")
            expect(page.get_by_test_id("rules-dialog")).to_be_hidden()


def test_on_a_phone_the_rules_open_on_the_games_own_rules_and_stud_s_tier_table_reads_whole(new_page, lobby):
    """Every dialog once opened on a screen of
    what is common to all tables before the game's own rules, and stud's
    seven-column tier table was squeezed until its figures broke ('1/0/0',
    '10/00/0') at 390 and 360 px."""
    for width, height in ((390, 844), (360, 740)):
        page = new_page()
        page.set_viewport_size({"width": width, "height": height})
        game_lobby(page, lobby, "Tia", "stud")
        page.get_by_test_id("rules").click()
        body = page.get_by_test_id("rules-body")
        expect(page.get_by_test_id("rules-title")).to_have_text(rules_text.page("stud", "en")["title"])
        # the game's own rules come first: its tier table before what holds at every table
        assert body.evaluate("b => { const t = b.querySelector('table'), c = b.querySelector('h3'); return !!(t && c && (t.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)); }")
        table = body.locator("table").first
        expect(table).to_be_visible()
        # every cell on one line: no figure or word broken across lines
        broken = table.evaluate(
            """t => [...t.querySelectorAll('th, td')].filter(c => {
                 const r = document.createRange(); r.selectNodeContents(c);
                 return r.getClientRects().length > 1; }).map(c => c.textContent)"""
        )
        assert broken == [], (width, broken)
        # the table scrolls inside the dialog, the page itself does not
        assert table.evaluate("t => t.getBoundingClientRect().right") <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width


# ---------------------------------------------------------------------------
# The dialog does not repeat its title
#
# The rules dialog's title is not repeated as a heading under it.
# ---------------------------------------------------------------------------


@pytest.mark.lobby_settings("away")  # as where it was written: a seat away at its first timeout
@pytest.mark.parametrize("locale", LOCALES)
def test_the_rules_dialog_does_not_repeat_its_title(new_page, lobby, locale):
    page = new_page(locale)
    sign_in(page, lobby, "Ann")
    for game in ["sibala", "stud", "six_nimmt", "yahtzee", "shut_the_box"]:
        page.get_by_test_id(f"game-{game}").click()
        page.get_by_test_id("rules").first.click()
        body = page.get_by_test_id("rules-body")
        expect(body.locator("h3").first).to_be_visible()  # loaded
        title = page.get_by_test_id("rules-title").inner_text()
        heads = body.locator("h1, h2, h3").all_inner_texts()
        assert title not in heads, f"{game}: the title {title!r} again under itself"
        page.get_by_test_id("rules-close").click()
        page.get_by_test_id("back-to-games").click()
