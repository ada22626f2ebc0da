"""Leaving a table: asked first only at a running game, a left seat's moves
marked as a bot's, the leave confirm following the table, and the one left
alone after an escape.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import LOCALES, PHONE, SINGLE_REDIS, each_language, expect_status, finished, leave_running, open_table, sign_in, start, switch_language, two_at_sibala, wait_notice_said, watch_notice

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Leaving says what is true
#
# Leaving, away and ending say what is true, against a real lobby whose
# seats go away at their first timeout, whose bots think a little and whose
# ready window is long:
#
# - Leave at a running game asks first, in the page, what leaving means (a
# bot plays the seat to the end, it counts in the record; at a stake table
# the coins stay at stake); a waiting table's Leave asks nothing; - a left
# seat's moves are marked as a bot's ("Ann (left, a bot plays)"), and a
# winner who left is marked left in the results; - Play again and then the
# only other person leaving closes the table at once, saying too few stayed
# (not "nobody asked"); - while my seat is away the turn line says a bot
# plays my turn; a time's-up notice goes when a bot plays the seat's next
# move, and when the game is over; - a waiting table's seat given up after
# the absence grace, or left by its last player, is said so (not "was not
# there when the game started").
# ---------------------------------------------------------------------------


#: the ready window (ms): far longer than any wait below, so a close within it is the server's own
READY_MS = 120_000


def watch(page, lobby, name: str, table_id: str) -> None:
    """Sign in as ``name`` and follow table ``table_id`` as a spectator."""
    sign_in(page, lobby, name, f"#table={table_id}")
    expect(page.get_by_test_id("spectating")).to_be_visible()


@pytest.mark.lobby_settings("away")
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
    expect(ann.get_by_test_id("confirm-text")).to_have_text("Leave the game now? A bot plays your seat to the end; it counts as a loss in your record, and a loss in your rating when the game is rated (two or more people).")
    expect(ann.get_by_test_id("confirm-yes")).to_have_text("Leave")
    ann.get_by_test_id("confirm-no").click()
    expect(ann.get_by_test_id("confirm")).to_have_count(0)
    expect_status(ann, "playing")
    expect(ann.get_by_test_id("my-seat")).to_have_text("Your seat: 1")
    leave_running(ann)
    expect(ann.get_by_test_id("quick-match")).to_be_visible()


@pytest.mark.lobby_settings("away")
def test_leaving_a_stake_table_says_the_coins_stay_at_stake_in_chinese(new_page, lobby):
    """Shut the Box, two people, stake 100: Leave on the first turn asks (中文)."""
    ann, bo = new_page(locale="zh-CN"), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "shut_the_box", seats=2, options={"stake": 100}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")  # full: it starts
    ann.get_by_test_id("leave").click()
    expect(ann.get_by_test_id("confirm-text")).to_have_text("现在离开这场比赛吗？机器人会替你把座位打到结束，你的金币仍押在这场比赛里（输赢照算）；你的记录里记一场负，计等级分的比赛（两名及以上真人）等级分也按输一场计。")
    ann.get_by_test_id("confirm-no").click()
    expect_status(ann, "playing")


@pytest.mark.lobby_settings("away")
@pytest.mark.lobby_settings("away_quick")  # quick bots: a game the test only watches to its end
def test_a_left_seats_moves_are_marked_as_a_bots(new_page, lobby):
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
    # the results name a leaver as left (a tie's winners too: tests/js/turns.test.mjs, outcome)
    expect(bo.get_by_test_id("round-result-0")).not_to_contain_text(re.compile(r"Ann(?! \(left\))"))


@pytest.mark.lobby_settings("away")
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


@pytest.mark.lobby_settings("away")
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


@pytest.mark.lobby_settings("away")
def test_my_away_turn_says_a_bot_plays_it(new_page, lobby):
    """Yahtzee: my first turn runs out, then I am away; on my next turn the
    turn line and the hint say a bot plays it, and that acting takes over."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    open_table(ann, "yahtzee", seats=2, turn_s=0.3)
    start(ann)
    expect(ann.get_by_test_id("away-bar")).to_be_visible()
    turn = ann.get_by_test_id("turn")
    expect(turn).to_have_text("A bot is playing your turn")
    expect(ann.get_by_test_id("hint")).to_have_text("A bot is playing your turn: make a move, or press I'm back, to take over (either ends your away).")
    assert "Your turn" not in ann.get_by_test_id("table-screen").text_content()


