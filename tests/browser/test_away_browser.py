"""Away seats (a bot plays a seat that timed out), against a lobby that marks a
seat away at its first timeout: what the away player is told and where, the
log's marks for a bot's moves, the badges after coming back.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import HAND_TO_PICK, REDRAW_HEAD, SINGLE_REDIS, finished, js, open_table, play_card, sibala_with_a_bot, sign_in, start

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# The log marks the moves a bot made for an away seat
#
# Moves a bot played for an away seat are marked as such: against a lobby
# that marks a seat away after one timeout, the log (6 Nimmt!: the reveal)
# names such a move "Ann (away, a bot played)" ("Ann（托管）" in 中文); on my own
# page my seat is "you": "You (away — a bot played for you)",
# "你（托管，机器人代你操作）", its verb agreeing — and the seat's own moves once its
# player is back carry no marker. A stud seat is never played away (a
# timeout folds it, and a new game starts with nobody away), so stud's
# words, like Yahtzee's and Shut the Box's, are checked on the lobby's event
# shape in the page's own view.
# ---------------------------------------------------------------------------


def watch(page, lobby, name: str, table_id: str) -> None:
    """Sign in as ``name`` and follow table ``table_id`` as a spectator."""
    sign_in(page, lobby, name, f"#table={table_id}")
    expect(page.get_by_test_id("spectating")).to_be_visible()


def back(page) -> None:
    """Say I'm back: my seat is mine again."""
    page.get_by_test_id("im-back").click()
    expect(page.get_by_test_id("away-bar")).to_be_hidden()


@pytest.mark.lobby_settings("away")
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


@pytest.mark.lobby_settings("away")
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
    cards = ann.locator(HAND_TO_PICK)
    take = ann.locator('[data-testid^="take-row-"]:visible')
    expect(cards.first.or_(take.first)).to_be_visible()
    if take.count():  # the bot's last card left me a row to take
        take.first.click()
        expect(cards.first).to_be_visible()
    card = cards.first.get_attribute("data-card")
    play_card(ann, card)
    for page in (ann, bo):
        entry = page.locator(f'[data-testid="reveal"] .sn-rev[data-seat="0"][data-card="{card}"]')
        expect(entry).to_be_visible()
        expect(entry.locator(".sn-rev-away, .sn-rev-timeout")).to_have_count(0)


