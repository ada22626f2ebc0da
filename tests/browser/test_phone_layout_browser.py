"""Phones (360x740 and 390x844): every game at its largest table, the lobby and
the replay fit with no sideways scroll; each board's own pieces stay in
sight; nothing stays under a pinned bar; names keep room beside their
badges.
"""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.sync_api import expect

from .helpers import PHONES, REDRAW_HEAD, SINGLE_REDIS, card_to_a_row, each_phone, switch_language, expect_status, finished, finished_game, js, open_table, play_card, play_to_end, resize, sign_in, start, started_table, stored_arena, stud_turns, to_row_choice

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Every screen fits a phone
#
# Phones: every game at its largest table, the lobby and the replay viewer
# fit 360 and 390 px wide with no horizontal scroll, and while it is your
# turn the turn line, the countdown and your controls are on screen without
# scrolling, and stay there wherever you scroll; at a game's end who won is
# on the first screen, above the pinned Play again bar.
#
# Each table is opened with the most seats the game takes, bots in the
# others, so the widest board of each game is the one measured; on it, on
# my turn, every line of the players list is clear of the pinned bars (the
# next sections' check).
#
# The table's page head is short on a phone: the felt begins in the screen's
# first quarter, so most of the screen is the game.
#
# Each game's own board on a phone (stud's betting panel, Yahtzee's score
# card, 6 Nimmt!'s pinned bar and standings) is the next section's.
# ---------------------------------------------------------------------------


#: game -> (seats, the test id of what you act with, a locator suffix)
GAMES = {
    "sibala": (6, "roll", ":enabled"),
    "stud": (4, "actions", " button:enabled"),
    "six_nimmt": (10, "hand", " button:enabled"),
    "yahtzee": (6, "roll", ":enabled"),
    "shut_the_box": (8, "roll", ":enabled"),
}

#: Elements (tag.class[test id] left..right) whose box leaves the viewport's
#: width, the table's felt for what is on it, or its seat's card.
OVERFLOW = js("phone_layout/overflow")

ON_SCREEN = js("phone_layout/on_screen")


#: Record OVERFLOW's figures (window.badgeFit) when my seat's time's-up mark is first drawn
#: (Sibala's one mark is on the dice the clock rolled: test_sibala_browser.py).
BADGE_FIT = js("phone_layout/badge_fit")


def fits(page, where: object = None) -> None:
    """No horizontal scroll, no element wider than the viewport (``where``:
    what a failure names besides the figures, e.g. the screen's size)."""
    got = page.evaluate(OVERFLOW)
    assert got["scroll"] <= got["width"] and not got["out"], (where, got)


def fits_each_phone(page, where: str = "") -> None:
    """:func:`fits` at each of PHONES, the page resized to each in turn."""
    for size in each_phone(page):
        fits(page, (where, size))


def on_screen(locator) -> bool:
    """Whether the element is inside the viewport as the page stands (no scrolling)."""
    return locator.evaluate(ON_SCREEN)


#: The felt's top may be at most this part of the screen's height: the
#: header (two lines at a table) and the table's head (its name with Rules,
#: Leave and Back; the game, status and seat in small type) take about a
#: fifth of a 360x740 screen; a quarter leaves room for a longer name's
#: wrap and nothing more.
FELT_TOP = 0.25


@pytest.mark.viewport(PHONES[0])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_full_table_fits_a_phone_keeps_your_controls_on_screen_and_no_player_line_under_a_pinned_bar(new_page, lobby, game):
    """At each phone size (the page resized to each of PHONES in turn, as a
    phone turned or another phone would show it), in English and then in
    中文 (the language button draws the table again)."""
    seats, control, suffix = GAMES[game]
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    for phone in PHONES:
        resize(page, phone)
        fits(page)
    open_table(page, game, seats=seats, bots=True)
    start(page)
    act = page.locator(f'[data-testid="{control}"]{suffix}').first
    expect(act).to_be_visible()  # your turn (6 Nimmt!: every seat picks at once)
    for lang in ("en", "zh-CN"):
        if lang != "en":
            page.get_by_test_id("lang-switch").click()
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(act).to_be_visible()
        for phone in PHONES:
            resize(page, phone)
            fits_with_controls(page, game, act, {**phone, "lang": lang})


def fits_with_controls(page, game: str, act, phone: dict) -> None:
    """The full-table checks at the page's present size ``phone``: no
    sideways scroll, the felt high, the turn line, countdown and control
    ``act`` on screen at the top, the bottom and the end of a long log, 6
    Nimmt!'s whole hand in sight, every player line clear of pinned bars."""
    seats, control, _ = GAMES[game]
    page.evaluate("window.scrollTo(0, 0)")
    fits(page)
    # the game starts high on the screen: the head above the felt is short
    felt_top, height = page.evaluate("[document.querySelector('.table-body').getBoundingClientRect().top, innerHeight]")
    assert felt_top <= FELT_TOP * height, f"{phone}: the felt starts at {felt_top:.0f} px of {height}"
    for what in ("turn", "countdown"):
        assert on_screen(page.get_by_test_id(what).first), f"{phone}: {what} is off screen"
    assert on_screen(act), f"{phone}: {control} is off screen"
    # scrolled down to the score card, the log: the controls come along (Yahtzee's Roll was once 140 px above the screen)
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    for what in ("turn", "countdown"):
        assert on_screen(page.get_by_test_id(what).first), f"{phone}: {what} is off screen at the bottom"
    assert on_screen(act), f"{phone}: {control} is off screen at the bottom"
    # a long game's log (the felt's last part, made 1500 px tall here), its
    # end scrolled to: the controls still come along (中文 at 360x740 with CJK
    # fonts: Shut the Box's Roll bar stayed behind with the board it sat in
    # once the players list and the log filled the screen)
    log = page.get_by_test_id("log").first
    log.evaluate("el => { el.style.minHeight = '1500px'; el.scrollIntoView({block: 'end'}); }")
    for what in ("turn", "countdown"):
        assert on_screen(page.get_by_test_id(what).first), f"{phone}: {what} is off screen at the end of a long log"
    assert on_screen(act), f"{phone}: {control} is off screen at the end of a long log"
    log.evaluate("el => { el.style.minHeight = ''; }")
    if game == "six_nimmt":
        cards = page.locator('[data-testid="hand"] button')
        assert cards.count() == 10
        assert all(on_screen(cards.nth(i)) for i in range(10)), f"{phone}: part of the hand is off screen"
        # a three-digit card's number stays on one line inside its card ("10/4" wrapped once)
        assert page.evaluate(js("phone_layout/card_numbers")) == [], phone
    # every line of the players list, scrolled to, is clear of every pinned bar
    clear_of_bars(page, LINES[game], seats)


