"""Moves a bot played for an away seat are marked as such (issue #15, the
last fresh pass: the log said "Ann rolled …" as if Ann had): against a lobby
that marks a seat away after one timeout, the log (6 Nimmt!: the reveal)
names such a move "Ann (away, a bot played)" ("Ann（托管）" in 中文); on my
own page my seat is "you": "You (away — a bot played for you)",
"你（托管，机器人代你操作）", its verb agreeing — and the seat's own moves once its player is back carry
no marker.  A stud seat is never played away (a timeout folds it, and a new
game starts with nobody away), so stud's words, like Yahtzee's and Shut the
Box's, are checked on the lobby's event shape in the page's own view.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    """A lobby that marks a seat away at its first timeout (LOBBY_AWAY_AFTER),
    its bots slow enough for a game to last while we look (LOBBY_BOT_DELAY_MS)."""
    return module_lobby_factory(env={"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "1200"}, prefix="awaylog")


def watch(page, lobby, name: str, table_id: str) -> None:
    """Sign in as ``name`` and follow table ``table_id`` as a spectator."""
    sign_in(page, lobby, name, f"#table={table_id}")
    expect(page.get_by_test_id("spectating")).to_be_visible()


def back(page) -> None:
    """Say I'm back: my seat is mine again."""
    page.get_by_test_id("im-back").click()
    expect(page.get_by_test_id("away-bar")).to_be_hidden()


def test_sibala_marks_the_rolls_a_bot_made_for_an_away_seat(new_page, lobby):
    ann, bo = new_page(locale="zh-CN"), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=5, options={"rounds": 40})
    watch(bo, lobby, "Bo", table_id)
    start(ann)
    # my first turn runs out (time's up), then I am away: a bot rolls for me
    mine, theirs = ann.get_by_test_id("log"), bo.get_by_test_id("log")
    expect(mine.locator("li.log-timeout").first).to_have_text(re.compile(r"^第 1 局：你掷出 .+——超时$"))  # my own roll, the clock's: "you"
    expect(mine.locator("li.log-away").first).to_have_text(re.compile(r"^第 \d+ 局：你（托管，机器人代你操作）掷出 "))
    expect(theirs.locator("li.log-away").first).to_have_text(re.compile(r"^Round \d+: Ann \(away, a bot played\) rolled "))
    # back: my own roll is mine again, unmarked
    back(ann)
    ann.locator('[data-testid="roll"]:enabled').click()
    own = "li.log-roll:not(.log-away):not(.log-timeout)"
    expect(mine.locator(own, has_text="你掷出").first).to_have_text(re.compile(r"^第 \d+ 局：你掷出 [⚀-⚅]{4}（"))  # my own roll on my page: "you"
    expect(theirs.locator(own, has_text="Ann").first).to_have_text(re.compile(r"^Round \d+: Ann rolled [⚀-⚅]{4} \("))


def test_six_nimmt_marks_the_card_a_bot_played_for_an_away_seat(new_page, lobby):
    ann, bo = new_page(), new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=2, turn_s=5)
    watch(bo, lobby, "Bo", table_id)
    start(ann)
    # my first pick runs out (time's up), then a bot picks for me while I am away
    away = '[data-testid="reveal"] .sn-rev[data-seat="0"] .sn-rev-away'
    expect(ann.locator(away)).to_have_text("away")  # the seat's one word for it
    expect(ann.locator(away)).to_have_attribute("title", "You (away — a bot played for you)")
    expect(bo.locator(away)).to_have_text("托管")
    expect(bo.locator(away)).to_have_attribute("title", "Ann（托管）")
    # back: the card I pick myself is shown unmarked
    back(ann)
    cards = ann.locator('[data-testid="hand"] button[data-card]:enabled')
    take = ann.locator('[data-testid^="take-row-"]:visible')
    expect(cards.first.or_(take.first)).to_be_visible()
    if take.count():  # the bot's last card left me a row to take
        take.first.click()
        expect(cards.first).to_be_visible()
    card = cards.first.get_attribute("data-card")
    cards.first.click()
    for page in (ann, bo):
        entry = page.locator(f'[data-testid="reveal"] .sn-rev[data-seat="0"][data-card="{card}"]')
        expect(entry).to_be_visible()
        expect(entry.locator(".sn-rev-away, .sn-rev-timeout")).to_have_count(0)


@pytest.mark.parametrize(
    ("game", "locale", "options", "away_turn", "own_roll"),
    [
        ("yahtzee", "en-US", {}, r"^You \(away — a bot played for you\) scored ", r"^You rolled .+ \(roll 1\)$"),
        # Shut the Box says the away state once per line: the one-word mark after my own words (a fresh pass: not "你（托管，…）" on every line)
        ("shut_the_box", "zh-CN", {"rounds": 10}, r"^(\d+ 无可关上的组合——你的回合结束，得分 \d+|你闭箱！) 托管$", r"^你掷出 \d( \+ \d)? = \d+$"),
    ],
)
def test_yahtzee_and_shut_the_box_mark_a_bot_s_turn_for_an_away_seat(new_page, lobby, game, locale, options, away_turn, own_roll):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, game, seats=2, turn_s=5, options=options)
    start(page)
    # my first turn runs out, then a bot plays my next turn to its end (the
    # other seat's turn between: a dozen moves at bot speed)
    log = page.get_by_test_id("log")
    expect(log.locator("li.log-result.log-away").first).to_have_text(re.compile(away_turn), timeout=60_000)
    back(page)  # the other seat's turn: mine comes next, mine to play
    roll = page.locator('[data-testid="roll"]:visible:enabled')
    expect(roll).to_be_visible(timeout=60_000)  # after the other seat's whole turn
    roll.click()
    mine = log.locator("li", has_text=re.compile(own_roll)).last  # my own roll on my page: "you"
    expect(mine).to_be_visible()
    expect(mine).not_to_have_class(re.compile(r"log-away"))