@pytest.mark.lobby_settings("away")
def test_my_times_up_notice_ends_with_the_bot_s_roll_for_my_away_seat_in_chinese(new_page, lobby):
    """My notice speaks of my seat's latest move while that is the forced
    one: a bot's roll for my away seat is a later move, so it ends the
    notice (it once stayed over many bot turns, into the
    next round); the away bar says what goes on meanwhile."""
    ann = new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    open_table(ann, "sibala", seats=2, turn_s=0.3, options={"rounds": 20})
    watch_notice(ann)
    start(ann)
    notice = ann.get_by_test_id("timeout-notice")
    wait_notice_said(ann, "^超时——已替你掷骰$")  # shown between my 1 s turns (all hurry, whose warning shows alone)
    # away now: the bot's roll for me (its log line) ends it; the status bar says I am away instead
    expect(ann.get_by_test_id("log").locator("li.log-away").first).to_be_visible()
    expect(notice).to_have_text("你处于托管：机器人正在替你玩——按“我回来了”即可接手")
    expect(ann.get_by_test_id("im-back")).to_be_visible()


@pytest.mark.lobby_settings("away")
def test_after_game_over_the_status_line_has_no_times_up_notice(new_page, lobby):
    """Stud: my deadline folds me and so ends the hand; the log says so, the
    status line shows the result, and my seat keeps its time's-up badge as
    every game's seat does (it once said only "folded"), once: in its folded pill."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    open_table(ann, "stud", seats=2, turn_s=0.3)
    start(ann)
    expect(finished(ann)).to_be_visible()
    expect(ann.get_by_test_id("log").locator("li.log-timeout")).to_have_count(1)
    expect(ann.get_by_test_id("timeout-notice")).to_be_hidden(timeout=1_000)
    # its one time's-up mark is in the folded pill (no second badge beside it)
    expect(ann.get_by_test_id("seat-0").get_by_test_id("forced-0")).to_have_text("time's up")
    expect(ann.get_by_test_id("seat-0").get_by_test_id("timeout-0")).to_have_count(0)
    expect(ann.get_by_test_id("final-result")).to_be_visible()


@pytest.mark.lobby_settings("away")
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


@pytest.mark.lobby_settings("away")
def test_rounds_before_a_leave_name_the_leaver_as_she_was_then(new_page, lobby):
    """Sibala at a coin table: a round Ann was named in, played before she
    left, was redrawn "Ann (left) wins" once she left: it keeps
    "Ann"; "(left)" is for the rounds a bot rolled for her after."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=0.3, options={"rounds": 50, "stake": 10}, bots=False)
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


# ---------------------------------------------------------------------------
# An open leave confirm follows the table
#
# An open leave confirm follows the table: left open while the hand ends (my
# time runs out: I fold), it closes instead of offering to charge a price
# nobody pays; and a seat that may leave freely (stud after folding,
# RULES.md 2) is asked nothing. The confirm is the table screen's, one for
# all five games.
# ---------------------------------------------------------------------------


def _confirm_closes_when_the_game_ends(page) -> None:
    confirm = page.get_by_test_id("confirm")
    expect(confirm).to_be_hidden()  # the game ended under it (time ran out): what it asked is gone
    expect(finished(page)).to_be_visible()
    assert "#table=" in page.url, "closing it left nobody"


@pytest.mark.viewport(PHONE)
def test_an_open_escape_price_closes_when_the_hand_ends_under_it(new_page, lobby):
    """Stud, beginner coin table, two people: Ann opens Leave (an escape,
    naming the price) and waits; the first timeout folds a seat and ends the hand."""
    ann, bo = new_page(locale="zh-CN"), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "stud", seats=2, turn_s=2, options={"tier": "beginner"}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")
    ann.get_by_test_id("leave").click()
    # one word for the escape: the confirm, the record (and the result: 逃跑)
    expect(ann.get_by_test_id("confirm-text")).to_have_text(re.compile(r"^现在离开（逃跑），这一场立即结束：所有下注退回，然后你付给 Bo 与底池相等的 \d+ 金币。离开后你有 \d+ 金币。你的记录里会记为逃跑，并记一场负；计等级分的比赛（两名及以上真人）等级分也按输一场计。确定离开吗？$"))
    expect(ann.get_by_test_id("confirm-yes")).to_have_text(re.compile(r"^离开并支付 \d+$"))
    _confirm_closes_when_the_game_ends(ann)


