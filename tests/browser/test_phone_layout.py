"""Phones (issue #15 item 1): every game at its largest table, the lobby and
the replay viewer fit 360 and 390 px wide with no horizontal scroll, and
while it is your turn the turn line, the countdown and your controls are on
screen without scrolling, and stay there wherever you scroll; at a game's
end who won is on the first screen, above the pinned Play again bar.

Each table is opened with the most seats the game takes, bots in the
others, so the widest board of each game is the one measured.

The table's page head is short on a phone (issue #15, final fresh pass: the
felt started at 351 px of 740): the felt begins in the screen's first
quarter, so most of the screen is the game.

Each game's own board on a phone (stud's betting panel, Yahtzee's score
card, 6 Nimmt!'s pinned bar and standings) is in test_phone_boards.py: two
files, so that the two pytest-xdist workers (whole files to each) share
the phone tests.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, play_to_end, sign_in, start, started_table

pytestmark = SINGLE_REDIS

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]

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
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const felt = document.querySelector('.table-body');
  const edge = felt ? felt.getBoundingClientRect() : null;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const card = el.parentElement && el.parentElement.closest('.seat, .stud-seat');
    const box = card ? card.getBoundingClientRect() : null;
    const [left, right] = box ? [box.left, box.right] : edge && felt.contains(el) && el !== felt ? [edge.left, edge.right] : [0, width];
    if (r.right > right + 0.5 || r.left < left - 0.5) {
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${el.dataset.testid || ''}] ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  const texts = [];  // text running past the screen's edge, out of a box that does not
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), range = document.createRange();
  for (let node; (node = walker.nextNode()); ) {
    range.selectNodeContents(node);
    if (range.getBoundingClientRect().right > width + 0.5) texts.push(`${node.parentElement.className}[${node.parentElement.dataset.testid || ''}]: ${node.data.slice(0, 60)}`);
  }
  return {scroll: document.scrollingElement.scrollWidth, width, out: out.slice(0, 8), texts: texts.slice(0, 4)};
}"""

ON_SCREEN = """el => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= document.documentElement.clientWidth; }"""


#: Record OVERFLOW's figures (window.badgeFit) when my seat's time's-up mark is first drawn
#: (Sibala's one mark is on the dice the clock rolled: test_sibala_notice_and_mark_browser.py).
BADGE_FIT = """(overflow) => {
  const check = eval(overflow);
  window.badgeFit = null;
  new MutationObserver(() => {
    if (window.badgeFit === null && document.querySelector('[data-testid="seats"] .seat.me :is(.badge-timeout, .forced-timeout)')) window.badgeFit = check();
  }).observe(document.body, { subtree: true, childList: true });
}"""


def fits(page) -> None:
    """No horizontal scroll, no element wider than the viewport."""
    got = page.evaluate(OVERFLOW)
    assert got["scroll"] <= got["width"] and not got["out"], got


def on_screen(locator) -> bool:
    """Whether the element is inside the viewport as the page stands (no scrolling)."""
    return locator.evaluate(ON_SCREEN)


