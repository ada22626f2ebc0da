"""A name keeps room beside its badges on a phone (issue #15 item 1, the
390 pass: Shut the Box's score table showed "A…" for Alice with the "you"
and "time's up" badges): on every game's seats and score tables, at 360
and 390 px, with my long name and both badges (and a bot's badge on the
others), every name shows at least 4 characters (or all of it): the
badges wrap under the name instead.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS

#: game -> seats: its largest table (the narrowest columns)
GAMES = {"sibala": 6, "stud": 4, "six_nimmt": 10, "yahtzee": 6, "shut_the_box": 8}

#: The live table `id` drawn again by a fresh view in the table's felt, a
#: time's-up notice on my seat (0) while another seat acts; per seat name:
#: its text, how many of its characters show, and whether both my badges are drawn.
NAMES_SHOWN = REDRAW_HEAD + """  const other = v.seats.findIndex((s, i) => i > 0 && s);
  const next = { ...v, events: [{ type: 'timeout', seat: 0, bot: false, moves: [] }], to_act: [other], deadlines: {} };
  const view = new VIEWS[game]({ id, games: () => net.games }); // the table's id: its time's-up notices
  const felt = document.querySelector('.table-body');
  felt.replaceChildren(view.el);  // the live view is drawn no more
  view.update(next, tableContext({ view: next, seat: 0, version: e.version + 1 }));
  const shown = (el) => {
    const text = el.textContent;
    const node = el.firstChild;
    const box = el.getBoundingClientRect();
    if (!node || el.scrollWidth <= el.clientWidth + 1) return text.length;
    const range = document.createRange();
    let n = 0;
    for (let k = 1; k <= text.length; k++) {
      range.setStart(node, 0); range.setEnd(node, k);
      // the ellipsis takes about a character's room at the end
      if (range.getBoundingClientRect().right + 0.6 * parseFloat(getComputedStyle(el).fontSize) <= box.right + 0.5) n = k; else break;
    }
    return n;
  };
  const mine = view.el.querySelector('[data-testid="seat-0"]');
  return {
    badges: !!(mine && mine.querySelector('.badge-you') && mine.querySelector('.badge-timeout')),
    names: [...view.el.querySelectorAll('[data-testid^="seat-name-"]')].filter((el) => el.getClientRects().length).map((el) => [el.textContent, shown(el)]),
  };
}"""


@pytest.fixture(params=[{"width": 360, "height": 740}, {"width": 390, "height": 844}], ids=["360", "390"])
def viewport(request) -> dict:
    return request.param


@pytest.mark.parametrize("game", list(GAMES))
def test_every_name_shows_beside_two_badges(new_page, lobby, game):
    page = new_page()
    sign_in(page, lobby, "Alexandrina Wolfe")
    table_id = open_table(page, game, seats=GAMES[game], bots=True)
    start(page)
    expect(page.get_by_test_id("seat-name-1")).to_be_visible()
    got = page.evaluate(NAMES_SHOWN, [table_id, game])
    assert got["badges"], got
    assert got["names"], got
    short = [(name, n) for name, n in got["names"] if n < min(4, len(name))]
    assert not short, got
