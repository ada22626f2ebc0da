"""Each language shows its own words (issue #15, item 5), against a real
lobby: Sibala's round results and log are worded from the round records in
Chinese on a Chinese page (not the kata's English strings), stud's tier is
named in English alone on an English page, and a refused name gets its real
reason in either language ('Ada (bot)' is not too long: the name is bots').
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import KATA_RE, RESULT_RE, RESULT_ZH_RE, SINGLE_REDIS, finished, open_table, play_to_end, sign_in, start

pytestmark = SINGLE_REDIS

CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def test_sibala_results_and_log_in_chinese_words(new_page, lobby):
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    open_table(page, "sibala", seats=2, options={"rounds": 2})
    start(page)
    play_to_end(page)
    line = page.get_by_test_id("result-line")
    expect(line).to_have_text(RESULT_ZH_RE)
    log = page.get_by_test_id("log")
    results = log.locator("li.log-result")
    expect(results).to_have_count(2)
    for r in (0, 1):
        expect(results.nth(r)).to_have_text(re.compile(rf"^第 {r + 1} 局：" + RESULT_ZH_RE.pattern[1:]))
    # no English words of the kata anywhere in the log or on the seats
    for text in (log.text_content(), page.get_by_test_id("seats").text_content()):
        assert not re.search(r"\b(win|tie|Tie|normal point|all of a kind|no point)\b", text), text
    expect(page.get_by_test_id("seat-0").locator(".hand-text")).to_have_text(re.compile(r"^(点数 \d+|一色 \d|无点)"))

    # in English: the page's own words, the kata's line as the tooltip
    page.get_by_test_id("lang-switch").click()
    line = page.get_by_test_id("result-line")
    expect(line).to_have_text(RESULT_RE)
    assert KATA_RE.match(line.get_attribute("title")), line.get_attribute("title")


def test_stud_tier_and_hands_in_one_language(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "stud", seats=2, options={"tier": "casual"})
    expect(page.get_by_test_id("tier")).to_have_text(re.compile(r"^Casual · ante 100"))
    assert not CJK.search(page.get_by_test_id("tier").text_content())
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("tier")).to_have_text(re.compile(r"^普通场 · 底注 100"))
    assert "Casual" not in page.get_by_test_id("tier").text_content()


#: A refused name's reason, quoting the name typed (`{name}`), by reason and page language.
NAME_SAID = {
    "en-US": {
        "reserved": "“{name}” would read as a bot's name: the word “bot” is kept for bots. Choose another name.",
        "bracket": "“{name}” ends in a bracket or quote marks, where the page writes its own marks after a name. Choose another name.",
        "page_word": "“{name}” reads like one of the page's own words (a seat, a bot, a badge): choose another name.",
    },
    "zh-CN": {
        "reserved": "“{name}”读起来像机器人的名字：“机器人”这个词（英文写法也一样）留给机器人，请换一个名字。",
        "bracket": "“{name}”以括号或引号结尾，页面会在名字后面用括号加自己的标注，请换一个名字。",
        "page_word": "“{name}”读起来像页面自己的用词（座位、机器人或标记），请换一个名字。",
    },
}


def test_a_refused_name_gets_its_real_reason(new_page, lobby):
    """Each reason that a refusal gives by example quotes the name the player
    typed and says what it reads as, in the page's language (中文 pass:
    "Bot 1" got a list of Chinese page words, none of which was typed); the
    rename form's refusals too."""
    for locale in ("en-US", "zh-CN"):
        said = NAME_SAID[locale]
        page = new_page(locale=locale)
        page.goto(f"{lobby.http}/")
        err = page.get_by_test_id("sign-in-error").get_by_test_id("error-text")
        # the bot word on its own beside any punctuation (the hostile tester: "Ann (bot).", "Ann «bot»" passed)
        for name in ("Ada (bot)", "Ann (bot).", "Ann «bot", "Ann（机器人。", "Ann - bot"):
            page.get_by_test_id("name-input").fill(name)
            page.get_by_test_id("sign-in").click()
            expect(err).to_have_text(said["reserved"].format(name=name))
        # a name ending in another of the pages' markers passed for a marked one (third break-it pass),
        # also with a stop after it or in quote marks (fifth pass)
        for name in ("Ann（托管）", "Ann（托管）。", "Ann «bot»", "Ann ‹away›"):
            page.get_by_test_id("name-input").fill(name)
            page.get_by_test_id("sign-in").click()
            expect(err).to_have_text(said["bracket"].format(name=name))
        # and a good one signs in
        page.get_by_test_id("name-input").fill("Ada")
        page.get_by_test_id("sign-in").click()
        expect(page.get_by_test_id("player-name")).to_have_text("Ada")
        # renaming to a page word: the same words, the name typed in them
        page.get_by_test_id("change-name").click()
        page.get_by_test_id("name-input").fill("Bot 1")
        page.get_by_test_id("save-name").click()
        expect(err).to_have_text(said["page_word"].format(name="Bot 1"))


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_review_s_marker_names_get_their_real_reason(new_page, lobby, locale):
    """Names a review found accepted that imitate markers or bots: a marker
    in angle brackets, a page word in small capitals, "№" before a seat
    number, 亻 for 人 in 机器人; each refused with the reason of what it
    imitates, in the page's language only (the 中文 page_word words named
    seats only, where 机器亻 imitates a bot)."""
    said = NAME_SAID[locale]
    page = new_page(locale=locale)
    page.goto(f"{lobby.http}/")
    err = page.get_by_test_id("sign-in-error").get_by_test_id("error-text")
    for name, reason in (("Ann <away>", "bracket"), ("Ann \u1d00\u1d21\u1d00\u028f", "page_word"), ("Seat \u21162", "page_word"), ("\u673a\u5668\u4ebb", "page_word")):
        page.get_by_test_id("name-input").fill(name)
        page.get_by_test_id("sign-in").click()
        expect(err).to_have_text(said[reason].format(name=name))
        text = err.text_content().replace(name, "")
        assert (CJK.search(text) is not None) == (locale == "zh-CN") and (re.search("[A-Za-z]", text) is None) == (locale == "zh-CN"), text


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_an_empty_name_and_a_page_word_get_their_own_reasons(new_page, lobby, locale):
    """An all-spaces name says it is empty (not "1 to 24 characters"); a name
    that reads as the page's seat words, in either language, is refused
    with words of the page's language (issue #15, names)."""
    zh = locale == "zh-CN"
    page = new_page(locale=locale)
    page.goto(f"{lobby.http}/")
    err = page.get_by_test_id("sign-in-error")
    page.get_by_test_id("name-input").fill("    ")
    page.get_by_test_id("sign-in").click()
    expect(err).to_have_text("请输入名字：名字不能为空，也不能只有空格。" if zh else "Type a name: it cannot be empty or only spaces.")
    said = NAME_SAID[locale]["page_word"]
    # and every badge beside a seat's name, in both languages (the hostile tester: "left", "托管" passed)
    for name in ("empty", "Seat 1", "空位", "Bot 1", "机器人 1", "你", "You", "left", "已离开", "away", "托管", "time's up", "超时", "folded", "弃牌"):
        page.get_by_test_id("name-input").fill(name)
        page.get_by_test_id("sign-in").click()
        expect(err.get_by_test_id("error-text")).to_have_text(said.format(name=name))
        expect(err.get_by_test_id("error-details")).to_have_text("错误代码：bad_name" if zh else "Error code: bad_name")
        expect(page.get_by_test_id("sign-in")).to_be_enabled()
    page.get_by_test_id("name-input").fill("Empty Ann")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Empty Ann")


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_refused_chat_line_says_why_in_the_page_s_language(new_page, lobby, locale):
    """A chat line the lobby refuses (a bidi override pasted in) said "The
    page sent a request the lobby could not read: reload the page." (it was
    bad_message): it is bad_text with its reason, worded in the page's
    language, and the line stays in the box to be fixed."""
    zh = locale == "zh-CN"
    page = new_page(locale=locale)
    sign_in(page, lobby, "小聊" if zh else "Chatty")
    open_table(page, "sibala", seats=2)
    box = page.get_by_test_id("chat-input")
    box.fill("a\u202eb")
    box.press("Enter")
    err = page.get_by_test_id("chat-error")
    expect(err.get_by_test_id("error-text")).to_have_text("聊天消息不能包含控制字符或格式字符。" if zh else "A chat line cannot hold control or formatting characters.")
    expect(err.get_by_test_id("error-details")).to_have_text("错误代码：bad_text" if zh else "Error code: bad_text")
    expect(box).to_have_value("a\u202eb")


