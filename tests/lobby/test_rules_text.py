"""The games' rules at hand: the players' docs/play.md and the implementers'
docs/rules.md, each held together with its translation (*.zh.md), their
rendering, and ``GET /api/rules/{game}`` on a live lobby."""

from __future__ import annotations

import html
import json
import re
import urllib.error
import urllib.request
from collections import Counter

import pytest

import engines
from lobby import rules_text

NUMBER = re.compile(r"\d+")
NUMBERED = re.compile(r"^(\d+)\. ", re.M)
BULLET = re.compile(r"^\s*- ", re.M)
TABLE_ROW = re.compile(r"^\|", re.M)
CODE = re.compile(r"`([^`]+)`")
HEADING = re.compile(r"^#+ .*$", re.M)


def _pairs() -> list[tuple[str, str, str]]:
    """(name, English markdown, Chinese markdown) of the common part and
    every section, of the players' files and of the reference."""
    out = []
    for kind, reference in (("play", False), ("reference", True)):
        en, zh = rules_text.parsed("en", reference), rules_text.parsed("zh", reference)
        out += [(f"{kind} common", en.common, zh.common)] + [(f"{kind} section {n}", en.sections[n].markdown, zh.sections[n].markdown) for n in en.sections]
    return out


@pytest.mark.parametrize("reference,heads", [(False, ("At every table", "每张牌桌")), (True, ("Common to all games", "各游戏通用"))])
def test_every_game_has_one_section_in_both_languages(reference, heads):
    assert set(rules_text.SECTIONS) == set(engines.REGISTRY)
    en, zh = rules_text.parsed("en", reference), rules_text.parsed("zh", reference)
    assert list(en.sections) == list(zh.sections) == [1, 2, 3, 4, 5]
    assert sorted(rules_text.SECTIONS.values()) == list(en.sections)
    for n in en.sections:
        assert en.sections[n].title and zh.sections[n].title and "seed-" not in en.sections[n].title + zh.sections[n].title
    assert en.common.startswith(f"{heads[0]}\n- ") and zh.common.startswith(f"{heads[1]}\n- ")


@pytest.mark.parametrize("name,en,zh", _pairs(), ids=[p[0] for p in _pairs()])
def test_the_translation_keeps_the_structure_and_every_figure(name, en, zh):
    # the same numbered examples and steps, bullets and table rows
    assert NUMBERED.findall(zh) == NUMBERED.findall(en)
    assert len(BULLET.findall(zh)) == len(BULLET.findall(en))
    assert len(TABLE_ROW.findall(zh)) == len(TABLE_ROW.findall(en))
    # code-like text (the kata's result lines) kept as it is
    assert Counter(CODE.findall(zh)) == Counter(CODE.findall(en))
    # every number of the English, at least as often, in the Chinese (not in
    # the heading: the "6" of "6 Nimmt!" is a name, 谁是牛头王 in Chinese)
    missing = Counter(NUMBER.findall(HEADING.sub("", en))) - Counter(NUMBER.findall(HEADING.sub("", zh)))
    assert not missing, f"{name}: numbers dropped or changed: {dict(missing)}"


def test_no_paragraph_is_glued_to_a_list():
    # a line at the margin right after a list item would render inside it
    for name in [*rules_text.FILES.values(), *rules_text.REFERENCE.values()]:
        lines = (rules_text.DOCS / name).read_text(encoding="utf-8").splitlines()
        item = re.compile(r"(- |\d+\. )")
        glued = [b for a, b in zip(lines, lines[1:]) if item.match(a) and b and not b.startswith(" ") and not item.match(b)]
        assert glued == [], name


def test_split_finds_the_common_part_and_the_sections():
    text = "# T\n\nIntro.\n\nShared\n- one\n- two\n\n## 1. First — seed-a.txt\n\nA 1.\n\n## 2. Second\n\nB.\n"
    cut = rules_text.split(text)
    assert cut.common == "Shared\n- one\n- two\n"
    assert {n: (s.title, s.markdown) for n, s in cut.sections.items()} == {
        1: ("First", "## First\n\nA 1.\n"),  # a player reads no seed file names, no section number
        2: ("Second", "## Second\n\nB.\n"),
    }
    with pytest.raises(ValueError):
        rules_text.split("# T\n\nno sections\n- a\n")
    with pytest.raises(ValueError):
        rules_text.split("# T\n\nno list\n\n## 1. A\n")


