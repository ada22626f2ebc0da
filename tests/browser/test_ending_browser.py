"""Ending a game politely (issue #15, item 7), against a lobby with a short
ready window: staying at the table to look at the result is normal — the
next-game panel says so, not pressing Play again closes the table with
thanks (the result stays on show, my seat is not marked left, nobody is
"stood up", Back to lobby is at hand), and a player who sits the next game
out is named neutrally, in English and in Chinese.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import expect_status, finished, open_table, play_to_end, sign_in, start, started_table

READY_MS = 2500


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    """A lobby whose ready window after a game is short (LOBBY_READY_MS)."""
    return module_lobby_factory(env={"LOBBY_READY_MS": str(READY_MS)}, prefix="ending")


def test_not_pressing_play_again_closes_the_table_kindly(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "sibala", seats=2, options={"rounds": 1})
    start(page)
    play_to_end(page)
    panel = page.get_by_test_id("next-panel")
    expect(panel).to_contain_text("No need to: stay and look at the result as long as you like")
    assert "stood up" not in panel.text_content()

    # the bot's seat says ready; that alone starts no game
    expect(page.get_by_test_id("ready-1")).to_have_attribute("data-ready", "1")
    # I do not press Play again: the window ends, the table closes with thanks,
    # in words that are true with the bot ready
    expect_status(page, "closed")
    over = page.get_by_test_id("table-over")
    expect(over).to_have_attribute("data-reason", "no_next_game")
    expect(page.get_by_test_id("table-over-title")).to_have_text("Thanks for playing!")
    expect(page.get_by_test_id("table-over-text")).to_have_text(re.compile(r"^No player asked for another game \(bots do not play alone\), so this table has closed\."))
    expect(panel).to_be_hidden()
    # the result stays; my seat is mine, not "left"; no notice of anyone stood up
    expect(page.get_by_test_id("final-result")).to_be_visible()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()
    expect(page.get_by_test_id("seat-0").locator(".badge-left")).to_have_count(0)
    expect(page.get_by_test_id("seat-0").locator(".badge-you")).to_be_visible()
    expect(page.get_by_test_id("notices")).to_be_hidden()
    page.get_by_test_id("over-back").click()
    expect(page.get_by_test_id("quick-match")).to_be_visible()


def test_who_sits_the_next_game_out_is_named_neutrally(new_page, lobby):
    ann, bo = new_page(), new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, turn_s=2, options={"rounds": 1})
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect(bo.get_by_test_id("my-seat")).to_have_text("你的座位：2")
    bo.get_by_test_id("start").click()
    start(ann)
    play_to_end(ann)  # Bo's turn times out: rolled for him
    expect(finished(bo)).to_be_visible()
    expect(bo.get_by_test_id("next-panel")).to_contain_text("不按也没关系")

    ann.get_by_test_id("play-again").click()  # Bo does not: the next game starts without him
    expect(ann.get_by_test_id("game-no")).to_have_text("Game 2")
    expect(ann.get_by_test_id("notice")).to_have_text("Bo sat this game out")
    expect(bo.get_by_test_id("notice")).to_have_text("Bo 没有参加这一场")
    for page in (ann, bo):
        assert "stood up" not in page.get_by_test_id("notices").text_content()
        assert "请离" not in page.get_by_test_id("notices").text_content()


def test_a_table_with_bots_ready_closes_saying_bots_do_not_play_alone_in_chinese(new_page, lobby):
    """The bots' seats said ready: the closing words say why that started no game (中文)."""
    page = new_page(locale="zh-CN")
    started_table(page, lobby, "Ann", "sibala", seats=2, options={"rounds": 1})
    play_to_end(page)
    expect(page.get_by_test_id("ready-1")).to_have_attribute("data-ready", "1")
    expect_status(page, "closed")
    expect(page.get_by_test_id("table-over-text")).to_have_text(re.compile(r"^没有玩家要再来一场（机器人不会自己开始新的一场），本桌已关闭。"))
