"""Leaving, away and ending say what is true (issue #15, the last fresh
passes), against a real lobby whose seats go away at their first timeout,
whose bots think a little and whose ready window is long:

- Leave at a running game asks first, in the page, what leaving means (a
  bot plays the seat to the end, it counts in the record; at a stake table
  the coins stay at stake); a waiting table's Leave asks nothing;
- a left seat's moves are marked as a bot's ("Ann (left, a bot plays)"),
  and a winner who left is marked left in the results;
- Play again and then the only other person leaving closes the table at
  once, saying too few stayed (not "nobody asked");
- while my seat is away the turn line says a bot plays my turn; a
  time's-up notice goes when a bot plays the seat's next move, and when the
  game is over;
- a waiting table's seat given up after the absence grace, or left by its
  last player, is said so (not "was not there when the game started").
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, leave_running, open_table, sign_in, start, two_at_sibala, wait_notice_said, watch_notice

pytestmark = SINGLE_REDIS

#: the ready window (ms): far longer than any wait below, so a close within it is the server's own
READY_MS = 120_000


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    """Seats away at their first timeout, bots slow enough to watch, a long
    ready window and a short absence grace."""
    env = {"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "1500", "LOBBY_READY_MS": str(READY_MS), "LOBBY_ABSENT_GRACE_MS": "1000"}
    return module_lobby_factory(env=env, prefix="leaving")


@pytest.fixture(scope="module")
def fast_lobby(module_lobby_factory):
    """This module's lobby with the suite's quick bots (LOBBY_BOT_DELAY_MS of
    tests/conftest.py): for a game of bots that a test only watches to its
    end (at 1.5 s a move, a Shut the Box round of two bots took 45 s)."""
    return module_lobby_factory(env={"LOBBY_AWAY_AFTER": "1", "LOBBY_ABSENT_GRACE_MS": "1000"}, prefix="leavingfast")


def watch(page, lobby, name: str, table_id: str) -> None:
    """Sign in as ``name`` and follow table ``table_id`` as a spectator."""
    sign_in(page, lobby, name, f"#table={table_id}")
    expect(page.get_by_test_id("spectating")).to_be_visible()


def test_leave_asks_first_at_a_running_game_only(new_page, lobby):
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    # waiting: Leave takes me out at once
    open_table(ann, "sibala", seats=2, options={"rounds": 20})
    ann.get_by_test_id("leave").click()
    expect(ann.get_by_test_id("quick-match")).to_be_visible()
    expect(ann.get_by_test_id("confirm")).to_have_count(0)
    # running: the page asks what leaving means; Stay keeps my seat
    open_table(ann, "sibala", seats=2, options={"rounds": 20}, from_home=False)
    start(ann)
    ann.get_by_test_id("leave").click()
    expect(ann.get_by_test_id("confirm-text")).to_have_text("Leave the game now? A bot plays your seat to the end, and it counts as leaving in your record.")
    expect(ann.get_by_test_id("confirm-yes")).to_have_text("Leave")
    ann.get_by_test_id("confirm-no").click()
    expect(ann.get_by_test_id("confirm")).to_have_count(0)
    expect_status(ann, "playing")
    expect(ann.get_by_test_id("my-seat")).to_have_text("Your seat: 1")
    leave_running(ann)
    expect(ann.get_by_test_id("quick-match")).to_be_visible()


def test_leaving_a_stake_table_says_the_coins_stay_at_stake_in_chinese(new_page, lobby):
    """Shut the Box, two people, stake 100: Leave on the first turn asks (中文)."""
    ann, bo = new_page(locale="zh-CN"), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "shut_the_box", seats=2, options={"stake": 100}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")  # full: it starts
    ann.get_by_test_id("leave").click()
    expect(ann.get_by_test_id("confirm-text")).to_have_text("现在离开这场比赛吗？机器人会替你把座位打到结束，你的金币仍押在这场比赛里（输赢照算），你的记录里会记为离开。")
    ann.get_by_test_id("confirm-no").click()
    expect_status(ann, "playing")


def test_a_left_seats_moves_are_marked_as_a_bots(new_page, fast_lobby):
    lobby = fast_lobby
    ann, bo, cy = new_page(), new_page(), new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "shut_the_box", seats=2, options={"rounds": 1})
    watch(bo, lobby, "Bo", table_id)
    watch(cy, lobby, "Cy", table_id)
    start(ann)
    leave_running(ann)  # before any move of mine: every move of my seat is the bot's
    # Shut the Box's log says the seat's name and the one-word mark after the line, its title the whole story (as 6 Nimmt!'s)
    first = bo.get_by_test_id("log").locator("li", has_text="Ann").first
    expect(first.locator(".forced-left")).to_have_text("left")
    expect(first.locator(".forced-left")).to_have_attribute("title", "Ann (left, a bot plays)")
    expect(cy.get_by_test_id("log").locator("li", has_text="Ann").first.locator(".forced-left")).to_have_attribute("title", "Ann（已离开，机器人代打）")
    expect(finished(bo)).to_be_visible()  # two quick bots
    lines = bo.get_by_test_id("log").locator("li", has_text="Ann")
    for k in range(lines.count()):
        expect(lines.nth(k).locator(".forced-left")).to_have_count(1)
    # the results name a leaver as left (a tie's winners, too: the page's own outcome of the lobby's shape)
    expect(bo.get_by_test_id("round-result-0")).not_to_contain_text(re.compile(r"Ann(?! \(left\))"))
    who = bo.evaluate(
        """async () => {
          const { outcome } = await import('/static/games/common.js');
          const view = { status: 'finished', result: { winners: [0, 1], scores: [3, 3] }, seats: [{ name: 'Ann', bot: true, left: true }, { name: 'Ada', bot: true, left: false }] };
          return outcome(view, ['Ann', 'Ada (bot)']).who;
        }"""
    )
    assert who == "Ann (left), Ada (bot)", who


def test_a_left_seats_rolls_and_cards_are_marked_in_sibala_and_six_nimmt(new_page, lobby):
    """Sibala's log (drawn from the rounds) and 6 Nimmt!'s reveal mark a
    left seat's moves as a bot's too (中文 for Sibala)."""
    ann, bo = new_page(), new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, options={"rounds": 20})
    watch(bo, lobby, "Bo", table_id)
    start(ann)
    leave_running(ann)
    expect(bo.get_by_test_id("log").locator("li.log-away", has_text="Ann").first).to_have_text(re.compile(r"^第 \d+ 局：Ann（已离开，机器人代打）掷出 "))

    cy, di = new_page(), new_page()
    sign_in(cy, lobby, "Cy")
    table_id = open_table(cy, "six_nimmt", seats=2)
    watch(di, lobby, "Di", table_id)
    start(cy)
    leave_running(cy)
    left = di.locator('[data-testid="reveal"] .sn-rev[data-seat="0"] [data-testid^="reveal-left-"]')
    expect(left).to_have_text("left")
    expect(left).to_have_attribute("title", "Cy (left, a bot plays)")


def test_the_only_other_person_leaving_after_play_again_closes_at_once(new_page, lobby):
    ann, bo = new_page(), new_page(locale="zh-CN")
    table_id = two_at_sibala(ann, bo, lobby)
    for page in (ann, bo):
        expect(finished(page)).to_be_visible()  # time runs out for both: rolled for them
    ann.get_by_test_id("play-again").click()
    expect(ann.get_by_test_id("play-again")).to_be_disabled()
    bo.get_by_test_id("next-leave").click()
    # nobody can come: the table closes now, not at the end of the ready window
    expect_status(ann, "closed")
    expect(ann.get_by_test_id("table-over")).to_have_attribute("data-reason", "too_few")
    expect(ann.get_by_test_id("table-over-text")).to_have_text(re.compile(r"^Too few players stayed for another game, so this table has closed\."))
    expect(bo.get_by_test_id("quick-match")).to_be_visible()  # Bo's leave is done (else the goto races it)
    bo.goto(f"{lobby.http}/#table={table_id}")
    expect(bo.get_by_test_id("table-over-text")).to_have_text(re.compile(r"^留下来再来一场的玩家不够，本桌已关闭。"))


def test_my_away_turn_says_a_bot_plays_it(new_page, lobby):
    """Yahtzee: my first turn runs out, then I am away; on my next turn the
    turn line and the hint say a bot plays it, and that acting takes over."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    open_table(ann, "yahtzee", seats=2, turn_s=1)
    start(ann)
    expect(ann.get_by_test_id("away-bar")).to_be_visible()
    turn = ann.get_by_test_id("turn")
    expect(turn).to_have_text("A bot is playing your turn")
    expect(ann.get_by_test_id("hint")).to_have_text("A bot is playing your turn: make a move, or press I'm back, to take over (either ends your away).")
    assert "Your turn" not in ann.get_by_test_id("table-screen").text_content()


