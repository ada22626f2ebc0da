"""Timeouts, in every game: the urgent countdown, what the clock played said to
its player in the past and marked where it happened (log, seat, board,
replay), once, and only while it is the latest move.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import LOCALES, PHONE, SINGLE_REDIS, finished, finished_game, js, let_a_low_pick_run_out, open_table, play_card, sign_in, start, switch_language, two_at_sibala, wait_notice_said, watch_notice

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# The countdown warns, then says what was played for me
#
# Timeouts are said, against a real lobby with short turn times: in my last
# seconds the countdown turns urgent and says what a timeout would do; when
# time runs out the status bar says what was played for me ("Time's up — 14
# was played for you"), my seat gets a time's-up badge and the log a line; a
# bot's countdown is never urgent (it once flashed red on every bot move,
# its deadline being the bot's thinking time).
# ---------------------------------------------------------------------------


#: Every change of the countdown's urgency, with who was to act then.
WATCH_URGENCY = js("timeouts/watch_urgency")


#: Every time's-up notice the status bar shows, with my seat's time's-up mark
#: (its one carrier: Sibala's is on the dice, test_sibala_browser.py) and whether the other seat has one.
WATCH_NOTICE = js("timeouts/watch_notice")


def test_sibala_warns_then_says_the_roll_made_for_me(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "sibala", seats=2, turn_s=3, options={"rounds": 1})
    page.evaluate(WATCH_URGENCY, table_id)
    start(page)
    # seat 0 rolls first: my last seconds (a 3 s turn is all last seconds)
    countdown = page.get_by_test_id("countdown")
    expect(countdown).to_have_attribute("data-urgent", "true")
    notice = page.get_by_test_id("timeout-notice")
    expect(notice).to_have_text("Hurry — at 0 your dice are rolled for you")
    expect(notice).to_have_attribute("data-kind", "hurry")

    # I do not roll: the deadline rolls for me, and that is said (until the
    # bot's roll ends the one-round game: seen as it is drawn)
    page.evaluate(WATCH_NOTICE)
    expect(finished(page)).to_be_visible()
    seen = page.evaluate("window.notices")
    # my notice (it stays until a later move of my seat: tested below)
    assert {"text": "Time's up — your dice were rolled for you", "kind": "mine", "mine": "time's up", "other": False} in seen, seen
    expect(page.get_by_test_id("log").locator("li.log-timeout")).to_have_text(re.compile(r"^Round 1: you rolled .+ — time's up$"))  # Ann's own page
    # the game is over: the status line has its result, no notice (the log keeps it)
    expect(notice).to_be_hidden()

    changes = page.evaluate("window.urgency")
    assert any(c["urgent"] for c in changes), changes
    # urgent only while I had to act: never while only the bot did
    assert not [c for c in changes if c["urgent"] and c["acting"] and all(c["acting"])], changes


def test_six_nimmt_marks_the_card_played_for_me_in_chinese(new_page, lobby):
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=4)
    start(page)
    hand = page.get_by_test_id("hand").locator("[data-card]")
    expect(hand).to_have_count(10)
    lowest = min(int(c) for c in hand.evaluate_all("els => els.map((e) => e.dataset.card)"))
    expect(page.get_by_test_id("timeout-notice")).to_have_text("快！超时将替你出最小的牌")
    # the rules play my lowest card: the reveal marks it
    forced = page.get_by_test_id("reveal").locator(f'[data-seat="0"][data-card="{lowest}"]')
    expect(forced.locator(".sn-rev-timeout")).to_have_text("超时")
    # my next decision (the next pick, or a row for a card below every row)
    # starts with the timeout, and a 4 s turn is all hurry: the bar says the
    # warning alone, about now (one message at a time: the note is not joined
    # to it; it stays for the calm seconds: tested below),
    # and my seat has no time's-up badge over the new turn
    expect(page.get_by_test_id("timeout-notice")).to_have_text(re.compile("^快！超时将替你(出最小的牌|收走牛头最少的一行)$"))
    expect(page.get_by_test_id("timeout-notice")).to_have_attribute("data-kind", "hurry")
    now = page.evaluate("() => ({notice: document.querySelector('[data-testid=timeout-notice]').textContent, badge: !!document.querySelector('[data-testid=timeout-0]')})")
    assert not now["notice"].startswith("超时"), now  # read with the badge, in one task
    assert not now["badge"], now


def test_stud_says_my_fold_before_who_won(new_page, lobby):
    """My deadline folds me and so ends the hand: the log says time ran out
    before it says who won (the lobby's time's-up event follows the engine's
    fold and result)."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "stud", seats=2, turn_s=0.3)
    start(page)  # I came first: I am the dealer and act first
    expect(finished(page)).to_be_visible()
    items = page.get_by_test_id("log").locator("li")
    expect(items.locator("xpath=self::li[contains(@class, 'log-timeout')]")).to_have_count(1)
    kinds = items.evaluate_all("els => els.map((e) => e.className)")
    # the fold's own line carries the time's-up mark (one line per fold: test_stud_browser.py)
    forced = [k for k, c in enumerate(kinds) if "log-timeout" in c.split()]
    assert forced and "act-fold" in kinds[forced[0]].split() and forced[0] < kinds.index("log-result"), kinds


