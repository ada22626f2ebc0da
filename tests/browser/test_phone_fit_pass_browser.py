"""A fresh user pass at 360x740 and 390x844 (issue #15, phones): tables that
scrolled sideways inside their box, words split mid-word, a result under
the pinned Play again bar and a blank gap on the home page.

* Shut the Box's players table after a three-round match was 413 px wide in
  a 324 px box (the R3 column's mark cut, "Rounds won" off screen): at every
  seat count (2..8) and round count (3..20) it fits its box with no
  sideways scroll.
* The record popover (the header's coins) split game names ("Sibal|a") and
  let its Score column spill out of the card: it fits, every word whole.
* Sibala's last round result sat half under the pinned Play again bar: at
  the match's end it is on the first screen, above the bar.
* The sign-in card had a blank gap between its heading and its help line.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, open_table, sign_in, start
from .test_phone_boards import BROKEN
from .test_phone_layout import ABOVE_BAR, fits

pytestmark = SINGLE_REDIS

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]


@pytest.fixture(params=PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
def viewport(request) -> dict:
    return request.param


#: Table `id`'s finished Shut the Box view drawn again, in the felt, with
#: [seats, rounds, stake]: seats copied from the live two (long names), every
#: round played with scores of two digits, wins and coins set.  The players
#: table's width, its box's width and scroll width, and cells outside the box.
STB_WIDE = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, n, rounds, stake]) => {") + """  const seats = Array.from({ length: n }, (_, i) => ({ ...v.seats[i % v.seats.length], name: i ? 'Marguerite ' + i : v.seats[0].name }));
  const history = Array.from({ length: rounds }, (_, r) => ({ round: r, scores: seats.map((_, i) => 10 + ((i + r) % 35)), winners: [r % n], box_shut: false }));
  const state = { ...v.state, n, rounds, round: rounds, history, stake, wins: seats.map((_, i) => history.filter((h) => h.winners.includes(i)).length), coins: seats.map((_, i) => (i ? -stake * rounds : stake * rounds * (n - 1))), scores: seats.map(() => null) };
  const wide = { ...v, seats, players: seats, state, result: null, forced: [] };
  const view = new VIEWS[game]({ id: 'wide-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(wide, tableContext({ view: wide, seat: 0, version: e.version + 1 }));
  const table = view.el.querySelector('[data-testid="players"]');
  const box = table.parentElement.getBoundingClientRect();
  const out = [...table.querySelectorAll('th, td')].filter((c) => { const r = c.getBoundingClientRect(); return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5); }).map((c) => c.className + ':' + c.textContent);
  const got = { table: table.getBoundingClientRect().width, box: table.parentElement.clientWidth, scroll: table.parentElement.scrollWidth, out: out.slice(0, 6) };
  view.el.remove();
  return got;
}"""


def test_shut_the_box_s_players_table_fits_a_phone_at_every_size(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "shut_the_box", seats=2, turn_s=1, options={"rounds": 3}, bots=True)
    start(page)
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=60_000)  # my timeouts and the bot play three rounds
    wrap = page.locator(".stb-players-wrap")
    got = wrap.evaluate("el => ({scroll: el.scrollWidth, width: el.clientWidth})")
    assert got["scroll"] <= got["width"], f"the three-round table scrolls sideways: {got}"
    fits(page)
    table_id = page.get_by_test_id("table-screen").get_attribute("data-table")
    for n in (2, 5, 8):
        for rounds, stake in ((3, 0), (5, 100), (20, 5000)):
            got = page.evaluate(STB_WIDE, [table_id, "shut_the_box", n, rounds, stake])
            assert got["scroll"] <= got["box"] and not got["out"], f"{n} seats, {rounds} rounds, stake {stake}: {got}"


#: The record popover's rows drawn from these stats (its own renderStats).
STATS = {
    f"{g}:{f}": v
    for g in ("sibala", "yahtzee", "shut_the_box", "six_nimmt", "stud")
    for f, v in (("games", 1234), ("wins", 617), ("losses", 617), ("escapes", 12), ("disconnects", 101), ("score", -123456))
}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_the_record_popover_fits_a_phone_with_words_whole(new_page, lobby, locale):
    page = new_page(locale=locale)
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
    expect(page.get_by_test_id("stats-table")).to_be_visible()
    expect(page.get_by_test_id("stats-sibala")).to_be_visible()
    card = page.get_by_test_id("stats-popover").evaluate(
        "el => { const r = el.getBoundingClientRect(); const t = el.querySelector('table').getBoundingClientRect(); return {card: [r.left, r.right], table: [t.left, t.right], cs: el.clientWidth, ss: el.scrollWidth}; }"
    )
    assert card["table"][0] >= card["card"][0] and card["table"][1] <= card["card"][1] and card["ss"] <= card["cs"], card
    assert page.evaluate(BROKEN, ".stats-popover th, .stats-popover td") == []
    fits(page)


def test_sibala_s_last_round_result_is_above_the_play_again_bar(new_page, lobby):
    """Three seats, as in the pass (two bots beside me): at the match's end
    the winner and the last round's result line are both on the first
    screen, clear of the pinned bar."""
    page = new_page()
    sign_in(page, lobby, "Phoebe Marguerite")
    open_table(page, "sibala", seats=3, turn_s=1, options={"rounds": 2}, bots=True)
    start(page)
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=60_000)
    page.evaluate("window.scrollTo(0, 0)")
    for what in ("winners", "result-line"):
        el = page.get_by_test_id(what)
        expect(el).not_to_be_empty()
        assert el.evaluate(ABOVE_BAR), f"{what} is not above the Play again bar: {el.bounding_box()}"


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_the_sign_in_card_has_no_blank_gap_under_its_heading(new_page, lobby, locale):
    """The guest card's heading and its help line are as close as the
    account card's heading and its first label."""
    page = new_page(locale=locale)
    page.goto(lobby.http)
    expect(page.get_by_test_id("sign-in-form")).to_be_visible()
    gaps = page.evaluate("""() => [...document.querySelectorAll('.signin')].map((card) => {
      const head = card.querySelector('h2').getBoundingClientRect();
      const next = card.querySelector('h2').nextElementSibling.getBoundingClientRect();
      return next.top - head.bottom;
    })""")
    assert len(gaps) == 2 and gaps[0] <= gaps[1] + 2, f"gap under the guest heading {gaps[0]:.0f} px, the account heading's {gaps[1]:.0f} px"