#: what leaving a running game says: stud's escape ends the game at once
#: (RULES.md 2, also in play chips), elsewhere a bot plays the seat
ASKS = {
    ("stud", "en-US"): r"^Leaving now is an escape: the game ends at once, every bet is returned, then you pay (?!the dealer)\S.* \d+ play chips \(what the pot holds\)\. It counts as an escape and a loss in your record, and a loss in your rating when the game is rated \(two or more people\)\. Leave the game\?$",
    ("stud", "zh-CN"): r"^现在离开（逃跑），这一场立即结束：所有下注退回，然后你付给 ?(?!庄家)\S+ ?与底池相等的 \d+ 娱乐筹码。你的记录里会记为逃跑，并记一场负；计等级分的比赛（两名及以上真人）等级分也按输一场计。确定离开吗？$",
    ("sibala", "en-US"): r"^Leave the game now\? A bot plays your seat to the end",
    ("sibala", "zh-CN"): r"^现在离开这场比赛吗？机器人会替你把座位打到结束",
}


@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("game, options", [("stud", {"tier": "casual"}), ("sibala", {"rounds": 1})])
def test_an_open_leave_question_closes_when_the_game_ends_under_it(new_page, lobby, game, options):
    """In English, then the page switched to 中文 (the language button)
    between two games at the one table: each game's question, left open,
    closes when that game ends under it (the switch is made at the
    finished table, never under an open question)."""
    page = new_page()
    sign_in(page, lobby, "Cy")
    open_table(page, game, seats=2, turn_s=2, options=options)
    page.get_by_test_id("start").click()
    for locale in LOCALES:
        if locale != "en-US":
            switch_language(page, locale)
            page.get_by_test_id("play-again").click()  # the bot is ready: the next game starts at once
        expect_status(page, "playing")
        page.get_by_test_id("leave").click()
        expect(page.get_by_test_id("confirm-text")).to_have_text(re.compile(ASKS[game, locale]))
        _confirm_closes_when_the_game_ends(page)


#: the result's line for Dee's escape, paying ``price``
ESCAPED = {"en-US": r"^Dee.* escaped: .+ receives {price}$", "zh-CN": r"^Dee.* 逃跑：.+ ?获得 {price}$"}


@pytest.mark.viewport(PHONE)
def test_leaving_a_casual_stud_hand_ends_it_as_the_confirm_says(new_page, lobby):
    """Casual stud (play chips): the confirm names the escape and its price,
    and confirming ends the game at once, the result saying the same word.
    In English, then the page switched to 中文 (the language button): the
    English question is read and answered Stay, the 中文 one confirmed; the
    result is read in 中文 (the page keeps the language over its reload),
    then switched back to English."""
    page = new_page()
    sign_in(page, lobby, "Dee")
    table_id = open_table(page, "stud", seats=2, options={"tier": "casual"})
    page.get_by_test_id("start").click()
    expect_status(page, "playing")
    for locale in LOCALES:
        if locale != "en-US":
            switch_language(page, locale)  # the question is closed: nothing is on its way
        page.get_by_test_id("leave").click()
        expect(page.get_by_test_id("confirm-text")).to_have_text(re.compile(ASKS["stud", locale]))
        price = re.search(r"\d+", page.get_by_test_id("confirm-text").text_content()).group()
        if locale == "en-US":
            page.get_by_test_id("confirm-no").click()
            expect(page.get_by_test_id("confirm")).to_have_count(0)
            expect_status(page, "playing")
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("quick-match")).to_be_visible()
    page.goto(f"{lobby.http}/#table={table_id}")
    expect(finished(page)).to_be_visible()
    for locale in each_language(page, "zh-CN"):
        expect(page.get_by_test_id("winners")).to_have_text(re.compile(ESCAPED[locale].format(price=price)))


