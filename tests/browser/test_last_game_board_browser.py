"""While the last game is on show (finished, or the table back to waiting
under its board), every game's board names that game's players in its
seats (the table view's `players`), not who sits there now: a leaver's
seat says "Ann" and "left", not "empty" (issue #15, the 390 pass: stud's
seat 1 read "#1 empty … escaped" after Play again).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, expect_status, finished, leave_running, open_table, play_to_end, sign_in, start, two_at_sibala

pytestmark = SINGLE_REDIS

#: The live view of table `id` drawn again by a fresh view of `game` as the
#: table looks back at waiting: seat 0 empty now, its game player "Zed
#: Quill" who left; seat 1 mine.  Seat 0's name, its badges and the row's text.
LAST_GAME = REDRAW_HEAD + """  const players = [{ name: 'Zed Quill', bot: true, left: true }, v.seats[1]];
  const back = { ...v, status: 'waiting', seats: [null, v.seats[1]], players, to_act: [], deadlines: {} };
  const view = new VIEWS[game]({ id: 'last-' + game, games: () => net.games });
  document.body.appendChild(view.el);
  view.update(back, tableContext({ view: back, seat: 1, version: e.version + 1 }));
  const name = view.el.querySelector('[data-testid="seat-name-0"]');
  const seat = view.el.querySelector('[data-testid="seat-0"]');
  const out = { name: name.textContent, title: name.title, left: !!seat.querySelector('.badge-left'), you: !!seat.querySelector('.badge-you') };
  view.el.remove();
  return out;
}"""


@pytest.mark.parametrize("game", ["sibala", "stud", "yahtzee", "shut_the_box", "six_nimmt"])
def test_every_board_names_the_last_game_s_players(new_page, lobby, game):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, game, seats=2)
    start(page)
    expect(page.get_by_test_id("seat-name-1")).to_be_visible()
    got = page.evaluate(LAST_GAME, [table_id, game])
    assert got == {"name": "Zed Quill", "title": "Zed Quill", "left": True, "you": False}, got


def test_a_leaver_s_seat_keeps_their_name_after_play_again(new_page, lobby):
    """Ann leaves mid-game; Bo presses Play again: the table waits, the last
    game stays on show, and seat 1 still names Ann, left (for Bo and a
    spectator); Bo's own seat says "you"."""
    ann, bo, cy = new_page(), new_page(), new_page()
    # turns long enough that no clock ends the one round before Ann leaves
    # (1 s turns did, on a loaded box); Bo rolls his own turn to the end
    table_id = two_at_sibala(ann, bo, lobby, turn_s=30)
    sign_in(cy, lobby, "Cy", f"#table={table_id}")
    expect_status(ann, "playing")  # full: it starts
    leave_running(ann)
    play_to_end(bo)
    expect(finished(bo)).to_be_visible()
    bo.get_by_test_id("play-again").click()
    for page in (bo, cy):
        expect_status(page, "waiting")
        expect(page.get_by_test_id("seat-name-0")).to_have_text("Ann")
        expect(page.get_by_test_id("seat-0").locator(".badge-left")).to_have_count(1)
    expect(bo.get_by_test_id("seat-1").locator(".badge-you")).to_have_count(1)