# ---------------------------------------------------------------------------
# A time's-up notice belongs to the turn that ran out
#
# A time's-up notice belongs to the turn that ran out: over that seat's next
# turn it never reads as this turn's (in my last seconds the bar shows the
# hurry warning alone), also when that turn starts with the timeout itself
# (Shut the Box's next round: the bar read "Round 2 of 2 · Your turn! …
# Time's up — your turn is over: score 45 · Hurry — …"); and a timeout that
# ends the game leaves its mark on the seat as in every game (one mark:
# Sibala's on the dice the clock rolled,
# test_sibala_browser.py) (Sibala's and stud's seats said
# only "no point (last round)" and "folded"), while the bar shows the result
# (stud's: test_leaving_browser.py).
# ---------------------------------------------------------------------------


#: Every reading, while the table plays round 2, of the bar's notice and my seat's badge.
WATCH_ROUND_2 = js("timeouts/watch_round_2")


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
    # calm seconds: tested below); no badge over my turn
    assert not [s for s in seen if s["notice"] not in ("", "Hurry — at 0 your turn ends, scored on the open tiles") or s["badge"]], seen
    assert [s for s in seen if s["notice"]], seen


def test_a_timeout_that_ends_sibala_leaves_its_mark_in_chinese(new_page, lobby):
    ann, bo = new_page(), new_page(locale="zh-CN")
    two_at_sibala(ann, bo, lobby)  # neither rolls: Bo's timeout ends the game
    expect(finished(bo)).to_be_visible()
    expect(bo.get_by_test_id("seat-1").get_by_test_id("forced-1")).to_have_text("超时")
    expect(bo.get_by_test_id("seat-1").get_by_test_id("timeout-1")).to_have_count(0)  # one mark per seat
    expect(bo.get_by_test_id("timeout-notice")).to_be_hidden()


# ---------------------------------------------------------------------------
# A timeout is marked where it happened and said in the past
#
# A timeout is seen where it happened and said to its player in the past.
# (a) The forced move carries a time's-up mark on the board for as long as
# it is there: the card placed for me in a 6 Nimmt! row, the Yahtzee
# category spent for me, the Shut the Box round ended for me; (b) my own
# notice says "Time's up — … for you" and stays until I act, never
# contradicting "Your turn". The notice shows one message at a time: in my
# turn's last seconds the hurry warning alone, so these tests run on a lobby
# that warns in a turn's last second only (``short_warning``) with 3-4 s
# turns, the next turn's first seconds (not urgent) the moment the note is
# read. Phones, both languages.
# ---------------------------------------------------------------------------


#: the words by language: the mark, my notice's opening, my turn line
WORDS = {
    "en-US": {"mark": "time's up", "past": "Time's up — "},
    "zh-CN": {"mark": "超时", "past": "超时——"},
}


#: True once, in one frame, my turn's countdown is not urgent and the notice says (`said`) or does not say my time ran out.
CALM_NOTICE = js("timeouts/calm_notice")


def past_notice(page, locale):
    """Wait until the status bar's notice says my time ran out (my latest move was played for me), read in a frame outside my last seconds."""
    page.wait_for_function(CALM_NOTICE, arg=[WORDS[locale]["past"], True], polling="raf", timeout=20_000)


def note_gone(page, locale):
    """My own move ended the note: outside my last seconds (where the note would show) the notice does not say it."""
    page.wait_for_function(CALM_NOTICE, arg=[WORDS[locale]["past"], False], polling="raf")


