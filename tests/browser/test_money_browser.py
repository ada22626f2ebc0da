"""Coins: an escape's price and balances, stakes and the balance's limits in
the forms, coin refusals with their figures.
"""

from __future__ import annotations

import re

import msgpack
import pytest
from playwright.sync_api import expect

from .helpers import PHONE, SINGLE_REDIS, each_language, expect_status, intercept, open_table, refuse, sign_in

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# An escape asks its price and balances follow
#
# Money is live, against a real lobby: at a stud coin table the header shows
# the same figure as my seat while a hand runs, leaving mid-hand (the
# escape, 逃跑) first asks in the page, naming what it costs (the table view's
# leave_cost), and the header shows the balance the server pushes after the
# escape and the settlement, for both players, with no reload and no asking.
# ---------------------------------------------------------------------------


GRANT = 20_000  # a new guest's coins (LOBBY_GRANT_COINS)


def coins(page) -> int:
    """The header's coins figure."""
    text = page.get_by_test_id("coins").text_content()
    match = re.fullmatch(r"(\d+) coins", text)
    assert match, text
    return int(match.group(1))


def test_escape_asks_its_price_and_balances_follow(new_page, lobby):
    ann, bo = new_page(), new_page()
    asked: list[str] = []  # Ann's `me` requests: the header must not need them
    intercept(ann, {"me"}, lambda ws, msg: asked.append("me"))
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "stud", seats=2, options={"tier": "beginner"}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    for page in (ann, bo):
        expect_status(page, "playing")  # full: it starts

    # during the hand: my seat's figure and the header's are one
    for seat, page in ((0, ann), (1, bo)):
        balance = page.get_by_test_id(f"balance-{seat}")
        expect(balance).to_have_text(re.compile(r"\d+"))
        expect(page.get_by_test_id("coins")).to_have_text(f"{balance.get_attribute('data-balance')} coins")
        assert coins(page) < GRANT  # the ante is in the pot

    # Leave asks first, in the page, naming the price; Stay keeps the seat
    cost = ann.evaluate(f"window.lobby.net.tables.get({table_id!r}).view.leave_cost[0]")
    assert cost > 0
    ann.get_by_test_id("leave").click()
    dialog = ann.get_by_test_id("confirm")
    expect(dialog).to_be_visible()
    expect(ann.get_by_test_id("confirm-text")).to_contain_text(f"you pay Bo {cost} coins")
    # what is left said against the balance before the hand: the header shows it less the bets
    expect(ann.get_by_test_id("confirm-text")).to_contain_text(f"You will have {GRANT - cost} coins left.")
    expect(ann.get_by_test_id("confirm-yes")).to_have_text(f"Leave and pay {cost}")
    ann.get_by_test_id("confirm-no").click()
    expect(dialog).to_have_count(0)
    expect_status(ann, "playing")
    expect(ann.get_by_test_id("my-seat")).to_have_text("Your seat: 1")

    ann.get_by_test_id("leave").click()
    cost = ann.evaluate(f"window.lobby.net.tables.get({table_id!r}).view.leave_cost[0]")
    expect(ann.get_by_test_id("confirm-yes")).to_have_text(f"Leave and pay {cost}")
    asked.clear()
    ann.get_by_test_id("confirm-yes").click()
    expect(ann.get_by_test_id("quick-match")).to_be_visible()  # back in stud's lobby

    # the pushed balances: Ann paid the price, Bo got it; nobody asked for `me`
    expect(ann.get_by_test_id("coins")).to_have_text(f"{GRANT - cost} coins")
    expect(bo.get_by_test_id("coins")).to_have_text(f"{GRANT + cost} coins")
    expect(bo.get_by_test_id("balance-1")).to_have_attribute("data-balance", str(GRANT + cost))
    assert ann.evaluate("window.lobby.net.player.coins") == GRANT - cost
    assert asked == [], asked
    assert bo.evaluate("window.lobby.net.player.coins") == GRANT + cost
    # the leaver's rating moves, the one who stayed is not rated, and the panel says why
    expect(bo.get_by_test_id("rating-change-0")).to_contain_text("Ann left before the end: rated as a loss. Rating")
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(
        "You are not rated: Ann left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it."
    )


