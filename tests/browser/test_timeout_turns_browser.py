"""A time's-up notice belongs to the turn that ran out (issue #15, the 390
pass): over that seat's next turn it never reads as this turn's (in my last
seconds the bar shows the hurry warning alone), also when
that turn starts with the timeout itself (Shut the Box's next round: the bar read
"Round 2 of 2 · Your turn! … Time's up — your turn is over: score 45 ·
Hurry — …"); and a timeout that ends the game leaves its mark on the
seat as in every game (one mark: Sibala's on the dice the clock rolled,
test_sibala_notice_and_mark_browser.py) (Sibala's and stud's seats said only "no point
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
    # a 2 s round 2 is all hurry: the bar says its warning alone, never round
    # 1's note beside it (one message at a time; the note stays for a turn's
    # calm seconds: test_time_s_up_past_browser.py); no badge over my turn
    assert not [s for s in seen if s["notice"] not in ("", "Hurry — at 0 your turn ends, scored on the open tiles") or s["badge"]], seen
    assert [s for s in seen if s["notice"]], seen


def test_a_timeout_that_ends_sibala_leaves_its_mark_in_chinese(new_page, lobby):
    ann, bo = new_page(), new_page(locale="zh-CN")
    two_at_sibala(ann, bo, lobby)  # neither rolls: Bo's timeout ends the game
    expect(finished(bo)).to_be_visible()
    expect(bo.get_by_test_id("seat-1").get_by_test_id("forced-1")).to_have_text("超时")
    expect(bo.get_by_test_id("seat-1").get_by_test_id("timeout-1")).to_have_count(0)  # one mark per seat
    expect(bo.get_by_test_id("timeout-notice")).to_be_hidden()