@pytest.mark.lobby_settings("short_warning")
@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_six_nimmt_s_card_played_for_me_is_marked_in_its_row_and_said_until_i_pick(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=4)  # 4 s: the next reveal, which may take the row, waits while I look
    start(page)
    hand = page.get_by_test_id("hand").locator("[data-card]")
    expect(hand).to_have_count(10)
    lowest = min(int(c) for c in hand.evaluate_all("els => els.map((e) => e.dataset.card)"))
    # I pick nothing: my lowest card is played for me; in its row it is marked
    mark = page.get_by_test_id("rows").get_by_test_id(f"row-forced-{lowest}")
    expect(mark).to_have_text(WORDS[locale]["mark"], timeout=15_000)
    # my next decision has started: the notice says the last turn's, in the past
    past_notice(page, locale)
    expect(page.get_by_test_id("turn")).to_have_text(re.compile("^(Your turn|轮到你)"))
    expect(page.get_by_test_id("timeout-0")).to_have_count(0)  # no "time's up" badge over my turn
    # my own move ends it (a row taken, or a card chosen and confirmed: a
    # tap alone only chooses, and the clock then played for me again, my
    # seat went away and quick bots ended the game under a loaded box's
    # check); the card keeps its mark in the row
    take = page.locator("[data-testid^=take-row-]:visible")
    if take.count():
        take.first.click()
    else:
        play_card(page, int(page.get_by_test_id("hand").locator("button[data-card]:enabled").first.get_attribute("data-card")))
    note_gone(page, locale)
    expect(mark).to_have_text(WORDS[locale]["mark"])


@pytest.mark.lobby_settings("short_warning")
@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_yahtzee_s_category_scored_for_me_is_marked_and_said_until_i_roll(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "yahtzee", seats=2, turn_s=3, bots=False)
    start(page)  # alone: my turns follow each other
    # I do not roll: the clock rolls and scores for me; that category is marked
    mark = page.get_by_test_id("score-card").locator("[data-testid^=forced-0-]")
    expect(mark).to_have_count(1, timeout=15_000)
    expect(mark).to_have_text(WORDS[locale]["mark"])
    cat = mark.get_attribute("data-testid").removeprefix("forced-0-")
    expect(page.get_by_test_id(f"cell-0-{cat}")).to_have_attribute("data-state", "filled")
    # my next turn has started at once: the notice is the last turn's, in the past
    past_notice(page, locale)
    expect(page.get_by_test_id("roll")).to_be_enabled()
    expect(page.get_by_test_id("timeout-0")).to_have_count(0)
    page.get_by_test_id("roll").click()
    note_gone(page, locale)
    expect(page.get_by_test_id(f"forced-0-{cat}")).to_have_text(WORDS[locale]["mark"])


@pytest.mark.lobby_settings("short_warning")
@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_shut_the_box_s_round_ended_for_me_is_marked_and_said_until_i_throw(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "shut_the_box", seats=2, turn_s=3, options={"rounds": 2}, bots=False)
    start(page)  # alone: round 2 starts with round 1's timeout
    expect(page.get_by_test_id("round-score-0-0")).to_have_attribute("data-score", "45", timeout=15_000)
    expect(page.get_by_test_id("round-score-0-0")).to_have_text("45")  # the score only: the seat carries the mark
    past_notice(page, locale)
    expect(page.get_by_test_id("roll")).to_be_enabled()
    page.get_by_test_id("roll").click()
    note_gone(page, locale)
    # the match over (round 2 ends too, by my stuck throw or the clock): the seat's mark says the last round's
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "finished", timeout=20_000)
    ended = page.get_by_test_id("log").locator("li.log-result").last
    mark = page.get_by_test_id("seat-0").get_by_test_id("forced-0")
    if "log-timeout" in (ended.get_attribute("class") or ""):
        expect(mark).to_have_text(WORDS[locale]["mark"])
    else:
        expect(mark).to_have_count(0)


@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_shut_the_box_s_lines_say_you_for_my_own_timeout(new_page, lobby, locale):
    """Shut the Box's end list said "Time's up for Alice" on Alice's own page
    : a line about my own seat's timeout says "you", as the
    notice does; the last-turn line too (not "Time's up for you
    — turn over" in the log and the last turn beside the notice's "Time's
    up — your turn is over"), which leaves the time's up to the notice, the
    seat and the log (once five places said one timeout)."""
    name = "Ann" if locale == "en-US" else "小明"
    mine = {"en-US": "Your turn is over, score 45 (open: ", "zh-CN": "你的回合结束，得分 45（剩余："}[locale]  # the log's words, then the open tiles
    page = new_page(locale=locale)
    sign_in(page, lobby, name)
    open_table(page, "shut_the_box", seats=2, turn_s=3, options={"rounds": 2}, bots=False)
    start(page)
    # round 2: the last turn's line is round 1's timeout, about me
    expect(page.get_by_test_id("last-turn-text")).to_have_text(re.compile("^" + re.escape(mine)), timeout=15_000)
    expect(page.get_by_test_id("last-turn-text")).not_to_have_text(re.compile(re.escape(WORDS[locale]["mark"]), re.I))
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "finished", timeout=20_000)
    lines = page.get_by_test_id("log").locator("li")
    logged = {"en-US": "Your turn is over, score 45 — time's up", "zh-CN": "你的回合结束，得分 45——超时"}[locale]  # the log's own line, marked (forcedLine)
    expect(lines.filter(has_text=logged)).to_have_count(2)  # both rounds ran out
    assert not [line for line in lines.all_text_contents() if name in line], lines.all_text_contents()


