"""Words and small layout the third fresh pass of issue #15 found, against a
real lobby: a Yahtzee time's-up line gives the real points (from the seat's
score card, not a log line that may have gone), one word per thing across
the players' rules and the tables, Chinese names for generated table names
on Chinese pages, no empty headings, the stud tier table readable on a
phone, and an error's details in the page's language.
"""

from __future__ import annotations

import re

import msgpack
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, intercept, open_table, sign_in, start, stud_turns

pytestmark = SINGLE_REDIS


def test_a_yahtzee_time_s_up_line_keeps_its_points(new_page, lobby):
    """"Time's up — ? in Threes was scored for you": the log's line for a
    timeout took its points from the scored line before it, which the short
    log had dropped once more moves came in.  The log now keeps a whole
    game (Yahtzee's 400 lines): after my next turn and the bot's the line
    is still there, every wording it had with its points."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "yahtzee", seats=2, turn_s=2)
    start(page)
    log = page.get_by_test_id("log")
    timeout = log.locator("li.log-timeout")
    expect(timeout).to_have_count(1, timeout=10_000)
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
SEEN = """() => {
  window.seenTimeouts = new Set();
  const look = () => document.querySelectorAll('[data-testid=log] li.log-timeout').forEach((li) => window.seenTimeouts.add(li.textContent));
  look();
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


#: Shut the Box's log words (the view's eventLines, as the replay viewer
#: asks for them) for a throw of two dice and one of one die, in `lang`.
STB_LINES = """async (lang) => {
  const i18n = await import('/static/i18n.js');
  i18n.setLang(lang);
  const { ShutTheBoxView } = await import('/static/games/shut_the_box.js');
  const view = new ShutTheBoxView({ id: 'words' });
  return [[3, 4], [2]].map((dice) => view.eventLines([{ type: 'rolled', seat: 0, dice, throw: dice.reduce((a, b) => a + b) }], ['Ann'])[0]);
}"""


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
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    ann_table = open_table(ann, "yahtzee", seats=3, bots=False)
    watcher = new_page(locale="zh-CN")
    sign_in(watcher, lobby, "小红")
    watcher.get_by_test_id("game-yahtzee").click()
    expect(watcher.get_by_test_id(f"table-name-{table_id}")).to_have_text(zh)
    expect(watcher.get_by_test_id(f"table-name-{table_id}")).to_have_attribute("title", f"牌桌编号 {table_id}")
    expect(watcher.get_by_test_id(f"table-name-{ann_table}")).to_have_text("Ann 的牌桌")


#: Each word the reveal strip can show under a card (a status, the
#: time's-up tag), put in turn into the boxes of an entry with the tag: whether it
#: fits them (nothing cut, nothing outside the entry), and a word without a
#: space stays on one line ("托管/代出" broke inside).
REVEAL_FITS = """(words) => {
  const rev = document.querySelector('.sn-rev:has(.sn-rev-timeout)');
  const out = rev.querySelector('.sn-rev-out');
  const tag = rev.querySelector('.sn-rev-timeout');
  const box = rev.getBoundingClientRect();
  const bad = [];
  for (const [kind, word] of words) {
    const el = kind === 'tag' ? tag : out;
    const keep = el.textContent;
    el.textContent = word;
    const r = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1 || r.left < box.left - 1 || r.right > box.right + 1) bad.push([word, el.scrollWidth, el.clientWidth, r.left, r.right, box.left, box.right]);
    // a tag of two lines in a pill's round ends: its words stand out of the pill
    const cs = getComputedStyle(el);
    const lines = Math.round(r.height / (parseFloat(cs.lineHeight) || 1.2 * parseFloat(cs.fontSize)));
    const round = Math.min(parseFloat(cs.borderTopLeftRadius), r.height / 2);
    if (kind === 'tag' && lines > 1 && round > r.height / 4) bad.push([word, 'round ends', lines, round, r.height]);
    if (!/ /.test(word) && lines > 1) bad.push([word, 'broken', lines]);
    el.textContent = keep;
  }
  return bad;
}"""


def test_six_nimmt_s_reveal_words_fit_their_card_on_a_phone(new_page, lobby, viewport):
    """At 390 px a seat's status in the reveal strip read "choosi…" and the
    "time's up" tag spilled out of its entry (so would an away seat's tag)."""
    viewport.update(width=390, height=844)
    for locale, words in (
        ("en-US", [("out", "taking a row…"), ("out", "waiting"), ("out", "→ row 4"), ("tag", "time's up"), ("tag", "away"), ("tag", "left")]),
        ("zh-CN", [("out", "选择中…"), ("out", "等待放牌"), ("out", "→ 第 4 行"), ("tag", "超时"), ("tag", "托管"), ("tag", "已离开")]),
    ):
        page = new_page(locale=locale)
        sign_in(page, lobby, "Ann")
        open_table(page, "six_nimmt", seats=2, turn_s=2)
        start(page)
        # I let the time run out: my card comes with the time's-up tag
        expect(page.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-timeout').first).to_be_visible(timeout=10_000)
        bad = page.evaluate(REVEAL_FITS, words)
        assert not bad, f"{locale}: {bad}"


def test_no_empty_round_result_and_the_table_list_headed_truly(new_page, lobby):
    """A waiting Sibala table showed an empty "ROUND RESULT" heading; the
    game's table list, headed "Live tables", lists finished tables too."""
    for locale, head in (("en-US", "Tables"), ("zh-CN", "牌桌")):
        other = new_page(locale=locale)
        sign_in(other, lobby, "Bo")
        other.get_by_test_id("game-sibala").click()
        expect(other.get_by_test_id("tables-title")).to_have_text(head)
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "sibala", seats=2, options={"rounds": 1})
    expect(page.get_by_test_id("result-box")).to_be_hidden()
    start(page)
    expect(page.get_by_test_id("result-box")).to_be_hidden()  # no round is over yet
    page.locator('[data-testid="roll"]:enabled').click()
    expect(page.get_by_test_id("result-box")).to_be_visible()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()


#: The rules dialog's tables as they stand: whether any scrolls sideways,
#: each body cell's box left..right against the dialog's, and its label.
RULES_TABLES = """() => {
  const body = document.querySelector('[data-testid=rules-body]');
  const box = body.getBoundingClientRect();
  const tables = [...body.querySelectorAll('table')];
  return {
    n: tables.length,
    scrolls: [body, ...tables].some((el) => el.scrollWidth > el.clientWidth + 1),
    out: [...body.querySelectorAll('tbody td')].filter((td) => { const r = td.getBoundingClientRect(); return r.left < box.left - 1 || r.right > box.right + 1; }).map((td) => td.textContent),
    labels: [...body.querySelectorAll('tbody tr:first-child td')].map((td) => td.dataset.label || ''),
  };
}"""


def test_stud_s_tier_table_reads_on_a_phone_without_scrolling(new_page, lobby, viewport):
    """At 390 px the Rules dialog showed 3 of the tier table's 7 columns,
    the rest behind a sideways scroll: on a phone each tier is a small card,
    each figure under its column's header."""
    from lobby import rules_text

    for (width, height), locale in (((390, 844), "en-US"), ((360, 740), "zh-CN")):
        viewport.update(width=width, height=height)
        page = new_page(locale=locale)
        sign_in(page, lobby, "Ann")
        page.get_by_test_id("game-stud").click()
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

    for locale, details in (
        ("zh-CN", r"^错误代码：insufficient_coins（这张牌桌需要 \d+ 金币(，你有 20000)?）$"),
        ("en-US", r"^Error code: insufficient_coins — this table needs \d+ coins(; you have 20000)?$"),
    ):
        page = new_page(locale=locale)
        intercept(page, {"open"}, handle)
        sign_in(page, lobby, "Ann")
        page.get_by_test_id("game-sibala").click()
        page.get_by_test_id("open-seats").fill("2")
        page.get_by_test_id("open-opt-stake").fill("1")
        page.get_by_test_id("open-bots").set_checked(False)
        page.get_by_test_id("open-table").click()
        err = page.locator('[data-testid="error-more"]').first
        expect(err).to_be_attached()
        err.locator("summary").click()
        expect(err.get_by_test_id("error-details")).to_have_text(re.compile(details))
