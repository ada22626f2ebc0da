"""Sibala's notice line and seat mark (two fresh player passes, English
and 中文, phone 390x844).

1. The status bar's notice joined the old time's-up note ("Time's up —
   your dice were rolled for you") and the hurry warning of my next turn
   in one line ("… · Hurry — …"): two messages about two turns read as
   one.  It shows one message at a time: while I must act and my clock is
   urgent, the hurry warning alone (it is about now); otherwise the latest
   time's-up note.  The rule is TableView.showNotice's, shared by all five
   games.
2. The roll the clock made for my seat was marked on the seat only at the
   match's end (the seat's time's-up badge, hidden while I am to act),
   where the other games mark the forced move on the board from then on
   (forcedTag).  The seat's dice the clock rolled carry the mark for as
   long as they are on the seat: a later roll of the seat that the clock
   did not make (a bot's, for the away seat) has none.
3. The English pass (fresh tree, Xavier and Bea, 2 s turns) saw Bea's
   timed-out seat show "time's up" twice: the badge in its head and the
   mark on the dice of item 2.  One mark per seat: the dice's mark, which
   the table's record carries (a spectator, a reload, the replay see it),
   stays; the seat's passing time's-up badge is not drawn beside it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, finished, notice_texts, open_table, sign_in, start, two_at_sibala, watch_notice

pytestmark = SINGLE_REDIS

WORDS = {
    "en-US": {"note": "Time's up — your dice were rolled for you", "hurry": "Hurry — at 0 your dice are rolled for you", "mark": "time's up"},
    "zh-CN": {"note": "超时——已替你掷骰", "hurry": "快！超时将替你掷骰", "mark": "超时"},
}

#: True once, in one page task, the game is still on and seat 0's dice
#: carry the clock's mark (the DOM and the view read together).
MARKED_WHILE_PLAYING = """([id, mark]) => {
  const v = window.lobby.net.tables.get(id).view;
  const el = document.querySelector('[data-testid=seat-0] [data-testid=forced-0]');
  return v.status === 'playing' && !!el && el.textContent === mark;
}"""


@pytest.fixture
def viewport() -> dict:
    return {"width": 390, "height": 844}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_sibala_notice_says_one_message_at_a_time(new_page, lobby, locale):
    words = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, "sibala", seats=2, turn_s=1, options={"rounds": 2})
    watch_notice(page)
    start(page)  # I never roll: 1 s turns are all hurry; round 2's comes after round 1's timeout
    expect(finished(page)).to_be_visible()
    texts = notice_texts(page)
    assert words["note"] in texts and words["hurry"] in texts, texts
    assert set(texts) <= {words["note"], words["hurry"]}, texts  # never the two joined


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_sibala_seat_marks_the_roll_the_clock_made_from_then_on(new_page, lobby, locale):
    words = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "sibala", seats=2, turn_s=1, options={"rounds": 3})
    start(page)  # rounds 1 and 2 the clock's; then my seat is away and round 3 is a bot's
    page.wait_for_function(MARKED_WHILE_PLAYING, arg=[table_id, words["mark"]], timeout=15_000)
    expect(finished(page)).to_be_visible(timeout=30_000)
    # round 3's dice, which a bot rolled for my away seat, are on the seat: no time's-up mark
    expect(page.get_by_test_id("seat-0").get_by_test_id("forced-0")).to_have_count(0)
    expect(page.get_by_test_id("seat-1").get_by_test_id("forced-1")).to_have_count(0)


#: Watches every drawn state of the page: per seat, the most "time's up"
#: marks (badges and board marks, by their words) it held at once.
WATCH_MARKS = """(mark) => {
  window.__marks = {};
  const count = () => {
    for (const el of document.querySelectorAll('[data-testid^=seat-]')) {
      const k = el.dataset.testid;
      if (!/^seat-[0-9]+$/.test(k)) continue;
      const n = [...el.querySelectorAll('.badge, .forced-mark')].filter((b) => b.textContent === mark).length;
      window.__marks[k] = Math.max(window.__marks[k] || 0, n);
    }
  };
  new MutationObserver(count).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  count();
}"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_sibala_seat_that_timed_out_shows_one_mark(new_page, lobby, locale):
    words = WORDS[locale]
    ann, bo = new_page(locale=locale), new_page(locale=locale)
    two_at_sibala(ann, bo, lobby, turn_s=1, rounds=2)  # nobody rolls: every roll is the clock's
    ann.evaluate(WATCH_MARKS, words["mark"])
    expect(finished(ann)).to_be_visible(timeout=30_000)
    marks = ann.evaluate("window.__marks")
    assert marks.get("seat-1") == 1 and marks.get("seat-0") == 1, marks  # each seat marked, never twice