@pytest.mark.viewport(PHONE)
def test_stud_s_seat_folded_by_the_clock_is_marked_so(new_page, lobby):
    """The stud seat the clock folded said only "folded" once its notice
    had gone: its fold carries the time's-up mark while the hand is on the
    board."""
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    open_table(page, "stud", seats=2, turn_s=0.3)
    start(page)  # I came first: I act first, and the clock folds me
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "finished", timeout=15_000)
    expect(page.get_by_test_id("seat-0").get_by_test_id("forced-0")).to_have_text("超时")
    expect(page.get_by_test_id("seat-1").get_by_test_id("forced-1")).to_have_count(0)


# ---------------------------------------------------------------------------
# The notice speaks of my latest move only while it is the forced one
#
# My time's-up notice speaks of my seat's latest move only while that move
# is the forced one: in 6 Nimmt! "Time's up on your last turn — 13 was
# played for you" / "上一回合超时——已替你出 16" stayed for many turns while a bot
# played my away seat, into the next round; and at turn 1 the pick timed out
# in that same turn was called "last turn". Now the notice says "Time's up —
# … for you" / "超时——已替你…", and ends when a later move of my seat is played:
# by me, by a bot for my away seat, or by the clock again (then it names the
# new one). Every game whose seat plays on after a timeout (stud's timeout
# folds me out of the hand). With 1 s turns a turn is all hurry, whose
# warning the notice shows alone, so the note is read from every text the
# notice showed. Phones.
# ---------------------------------------------------------------------------


#: Long enough games that the away notice is still up after a bot's second
#: move for my seat (a Sibala round is two moves at bot speed: with 8 rounds
#: that moment lasted a quarter second, and a loaded box's page once missed it).
OPTIONS = {"sibala": {"rounds": 40}, "six_nimmt": {}, "yahtzee": {}, "shut_the_box": {"rounds": 6}}
LATEST_MOVE_WORDS = {
    "en-US": {"notice": "Time's up", "past": "last turn", "away": "You are away: a bot plays for you — press I'm back"},
    "zh-CN": {"notice": "超时", "past": "上一回合", "away": "你处于托管：机器人正在替你玩——按“我回来了”即可接手"},
}
CASES = [(game, "zh-CN") for game in OPTIONS] + [("six_nimmt", "en-US")]


#: True once, in one page task, the game is still on, a bot has played at
#: least `n` moves for my seat (0) while away (the table's `forced`
#: record) and the status bar shows no time's-up notice but the away
#: notice that says a bot plays for me (`away`, the page's text): the
#: DOM and the view are read together, so a game over never passes it.
QUIET = js("timeouts/quiet")


@pytest.mark.lobby_settings("paced_bots")  # bots playing my away seat leave the game on while the page looks
@pytest.mark.viewport({"width": 360, "height": 740})
@pytest.mark.parametrize(("game", "locale"), CASES, ids=[f"{g}-{loc}" for g, loc in CASES])
def test_away_across_turns_shows_no_stale_times_up_notice(new_page, lobby, game, locale):
    words = LATEST_MOVE_WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann")
    open_table(page, game, seats=2, turn_s=0.3, options=OPTIONS[game])
    watch_notice(page)
    start(page)  # I never act: two timeouts, then a bot plays my away seat
    seen = wait_notice_said(page, "^" + re.escape(words["notice"]) + "(——| — )", timeout=15_000)
    assert not [s for s in seen if words["past"] in s], seen
    table_id = page.get_by_test_id("table-screen").get_attribute("data-table")
    quiet = QUIET
    # a later move of my seat (a bot's, for my away seat) was played: the forced one is no longer my latest
    page.wait_for_function(quiet, arg=[table_id, 1, words["away"]], timeout=20_000)
    page.wait_for_function(quiet, arg=[table_id, 2, words["away"]], timeout=20_000)  # nor after more of them


# ---------------------------------------------------------------------------
# One timeout is said once in each place
#
# One timeout is said once in each place it belongs: Shut the Box said one
# timeout in five places, the status bar's notice, the last-turn panel, the
# log, a badge and the score cell ("45超时"). What must hold: the log says it
# in one line (the move's own words, marked: games/forced.js forcedLine), the
# player is told once by the notice with the seat's one mark (its badge or
# its board mark, never both), a score cell shows the score only, and the
# last-turn panel does not say it again. 6 Nimmt!: a pick the clock made
# whose card is lower than every row (the row is then the player's to take)
# is said at once, though the whole row choice is in the player's last
# seconds, and its log line says the card played ("You: 5, lower than every
# row — time's up"), not "You must take a row for 5 — time's up". Both
# languages.
# ---------------------------------------------------------------------------


