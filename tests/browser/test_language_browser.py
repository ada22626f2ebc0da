"""Each language's own words and names: results, logs, refusals and forms in
the page's language, bots' names, long names refused in place, one minus
sign, my own seat as you, the fair-play line.
"""

from __future__ import annotations

import base64
import json
import math
import re
import unicodedata

import msgpack
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .helpers import HTML_LANG, KATA_RE, LAPTOP, LOCALES, PHONE, PHONES, REDRAW_HEAD, RESULT_RE, RESULT_ZH_RE, SINGLE_REDIS, each_language, expect_status, finished, game_lobby, intercept, js, measured, open_table, play_to_end, resize, sign_in, start, started_table, stored_arena, stud_turns, switch_language

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Each language shows its own words
#
# Each language shows its own words, against a real lobby: Sibala's round
# results and log are worded from the round records in Chinese on a Chinese
# page (not the kata's English strings), stud's tier is named in English
# alone on an English page, and a refused name gets its real reason in
# either language ('Ada (bot)' is not too long: the name is bots').
# ---------------------------------------------------------------------------


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
    typed and says what it reads as, in the page's language ("Bot 1" once got a list of Chinese page words, none of which was typed); the
    rename form's refusals too.  One page reads both languages (its
    language button between them), on the sign-in form and in the rename form."""
    page = new_page()
    page.goto(f"{lobby.http}/")
    err = page.get_by_test_id("sign-in-error").get_by_test_id("error-text")
    for locale in each_language(page):
        said = NAME_SAID[locale]
        # the bot word on its own beside any punctuation ("Ann (bot).", "Ann «bot»" once passed)
        for name in ("Ada (bot)", "Ann (bot).", "Ann «bot", "Ann（机器人。", "Ann - bot"):
            page.get_by_test_id("name-input").fill(name)
            page.get_by_test_id("sign-in").click()
            expect(err).to_have_text(said["reserved"].format(name=name))
        # a name ending in another of the pages' markers once passed for a marked one,
        # also with a stop after it or in quote marks
        for name in ("Ann（托管）", "Ann（托管）。", "Ann «bot»", "Ann ‹away›"):
            page.get_by_test_id("name-input").fill(name)
            page.get_by_test_id("sign-in").click()
            expect(err).to_have_text(said["bracket"].format(name=name))
    # and a good one signs in
    page.get_by_test_id("name-input").fill("Ada")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ada")
    # renaming to a page word: the same words, the name typed in them
    for locale in each_language(page, "zh-CN"):
        page.get_by_test_id("change-name").click()
        page.get_by_test_id("name-input").fill("Bot 1")
        page.get_by_test_id("save-name").click()
        expect(err).to_have_text(NAME_SAID[locale]["page_word"].format(name="Bot 1"))
        page.get_by_test_id("cancel-rename").click()


def test_names_imitating_markers_or_bots_get_their_real_reason(new_page, lobby):
    """Names once accepted that imitate markers or bots: a marker
    in angle brackets, a page word in small capitals, "№" before a seat
    number, 亻 for 人 in 机器人; each refused with the reason of what it
    imitates, in the page's language only (the 中文 page_word words named
    seats only, where 机器亻 imitates a bot): in English, then in 中文 on
    the same page."""
    page = new_page()
    page.goto(f"{lobby.http}/")
    err = page.get_by_test_id("sign-in-error").get_by_test_id("error-text")
    for locale in each_language(page):
        said = NAME_SAID[locale]
        for name, reason in (("Ann <away>", "bracket"), ("Ann \u1d00\u1d21\u1d00\u028f", "page_word"), ("Seat \u21162", "page_word"), ("\u673a\u5668\u4ebb", "page_word")):
            page.get_by_test_id("name-input").fill(name)
            page.get_by_test_id("sign-in").click()
            expect(err).to_have_text(said[reason].format(name=name))
            text = err.text_content().replace(name, "")
            assert (CJK.search(text) is not None) == (locale == "zh-CN") and (re.search("[A-Za-z]", text) is None) == (locale == "zh-CN"), (locale, text)


def test_an_empty_name_and_a_page_word_get_their_own_reasons(new_page, lobby):
    """An all-spaces name says it is empty (not "1 to 24 characters"); a name
    that reads as the page's seat words, in either language, is refused
    with words of the page's language (English, then 中文 on the same page)."""
    page = new_page()
    page.goto(f"{lobby.http}/")
    err = page.get_by_test_id("sign-in-error")
    for locale in LOCALES:
        zh = locale == "zh-CN"
        if zh:
            switch_language(page, locale)
        page.get_by_test_id("name-input").fill("    ")
        page.get_by_test_id("sign-in").click()
        expect(err).to_have_text("请输入名字：名字不能为空，也不能只有空格。" if zh else "Type a name: it cannot be empty or only spaces.")
        said = NAME_SAID[locale]["page_word"]
        # and every badge beside a seat's name, in both languages ("left", "托管" once passed)
        for name in ("empty", "Seat 1", "空位", "Bot 1", "机器人 1", "你", "You", "left", "已离开", "away", "托管", "time's up", "超时", "folded", "弃牌"):
            page.get_by_test_id("name-input").fill(name)
            page.get_by_test_id("sign-in").click()
            expect(err.get_by_test_id("error-text")).to_have_text(said.format(name=name))
            expect(err.get_by_test_id("error-details")).to_have_text("错误代码：bad_name" if zh else "Error code: bad_name")
            expect(page.get_by_test_id("sign-in")).to_be_enabled()
    page.get_by_test_id("name-input").fill("Empty Ann")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Empty Ann")


def test_a_refused_chat_line_says_why_in_the_page_s_language(new_page, lobby):
    """A chat line the lobby refuses (a bidi override pasted in) said "The
    page sent a request the lobby could not read: reload the page." (it was
    bad_message): it is bad_text with its reason, worded in the page's
    language (English, then 中文 at the same table), and the line stays in
    the box to be fixed."""
    page = new_page()
    sign_in(page, lobby, "Chatty")
    open_table(page, "sibala", seats=2)
    box = page.get_by_test_id("chat-input")
    err = page.get_by_test_id("chat-error")
    for zh in (False, True):
        if zh:
            switch_language(page, "zh-CN")
        box.fill("a\u202eb")
        box.press("Enter")
        expect(err.get_by_test_id("error-text")).to_have_text("聊天消息不能包含控制字符或格式字符。" if zh else "A chat line cannot hold control or formatting characters.")
        expect(err.get_by_test_id("error-details")).to_have_text("错误代码：bad_text" if zh else "Error code: bad_text")
        expect(box).to_have_value("a\u202eb")