def test_rendering_escapes_raw_html_and_script_links():
    html = rules_text.render('<script>alert(1)</script>\n\nA <b onclick="x()">tag</b>, [a link](javascript:alert(1)), `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n')
    assert "<script" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<b " not in html and "&lt;b onclick=" in html
    assert "<a " not in html  # no link with a script scheme
    assert "<code>code</code>" in html and "<table>" in html and "<td>1</td>" in html


def _get(url: str) -> tuple[int, dict[str, str], dict]:
    """(status, lower-cased headers, JSON body) of one GET, errors included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, json.loads(exc.read())


def test_api_rules_in_both_languages(lobby):
    status, headers, en = _get(f"{lobby.http}/api/rules/stud")
    assert status == 200 and headers["cache-control"] == "max-age=3600"
    assert en["game"] == "stud" and en["lang"] == "en" and en["title"].startswith("Five-card stud")
    html = en["html"]
    # the game's own section first (its heading is the title, not repeated), its tier table in it, then what holds at every table, headed
    assert "<h2>" not in html and html.startswith("<p>") and html.index("<table>") < html.index("<h3>At every table</h3>")
    assert "6 Nimmt" not in html and "Sibala" not in html
    status, _, zh = _get(f"{lobby.http}/api/rules/stud?lang=zh")
    assert status == 200 and zh["lang"] == "zh" and zh["title"].startswith("同花顺")
    assert "<h2>" not in zh["html"] and zh["html"].index("专家") < zh["html"].index("<h3>每张牌桌</h3>")
    for game in engines.REGISTRY:
        status, _, body = _get(f"{lobby.http}/api/rules/{game}?lang=en")
        # the game's heading is the title, without its number in the full document, and not repeated in the body
        assert status == 200 and body["title"] and not re.search(r"\d+\. ", body["title"]) and f">{body['title']}</h" not in body["html"]


def test_api_rules_errors(lobby):
    assert _get(f"{lobby.http}/api/rules/poker")[::2] == (404, {"error": "no such game", "code": "unknown_game"})
    status, _, body = _get(f"{lobby.http}/api/rules/sibala?lang=fr")
    assert status == 400 and body["code"] == "bad_message"


#: words written for implementers, not players (docs/rules.md keeps them);
#: "kata" is a player's word only as the name of Yahtzee's rules (:data:`KATA`)
IMPLEMENTER = re.compile(r"\bkata\b|\bseeds?\b|\bengines?\b|\bindex|0\.\.|\bseat 0\b|种子|引擎|索引|座位 ?0", re.I)
#: where Yahtzee's rules name themselves: the kata rules, the Yahtzee kata
KATA = re.compile(r"\bkata rules\b|\bYahtzee kata\b", re.I)
#: what a player is told their timeout does, by language
TIMEOUT_WORDS = {"en": "time runs out", "zh": "超时"}


@pytest.mark.parametrize("lang", sorted(rules_text.FILES))
@pytest.mark.parametrize("game", sorted(engines.REGISTRY))
def test_players_read_rules_written_for_them(game, lang):
    """The rules dialog's page is the player's text of the game (not the
    implementers' docs/rules.md): seats counted from 1, no implementer
    words, and what a timeout plays for you."""
    page = rules_text.page(game, lang)
    text = re.sub(r"<[^>]+>", " ", page["html"])
    if game == "yahtzee":
        text = KATA.sub("", text)
    assert not IMPLEMENTER.findall(text), IMPLEMENTER.findall(text)
    assert TIMEOUT_WORDS[lang] in text
    assert ("seat 1" if lang == "en" else "座位 1") in text
    assert page["title"] and "seed" not in page["title"]


#: a character of Chinese script: CJK ideographs, CJK punctuation, full-width forms
CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\ufe30-\ufe4f\uff00-\uffef]")
#: a run of Latin letters
LATIN = re.compile(r"[A-Za-z]+")
#: the Latin a Chinese player meets in the rules: the card ranks (ace, king,
#: queen, jack); no abbreviation, no English game name
ZH_LATIN = {"A", "K", "Q", "J"}


def _text(game: str, lang: str) -> str:
    """The words a player reads in the rules dialog: title and HTML, tags out."""
    page = rules_text.page(game, lang)
    return page["title"] + " " + html.unescape(re.sub(r"<[^>]+>", " ", page["html"]))


@pytest.mark.parametrize("game", sorted(engines.REGISTRY))
def test_each_language_uses_only_its_own_words(game):
    """Issue #15: the English rules held Chinese ("断线", "一色", the tier
    names), the Chinese English game names ("十八啦 Sibala") and "BG"."""
    en, zh = _text(game, "en"), _text(game, "zh")
    assert not CJK.findall(en), CJK.findall(en)
    assert set(LATIN.findall(zh)) <= ZH_LATIN, set(LATIN.findall(zh)) - ZH_LATIN
    # each page names the game as the lobby does (the engine's title)
    title = engines.REGISTRY[game].info.title
    assert rules_text.page(game, "en")["title"].startswith(title["en"]) and rules_text.page(game, "zh")["title"].startswith(title["zh"])


def test_the_language_checks_can_fail():
    assert CJK.findall("Sibala 十八啦 (four dice)（") == ["十", "八", "啦", "（"]
    assert set(LATIN.findall("点数从 3（称为“扁膣”，BG）")) - ZH_LATIN == {"BG"}
    assert set(LATIN.findall("A > K > Q > J > 10")) <= ZH_LATIN


def test_sibala_names_three_points_plainly():
    """The seed text's name for 3 points (扁膣, "BG") is a gambler's curse:
    the players' Chinese says "3 点（最小）" style words instead."""
    zh = _text("sibala", "zh")
    assert "扁膣" not in zh and "3（1 + 2，最小）" in zh and "BG" not in zh