@pytest.mark.viewport(PHONES[0])
def test_a_board_waits_for_its_game_s_stylesheet(new_page, lobby):
    # the game's sheet held back: the board is drawn hidden, then fits once it is in
    # (a 6-seat Yahtzee score card was 421 px wide at 360 while its sheet loaded)
    held = []
    page = new_page()
    page.route("**/games/yahtzee.css", lambda route: held.append(route))
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "yahtzee", seats=6, bots=True)
    start(page)
    expect(page.get_by_test_id("score-card")).to_be_attached()
    assert held, "the sheet was never asked for"
    expect(page.get_by_test_id("score-card")).to_be_hidden()
    expect(page.get_by_test_id("roll")).to_be_hidden()
    held[0].continue_()
    expect(page.get_by_test_id("roll")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    fits(page)


@pytest.mark.viewport(PHONES[0])
def test_the_lobby_screens_fit_a_phone(new_page, lobby):
    """Each screen at each phone size (the page resized to each of PHONES)."""
    page = new_page()
    page.goto(lobby.http)
    fits_each_phone(page, "sign-in")
    sign_in(page, lobby, f"Phoebe Marguerite {secrets.token_hex(3)}")  # an account's name below: one no other test holds
    expect(page.get_by_test_id("arena-list").locator("li").first).to_be_visible()  # the home screen with its arenas
    fits_each_phone(page, "home")
    for game in GAMES:
        page.get_by_test_id(f"game-{game}").click()
        expect(page.get_by_test_id("open-table")).to_be_visible()
        fits_each_phone(page, game)
        page.go_back()
        expect(page.get_by_test_id(f"game-{game}")).to_be_visible()
    page.get_by_test_id("account-link").click()  # the claim form
    expect(page.get_by_test_id("claim-form")).to_be_visible()
    fits_each_phone(page, "claim form")
    page.get_by_test_id("claim-password").fill("correct horse battery")  # an account: home offers Create an arena
    page.get_by_test_id("claim").click()
    expect(page.get_by_test_id("account-screen")).to_have_attribute("data-claimed", "true")
    page.goto(f"{lobby.http}/#")
    expect(page.get_by_test_id("arena-create-form")).to_be_visible()
    fits_each_phone(page, "home with Create an arena")
    page.goto(f"{lobby.http}/#leaderboard=sibala")
    expect(page.get_by_test_id("lb-you")).to_be_visible()
    fits_each_phone(page, "leaderboard")
    page.get_by_test_id("lang-switch").click()
    fits_each_phone(page, "leaderboard in 中文")
    page.goto(f"{lobby.http}/#")  # home in 中文, its arenas and the Create form
    expect(page.get_by_test_id("arena-create-form")).to_contain_text("创建竞技场")
    expect(page.get_by_test_id("arena-list").locator("li").first).to_be_visible()
    fits_each_phone(page, "home in 中文")
    # an arena's page, its podium and standings (long names), in 中文 then English
    arena_id = stored_arena(lobby, seconds=2, names=["Phoebe Marguerite Long", "Bartholomew Fitzgerald", "Cy"], results=[(0, 1, [0]), (1, 2, [0]), (0, 2, [0, 1])])
    page.goto(f"{lobby.http}/#arena={arena_id}")
    expect(page.get_by_test_id("arena-podium")).to_be_visible()
    fits_each_phone(page, "arena in 中文")
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("arena-podium")).to_contain_text("Podium")
    fits_each_phone(page, "arena in English")