def test_the_record_says_timed_out_not_disconnected(new_page, lobby):
    """The record popup counts a game in which I let the clock run out
    (RULES.md 2 counts it as a disconnect, 断线) in words a player
    understands, with a title that says what is counted."""
    for locale, head, title in (("en-US", "Timed out", "ran out of time"), ("zh-CN", "超时/断线", "超时")):
        page = new_page(locale=locale)
        sign_in(page, lobby, "Tim" if locale == "en-US" else "小超")
        open_table(page, "sibala", seats=2, turn_s=1, options={"rounds": 1})
        start(page)
        expect(page.get_by_test_id("next-panel")).to_be_visible()
        page.get_by_test_id("coins").click()
        row = page.get_by_test_id("stats-sibala")
        expect(row.locator('[data-field="disconnects"]')).to_have_text("1")
        heads = page.get_by_test_id("stats-table").locator("thead th")
        cell = heads.filter(has_text=head)
        expect(cell).to_have_count(1)
        assert title in (cell.get_attribute("title") or "")
        assert "Disconnects" not in heads.all_text_contents() and "掉线" not in heads.all_text_contents()


def test_a_shared_win_is_listed_in_the_page_s_language(new_page, lobby):
    """Two players whose time runs out both score the open tiles and share
    the round: each page words it in its own language, its own seat "you"
    (你和 Bob, you and 小明)."""
    ming, bob = new_page(locale="zh-CN"), new_page()
    sign_in(ming, lobby, "小明")
    table_id = open_table(ming, "shut_the_box", seats=2, turn_s=1, options={"rounds": 1}, bots=False)
    sign_in(bob, lobby, "Bob", f"#table={table_id}")
    bob.get_by_test_id("join-table").click()  # the last seat: the game starts
    expect(finished(ming)).to_be_visible()
    # each page says its own seat "you" (你和 Bob / you and 小明)
    expect(ming.get_by_test_id("winners")).to_contain_text("你和 Bob")
    expect(bob.get_by_test_id("winners")).to_contain_text("you and 小明")
