"""Phones (issue #15 item 1): every game at its largest table, the lobby and
the replay viewer fit 360 and 390 px wide with no horizontal scroll, and
while it is your turn the turn line, the countdown and your controls are on
screen without scrolling, and stay there wherever you scroll; at a game's
end who won is on the first screen, above the pinned Play again bar.

Each table is opened with the most seats the game takes, bots in the
others, so the widest board of each game is the one measured.

The table's page head is short on a phone (issue #15, final fresh pass: the
felt started at 351 px of 740): the felt begins in the screen's first
quarter, so most of the screen is the game. Five-card stud's betting panel,
pinned to the screen's foot while you act, covers no card of any seat
(element boxes, not pictures).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, expect_status, finished, open_table, play_to_end, sign_in, start, started_table, stud_turns

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
  return {scroll: document.scrollingElement.scrollWidth, width, out: out.slice(0, 8)};
}"""

ON_SCREEN = """el => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= document.documentElement.clientWidth; }"""


#: Record OVERFLOW's figures (window.badgeFit) when my seat's time's-up badge is first drawn.
BADGE_FIT = """(overflow) => {
  const check = eval(overflow);
  window.badgeFit = null;
  new MutationObserver(() => {
    if (window.badgeFit === null && document.querySelector('[data-testid="seats"] .seat.me .badge-timeout')) window.badgeFit = check();
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
    if game == "six_nimmt":
        cards = page.locator('[data-testid="hand"] button')
        assert cards.count() == 10
        assert all(on_screen(cards.nth(i)) for i in range(10)), "part of the hand is off screen"


#: Five-card stud on my turn: the box (top, bottom, left, right) of every card
#: of every seat, of the betting panel (pot and controls), of each control,
#: the pot and the status bar; the viewport's size.
STUD_BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, id: el.dataset.testid || el.className}; };
  const all = (sel) => [...document.querySelectorAll(sel)].map(box);
  return {
    cards: all('[data-testid=seats] .pcard'),
    panel: box(document.querySelector('.stud-middle')),
    controls: all('[data-testid=actions] button, [data-testid=actions] input'),
    pot: box(document.querySelector('[data-testid=pot]')),
    bar: box(document.querySelector('.table-body .statusbar')),
    chooser: !!document.querySelector('[data-testid=amount]'),
    width: document.documentElement.clientWidth, height: innerHeight,
  };
}"""


def overlap(a: dict, b: dict) -> bool:
    """Whether two boxes of STUD_BOXES share any area."""
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def inside(box: dict, got: dict) -> bool:
    """Whether a box of STUD_BOXES is wholly inside the viewport."""
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= got["height"] + 0.5 and box["right"] <= got["width"] + 0.5


