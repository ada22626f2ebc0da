"""Yahtzee's log and score sheet after a fresh pass (issue #15): the log
kept 10 lines (a turn or two), so at the end earlier moves were gone with
no word; now it holds a whole game (13 turns of 6 seats, 4 lines each) in a
box that scrolls on a 390x844 phone, and says so in its first line if
lines were ever dropped.  The sheet marked the cells the clock scored
("time's up") but not those a bot scored for the away seat: those say
"away" ("托管"), as the other games mark a bot's move for an away seat.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    """A lobby that marks a seat away at its first timeout, its bots quick."""
    return module_lobby_factory(env={"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "150"}, prefix="yzaway")


@pytest.fixture
def viewport() -> dict:
    return {"width": 390, "height": 844}


#: Table `id`'s view drawn again in the felt by a fresh Yahtzee view in
#: language `lang`, fed `lines` versions of one roll each (seats 0 and 1 in
#: turn).  The log's lines, its box's height and scroll height.
LONG_LOG = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, lines, lang]) => {") + """  const { setLang } = await import('/static/i18n.js');
  setLang(lang);
  const view = new VIEWS[game]({ id: `long-${lines}-${lang}`, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  for (let k = 0; k < lines; k++) {
    const ev = { type: 'rolled', seat: k % 2, hold: [], dice: [1, 2, 3, 4, (k % 6) + 1], roll: 1 };
    const at = { ...v, events: [ev] };
    view.update(at, tableContext({ view: at, seat: 0, version: e.version + 1 + k }));
  }
  const log = view.el.querySelector('[data-testid="log"]');
  const got = { lines: [...log.querySelectorAll('li')].map((li) => li.textContent), height: log.getBoundingClientRect().height, scroll: log.scrollHeight, top: log.scrollTop, client: log.clientHeight };
  view.el.remove();
  setLang('en');
  return got;
}"""


@pytest.mark.parametrize(("lang", "cut"), [("en", "… earlier moves are not listed"), ("zh", "……更早的行动没有列出")])
def test_yahtzee_s_log_holds_a_whole_game_and_scrolls(new_page, lobby, lang, cut):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "yahtzee", seats=2)
    start(page)
    expect(page.get_by_test_id("seat-name-1")).to_be_visible()
    whole = 13 * 6 * 4  # 13 turns, 6 seats, up to 3 rolls and a score each
    got = page.evaluate(LONG_LOG, [table_id, "yahtzee", whole, lang])
    assert len(got["lines"]) == whole and cut not in got["lines"], got["lines"][:3]
    # the box scrolls (to the newest line) and stays a box's height on the phone
    assert got["height"] <= 220 and got["scroll"] > got["client"] and got["top"] > 0, got
    # beyond what it keeps: the first line says earlier ones are not listed
    got = page.evaluate(LONG_LOG, [table_id, "yahtzee", 450, lang])
    assert got["lines"][0] == cut, got["lines"][:3]
    assert 300 < len(got["lines"]) <= 401, len(got["lines"])


def test_yahtzee_s_sheet_marks_the_cells_a_bot_scored_for_an_away_seat(new_page, lobby):
    """Ann plays nothing: her first turn's cell is the clock's ("time's
    up"), the next ones a bot's for her away seat ("away"; "托管" for a
    中文 spectator); the bot's own seat has no marks."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "yahtzee", seats=2, turn_s=1)
    start(ann)
    cells = ann.locator('[data-testid^="cell-0-"][data-state="filled"]')
    expect(cells.nth(2)).to_be_visible(timeout=30_000)
    expect(ann.locator('[data-testid^="cell-0-"][data-forced="false"]')).to_have_count(1)
    clock = ann.locator('[data-testid^="cell-0-"][data-forced="false"] .forced-mark')
    expect(clock).to_have_text("time's up")
    away = ann.locator('[data-testid^="cell-0-"][data-forced="true"] .forced-mark')
    expect(away.first).to_have_text("away")
    expect(away.first).to_have_attribute("data-how", "away")
    expect(ann.locator('[data-testid^="cell-1-"] .forced-mark')).to_have_count(0)

    zh = new_page(locale="zh-CN")
    sign_in(zh, lobby, "Carol", f"#table={table_id}")
    expect(zh.locator('[data-testid^="cell-0-"][data-forced="false"] .forced-mark')).to_have_text("超时")
    expect(zh.locator('[data-testid^="cell-0-"][data-forced="true"] .forced-mark').first).to_have_text("托管")
    assert re.fullmatch(r"\d+", zh.locator('[data-testid^="cell-0-"][data-forced="true"]').first.get_attribute("data-score"))
