"""My time's-up notice speaks of my seat's latest move only while that move
is the forced one (issue #15, fourth pass): in 6 Nimmt! "Time's up on your
last turn — 13 was played for you" / "上一回合超时——已替你出 16" stayed for
many turns while a bot played my away seat, into the next round; and at
turn 1 the pick timed out in that same turn was called "last turn".  Now
the notice says "Time's up — … for you" / "超时——已替你…", and ends when a
later move of my seat is played: by me, by a bot for my away seat, or by
the clock again (then it names the new one).  Every game whose seat plays
on after a timeout (stud's timeout folds me out of the hand).  With 1 s
turns a turn is all hurry, whose warning the notice shows alone (one
message at a time: the fresh pass of Sibala's notice line), so the note is
read from every text the notice showed.  Phones.
"""

from __future__ import annotations

import re

import pytest

from .helpers import SINGLE_REDIS, open_table, sign_in, start, wait_notice_said, watch_notice

pytestmark = SINGLE_REDIS

OPTIONS = {"sibala": {"rounds": 8}, "six_nimmt": {}, "yahtzee": {}, "shut_the_box": {"rounds": 6}}
WORDS = {
    "en-US": {"notice": "Time's up", "past": "last turn", "away": "You are away: a bot plays for you — press I'm back"},
    "zh-CN": {"notice": "超时", "past": "上一回合", "away": "你处于托管：机器人正在替你玩——按“我回来了”即可接手"},
}
CASES = [(game, "zh-CN") for game in OPTIONS] + [("six_nimmt", "en-US")]


#: True once, in one page task, the game is still on, a bot has played at
#: least `n` moves for my seat (0) while away (the table's `forced`
#: record) and the status bar shows no time's-up notice but the away
#: notice that says a bot plays for me (`away`, the page's text): the
#: DOM and the view are read together, so a game over never passes it.
QUIET = """([id, n, away]) => {
  const v = window.lobby.net.tables.get(id).view;
  const bots = (v.forced || []).filter((f) => f[0] === 0 && f[1] === 'bot').length;
  const el = document.querySelector('[data-testid="timeout-notice"]');
  // the other seat is a bot's: no notice of its own
  return v.status === 'playing' && bots >= n && !!el && !el.hidden && el.textContent.trim() === away;
}"""


@pytest.fixture
def viewport() -> dict:
    return {"width": 360, "height": 740}


@pytest.mark.parametrize(("game", "locale"), CASES, ids=[f"{g}-{loc}" for g, loc in CASES])
def test_away_across_turns_shows_no_stale_times_up_notice(new_page, lobby, game, locale):
    words = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, game, seats=2, turn_s=1, options=OPTIONS[game])
    watch_notice(page)
    start(page)  # I never act: two timeouts, then a bot plays my away seat
    seen = wait_notice_said(page, "^" + re.escape(words["notice"]) + "(——| — )", timeout=15_000)
    assert not [s for s in seen if words["past"] in s], seen
    table_id = page.get_by_test_id("table-screen").get_attribute("data-table")
    quiet = QUIET
    # a later move of my seat (a bot's, for my away seat) was played: the forced one is no longer my latest
    page.wait_for_function(quiet, arg=[table_id, 1, words["away"]], timeout=20_000)
    page.wait_for_function(quiet, arg=[table_id, 2, words["away"]], timeout=20_000)  # nor after more of them
