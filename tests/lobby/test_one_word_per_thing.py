"""One word for one thing across the players' rules and the tables' texts
(issue #15, the third fresh pass): the rules name a hand, a turn, a game's
end and stud's cap as the table does, and Chinese texts space a number in
第 … as everywhere else.  The texts are static/'s text tables (en, then zh)
and the rules the dialog shows (lobby.rules_text)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from lobby import rules_text

STATIC = Path(__file__).resolve().parents[2] / "static"


def _values(path: Path, key: str) -> list[str]:
    """The texts of ``key`` in a static/ text table: [en, zh]."""
    found = re.findall(rf'^\s*{key}: "([^"]*)"', (STATIC / path).read_text(encoding="utf-8"), re.M)
    assert len(found) == 2, (path, key, found)
    return found


def _rules(game: str, lang: str) -> str:
    """The words of ``game``'s rules in the dialog, tags out."""
    return html.unescape(re.sub(r"<[^>]+>", " ", rules_text.page(game, lang)["html"]))


def test_sibala_rules_name_the_hands_as_the_table_does():
    """The rules said "Points" / "No points", the table "normal point: 8" / "no point"."""
    table = (STATIC / "games" / "sibala.js").read_text(encoding="utf-8")
    assert '"no point"' in table and "normal point" in table
    rules = _rules("sibala", "en")
    assert "Normal point:" in rules and "No point:" in rules, rules
    assert not re.search(r"\b(Points|No points):", rules), rules


def test_a_turn_is_one_word_in_chinese():
    """Yahtzee: the rules said 15 个回合, the header 第 1 / 15 轮; 6 Nimmt!:
    the rules 10 个回合, the header 第 5/10 手 (手 is stud's hand)."""
    assert "轮" in _values("games/yahtzee.js", "turn_no")[1]
    yz = _rules("yahtzee", "zh")
    assert "共 15 轮" in yz and "15 个回合" not in yz, yz
    assert "10 个回合" in _rules("six_nimmt", "zh")
    for key in ("round_turn", "reveal_title"):
        zh = _values("games/six_nimmt.js", key)[1]
        assert "回合" in zh and "手" not in zh, zh


def test_a_game_s_end_is_one_word():
    """"Game over" / "Match over"; 游戏结束 / 比赛结束 / 本场结束 for the same heading."""
    heads = [_values("i18n.js", "final_result"), _values("games/stud.js", "game_over"), _values("games/six_nimmt.js", "game_over")]
    assert {h[0] for h in heads} == {"Game over"}, heads
    assert {h[1] for h in heads} == {"本场结束"}, heads
    # the next-game panel says it alike
    assert _values("i18n.js", "next_title")[1].startswith("本场结束")


def test_stud_names_its_cap_one_way_in_chinese():
    assert "每手最大注" in _values("games/stud.js", "tier_line")[1]
    assert "每手最大注" in _rules("stud", "zh")
    texts = [p.read_text(encoding="utf-8") for p in STATIC.rglob("*.js")]
    assert not [t for t in texts if "每手上限" in t]


def test_chinese_spaces_a_number_in_di():
    """"第 1 行" beside "→ 第2行" and "第1轮": every 第 {n} … is spaced."""
    bad = []
    for path in sorted(STATIC.rglob("*.js")):
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"第\{|\}[轮行局场手回张颗次]", line):
                bad.append(f"{path.name}:{no}: {line.strip()}")
    assert not bad, "\n".join(bad)


def test_every_generated_name_word_has_its_chinese_in_the_page():
    """A 中文 page shows a quick table's generated name in Chinese
    (static/shell.js NAME_WORDS_ZH): every word of the lobby's lists has one,
    and no two words share one."""
    from lobby.tables import NAME_WORDS

    shell = (STATIC / "shell.js").read_text(encoding="utf-8")
    block = shell[shell.index("const NAME_WORDS_ZH = {") : shell.index("};", shell.index("const NAME_WORDS_ZH"))]
    zh = dict(re.findall(r'(\w+): "([^"]+)"', block))
    words = [w for ws in NAME_WORDS for w in ws]
    assert sorted(zh) == sorted(words)
    assert len(set(zh.values())) == len(zh)
    assert all(re.fullmatch(r"[\u4e00-\u9fff]+", v) for v in zh.values()), zh


def test_no_name_and_figure_joined_in_code():
    """A name joined to a figure in code ("Ada（机器人） 170", "Ann: +10" on a
    中文 page) takes English spacing and colons: the views word it through
    the text tables (i18n.js name_figure, a view's own keys)."""
    bad = []
    for path in sorted((STATIC / "games").glob("*.js")):
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"`\$\{(nm|n|name\([^)]*\)|tr\([^)]*\))\}:? \$\{", line):
                bad.append(f"{path.name}:{no}: {line.strip()}")
    assert not bad, "\n".join(bad)


def _table_texts() -> list[tuple[str, str, str]]:
    """Every (file, key, text) of the tables' text tables (i18n.js and the
    games' TEXTS), both languages."""
    out = []
    for path in [STATIC / "i18n.js", *sorted((STATIC / "games").glob("*.js"))]:
        for key, text in re.findall(r'^\s*(\w+): "([^"]*)"', path.read_text(encoding="utf-8"), re.M):
            out.append((path.name, key, text))
    return out


#: the record's column (超时/断线, "Timed out": a game in which time ran out or the connection dropped) is another thing
_RECORD_KEYS = {"stat_disconnects", "stat_disconnects_title"}


