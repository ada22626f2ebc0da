"""Phones (issue #15, third passes): a bar pinned to the screen (the status
bar at the felt's top; what you act with at its foot: 6 Nimmt!'s hand or
row-choice instruction, stud's betting panel with the pot, Yahtzee's dice
bar, Sibala's and Shut the Box's buttons; after a game, Play again) hides
nothing for good.  Every line of the players list and the standings,
scrolled to (scrollIntoView: its top, its bottom, nearest from the page's
top), has its whole box clear of every pinned bar; and while I must take
a row in 6 Nimmt!, the four rows and the instruction are all on screen at
once without scrolling.  Both languages, 360x740 and 390x844.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, open_table, sign_in, start, to_row_choice
from .test_phone_layout import GAMES

pytestmark = SINGLE_REDIS

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
LOCALES = ["en-US", "zh-CN"]

#: For each element of ``sel``, for each way of scrolling to it, the pinned
#: bars (computed position sticky or fixed, drawn, not containing it) whose
#: box shares area with its box: "element (how) under bar" lines, and how
#: many elements were measured.
UNDER_BARS = """(sel) => {
  const bars = [...document.querySelectorAll('.screen-table *')].filter((b) => {
    const cs = getComputedStyle(b);
    return (cs.position === 'sticky' || cs.position === 'fixed') && b.getClientRects().length && !b.closest('.toast');
  });
  const out = [];
  let n = 0;
  const ways = [['top', {block: 'start'}], ['bottom', {block: 'end'}], ['nearest', {block: 'nearest'}]];
  for (const el of document.querySelectorAll(sel)) {
    if (!el.getClientRects().length) continue;
    n++;
    for (const [how, opts] of ways) {
      if (how === 'nearest') window.scrollTo(0, 0);
      el.scrollIntoView(opts);
      const r = el.getBoundingClientRect();
      for (const b of bars) {
        if (b.contains(el) || el.contains(b)) continue;
        const q = b.getBoundingClientRect();
        if (r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5 && r.left < q.right - 0.5 && q.left < r.right - 0.5) {
          out.push(`${el.className}[${el.dataset.testid || ''}] (${how}: ${Math.round(r.top)}..${Math.round(r.bottom)}) under ${b.className} (${Math.round(q.top)}..${Math.round(q.bottom)})`);
        }
      }
      if (r.top < -0.5 || r.bottom > innerHeight + 0.5) out.push(`${el.className} (${how}) off screen`);
    }
  }
  window.scrollTo(0, 0);
  return {out, n};
}"""


def clear_of_bars(page, sel: str, least: int) -> None:
    got = page.evaluate(UNDER_BARS, sel)
    assert got["n"] >= least and not got["out"], got


#: game -> its players list's and standings' lines (the seats and what I
#: act with: test_phone_layout.GAMES, each game's largest table)
LINES = {
    "sibala": "[data-testid=seats] .seat",
    "stud": "[data-testid=seats] .stud-seat",
    "six_nimmt": ".sn-players .sn-player, .sn-rev",
    "yahtzee": "[data-testid=score-card] tr, [data-testid=yz-seats] li",
    "shut_the_box": "[data-testid=players] tr",
}


@pytest.fixture(params=PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
def viewport(request) -> dict:
    return request.param


@pytest.mark.parametrize("locale", LOCALES, ids=["en", "zh"])
@pytest.mark.parametrize("game", list(LINES))
def test_on_my_turn_no_player_line_stays_under_a_pinned_bar(new_page, lobby, viewport, game, locale):
    seats, control, suffix = GAMES[game]
    page = new_page(locale=locale)
    page.emulate_media(reduced_motion="reduce")
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, game, seats=seats, bots=True)
    start(page)
    expect(page.locator(f'[data-testid="{control}"]{suffix}').first).to_be_visible()  # my turn: what I act with is pinned
    clear_of_bars(page, LINES[game], seats)


@pytest.mark.parametrize("locale", LOCALES, ids=["en", "zh"])
def test_six_nimmt_s_row_choice_shows_the_rows_and_the_instruction_at_once(new_page, lobby, viewport, locale):
    """Five seats: I play my lowest card when it is below every row, so a
    row comes to me to take; the instruction pinned then covers no player
    line scrolled to, and at the page's top the four rows and it are on
    screen, clear of the status bar and of each other."""
    page = new_page(locale=locale)
    page.emulate_media(reduced_motion="reduce")
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "six_nimmt", seats=5, bots=True)
    start(page)
    to_row_choice(page)
    clear_of_bars(page, ".sn-players .sn-player, .sn-rev", 5)
    page.evaluate("window.scrollTo(0, 0)")
    got = page.evaluate("""() => {
      const bar = document.querySelector('.table-body .statusbar').getBoundingClientRect();
      const prompt = document.querySelector('[data-testid=prompt]').getBoundingClientRect();
      const rows = [...document.querySelectorAll('[data-testid=rows] .sn-row')].map((el) => el.getBoundingClientRect());
      return {rows: rows.map((r) => [Math.round(r.top), Math.round(r.bottom)]), bar: bar.bottom, prompt: [prompt.top, prompt.bottom], height: innerHeight,
        ok: rows.length === 4 && rows.every((r) => r.top >= bar.bottom - 0.5 && r.bottom <= prompt.top + 0.5) && prompt.top >= 0 && prompt.bottom <= innerHeight + 0.5};
    }""")
    assert got["ok"], got


@pytest.mark.parametrize("locale", LOCALES, ids=["en", "zh"])
def test_after_a_game_no_standing_stays_under_play_again(new_page, lobby, viewport, locale):
    """6 Nimmt!'s final standings (and the result above them) and the
    players list, scrolled to, are clear of the pinned Play again bar."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "six_nimmt", seats=2, turn_s=1, options={"end_threshold": 1}, bots=True)
    start(page)
    expect(finished(page)).to_be_visible(timeout=60_000)  # my timeouts, then a bot, play it out
    expect(page.get_by_test_id("play-again")).to_be_visible()
    clear_of_bars(page, "[data-testid=final-result] > *, [data-testid=standings] tr, .sn-players .sn-player, [data-testid=next-panel] li", 6)