@pytest.mark.viewport(PHONES[0])
def test_the_replay_viewer_fits_a_phone(new_page, lobby):
    """At its first step and its last, at each phone size."""
    page = new_page()
    table_id = started_table(page, lobby, "Phoebe Marguerite", "sibala", seats=6, options={"rounds": 1})
    play_to_end(page, max_turns=20)
    page.goto(f"{lobby.http}/#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    fits_each_phone(page, "first step")
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()
    fits_each_phone(page, "last step")


@pytest.mark.usefixtures("phone")
def test_a_time_s_up_badge_stays_inside_its_seat(new_page, lobby):
    """The mark a timeout puts on a seat wraps in its seat on a phone
    (the badge once stuck out past the card and the
    screen; Sibala's one mark is now the dice's, beside the hand's words)."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "sibala", seats=2, turn_s=0.3, bots=True)
    # the badge lasts until the seat's next turn or a bot's move for it (under
    # a second): measured the moment it is drawn, you and time's up side by side
    page.evaluate(BADGE_FIT, OVERFLOW)
    start(page)
    page.wait_for_function("window.badgeFit !== null")
    got = page.evaluate("window.badgeFit")
    assert got["scroll"] <= got["width"] and not got["out"], got


#: game -> the options of its shortest game (played out by timeouts and then the bot)
SHORT = {
    "sibala": {"rounds": 1},
    "stud": {},
    "six_nimmt": {"end_threshold": 1},
    "yahtzee": {},
    "shut_the_box": {"rounds": 1},
}


#: The viewport's part above the pinned Play again bar: whether an element is in it.
ABOVE_BAR = js("phone_layout/above_bar")


@pytest.mark.viewport(PHONES[0])
@pytest.mark.parametrize("game", list(SHORT))
def test_after_a_game_the_winner_and_play_again_are_on_screen(new_page, lobby, game):
    """After a game, who won is on the first screen, above the pinned Play
    again bar (Sibala, Shut the Box and stud once showed the last
    round there and the winner below the fold); Play again and Leave are on
    screen wherever the page stands (the next-game panel is below the
    felt), and the record popup (the header's coins) fits the screen: at
    every phone size, the finished table's page loaded again at each."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, game, seats=2, turn_s=0.3, options=SHORT[game], bots=True)
    start(page)
    again = page.get_by_test_id("play-again")
    expect(again).to_be_visible(timeout=60_000)  # my timeouts, then a bot, play it out
    for size in PHONES:
        if size != PHONES[0]:
            resize(page, size)
            page.reload()
            expect(again).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        winners = page.get_by_test_id("winners")
        expect(winners).not_to_be_empty()
        assert winners.evaluate(ABOVE_BAR), f"the winner is not on the first screen at {size}: {winners.bounding_box()}"
        for y in ("0", "document.scrollingElement.scrollHeight"):
            page.evaluate(f"window.scrollTo(0, {y})")
            assert on_screen(again), f"Play again is off screen at {size} (scrolled to {y})"
            assert on_screen(page.get_by_test_id("next-leave")), f"Leave is off screen at {size} (scrolled to {y})"
        fits(page)
        page.get_by_test_id("coins").click()  # my record, this game's row in it, fits too
        expect(page.get_by_test_id(f"stats-{game}")).to_be_visible()
        fits(page)
        page.keyboard.press("Escape")


#: Record (window.tooWide, the first 3) the page's scroll width and the
#: texts that run past the screen's edge wherever a change leaves the page
#: wider than the screen.  Run in a page that stays (a single-page app: the
#: table screen comes in its place).
WATCH_WIDTH = js("phone_layout/watch_width")


@pytest.mark.usefixtures("phone")
def test_long_names_in_the_rating_lines_fit_a_phone(new_page, lobby):
    """Each rated seat's line under the result names its player: a name of
    24 letters with no break made a 390 px page 458 px wide; the lines wrap inside the screen.  While the game ran, the
    status bar's turn line and countdown ("WWW…a to act", "WWW…a: 0.9 s")
    made the page 423 px wide (a CI run caught it in the result's first
    frame): no frame of the game is wider than the screen."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "W" * 23 + "a")
    table_id = open_table(ann, "sibala", seats=2, turn_s=0.3, options=SHORT["sibala"], bots=False)
    ann.evaluate(WATCH_WIDTH)
    sign_in(bo, lobby, "W" * 23 + "b")
    bo.get_by_test_id("game-sibala").click()
    bo.evaluate(WATCH_WIDTH)
    bo.get_by_test_id(f"join-{table_id}").click()
    for page in (ann, bo):
        expect(page.get_by_test_id("rating-changes")).to_be_visible(timeout=60_000)  # our timeouts play it out
        other = 0 if page is bo else 1  # my own line says "Your rating": the other names its player
        expect(page.get_by_test_id(f"rating-change-{other}")).to_contain_text("W" * 23 + "ab"[other])
        fits(page)
        wide = page.evaluate("window.tooWide")
        assert not wide, f"wider than the screen while the game ran: {wide}"


# ---------------------------------------------------------------------------
# Each game's board on a phone
#
# Phones, each game's own board at 360x740 and 390x844 (the page as a whole,
# every game at its largest table: the section above, whose checks these
# share). Five-card stud's betting panel, pinned to the screen's foot while
# you act, covers no card of any seat (element boxes, not pictures);
# Yahtzee's pinned dice and Roll leave the whole score card, every score I
# can take included, in sight, and its column heads write names across; 6
# Nimmt!'s pinned bar leaves the row choice and the players in sight, and a
# long game's standings stay readable.
# ---------------------------------------------------------------------------


#: Five-card stud on my turn: the box (top, bottom, left, right) of every card
#: of every seat, of the betting panel (pot and controls), of each control,
#: the pot and the status bar; the viewport's size.
STUD_BOXES = js("phone_layout/stud_boxes")


def overlap(a: dict, b: dict) -> bool:
    """Whether two boxes of STUD_BOXES share any area."""
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def inside(box: dict, got: dict) -> bool:
    """Whether a box of STUD_BOXES is wholly inside the viewport."""
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= got["height"] + 0.5 and box["right"] <= got["width"] + 0.5


#: (the screens measured at each turn, seats, locale): every size on one
#: page, resized at each of my turns (the first size is the page's own)
STUD_PANEL_CASES = [
    ([{"width": 360, "height": 740}, {"width": 320, "height": 640}], 2, "en-US"),
    ([{"width": 360, "height": 740}, {"width": 390, "height": 844}], 4, "en-US"),
    ([{"width": 360, "height": 740}], 4, "zh-CN"),
]


@pytest.mark.parametrize(
    ("viewport", "sizes", "seats", "locale"),
    [(dict(sizes[0]), sizes, seats, locale) for sizes, seats, locale in STUD_PANEL_CASES],
    ids=["360x740+320x640-2", "360x740+390x844-4", "360x740-4-zh"],
)
def test_stud_s_betting_panel_covers_no_card(new_page, lobby, viewport, sizes, seats, locale):
    """At each of my turns of a hand (checking or calling), as the page
    stands when the turn comes, at each screen size of the case (the page
    resized to each in turn): every card of every seat (my hole card, all
    up cards, the slots of cards to come), the betting panel and each of its
    controls are inside the screen, and no card is under the panel or the
    status bar, nor the pot over a control (at 360x740
    the panel, pinned to the screen's foot, covered the lower seats' cards).
    Four seats are stud's most (RULES.md 2)."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "stud", seats=seats, bots=True)
    start(page)
    turns = chooser = 0
    for _ in stud_turns(page, lambda: chooser):
        turns += 1
        for size in sizes:
            resize(page, size)
            got = page.evaluate(STUD_BOXES)
            chooser += got["chooser"]
            assert len(got["cards"]) >= 2 * seats, (size, got["cards"])  # a hole and an up card each at least
            off = [b["id"] for b in [*got["cards"], got["panel"], *got["controls"]] if not inside(b, got)]
            assert not off, f"off screen on turn {turns} at {size}: {off} ({got})"
            covered = [c["id"] for c in got["cards"] if overlap(c, got["panel"]) or overlap(c, got["bar"])]
            assert not covered, f"cards under the panel or the status bar on turn {turns} at {size}: {covered} ({got})"
            assert not [c["id"] for c in got["controls"] if overlap(c, got["pot"])], f"the pot covers a control at {size}: {got}"
            fits(page, (turns, size))
    assert turns >= 1 and chooser >= 1


@pytest.mark.viewport(PHONES[0])
def test_yahtzee_scores_without_scrolling(new_page, lobby):
    """Rolled, a Yahtzee player holds dice, rolls again or scores: the dice,
    Roll and every score the card offers (its own buttons: the pinned bar
    repeats none at a phone's height) are on screen at once, at each phone
    size (the page resized to each of PHONES)."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "yahtzee", seats=6, bots=True)
    start(page)
    page.locator('[data-testid="roll"]:enabled').click()
    offers = page.locator('button[data-testid^="score-"]')
    expect(offers).to_have_count(15)  # the first turn: every category is open
    for phone in each_phone(page):
        page.evaluate("window.scrollTo(0, 0)")
        fits(page, phone)
        for i in range(5):
            assert on_screen(page.get_by_test_id(f"die-{i}")), f"die {i} is off screen at {phone}"
        assert on_screen(page.get_by_test_id("roll")), f"Roll is off screen at {phone}"
        off = [b.get_attribute("data-testid") for b in offers.all() if not (b.is_visible() and on_screen(b) and not covered(page, b))]
        assert not off, f"score buttons off screen or under the bar at {phone}: {off}"
    chance = page.get_by_test_id("score-chance")
    points = chance.get_attribute("data-points")
    chance.click()
    expect(page.get_by_test_id("cell-0-chance")).to_have_attribute("data-score", points)


def covered(page, locator) -> bool:
    """Whether the element's middle is under something else (a pinned bar)."""
    return not locator.evaluate("el => { const r = el.getBoundingClientRect(); const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return !!top && (el === top || el.contains(top)); }")


#: Elements of ``sel`` whose middle is under something else (a pinned bar
#: over them), and those off screen (``off``): as the page stands, or with
#: ``scroll``, each scrolled to the screen's middle (as far as the page goes).
COVERED = js("phone_layout/covered")

#: Short labels of ``sel`` with a word broken across lines ("收/走",
#: "choosin/g…", "托管/代出": a label's run of characters between spaces is
#: one word, CJK too) or sticking out of their box.
BROKEN = js("phone_layout/broken")

SN_LABELS = ".sn-take, .sn-rev-out, .sn-rev-mark, .sn-players .badge, .sn-row-label"
SN_PLAYERS = ".sn-players .sn-player:not(.sn-player-head)"


#: At the page's top during a row choice: the four rows' tops and bottoms,
#: the status bar's bottom, the instruction's box; ``ok``: the rows lie
#: between the bar and the instruction, which is on screen.
ROWS_AND_PROMPT = js("phone_layout/rows_and_prompt")


@pytest.mark.viewport(PHONES[0])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_six_nimmt_s_pinned_bar_leaves_the_row_choice_and_the_players_in_sight(new_page, lobby, locale):
    """6 Nimmt! at five seats on a phone (each of PHONES, the page resized):
    while I pick, the hand is pinned to the screen's foot, and every
    player's line and each revealed card, scrolled to, are clear of it;
    while I must take a row (I play my lowest card when it is below every
    row), the instruction is pinned instead (the hand cannot be played
    then): on screen and clear with the rows' Take buttons at the top, and
    the reveal and every player's line, scrolled to, clear; at the page's
    top the four rows and the instruction are on screen, clear of the
    status bar and of each other. No short label (Take, a reveal's status
    or time's-up tag, a badge) breaks inside a word ("收/走", "choosin/g…",
    "托管/代出")."""
    page = new_page(locale=locale)
    page.emulate_media(reduced_motion="reduce")  # no card flying over the reveal while it is measured
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "six_nimmt", seats=5, bots=True)
    start(page)

    def picking():
        for phone in PHONES:
            resize(page, phone)
            got = page.evaluate(COVERED, [f"{SN_PLAYERS}, .sn-rev", True])
            assert not got["covered"], f"picking at {phone}, each scrolled to: {got}"
            broken = page.evaluate(BROKEN, SN_LABELS)
            assert not broken, broken

    to_row_choice(page, picking)
    for phone in PHONES:
        resize(page, phone)
        page.evaluate("window.scrollTo(0, 0)")
        mine = page.locator('[data-testid="reveal"] .sn-rev.choosing').get_attribute("data-card")
        expect(page.get_by_test_id("prompt")).to_contain_text(mine)  # "Your card 8 is lower than every row…"
        got = page.evaluate(COVERED, ['[data-testid="prompt"], .sn-take', False])
        assert not got["covered"] and not got["off"], f"taking a row at {phone}, at the top: {got}"
        got = page.evaluate(COVERED, [f"{SN_PLAYERS}, .sn-rev", True])
        assert not got["covered"], f"taking a row at {phone}, each scrolled to: {got}"
        assert len(page.locator(SN_PLAYERS).all()) == 5
        broken = page.evaluate(BROKEN, SN_LABELS)
        assert not broken, broken
        fits(page)
        clear_of_bars(page, ".sn-players .sn-player, .sn-rev", 5)
        page.evaluate("window.scrollTo(0, 0)")
        got = page.evaluate(ROWS_AND_PROMPT)
        assert got["ok"], (phone, got)


#: Yahtzee's score card as the page stands: how many of its rows
#: (categories and the total) are wholly between the status bar and the
#: controls' bar pinned to the screen's foot, and the bars' boxes.
YZ_ROWS_SEEN = js("phone_layout/yz_rows_seen")


@pytest.mark.viewport(PHONES[0])
@pytest.mark.parametrize("seats", [4, 6])
def test_yahtzee_s_pinned_controls_leave_the_whole_score_card_in_sight(new_page, lobby, seats):
    """Four and six seats at 360x740 and 390x844, one page resized (the pinned
    dice, Roll and the score choices left only Chance to Twos, 4 of the
    card's 16 rows, in sight; later still Four of a kind to Total,
    5 rows, hidden at 360x740 with six seats, the bar repeating the card's
    score buttons): before and after rolling, the page as it stands, all 16
    rows are on screen above the pinned bar, which holds the dice and Roll
    only; every score I can take is the card's own button, on screen.  In
    English and in 中文 (the language button draws the table again): before
    rolling English then 中文, rolled 中文 then English."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "yahtzee", seats=seats, bots=True)
    start(page)
    roll = page.locator('[data-testid="roll"]:enabled')
    expect(roll).to_be_visible()
    for locale in ("en-US", "zh-CN"):
        if locale != "en-US":
            switch_language(page, locale)
            expect(roll).to_be_visible()
        for phone in PHONES:
            resize(page, phone)
            page.evaluate("window.scrollTo(0, 0)")
            got = page.evaluate(YZ_ROWS_SEEN)
            assert got["rows"] == 16 and got["seen"] == 16, f"before rolling at {phone} in {locale}: {got}"
    roll.click()
    offers = page.locator('button[data-testid^="score-"]')
    expect(offers).to_have_count(15)
    for locale in ("zh-CN", "en-US"):  # rolled: 中文 (the page's language now), then English
        if locale == "en-US":
            switch_language(page, locale)
            expect(offers).to_have_count(15)
        for phone in PHONES:
            resize(page, phone)
            page.evaluate("window.scrollTo(0, 0)")
            got = page.evaluate(YZ_ROWS_SEEN)
            assert got["seen"] == 16, f"rolled at {phone} in {locale}: {got}"
            for i in range(5):
                assert on_screen(page.get_by_test_id(f"die-{i}")), f"die {i} is off screen at {phone}"
            assert on_screen(page.get_by_test_id("roll")), f"Roll is off screen at {phone}"
            assert not page.locator('[data-testid^="choice-"]:visible').count(), "the bar repeats the card's score buttons"
            off = [b.get_attribute("data-testid") for b in offers.all() if not on_screen(b) or covered(page, b)]
            assert not off, f"score buttons off screen or under the bar at {phone}: {off}"
            broken = page.evaluate(BROKEN, ".yz-card tbody .cat-name")
            assert not broken, broken
            fits(page)


#: Draw table `id`'s live Yahtzee view again, its seats named `names` (seat
#: 0 keeps mine), on the felt; each score-card column head's name: its full
#: name (title), text, writing mode and transform up to its cell, whether its
#: characters are on one line, how many of them from the first are drawn
#: wholly inside both the name's box and its cell (the rest cut off by the
#: ellipsis), whether it overflows and its text-overflow; whether its cell is
#: marked mine with the "you" badge; and the full-names list's entries, each
#: with whether it is drawn whole.
YZ_HEADS = REDRAW_HEAD.replace("[id, game]", "[id, game, names]") + js("phone_layout/yz_heads")

YZ_NAMES_4 = ["Bartholomew", "小明", "Ada"]


@pytest.mark.page_modules
@pytest.mark.viewport(PHONES[0])
def test_yahtzee_s_column_heads_write_names_across(new_page, lobby):
    """The score card's column heads on a phone (Latin
    names ran down their column, turned a quarter, hard to read; an earlier
    one had "小明" upside down): in a card of 4 and of 6 columns every name
    is written across, never turned, on one line (no word broken), at least
    its first 4 characters drawn, a longer one cut with an ellipsis, the
    full name in its title and, whole, in the list of players under the
    card; my column is marked mine (the "you" badge); at each phone size
    (the page resized to each of PHONES), in English and in 中文 (the
    language button draws the table again).  This replaces the
    test of names turned a quarter (test_yahtzee_s_column_heads_show_whole_
    names_the_right_way_up)."""
    page = new_page()
    sign_in(page, lobby, "Alexandra")
    table_id = open_table(page, "yahtzee", seats=6, bots=True)
    start(page)
    expect_status(page, "playing")
    for locale in ("en-US", "zh-CN"):
        if locale != "en-US":
            switch_language(page, locale)
            expect_status(page, "playing")
        for phone in each_phone(page):
            for names in (["Alexandra", *YZ_NAMES_4], ["Alexandra", *YZ_NAMES_4, "Phoebe Marguerite", "Konstantinos"]):
                got = page.evaluate(YZ_HEADS, [table_id, "yahtzee", names])
                heads = got["heads"]
                assert [x["title"] for x in heads] == names and [x["text"] for x in heads] == names, (locale, phone, heads)
                bad = [x for x in heads if x["turned"] or not x["line"] or x["shown"] < min(4, len(x["text"])) or (x["over"] and x["ellipsis"] != "ellipsis")]
                assert not bad, (locale, phone, len(names), bad)
                assert heads[0]["mine"] and not any(x["mine"] for x in heads[1:]), (locale, phone, heads)
                assert [x["text"] for x in got["list"]] == names and all(x["whole"] for x in got["list"]), (locale, phone, got["list"])
            fits(page, phone)


#: Draw table `id`'s finished 6 Nimmt! view again with ten rounds of
#: history and seat 0 named NAME (replaced by the test), on the felt; the
#: standings' right edge, the viewport's width and the right edge of the box
#: it sits in, and each row's rounds line.
LONG_STANDINGS = REDRAW_HEAD + js("phone_layout/long_standings")


# ---------------------------------------------------------------------------
# Tables, popovers and results that fit
#
# At 360x740 and 390x844: tables that scrolled sideways
# inside their box, words split mid-word, a result under the pinned Play
# again bar and a blank gap on the home page.
#
# * Shut the Box's players table after a three-round match was 413 px wide
# in a 324 px box (the R3 column's mark cut, "Rounds won" off screen): at
# every seat count (2..8) and round count (3..20) it fits its box with no
# sideways scroll. * The record popover (the header's coins) split game
# names ("Sibal|a") and let its Score column spill out of the card: it fits,
# every word whole. * Sibala's last round result sat half under the pinned
# Play again bar: at the match's end it is on the first screen, above the
# bar. * The sign-in card had a blank gap between its heading and its help
# line.
# ---------------------------------------------------------------------------


#: Table `id`'s finished Shut the Box view drawn again, in the felt, with
#: [seats, rounds, stake]: seats copied from the live two (long names), every
#: round played with scores of two digits, wins and coins set.  The players
#: table's width, its box's width and scroll width, and cells outside the box.
STB_WIDE = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, n, rounds, stake]) => {") + js("phone_layout/stb_wide")


@pytest.mark.page_modules
@pytest.mark.viewport(PHONES[0])
def test_shut_the_box_s_players_table_fits_a_phone_at_every_size(new_page, lobby):
    """At each phone size (the page resized to each of PHONES)."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "shut_the_box", seats=2, turn_s=0.3, options={"rounds": 3}, bots=True)
    start(page)
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=60_000)  # my timeouts and the bot play three rounds
    wrap = page.locator(".stb-players-wrap")
    table_id = page.get_by_test_id("table-screen").get_attribute("data-table")
    for phone in each_phone(page):
        got = wrap.evaluate("el => ({scroll: el.scrollWidth, width: el.clientWidth})")
        assert got["scroll"] <= got["width"], f"the three-round table scrolls sideways at {phone}: {got}"
        fits(page, phone)
    for phone in each_phone(page):  # these draw the view again with other seats and rounds
        for n in (2, 5, 8):
            for rounds, stake in ((3, 0), (5, 100), (20, 5000)):
                got = page.evaluate(STB_WIDE, [table_id, "shut_the_box", n, rounds, stake])
                assert got["scroll"] <= got["box"] and not got["out"], f"{phone}: {n} seats, {rounds} rounds, stake {stake}: {got}"


