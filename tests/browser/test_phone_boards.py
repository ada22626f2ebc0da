"""Phones (issue #15 item 1), each game's own board at 360x740 and 390x844
(the page as a whole, every game at its largest table: test_phone_layout.py,
whose checks these share).  Five-card stud's betting panel, pinned to the
screen's foot while you act, covers no card of any seat (element boxes, not
pictures); Yahtzee's pinned dice and Roll leave the whole score card, every
score I can take included, in sight, and its column heads write names
across; 6 Nimmt!'s pinned bar leaves the row choice and the players in
sight, and a long game's standings stay readable.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, expect_status, finished, open_table, sign_in, start, stud_turns, to_row_choice
from .test_phone_layout import fits, on_screen, viewport  # noqa: F401 (viewport: the phones, a fixture)

pytestmark = SINGLE_REDIS


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


def test_yahtzee_scores_without_scrolling(new_page, lobby):
    """Rolled, a Yahtzee player holds dice, rolls again or scores: the dice,
    Roll and every score the card offers (its own buttons: the pinned bar
    repeats none at a phone's height) are on screen at once."""
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
    off = [b.get_attribute("data-testid") for b in offers.all() if not (b.is_visible() and on_screen(b) and not covered(page, b))]
    assert not off, f"score buttons off screen or under the bar: {off}"
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

SN_LABELS = ".sn-take, .sn-rev-out, .sn-rev-mark, .sn-players .badge, .sn-row-label"
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

    def picking():
        got = page.evaluate(COVERED, [f"{SN_PLAYERS}, .sn-rev", True])
        assert not got["covered"], f"picking, each scrolled to: {got}"
        broken = page.evaluate(BROKEN, SN_LABELS)
        assert not broken, broken

    to_row_choice(page, picking)
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


@pytest.mark.parametrize("seats", [4, 6])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_yahtzee_s_pinned_controls_leave_the_whole_score_card_in_sight(new_page, lobby, viewport, seats, locale):
    """Four and six seats at 360x740 and 390x844 (the fresh pass: the pinned
    dice, Roll and the score choices left only Chance to Twos, 4 of the
    card's 16 rows, in sight; the fourth pass: still Four of a kind to Total,
    5 rows, hidden at 360x740 with six seats, the bar repeating the card's
    score buttons): before and after rolling, the page as it stands, all 16
    rows are on screen above the pinned bar, which holds the dice and Roll
    only; every score I can take is the card's own button, on screen."""
    page = new_page(locale)
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "yahtzee", seats=seats, bots=True)
    start(page)
    roll = page.locator('[data-testid="roll"]:enabled')
    expect(roll).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    got = page.evaluate(YZ_ROWS_SEEN)
    assert got["rows"] == 16 and got["seen"] == 16, f"before rolling: {got}"
    roll.click()
    offers = page.locator('button[data-testid^="score-"]')
    expect(offers).to_have_count(15)
    page.evaluate("window.scrollTo(0, 0)")
    got = page.evaluate(YZ_ROWS_SEEN)
    assert got["seen"] == 16, f"rolled: {got}"
    for i in range(5):
        assert on_screen(page.get_by_test_id(f"die-{i}")), f"die {i} is off screen"
    assert on_screen(page.get_by_test_id("roll")), "Roll is off screen"
    assert not page.locator('[data-testid^="choice-"]:visible').count(), "the bar repeats the card's score buttons"
    off = [b.get_attribute("data-testid") for b in offers.all() if not on_screen(b) or covered(page, b)]
    assert not off, f"score buttons off screen or under the bar: {off}"
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
YZ_HEADS = REDRAW_HEAD.replace("[id, game]", "[id, game, names]") + """  const seats = v.seats.slice(0, names.length).map((s, i) => (i === 0 ? s : { ...s, name: names[i], bot: false }));
  const long = { ...v, seats };
  const view = new VIEWS[game]({ id: 'heads-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(long, tableContext({ view: long, seat: 0, version: e.version + 1 }));
  const heads = [...view.el.querySelectorAll('[data-testid=score-card] thead th.seat-col')].map((th) => {
    const el = th.querySelector('.seat-name');
    const box = el.getBoundingClientRect(), cell = th.getBoundingClientRect();
    const turned = [];
    for (let x = el; x && x !== th.parentElement; x = x.parentElement) {
      const cs = getComputedStyle(x);
      if (cs.writingMode !== 'horizontal-tb' || cs.transform !== 'none' || cs.rotate !== 'none') turned.push(x.className);
    }
    const range = document.createRange(), node = el.firstChild, rects = [];
    for (let i = 0; i < node.data.length; i++) { range.setStart(node, i); range.setEnd(node, i + 1); rects.push(range.getBoundingClientRect()); }
    const inside = (r) => r.left >= Math.max(box.left, cell.left) - 0.5 && r.right <= Math.min(box.right, cell.right) + 0.5 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    let shown = 0;
    while (shown < rects.length && inside(rects[shown])) shown++;
    const line = rects.every((r) => Math.abs(r.top - rects[0].top) < 2) && rects.every((r, i) => i === 0 || r.left > rects[i - 1].left);
    return { title: el.title, text: el.textContent, turned, line, shown, over: el.scrollWidth > el.clientWidth + 0.5, ellipsis: getComputedStyle(el).textOverflow,
      mine: th.classList.contains('me') && !!th.querySelector('.badge-you') && th.querySelector('.badge-you').getBoundingClientRect().width > 0 };
  });
  const list = [...view.el.querySelectorAll('[data-testid=yz-seats] li')].map((li) => {
    const name = li.querySelector('.yz-seat-name');
    const r = name.getBoundingClientRect(), felt = document.querySelector('.table-body').getBoundingClientRect();
    return { text: name.textContent, whole: r.width > 0 && name.scrollWidth <= name.clientWidth + 0.5 && r.right <= felt.right + 0.5 && getComputedStyle(name).textOverflow !== 'ellipsis' };
  });
  view.el.remove();
  return { heads, list };
}"""

