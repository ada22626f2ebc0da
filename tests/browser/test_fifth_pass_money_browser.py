"""The fifth pair of fresh testers (issue #15; English and 中文 on phones):
an escape's confirm names who is paid (the view's leave_to, as the
settlement picks it) and its replay step reads as the live log, the
Details line labels its code, a table name's tooltip says what the hex is
and a CJK name sits close to 的, every stake field says the server's most,
and a refused name leaves no "Connecting…" behind."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, open_table, sign_in

pytestmark = SINGLE_REDIS


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


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_table_name_s_tooltip_says_it_is_the_table_id(new_page, lobby, locale):
    """The tooltip was the bare hex id; "李雷 的牌桌" had a space between two
    CJK sides (a Latin name keeps it: "Bo 的牌桌")."""
    zh = locale == "zh-CN"
    ids = {}
    for name in ("李雷", "Bo"):
        opener = new_page(locale)
        sign_in(opener, lobby, name)
        ids[name] = open_table(opener, "sibala", seats=3, bots=False)
    viewer = new_page(locale)
    sign_in(viewer, lobby, "Cy")
    viewer.get_by_test_id("game-sibala").click()
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
