"""A time's-up notice belongs to the turn that ran out (issue #15, the 390
pass): it ends when that seat's next turn starts, also when that turn
starts with the timeout itself (Shut the Box's next round: the bar read
"Round 2 of 2 · Your turn! … Time's up — your turn is over: score 45 ·
Hurry — …"); and a timeout that ends the game leaves its badge on the
seat as in every game (Sibala's and stud's seats said only "no point
(last round)" and "folded"), while the bar shows the result (stud's:
test_leaving_browser.py).
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, open_table, sign_in, start, two_at_sibala

pytestmark = SINGLE_REDIS

#: Every reading, while the table plays round 2, of the bar's notice and my seat's badge.
WATCH_ROUND_2 = """() => {
  window.round2 = [];
  const read = () => {
    const status = document.querySelector('[data-testid=table-status]').dataset.status;
    const round = document.querySelector('[data-testid=round]');
    if (status !== 'playing' || !round || round.textContent !== 'Round 2 of 2') return;
    const el = document.querySelector('[data-testid=timeout-notice]');
    window.round2.push({notice: el.hidden ? '' : el.textContent, badge: !!document.querySelector('[data-testid=timeout-0]')});
  };
  new MutationObserver(read).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def test_shut_the_box_s_notice_ends_when_my_next_round_starts(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "shut_the_box", seats=2, turn_s=2, options={"rounds": 2}, bots=False)
    page.evaluate(WATCH_ROUND_2)
    start(page)  # alone: one seat plays
    # both rounds run out
    expect(finished(page)).to_be_visible(timeout=20_000)
    seen = page.evaluate("window.round2")
    assert seen, seen
    assert not [s for s in seen if "Time's up" in s["notice"] or s["badge"]], seen


def test_a_timeout_that_ends_sibala_leaves_its_badge_in_chinese(new_page, lobby):
    ann, bo = new_page(), new_page(locale="zh-CN")
    two_at_sibala(ann, bo, lobby)  # neither rolls: Bo's timeout ends the game
    expect(finished(bo)).to_be_visible()
    badge = bo.get_by_test_id("seat-1").get_by_test_id("timeout-1")
    expect(badge).to_have_text("超时")
    expect(bo.get_by_test_id("timeout-notice")).to_be_hidden()