#: Per game: a version's events in which a bot played seat 0 while away
#: (the lobby's ``timeout`` event, ``bot`` true, after the engine's) and one
#: of the same seat's own moves later; the English and Chinese line of each
#: (the own move's for a spectator, then for seat 0 itself: "you").
WORDS = {
    "stud": (
        [{"type": "action", "seat": 0, "action": "call", "to": 20, "added": 10, "pot": 40}, {"type": "timeout", "seat": 0, "bot": True, "moves": [{"type": "call"}]}],
        [{"type": "action", "seat": 0, "action": "fold", "to": 20, "added": 0, "pot": 40}],
        ("Ann (away, a bot played) calls to 20 (pot 40)", "Ann（托管）跟注到 20（底池 40）"),
        ("Ann folds (pot 40)", "Ann 弃牌（底池 40）"),
        ("You fold (pot 40)", "你弃牌（底池 40）"),
    ),
    "yahtzee": (
        [{"type": "rolled", "seat": 0, "hold": [], "dice": [1, 2, 3, 4, 6], "roll": 1}, {"type": "timeout", "seat": 0, "bot": True, "moves": [{"type": "roll"}]}],
        [{"type": "rolled", "seat": 0, "hold": [], "dice": [1, 2, 3, 4, 6], "roll": 1}],
        ("Ann (away, a bot played) rolled", "Ann（托管）掷出"),
        ("Ann rolled", "Ann 掷出"),
        ("You rolled", "你掷出"),
    ),
    "shut_the_box": (
        [{"type": "rolled", "seat": 0, "dice": [3, 4], "throw": 7}, {"type": "timeout", "seat": 0, "bot": True, "moves": [{"type": "roll"}]}],
        [{"type": "rolled", "seat": 0, "dice": [3, 4], "throw": 7}],
        ("Ann (away, a bot played) threw 3 + 4 = 7", "Ann（托管）掷出 3 + 4 = 7"),
        ("Ann threw 3 + 4 = 7", "Ann 掷出 3 + 4 = 7"),
        ("You threw 3 + 4 = 7", "你掷出 3 + 4 = 7"),
    ),
}

#: Per game: the away line of WORDS on seat 0's own page (English, 中文).
MINE_AWAY = {
    "stud": ("You (away — a bot played for you) call to 20 (pot 40)", "你（托管，机器人代你操作）跟注到 20（底池 40）"),
    "yahtzee": ("You (away — a bot played for you) rolled", "你（托管，机器人代你操作）掷出"),
    "shut_the_box": ("You (away — a bot played for you) threw 3 + 4 = 7", "你（托管，机器人代你操作）掷出 3 + 4 = 7"),
}

#: The game's view words each list of events for a spectator and for seat 0.
LINES = """async ([game, lists]) => {
  const { VIEWS } = await import('/static/games/index.js');
  const { setLang } = await import('/static/i18n.js');
  const out = {};
  for (const lang of ['en', 'zh']) {
    setLang(lang);
    for (const seat of [null, 0]) {
      const view = new VIEWS[game]({ id: 'words', games: () => [] });
      view.ctx = { seat };
      out[`${lang}:${seat}`] = lists.map((events) => view.eventLines(events, ['Ann', 'Ada（bot）']));
    }
  }
  setLang('en');
  return out;
}"""


@pytest.mark.parametrize("game", sorted(WORDS))
def test_event_logs_mark_a_bot_s_move_for_an_away_seat(new_page, lobby, game):
    page = new_page()
    sign_in(page, lobby, "Ann")
    away, own, (away_en, away_zh), (own_en, own_zh), (mine_en, mine_zh) = WORDS[game]
    got = page.evaluate(LINES, [game, [away, own]])
    assert got["en:null"][0][0].startswith(away_en), got
    assert got["zh:null"][0][0].startswith(away_zh), got
    # my own away seat on my page: "you", never my name (the verb agrees: stud's "You … call")
    assert got["en:0"][0][0].startswith(MINE_AWAY[game][0]), got
    assert got["zh:0"][0][0].startswith(MINE_AWAY[game][1]), got
    for key, want in (("en:null", own_en), ("en:0", mine_en), ("zh:null", own_zh), ("zh:0", mine_zh)):
        assert got[key][1][0].startswith(want), (key, got)


def test_no_seat_is_marked_away_once_the_game_is_over(new_page, lobby):
    """The 中文 pass: "托管中" stayed on a seat after the game (and the table)
    was over.  Away is said while the game runs; after it, no seat shows an
    away badge (every game draws them with seatBadges); a time's-up badge
    may stay a few seconds, as on any seat whose timeout ended the game."""
    ann = new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    open_table(ann, "sibala", seats=2, turn_s=1, options={"rounds": 2})
    start(ann)
    expect(ann.get_by_test_id("away-0")).to_have_text("托管")  # my turn ran out: a bot plays my seat
    expect(ann.get_by_test_id("table-status")).to_have_attribute("data-status", re.compile("finished|closed"), timeout=30_000)
    expect(ann.get_by_test_id("final-result")).to_be_visible()
    expect(ann.locator(".badge-away")).to_have_count(0)
