"""Money is live (issue #15, item 3), against a real lobby: at a stud coin
table the header shows the same figure as my seat while a hand runs,
leaving mid-hand (the escape, 逃跑) first asks in the page, naming what it
costs (the table view's leave_cost), and the header shows the balance the
server pushes after the escape and the settlement, for both players, with
no reload and no asking.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, intercept, open_table, sign_in

pytestmark = SINGLE_REDIS

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
    # what is left said against the balance before the hand: the header shows it less the bets (final fresh pass)
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
    # the leaver's rating moves, the one who stayed is not rated, and the panel says why (final fresh pass)
    expect(bo.get_by_test_id("rating-change-0")).to_contain_text("Ann left before the end: rated as a loss. Rating")
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(
        "You are not rated: Ann left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it."
    )