#: The record popover's rows drawn from these stats (its own renderStats).
STATS = {
    f"{g}:{f}": v
    for g in ("sibala", "yahtzee", "shut_the_box", "six_nimmt", "stud")
    for f, v in (("games", 1234), ("wins", 617), ("losses", 617), ("escapes", 12), ("disconnects", 101), ("score", -123456))
}


@pytest.mark.page_modules
@pytest.mark.viewport(PHONES[0])
def test_the_record_popover_fits_a_phone_with_words_whole(new_page, lobby):
    """At each phone size (the page resized to each of PHONES), in English
    and then in 中文 (the language button, the popover opened again)."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    page.get_by_test_id("coins").click()
    expect(page.get_by_test_id("stats-popover")).to_be_visible()
    # The click also asked the server for our record again; its reply (no
    # games) may land after these rows are drawn and would draw over them,
    # so they are drawn again after every reply (the header's own listener
    # runs first).
    page.evaluate("""async (stats) => {
      const { renderStats } = await import('/static/header.js');
      const net = window.lobby.net;
      const draw = () => { net.stats = stats; renderStats(); };
      net.on('me', draw);
      draw();
    }""", STATS)
    for locale in ("en-US", "zh-CN"):
        if locale != "en-US":
            switch_language(page, locale)
            if not page.get_by_test_id("stats-popover").is_visible():
                page.get_by_test_id("coins").click()
        expect(page.get_by_test_id("stats-popover")).to_be_visible()
        expect(page.get_by_test_id("stats-table")).to_be_visible()
        expect(page.get_by_test_id("stats-sibala")).to_be_visible()
        for phone in each_phone(page):
            card = page.get_by_test_id("stats-popover").evaluate(
                "el => { const r = el.getBoundingClientRect(); const t = el.querySelector('table').getBoundingClientRect(); return {card: [r.left, r.right], table: [t.left, t.right], cs: el.clientWidth, ss: el.scrollWidth}; }"
            )
            assert card["table"][0] >= card["card"][0] and card["table"][1] <= card["card"][1] and card["ss"] <= card["cs"], (locale, phone, card)
            assert page.evaluate(BROKEN, ".stats-popover th, .stats-popover td") == [], (locale, phone)
            fits(page, (locale, phone))


@pytest.mark.viewport(PHONES[0])
def test_sibala_s_last_round_result_is_above_the_play_again_bar(new_page, lobby):
    """Three seats (two bots beside me): at the match's end
    the winner and the last round's result line are both on the first
    screen, clear of the pinned bar, at each phone size (the page resized
    to each of PHONES)."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "sibala", seats=3, turn_s=0.3, options={"rounds": 2}, bots=True)
    start(page)
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=60_000)
    for phone in each_phone(page):
        page.evaluate("window.scrollTo(0, 0)")
        for what in ("winners", "result-line"):
            el = page.get_by_test_id(what)
            expect(el).not_to_be_empty()
            assert el.evaluate(ABOVE_BAR), f"{what} is not above the Play again bar at {phone}: {el.bounding_box()}"