def test_time_s_up_is_one_phrase_in_each_language():
    """A turn whose time ran out was said "Time's up — …", "{name}'s time ran
    out — …", "out of time", "ran out of time" (Shut the Box: three ways for
    one timeout) and in Chinese 时间到 beside 超时: the table says "Time's up"
    and 超时 (the players' rules' word), in notice, log and turn line alike."""
    bad = []
    for file, key, text in _table_texts():
        if key in _RECORD_KEYS:
            continue
        if re.search(r"time ran out|out of time|ran out|time runs out|timed out", text, re.I) or "时间到" in text:
            bad.append(f"{file} {key}: {text}")
    assert not bad, "\n".join(bad)
    # Shut the Box: one timeout, said by the notice (and the seat's mark) and the log's line (forcedLine); the last-turn panel
    # says the log's words of the turn's end without forcedLine's mark, then the open tiles: it leaves the time's up to them
    for key in ("log_ended", "log_ended_mine", "last_open"):
        assert not any(w in v for v in _values("games/shut_the_box.js", key) for w in ("Time's up", "time's up", "超时")), _values("games/shut_the_box.js", key)
    # every game's "someone else's time is up" starts alike
    others = [_values("i18n.js", "timeout_other"), _values("i18n.js", "sibala_timeout_other")] + [
        _values(f"games/{g}.js", k) for g, k in (("stud", "timeout_other"), ("yahtzee", "timeout_other"), ("shut_the_box", "timeout_other"), ("six_nimmt", "timeout_pick_other"), ("six_nimmt", "timeout_row_other"))
    ]
    assert all(en.startswith("Time's up for {name} — ") and zh.startswith("{name} 超时——") for en, zh in others), others


def test_shut_the_box_shuts_tiles_with_the_rules_word():
    """The players' rules say 关上 (and 闭箱 for all of them); the button and
    log said 关闭, the word of the rules dialog's close button."""
    rules = (STATIC.parent / "docs" / "play.zh.md").read_text(encoding="utf-8")
    assert "关上" in rules and "闭箱" in rules
    zh = [text for file, key, text in _table_texts() if file == "shut_the_box.js" and re.search(r"[\u4e00-\u9fff]", text)]
    assert [z for z in zh if "关上" in z], zh
    assert not [z for z in zh if "关闭" in z], [z for z in zh if "关闭" in z]
    assert _values("games/shut_the_box.js", "shut_none")[1] not in (_values("i18n.js", "close")[1], _values("i18n.js", "dismiss")[1])
    assert "关闭" not in (STATIC.parent / "docs" / "rules.zh.md").read_text(encoding="utf-8").split("## 5.")[1].split("\n## ")[0]


def test_no_view_writes_a_sign_of_its_own():
    """A signed figure is written by i18n.js ``signed`` / ``num`` (U+2212 −),
    never by a view's own ``v > 0 ? "+" : ""`` (which leaves "-200")."""
    bad = []
    for path in sorted(STATIC.rglob("*.js")):
        if path.name == "i18n.js":
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r'\? "\+" : ""|`\+\$\{|`−\$\{|"−"', line):
                bad.append(f"{path.name}:{no}: {line.strip()}")
    assert not bad, "\n".join(bad)


def _all_texts() -> list[tuple[str, str]]:
    """Every text of static/'s text tables ((file, text)): i18n.js and each
    game's TEXTS, plural forms included."""
    out = []
    for path in [STATIC / "i18n.js", *sorted((STATIC / "games").glob("*.js"))]:
        for text in re.findall(r'^\s*[\w"]+: "((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8"), re.M):
            out.append((path.name, text))
    return out


def test_no_text_names_a_device_s_gesture():
    """"click" on a touch phone, "tap" on a desktop (issue #15, third pass):
    the tables say choose / 选 for a pointer or a finger alike."""
    bad = [(f, t) for f, t in _all_texts() if re.search(r"\b(click|clicks|clicked|clicking|tap|taps|tapped|tapping)\b", t, re.I) or re.search("点击|轻触|点按|轻点", t)]
    assert len(_all_texts()) > 500
    assert not bad, bad


def test_every_game_s_log_has_one_title():
    """中文 pass: the log box read 记录 in Sibala and stud, 最近动作 in Yahtzee
    and Shut the Box ("Log" beside "Recent moves"): every view's log is
    titled by i18n.js's one `log` key (TableView.logBox's), no game names
    it in its own texts."""
    assert _values("i18n.js", "log") == ["Log", "记录"]
    views = sorted((STATIC / "games").glob("*.js"))
    own = [f"{p.name}: {k}" for p in views for k in re.findall(r'^\s*(log|log_title): ', p.read_text(encoding="utf-8"), re.M)]
    assert not own, own
    for p in views:
        text = p.read_text(encoding="utf-8")
        for m in re.finditer(r"setText\(this\.logTitle, ([^)]*\))\)", text):
            assert m.group(1) == 't("log")', (p.name, m.group(0))
    logged = [p.name for p in views if 'testid: "log"' in p.read_text(encoding="utf-8") or "this.logBox(" in p.read_text(encoding="utf-8")]
    assert {"sibala.js", "stud.js", "six_nimmt.js", "yahtzee.js", "shut_the_box.js"} <= set(logged), logged


def test_sentences_do_not_join_words_with_a_slash():
    """English pass, 360x740: stud's casual result said "casual/training:
    play chips only, no coins move", a note to a developer.  No text a
    table shows joins two words with a slash (a compact column head,
    ``stat_*`` with its title beside it, may)."""
    bad = []
    for path in sorted(STATIC.glob("**/*.js")):
        for key, text in re.findall(r'^\s*([a-z_]+): "([^"]*)"', path.read_text(encoding="utf-8"), re.M):
            if not key.startswith("stat_") and re.search(r"[^\W\d_]/[^\W\d_]", text):
                bad.append(f"{path.name} {key}: {text}")
    assert bad == [], bad
