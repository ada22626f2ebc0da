"""An open leave confirm follows the table (issue #15, money; a phone,
390x844): left open while the hand ends (my time runs out: I fold), it
closes instead of offering to charge a price nobody pays; and a seat that
may leave freely (stud after folding, RULES.md 2) is asked nothing.  The
confirm is the table screen's, one for all five games."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, open_table, sign_in

pytestmark = SINGLE_REDIS


@pytest.fixture
def viewport() -> dict:
    return {"width": 390, "height": 844}


def _confirm_closes_when_the_game_ends(page) -> None:
    confirm = page.get_by_test_id("confirm")
    expect(confirm).to_be_hidden()  # the game ended under it (time ran out): what it asked is gone
    expect(finished(page)).to_be_visible()
    assert "#table=" in page.url, "closing it left nobody"


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
    expect(ann.get_by_test_id("confirm-text")).to_have_text(re.compile(r"^现在离开（逃跑），这一场立即结束：所有下注退回，然后你付给 Bo 与底池相等的 \d+ 金币。离开后你有 \d+ 金币。你的记录里会记为逃跑。确定离开吗？$"))
    expect(ann.get_by_test_id("confirm-yes")).to_have_text(re.compile(r"^离开并支付 \d+$"))
    _confirm_closes_when_the_game_ends(ann)


#: what leaving a running game says: stud's escape ends the game at once
#: (RULES.md 2, also in play chips), elsewhere a bot plays the seat
ASKS = {
    ("stud", "en-US"): r"^Leaving now is an escape: the game ends at once, every bet is returned, then you pay (?!the dealer)\S.* \d+ play chips \(what the pot holds\)\. It counts as an escape in your record\. Leave the game\?$",
    ("stud", "zh-CN"): r"^现在离开（逃跑），这一场立即结束：所有下注退回，然后你付给 ?(?!庄家)\S+ ?与底池相等的 \d+ 娱乐筹码。你的记录里会记为逃跑。确定离开吗？$",
    ("sibala", "en-US"): r"^Leave the game now\? A bot plays your seat to the end",
    ("sibala", "zh-CN"): r"^现在离开这场比赛吗？机器人会替你把座位打到结束",
}


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("game, options", [("stud", {"tier": "casual"}), ("sibala", {"rounds": 1})])
def test_an_open_leave_question_closes_when_the_game_ends_under_it(new_page, lobby, game, options, locale):
    page = new_page(locale=locale)
    sign_in(page, lobby, "Cy")
    open_table(page, game, seats=2, turn_s=2, options=options)
    page.get_by_test_id("start").click()
    expect_status(page, "playing")
    page.get_by_test_id("leave").click()
    expect(page.get_by_test_id("confirm-text")).to_have_text(re.compile(ASKS[game, locale]))
    _confirm_closes_when_the_game_ends(page)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_leaving_a_casual_stud_hand_ends_it_as_the_confirm_says(new_page, lobby, locale):
    """Casual stud (play chips): the confirm names the escape and its price,
    and confirming ends the game at once, the result saying the same word."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Dee")
    table_id = open_table(page, "stud", seats=2, options={"tier": "casual"})
    page.get_by_test_id("start").click()
    expect_status(page, "playing")
    page.get_by_test_id("leave").click()
    expect(page.get_by_test_id("confirm-text")).to_have_text(re.compile(ASKS["stud", locale]))
    price = re.search(r"\d+", page.get_by_test_id("confirm-text").text_content()).group()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("quick-match")).to_be_visible()
    page.goto(f"{lobby.http}/#table={table_id}")
    expect(finished(page)).to_be_visible()
    said = rf"^Dee.* 逃跑：.+ ?获得 {price}$" if locale == "zh-CN" else rf"^Dee.* escaped: .+ receives {price}$"
    expect(page.get_by_test_id("winners")).to_have_text(re.compile(said))


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


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_an_escape_is_asked_alike_at_a_coin_and_a_play_chip_table(new_page, lobby, locale):
    """The same escape (the game ends, bets back, the pot paid) was worded
    two ways at a coin and a casual table (third pass): one wording, the
    amount and unit filled in (a coin table adds the balance after)."""
    texts = {}
    for tier in ("beginner", "casual"):
        ann, bo = new_page(locale=locale), new_page()
        sign_in(ann, lobby, f"Ann{tier[0]}")
        table_id = open_table(ann, "stud", seats=2, options={"tier": tier}, bots=False)
        sign_in(bo, lobby, "Bo", f"#table={table_id}")  # one payee's name at both tables
        bo.get_by_test_id("join-table").click()
        expect_status(ann, "playing")
        ann.get_by_test_id("leave").click()
        texts[tier] = ann.get_by_test_id("confirm-text").text_content()
        ann.get_by_test_id("confirm-no").click()
    unit = {"en-US": ("coins", "play chips"), "zh-CN": ("金币", "娱乐筹码")}[locale]
    assert re.search(rf"\d+ {unit[0]}", texts["beginner"]) and re.search(rf"\d+ {unit[1]}", texts["casual"]), texts
    assert re.search(_AFTER, texts["beginner"]) and not re.search(_AFTER, texts["casual"]), texts
    same = {tier: re.sub(_AMOUNT, "N", re.sub(_AFTER, "", text)) for tier, text in texts.items()}
    assert same["beginner"] == same["casual"], texts


def test_after_an_escape_the_seats_and_pot_show_the_bets_returned(new_page, lobby):
    """Casual stud, two people: Ann escapes; Bo's board still said "Bet 100"
    on each seat and the old pot (third pass): the bets were returned, so
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