def test_the_record_says_timed_out_not_disconnected(new_page, lobby):
    """The record popup counts a game in which I let the clock run out
    (RULES.md 2 counts it as a disconnect, 断线) in words a player
    understands, with a title that says what is counted: in English, then
    in 中文 on the same page."""
    page = new_page()
    sign_in(page, lobby, "Tim")
    open_table(page, "sibala", seats=2, turn_s=0.3, options={"rounds": 1})
    start(page)
    expect(page.get_by_test_id("next-panel")).to_be_visible()
    for locale, head, title in (("en-US", "Timed out", "ran out of time"), ("zh-CN", "超时/断线", "超时")):
        if locale != "en-US":
            page.keyboard.press("Escape")
            expect(page.get_by_test_id("stats-popover")).to_be_hidden()
            switch_language(page, locale)
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
    table_id = open_table(ming, "shut_the_box", seats=2, turn_s=0.3, options={"rounds": 1}, bots=False)
    sign_in(bob, lobby, "Bob", f"#table={table_id}")
    bob.get_by_test_id("join-table").click()  # the last seat: the game starts
    expect(finished(ming)).to_be_visible()
    # each page says its own seat "you" (你和 Bob / you and 小明)
    expect(ming.get_by_test_id("winners")).to_contain_text("你和 Bob")
    expect(bob.get_by_test_id("winners")).to_contain_text("you and 小明")


# ---------------------------------------------------------------------------
# Words and small layout at the table
#
# Against a real lobby: a Yahtzee time's-up line gives the real points (from the
# seat's score card, not a log line that may have gone), one word per thing
# across the players' rules and the tables, Chinese names for generated
# table names on Chinese pages, no empty headings, the stud tier table
# readable on a phone, and an error's details in the page's language.
# ---------------------------------------------------------------------------


def test_a_yahtzee_time_s_up_line_keeps_its_points(new_page, lobby):
    """"Time's up — ? in Threes was scored for you": the log's line for a
    timeout took its points from the scored line before it, which the short
    log had dropped once more moves came in.  The log now keeps a whole
    game (Yahtzee's 400 lines): after my next turn and the bot's the line
    is still there, every wording it had with its points."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    # 5 s: my second turn's three rolls and a score must fit in one turn on a loaded box (2 s did not always)
    open_table(page, "yahtzee", seats=2, turn_s=5)
    start(page)
    log = page.get_by_test_id("log")
    timeout = log.locator("li.log-timeout")
    expect(timeout).to_have_count(1, timeout=15_000)
    # every wording the line ever has from now on
    page.evaluate(SEEN)
    # my next turn: roll three times and score, the bot plays
    roll = page.locator('[data-testid="roll"]:enabled')
    for _ in range(3):
        expect(roll).to_be_visible()
        roll.click()
    expect(page.get_by_test_id("roll")).to_have_text("No rolls left")
    page.locator('button[data-testid^="score-"]').first.click()
    expect(log.locator("li.log-result").nth(2)).to_be_visible()  # my score and the bot's came after it
    expect(timeout).to_have_text(re.compile(r"^You scored \d+ in [A-Z][a-z ]+ with .+ \(total \d+\) — time's up$"))
    expect(log).not_to_contain_text("Time's up")  # the notice's words: never a log line
    seen = page.evaluate("() => [...window.seenTimeouts]")
    assert seen, seen
    for text in seen:
        assert re.fullmatch(r"You scored \d+ in [A-Z][a-z ]+ with .+ \(total \d+\) — time's up", text), seen  # the score's own line, marked


#: Keep in window.seenTimeouts every text a log's time's-up line shows.
SEEN = js("language/seen")


#: Shut the Box's log words (the view's eventLines, as the replay viewer
#: asks for them) for a throw of two dice and one of one die, in `lang`.
STB_LINES = js("language/stb_lines")


@pytest.mark.page_modules
def test_a_one_die_throw_is_just_its_number(new_page, lobby):
    """"threw 2 = 2" / "掷出 1 = 1": a throw of one die is said as its number."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    assert page.evaluate(STB_LINES, "en") == ["Ann threw 3 + 4 = 7", "Ann threw 2"]
    assert page.evaluate(STB_LINES, "zh") == ["Ann 掷出 3 + 4 = 7", "Ann 掷出 2"]


def test_stud_in_chinese_one_bet_amount_and_names_beside_cards(new_page, lobby):
    """At the casual tier the first round's cap is 200 = the lowest bet:
    the bet hint said "200–200, steps of 100" (每档 100) for the one amount
    there is; and the deal log put a space after a bot's full-width bracket
    ("Ada（机器人） K♠")."""
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小安")
    open_table(page, "stud", seats=2, options={"tier": "casual"})
    start(page)
    bounds = page.get_by_test_id("amount-bounds")
    one = 0
    for _ in stud_turns(page, lambda: one):  # hands until a lone amount came my way
        if bounds.count():
            lo, hi = (page.get_by_test_id("amount-input").get_attribute(a) for a in ("min", "max"))
            if lo == hi:
                expect(bounds).to_have_text(lo)
                one += 1
            else:
                expect(bounds).to_have_text(f"{lo}–{hi}，每档 100")
    assert one >= 1
    log = page.get_by_test_id("log")
    expect(log).to_contain_text(re.compile(r"第 \d 张：[^第]*（机器人）"))
    assert "） " not in log.text_content(), log.text_content()


def test_the_yahtzee_card_and_lobby_say_how_it_differs_from_the_boxed_game_in_each_language(new_page, lobby):
    """Yahtzee's card on the home page and its lobby's heading say the rules
    differ from the boxed game and how, in the page's language; no other game
    card carries such a line."""
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    expect(page.get_by_test_id("variant-yahtzee")).to_have_text("与盒装版不同：15 个类别，没有奖励分")
    expect(page.locator(".game-card .game-variant")).to_have_count(1)
    page.get_by_test_id("game-yahtzee").click()
    expect(page.get_by_test_id("game-variant")).to_have_text("与盒装版不同：15 个类别，没有奖励分")
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("game-variant")).to_have_text("Not the boxed game: 15 categories, no bonus")


def test_a_quick_table_s_generated_name_is_chinese_on_a_chinese_page(new_page, lobby):
    """"Ivory Panda" on a 中文 page: a generated name is shown in Chinese
    there (each word of the lobby's lists in Chinese), in English on an
    English page; the id stays the link; an opener's table stays "Ann 的牌桌"."""
    from lobby.tables import generated_name

    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    page.get_by_test_id("game-yahtzee").click()
    page.get_by_test_id("quick-match").click()
    name = page.get_by_test_id("table-name")
    expect(name).to_have_text(re.compile(r"^[\u4e00-\u9fff]{2,5}$"))
    table_id = page.get_by_test_id("table-screen").get_attribute("data-table")
    assert page.url.endswith(f"#table={table_id}")
    zh = name.text_content()
    page.get_by_test_id("lang-switch").click()
    expect(name).to_have_text(generated_name(table_id))
    page.get_by_test_id("lang-switch").click()
    expect(name).to_have_text(zh)
    # the game's list of tables names it so too; an opener's table is "Ann 的牌桌"
    # (in her own list too, on her page switched to 中文)
    watcher = new_page()
    sign_in(watcher, lobby, "Ann")
    ann_table = open_table(watcher, "yahtzee", seats=3, bots=False)
    watcher.goto(f"{lobby.http}/#")
    switch_language(watcher, "zh-CN")
    watcher.get_by_test_id("game-yahtzee").click()
    expect(watcher.get_by_test_id(f"table-name-{table_id}")).to_have_text(zh)
    expect(watcher.get_by_test_id(f"table-name-{table_id}")).to_have_attribute("title", f"牌桌编号 {table_id}")
    expect(watcher.get_by_test_id(f"table-name-{ann_table}")).to_have_text("Ann 的牌桌")


