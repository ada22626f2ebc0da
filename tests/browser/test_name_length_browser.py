"""A name or chat line too long is said so in place, never cut short (the
fresh 中文 pass on phones: 30 × "x" typed into the sign-in name and 开始玩
pressed was taken as 24 × "x", the table then titled "xxxxxxxxxxxxxxxxxxxxxxxx
的牌桌", without a word, while "Ada (bot)" is refused in place with its
reason: the inputs' maxlength cut what was typed).  What must hold, in
both languages, for every name field (sign-in, the account card's name,
rename, account claim) and the chat box: what was typed stays as typed,
nothing is sent, and the field's error line says the limit in the
server's words (bad_name's `length` reason, lobby/protocol.py MAX_NAME
24; bad_text's, MAX_CHAT 200); back within the limit the line clears.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table

pytestmark = SINGLE_REDIS

LONG = "x" * 30
NAME_WORDS = {"en-US": "A name is 1 to 24 characters.", "zh-CN": "名字长度为 1 到 24 个字符。"}
CHAT_WORDS = {"en-US": "A chat line is at most 200 characters.", "zh-CN": "一条聊天消息最多 200 个字符。"}


def _too_long(page, field: str, err: str, submit: str, words: str) -> None:
    """Type 30 × "x" into ``field``: its error line ``err`` says ``words``
    at once and after ``submit`` is pressed, and the field keeps all 30."""
    box = page.get_by_test_id(field)
    box.fill(LONG)
    expect(box).to_have_value(LONG)
    expect(page.get_by_test_id(err)).to_have_text(words)
    page.get_by_test_id(submit).click()
    expect(page.get_by_test_id(err)).to_have_text(words)
    expect(box).to_have_value(LONG)


@pytest.mark.parametrize("locale", list(NAME_WORDS))
def test_a_long_name_or_chat_line_is_refused_in_place_not_cut(new_page, lobby, locale):
    words = NAME_WORDS[locale]
    page = new_page(locale=locale)
    page.goto(lobby.http)
    _too_long(page, "name-input", "sign-in-error", "sign-in", words)
    expect(page.get_by_test_id("player-name")).to_have_count(0)  # nothing was sent
    _too_long(page, "acct-name", "acct-signin-error", "acct-signin", words)
    page.get_by_test_id("name-input").fill("x" * 24)  # within the limit: the line clears
    expect(page.get_by_test_id("sign-in-error")).to_have_text("")
    page.get_by_test_id("name-input").fill("Ann")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ann")

    page.get_by_test_id("change-name").click()
    expect(page.get_by_test_id("rename-form")).to_be_visible()
    _too_long(page, "name-input", "sign-in-error", "save-name", words)
    expect(page.get_by_test_id("player-name")).to_have_text("Ann")
    page.get_by_test_id("cancel-rename").click()

    page.get_by_test_id("account-link").click()
    expect(page.get_by_test_id("claim-name")).to_be_visible()
    _too_long(page, "claim-name", "claim-error", "claim", words)

    page.goto(f"{lobby.http}/")  # back to the lobby, still Ann
    expect(page.get_by_test_id("player-name")).to_have_text("Ann")
    open_table(page, "sibala", seats=2)
    box = page.get_by_test_id("chat-input")
    line = "y" * 201
    box.fill(line)
    expect(box).to_have_value(line)
    expect(page.get_by_test_id("chat-error")).to_have_text(CHAT_WORDS[locale])
    box.press("Enter")
    expect(page.get_by_test_id("chat-error")).to_have_text(CHAT_WORDS[locale])
    expect(box).to_have_value(line)
    expect(page.get_by_test_id("chat-line")).to_have_count(0)
    box.fill("y" * 200)
    expect(page.get_by_test_id("chat-error")).to_have_text("")
    box.press("Enter")
    expect(page.get_by_test_id("chat-line")).to_have_count(1)