@pytest.mark.viewport(PHONES[0])
def test_the_sign_in_card_has_no_blank_gap_under_its_heading(new_page, lobby):
    """The guest card's heading and its help line are as close as the
    account card's heading and its first label, at each phone size (the
    page resized to each of PHONES), in English and then in 中文 (the
    language button)."""
    page = new_page()
    page.goto(lobby.http)
    for locale in ("en-US", "zh-CN"):
        if locale != "en-US":
            switch_language(page, locale)
        expect(page.get_by_test_id("sign-in-form")).to_be_visible()
        for phone in each_phone(page):
            sign_in_gaps_alike(page, (locale, phone))


def sign_in_gaps_alike(page, phone: dict) -> None:
    """The sign-in screen's two cards: the gap under the guest card's
    heading is no wider than the account card's (at ``phone``)."""
    gaps = page.evaluate("""() => [...document.querySelectorAll('.signin')].map((card) => {
      const head = card.querySelector('h2').getBoundingClientRect();
      const next = card.querySelector('h2').nextElementSibling.getBoundingClientRect();
      return next.top - head.bottom;
    })""")
    assert len(gaps) == 2 and gaps[0] <= gaps[1] + 2, f"{phone}: gap under the guest heading {gaps[0]:.0f} px, the account heading's {gaps[1]:.0f} px"