@pytest.mark.lobby_settings("away_paced")
@pytest.mark.parametrize(
    ("game", "locale", "options", "away_turn", "own_roll"),
    [
        ("yahtzee", "en-US", {}, r"^You \(away — a bot played for you\) scored ", r"^You rolled .+ \(roll \d\)$"),  # "I'm back" may come after a bot's roll of my turn
        # Shut the Box says the away state once per line: the one-word mark after my own words (not "你（托管，…）" on every line)
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
    back(page)  # in the other seat's turn, or (a loaded box) in mine after a bot's roll for me
    roll = page.locator('[data-testid="roll"]:visible:enabled')
    # Shut the Box: a throw a bot made for me before I came back is mine to shut first (else my
    # clock runs out on it and I am away again); then my own throw
    pick = page.locator('[data-testid^="set-"]:visible:enabled')
    for _ in range(3):
        expect(roll.or_(pick.first)).to_be_visible(timeout=60_000)  # after the other seat's whole turn
        if roll.count():
            break
        pick.first.click()
        page.get_by_test_id("shut").click()
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
LINES = js("away/lines")


@pytest.mark.page_modules
@pytest.mark.lobby_settings("away")
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


@pytest.mark.lobby_settings("away")
def test_no_seat_is_marked_away_once_the_game_is_over(new_page, lobby):
    """"托管中" once stayed on a seat after the game (and the table)
    was over.  Away is said while the game runs; after it, no seat shows an
    away badge (every game draws them with seatBadges); a time's-up badge
    may stay a few seconds, as on any seat whose timeout ended the game."""
    ann = new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    open_table(ann, "sibala", seats=2, turn_s=0.3, options={"rounds": 2})
    start(ann)
    expect(ann.get_by_test_id("away-0")).to_have_text("托管")  # my turn ran out: a bot plays my seat
    expect(ann.get_by_test_id("table-status")).to_have_attribute("data-status", re.compile("finished|closed"), timeout=30_000)
    expect(ann.get_by_test_id("final-result")).to_be_visible()
    expect(ann.locator(".badge-away")).to_have_count(0)


# ---------------------------------------------------------------------------
# The prompt says the away line while away
#
# While my seat is away (a bot plays it) the table does not tell me how to
# act: the acting instruction gives way to the away line, which says what
# I'm back does. Sibala, Yahtzee and Shut the Box said so already; 6
# Nimmt!'s prompt did not. (A stud seat is never away: a timeout folds it.)
# ---------------------------------------------------------------------------


@pytest.mark.lobby_settings("away")
@pytest.mark.parametrize(
    ("locale", "away_hint", "pick"),
    [
        ("en-US", "A bot is playing your turn: make a move, or press I'm back, to take over (either ends your away).", "Choose a card, then confirm it."),
        ("zh-CN", "机器人正在替你走这一回合：你自己走一步或按“我回来了”即可接手（都会结束托管）。", "选一张牌，再确认出牌。"),
    ],
)
def test_six_nimmt_prompt_says_the_away_line_while_away(new_page, lobby, locale, away_hint, pick):
    ann = new_page(locale)
    sign_in(ann, lobby, "Ann")
    open_table(ann, "six_nimmt", seats=2, turn_s=2)
    start(ann)
    prompt = ann.get_by_test_id("prompt")
    expect(prompt).to_have_text(pick)  # my first pick, mine to make
    # it runs out: I am away, and my next pick is the bot's unless I act
    expect(ann.get_by_test_id("away-bar")).to_be_visible()
    expect(prompt).to_have_text(away_hint)
    # back: the instruction is mine again
    ann.get_by_test_id("im-back").click()
    expect(ann.get_by_test_id("away-bar")).to_be_hidden()
    expect(prompt).not_to_have_text(away_hint)


# ---------------------------------------------------------------------------
# A seat back from away loses its time's-up badge
#
# Another seat's "time's up" badge after its player came back: at a
# two-person Sibala match both timed out in rounds 1 and 2 (away after the
# second), came back and rolled round 3 themselves; at the match's end each
# page still showed "time's up" on the other's seat beside a roll that
# player had made.
#
# An away seat's notice waited for a bot's move or its time (8 s); a seat
# that is back (or that the game's end took out of away with no bot's move)
# has the turn that ran out behind it: the badge goes at once.
# ---------------------------------------------------------------------------


#: Table `id`'s finished Sibala view drawn again in a view of its own
#: (seat 0 mine) at three versions: seat 1 timed out into away with seat 0
#: to act, then seat 1 `then` ("back": not away, seat 0 still to act;
#: "over": the game over, not away).  Seat 1's "time's up" badge after each
#: of the first two versions: [after the timeout, after `then`].
BADGES = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, then]) => {") + js("away/badges")


@pytest.mark.page_modules
@pytest.mark.parametrize("then", ["back", "over"])
def test_a_seat_back_from_away_loses_its_time_s_up_badge(new_page, lobby, then):
    page, table_id = sibala_with_a_bot(new_page, lobby, "en-US")
    expect(finished(page)).to_be_visible(timeout=30_000)
    assert page.evaluate(BADGES, [table_id, "sibala", then]) == [True, False]


# ---------------------------------------------------------------------------
# Being away said in the status bar; Shut the Box says away once
#
# In English and 中文: being put on autopilot is said to me where I look,
# the status bar's notice, with what to press; Shut the Box says an away
# seat once per line with the one-word away mark (not "You (away — a bot
# played for you) threw …" on every line), its headline has one pair of
# brackets at most, its last-turn box and its log word a turn the same.
# ---------------------------------------------------------------------------


LOCALES = ["en-US", "zh-CN"]


AWAY_NOTICE = {
    "en-US": "You are away: a bot plays for you — press I'm back",
    "zh-CN": "你处于托管：机器人正在替你玩——按“我回来了”即可接手",
}

#: the away bar's own words, before its I'm back button
AWAY_BANNER = {"en-US": "You were away — a bot is playing for you", "zh-CN": "你已进入托管——机器人正在替你出牌"}


@pytest.mark.lobby_settings("away")
@pytest.mark.parametrize("locale", LOCALES)
def test_being_put_on_autopilot_is_said_in_the_status_bar_and_the_away_banner(new_page, lobby, locale):
    ann, _ = sibala_with_a_bot(new_page, lobby, locale, rounds=30)
    notice = ann.get_by_test_id("timeout-notice")
    # my first turn runs out: I am away, and the status bar (pinned, where I look) says so and what to press
    expect(ann.get_by_test_id("away-bar")).to_be_visible()
    expect(notice).to_have_text(AWAY_NOTICE[locale])
    # the banner says it in words, the button in it
    expect(ann.get_by_test_id("away-bar").get_by_test_id("away-banner-text")).to_have_text(AWAY_BANNER[locale])
    expect(ann.get_by_test_id("away-bar").get_by_test_id("im-back")).to_be_visible()
    expect(notice).to_have_attribute("data-kind", "away")
    # said once: the away bar holds the button, not the same sentence again
    assert AWAY_NOTICE[locale] not in ann.get_by_test_id("away-bar").inner_text()
    ann.get_by_test_id("im-back").click()
    expect(ann.get_by_test_id("away-bar")).to_be_hidden()
    expect(notice).not_to_have_text(AWAY_NOTICE[locale])


#: the long away name a log line must not repeat, and the one-word mark
STB_AWAY = {
    "en-US": ("(away", "away", re.compile(r"^(Winners?: .+, \d+ rounds? won( each)?|You win, \d+ rounds? won)$")),
    "zh-CN": ("（托管", "托管", re.compile(r"^(胜者：.+，(各)?赢 \d+ 局|你赢了，赢 \d+ 局)$")),
}

#: the last-turn box's text and the log's newest turn-end line (its marks
#: left out), once the box shows a turn no clock ended
LAST_AND_LOG = js("away/last_and_log")


@pytest.mark.page_modules
@pytest.mark.lobby_settings("away_paced")
@pytest.mark.parametrize("locale", LOCALES)
def test_shut_the_box_says_away_once_and_one_wording_per_turn(new_page, lobby, locale):
    long_away, word, headline = STB_AWAY[locale]
    ann = new_page(locale)
    sign_in(ann, lobby, "Ann")
    open_table(ann, "shut_the_box", seats=2, turn_s=0.3, options={"rounds": 2})
    start(ann)
    # a bot's turn in the last-turn box: the same words as its log line (the box adds the open tiles)
    # (the other seat's whole turn may come first: a dozen bots' moves)
    last, line = ann.wait_for_function(LAST_AND_LOG, polling="raf", timeout=60_000).json_value()
    assert last.startswith(line), f"last turn {last!r} and log {line!r} word one turn twice"
    expect(finished(ann)).to_be_visible(timeout=60_000)
    log = ann.get_by_test_id("log")
    away_lines = log.locator("li.log-away")
    expect(away_lines.first).to_be_visible()
    for i in range(away_lines.count()):
        item = away_lines.nth(i)
        assert long_away not in item.inner_text(), f"an away line repeats the away state: {item.inner_text()!r}"
        expect(item.locator(".forced-away")).to_have_text(word)
    head = ann.get_by_test_id("winners")
    expect(head).to_be_visible()
    if head.get_attribute("data-counted") != "loss":  # else my away first place, said as a loss (firstPlaceText)
        expect(head).to_have_text(headline)
    assert not re.search(r"\) \(|）（", head.inner_text()), "two pairs of brackets in a row"
    # a bot's win as the headline says it, whoever won this game
    bot = "Ada (bot)" if locale == "en-US" else "Ada（机器人）"
    said = ann.evaluate("async ([names]) => (await import('/static/i18n.js')).t('winner_one', { names, n: 2 })", [bot])
    assert said == {"en-US": "Winner: Ada (bot), 2 rounds won", "zh-CN": "胜者：Ada（机器人），赢 2 局"}[locale]