@pytest.fixture(params=PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
def viewport(request) -> dict:
    return request.param


#: The felt's top may be at most this part of the screen's height: the
#: header (two lines at a table) and the table's head (its name with Rules,
#: Leave and Back; the game, status and seat in small type) take about a
#: fifth of a 360x740 screen; a quarter leaves room for a longer name's
#: wrap and nothing more.
FELT_TOP = 0.25


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_full_table_fits_a_phone_and_keeps_your_controls_on_screen(new_page, lobby, game, locale):
    seats, control, suffix = GAMES[game]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Phoebe Marguerite")
    fits(page)
    open_table(page, game, seats=seats, bots=True)
    start(page)
    act = page.locator(f'[data-testid="{control}"]{suffix}').first
    expect(act).to_be_visible()  # your turn (6 Nimmt!: every seat picks at once)
    page.evaluate("window.scrollTo(0, 0)")
    fits(page)
    # the game starts high on the screen: the head above the felt is short
    felt_top, height = page.evaluate("[document.querySelector('.table-body').getBoundingClientRect().top, innerHeight]")
    assert felt_top <= FELT_TOP * height, f"the felt starts at {felt_top:.0f} px of {height}"
    for what in ("turn", "countdown"):
        assert on_screen(page.get_by_test_id(what).first), f"{what} is off screen"
    assert on_screen(act), f"{control} is off screen"
    # scrolled down to the score card, the log: the controls come along (the fresh pass: Yahtzee's Roll was 140 px above the screen)
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    for what in ("turn", "countdown"):
        assert on_screen(page.get_by_test_id(what).first), f"{what} is off screen at the bottom"
    assert on_screen(act), f"{control} is off screen at the bottom"
    # a long game's log (the felt's last part, made 1500 px tall here), its
    # end scrolled to: the controls still come along (中文 at 360x740 with CJK
    # fonts: Shut the Box's Roll bar stayed behind with the board it sat in
    # once the players list and the log filled the screen)
    log = page.get_by_test_id("log").first
    log.evaluate("el => { el.style.minHeight = '1500px'; el.scrollIntoView({block: 'end'}); }")
    for what in ("turn", "countdown"):
        assert on_screen(page.get_by_test_id(what).first), f"{what} is off screen at the end of a long log"
    assert on_screen(act), f"{control} is off screen at the end of a long log"
    log.evaluate("el => { el.style.minHeight = ''; }")
    if game == "six_nimmt":
        cards = page.locator('[data-testid="hand"] button')
        assert cards.count() == 10
        assert all(on_screen(cards.nth(i)) for i in range(10)), "part of the hand is off screen"


def test_the_lobby_screens_fit_a_phone(new_page, lobby):
    page = new_page()
    page.goto(lobby.http)
    fits(page)  # sign-in
    sign_in(page, lobby, "Phoebe Marguerite")
    for game in GAMES:
        page.get_by_test_id(f"game-{game}").click()
        expect(page.get_by_test_id("open-table")).to_be_visible()
        fits(page)
        page.go_back()
        expect(page.get_by_test_id(f"game-{game}")).to_be_visible()
    page.get_by_test_id("account-link").click()  # the claim form (issue #16)
    expect(page.get_by_test_id("claim-form")).to_be_visible()
    fits(page)
    page.goto(f"{lobby.http}/#leaderboard=sibala")
    expect(page.get_by_test_id("lb-you")).to_be_visible()
    fits(page)
    page.get_by_test_id("lang-switch").click()
    fits(page)


def test_the_replay_viewer_fits_a_phone(new_page, lobby):
    page = new_page()
    table_id = started_table(page, lobby, "Phoebe Marguerite", "sibala", seats=6, options={"rounds": 1})
    play_to_end(page, max_turns=20)
    page.goto(f"{lobby.http}/#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    fits(page)
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()
    fits(page)


def test_a_time_s_up_badge_stays_inside_its_seat(new_page, lobby):
    """The mark a timeout puts on a seat wraps in its seat on a phone
    (found by the new-user pass: the badge stuck out past the card and the
    screen; Sibala's one mark is now the dice's, beside the hand's words)."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "sibala", seats=2, turn_s=1, bots=True)
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
ABOVE_BAR = """el => { const r = el.getBoundingClientRect();
  const bar = document.querySelector('.next-actions').getBoundingClientRect();
  return r.top >= 0 && r.bottom <= Math.min(innerHeight, bar.top); }"""


@pytest.mark.parametrize("game", list(SHORT))
def test_after_a_game_the_winner_and_play_again_are_on_screen(new_page, lobby, game):
    """After a game, who won is on the first screen, above the pinned Play
    again bar (the fresh pass: Sibala, Shut the Box and stud showed the last
    round there and the winner below the fold); Play again and Leave are on
    screen wherever the page stands (the next-game panel is below the
    felt), and the record popup (the header's coins) fits the screen."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, game, seats=2, turn_s=1, options=SHORT[game], bots=True)
    start(page)
    again = page.get_by_test_id("play-again")
    expect(again).to_be_visible(timeout=60_000)  # my timeouts, then a bot, play it out
    page.evaluate("window.scrollTo(0, 0)")
    winners = page.get_by_test_id("winners")
    expect(winners).not_to_be_empty()
    assert winners.evaluate(ABOVE_BAR), f"the winner is not on the first screen: {winners.bounding_box()}"
    for y in ("0", "document.scrollingElement.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert on_screen(again), f"Play again is off screen (scrolled to {y})"
        assert on_screen(page.get_by_test_id("next-leave")), f"Leave is off screen (scrolled to {y})"
    fits(page)
    page.get_by_test_id("coins").click()  # my record, this game's row in it, fits too
    expect(page.get_by_test_id(f"stats-{game}")).to_be_visible()
    fits(page)


#: Record (window.tooWide, the first 3) the page's scroll width and the
#: texts that run past the screen's edge wherever a change leaves the page
#: wider than the screen.  Run in a page that stays (a single-page app: the
#: table screen comes in its place).
WATCH_WIDTH = """() => {
  window.tooWide = [];
  new MutationObserver(() => {
    const scroll = document.scrollingElement.scrollWidth, width = document.documentElement.clientWidth;
    if (scroll <= width || window.tooWide.length >= 3) return;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), range = document.createRange(), past = [];
    for (let node; (node = walker.nextNode()); ) {
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().right > width + 0.5) past.push(`${node.parentElement.className}: ${node.data}`);
    }
    window.tooWide.push(`${scroll} > ${width}: ${past.join(' | ')}`);
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


def test_long_names_in_the_rating_lines_fit_a_phone(new_page, lobby):
    """Each rated seat's line under the result names its player: a name of
    24 letters with no break made a 390 px page 458 px wide (third break-it
    pass); the lines wrap inside the screen.  While the game ran, the
    status bar's turn line and countdown ("WWW…a to act", "WWW…a: 0.9 s")
    made the page 423 px wide (a CI run caught it in the result's first
    frame): no frame of the game is wider than the screen."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "W" * 23 + "a")
    table_id = open_table(ann, "sibala", seats=2, turn_s=1, options=SHORT["sibala"], bots=False)
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
