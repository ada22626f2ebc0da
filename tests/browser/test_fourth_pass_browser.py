"""What the third fresh pass still found (issue #15), in a real browser
against a real lobby, in both languages: the forms speak the page's
language, not the browser's (novalidate, in-place messages); Start now
shows it was pressed; a seat that is away is told what Back does, not how
to act; no tooltip or label of another language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, game_lobby, open_table, sign_in, start

pytestmark = SINGLE_REDIS


@pytest.mark.parametrize(
    ("locale", "turn_msg", "stake_msg"),
    [
        ("en-US", "Turn time (s): a whole number from 1 to 300.", "Stake: a whole number from 0 to 1000000."),
        ("zh-CN", "每步时限（秒）：请填 1 到 300 之间的整数。", "底注：请填 0 到 1000000 之间的整数。"),
    ],
)
def test_number_fields_say_their_range_in_the_page_s_language(new_page, lobby, locale, turn_msg, stake_msg):
    """The browser's own bubble ("Value must be greater than or equal to 1")
    spoke the browser's language on a 中文 page: the form is novalidate and
    its error line says it."""
    page = new_page(locale)
    game_lobby(page, lobby, "Ann", "sibala")
    form = page.locator("form.open-form")
    assert form.get_attribute("novalidate") is not None
    err = page.get_by_test_id("open-table-error")
    page.get_by_test_id("open-turn").fill("0")
    page.get_by_test_id("open-table").click()
    expect(err).to_have_text(turn_msg)
    expect(page.get_by_test_id("open-turn")).to_be_focused()
    page.get_by_test_id("open-turn").fill("20")
    expect(err).to_be_empty()
    page.get_by_test_id("open-opt-stake").fill("-5")
    page.get_by_test_id("open-table").click()
    expect(err).to_have_text(stake_msg)
    # nothing was opened: the form is still there
    expect(page.get_by_test_id("open-table")).to_be_visible()
    # every form of the page is novalidate
    assert page.evaluate("() => [...document.forms].filter((f) => !f.noValidate && !f.method.includes('dialog')).length") == 0
    # a stake in range opens; so does Shut the Box's, an option with no upper bound
    page.get_by_test_id("open-opt-stake").fill("0")
    page.get_by_test_id("open-table").click()
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "waiting")
    page.goto(f"{lobby.http}/")
    page.get_by_test_id("game-shut_the_box").click()
    page.get_by_test_id("open-opt-stake").fill("100")
    page.get_by_test_id("open-table").click()
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "waiting")


def test_sign_in_form_is_novalidate(new_page, lobby):
    """The sign-in form's empty name is said in place, not by a bubble."""
    page = new_page("zh-CN")
    page.goto(lobby.http)
    expect(page.get_by_test_id("sign-in-form")).to_have_attribute("novalidate", "")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("sign-in-error")).not_to_be_empty()


@pytest.mark.parametrize(("locale", "start", "pressed"), [("en-US", "Start now", "Start requested"), ("zh-CN", "立即开始", "已请求开始")])
def test_start_now_shows_it_was_pressed(new_page, lobby, locale, start, pressed):
    """After pressing Start now the button read the same (third pass): it
    says it was requested and is disabled (a press cannot be taken back);
    the other player's is still to press."""
    ann, bo = new_page(locale), new_page(locale)
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect(ann.get_by_test_id("seat-name-1")).to_have_text("Bo")
    button = ann.get_by_test_id("start")
    expect(button).to_have_text(start)
    button.click()
    expect(ann.get_by_test_id("start-vote")).to_be_visible()
    expect(button).to_have_text(pressed)
    expect(button).to_be_disabled()
    expect(bo.get_by_test_id("start")).to_have_text(start)
    expect(bo.get_by_test_id("start")).to_be_enabled()
    bo.get_by_test_id("start").click()
    expect_status(ann, "playing")


