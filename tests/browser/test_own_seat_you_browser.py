"""My own seat is "you" on my own page (issue #15, the third fresh pass:
the log said "Ann threw 4 and 3", stud's "Ann raises 100", the result
"Winner: Ann" on Ann's own page, where the rest of the page says "you").
For a seated player in every game and both languages: my own move's log
line and my own result say you ("You threw …", "You win", "你赢了"); a
spectator's page keeps the names; a standings table keeps my name and
marks my row with the "you" badge.  The result is drawn from the live
table view with me (seat 0) as its winner, so it does not hang on the
dice.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS

#: Table `id`'s live view drawn as finished with seat 0 (Ann) the only
#: winner, seen from `seat` (0: Ann's page; null: a spectator's): the
#: winners line and whether seat 0's standing row has the "you" badge.
WON = REDRAW_HEAD + """  const n = v.seats.length;
  const state = JSON.parse(JSON.stringify(v.state));
  if (game === 'stud') state.over = true, state.result = { how: 'fold', winner: 0, pot: 40, nets: [20, -20] };
  if (game === 'six_nimmt') state.history = [state.scores.map(() => 0)];
  if (game === 'shut_the_box') state.round = state.rounds, state.history = [{ round: 0, scores: state.scores.map((s, i) => (i === 0 ? 3 : 9)), winners: [0], box_shut: false }];
  const fin = { ...v, status: 'finished', state, to_act: [], deadlines: {}, result: { winners: [0], scores: Array(n).fill(1), coins: Array(n).fill(0) } };
  const out = {};
  for (const [who, seat] of [['mine', 0], ['spectator', null]]) {
    const view = new VIEWS[game]({ id: 'won-' + game + who, games: () => net.games });
    document.body.appendChild(view.el);
    view.update(fin, tableContext({ view: fin, seat, version: e.version + 1 }));
    const row = view.el.querySelector('[data-testid="standing-0"], [data-testid="final-board-0"]');
    const res = view.el.querySelector('[data-testid="round-result-0"]');
    out[who] = { winners: view.el.querySelector('[data-testid="winners"]').textContent, badge: row ? !!row.querySelector('.badge-you') : null, round: res ? res.textContent : null };
    view.el.remove();
  }
  return out;
}"""

#: Per game: the options that make it short, how I make my own first move
#: (a test id to click, or None: stud's check or call), and my move's log
#: line in English and Chinese (None: 6 Nimmt! has no log on the table).
GAMES = {
    "sibala": ({"rounds": 1}, "roll", r"^Round 1: you rolled ", r"^第 1 局：你掷出 "),
    "shut_the_box": ({"rounds": 1}, "roll", r"^You threw \d", r"^你掷出 \d"),
    "yahtzee": ({}, "roll", r"^You rolled .+ \(roll 1\)$", r"^你掷出 .+（第 1 掷）$"),
    "stud": ({"tier": "casual"}, None, r"^You (check|call to \d+) \(pot \d+\)$", r"^你(不下注|跟注到 \d+)（底池 \d+）$"),
    "six_nimmt": ({}, None, None, None),
}

#: My win, as the result says it to me (English, Chinese).
WIN = {
    "sibala": (r"^You win, \d+ rounds? won$", r"^你赢了，赢 \d+ 局$"),
    "shut_the_box": (r"^You win, \d+ rounds? won$", r"^你赢了，赢 \d+ 局$"),
    "yahtzee": (r"^You win with \d+ points?$", r"^你赢了，\d+ 分$"),
    "stud": (r"^You win the pot of 40: every other player folded$", r"^你赢得底池 40：其他玩家都已弃牌$"),
    "six_nimmt": (r"^You win with \d+ bull heads?$", r"^你赢了，\d+ 个牛头$"),
}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("game", list(GAMES))
def test_my_own_move_and_my_own_win_say_you(new_page, lobby, game, locale):
    zh = locale == "zh-CN"
    options, move, line_en, line_zh = GAMES[game]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, game, seats=2, options=options)
    start(page)

    line = line_zh if zh else line_en
    if line:
        if move:
            button = page.locator(f'[data-testid="{move}"]:enabled')
            expect(button).to_be_visible(timeout=30_000)
            button.click()
        else:
            act = page.locator(".stud-actions button.act:enabled").first
            expect(act).to_be_visible(timeout=30_000)
            offered = [b.get_attribute("data-action") for b in page.locator(".stud-actions button.act:enabled").all()]
            page.get_by_test_id("act-check" if "check" in offered else "act-call").click()
        mine = page.get_by_test_id("log").locator("li", has_text=re.compile(line))
        expect(mine.first).to_be_visible(timeout=30_000)
        # my own line never names me
        assert not page.get_by_test_id("log").locator("li").filter(has_text=re.compile(r"^(Round 1: )?Ann |^(第 1 局：)?Ann ")).count()

    got = page.evaluate(WON, [table_id, game])
    assert re.search(WIN[game][1 if zh else 0], got["mine"]["winners"]), got
    assert "Ann" in got["spectator"]["winners"], got  # no one is "you" on a spectator's page
    if game in ("six_nimmt", "shut_the_box"):
        assert got["mine"]["badge"] is True and got["spectator"]["badge"] is False, got  # my row: my name and the badge
    if game == "shut_the_box":
        assert got["mine"]["round"] == ("第 1 局：你以 3 分获胜" if zh else "Round 1: you won with 3"), got
        assert "Ann" in got["spectator"]["round"], got