@pytest.mark.parametrize(
    ("viewport", "seats", "locale"),
    [
        ({"width": 360, "height": 740}, 2, "en-US"),
        ({"width": 360, "height": 740}, 4, "en-US"),
        ({"width": 360, "height": 740}, 4, "zh-CN"),
        ({"width": 390, "height": 844}, 4, "en-US"),
        ({"width": 320, "height": 640}, 2, "en-US"),
    ],
    ids=["360x740-2", "360x740-4", "360x740-4-zh", "390x844-4", "320x640-2"],
)
def test_stud_s_betting_panel_covers_no_card(new_page, lobby, viewport, seats, locale):
    """At each of my turns of a hand (checking or calling), as the page
    stands when the turn comes: every card of every seat (my hole card, all
    up cards, the slots of cards to come), the betting panel and each of its
    controls are inside the screen, and no card is under the panel or the
    status bar, nor the pot over a control (the final fresh pass: at 360x740
    the panel, pinned to the screen's foot, covered the lower seats' cards).
    Four seats are stud's most (RULES.md 2)."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "stud", seats=seats, bots=True)
    start(page)
    turns = chooser = 0
    for _ in stud_turns(page, lambda: chooser):
        turns += 1
        got = page.evaluate(STUD_BOXES)
        chooser += got["chooser"]
        assert len(got["cards"]) >= 2 * seats, got["cards"]  # a hole and an up card each at least
        off = [b["id"] for b in [*got["cards"], got["panel"], *got["controls"]] if not inside(b, got)]
        assert not off, f"off screen on turn {turns}: {off} ({got})"
        covered = [c["id"] for c in got["cards"] if overlap(c, got["panel"]) or overlap(c, got["bar"])]
        assert not covered, f"cards under the panel or the status bar on turn {turns}: {covered} ({got})"
        assert not [c["id"] for c in got["controls"] if overlap(c, got["pot"])], f"the pot covers a control: {got}"
        fits(page)
    assert turns >= 1 and chooser >= 1


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
    """The badge a timeout puts on a seat wraps under the name on a phone
    (found by the new-user pass: it stuck out past the card and the screen)."""
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


def test_yahtzee_scores_without_scrolling(new_page, lobby):
    """Rolled, a Yahtzee player holds dice, rolls again or scores: the dice,
    Roll and every score the card offers are on screen at once (the card
    itself is below the dice: its choices come to the controls' bar)."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "yahtzee", seats=6, bots=True)
    start(page)
    page.locator('[data-testid="roll"]:enabled').click()
    offers = page.locator('button[data-testid^="score-"]')
    expect(offers).to_have_count(15)  # the first turn: every category is open
    page.evaluate("window.scrollTo(0, 0)")
    fits(page)
    for i in range(5):
        assert on_screen(page.get_by_test_id(f"die-{i}")), f"die {i} is off screen"
    assert on_screen(page.get_by_test_id("roll")), "Roll is off screen"
    cats = [b.get_attribute("data-testid").removeprefix("score-") for b in offers.all()]
    choices = {cat: page.get_by_test_id(f"choice-{cat}") for cat in cats}
    off = [cat for cat, c in choices.items() if not (c.is_visible() and on_screen(c))]
    assert not off, f"score choices off screen: {off}"
    points = choices["chance"].get_attribute("data-points")
    choices["chance"].click()
    expect(page.get_by_test_id("cell-0-chance")).to_have_attribute("data-score", points)


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


def test_long_names_in_the_rating_lines_fit_a_phone(new_page, lobby):
    """Each rated seat's line under the result names its player: a name of
    24 letters with no break made a 390 px page 458 px wide (third break-it
    pass); the lines wrap inside the screen."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "W" * 23 + "a")
    table_id = open_table(ann, "sibala", seats=2, turn_s=1, options=SHORT["sibala"], bots=False)
    sign_in(bo, lobby, "W" * 23 + "b")
    bo.get_by_test_id("game-sibala").click()
    bo.get_by_test_id(f"join-{table_id}").click()
    for page in (ann, bo):
        expect(page.get_by_test_id("rating-changes")).to_be_visible(timeout=60_000)  # our timeouts play it out
        expect(page.get_by_test_id("rating-change-1")).to_contain_text("W" * 23 + "b")
        fits(page)


#: Elements of ``sel`` whose middle is under something else (a pinned bar
#: over them), and those off screen (``off``): as the page stands, or with
#: ``scroll``, each scrolled to the screen's middle (as far as the page goes).
COVERED = """([sel, scroll]) => {
  const covered = [], off = [];
  for (const el of document.querySelectorAll(sel)) {
    if (scroll) el.scrollIntoView({block: 'center'});
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const name = `${el.className}[${el.dataset.testid || el.dataset.seat || ''}]`;
    if (y < 0 || y > innerHeight) { off.push(name); continue; }
    const top = document.elementFromPoint(x, y);
    if (!top || !(el.contains(top) || top.contains(el))) covered.push(`${name} under ${top && top.className}`);
  }
  return {covered, off};
}"""

#: Short labels of ``sel`` with a word broken across lines ("收/走",
#: "choosin/g…", "托管/代出": a label's run of characters between spaces is
#: one word, CJK too) or sticking out of their box.
BROKEN = """(sel) => {
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (!el.getClientRects().length || !el.textContent.trim()) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let word = [], lines = new Set(), split = [];
    const close = () => { if (lines.size > 1) split.push(word.join('')); word = []; lines = new Set(); };
    for (let node; (node = walker.nextNode()); ) {
      for (let i = 0; i < node.data.length; i++) {
        if (/\\s/.test(node.data[i])) { close(); continue; }
        range.setStart(node, i); range.setEnd(node, i + 1);
        const r = range.getClientRects()[0];
        if (r) lines.add(Math.round(r.top + r.height / 2));
        word.push(node.data[i]);
      }
    }
    close();
    if (split.length || el.scrollWidth > el.clientWidth + 1) out.push(`${el.className}: ${el.textContent} (broken: ${split}; ${el.scrollWidth}/${el.clientWidth})`);
  }
  return out;
}"""

SN_LABELS = ".sn-take, .sn-rev-out, .sn-rev-timeout, .sn-players .badge, .sn-row-label"
SN_PLAYERS = ".sn-players .sn-player:not(.sn-player-head)"


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_six_nimmt_s_pinned_bar_leaves_the_row_choice_and_the_players_in_sight(new_page, lobby, viewport, locale):
    """6 Nimmt! at five seats on a phone (the fresh pass at 360x740): while I
    pick, the hand is pinned to the screen's foot, and every player's line
    and each revealed card, scrolled to, are clear of it; while I must take
    a row, the instruction is pinned instead (the hand cannot be played
    then): on screen and clear with the rows' Take buttons at the top, and
    the reveal and every player's line, scrolled to, clear. No short label
    (Take, a reveal's status or time's-up tag, a badge) breaks inside a
    word ("收/走", "choosin/g…", "托管/代出")."""
    page = new_page(locale=locale)
    page.emulate_media(reduced_motion="reduce")  # no card flying over the reveal while it is measured
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "six_nimmt", seats=5, bots=True)
    start(page)
    cards = page.locator('[data-testid="hand"] button:enabled')
    takes = page.locator('[data-testid^="take-row-"]:visible')
    for _ in range(30):
        expect(cards.first.or_(takes.first)).to_be_visible()
        if takes.count():
            break
        got = page.evaluate(COVERED, [f"{SN_PLAYERS}, .sn-rev", True])
        assert not got["covered"], f"picking, each scrolled to: {got}"
        broken = page.evaluate(BROKEN, SN_LABELS)
        assert not broken, broken
        # the lowest card when it is below every row (then a row is mine to take), else the highest
        targets = cards.evaluate_all("els => els.map(e => [Number(e.dataset.card), e.dataset.target])")
        low = min(targets)
        card = low[0] if low[1] == "" else max(targets)[0]
        page.get_by_test_id(f"hand-card-{card}").click()
        expect(page.get_by_test_id(f"hand-card-{card}")).to_be_hidden()
    else:
        raise AssertionError("no row to take in 30 turns")
    expect(takes).to_have_count(4)
    page.evaluate("window.scrollTo(0, 0)")
    mine = page.locator('[data-testid="reveal"] .sn-rev.choosing').get_attribute("data-card")
    expect(page.get_by_test_id("prompt")).to_contain_text(mine)  # "Your card 8 is lower than every row…"
    got = page.evaluate(COVERED, ['[data-testid="prompt"], .sn-take', False])
    assert not got["covered"] and not got["off"], f"taking a row, at the top: {got}"
    got = page.evaluate(COVERED, [f"{SN_PLAYERS}, .sn-rev", True])
    assert not got["covered"], f"taking a row, each scrolled to: {got}"
    assert len(page.locator(SN_PLAYERS).all()) == 5
    broken = page.evaluate(BROKEN, SN_LABELS)
    assert not broken, broken
    fits(page)


#: Yahtzee's score card as the page stands: how many of its rows
#: (categories and the total) are wholly between the status bar and the
#: controls' bar pinned to the screen's foot, and the bars' boxes.
YZ_ROWS_SEEN = """() => {
  const head = document.querySelector('.table-body .statusbar').getBoundingClientRect().bottom;
  const foot = document.querySelector('.yz-controls').getBoundingClientRect().top;
  const rows = [...document.querySelectorAll('[data-testid=score-card] tbody tr, [data-testid=score-card] tfoot tr')];
  const seen = rows.filter((r) => { const b = r.getBoundingClientRect(); return b.top >= head - 1 && b.bottom <= foot + 1; });
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  return {seen: seen.length, rows: rows.length, head, foot, height: innerHeight,
    rowh: rows.map((r) => Math.round(r.getBoundingClientRect().height)), hint: box('.yz-hint'), card: box('[data-testid=score-card]'), thead: box('[data-testid=score-card] thead'), dice: box('.yz-dice'), actions: box('.yz-actions'), felt: box('.table-body')};
}"""


def test_yahtzee_s_pinned_controls_leave_half_the_score_card_in_sight(new_page, lobby, viewport):
    """Six seats at 360x740 (the fresh pass: the pinned dice, Roll and the
    score choices left only Chance to Twos, 4 of the card's 16 rows, in
    sight; 9 at 390x844): before and after rolling, the page as it stands,
    at least half the card's rows are on screen above the pinned bar, with
    the dice, Roll and every score choice still on screen."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "yahtzee", seats=6, bots=True)
    start(page)
    roll = page.locator('[data-testid="roll"]:enabled')
    expect(roll).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    got = page.evaluate(YZ_ROWS_SEEN)
    assert got["rows"] == 16 and got["seen"] >= 8, f"before rolling: {got}"
    roll.click()
    offers = page.locator('button[data-testid^="choice-"]')
    expect(offers).to_have_count(15)
    page.evaluate("window.scrollTo(0, 0)")
    got = page.evaluate(YZ_ROWS_SEEN)
    assert got["seen"] >= 8, f"rolled: {got}"
    for i in range(5):
        assert on_screen(page.get_by_test_id(f"die-{i}")), f"die {i} is off screen"
    assert on_screen(page.get_by_test_id("roll")), "Roll is off screen"
    off = [b.get_attribute("data-testid") for b in offers.all() if not on_screen(b)]
    assert not off, f"score choices off screen: {off}"
    broken = page.evaluate(BROKEN, ".yz-choice-cat")
    assert not broken, broken
    fits(page)