#: The time's-up word of each language, as the page writes it anywhere.
WORD = {"en-US": re.compile(r"time's up", re.I), "zh-CN": re.compile("超时")}
#: My own notice's opening.
PAST = {"en-US": "Time's up — ", "zh-CN": "超时——"}

#: In a frame where the table plays, my countdown is calm and the notice
#: says my time ran out: every visible text that says the time's-up word,
#: as {where (the nearest test id), cls, text}; else null.
PLACES = js("timeouts/places")


@pytest.mark.lobby_settings("short_warning")
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_shut_the_box_says_my_timeout_once_in_the_log_and_once_to_me(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "shut_the_box", seats=2, turn_s=3, options={"rounds": 2}, bots=False)
    start(page)  # alone: round 2 starts with round 1's timeout, my turn again
    expect(page.get_by_test_id("round-score-0-0")).to_have_attribute("data-score", "45", timeout=15_000)
    got = page.wait_for_function(PLACES, arg=[WORD[locale].pattern, PAST[locale]], polling="raf", timeout=20_000).json_value()
    where = sorted(p["where"] for p in got)
    # the notice (my seat is to act: its mark waits, as its badge does) and the log's one line
    assert where == ["log", "timeout-notice"], got
    expect(page.get_by_test_id("round-score-0-0")).to_have_text("45")  # the score only
    expect(page.get_by_test_id("last-turn-text")).to_be_visible()
    expect(page.get_by_test_id("last-turn-text")).not_to_have_text(WORD[locale])
    # round 2 runs out too: the match is over, each timeout one log line, each score the score only
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "finished", timeout=20_000)
    for r in (0, 1):
        expect(page.get_by_test_id(f"round-score-0-{r}")).to_have_text("45")
    expect(page.get_by_test_id("log").locator("li").filter(has_text=WORD[locale])).to_have_count(2)
    expect(page.get_by_test_id("final-boards").get_by_text(WORD[locale])).to_have_count(0)
    # the seat's one mark: the last round's, in its head
    expect(page.get_by_test_id("players").get_by_text(WORD[locale])).to_have_count(1)
    expect(page.get_by_test_id("seat-0").get_by_test_id("forced-0")).to_be_visible()


#: The words of a 6 Nimmt! pick the clock made whose card is lower than
#: every row: my notice (at once, in the row choice's last seconds), the
#: log's part for it while the row waits, and once the clock took the row.
SN_WORDS = {
    "en-US": {
        "picked": "Time's up — {card} was played for you",
        "waiting": r"^You: {card}, lower than every row — time's up$",
        "took_line": r"^You: {card} takes row {row} \(\d+ bull heads?\) — time's up$",
        "must": "must take a row",
    },
    "zh-CN": {
        "picked": "超时——已替你出 {card}",
        "waiting": r"^你：{card} 比每一行都小——超时$",
        "took_line": r"^你：{card} 收走第 {row} 行（\d+ 个牛头）——超时$",
        "must": "须为",
    },
}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_six_nimmt_says_a_timed_out_pick_below_every_row_at_once(new_page, lobby, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=3)  # a 3 s row choice is all last seconds
    start(page)
    words = SN_WORDS[locale]
    card = let_a_low_pick_run_out(page)
    # the row is mine to take: the notice says at once what was played for me
    notice = page.get_by_test_id("timeout-notice")
    expect(notice).to_contain_text(words["picked"].format(card=card))
    expect(page.locator('[data-testid^="take-row-"]:visible')).to_have_count(4)
    key = page.get_by_test_id("log").locator("li").last.get_attribute("data-key")
    line = page.get_by_test_id("log").locator(f'li[data-key="{key}"]')
    expect(line.locator(".sn-log-timeout")).to_have_text(re.compile(words["waiting"].format(card=card)))
    expect(line).not_to_contain_text(words["must"])
    # I take none: the clock takes the row; the part says the card's move, marked once
    took = line.locator(".sn-log-timeout").filter(has_text=re.compile(words["took_line"].format(card=card, row=r"\d")))
    expect(took).to_have_count(1, timeout=10_000)
    expect(line.locator(".sn-log-timeout")).to_have_count(1)