#: Each word the reveal strip can show under a card (a status, the
#: time's-up tag), put in turn into the boxes of an entry with the tag: whether it
#: fits them (nothing cut, nothing outside the entry), and a word without a
#: space stays on one line ("托管/代出" broke inside).
REVEAL_FITS = js("language/reveal_fits")


def test_six_nimmt_s_reveal_words_fit_their_card_on_a_phone(new_page, lobby, viewport):
    """At 390 px a seat's status in the reveal strip read "choosi…" and the
    "time's up" tag spilled out of its entry (so would an away seat's tag)."""
    viewport.update(width=390, height=844)
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "six_nimmt", seats=2, turn_s=2)
    start(page)
    # in English, then in 中文 on the same page (the board drawn again)
    for locale, words in (
        ("en-US", [("out", "taking a row…"), ("out", "waiting"), ("out", "→ row 4"), ("tag", "time's up"), ("tag", "away"), ("tag", "left")]),
        ("zh-CN", [("out", "选择中…"), ("out", "等待放牌"), ("out", "→ 第 4 行"), ("tag", "超时"), ("tag", "托管"), ("tag", "已离开")]),
    ):
        if locale != "en-US":
            switch_language(page, locale)
        # I let the time run out: my card comes with the time's-up tag
        expect(page.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-timeout').first).to_be_visible(timeout=10_000)
        bad = page.evaluate(REVEAL_FITS, words)
        assert not bad, f"{locale}: {bad}"


def test_no_empty_round_result_and_the_table_list_headed_truly(new_page, lobby):
    """A waiting Sibala table showed an empty "ROUND RESULT" heading; the
    game's table list, headed "Live tables", lists finished tables too."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    page.get_by_test_id("game-sibala").click()
    expect(page.get_by_test_id("tables-title")).to_have_text("Tables")
    switch_language(page, "zh-CN")
    expect(page.get_by_test_id("tables-title")).to_have_text("牌桌")
    switch_language(page, "en-US")
    open_table(page, "sibala", seats=2, options={"rounds": 1}, from_home=False)
    expect(page.get_by_test_id("result-box")).to_be_hidden()
    start(page)
    expect(page.get_by_test_id("result-box")).to_be_hidden()  # no round is over yet
    page.locator('[data-testid="roll"]:enabled').click()
    expect(page.get_by_test_id("result-box")).to_be_visible()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()


#: The rules dialog's tables as they stand: whether any scrolls sideways,
#: each body cell's box left..right against the dialog's, and its label.
RULES_TABLES = js("language/rules_tables")


def test_stud_s_tier_table_reads_on_a_phone_without_scrolling(new_page, lobby, viewport):
    """At 390 px the Rules dialog showed 3 of the tier table's 7 columns,
    the rest behind a sideways scroll: on a phone each tier is a small card,
    each figure under its column's header."""
    from lobby import rules_text

    viewport.update(PHONES[1])
    page = new_page()
    sign_in(page, lobby, "Ann")
    page.get_by_test_id("game-stud").click()
    # at 390 px in English, then at 360 px in 中文 on the same page
    for size, locale in ((PHONES[1], "en-US"), (PHONES[0], "zh-CN")):
        if locale != "en-US":
            page.keyboard.press("Escape")
            expect(page.get_by_test_id("rules-title")).to_be_hidden()
            resize(page, size)
            switch_language(page, locale)
        page.get_by_test_id("rules").click()
        lang = "zh" if locale == "zh-CN" else "en"
        expect(page.get_by_test_id("rules-title")).to_have_text(rules_text.page("stud", lang)["title"])
        got = page.evaluate(RULES_TABLES)
        assert got["n"] >= 1 and not got["scrolls"] and not got["out"], (locale, got)
        heads = page.get_by_test_id("rules-body").locator("table").first.locator("thead th").all_text_contents()
        assert got["labels"][: len(heads)] == [h.strip() for h in heads] and len(heads) == 7, (heads, got["labels"])


def test_an_error_s_details_are_in_the_page_s_language(new_page, lobby):
    """A 中文 page's Details line showed the server's English
    ("insufficient_coins: this table needs 5999994 coins; you have 20000"):
    it shows the code and the figures in Chinese; English keeps the server's
    words.  (The form now refuses such a stake before sending, and today's
    lobby sends the figures as fields: the refusal here is an older
    server's, its figures in the message only.)"""

    def handle(ws, msg):
        ws.send(msgpack.packb({"t": "error", "code": "insufficient_coins", "msg": "this table needs 5999994 coins; you have 20000", "ref": msg["ref"]}))
        return True

    page = new_page(locale="zh-CN")
    intercept(page, {"open"}, handle)
    sign_in(page, lobby, "Ann")
    page.get_by_test_id("game-sibala").click()
    for locale, details in (
        ("zh-CN", r"^错误代码：insufficient_coins（这张牌桌需要 \d+ 金币(，你有 20000)?）$"),
        ("en-US", r"^Error code: insufficient_coins — this table needs \d+ coins(; you have 20000)?$"),
    ):
        if locale != "zh-CN":
            switch_language(page, locale)
        expect(page.locator('[data-testid="error-more"]')).to_have_count(0)
        page.get_by_test_id("open-seats").fill("2")
        page.get_by_test_id("open-opt-stake").fill("1")
        page.get_by_test_id("open-bots").set_checked(False)
        page.get_by_test_id("open-table").click()
        err = page.locator('[data-testid="error-more"]').first
        expect(err).to_be_attached()
        err.locator("summary").click()
        expect(err.get_by_test_id("error-details")).to_have_text(re.compile(details))


# ---------------------------------------------------------------------------
# Forms and labels in the page's language
#
# In a real browser against a real lobby, in both languages: the forms speak the page's language, not the
# browser's (novalidate, in-place messages); Start now shows it was pressed;
# a seat that is away is told what Back does, not how to act; no tooltip or
# label of another language.
# ---------------------------------------------------------------------------


#: The Open table form's range messages (turn time, stake) by page language.
RANGE_SAID = {
    "en-US": ("Turn time (s): a whole number from 5 to 300.", "Stake: a whole number from 0 to 1000000."),
    "zh-CN": ("每步时限（秒）：请填 5 到 300 之间的整数。", "底注：请填 0 到 1000000 之间的整数。"),
}


@pytest.mark.lobby_settings("turn_minimum")  # a person's lobby: whole seconds from 5
def test_number_fields_say_their_range_in_the_page_s_language(new_page, lobby):
    """The browser's own bubble ("Value must be greater than or equal to 1")
    spoke the browser's language on a 中文 page: the form is novalidate and
    its error line says it (English, then 中文 on the same page: the
    language button draws the forms again)."""
    page = new_page()
    game_lobby(page, lobby, "Ann", "sibala")
    err = page.get_by_test_id("open-table-error")
    for locale, (turn_msg, stake_msg) in RANGE_SAID.items():
        if locale != "en-US":
            switch_language(page, locale)
        form = page.locator("form.open-form")
        assert form.get_attribute("novalidate") is not None
        page.get_by_test_id("open-turn").fill("0")
        page.get_by_test_id("open-table").click()
        expect(err).to_have_text(turn_msg)
        expect(page.get_by_test_id("open-turn")).to_be_focused()
        page.get_by_test_id("open-turn").fill("20")
        expect(err).to_be_empty()
        page.get_by_test_id("open-opt-stake").fill("-5")
        page.get_by_test_id("open-table").click()
        expect(err).to_have_text(stake_msg)
        # nothing was opened: the form is still there
        expect(page.get_by_test_id("open-table")).to_be_visible()
        # every form of the page is novalidate
        assert page.evaluate("() => [...document.forms].filter((f) => !f.noValidate && !f.method.includes('dialog')).length") == 0
    # a stake in range opens (on the 中文 page); so does Shut the Box's, an
    # option with no upper bound (on the English page)
    page.get_by_test_id("open-opt-stake").fill("0")
    page.get_by_test_id("open-table").click()
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "waiting")
    page.goto(f"{lobby.http}/")
    switch_language(page, "en-US")
    page.get_by_test_id("game-shut_the_box").click()
    page.get_by_test_id("open-opt-stake").fill("100")
    page.get_by_test_id("open-table").click()
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", "waiting")