#: Each score-card column head's name: its text, whether every character is
#: drawn inside the name's box (none cut off), and whether reading order runs
#: down or rightwards (a name turned upside down runs upwards).
YZ_NAMES = """() => [...document.querySelectorAll('[data-testid=score-card] thead .seat-name')].map((el) => {
  const box = el.getBoundingClientRect();
  const node = el.firstChild;
  const range = document.createRange();
  const chars = [];
  for (let i = 0; i < node.data.length; i++) {
    if (/\\s/.test(node.data[i])) continue;
    range.setStart(node, i); range.setEnd(node, i + 1);
    const r = range.getBoundingClientRect();
    chars.push({c: node.data[i], top: r.top, left: r.left, bottom: r.bottom, right: r.right});
  }
  const cut = chars.filter((r) => r.top < box.top - 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1 || r.right > box.right + 1).map((r) => r.c);
  let backwards = 0;
  for (let i = 1; i < chars.length; i++) {
    const a = chars[i - 1], b = chars[i];
    const down = b.top > a.top + 1, right = b.left > a.left + 1, left = b.left < a.left - 1, up = b.top < a.top - 1;
    // the next character is below, or right on the same line, or starts a new line (down, or left in vertical text)
    if (up && !left) backwards++;
  }
  const clipped = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  // a CJK name is written across, as everywhere else on the page
  const across = chars.length > 1 && chars[1].left > chars[0].left + 1 && Math.abs(chars[1].top - chars[0].top) < 2;
  return {name: el.textContent, cut, backwards, clipped, across};
})"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_yahtzee_s_column_heads_show_whole_names_the_right_way_up(new_page, lobby, viewport, locale):
    """The score card's column heads on a phone (the 中文 pass: a name turned
    180°, so "小明" showed one upside-down "小"): a Chinese name and a long
    Latin one are drawn whole, none of their characters cut off, reading
    downwards or rightwards, never upwards; the Chinese one across (upright
    in vertical text its glyphs were drawn under the badges)."""
    ming, phoebe = new_page(locale=locale), new_page(locale=locale)
    sign_in(ming, lobby, "小明")
    table_id = open_table(ming, "yahtzee", seats=6, bots=True)  # the narrowest columns
    sign_in(phoebe, lobby, "Phoebe Marguerite")
    phoebe.get_by_test_id("game-yahtzee").click()
    phoebe.get_by_test_id(f"join-{table_id}").click()
    phoebe.get_by_test_id("start").click()  # who has not pressed start when the table starts is stood up
    start(ming)
    for page in (ming, phoebe):
        expect_status(page, "playing")
        names = page.evaluate(YZ_NAMES)
        assert [n["name"] for n in names][:2] == ["小明", "Phoebe Marguerite"], names
        bad = [n for n in names if n["cut"] or n["backwards"] or n["clipped"]]
        assert not bad, bad
        assert names[0]["across"], names[0]
        fits(page)


#: Draw table `id`'s finished 6 Nimmt! view again with `rounds` rounds of
#: history, on the felt; the standings' right edge, the viewport's width and
#: whether a box that fits the screen scrolls the table sideways.
LONG_STANDINGS = REDRAW_HEAD + """  const rounds = 10;
  const state = { ...v.state, history: Array.from({ length: rounds }, () => v.state.history[0]) };
  const long = { ...v, state };
  const view = new VIEWS[game]({ id: 'long-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(long, tableContext({ view: long, seat: 0, version: e.version + 1 }));
  const table = view.el.querySelector('[data-testid="standings"]');
  const width = document.documentElement.clientWidth;
  let box = table.parentElement;
  while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
  const scrolls = !!box && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX) && box.getBoundingClientRect().right <= width + 0.5;
  const heads = [...table.querySelectorAll('th')].map((th) => th.getBoundingClientRect().height);
  const out = { right: table.getBoundingClientRect().right, width, scrolls, tallest: Math.max(...heads), row: table.querySelector('td').getBoundingClientRect().height };
  view.el.remove();
  return out;
}"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_six_nimmt_s_standings_of_a_long_game_stay_readable_on_a_phone(new_page, lobby, locale):
    """Both third passes: a 4- or 5-round game's final standings ran past
    their card ('Tota', totals cut off) or the screen (at 360), the round
    headers squeezed to a character a line.  The table fits, or scrolls
    sideways inside a box that fits, and its headers stay on one line."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "six_nimmt", seats=2, turn_s=1, options={"end_threshold": 1})
    start(page)
    expect(finished(page)).to_be_visible(timeout=60_000)
    got = page.evaluate(LONG_STANDINGS, [table_id, "six_nimmt"])
    assert got["right"] <= got["width"] + 0.5 or got["scrolls"], got
    assert got["tallest"] <= 2 * got["row"], got
    fits(page)