# ---------------------------------------------------------------------------
# One log line per forced move, in one shared shape
#
# One log line per forced move, in one shared shape. What must hold: the
# move's own line, as the game words a move its player makes, marked "—
# time's up" / "——超时" (games/forced.js forcedLine), in its place in the log, and
# no other line about that move; and the away pill beside a name keeps a gap
# from what stands next to it (Yahtzee's score-card head had 0).
# ---------------------------------------------------------------------------


MARK = {"en-US": " — time's up", "zh-CN": "——超时"}
#: A line in a notice's words ("Time's up — …", "超时——…", "Time's up for Ann — …"): never a log line now.
NOTICE_WORDS = {"en-US": re.compile(r"^Time's up"), "zh-CN": re.compile(r"^(\S+ )?超时——")}


def lines(page) -> list[dict]:
    return page.get_by_test_id("log").locator("li").evaluate_all("els => els.map((e) => ({text: e.textContent, cls: e.className}))")


@pytest.mark.viewport(PHONE)
@pytest.mark.lobby_settings("paced_bots")  # the log keeps its last 40 lines: quick bots push the first out in seconds
def test_six_nimmt_says_my_forced_card_in_its_reveal_line_only(new_page, lobby):
    """In English, then the page switched to 中文 (the language button)."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "six_nimmt", seats=2, turn_s=0.3)
    start(page)
    for locale in LOCALES:
        if locale != "en-US":
            switch_language(page, locale)
        first = page.get_by_test_id("log").locator('li[data-key="0.0"]')
        expect(first).to_have_class(re.compile(r"\blog-timeout\b"))
        marked = first.evaluate("(li) => [...li.querySelectorAll('.sn-log-timeout')].map((e) => e.textContent)")  # one look
        # placed, taken, or (a card lower than every row, its row not yet chosen) waiting
        you = r"You: \d+( → row| takes row|, lower than every row)" if locale == "en-US" else r"你：\d+( → 第| 收走第| 比每一行都小)"
        assert len(marked) == 1, marked  # my one card of that reveal, marked once
        assert re.match(f"^{you}.*{re.escape(MARK[locale])}$", marked[0]), marked
        got = lines(page)
        # no line of its own, before or after the reveal's
        assert not [x for x in got if "sn-log-turn" not in x["cls"] and (NOTICE_WORDS[locale].search(x["text"]) or MARK[locale] in x["text"])], got


@pytest.mark.viewport(PHONE)
def test_yahtzee_says_the_score_the_clock_spent_in_one_line(new_page, lobby):
    """In English, then the page switched to 中文 (the language button)."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "yahtzee", seats=2, turn_s=0.3)
    start(page)  # I act first: my turn runs out before I roll
    log = page.get_by_test_id("log")
    for locale in LOCALES:
        if locale != "en-US":
            switch_language(page, locale)
        expect(log.locator("li.log-timeout").first).to_be_visible()
        scored = r"^You scored \d+ in .+ \(total \d+\)" if locale == "en-US" else r"^你在「.+」记 \d+ 分，骰子 .+（总分 \d+）"
        expect(log.locator("li").first).to_have_text(re.compile(scored + re.escape(MARK[locale]) + "$"))  # the forced roll is said by it
        expect(log.locator("li").first).to_have_class(re.compile(r"\blog-result\b.*\blog-timeout\b"))
        got = lines(page)
        assert not [x for x in got if NOTICE_WORDS[locale].search(x["text"])], got
        assert all(x["text"].endswith(MARK[locale]) for x in got if "log-timeout" in x["cls"]), got


@pytest.mark.page_modules
@pytest.mark.viewport(PHONE)
def test_shut_the_box_and_sibala_use_the_shared_mark(new_page, lobby):
    """In English, then the page switched to 中文 (the language button)."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "shut_the_box", seats=2, turn_s=0.3, options={"rounds": 1})
    start(page)
    for locale in LOCALES:
        if locale != "en-US":
            switch_language(page, locale)
        forced = page.get_by_test_id("log").locator("li.log-timeout").first
        own = r"^Your turn is over, score \d+" if locale == "en-US" else r"^你的回合结束，得分 \d+"
        expect(forced).to_have_text(re.compile(own + re.escape(MARK[locale]) + "$"))
        # Sibala's words of a forced roll, live and in the step list, are the same shape
        got = page.evaluate(
            """async () => {
          const { VIEWS } = await import('/static/games/index.js');
          const view = new VIEWS.sibala({ id: 'words', games: () => [] });
          view.ctx = { seat: 0 };
          return view.eventLines([{ type: 'rolled', seat: 0, dice: [1, 2, 3, 3], category: 'point', value: 3 }, { type: 'timeout', seat: 0, bot: false, moves: [{ type: 'roll' }] }], ['Ann', 'Bo'], { round: 0 });
        }"""
        )
        assert len(got) == 1 and got[0].endswith(MARK[locale]), (locale, got)


@pytest.mark.viewport(PHONE)
@pytest.mark.lobby_settings("paced_bots")  # the away badge lasts until the game's end: seconds with quick bots
@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768}])  # a phone stacks the card head's badges
def test_the_away_pill_keeps_its_gap(new_page, lobby, viewport):
    """In English, then the page switched to 中文 (the language button)."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "yahtzee", seats=2, turn_s=0.3)
    start(page)
    for locale in LOCALES:
        if locale != "en-US":
            switch_language(page, locale)
        expect(page.locator(".badge-away").first).to_be_visible(timeout=30_000)
        away_pill_gaps(page, locale)