# ---------------------------------------------------------------------------
# Payees, stake limits and one balance figure
#
# An escape's confirm names who is paid
# (the view's leave_to, as the settlement picks it) and its replay step
# reads as the live log, the Details line labels its code, a table name's
# tooltip says what the hex is and a CJK name sits close to 的, every stake
# field says the server's most, and a refused name leaves no "Connecting…"
# behind.
# ---------------------------------------------------------------------------


def _stud_for_two(ann, bo, lobby, a: str, b: str) -> str:
    """``a`` opens a two-seat beginner (coin) stud table, ``b`` joins, the
    hand runs on both pages; the table id."""
    sign_in(ann, lobby, a)
    table_id = open_table(ann, "stud", seats=2, options={"tier": "beginner"}, bots=False)
    sign_in(bo, lobby, b, f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    for page in (ann, bo):
        expect_status(page, "playing")
    return table_id


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_escape_confirm_names_the_payee_and_the_replay_says_escaped(new_page, lobby, locale):
    """The confirm said "pay the dealer" / "付给庄家" while the coins went to
    another player; the replay's last step said "left the game" beside the
    log's "escaped"."""
    zh = locale == "zh-CN"
    me, other = ("李雷", "小明") if zh else ("Ann", "Bo")
    ann, bo = new_page(locale), new_page(locale)
    table_id = _stud_for_two(ann, bo, lobby, me, other)
    view = f"window.lobby.net.tables.get({table_id!r}).view"
    cost = ann.evaluate(f"{view}.leave_cost[0]")
    assert cost > 0 and ann.evaluate(f"{view}.leave_to") == [1, 0]
    ann.get_by_test_id("leave").click()
    text = ann.get_by_test_id("confirm-text")
    expect(text).to_contain_text(f"然后你付给{other}与底池相等的 {cost} 金币" if zh else f"then you pay {other} {cost} coins")
    expect(text).not_to_contain_text("庄家" if zh else "dealer")
    ann.get_by_test_id("confirm-yes").click()
    expect(ann.get_by_test_id("quick-match")).to_be_visible()
    # the payee named is the one paid
    expect(bo.get_by_test_id("coins")).to_have_text(f"{20000 + cost} 金币" if zh else f"{20000 + cost} coins")
    # the replay's last step: the live log's words for the escape
    bo.goto(f"{lobby.http}/#replay={table_id}&game=1")
    items = bo.get_by_test_id("replay-steps").locator("li")
    expect(items.last).to_contain_text(f"{me}逃跑：付给{other} {cost}" if zh else f"{me} escaped: pays {cost} to {other}")
    items.last.click()
    expect(bo.get_by_test_id("replay-action")).to_have_text(f"{me}逃跑：付给{other} {cost}" if zh else f"{me} escaped: pays {cost} to {other}")
    expect(bo.get_by_test_id("replay-screen")).not_to_contain_text("离开了本场" if zh else "left the game")


def test_a_table_name_s_tooltip_says_it_is_the_table_id(new_page, lobby):
    """The tooltip was the bare hex id; "李雷 的牌桌" had a space between two
    CJK sides (a Latin name keeps it: "Bo 的牌桌").  In English, then the
    viewer's page switched to 中文 (the language button)."""
    ids = {}
    for name in ("李雷", "Bo"):
        opener = new_page()
        sign_in(opener, lobby, name)
        ids[name] = open_table(opener, "sibala", seats=3, bots=False)
    viewer = new_page()
    sign_in(viewer, lobby, "Cy")
    viewer.get_by_test_id("game-sibala").click()
    for locale in each_language(viewer):
        zh = locale == "zh-CN"
        for name, table_id in ids.items():
            cell = viewer.get_by_test_id(f"table-name-{table_id}")
            expect(cell).to_have_attribute("title", f"牌桌编号 {table_id}" if zh else f"Table id {table_id}")
            expect(cell).to_have_text(({"李雷": "李雷的牌桌", "Bo": "Bo 的牌桌"} if zh else {"李雷": "李雷's table", "Bo": "Bo's table"})[name])


def test_every_stake_field_says_the_server_s_most(new_page, lobby):
    """Sibala's stake stopped at 1000000, Shut the Box's had no maximum."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    for game in ("sibala", "shut_the_box"):
        page.get_by_test_id(f"game-{game}").click()
        stake = page.get_by_test_id("open-opt-stake")
        expect(stake).to_have_attribute("max", "1000000")
        expect(stake).to_have_attribute("min", "0")
        page.get_by_test_id("back-to-games").click()


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_refused_name_leaves_no_connecting_pill(new_page, lobby, locale):
    """After a refused name the header said "Connecting…" while the form was
    idle (the socket stayed open, unsigned, until the server's hello
    timeout closed it)."""
    page = new_page(locale)
    page.goto(lobby.http)
    page.get_by_test_id("name-input").fill("empty")
    page.get_by_test_id("sign-in").click()
    err = page.get_by_test_id("sign-in-error")
    expect(err.get_by_test_id("error-text")).not_to_be_empty()
    # at once, not at the server's hello timeout: nothing connects now
    assert page.evaluate("window.lobby.net.status") == "idle"
    expect(page.get_by_test_id("conn-status")).to_be_hidden()
    expect(page.get_by_test_id("sign-in")).to_be_enabled()
    page.get_by_test_id("name-input").fill("Ann")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ann")
    expect(page.get_by_test_id("conn-status")).to_have_text("在线" if locale == "zh-CN" else "online")


def test_the_balance_is_one_figure_at_the_table_and_in_the_lobby(new_page, lobby):
    """Mid-hand the table said 19800 and the lobby's header 20000, its Expert
    tier "you have 20000": the coins in a running pot are not spendable
    (docs/play.md), so the lobby says the table's figure."""
    ann, bo = new_page(), new_page()
    table_id = _stud_for_two(ann, bo, lobby, "Ann", "Bo")
    seat = bo.get_by_test_id("balance-1")
    expect(seat).to_have_text(re.compile(r"\d+"))
    figure = int(seat.get_attribute("data-balance"))
    assert figure < 20000  # the ante is in the pot
    expect(bo.get_by_test_id("coins")).to_have_text(f"{figure} coins")
    bo.get_by_test_id("back").click()
    expect(bo.get_by_test_id("quick-match")).to_be_visible()
    expect(bo.get_by_test_id("coins")).to_have_text(f"{figure} coins")
    tiers = bo.get_by_test_id("open-opt-tier")
    expect(tiers.locator("option[disabled]").first).to_contain_text(f"you have {figure}")
    expect(tiers).not_to_contain_text("you have 20000")
    bo.goto(f"{lobby.http}/#table={table_id}")
    expect(bo.get_by_test_id("coins")).to_have_text(f"{figure} coins")


# ---------------------------------------------------------------------------
# A coin table on a phone: forms, stakes, Start now
#
# A table people would choose to play at, on a phone: the Open table form
# refuses in place what the balance cannot pay and words the server's coin
# refusal with its figures; the stake is said before anyone joins; Start now
# tells the others what to do; a name stops at its limit; a 中文 page's
# tooltips and window title hold no English.
# ---------------------------------------------------------------------------


def _coins(page) -> int:
    return page.evaluate("window.lobby.net.player.coins")


@pytest.mark.viewport(PHONE)
def test_the_form_refuses_what_the_balance_cannot_pay(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    have = _coins(page)
    # stud: a tier beyond the balance cannot be chosen, and says why
    page.get_by_test_id("game-stud").click()
    expert = page.get_by_test_id("open-opt-tier").locator("option[value=expert]")
    expect(expert).to_be_disabled()
    expect(expert).to_contain_text(f"needs 50000 coins, you have {have}")
    expect(page.get_by_test_id("open-opt-tier").locator("option[value=beginner]")).to_be_enabled()
    page.get_by_test_id("open-opt-tier").select_option("beginner")
    expect(page.get_by_test_id("open-bots-note")).to_have_text("Bots do not take seats at a coin table (coins move here): only people play it.")
    # Sibala and Shut the Box: a stake the balance cannot pay is said in place, and Open waits
    for game, rounds, times in (("sibala", 5, 1), ("shut_the_box", 3, 2)):
        page.get_by_test_id("back-to-games").click()
        page.get_by_test_id(f"game-{game}").click()
        page.get_by_test_id("open-opt-rounds").fill(str(rounds))
        page.get_by_test_id("open-opt-stake").fill("30000")
        need = 30000 * rounds * times
        expect(page.get_by_test_id("open-coins-note")).to_have_text(f"This table needs {need} coins, you have {have}: lower the stake or the rounds.")
        expect(page.get_by_test_id("open-table")).to_be_disabled()
        expect(page.get_by_test_id("open-bots-note")).to_have_text("Bots do not take seats at a coin table (coins move here): only people play it.")
        page.get_by_test_id("open-opt-stake").fill("10")
        expect(page.get_by_test_id("open-coins-note")).to_be_hidden()
        expect(page.get_by_test_id("open-table")).to_be_enabled()


@pytest.mark.viewport(PHONE)
def test_a_chinese_form_refuses_a_stake_in_place_and_a_coin_refusal_says_its_figures(new_page, lobby):
    page = new_page("zh-CN")
    sent = []

    def handle(ws, msg):
        # the lobby refuses the open (the balance changed meanwhile, say), with its figures
        sent.append(msg)
        ws.send(msgpack.packb({"t": "error", "code": "insufficient_coins", "msg": "this table needs 500 coins; you have 300", "ref": msg["ref"], "need": 500, "have": 300}))
        return True

    intercept(page, {"open"}, handle)
    sign_in(page, lobby, "小明")
    have = _coins(page)
    page.get_by_test_id("game-sibala").click()
    page.get_by_test_id("open-opt-stake").fill("30000")
    expect(page.get_by_test_id("open-coins-note")).to_have_text(f"这张牌桌需要 150000 金币，你有 {have}：请降低底注或局数。")
    expect(page.get_by_test_id("open-table")).to_be_disabled()
    page.get_by_test_id("open-opt-stake").press("Enter")  # not sent either
    page.get_by_test_id("open-opt-stake").fill("100")
    page.get_by_test_id("open-table").click()
    err = page.get_by_test_id("open-table-error")
    expect(err.get_by_test_id("error-text")).to_have_text("这张牌桌需要 500 金币，你只有 300。")
    expect(err.get_by_test_id("error-details")).to_have_text("错误代码：insufficient_coins")
    assert len(sent) == 1 and sent[0]["options"]["stake"] == 100
    # fixing any field takes the old refusal away
    page.get_by_test_id("open-seats").fill("2")
    expect(err.get_by_test_id("error-text")).to_have_count(0)


@pytest.mark.viewport(PHONE)
def test_an_english_coin_refusal_says_its_figures(new_page, lobby):
    page = new_page()

    def handle(ws, msg):
        ws.send(msgpack.packb({"t": "error", "code": "insufficient_coins", "msg": "this table needs 1000 coins; you have 700", "ref": msg["ref"], "need": 1000, "have": 700}))
        return True

    intercept(page, {"open"}, handle)
    sign_in(page, lobby, "Ann")
    page.get_by_test_id("game-stud").click()
    page.get_by_test_id("open-opt-tier").select_option("beginner")
    page.get_by_test_id("open-table").click()
    err = page.get_by_test_id("open-table-error")
    expect(err.get_by_test_id("error-text")).to_have_text("This table needs 1000 coins; you have 700.")
    expect(err.get_by_test_id("error-details")).to_have_text("Error code: insufficient_coins")
    page.get_by_test_id("open-opt-tier").select_option("casual")
    expect(err.get_by_test_id("error-text")).to_have_count(0)


@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_stake_is_said_before_joining(new_page, lobby, locale):
    zh = locale == "zh-CN"
    ann, bo, cy = new_page(locale), new_page(locale), new_page(locale)
    sign_in(ann, lobby, "小明" if zh else "Ann")
    sibala = open_table(ann, "sibala", seats=3, options={"stake": 100, "rounds": 2}, bots=False)
    sign_in(bo, lobby, "小红" if zh else "Bo")
    stud = open_table(bo, "stud", seats=2, options={"tier": "beginner"}, bots=False)
    sibala_words = "底注 100 金币 · 入座需要 200 金币" if zh else "Stake 100 coins · needs 200 coins to sit"
    stud_words = "场次：初级，底注 100 · 入座需要 1000 金币" if zh else "Tier: Beginner, ante 100 · needs 1000 coins to sit"
    # the table page says it to its players
    expect(ann.get_by_test_id("table-stake")).to_have_text(sibala_words)
    expect(bo.get_by_test_id("table-stake")).to_have_text(stud_words)
    # the lists say it to who has not joined
    sign_in(cy, lobby, "阿强" if zh else "Cy")
    cy.get_by_test_id("game-sibala").click()
    expect(cy.get_by_test_id(f"table-stake-{sibala}")).to_have_text(sibala_words)
    cy.get_by_test_id("back-to-games").click()
    cy.get_by_test_id("game-stud").click()
    expect(cy.get_by_test_id(f"table-stake-{stud}")).to_have_text(stud_words)
    # and the table page to a would-be joiner (waiting) and a spectator (playing)
    cy.get_by_test_id(f"watch-{stud}").click()
    expect(cy.get_by_test_id("join-table")).to_be_visible()
    expect(cy.get_by_test_id("table-stake")).to_have_text(stud_words)
    cy.get_by_test_id("join-table").click()
    expect_status(cy, "playing")  # two seats: the join filled it
    expect(cy.get_by_test_id("table-stake")).to_have_text(stud_words)
    ann.goto(f"{lobby.http}/#table={stud}")
    expect_status(ann, "playing")
    expect(ann.get_by_test_id("spectating")).to_be_visible()
    expect(ann.get_by_test_id("table-stake")).to_have_text(stud_words)


@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_start_now_tells_everyone_seated_what_to_do(new_page, lobby, locale):
    zh = locale == "zh-CN"
    ann, bo, cy = new_page(locale), new_page(locale), new_page(locale)
    a, b = ("小明", "小红") if zh else ("Ann", "Bo")
    sign_in(ann, lobby, a)
    table = open_table(ann, "sibala", seats=3, bots=False)
    sign_in(bo, lobby, b, f"#table={table}")
    bo.get_by_test_id("join-table").click()
    expect(ann.get_by_test_id("seat-name-1")).to_have_text(b)
    sign_in(cy, lobby, "阿强" if zh else "Cy", f"#table={table}")
    ann.get_by_test_id("start").click()
    if zh:
        bo_re = rf"^{a}想开始：按“立即开始”参加这一场；否则 \d+ 秒后游戏不等你开始，你的座位会让出。$"
        ann_re = rf"^你已按“立即开始”。正在等{b}：\d+ 秒后，没按的人让出座位。$"
        cy_re = rf"^{a}想开始：\d+ 秒后，在座没按“立即开始”的人让出座位。$"
    else:
        bo_re = rf"^{a} wants to start: press Start now to play this game, or in \d+ s it starts without you and your seat is given up\.$"
        ann_re = rf"^You pressed Start now\. Waiting for {b}: in \d+ s whoever has not pressed gives up their seat\.$"
        cy_re = rf"^{a} wants to start: in \d+ s whoever seated has not pressed Start now gives up their seat\.$"
    expect(bo.get_by_test_id("start-vote")).to_have_text(re.compile(bo_re))
    expect(ann.get_by_test_id("start-vote")).to_have_text(re.compile(ann_re))
    expect(cy.get_by_test_id("start-vote")).to_have_text(re.compile(cy_re))
    expect(bo.get_by_test_id("starts-in")).to_have_text("")  # one countdown, in the sentence
    bo.get_by_test_id("start").click()
    expect_status(bo, "playing")


@pytest.mark.viewport(PHONE)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_name_past_its_limit_is_said_and_a_refusal_says_why(new_page, lobby, locale):
    zh = locale == "zh-CN"
    page = new_page(locale)
    # a bad_name with a reason the page does not know: the general sentence, with the limit's figure
    intercept(page, {"hello"}, lambda ws, msg: msg.get("name") == "Zed" and (refuse(ws, msg, "bad_name", "name must be a string") or True))
    page.goto(lobby.http)
    name = page.get_by_test_id("name-input")
    # past the limit the typed name stays whole and the field says why (no maxlength cut: test_language_browser.py)
    name.press_sequentially("x" * 30)
    expect(name).to_have_value("x" * 30)
    expect(page.get_by_test_id("sign-in-error")).to_have_text("名字长度为 1 到 24 个字符。" if zh else "A name is 1 to 24 characters.")
    name.fill("Ann (bot)")
    page.get_by_test_id("sign-in").click()
    err = page.get_by_test_id("sign-in-error")
    expect(err.get_by_test_id("error-text")).to_have_text("“Ann (bot)”读起来像机器人的名字：“机器人”这个词（英文写法也一样）留给机器人，请换一个名字。" if zh else "“Ann (bot)” would read as a bot's name: the word “bot” is kept for bots. Choose another name.")
    # the code under Details labelled in the page's language, a reference, not text
    expect(err.get_by_test_id("error-details")).to_have_text("错误代码：bad_name" if zh else "Error code: bad_name")
    name.fill("Ann")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ann")
    # the rename form too
    page.get_by_test_id("change-name").click()
    rename = page.get_by_test_id("name-input")
    expect(page.get_by_test_id("rename-form")).to_be_visible()
    expect(rename).not_to_have_attribute("maxlength", re.compile(".*"))
    rename.fill("Zed")
    page.get_by_test_id("save-name").click()
    expect(page.get_by_test_id("sign-in-error").get_by_test_id("error-text")).to_have_text("名字长度为 1 到 24 个字符。" if zh else "A name is 1 to 24 characters.")


#: Latin-letter words in a 中文 page's tooltips or title: none, beyond
#: names (a table row's id and seated players' chips, other tests' tables
#: listed too, are left out) and the language switch, which speaks the
#: other language by design.
LATIN = re.compile(r"[A-Za-z]{2,}")


def _english_titles(page) -> list[str]:
    found = page.evaluate("() => [document.title, ...[...document.querySelectorAll('[title]:not(.table-name):not(.chip):not(#lang)')].map((e) => e.getAttribute('title'))]")
    return [t for t in found if LATIN.search(t)]


@pytest.mark.viewport(PHONE)
def test_a_chinese_page_has_no_english_tooltips_nor_title(new_page, lobby):
    page = new_page("zh-CN")
    sign_in(page, lobby, "小明")
    expect(page).to_have_title("游戏大厅")
    assert _english_titles(page) == []
    for game, title in (("sibala", "十八啦"), ("stud", "同花顺"), ("six_nimmt", "谁是牛头王"), ("yahtzee", "快艇骰子"), ("shut_the_box", "闭箱")):
        page.get_by_test_id(f"game-{game}").click()
        expect(page.get_by_test_id("open-table")).to_be_visible()
        expect(page).to_have_title(f"{title} · 游戏大厅")
        assert _english_titles(page) == [], game
        page.get_by_test_id("back-to-games").click()
    table = open_table(page, "sibala", seats=2, bots=False)
    expect(page).to_have_title("小明的牌桌 · 十八啦 · 游戏大厅")  # no space between two CJK sides
    assert _english_titles(page) == [], table
