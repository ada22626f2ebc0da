"""Tables people can tell apart, seats counted from 1 (issue #15, item 6):
a table is shown by its readable name (the opener's "Ann's table", or the
generated two words of a quick table), its id kept for links; seat numbers
on screen count from 1 (0-based on the wire)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, leave_running, open_table, sign_in

pytestmark = SINGLE_REDIS


def test_tables_are_known_by_name(new_page, lobby):
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=3, bots=False)
    expect(ann.get_by_test_id("table-name")).to_have_text("Ann's table")
    expect(ann.get_by_test_id("my-seat")).to_have_text("Your seat: 1")
    expect(ann.get_by_test_id("share-link")).to_have_value(re.compile(f"#table={table_id}$"))  # the id stays the link

    # in the game's lobby: the name and when it was opened; the id only in its tooltip and the links
    bo = new_page(locale="zh-CN")
    sign_in(bo, lobby, "Bo")
    bo.get_by_test_id("game-six_nimmt").click()
    row = bo.get_by_test_id(f"table-row-{table_id}")
    expect(row.get_by_test_id(f"table-name-{table_id}")).to_have_text("Ann 的牌桌")
    expect(row.get_by_test_id(f"table-name-{table_id}")).to_have_attribute("title", f"牌桌编号 {table_id}")
    expect(row.get_by_test_id(f"table-opened-{table_id}")).to_have_text(re.compile(r"^ · .*\d+:\d\d.* 开桌$"))
    assert table_id not in row.inner_text()
    bo.get_by_test_id(f"join-{table_id}").click()
    expect(bo.get_by_test_id("table-name")).to_have_text("Ann 的牌桌")
    expect(bo.get_by_test_id("my-seat")).to_have_text("你的座位：2")
    expect(bo.get_by_test_id("seat-1").locator(".seat-no")).to_have_text("#2")

    # our tables on the home screen, by game and name
    bo.get_by_test_id("back").click()
    bo.get_by_test_id("back-to-games").click()
    expect(bo.get_by_test_id(f"my-table-{table_id}")).to_have_text(re.compile(r"· Ann 的牌桌$"))

    # a quick-match table has a generated name of two words
    cy = new_page()
    sign_in(cy, lobby, "Cy")
    cy.get_by_test_id("game-yahtzee").click()
    cy.get_by_test_id("quick-match").click()
    expect(cy.get_by_test_id("table-name")).to_have_text(re.compile(r"^[A-Z][a-z]+ [A-Z][a-z]+$"))


def test_the_list_shows_a_seat_whose_player_left_as_left_not_as_a_bot(new_page, lobby):
    """A player who leaves mid-game hands the seat to a bot that plays it
    out; the live list said "Ann (bot)" (its summary had no ``left``)."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=2, bots=False)
    bo = new_page()
    sign_in(bo, lobby, "Bo")
    bo.get_by_test_id("game-six_nimmt").click()
    bo.get_by_test_id(f"join-{table_id}").click()
    expect_status(bo, "playing")  # full: it starts
    leave_running(ann)
    expect(bo.get_by_test_id("seat-0")).to_contain_text("left")

    cy = new_page(locale="zh-CN")
    sign_in(cy, lobby, "Cy")
    cy.get_by_test_id("game-six_nimmt").click()
    chips = cy.get_by_test_id(f"table-row-{table_id}").locator(".seat-chips .chip")
    expect(chips).to_have_text(["Ann（已离开）", "Bo"])
    assert "机器人" not in chips.first.inner_text()