# ---------------------------------------------------------------------------
# Nothing stays under a pinned bar
#
# Phones: a bar pinned to the screen (the status bar at the felt's top; what
# you act with at its foot: 6 Nimmt!'s hand or row-choice instruction,
# stud's betting panel with the pot, Yahtzee's dice bar, Sibala's and Shut
# the Box's buttons; after a game, Play again) hides nothing for good. Every
# line of the players list and the standings, scrolled to (scrollIntoView:
# its top, its bottom, nearest from the page's top), has its whole box clear
# of every pinned bar; and while I must take a row in 6 Nimmt!, the four
# rows and the instruction are all on screen at once without scrolling. Both
# languages, 360x740 and 390x844. (On my turn at each game's largest table
# the players list is checked by the first section's full-table test, on the
# same table as the controls.)
# ---------------------------------------------------------------------------


LOCALES = ["en-US", "zh-CN"]

#: For each element of ``sel``, for each way of scrolling to it, the pinned
#: bars (computed position sticky or fixed, drawn, not containing it) whose
#: box shares area with its box: "element (how) under bar" lines, and how
#: many elements were measured.
UNDER_BARS = js("phone_layout/under_bars")


def clear_of_bars(page, sel: str, least: int) -> None:
    got = page.evaluate(UNDER_BARS, sel)
    assert got["n"] >= least and not got["out"], got


#: game -> its players list's and standings' lines (the seats and what I
#: act with: GAMES, each game's largest table)
LINES = {
    "sibala": "[data-testid=seats] .seat",
    "stud": "[data-testid=seats] .stud-seat",
    "six_nimmt": ".sn-players .sn-player, .sn-rev",
    "yahtzee": "[data-testid=score-card] tr, [data-testid=yz-seats] li",
    "shut_the_box": "[data-testid=players] tr",
}


# ---------------------------------------------------------------------------
# A name keeps room beside its badges
#
# A name keeps room beside its badges on a phone: on every game's seats and
# score tables, at 360 and 390 px, with my long name and both badges (and a
# bot's badge on the others), every name shows at least 4 characters (or all
# of it): the badges wrap under the name instead; a seat's number stays on
# one line ("#10" broke over two in 6 Nimmt!'s ten seats).
# ---------------------------------------------------------------------------


#: game -> seats: its largest table (the narrowest columns)
LARGEST_TABLES = {"sibala": 6, "stud": 4, "six_nimmt": 10, "yahtzee": 6, "shut_the_box": 8}

#: The live table `id` drawn again by a fresh view in the table's felt, a
#: time's-up notice on my seat (0) while another seat acts; per seat name:
#: its text, how many of its characters show, and whether both my badges are drawn.
NAMES_SHOWN = REDRAW_HEAD + js("phone_layout/names_shown")


#: the seat numbers drawn on more than one line (their text's line boxes)
SEAT_NUMBERS_BROKEN = """() => [...document.querySelectorAll('.seat-no')].filter((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
}).map((el) => el.textContent)"""


@pytest.mark.page_modules
@pytest.mark.viewport(PHONES[0])
@pytest.mark.parametrize("game", list(LARGEST_TABLES))
def test_every_name_shows_beside_two_badges(new_page, lobby, game):
    """At each phone size (the page resized to each of PHONES)."""
    page = new_page()
    sign_in(page, lobby, "Alexandrina Wolfe")
    table_id = open_table(page, game, seats=LARGEST_TABLES[game], bots=True)
    start(page)
    expect(page.get_by_test_id("seat-name-1")).to_be_visible()
    for phone in PHONES:
        resize(page, phone)
        got = page.evaluate(NAMES_SHOWN, [table_id, game])
        assert got["badges"], (phone, got)
        assert got["names"], (phone, got)
        short = [(name, n) for name, n in got["names"] if n < min(4, len(name))]
        assert not short, (phone, got)
        # and every seat's number on one line ("#10", not "#1" over "0")
        broken = page.evaluate(SEAT_NUMBERS_BROKEN)
        assert broken == [], (phone, broken)


# ---------------------------------------------------------------------------
# 6 Nimmt! standings and flying cards, stud coin changes
#
# In English and 中文, at 390x844 and 360x740: 6 Nimmt!'s final standings cut the Total column on a phone; a
# revealed card flying to its row was drawn over the pinned status bar and
# cards stayed in flight after the game ended; 6 Nimmt! had no log (one line
# per reveal now, in the same box, under the same title as every game's).
# ---------------------------------------------------------------------------