def test_sign_in_form_is_novalidate(new_page, lobby):
    """The sign-in form's empty name is said in place, not by a bubble."""
    page = new_page("zh-CN")
    page.goto(lobby.http)
    expect(page.get_by_test_id("sign-in-form")).to_have_attribute("novalidate", "")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("sign-in-error")).not_to_be_empty()


def test_start_now_shows_it_was_pressed(new_page, lobby):
    """After pressing Start now the button read the same: it
    says it was requested and is disabled (a press cannot be taken back);
    the other player's is still to press.  Ann's page is English, Bo's
    中文; then each switches to the other language and says the same."""
    ann, bo = new_page(), new_page("zh-CN")
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect(ann.get_by_test_id("seat-name-1")).to_have_text("Bo")
    button = ann.get_by_test_id("start")
    expect(button).to_have_text("Start now")
    button.click()
    expect(ann.get_by_test_id("start-vote")).to_be_visible()
    for locale, start, pressed in (("en-US", "Start now", "Start requested"), ("zh-CN", "立即开始", "已请求开始")):
        if locale != "en-US":
            switch_language(ann, locale)
            switch_language(bo, "en-US")
        expect(button).to_have_text(pressed)
        expect(button).to_be_disabled()
        other = bo.get_by_test_id("start")
        expect(other).to_have_text("Start now" if locale != "en-US" else "立即开始")
        expect(other).to_be_enabled()
    bo.get_by_test_id("start").click()
    expect_status(ann, "playing")


#: The words of every element's aria-label, title, placeholder and alt, and
#: of a button's value: [[where, attribute, text]].
ATTRIBUTE_TEXTS = js("language/attribute_texts")

#: Latin words (two letters or more) and CJK characters.
LATIN = re.compile(r"[A-Za-z]{2,}")
HAN = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def other_language(page, locale: str) -> list:
    """The attribute texts of ``page`` in the other language than ``locale``'s:
    player and bot names, table ids, the games' own names (6 Nimmt!,
    Yahtzee) left out (the language button's label names the other language
    in its own words, as text, not an attribute: its tooltip is in the
    page's language)."""
    names = page.evaluate("() => [...document.querySelectorAll('[data-testid^=\"seat-name-\"], [data-testid=\"player-name\"]')].map((e) => e.textContent)")
    exempt = sorted({n for n in names if n} | {"6 Nimmt!", "Nimmt", "Yahtzee"}, key=len, reverse=True)
    bad = []
    for where, attr, text in page.evaluate(ATTRIBUTE_TEXTS):
        rest = text
        for word in exempt:
            rest = rest.replace(word, " ")
        rest = re.sub(r"\bt-[0-9a-z]+\b|#table=\S+|https?://\S+", " ", rest)
        if (LATIN if locale == "zh-CN" else HAN).search(rest):
            bad.append((where, attr, text))
    return bad


GAMES = ["sibala", "stud", "six_nimmt", "yahtzee", "shut_the_box"]


def test_no_label_or_tooltip_is_in_the_other_language(new_page, lobby):
    """"Your record" as an aria-label on a 中文 page once: every
    element of the lobby, the record, the account screen and a table of
    each game carries labels and tooltips in the page's language only, in
    a page opened in either language and after switching with the page's
    own button (each page is read in both, one switch apart).  The two
    pages then open the games' tables in turn, each read in its page's first
    language and in the other."""
    bad = []
    pages = {}
    for first in ("zh-CN", "en-US"):
        second = "en-US" if first == "zh-CN" else "zh-CN"
        page = pages[first] = new_page(first)
        sign_in(page, lobby, "Ann" if first == "zh-CN" else "Bea")
        for locale in (first, second):
            if locale == second:
                switch_language(page, locale)
            page.goto(f"{lobby.http}/#")
            bad += [(f"home {first}->{locale}", *b) for b in other_language(page, locale)]
            page.get_by_test_id("coins").click()
            expect(page.get_by_test_id("stats-popover")).to_be_visible()
            bad += [(f"record {first}->{locale}", *b) for b in other_language(page, locale)]
            page.keyboard.press("Escape")
            page.get_by_test_id("account-link").click()
            expect(page.get_by_test_id("claim-name")).to_be_visible()
            bad += [(f"account {first}->{locale}", *b) for b in other_language(page, locale)]
    for i, game in enumerate(GAMES):
        first = ("zh-CN", "en-US")[i % 2]
        second = "en-US" if first == "zh-CN" else "zh-CN"
        table = pages[first]
        table.goto(f"{lobby.http}/#")
        if table.locator("html").get_attribute("lang") != HTML_LANG[first]:
            switch_language(table, first)
        open_table(table, game, seats=2, turn_s=300)
        bad += [(f"{game} waiting", *b) for b in other_language(table, first)]
        switch_language(table, second)
        bad += [(f"{game} waiting, switched", *b) for b in other_language(table, second)]
        start(table)
        expect_status(table, "playing")  # the board drawn for the game, not the waiting table's
        table.get_by_test_id("seat-name-1").wait_for()
        bad += [(f"{game}, switched", *b) for b in other_language(table, second)]
        switch_language(table, first)
        bad += [(game, *b) for b in other_language(table, first)]
    assert not bad, bad


def test_the_language_button_speaks_both_ways(new_page, lobby):
    """The language button (a 中文 page's tooltip once read "Switch
    to English"): its label names the other language in
    that language's own words, marked with its lang (so a reader of it finds
    the button and a screen reader says it right); its tooltip is in the
    page's language, before and after the switch."""
    page = new_page("en-US")
    sign_in(page, lobby, "Lu")
    button = page.get_by_test_id("lang-switch")
    expect(button).to_have_text("中文")
    expect(button.locator("span")).to_have_attribute("lang", "zh-CN")
    expect(button).to_have_attribute("title", "Show the page in Chinese")
    button.click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(button).to_have_text("EN")
    expect(button.locator("span")).to_have_attribute("lang", "en")
    expect(button).to_have_attribute("title", "以英文显示页面")


# ---------------------------------------------------------------------------
# Bots' names in each language
#
# Bots' names in each language's own words: a bot is seated under its bare
# name and the page adds its own language's marker — the seat's badge ("bot"
# / "机器人"), "Ada (bot)" / "Ada（机器人）" in running text (log, result, ready
# list, lobby list, replay viewer) — so a 中文 page never shows the English "
# (bot)". Replays recorded when the server still put " (bot)" into bots'
# names render the same way.
# ---------------------------------------------------------------------------