@pytest.mark.viewport(PHONE)
def test_a_folded_stud_player_leaves_freely_without_being_asked(new_page, lobby):
    """Casual stud, three people: whoever acts first folds, then leaves:
    nothing is asked (RULES.md 2: once folded one may leave freely), the
    hand goes on, and the seat is shown left, not played by a bot."""
    pages = [new_page(locale="zh-CN"), new_page(), new_page()]
    sign_in(pages[0], lobby, "Ann")
    table_id = open_table(pages[0], "stud", seats=3, options={"tier": "casual"}, bots=False)
    for page, name in zip(pages[1:], ("Bo", "Cy")):
        sign_in(page, lobby, name, f"#table={table_id}")
        page.get_by_test_id("join-table").click()
    for page in pages:
        expect_status(page, "playing")
    acting = pages[1].locator(".to-act")  # seats in join order: Ann 0, Bo 1, Cy 2
    expect(acting).to_have_count(1)
    k = int(acting.get_attribute("data-testid").removeprefix("seat-"))
    me, others = pages[k], [p for i, p in enumerate(pages) if i != k]
    me.locator('[data-testid="act-fold"]:enabled').click()
    expect(me.locator('[data-testid="act-fold"]')).to_have_count(0)
    expect_status(me, "playing")  # two are still in: the hand goes on
    me.get_by_test_id("leave").click()
    expect(me.get_by_test_id("table-screen")).to_have_count(0)  # left at once, to the game's lobby
    expect(me.get_by_test_id("confirm")).to_have_count(0)
    for page in others:
        expect_status(page, "playing")


