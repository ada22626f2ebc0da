"""Accessibility: readable contrast, no endless animation under reduced motion,
words instead of glyphs a font may lack.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import PHONE, SINGLE_REDIS, each_language, finished, js, open_table, sign_in, start, started_table

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Texts are readable (WCAG AA contrast)
#
# Texts are readable: Sibala's "not rolled yet" was grey (#6b7280) on the
# green felt, and the game-over notes ("Not rated: ...", "A rating marked ?
# is provisional ...") pale grey on cream. Every visible text of each game's
# table at 390x844, running and finished (the result panel, the rating lines
# and notes, the next-game panel), and of the lobby and account screens,
# measured from computed styles against what is behind it (the nearest
# painted background; the felt's gradient at its lighter and darker ends):
# at least 4.5:1 (3:1 for large text). Disabled controls are exempt (WCAG
# 1.4.3).
# ---------------------------------------------------------------------------


#: the texts under the element ``root`` (a selector) that fail the ratio, once
#: the page's finite animations are done
MEASURE = js("accessibility/measure")

GAMES = [
    ("sibala", {"rounds": 2}, "not rolled yet"),
    ("stud", {"tier": "casual"}, None),
    ("six_nimmt", {}, None),
    ("yahtzee", {}, None),
    ("shut_the_box", {}, None),
]


@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("game, options, shows", GAMES, ids=[g for g, _, _ in GAMES])
def test_texts_on_the_felt_are_readable(new_page, lobby, game, options, shows):
    """In English, then in 中文 (the language button draws the table again)."""
    page = new_page()
    started_table(page, lobby, "Flo", game, seats=3, options=options)
    if shows:
        expect(page.locator(".table-body")).to_contain_text(shows)
    for lang in ("en", "zh-CN"):
        if lang != "en":
            page.get_by_test_id("lang-switch").click()
            expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_test_id("turn")).to_be_visible()
        bad = page.evaluate(MEASURE, ".table-body")
        assert not bad, lang + ":\n" + "\n".join(bad)


#: game -> the options of its shortest game (played out by timeouts and then the bot)
SHORT = {
    "sibala": {"rounds": 1},
    "stud": {"tier": "casual"},
    "six_nimmt": {"end_threshold": 1},
    "yahtzee": {},
    "shut_the_box": {"rounds": 1},
}


@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("game", list(SHORT))
def test_a_finished_table_is_readable(new_page, lobby, game):
    """With a bot: the result, the "Not rated" note and the next-game panel."""
    page = new_page()
    sign_in(page, lobby, "Flo")
    open_table(page, game, seats=2, turn_s=0.3, options=SHORT[game], bots=True)
    start(page)
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=60_000)  # my timeouts, then a bot, play it out
    expect(page.get_by_test_id("rating-not-rated")).to_be_visible()
    bad = page.evaluate(MEASURE, "main")
    assert not bad, "\n".join(bad)


@pytest.mark.viewport(PHONE)
def test_a_rated_finished_table_is_readable(new_page, lobby):
    """Two people's Sibala: the rating lines and the provisional note ("标有 ? 的是暂定等级分…").
    In English, then the page switched to 中文 (the language button)."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Flo")
    table_id = open_table(ann, "sibala", seats=2, turn_s=0.3, options={"rounds": 1}, bots=False)
    sign_in(bo, lobby, "Gil", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()  # two seats, no bots: the game starts only with Gil in it
    # their clocks roll for both, 0.3 s a turn: a loaded box's page may never see it playing, only finished
    expect(finished(ann)).to_be_visible(timeout=60_000)
    for locale in each_language(ann):  # the game is over: nothing is on its way
        expect(ann.get_by_test_id("rating-provisional-note")).to_be_visible()
        bad = ann.evaluate(MEASURE, "main")
        assert not bad, "\n".join([locale, *bad])


@pytest.mark.viewport(PHONE)
def test_the_lobby_and_account_screens_are_readable(new_page, lobby):
    """Each screen in both languages on one page: read in the page's
    language, then again switched to the other (the language button; the
    choice stays over the next screen's load)."""
    page = new_page()
    page.goto(lobby.http)
    screens = []
    locale = "en-US"

    def both(screen: str, shown) -> None:
        nonlocal locale
        for locale in each_language(page, locale):
            expect(shown).to_be_visible()
            screens.append((f"{screen} {locale}", page.evaluate(MEASURE, "body")))

    both("sign-in", page.get_by_test_id("sign-in"))
    sign_in(page, lobby, "Flo")
    both("games", page.get_by_test_id("game-sibala"))
    table_id = open_table(page, "sibala", seats=2)
    page.goto(f"{lobby.http}/#game=sibala")
    both("game lobby", page.get_by_test_id(f"table-row-{table_id}"))
    page.goto(f"{lobby.http}/#account")
    both("account", page.get_by_test_id("claim-form"))
    page.goto(f"{lobby.http}/#leaderboard=sibala")
    both("leaderboard", page.get_by_test_id("lb-you"))
    assert {s.split()[-1] for s, _ in screens} == {"en-US", "zh-CN"} and len(screens) == 10, screens
    bad = [f"{screen}: {line}" for screen, lines in screens for line in lines]
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------------------------
# No endless animation when reduced motion is asked
#
# A player who asks for reduced motion (the system setting, CSS
# prefers-reduced-motion) gets no endless animation at a table: Sibala's
# Roll button pulsed forever (button.roll.pulse) whatever the setting, and
# the urgent countdown's pulse is the other one that repeats. While it is my
# turn, with the clock urgent, no animation of the page repeats without end;
# with motion allowed the Roll button's pulse runs (the check can see one).
# ---------------------------------------------------------------------------


#: The page's running animations that repeat without end (CSS or Web Animations).
ENDLESS = js("accessibility/endless")


@pytest.mark.parametrize("game", ["sibala", "shut_the_box"])
@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_no_endless_animation_when_reduced_motion_is_asked(new_page, lobby, game, motion):
    page = new_page()
    page.emulate_media(reduced_motion=motion)
    sign_in(page, lobby, "Rhea")
    open_table(page, game, seats=2, turn_s=3, bots=True)
    start(page)
    roll = page.get_by_test_id("roll")
    expect(roll).to_be_enabled()
    expect(page.locator(".countdown.urgent").first).to_be_visible()  # a 3 s turn is urgent at once
    endless = page.evaluate(ENDLESS)
    if motion == "reduce":
        assert endless == [], endless
    else:
        assert any("roll" in e for e in endless), endless


# ---------------------------------------------------------------------------
# The table list says how many watch in words
#
# The lobby's table list on a phone says how many watch in words: its column
# heads are hidden there, and the eye emoji (CSS content "👁 ") it had drew
# as a missing-glyph box where no emoji font is installed. No
# text or CSS content on the lobby screens holds a character outside the
# Basic Multilingual Plane (emoji).
# ---------------------------------------------------------------------------


#: texts and ::before/::after contents of the page holding a character above U+FFFF
ASTRAL = js("accessibility/astral")


#: how the list says nobody watches
NONE_WATCHING = {"en-US": "0 watching", "zh-CN": "0 人观战"}


@pytest.mark.viewport(PHONE)
def test_the_table_list_says_how_many_watch_in_words(new_page, lobby):
    """In English, then the page switched to 中文 (the language button)."""
    page = new_page()
    sign_in(page, lobby, "Wanda")
    table = open_table(page, "yahtzee", seats=2)
    page.goto(f"{lobby.http}/#game=yahtzee")
    cell = page.get_by_test_id(f"spectators-{table}")
    for locale in each_language(page):
        expect(cell).to_be_visible()
        expect(cell).to_have_text(NONE_WATCHING[locale])
        # read in one page task: the list may draw its rows afresh between a
        # locator's finding the cell and its evaluate, and a detached cell's
        # computed content is "" (failed so once in a whole-suite run)
        before = page.evaluate("(id) => getComputedStyle(document.querySelector(`[data-testid='spectators-${id}']`), '::before').content", table)
        assert before in ("none", "normal"), (locale, before)
        assert page.evaluate(ASTRAL) == [], locale


# ---------------------------------------------------------------------------
# A control pressed with the keyboard keeps the focus
#
# A keyboard player picks a Shut the Box tile, holds a Yahtzee die or picks
# a 6 Nimmt! card with Space: the board is drawn again at once to show it,
# and the control keeps the focus, so Space again frees the tile or the die
# and Tab goes on from there (each redraw made new buttons, and the focus
# fell back to the page).
# ---------------------------------------------------------------------------


#: per game: the first control to press (a CSS selector once the first
#: throw, if any, is made), its attribute and the values each press gives
#: it (a 6 Nimmt! card stays chosen till another is)
KEYBOARD_PICKS = {
    "shut_the_box": ('[data-testid^="tile-"][data-legal="true"]', "data-state", ["selected", "open"]),
    "yahtzee": ('[data-testid^="die-"]:enabled', "data-held", ["true", "false"]),
    "six_nimmt": ('[data-testid^="hand-card-"]:enabled', "aria-pressed", ["true", "true"]),
}


@pytest.mark.parametrize("game", list(KEYBOARD_PICKS))
def test_a_control_pressed_with_the_keyboard_keeps_the_focus(new_page, lobby, game):
    page = new_page()
    started_table(page, lobby, "Kim", game, seats=2, turn_s=60)
    selector, attribute, values = KEYBOARD_PICKS[game]
    if game != "six_nimmt":  # the first throw, made with the keyboard too
        roll = page.get_by_test_id("roll")
        expect(roll).to_be_enabled()
        roll.focus()
        page.keyboard.press("Enter")
    first = page.locator(selector).first
    expect(first).to_be_visible()
    control = page.get_by_test_id(first.get_attribute("data-testid"))
    control.focus()
    for value in values:
        page.keyboard.press("Space")
        expect(control).to_have_attribute(attribute, value)
        expect(control).to_be_focused()


# ---------------------------------------------------------------------------
# A control pressed while the page is drawn again still acts
#
# The header is drawn again whenever the connection, the balance or the
# record changes (right after signing in, the player's record arrives), a
# game's table list at each push, the home screen's list of my tables at
# each version of one: a press whose button went down on one drawing and
# came up on the next fired no click (the buttons were new), so "Change
# name", "Join" or a link to my table did nothing.
# ---------------------------------------------------------------------------


def _press_while_redrawn(page, control, event: str) -> None:
    """Press ``control`` with the mouse, and let the page hear ``event``
    (net's: the header's or a list's redraw) between the button going down
    and coming up."""
    box = control.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate("async ([event]) => { const { net } = await import('/static/shell.js'); net.emit(event, net.tables.values().next().value); }", [event])
    page.mouse.up()


@pytest.mark.page_modules
def test_a_header_button_pressed_while_the_header_is_drawn_again_still_acts(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Kim")
    _press_while_redrawn(page, page.get_by_test_id("change-name"), "status")
    expect(page.get_by_test_id("rename-form")).to_be_visible()


@pytest.mark.page_modules
def test_a_table_list_s_join_and_my_table_s_link_pressed_while_the_list_is_drawn_again_still_act(new_page, lobby):
    """A push of the table list (a count changed elsewhere) redraws the
    game's list; a version of my own table redraws the home screen's list of
    mine."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=4, bots=False)
    sign_in(bo, lobby, "Bo")
    bo.get_by_test_id("game-six_nimmt").click()
    _press_while_redrawn(bo, bo.get_by_test_id(f"join-{table_id}"), "tables")
    expect(bo.get_by_test_id("my-seat")).to_be_visible()
    bo.get_by_test_id("back").click()
    bo.get_by_test_id("back-to-games").click()
    _press_while_redrawn(bo, bo.get_by_test_id(f"my-table-{table_id}"), "table")
    expect(bo.get_by_test_id("my-seat")).to_be_visible()
