"""While my seat is away (a bot plays it) the table does not tell me how to
act ("点击一张牌出牌" on a seat a bot was playing: the third fresh pass): the
acting instruction gives way to the away line, which says what I'm back
does.  Sibala, Yahtzee and Shut the Box said so already; 6 Nimmt!'s prompt
did not.  (A stud seat is never away: a timeout folds it.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    """A lobby that marks a seat away at its first timeout, its bots slow
    enough for an away turn to last while we look."""
    return module_lobby_factory(env={"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "3000"}, prefix="awaywords")


@pytest.mark.parametrize(
    ("locale", "away_hint", "pick"),
    [
        ("en-US", "A bot is playing your turn: make a move, or press I'm back, to take over (either ends your away).", "Choose a card to play."),
        ("zh-CN", "机器人正在替你走这一回合：你自己走一步或按“我回来了”即可接手（都会结束托管）。", "选一张牌出牌。"),
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