#: Draw table `id`'s finished 6 Nimmt! view again with `rounds` rounds of
#: history; for each standings row whether its name and total cells (and
#: their heads) lie inside the box the table scrolls in, as it first shows,
#: and whether the total's head shows its whole word; which names show cut
#: (an ellipsis) and whether the table is wider than its box.  NAME, when not
#: empty, is seat 0's name instead of its own.
STANDINGS_SEEN = REDRAW_HEAD + js("phone_layout/standings_seen")


def standings_seen(page, table_id: str, rounds: int, name: str) -> dict:
    """STANDINGS_SEEN's figures of table ``table_id``'s 6 Nimmt! standings
    drawn again with ``rounds`` rounds and seat 0 named ``name``."""
    return page.evaluate(STANDINGS_SEEN.replace("ROUNDS", str(rounds)).replace("NAME", name), [table_id, "six_nimmt"])


#: the standings' Total head in each language
TOTAL = {"en-US": "Total", "zh-CN": "总分"}


@pytest.mark.page_modules
@pytest.mark.viewport(PHONES[0])
def test_six_nimmt_s_final_standings_fit_a_phone(new_page, lobby):
    """One finished three-seat game (my timeouts, then a bot, play it out),
    at each phone size (the page resized to each of PHONES), in both languages
    (English, then the page switched to 中文 with the language button):

    * the final standings (and the result above them) and the players list,
      scrolled to, are clear of the pinned Play again bar;
    * a 4- or 5-round game's standings ran past their card ('Tota', totals
      cut off) or the screen (at 360), the round headers squeezed to a
      character a line; the CI run of 47c2883 (360x740, a game of many
      rounds): they ran out of the felt, scrolling sideways with no sign.
      A 10-round game's table is no wider than its box (each row's rounds
      are a sum under the name, "5 + 0 + …"), its headers on one line;
    * at 390x844, 4 rounds, the header read 'R1 R2 R3 R4 Tot' and the
      table, 352 px in a 322 px box, scrolled the Total column out of
      sight: in 4- and 5-round games every row's name and total are in
      sight, the total's head its whole word;
    * in 中文 'Ada（机器…', 'Bao（机器…' were cut while the table filled two
      thirds of its card: with 1 to 5 rounds no name shows an ellipsis
      while the table is no wider than its box; a name too long for the
      box is cut, and its row's name and total stay in sight."""
    page = new_page()
    table_id = finished_game(page, lobby, "six_nimmt", name="Phoebe Marguerite", seats=3, options={"end_threshold": 1})
    for locale in TOTAL:
        if locale != "en-US":  # the language button draws the finished table again
            switch_language(page, locale)
        expect(page.get_by_test_id("play-again")).to_be_visible()
        for viewport in PHONES:
            resize(page, viewport)
            clear_of_bars(page, "[data-testid=final-result] > *, [data-testid=standings] tr, .sn-players .sn-player, [data-testid=next-panel] li", 6)
        for viewport in PHONES:  # these draw the view again with other rounds and names
            resize(page, viewport)
            standings_fit(page, table_id, viewport, TOTAL[locale])


def standings_fit(page, table_id: str, viewport: dict, total: str) -> None:
    """A finished 6 Nimmt! game's standings drawn again with 10, then 1 to
    5 rounds, at the page's present size ``viewport``: inside their box,
    names and totals in sight, a name cut only when the table is full."""
    # ten rounds (seat 0 named Ann, the short name the long game was seen with)
    got = page.evaluate(LONG_STANDINGS.replace("NAME", "Ann"), [table_id, "six_nimmt"])
    assert got["right"] <= got["width"] + 0.5 and got["right"] <= got["wrap"] + 0.5, got
    assert all(r.count(" + ") == 9 for r in got["sums"]), got
    assert got["tallest"] <= 2 * got["row"], got
    fits(page)
    # four and five rounds: name and total in sight, the total's head whole
    for rounds in (4, 5):
        got = standings_seen(page, table_id, rounds, "Annabelle")
        assert got["cut"] == [] and got["head"] == total and got["whole"] and got["rounds"] == rounds, (viewport, rounds, got)
    # a name is cut only when the table would overflow its box
    for rounds in range(1, 6):
        got = standings_seen(page, table_id, rounds, "Annabelle")
        assert got["cut"] == [] and (got["names"] == [] or got["wide"]), (viewport, rounds, got)
    longest = "Annabelle-Maximiliane-Wolkenstein-" * 3
    got = standings_seen(page, table_id, 2, longest)
    assert got["cut"] == [] and len(got["names"]) == 1 and got["names"][0].startswith(longest), (viewport, got)