def test_one_chinese_term_for_play_chips_on_every_page():
    """The final fresh pass read 游戏筹码 in the tier list and 娱乐筹码 on the
    table: the rules and every Chinese text the page shows name play chips
    one way."""
    from pathlib import Path

    from engines import REGISTRY

    root = Path(__file__).resolve().parents[2]
    texts = [(root / "docs" / "play.zh.md").read_text(encoding="utf-8")]
    texts += [p.read_text(encoding="utf-8") for p in (root / "static").rglob("*.js")]
    texts += [str(REGISTRY[g].info.options) for g in REGISTRY]
    assert not [t for t in texts if "游戏筹码" in t]
    assert any("娱乐筹码" in t for t in texts[1:])


#: The Chinese texts that may say 局: a round inside a game (Sibala's and
#: Shut the Box's rounds; 平局 is a tie), per file of static/ by key.
ROUND_KEYS = {
    "i18n.js": {"round_of", "rounds_won", "last_round", "hand_last_round", "result_line", "log_rolled", "log_rolled_mine", "log_result", "winner_one", "winner_many", "winner_you", "winner_you_and", "sibala_tie_all", "sibala_tie", "sibala_tie_you", "rounds_won_shared", "open_coins_short", "opt_doc_rounds", "opt_doc_stake"},
    "games/shut_the_box.js": {"round_of", "round_col", "round_title", "wins", "results", "res_shut", "res_win", "res_tie", "res_solo", "res_shut_you", "res_win_you", "res_tie_you", "res_solo_you", "final_boards"},
}
#: Rules sections whose 局 is a round of the game.
ROUND_SECTIONS = {"sibala", "shut_the_box"}
KEY = re.compile(r"^\s*(\w+):")


def _zh_value(path, key: str) -> str:
    """The Chinese text of ``key`` in a static/ text table (its last definition: zh follows en)."""
    found = re.findall(rf'^\s*{key}: "([^"]*)"', path.read_text(encoding="utf-8"), re.M)
    assert found, (path, key)
    return found[-1]