def test_my_times_up_notice_ends_with_the_bot_s_roll_for_my_away_seat_in_chinese(new_page, lobby):
    """My notice speaks of my seat's latest move while that is the forced
    one: a bot's roll for my away seat is a later move, so it ends the
    notice (the fourth pass: it once stayed over many bot turns, into the
    next round); the away bar says what goes on meanwhile."""
    ann = new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    open_table(ann, "sibala", seats=2, turn_s=1, options={"rounds": 20})
    watch_notice(ann)
    start(ann)
    notice = ann.get_by_test_id("timeout-notice")
    wait_notice_said(ann, "^超时——已替你掷骰$")  # shown between my 1 s turns (all hurry, whose warning shows alone)
    # away now: the bot's roll for me (its log line) ends it; the status bar says I am away instead
    expect(ann.get_by_test_id("log").locator("li.log-away").first).to_be_visible()
    expect(notice).to_have_text("你处于托管：机器人正在替你玩——按“我回来了”即可接手")
    expect(ann.get_by_test_id("im-back")).to_be_visible()


def test_after_game_over_the_status_line_has_no_times_up_notice(new_page, lobby):
    """Stud: my deadline folds me and so ends the hand; the log says so, the
    status line shows the result, and my seat keeps its time's-up badge as
    every game's seat does (it once said only "folded"), once: in its folded pill."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    open_table(ann, "stud", seats=2, turn_s=1)
    start(ann)
    expect(finished(ann)).to_be_visible()
    expect(ann.get_by_test_id("log").locator("li.log-timeout")).to_have_count(1)
    expect(ann.get_by_test_id("timeout-notice")).to_be_hidden(timeout=1_000)
    # its one time's-up mark is in the folded pill (fourth pass: no second badge beside it)
    expect(ann.get_by_test_id("seat-0").get_by_test_id("forced-0")).to_have_text("time's up")
    expect(ann.get_by_test_id("seat-0").get_by_test_id("timeout-0")).to_have_count(0)
    expect(ann.get_by_test_id("final-result")).to_be_visible()


def test_a_waiting_tables_seat_given_up_or_left_is_said_truly(new_page, lobby):
    ann, bo = new_page(), new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, bots=False)
    watch(bo, lobby, "Bo", table_id)
    ann.context.close()  # gone: the seat is given up after the grace
    expect(bo.get_by_test_id("notice")).to_have_text("Ann 离开太久，座位已让出")
    expect_status(bo, "closed")

    cy, di = new_page(), new_page()
    sign_in(cy, lobby, "Cy")
    table_id = open_table(cy, "sibala", seats=3, bots=False)
    watch(di, lobby, "Di", table_id)
    cy.get_by_test_id("leave").click()
    expect(di.get_by_test_id("notice")).to_have_text("Cy left")
    expect_status(di, "closed")


def test_rounds_before_a_leave_name_the_leaver_as_she_was_then(new_page, lobby):
    """Sibala at a coin table: a round Ann was named in, played before she
    left, was redrawn "Ann (left) wins" once she left (third pass): it keeps
    "Ann"; "(left)" is for the rounds a bot rolled for her after."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=1, options={"rounds": 50, "stake": 10}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")
    # time runs out for both each round: the lobby rolls; wait for a result naming Ann
    named = bo.get_by_test_id("log").locator("li.log-result", has_text="Ann").first
    expect(named).to_be_visible(timeout=90_000)
    before = named.text_content()
    assert "(left)" not in before, before
    round_no = re.match(r"^Round (\d+):", before).group(1)
    leave_running(ann)
    # a bot now rolls for her: those lines say she left
    expect(bo.get_by_test_id("log").locator("li.log-away", has_text="Ann (left, a bot plays)").first).to_be_visible(timeout=30_000)
    expect(bo.get_by_test_id("log").locator("li.log-result", has_text=f"Round {round_no}:")).to_have_text(before)