YZ_NAMES_4 = ["Bartholomew", "小明", "Ada"]


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_yahtzee_s_column_heads_write_names_across(new_page, lobby, viewport, locale):
    """The score card's column heads on a phone (the third passes: Latin
    names ran down their column, turned a quarter, hard to read; an earlier
    one had "小明" upside down): in a card of 4 and of 6 columns every name
    is written across, never turned, on one line (no word broken), at least
    its first 4 characters drawn, a longer one cut with an ellipsis, the
    full name in its title and, whole, in the list of players under the
    card; my column is marked mine (the "you" badge).  This replaces the
    test of names turned a quarter (test_yahtzee_s_column_heads_show_whole_
    names_the_right_way_up)."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Alexandra")
    table_id = open_table(page, "yahtzee", seats=6, bots=True)
    start(page)
    expect_status(page, "playing")
    for names in (["Alexandra", *YZ_NAMES_4], ["Alexandra", *YZ_NAMES_4, "Phoebe Marguerite", "Konstantinos"]):
        got = page.evaluate(YZ_HEADS, [table_id, "yahtzee", names])
        heads = got["heads"]
        assert [x["title"] for x in heads] == names and [x["text"] for x in heads] == names, heads
        bad = [x for x in heads if x["turned"] or not x["line"] or x["shown"] < min(4, len(x["text"])) or (x["over"] and x["ellipsis"] != "ellipsis")]
        assert not bad, (len(names), bad)
        assert heads[0]["mine"] and not any(x["mine"] for x in heads[1:]), heads
        assert [x["text"] for x in got["list"]] == names and all(x["whole"] for x in got["list"]), got["list"]
    fits(page)


#: Draw table `id`'s finished 6 Nimmt! view again with `rounds` rounds of
#: history, on the felt; the standings' right edge, the viewport's width and
#: the right edge of the box it sits in, and each row's rounds line.
LONG_STANDINGS = REDRAW_HEAD + """  const rounds = 10;
  const state = { ...v.state, history: Array.from({ length: rounds }, () => v.state.history[0]) };
  const long = { ...v, state };
  const view = new VIEWS[game]({ id: 'long-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(long, tableContext({ view: long, seat: 0, version: e.version + 1 }));
  const table = view.el.querySelector('[data-testid="standings"]');
  const width = document.documentElement.clientWidth;
  const heads = [...table.querySelectorAll('th')].map((th) => th.getBoundingClientRect().height);
  const wrap = table.parentElement.getBoundingClientRect();
  const sums = [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('.sn-rounds').textContent);
  const out = { right: table.getBoundingClientRect().right, wrap: wrap.right, width, sums, tallest: Math.max(...heads), row: table.querySelector('td').getBoundingClientRect().height };
  view.el.remove();
  return out;
}"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_six_nimmt_s_standings_of_a_long_game_stay_readable_on_a_phone(new_page, lobby, locale):
    """Both third passes: a 4- or 5-round game's final standings ran past
    their card ('Tota', totals cut off) or the screen (at 360), the round
    headers squeezed to a character a line.  The table fits and its headers
    stay on one line.
    The CI run of 47c2883 (360x740, a game of many rounds): the standings
    ran out of the felt, scrolling sideways with no sign that they did.  A
    10-round game's table is no wider than its box (each row's rounds are a
    sum under the name, "5 + 0 + …"), so nothing scrolls sideways."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "six_nimmt", seats=2, turn_s=1, options={"end_threshold": 1})
    start(page)
    expect(finished(page)).to_be_visible(timeout=60_000)
    got = page.evaluate(LONG_STANDINGS, [table_id, "six_nimmt"])
    assert got["right"] <= got["width"] + 0.5 and got["right"] <= got["wrap"] + 0.5, got
    assert all(r.count(" + ") == 9 for r in got["sums"]), got
    assert got["tallest"] <= 2 * got["row"], got
    fits(page)