#: Fly row card `card` (as the reveal does: the flying class, a transform)
#: to the centre of the pinned status bar; what the page shows at that centre
#: is the bar's, and the card is drawn there.
FLY_UNDER_BAR = js("phone_layout/fly_under_bar")


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}])
def test_a_flying_card_goes_under_the_pinned_status_bar(new_page, lobby):
    """At 390 px: a revealed card flying to its row was drawn over
    the pinned turn bar ('A bot is pla[20]ing your turn')."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "six_nimmt", seats=2)
    start(page)
    expect(page.locator('[data-testid="hand"] button:enabled').first).to_be_visible()
    got = page.evaluate(FLY_UNDER_BAR)
    assert got["drawn"] and got["bar"], got


#: Row cards still in flight (the flying class, or a running animation) and
#: row cards drawn outside their row's box.
CARDS_OFF_PLACE = js("phone_layout/cards_off_place")


@pytest.mark.parametrize("motion", ["no-preference"])  # cards fly to their rows
@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}])
def test_no_card_is_left_in_flight_when_the_game_ends(new_page, lobby):
    """At 390 px: at game over card 103 stayed drawn over row 4.  A
    ten-seat game's last reveal would fly ten cards one after another (4 s):
    when the game is over every card is in its row at once."""
    page = new_page()
    finished_game(page, lobby, "six_nimmt", seats=10, options={"end_threshold": 1}, timeout=90_000)
    got = page.evaluate(CARDS_OFF_PLACE)
    assert got == {"flying": [], "running": 0, "outside": []}, got


#: The log's lines: text and the forced marks' kinds in each.
LOG_LINES = js("phone_layout/log_lines")

WORDS = {
    "en": {"title": "Log", "turn1": r"^Turn 1: ", "mine": "You: {c}", "other": "Ann: {c}", "turn2": r"^Turn 2: ", "timeout": "Time's up", "mark": "— time's up"},
    "zh": {"title": "记录", "turn1": r"^第 1 回合：", "mine": "你：{c}", "other": "Ann：{c}", "turn2": r"^第 2 回合：", "timeout": "超时", "mark": "——超时"},
}


def test_six_nimmt_has_a_log_of_its_reveals(new_page, lobby):
    """6 Nimmt! had no log; a spectator saw only a small 'time's
    up' tag on a card.  One line per reveal (my own seat 'you', a spectator
    names me), the time's-up pick marked in its line (the shared shape, one
    line per forced move, no line of its own), all there again after a
    reload: in English, then the same lines in 中文 (both pages switched
    with the language button, then reloaded)."""
    w = WORDS["en"]
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    # turns long enough to pick in on a loaded box (a 3 s turn ran out before the first click once)
    table_id = open_table(ann, "six_nimmt", seats=2, turn_s=8)
    bo = new_page()
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    expect(bo.get_by_test_id("spectating")).to_be_visible()
    start(ann)
    # my highest card that goes to a row (one below every row's end would make me take a row first);
    # in the rare deal where every card of mine is below every row, I take a row when asked
    c, to_row = card_to_a_row(ann)
    play_card(ann, c)
    log = ann.get_by_test_id("log")
    expect(log.locator("li").first).to_have_text(re.compile(w["turn1"]))
    if not to_row:
        ann.locator('[data-testid^="take-row-"]:visible').first.click()
    expect(log.locator("li").first).to_contain_text(w["mine"].format(c=c))
    assert ann.get_by_test_id("log").locator("xpath=..").locator("h3").text_content() == w["title"]
    first = ann.evaluate(LOG_LINES)[0]["text"]
    assert w["mine"].format(c=c) in first, first
    expect(bo.get_by_test_id("log").locator("li").first).to_contain_text(w["other"].format(c=c))
    # my second turn runs out: its reveal's line marks my card, a line says so
    expect(log.locator("li", has_text=re.compile(w["turn2"]))).to_have_count(1, timeout=30_000)
    for lang in ("en", "zh"):
        if lang == "zh":  # the same game's lines, the pages switched to 中文
            w = WORDS[lang]
            for page in (ann, bo):
                switch_language(page, "zh-CN")
            expect(log.locator("li").first).to_have_text(re.compile(w["turn1"]))
            assert ann.get_by_test_id("log").locator("xpath=..").locator("h3").text_content() == w["title"]
            assert w["mine"].format(c=c) in ann.evaluate(LOG_LINES)[0]["text"]
            expect(bo.get_by_test_id("log").locator("li").first).to_contain_text(w["other"].format(c=c))
        lines = ann.evaluate(LOG_LINES)
        turn2 = [x for x in lines if re.match(w["turn2"], x["text"])][0]
        assert "log-timeout" in turn2["cls"] and w["mark"] in turn2["text"], lines
        assert not any(x["text"].startswith(w["timeout"]) for x in lines), lines  # one line per forced move
        if lang == "en":
            assert not re.search(r"[\u4e00-\u9fff]", "".join(x["text"] for x in lines)), lines
        else:
            assert not re.search(r"\b(Turn|row|takes|bull|You)\b", "".join(x["text"] for x in lines)), lines
        # a reload shows the same lines (newer ones may follow)
        ann.reload()
        expect(log.locator("li").first).to_have_text(re.compile(w["turn1"]))
        again = ann.evaluate(LOG_LINES)
        assert again[: len(lines)] == lines, (lines, again)


#: For each stud final's coin change: whether its name shows cut (an
#: ellipsis), whether the change fills the line of its box (so it had to be
#: cut), and whether it lies inside that box.
STUD_CHANGES = js("phone_layout/stud_changes")


def test_stud_s_coin_changes_cut_a_name_only_when_its_line_is_full(new_page, lobby):
    """The same kind as 6 Nimmt!'s standings: stud's final cut every name at
    12em, though a phone's card had room for more.  At 360 and 390 a name
    shows an ellipsis only when its change fills its line, and never spills
    out of the box: in English, then the page switched to 中文."""
    page = new_page()
    finished_game(page, lobby, "stud", name="王小明王小明王小明王小明王小明")
    for locale in ("en-US", "zh-CN"):
        if locale != "en-US":
            switch_language(page, locale)
            expect(finished(page)).to_be_visible()
        for phone in PHONES:
            resize(page, phone)
            got = page.evaluate(STUD_CHANGES)
            assert got and all(c["inside"] and (not c["cut"] or c["full"]) for c in got), (locale, phone, got)


# ---------------------------------------------------------------------------
# Names of the longest kind on a phone
#
# A name is at most 24 characters (lobby/text.py MAX_NAME); each game seats
# two people with such names (CJK, whose characters are wide, and "W"s, the
# widest Latin letter, with no break) and a spectator at 360x740: while the
# first turn runs, the page never grows wider than the screen, and each
# page's countdown, naming the other seat (on one page the CJK name, on the
# other the Latin one), stays in sight.
# ---------------------------------------------------------------------------


#: the two players' names, each of the longest a name may be
CJK_NAME, LATIN_NAME = "李小龍" * 8, "W" * 24
#: (game, the first player's name, the second's): 6 Nimmt! both ways round,
#: since there only the first player's page names the other in its countdown
LONG_NAMES = [(game, CJK_NAME, LATIN_NAME) for game in GAMES] + [("six_nimmt", LATIN_NAME, CJK_NAME)]


@pytest.mark.viewport({"width": 360, "height": 740})
@pytest.mark.parametrize(("game", "first", "second"), LONG_NAMES, ids=[f"{g}-{'cjk' if f == CJK_NAME else 'latin'}" for g, f, _ in LONG_NAMES])
def test_the_longest_names_never_widen_a_phone_s_page(new_page, lobby, game, first, second):
    """6 Nimmt!'s countdown pill did not wrap a 24-character name once I
    had picked ("李小龍…: 28.1 s" 458 px wide at 360): the page scrolled
    sideways and the seconds were off screen."""
    ann, bo, cy = new_page(locale="zh-CN"), new_page(), new_page()
    sign_in(ann, lobby, first)
    table_id = open_table(ann, game, seats=2, turn_s=60, bots=False)
    sign_in(bo, lobby, second, f"#table={table_id}")
    sign_in(cy, lobby, "Cy", f"#table={table_id}")
    expect(cy.get_by_test_id("spectating")).to_be_visible()
    for page in (ann, bo, cy):
        page.evaluate(WATCH_WIDTH)
    bo.get_by_test_id("join-table").click()
    for page in (ann, bo, cy):
        expect_status(page, "playing")
    if game == "six_nimmt":  # every seat picks at once: mine goes, Bo's clock runs on
        play_card(ann, int(ann.locator('[data-testid="hand"] button:enabled').first.get_attribute("data-card")))
        expect(ann.get_by_test_id("countdown")).to_contain_text(second[:3])
    for page in (ann, bo, cy):
        countdown = page.get_by_test_id("countdown").first
        expect(countdown).not_to_be_empty()
        page.evaluate("window.scrollTo(0, 0)")
        fits(page)
        assert on_screen(countdown), f"the countdown is off screen: {countdown.bounding_box()}"
        wide = page.evaluate("window.tooWide")
        assert not wide, f"wider than the screen: {wide}"