def away_pill_gaps(page, locale: str) -> None:
    """The away pill beside a name (its word in ``locale``) and every
    badge keep a gap of 3 px at least from what stands before them."""
    # each badge against the node before it, where both stand on one line
    gaps = page.evaluate(
        """() => [...document.querySelectorAll('.badge')].filter((b) => b.offsetParent).map((b) => {
      let prev = b.previousSibling || (b.parentElement.classList.contains('yz-badges') || b.parentElement.classList.contains('sn-badges') ? b.parentElement.previousSibling : null);
      if (!prev) return null;
      const r = document.createRange(); r.selectNode(prev);
      const p = r.getBoundingClientRect(), q = b.getBoundingClientRect();
      if (q.top >= p.bottom - 2 || p.top >= q.bottom - 2) return null;  // on another line
      return {badge: b.textContent, next_to: prev.textContent, gap: Math.round(q.left - p.right)};
    }).filter(Boolean)"""
    )
    assert any(g["next_to"] == ("away" if locale == "en-US" else "托管") for g in gaps), gaps
    assert all(g["gap"] >= 3 for g in gaps), gaps


# ---------------------------------------------------------------------------
# The clock's moves are the table's record: late spectators, new tabs, replays
#
# Which moves the clock forced is the table's record. The table view's
# `forced` list ([seat, kind, the engine's move_key]) is the one source: the
# live page, a spectator arriving later, the same table in a new tab and the
# replay viewer show the same marks, in both languages.
# ---------------------------------------------------------------------------


def sibala_forced(page):
    """The Sibala log's first time's-up line."""
    return page.get_by_test_id("log").locator("li.log-timeout").first


def test_sibala_s_time_s_up_marks_reach_a_late_spectator_and_a_new_tab(new_page, lobby):
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=2, options={"rounds": 2})
    start(ann)
    # Ann does not roll: round 1's roll is made for her
    expect(sibala_forced(ann)).to_have_text(re.compile(r"^Round 1: you rolled .+ — time's up$"), timeout=10_000)

    # Carol comes after it, on a 中文 page: the round-1 line has its mark
    carol = new_page(locale="zh-CN")
    sign_in(carol, lobby, "Carol", f"#table={table_id}")
    expect(carol.get_by_test_id("spectating")).to_be_visible()
    expect(sibala_forced(carol)).to_have_text(re.compile(r"^第 1 局：Ann 掷出 .+——超时$"))
    # and keeps it across a reload
    carol.reload()
    expect(sibala_forced(carol)).to_have_text(re.compile(r"^第 1 局：Ann 掷出 .+——超时$"))

    # Ann's table in a new tab of hers (nothing kept in its storage): the same mark
    again = ann.context.new_page()
    again.goto(f"{lobby.http}/#table={table_id}")
    expect(sibala_forced(again)).to_have_text(re.compile(r"^Round 1: you rolled .+ — time's up$"))


def test_sibala_s_replay_marks_the_forced_roll_at_its_step(new_page, lobby):
    page = new_page()
    table_id = finished_game(page, lobby, "sibala", options={"rounds": 1}, timeout=10_000)
    live = sibala_forced(page).text_content()
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    stage = page.get_by_test_id("replay-stage")
    # the start: nothing rolled, nothing marked; the step of Ann's forced roll has the live line
    expect(page.get_by_test_id("replay-step")).to_contain_text("Start")
    expect(stage.locator("li.log-timeout")).to_have_count(0)
    page.get_by_test_id("replay-last").click()
    # a spectator's words: Ann's name (the live page's "you"), the same mark
    expect(stage.locator("li.log-timeout")).to_have_text(live.replace("you rolled", "Ann rolled"))