BOT_NAMES = {"Ada", "Bao", "Cleo", "Dai", "Eli", "Fei", "Gus", "Hui", "Ivo", "Jun", "Kai", "Lin", "Mo", "Nia", "Ola", "Pei"}


def _no_english_marker(page) -> None:
    text = page.locator("body").inner_text()
    assert "(bot)" not in text, [line for line in text.splitlines() if "(bot)" in line]


def test_a_bot_is_named_in_the_page_s_language(new_page, lobby):
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小明")
    table_id = open_table(page, "sibala", seats=2, options={"rounds": 1})
    start(page)
    name = page.get_by_test_id("seat-name-1")
    expect(name).to_have_text(re.compile(r"^\w+$"))
    assert name.text_content() in BOT_NAMES
    expect(page.get_by_test_id("seat-1").locator(".badge-bot")).to_have_text("机器人")
    bot = name.text_content()
    play_to_end(page)
    expect(page.get_by_test_id("next-panel")).to_be_visible()
    # the log names the bot with the Chinese marker; the ready list too
    expect(page.get_by_test_id("log")).to_contain_text(f"{bot}（机器人）")
    expect(page.get_by_test_id("ready-1")).to_contain_text(f"{bot}（机器人）")
    _no_english_marker(page)

    # the replay viewer, at its first and last step
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    expect(page.get_by_test_id("seat-name-1")).to_have_text(bot)
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()
    _no_english_marker(page)


def test_english_pages_say_bot_in_english(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "shut_the_box", seats=2, options={"rounds": 1})
    start(page)
    name = page.get_by_test_id("seat-name-1")
    expect(name).not_to_be_empty()
    bot = name.text_content()
    assert bot in BOT_NAMES, bot
    expect(page.get_by_test_id("seat-1").locator(".badge-bot")).to_have_text("bot")
    expect(finished(page).or_(page.get_by_test_id("roll"))).to_be_visible()
    expect(page.get_by_test_id("countdown")).not_to_contain_text("(bot)")


def test_a_replay_recorded_with_old_bot_names_reads_the_same(new_page, lobby):
    """A record from before: its bots' names end in " (bot)" (the replay's
    answer is rewritten so on its way to the page)."""
    page = new_page(locale="zh-CN")
    sign_in(page, lobby, "小红")
    table_id = open_table(page, "sibala", seats=3, options={"rounds": 1})
    start(page)
    play_to_end(page)

    def old_names(route):
        res = route.fetch()
        body = res.json()
        if isinstance(body, dict) and isinstance(body.get("seats"), list):
            for s in body["seats"]:
                if s and s.get("bot"):
                    s["name"] += " (bot)"
        route.fulfill(response=res, body=json.dumps(body))

    page.route(re.compile(r".*/api/tables/[^/]+/replay.*"), old_names)
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game=1")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    expect(page.get_by_test_id("seat-name-1")).to_have_text(re.compile(r"^\w+$"))
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()
    expect(page.locator("body")).to_contain_text("（机器人）")
    _no_english_marker(page)


# ---------------------------------------------------------------------------
# A name or chat line too long is refused in place
#
# A name or chat line too long is said so in place, never cut short. What
# must hold, in both languages, for every name field (sign-in, the account
# card's name, rename, account claim) and the chat box: what was typed stays
# as typed, nothing is sent, and the field's error line says the limit in
# the server's words (bad_name's `length` reason, lobby/protocol.py MAX_NAME
# 24; bad_text's, MAX_CHAT 200); back within the limit the line clears.
# ---------------------------------------------------------------------------


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


def test_a_long_name_or_chat_line_is_refused_in_place_not_cut(new_page, lobby):
    """In English, then in 中文 on the same page (its language button
    between them), at each field."""
    page = new_page()
    page.goto(lobby.http)
    for locale in each_language(page):
        _too_long(page, "name-input", "sign-in-error", "sign-in", NAME_WORDS[locale])
        expect(page.get_by_test_id("player-name")).to_have_count(0)  # nothing was sent
        _too_long(page, "acct-name", "acct-signin-error", "acct-signin", NAME_WORDS[locale])
        page.get_by_test_id("name-input").fill("x" * 24)  # within the limit: the line clears
        expect(page.get_by_test_id("sign-in-error")).to_have_text("")
    page.get_by_test_id("name-input").fill("Ann")
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ann")

    for locale in each_language(page, "zh-CN"):
        page.get_by_test_id("change-name").click()
        expect(page.get_by_test_id("rename-form")).to_be_visible()
        _too_long(page, "name-input", "sign-in-error", "save-name", NAME_WORDS[locale])
        expect(page.get_by_test_id("player-name")).to_have_text("Ann")
        page.get_by_test_id("cancel-rename").click()

    page.get_by_test_id("account-link").click()
    for locale in each_language(page):
        expect(page.get_by_test_id("claim-name")).to_be_visible()
        _too_long(page, "claim-name", "claim-error", "claim", NAME_WORDS[locale])

    page.goto(f"{lobby.http}/")  # back to the lobby, still Ann
    expect(page.get_by_test_id("player-name")).to_have_text("Ann")
    open_table(page, "sibala", seats=2)
    box = page.get_by_test_id("chat-input")
    for locale in each_language(page, "zh-CN"):
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
    # one line sent (a connection's next one would wait its chat interval, 1 s)
    box.press("Enter")
    expect(page.get_by_test_id("chat-line")).to_have_count(1)


def _paints_outside(page, line) -> str | None:
    """"over" or "under" when ``line`` paints in the 12 px strip just over or
    under its box (screenshots of the strip with the line shown and hidden
    differ; whole pixels only, none of them the box's), else None."""

    def strips_differ(node, r):
        top, bottom = math.floor(r["y"]), math.ceil(r["y"] + r["height"])
        strips = [{"x": r["x"], "y": top - 12, "width": r["width"], "height": 12}, {"x": r["x"], "y": bottom, "width": r["width"], "height": 12}]
        shown = [page.screenshot(clip=c, animations="disabled") for c in strips]
        node.evaluate("el => { el.style.visibility = 'hidden'; }")
        hidden = [page.screenshot(clip=c, animations="disabled") for c in strips]
        node.evaluate("el => { el.style.visibility = ''; }")
        return next((side for side, a, b in zip(("over", "under"), shown, hidden) if a != b), None)

    return measured(line, strips_differ)


#: Glyphs drawn far taller than a line (U+23B7 two lines high, U+3031 one
#: and a half): a name and a chat line of them.
TALL_NAME = "\u23b7" * 12
TALL_CHAT = "\u3031" * 24


def test_tall_glyphs_in_names_and_chat_stay_inside_their_lines(new_page, lobby):
    """A guest named with tall glyphs sends two chat lines of them: a strip
    just over and just under each line looks the same with the line shown
    and hidden, so the line painted nothing outside its box (before the
    fix, the second line drew over the first)."""
    page = new_page()
    sign_in(page, lobby, TALL_NAME)
    open_table(page, "sibala", seats=2)
    box = page.get_by_test_id("chat-input")
    lines = page.get_by_test_id("chat-line")
    box.fill(TALL_CHAT)
    box.press("Enter")
    expect(lines).to_have_count(1)
    box.fill(TALL_CHAT)
    for _ in range(30):  # sent again till past the connection's chat interval (1 s)
        page.get_by_test_id("chat-send").click()
        try:
            expect(lines).to_have_count(2, timeout=200)
            break
        except AssertionError:
            pass
    expect(lines).to_have_count(2)
    expect(page.get_by_test_id("chat-text")).to_have_text([TALL_CHAT, TALL_CHAT])
    page.evaluate("() => document.activeElement.blur()")
    for line in lines.all():
        side = _paints_outside(page, line)
        assert side is None, f"a chat line painted {side} its box {line.bounding_box()}"