def test_chinese_says_chang_for_a_whole_game_and_ju_only_for_a_round():
    """中文 used 局 for a round and for a whole game: stud's log said
    "第 1 局开始" under a header that said "第 1 场" (the final fresh pass).
    A whole game of a table is 场 everywhere the page and the rules speak;
    局 is left to a round inside a Sibala or Shut the Box game."""
    from pathlib import Path

    from engines import REGISTRY

    static = Path(__file__).resolve().parents[2] / "static"
    wrong = []
    for path in sorted(static.rglob("*.js")):
        allowed = ROUND_KEYS.get(str(path.relative_to(static)), set())
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            key = KEY.match(line)
            if "局" in line and not (key and key.group(1) in allowed):
                wrong.append(f"{path.name}:{no}: {line.strip()}")
    zh = rules_text.parsed("zh")
    wrong += [f"play.zh.md: {line}" for line in zh.common.splitlines() if "局" in line]
    rounds = {rules_text.SECTIONS[g] for g in ROUND_SECTIONS}
    for game, section in zh.sections.items():
        if game not in rounds:
            wrong += [f"play.zh.md {game}: {line}" for line in section.markdown.splitlines() if "局" in line]
    for game, engine in REGISTRY.items():
        wrong += [f"{game} option {o.name}: {o.label}" for o in engine.info.options if "局" in str(o.label) and o.name != "rounds"]
    assert not wrong, "\n".join(wrong)
    # the header, Play again and stud's log name a game alike
    assert _zh_value(static / "i18n.js", "game_no") == "第 {n} 场"
    assert _zh_value(static / "i18n.js", "play_again") == "再来一场"
    assert _zh_value(static / "games" / "stud.js", "log_started") == "第 {n} 场开始"


#: Per game and language: what its rules say of when coins change, as the
#: page shows it (stud's header and seat drop by the ante and each bet; a
#: Sibala or Shut the Box balance changes once, at the match's end).
COIN_WORDS = {
    "stud": {"en": "the ante and every bet leave your balance as you put them into the pot", "zh": "底注和每次下注在你放进底池时就从你的余额中扣除"},
    "sibala": {"en": "changes once, when the match is over", "zh": "你的余额（页面顶部的金币）在比赛结束时按各局之和一次结算"},
    "shut_the_box": {"en": "changes once, when the match is over", "zh": "在比赛结束时按这个总数一次结算"},
}


@pytest.mark.parametrize("lang", sorted(rules_text.FILES))
@pytest.mark.parametrize("game", sorted(COIN_WORDS))
def test_the_rules_say_when_coins_change_as_the_page_shows_it(game, lang):
    """The fresh pass: the header's coins dropped by the ante when a stud
    game started (20000 → 19900) while the rules said "Coins change only
    when a game is over"."""
    text = " ".join(_text(game, lang).split())
    assert COIN_WORDS[game][lang] in text
    assert "Coins change only when a game is over" not in text and "只有一场结束时金币才会变化" not in text


@pytest.mark.parametrize("lang", sorted(rules_text.FILES))
def test_the_rules_say_why_a_tie_can_raise_both_ratings(lang):
    """The fresh pass: a tie raised both newcomers' ratings (+16 each) and
    nothing the player reads said why."""
    common = " ".join(rules_text.parsed(lang).common.split())
    assert {"en": "a tie can raise both", "zh": "平手可能让双方都涨分"}[lang] in common
    assert "1000" in common


@pytest.mark.parametrize("lang", sorted(rules_text.FILES))
def test_yahtzee_says_it_plays_the_kata_rules_and_what_differs(lang):
    """A Yahtzee player is told, in its rules, that these are the kata's
    rules and how they differ from the boxed game, and on the game's card
    that they are not the boxed game's (the word "kata" unexplained there
    told a new player nothing)."""
    words = {"en": ("kata rules", "15", "no bonus", "exact"), "zh": ("卡塔规则", "15 个类别", "没有奖励分", "恰好")}[lang]
    page = rules_text.page("yahtzee", lang)
    text = page["title"] + " " + html.unescape(re.sub(r"<[^>]+>", " ", page["html"]))
    assert all(w in text for w in words), [w for w in words if w not in text]
    assert words[0] in page["title"]
    variant = engines.get("yahtzee").info.to_dict()["variant"][lang]
    assert {"en": "boxed game", "zh": "盒装"}[lang] in variant and "15" in variant
    # the other games play the rules their names promise: no variant line
    assert all(not engines.get(g).info.variant for g in engines.REGISTRY if g != "yahtzee")