@pytest.mark.viewport(PHONE)
def test_an_open_escape_price_follows_the_pot(new_page, lobby):
    """Stud, beginner coin table: Ann opens Leave while Bo is to act; Bo
    bets, the pot grows, and the open confirm names the new price."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "stud", seats=2, options={"tier": "beginner"}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")
    ann_act, bo_act = (p.locator(".stud-actions button.act:enabled") for p in (ann, bo))
    acting = ann.locator(".to-act")  # seats in join order: Ann 0, Bo 1
    expect(acting).to_have_count(1)
    if acting.get_attribute("data-testid") == "seat-0":
        ann.locator('[data-testid="act-check"]:enabled').click()
    expect(bo_act.first).to_be_visible()
    ann.get_by_test_id("leave").click()
    text = ann.get_by_test_id("confirm-text")
    expect(text).to_have_text(re.compile(r"^Leaving now is an escape: .* you pay Bo \d+ coins \(what the pot holds\)\. You will have \d+ coins left\."))
    before = int(re.search(r"(\d+)", ann.get_by_test_id("confirm-yes").text_content()).group(1))
    offered = [b.get_attribute("data-action") for b in bo_act.all()]
    bo.get_by_test_id("act-bet" if "bet" in offered else "act-raise").click()
    expect(ann.get_by_test_id("confirm-yes")).not_to_have_text(f"Leave and pay {before}")
    after = int(re.search(r"(\d+)", ann.get_by_test_id("confirm-yes").text_content()).group(1))
    assert after > before
    expect(text).to_contain_text(str(after))
    ann.get_by_test_id("confirm-no").click()
    expect_status(ann, "playing")


#: an escape's confirm with its figures, unit and balance-after taken out
_AFTER = r" You will have \d+ coins? left\.|离开后你有 \d+ 金币。"
_AMOUNT = r"\d+ (coins?|play chips?|金币|娱乐筹码)"


@pytest.mark.viewport(PHONE)
def test_an_escape_is_asked_alike_at_a_coin_and_a_play_chip_table(new_page, lobby):
    """The same escape (the game ends, bets back, the pot paid) was worded
    two ways at a coin and a casual table: one wording, the
    amount and unit filled in (a coin table adds the balance after). Each
    table has an English player (Ann) and a Chinese one (Bo): each asks to
    leave the same hand, its payee the other, in both languages."""
    texts = {"en-US": {}, "zh-CN": {}}
    for tier in ("beginner", "casual"):
        ann, bo = new_page(), new_page(locale="zh-CN")
        sign_in(ann, lobby, "Ann")  # one payee's name at both tables
        table_id = open_table(ann, "stud", seats=2, options={"tier": tier}, bots=False)
        sign_in(bo, lobby, "Bo", f"#table={table_id}")
        bo.get_by_test_id("join-table").click()
        for page, locale in ((ann, "en-US"), (bo, "zh-CN")):
            expect_status(page, "playing")
            page.get_by_test_id("leave").click()
            texts[locale][tier] = page.get_by_test_id("confirm-text").text_content()
            page.get_by_test_id("confirm-no").click()
    for locale, unit in (("en-US", ("coins", "play chips")), ("zh-CN", ("金币", "娱乐筹码"))):
        said = texts[locale]
        assert re.search(rf"\d+ {unit[0]}", said["beginner"]) and re.search(rf"\d+ {unit[1]}", said["casual"]), said
        assert re.search(_AFTER, said["beginner"]) and not re.search(_AFTER, said["casual"]), said
        same = {tier: re.sub(_AMOUNT, "N", re.sub(_AFTER, "", text)) for tier, text in said.items()}
        assert same["beginner"] == same["casual"], said


@pytest.mark.viewport(PHONE)
def test_after_an_escape_the_seats_and_pot_show_the_bets_returned(new_page, lobby):
    """Casual stud, two people: Ann escapes; Bo's board still said "Bet 100"
    on each seat and the old pot: the bets were returned, so
    no seat shows a bet and the pot is empty; the result names the payment."""
    ann, bo = new_page(), new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "stud", seats=2, options={"tier": "casual"}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(bo, "playing")
    expect(bo.get_by_test_id("bet-0")).to_be_visible()
    expect(bo.get_by_test_id("pot-amount")).not_to_have_text("0")
    ann.get_by_test_id("leave").click()
    ann.get_by_test_id("confirm-yes").click()
    expect(finished(bo)).to_be_visible()
    expect(bo.get_by_test_id("winners")).to_contain_text("逃跑")
    expect(bo.locator('[data-testid^="bet-"]')).to_have_count(0)
    expect(bo.get_by_test_id("pot-amount")).to_have_text("0")


# ---------------------------------------------------------------------------
# Alone at a coin table after an escape
#
# After an escape at a two-seat coin table, the player left alone was
# offered 「再来一场？还剩 28 秒」 (Play again) although nobody else sat and bots
# cannot sit where coins move; pressing it reopened the table as waiting
# with 「至少需要 2 名玩家」. The panel offers only what can happen: nobody else is
# left, so it says so, and its button keeps the seat for the table to wait
# for players (or Leave goes to the lobby), its countdown says how long that
# choice stays open; pressing it, the table waits, and no Play again is
# offered there.
# ---------------------------------------------------------------------------


WORDS = {
    "en-US": {
        "button": "Wait for players",
        "title": "Nobody else is left to play",
        "help": "Bots do not take free seats at a coin table. Keep your seat and the table waits for players to join, or leave for the lobby.",
        "countdown": r"^Keep your seat\? \d+ s to decide$",
        "other": "再来",
    },
    "zh-CN": {
        "button": "等待其他玩家",
        "title": "其他玩家都已离开",
        "help": "金币桌的空座不会由机器人补上。保留座位，牌桌会等待其他玩家加入；也可以离开，回到大厅。",
        "countdown": r"^保留座位？还剩 \d+ 秒$",
        "other": "Play",
    },
}


def test_alone_at_a_coin_table_the_panel_offers_to_wait_not_to_play_again(new_page, lobby):
    """In English, then Bo's page switched to 中文 (the language button)."""
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "stud", seats=2, turn_s=30, options={"tier": "beginner"}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")  # full: it starts
    leave_running(ann)  # an escape: the game ends at once
    expect(finished(bo)).to_be_visible()
    again = bo.get_by_test_id("play-again")
    panel = bo.get_by_test_id("next-panel")
    for locale in each_language(bo):  # the game is over: the panel waits, nothing is on its way
        words = WORDS[locale]
        expect(again).to_have_text(words["button"])
        expect(panel.locator("h3")).to_have_text(words["title"])
        expect(bo.get_by_test_id("next-help")).to_have_text(words["help"])
        expect(bo.get_by_test_id("next-countdown")).to_have_text(re.compile(words["countdown"]))
        assert words["other"] not in panel.text_content(), (locale, panel.text_content())
    again.click()
    expect_status(bo, "waiting")
    expect(bo.get_by_test_id("next-panel")).to_be_hidden()
    expect(bo.get_by_test_id("play-again")).to_be_hidden()