#: A name of one letter with four marks stacked under it (Ǫ and three
#: tildes below: the most a name may stack), reaching past its line.
STACKED_NAME = "\u01ea\u0330\u0330\u0330"


def test_stacked_marks_in_a_name_stay_inside_the_log_s_and_the_result_s_lines(new_page, lobby):
    """A player named with four marks stacked under a letter plays a game of
    Sibala to its end with a bot, watched by a spectator: on the
    spectator's page no log line naming the player, nor the result's
    winner line, paints outside its own box (the marks under the name once
    reached into the line below)."""
    player, viewer = new_page(), new_page()
    sign_in(player, lobby, STACKED_NAME)
    table_id = open_table(player, "sibala", seats=2, bots=True, turn_s=0.3, options={"rounds": 1})
    sign_in(viewer, lobby, "Cy", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()
    start(player)
    expect(finished(viewer)).to_be_visible(timeout=60_000)
    lines = [line for line in viewer.locator(".log li").all() if STACKED_NAME in line.inner_text()][:3]
    assert lines, "the log names the player"
    for line in [*lines, viewer.get_by_test_id("winners")]:
        line.scroll_into_view_if_needed()
        side = _paints_outside(viewer, line)
        assert side is None, f"{line.inner_text()!r} painted {side} its box"



#: Three Arabic letters with four marks stacked over each (shadda,
#: fathatan, sukun, superscript alef: the most a name may stack), drawn
#: nearly half an em over their line (in canonical order, as the lobby keeps it).
ARABIC_STACKED = "".join(ch + "\u064b\u0651\u0652\u0670" for ch in "\u0639\u0644\u064a")
#: Four marks over a Latin capital and four under each of two letters (a
#: break-it pass's name), in the composed form the lobby keeps.
LATIN_STACKED = unicodedata.normalize("NFC", "M\u0301\u0302\u0303\u0304" + "".join(ch + "\u0323\u0324\u0325\u0326" for ch in "ac") + " Lu")


def _ink_on_others(page, texts, strict: bool = False, header: bool = True) -> list[str]:
    """Where the ink of an element showing one of ``texts`` lands on another
    element's text or control: for each element with a text node of its
    own holding one, scrolled into sight, the pixels around it (16 px each
    way) that change when its text alone is made transparent, outside its
    own box, and the elements under them ("li.x on span.muted "2026" (40
    px)"). A pixel that changes while the text stays shown (a countdown
    ticking) is not counted. ``strict``: another element of its own
    paragraph on another line counts too (a chat line's text wrapped under
    its sender's name). ``header=False`` leaves out the header's own name
    (the same on every screen: measured once per size is enough)."""
    size = page.viewport_size
    targets = page.evaluate(js("language/ink_targets"), [texts, header])
    landed = []
    for i, what in enumerate(targets):
        for _ in range(5):  # drawn again meanwhile (the header after a game's end): tagged again, measured again
            target = page.locator(f'[data-ink-target="{i}"]')
            try:
                target.scroll_into_view_if_needed(timeout=2000)
                r = target.bounding_box(timeout=2000)
            except PlaywrightError:
                if page.evaluate(js("language/ink_targets"), [texts, header]) != targets:
                    break
                continue
            if r is None:
                break
            x, y = max(0, math.floor(r["x"]) - 16), max(0, math.floor(r["y"]) - 16)
            clip = {"x": x, "y": y, "width": min(size["width"], math.ceil(r["x"] + r["width"]) + 16) - x, "height": min(size["height"], math.ceil(r["y"] + r["height"]) + 16) - y}
            if clip["width"] <= 0 or clip["height"] <= 0:
                break
            shot = lambda: base64.b64encode(page.screenshot(clip=clip, animations="disabled")).decode()
            shown = shot()
            hid = page.evaluate("i => { const el = document.querySelector(`[data-ink-target=\"${i}\"]`); if (el) el.style.setProperty('color', 'transparent', 'important'); return !!el; }", i)
            hidden = shot()
            kept = page.evaluate("i => { const el = document.querySelector(`[data-ink-target=\"${i}\"]`); if (el) el.style.removeProperty('color'); return !!el; }", i)
            got = page.evaluate(js("language/ink_landed"), [i, shown, hidden, None, clip, strict]) if hid and kept else None
            if got == "again":  # ink seems to land: shot once more, a pixel that changes meanwhile not counted
                got = page.evaluate(js("language/ink_landed"), [i, shown, hidden, shot(), clip, strict])
            if got is not None:
                landed += [f"{what} on {other}" for other in got]
                break
    return landed


#: The screens the ink test looks at: a laptop's and the narrowest phone's,
#: where lines wrap most (not the 390 px phone too: a third of the test's time).
INK_SIZES = (LAPTOP, PHONES[0])


@pytest.mark.long
def test_stacked_marks_of_a_name_land_on_no_other_text_on_any_screen(new_page, lobby):
    """Two players named with four marks stacked over each letter (Arabic)
    and over and under Latin ones play two rated games of Sibala, and one
    of them a game of each other game with bots: on every screen that shows
    their names (the finished tables, the home page's own tables, the
    game's table list, a waiting table's start vote, the leaderboard, the profile's recent games, the
    replay, a running and a finished arena's standings and podium), on a
    laptop and a phone, no element holding a name paints onto another
    element's text or control, a line of its own box under it included
    (the profile's recent games drew their marks onto the date of the game
    above and onto their own date line, a phone's table title onto the
    game's name under it, 6 Nimmt!'s score card and Shut the Box's round
    results onto their next lines, a start vote onto the line over it, an
    arena's standings onto the player's game-by-game line, a stud table's
    list line onto its stake line); and a Vietnamese chat line's wrapped
    lines, two marks over a letter, stand clear of each other and of the
    sender's name."""
    ann, bo = new_page(), new_page()
    names = [ARABIC_STACKED, LATIN_STACKED]
    # two arenas of theirs: one over by the time it is looked at (its podium), one running
    played = [(0, 1, [0]), (1, 2, [0]), (0, 2, [0, 1])]
    arenas = {"a finished arena": stored_arena(lobby, seconds=1, names=[*names, "Cy"], results=played), "a running arena": stored_arena(lobby, seconds=600, names=[*names, "Cy"], results=played)}
    sign_in(ann, lobby, ARABIC_STACKED)
    sign_in(bo, lobby, LATIN_STACKED)
    landed: list[str] = []
    header_seen: set[tuple[int, str]] = set()  # (width, whose page): the header's name is measured once per size

    def look(where: str, page=ann) -> None:
        for size in INK_SIZES:
            resize(page, size)
            key = (size["width"], page.evaluate("window.lobby.net.player.name"))
            found = _ink_on_others(page, names, header=key not in header_seen)
            header_seen.add(key)
            landed.extend(f"{where} at {size['width']} px: {found}" for found in found)
        resize(page, LAPTOP)

    for _ in range(2):
        ann.evaluate("location.hash = '#'")
        table_id = open_table(ann, "sibala", seats=2, turn_s=0.3, options={"rounds": 1}, bots=False)
        bo.evaluate(f"location.hash = '#table={table_id}'")
        bo.get_by_test_id("join-table").click()
        expect(finished(ann)).to_be_visible(timeout=60_000)
    expect(ann.get_by_test_id("rating-changes")).to_be_visible()
    look("the finished table")
    # Cy, a guest of Bo's name (guests may share one), plays each other game: Bo
    # sits at two tables already, and a finished table counts against a
    # player's six until its ready window ends (a fast run found Bo's last
    # table refused)
    cy = new_page()
    sign_in(cy, lobby, LATIN_STACKED)
    for game, options in (("stud", {}), ("six_nimmt", {"end_threshold": 1}), ("yahtzee", {}), ("shut_the_box", {"rounds": 2})):
        cy.evaluate("location.hash = '#'")  # each game's board at its end, bots at its other seats
        open_table(cy, game, seats=3, turn_s=0.3, options=options)
        start(cy)
        expect(finished(cy)).to_be_visible(timeout=90_000)
        look(f"the finished {game} table", cy)
    cy.evaluate("location.hash = '#'")
    expect(cy.get_by_test_id("my-tables").locator("li").first).to_be_visible()
    look("the home page's own tables", cy)
    open_table(cy, "stud", seats=3, bots=False)  # a waiting stud table: its list line has a stake line under it
    cy.close()
    ann.evaluate("location.hash = '#game=stud'")
    expect(ann.locator("table.tables .table-stake").first).to_be_visible()
    look("the stud table list")
    bo.evaluate("location.hash = '#'")
    waiting = open_table(bo, "sibala", seats=3, bots=False)  # a waiting table of Bo's in the list
    ann.evaluate("location.hash = '#game=sibala'")
    expect(ann.locator("table.tables .table-line").first).to_be_visible()
    look("the table list")
    ann.evaluate(f"location.hash = '#table={waiting}'")  # Ann sits down and asks to start: Bo reads her ask
    ann.get_by_test_id("join-table").click()
    ann.get_by_test_id("start").click()
    expect(bo.get_by_test_id("start-vote")).to_contain_text(ARABIC_STACKED)
    look("a waiting table's start vote", bo)
    # a chat line of Vietnamese (two marks over a letter) and the names (four) under its sender's name:
    # its ink lands on neither the name nor the time
    said = " ".join([VIETNAMESE, LATIN_STACKED, ARABIC_STACKED] * 2)
    ann.get_by_test_id("chat-input").fill(said)
    ann.get_by_test_id("chat-input").press("Enter")
    expect(bo.get_by_test_id("chat-text")).to_have_text(said)
    for size in INK_SIZES:
        resize(bo, size)
        landed.extend(f"a chat line at {size['width']} px: {found}" for found in _ink_on_others(bo, [said], strict=True))
    resize(bo, LAPTOP)
    look("a chat line's sender", bo)
    ann.evaluate("location.hash = '#leaderboard=sibala'")
    me = ann.locator('[data-testid="lb-table"] tr.me')
    expect(me).to_be_visible()
    look("the leaderboard")
    ann.evaluate(f"location.hash = '#player={me.get_attribute('data-id')}'")
    expect(ann.get_by_test_id(f"recent-{table_id}-1")).to_be_visible()
    look("the profile")
    bo.evaluate(f"location.hash = '#player={bo.evaluate('window.lobby.net.player.id')}'")  # the tables Bo played: her name in each link
    expect(bo.get_by_test_id("recent-at").first).to_be_visible()
    look("the profile of the tables' opener", bo)
    ann.get_by_test_id(f"recent-{table_id}-1").click()
    expect(ann.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    expect(ann.get_by_test_id("replay-sub")).to_contain_text(ARABIC_STACKED)
    expect(ann.get_by_test_id("replay-game-name")).to_have_text("Sibala")
    look("the replay")
    for where, arena_id in arenas.items():
        ann.evaluate(f"location.hash = '#arena={arena_id}'")
        expect(ann.get_by_test_id("arena-row-3")).to_be_visible()
        if where == "a finished arena":
            expect(ann.get_by_test_id("arena-podium")).to_be_visible()
        look(f"{where}'s standings")
    assert not landed, "\n".join(landed)


#: Vietnamese with two marks over one capital (Ấ): a name to show whole.
VIETNAMESE = "Nguy\u1ec5n Th\u1ecb \u1ea4n"


def _whole(page, element) -> bool:
    """Whether ``element`` draws the same with its clipping turned off (so
    none of its text is cut), in a box 8 px wider each way."""

    def same_unclipped(node, r):
        around = {"x": r["x"] - 8, "y": math.floor(r["y"]) - 8, "width": r["width"] + 16, "height": r["height"] + 16}
        clipped = page.screenshot(clip=around, animations="disabled")
        node.evaluate("el => { el.style.overflow = 'visible'; el.style.clipPath = 'none'; }")
        free = page.screenshot(clip=around, animations="disabled")
        node.evaluate("el => { el.style.overflow = ''; el.style.clipPath = ''; }")
        return clipped == free

    return measured(element, same_unclipped)


def test_names_with_marks_show_whole_and_a_table_s_name_lines_paint_only_their_own_box(new_page, lobby):
    """A Vietnamese name shows whole in the header and its seat (its "Ấ"
    lost the acute over the circumflex there); a table opened by a name
    with four marks stacked under a letter: its title on the table's page
    and its line in the game's table list paint nothing outside their own
    box (the marks reached the link row and the stake line below)."""
    page, opener = new_page(), new_page()
    sign_in(page, lobby, VIETNAMESE)
    assert _whole(page, page.get_by_test_id("player-name")), "the header's name is cut"
    open_table(page, "sibala", seats=2)
    assert _whole(page, page.get_by_test_id("seat-name-0")), "the seat's name is cut"
    sign_in(opener, lobby, STACKED_NAME)
    table_id = open_table(opener, "sibala", seats=2)
    title = opener.get_by_test_id("table-name")
    assert _paints_outside(opener, title) is None, "the table's title paints outside its box"
    page.evaluate("location.hash = '#game=sibala'")
    line = page.locator(f'[data-testid="table-row-{table_id}"] .table-line')
    expect(line).to_be_visible()
    assert _paints_outside(page, line) is None, "the table list's name line paints outside its box"

# ---------------------------------------------------------------------------
# One minus sign for every signed figure
#
# One minus sign (U+2212 −) for every signed figure on every page (issue
# #15, words): the result line wrote "Bob -200" with a hyphen-minus beside
# the ratings' "(−37)". The page's helpers (i18n.js ``signed``, ``num``)
# write every figure; stud's change line is drawn with them, and no view
# builds a sign of its own (tests/lobby/test_one_word_per_thing.py).
# ---------------------------------------------------------------------------


def test_signed_figures_use_the_minus_sign(new_page, lobby):
    page = new_page()
    started_table(page, lobby, "Mo", "stud", seats=2, options={"tier": "casual"})
    # (signed, num, deltaText and ratingText themselves: tests/js/i18n.test.mjs, tests/js/ratings.test.mjs)
    # I fold at my first turn: my change is a loss, written with the minus sign
    fold = page.locator('[data-testid="act-fold"]:enabled')
    expect(fold.or_(finished(page))).to_be_visible()
    if fold.count():
        fold.click()
    expect(finished(page)).to_be_visible()
    changes = page.get_by_test_id("changes").inner_text()
    assert "-" not in changes and re.search(r"−\d+", changes), changes


# ---------------------------------------------------------------------------
# My own seat is you on my own page
#
# My own seat is "you" on my own page. For a seated player in every game and
# both languages: my own move's log line and my own result say you ("You
# threw …", "You win", "你赢了"); a spectator's page keeps the names; a
# standings table keeps my name and marks my row with the "you" badge. The
# result is drawn from the live table view with me (seat 0) as its winner,
# so it does not hang on the dice.
# ---------------------------------------------------------------------------


#: Table `id`'s live view drawn as finished with seat 0 (Ann) the only
#: winner, seen from `seat` (0: Ann's page; null: a spectator's): the
#: winners line and whether seat 0's standing row has the "you" badge.
WON = REDRAW_HEAD + js("language/won")

#: Per game: the options that make it short, how I make my own first move
#: (a test id to click, or None: stud's check or call), and my move's log
#: line in English and Chinese (None: 6 Nimmt! has no log on the table).
YOU_GAMES = {
    "sibala": ({"rounds": 1}, "roll", r"^Round 1: you rolled ", r"^第 1 局：你掷出 "),
    "shut_the_box": ({"rounds": 1}, "roll", r"^You threw \d", r"^你掷出 \d"),
    "yahtzee": ({}, "roll", r"^You rolled .+ \(roll 1\)$", r"^你掷出 .+（第 1 掷）$"),
    "stud": ({"tier": "casual"}, None, r"^You (check|call to \d+) \(pot \d+\)$", r"^你(过牌|跟注到 \d+)（底池 \d+）$"),
    "six_nimmt": ({}, None, None, None),
}

#: My win, as the result says it to me (English, Chinese).
WIN = {
    "sibala": (r"^You win, \d+ rounds? won$", r"^你赢了，赢 \d+ 局$"),
    "shut_the_box": (r"^You win, \d+ rounds? won$", r"^你赢了，赢 \d+ 局$"),
    "yahtzee": (r"^You win with \d+ points?$", r"^你赢了，\d+ 分$"),
    "stud": (r"^You win the pot of 40: every other player folded$", r"^你赢得底池 40：其他玩家都已弃牌$"),
    "six_nimmt": (r"^You win with \d+ bull heads?$", r"^你赢了，\d+ 个牛头$"),
}


@pytest.mark.page_modules
def test_my_own_move_and_my_own_win_say_you(new_page, lobby):
    """At a table of each game in turn, one page signed in once: in the
    page's language, then in the other on the same page (the language button
    draws the table and its log again)."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    locale = "en-US"
    for game, (options, move, line_en, line_zh) in YOU_GAMES.items():
        page.goto(f"{lobby.http}/#")
        table_id = open_table(page, game, seats=2, options=options)
        start(page)
        if move:
            button = page.locator(f'[data-testid="{move}"]:enabled')
            expect(button).to_be_visible(timeout=30_000)
            button.click()
        elif line_en:
            act = page.locator(".stud-actions button.act:enabled").first
            expect(act).to_be_visible(timeout=30_000)
            offered = [b.get_attribute("data-action") for b in page.locator(".stud-actions button.act:enabled").all()]
            page.get_by_test_id("act-check" if "check" in offered else "act-call").click()

        for switched in (False, True):
            if switched:
                locale = "en-US" if locale == "zh-CN" else "zh-CN"
                switch_language(page, locale)
            zh = locale == "zh-CN"
            line = line_zh if zh else line_en
            if line:
                mine = page.get_by_test_id("log").locator("li", has_text=re.compile(line))
                expect(mine.first).to_be_visible(timeout=30_000)
                # my own line never names me
                assert not page.get_by_test_id("log").locator("li").filter(has_text=re.compile(r"^(Round 1: )?Ann |^(第 1 局：)?Ann ")).count()

            got = page.evaluate(WON, [table_id, game])
            assert re.search(WIN[game][1 if zh else 0], got["mine"]["winners"]), (game, got)
            assert "Ann" in got["spectator"]["winners"], (game, got)  # no one is "you" on a spectator's page
            if game in ("six_nimmt", "shut_the_box"):
                assert got["mine"]["badge"] is True and got["spectator"]["badge"] is False, (game, got)  # my row: my name and the badge
            if game == "shut_the_box":
                assert got["mine"]["round"] == ("第 1 局：你以 3 分获胜" if zh else "Round 1: you won with 3"), got
                assert "Ann" in got["spectator"]["round"], got


# ---------------------------------------------------------------------------
# The fair-play check in one folded line
#
# The fair-play check worded for players: a table read "seed hash:
# f698f55f70d8… ⓘ" under its head and the revealed seed twice at the end
# (the fairness row, and in full in the result panel). The feature stays
# (anyone can check the dice and cards), folded behind one line ("Fair play
# check …"): no hex on screen until the player opens it, and the seed once
# in the page.
# ---------------------------------------------------------------------------


#: twelve hex digits or more: an id, a hash or a seed
HEX = re.compile(r"[0-9a-f]{12,}")


def test_the_fair_play_check_is_one_folded_line_and_the_seed_shows_once(new_page, lobby):
    page = new_page()
    started_table(page, lobby, "Ann", "sibala", seats=2, options={"rounds": 1})
    summary = page.get_by_test_id("fair-summary")
    expect(summary).to_have_text("Fair play check — the dice and cards of this game are sealed")
    # what the player reads: no hex (the share link's field holds the id; it is a value, not text)
    assert not HEX.findall(page.locator("body").inner_text()), HEX.findall(page.locator("body").inner_text())
    # opened: the fingerprint in full, the help in words
    summary.click()
    expect(page.get_by_test_id("seed-hash")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    expect(page.get_by_test_id("fair-check")).to_contain_text("SHA-256")
    summary.click()  # folded again
    expect(page.get_by_test_id("seed-hash")).to_be_hidden()

    play_to_end(page, max_turns=40)
    expect(page.get_by_test_id("final-result")).to_be_visible()
    expect(page.get_by_test_id("seed-check")).to_have_text("✓ nothing was changed")
    expect(page.get_by_test_id("seed-check")).to_have_attribute("data-ok", "1")
    assert not HEX.findall(page.locator("body").inner_text()), "the seed is folded too"
    seed = page.get_by_test_id("seed").text_content()
    assert re.fullmatch(r"[0-9a-f]{64}", seed), seed
    # the seed stands once in the whole page, shown or not (not in the result panel as well)
    assert page.evaluate("document.body.textContent").count(seed) == 1
    assert seed not in page.get_by_test_id("final-result").text_content()
    summary.click()
    expect(page.get_by_test_id("seed")).to_be_visible()
    assert page.locator("body").inner_text().count(seed) == 1

    # in Chinese, the same in its words
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("fair-summary")).to_have_text("公平校验：✓ 未被改动")
