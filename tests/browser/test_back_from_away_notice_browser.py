"""Another seat's "time's up" badge after its player came back (issue #15,
timeouts said wrongly; a fresh pass, 2026-12-03): at a two-person Sibala
match both timed out in rounds 1 and 2 (away after the second), came back
and rolled round 3 themselves; at the match's end each page still showed
"time's up" on the other's seat beside a roll that player had made.

An away seat's notice waited for a bot's move or its time (8 s); a seat
that is back (or that the game's end took out of away with no bot's move)
has the turn that ran out behind it: the badge goes at once.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, finished, sibala_with_a_bot

pytestmark = SINGLE_REDIS

#: Table `id`'s finished Sibala view drawn again in a view of its own
#: (seat 0 mine) at three versions: seat 1 timed out into away with seat 0
#: to act, then seat 1 `then` ("back": not away, seat 0 still to act;
#: "over": the game over, not away).  Seat 1's "time's up" badge after each
#: of the first two versions: [after the timeout, after `then`].
BADGES = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, then]) => {") + """  const seats = (away) => v.seats.map((s, i) => (i === 1 ? { ...s, bot: false, away } : s));
  const at = (fields) => ({ ...v, players: null, result: null, forced: [], events: [], ...fields });
  const timedOut = at({ status: 'playing', seats: seats(true), to_act: [0], turns: { 0: 'turn-a' }, events: [{ type: 'timeout', seat: 1, bot: false }] });
  const next = then === 'back'
    ? at({ status: 'playing', seats: seats(false), to_act: [0], turns: { 0: 'turn-a' } })
    : at({ status: 'finished', seats: seats(false), to_act: [], turns: {} });
  const view = new VIEWS[game]({ id: 'away-back-' + then, games: () => net.games, now: () => net.serverNow() });
  document.querySelector('.table-body').appendChild(view.el);
  const badge = () => !!view.el.querySelector('[data-testid="timeout-1"]');
  view.update(timedOut, tableContext({ view: timedOut, seat: 0, version: e.version + 1 }));
  const got = [badge()];
  view.update(next, tableContext({ view: next, seat: 0, version: e.version + 2 }));
  got.push(badge());
  view.el.remove();
  return got;
}"""


@pytest.mark.parametrize("then", ["back", "over"])
def test_a_seat_back_from_away_loses_its_time_s_up_badge(new_page, lobby, then):
    page, table_id = sibala_with_a_bot(new_page, lobby, "en-US")
    expect(finished(page)).to_be_visible(timeout=30_000)
    assert page.evaluate(BADGES, [table_id, "sibala", then]) == [True, False]