def test_six_nimmt_s_reveal_marks_the_bot_s_card_for_a_late_spectator(new_page, lobby):
    """Ann picks nothing: her first card is marked time's up; after two
    timeouts in a row her seat is away and a bot plays it, which the reveal
    marks too: a spectator who comes then (and reloads) sees that mark."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=2, turn_s=2)
    start(ann)
    reveal = ann.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-timeout')
    expect(reveal).to_have_text("time's up", timeout=10_000)
    expect(ann.get_by_test_id("away-0")).to_be_visible(timeout=10_000)
    away = ann.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-away')
    expect(away).to_have_text("away")

    bo = new_page(locale="zh-CN")
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    expect(bo.get_by_test_id("spectating")).to_be_visible()
    mark = bo.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-away')
    expect(mark).to_have_text("托管")
    expect(mark).to_have_attribute("title", "Ann（托管）")
    bo.reload()
    expect(mark).to_have_text("托管")


def test_stud_s_replay_says_the_fold_the_clock_made(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "stud", seats=2, turn_s=0.3)
    start(page)  # I came first: I am the dealer and act first
    expect(finished(page)).to_be_visible()
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    page.get_by_test_id("replay-last").click()
    stage = page.get_by_test_id("replay-stage")
    # one line for the fold, marked (stud once said a timed-out fold in two lines)
    forced_fold = re.compile(r"Ann folds \(pot \d+\) — time's up")
    expect(stage.get_by_test_id("log").locator("li", has_text=forced_fold)).to_have_count(1)
    expect(stage.get_by_test_id("log").locator("li", has_text="Time's up for Ann")).to_have_count(0)
    # the step list words that step so too
    expect(page.get_by_test_id("replay-steps").locator("li", has_text=forced_fold)).to_have_count(1)


def test_yahtzee_s_replay_says_what_the_clock_scored(new_page, lobby):
    """The replay's step list words a step as the live log did: the step of
    Ann's timed-out turn says what was scored for her (its line was left
    out: the list had rolls and scores only), and the board's log at that
    step has the line."""
    page = new_page()
    table_id = finished_game(page, lobby, "yahtzee", timeout=90_000)
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    said = re.compile(r"Ann scored \d+ in .+ — time's up$")  # the score's own line, marked (forcedLine)
    step = page.get_by_test_id("replay-steps").locator("li", has_text=said).first
    expect(step).to_be_visible()
    step.click()
    expect(page.get_by_test_id("replay-stage").get_by_test_id("log").locator("li.log-timeout", has_text=said)).to_have_count(1)


def ann_s_replay(page, lobby, game, options):
    """Ann opens a 2-seat `game` table (a bot in the other seat) with a 1 s
    turn and plays nothing; once it has finished, `page` shows its replay.
    Returns the table's id."""
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, game, seats=2, turn_s=0.3, options=options)
    start(page)
    expect(finished(page)).to_be_visible(timeout=60_000)
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    return table_id


def test_sibala_s_replay_step_list_marks_the_clock_s_and_the_bot_s_rolls(new_page, lobby):
    """The replay's step list once read "Ann rolled … (no point)"
    where the board and the live log said "— time's up".
    Ann rolls nothing in three rounds: round 1 is the clock's, round 3 a
    bot's (her seat away after two); each step's line carries the
    live log's mark, in English and in 中文."""
    page = new_page()
    table_id = ann_s_replay(page, lobby, "sibala", {"rounds": 3})
    steps = page.get_by_test_id("replay-steps")
    expect(steps.locator("li", has_text=re.compile(r"Round 1: Ann rolled .+ — time's up$"))).to_have_count(1)
    expect(steps.locator("li", has_text="Round 3: Ann (away, a bot played) rolled")).to_have_count(1)

    zh = new_page(locale="zh-CN")
    zh.goto(f"{lobby.http}/#replay={table_id}&game=1")
    steps = zh.get_by_test_id("replay-steps")
    expect(steps.locator("li", has_text=re.compile(r"第 1 局：Ann 掷出 .+——超时$"))).to_have_count(1)
    expect(steps.locator("li", has_text="第 3 局：Ann（托管）掷出")).to_have_count(1)


def test_six_nimmt_s_replay_step_list_says_what_the_clock_and_the_bot_played(new_page, lobby):
    """6 Nimmt!'s step list had no mark at all: the step of Ann's timed-out
    pick says so in its own line, marked as every forced move ("Ann 选好了一张牌——超时"), and a pick a
    bot made for her away seat names her "Ann（托管）"."""
    page = new_page(locale="zh-CN")
    ann_s_replay(page, lobby, "six_nimmt", {"end_threshold": 1})
    steps = page.get_by_test_id("replay-steps")
    expect(steps.locator("li", has_text="Ann 选好了一张牌——超时").first).to_be_visible()
    expect(steps.locator("li", has_text="Ann（托管）").first).to_be_visible()