#: The words of every element's aria-label, title, placeholder and alt, and
#: of a button's value: [[where, attribute, text]].
ATTRIBUTE_TEXTS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('*')) {
    const where = el.tagName + (el.dataset.testid ? '#' + el.dataset.testid : '');
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push([where, a, v]);
    }
    const button = el.tagName === 'BUTTON' || (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes(el.type));
    if (button && el.getAttribute('value')) out.push([where, 'value', el.getAttribute('value')]);
  }
  return out;
}"""

#: Latin words (two letters or more) and CJK characters.
LATIN = re.compile(r"[A-Za-z]{2,}")
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def other_language(page, locale: str) -> list:
    """The attribute texts of ``page`` in the other language than ``locale``'s:
    player and bot names, table ids, the games' own names (6 Nimmt!,
    Yahtzee) left out (the language button's label names the other language
    in its own words, as text, not an attribute: its tooltip is in the
    page's language, the fourth pass)."""
    names = page.evaluate("() => [...document.querySelectorAll('[data-testid^=\"seat-name-\"], [data-testid=\"player-name\"]')].map((e) => e.textContent)")
    exempt = sorted({n for n in names if n} | {"6 Nimmt!", "Nimmt", "Yahtzee"}, key=len, reverse=True)
    bad = []
    for where, attr, text in page.evaluate(ATTRIBUTE_TEXTS):
        rest = text
        for word in exempt:
            rest = rest.replace(word, " ")
        rest = re.sub(r"\bt-[0-9a-z]+\b|#table=\S+|https?://\S+", " ", rest)
        if (LATIN if locale == "zh-CN" else CJK).search(rest):
            bad.append((where, attr, text))
    return bad


GAMES = ["sibala", "stud", "six_nimmt", "yahtzee", "shut_the_box"]


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_no_label_or_tooltip_is_in_the_other_language(new_page, lobby, locale):
    """"Your record" as an aria-label on a 中文 page (third pass): every
    element of the lobby, the record, the account screen and a table of
    each game carries labels and tooltips in the page's language only; the
    same after switching language with the page's own button."""
    bad = []
    page = new_page(locale)
    sign_in(page, lobby, "Ann")
    bad += [("home", *b) for b in other_language(page, locale)]
    page.get_by_test_id("coins").click()
    expect(page.get_by_test_id("stats-popover")).to_be_visible()
    bad += [("record", *b) for b in other_language(page, locale)]
    page.get_by_test_id("account-link").click()
    expect(page.get_by_test_id("claim-name")).to_be_visible()
    bad += [("account", *b) for b in other_language(page, locale)]
    # a page that starts in the other language and switches
    other = new_page("en-US" if locale == "zh-CN" else "zh-CN")
    sign_in(other, lobby, "Bea")
    other.get_by_test_id("lang-switch").click()
    expect(other.locator("html")).to_have_attribute("lang", "zh-CN" if locale == "zh-CN" else "en")
    other.get_by_test_id("coins").click()
    expect(other.get_by_test_id("stats-popover")).to_be_visible()
    bad += [("switched", *b) for b in other_language(other, locale)]
    for game in GAMES:
        table = new_page(locale)
        sign_in(table, lobby, f"Cy{GAMES.index(game)}")
        open_table(table, game, seats=2, turn_s=300)
        bad += [(f"{game} waiting", *b) for b in other_language(table, locale)]
        start(table)
        table.get_by_test_id("seat-name-1").wait_for()
        bad += [(game, *b) for b in other_language(table, locale)]
        table.context.close()
    assert not bad, bad


def test_the_language_button_speaks_both_ways(new_page, lobby):
    """The language button (fourth pass: a 中文 page's tooltip read "Switch
    to English", flagged every pass): its label names the other language in
    that language's own words, marked with its lang (so a reader of it finds
    the button and a screen reader says it right); its tooltip is in the
    page's language, before and after the switch."""
    page = new_page("en-US")
    sign_in(page, lobby, "Lu")
    button = page.get_by_test_id("lang-switch")
    expect(button).to_have_text("中文")
    expect(button.locator("span")).to_have_attribute("lang", "zh-CN")
    expect(button).to_have_attribute("title", "Show the page in Chinese")
    button.click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(button).to_have_text("EN")
    expect(button.locator("span")).to_have_attribute("lang", "en")
    expect(button).to_have_attribute("title", "以英文显示页面")
