"""Text from clients: player names and chat lines cleaned and checked
(hidden, blank and look-alike characters, names that pass for a page word,
a seat or a bot), and the keys that make two names the same
(:mod:`lobby.name_keys`).  Sans-I/O; :mod:`lobby.protocol`
re-exports every name.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from importlib import resources
from typing import Any

import regex

from .name_keys import ignorable, letter_keys, name_keys  # noqa: F401 (re-exported)
from .scripts import script_problem, scripts_of
from .wire import ErrorCode, ProtocolError

MAX_NAME = 24
#: longest chat line (characters, after trimming)
MAX_CHAT = 200
#: Unicode categories refused in names and chat: control, format (zero-width,
#: bidi overrides), surrogates, private use, unassigned
_HIDDEN_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
#: letters and symbols that render as blank space (Hangul fillers, the
#: braille blank, the musical null notehead)
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\U0001d159")
_EMOJI_FORMS = frozenset("\ufe0e\ufe0f")
_ZWJ = "\u200d"
#: the robot face, which reads as "bot" after a name ("Ana 🤖")
_ROBOT = "\U0001f916"
_PICTOGRAPHIC = regex.compile(r"\p{Extended_Pictographic}")
#: what may stand between an emoji and the joiner after it: emoji forms and
#: the skin tones (U+1F3FB..U+1F3FF)
_EMOJI_TAIL = frozenset("\ufe0e\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")


def _emoji_joiner(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a zero-width joiner inside an emoji sequence
    ("👩‍💻", "🏳️‍🌈", "👩🏽‍🚀"): an emoji before it (its form and skin tone
    aside) and one after it, which draw one picture."""
    if text[i] != _ZWJ or i + 1 >= len(text) or not _PICTOGRAPHIC.match(text[i + 1]):
        return False
    j = i - 1
    while j >= 0 and text[j] in _EMOJI_TAIL:
        j -= 1
    return j >= 0 and bool(_PICTOGRAPHIC.match(text[j]))


_ZWNJ = "\u200c"
#: scripts whose words are spelt with a zero-width joiner or non-joiner
#: (UAX #31 section 2.3): Persian's half-space ("علی‌رضا"), an Indic
#: conjunct's or a chillu's form ("ශ්‍රී", "ന്‍")
_JOINING_SCRIPTS = frozenset({"Arabic", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Khmer", "Myanmar"})


def _joining(ch: str) -> frozenset[str]:
    """The :data:`_JOINING_SCRIPTS` of ``ch`` if it is a letter or a mark
    (an empty set otherwise)."""
    if not ch or unicodedata.category(ch)[0] not in "LM":
        return frozenset()
    return (scripts_of(ch) or frozenset()) & _JOINING_SCRIPTS


def _word_joiner(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a zero-width non-joiner or joiner inside a
    word of a :data:`_JOINING_SCRIPTS` script: a letter or mark of one such
    script on each side ("علی‌رضا", "ශ්‍රී"), or a joiner after a virama
    that ends a word (Malayalam's old chillu "ന്‍")."""
    if text[i] not in (_ZWNJ, _ZWJ) or i == 0:
        return False
    before = _joining(text[i - 1])
    after = text[i + 1] if i + 1 < len(text) else ""
    if before & _joining(after):
        return True
    return text[i] == _ZWJ and bool(before) and unicodedata.combining(text[i - 1]) == 9 and (not after or after.isspace())


def _joiner(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a joiner that is part of what it joins: in an
    emoji sequence (:func:`_emoji_joiner`) or a word (:func:`_word_joiner`)."""
    return _emoji_joiner(text, i) or _word_joiner(text, i)


#: besides letters and numbers, what a name may be made of alone: picture
#: symbols ("❤️", "🐉"); punctuation and other symbols alone ("?", "—",
#: "+") read as the page's own signs for an unknown or missing value
_NAME_SIGNS = ("So",)

#: combining marks allowed on one character (more stacks over other lines)
MAX_MARKS = 4


def clean_name(raw: Any) -> str:
    """A player name: stripped, 1..24 characters, no control characters.

    Raises :class:`ProtocolError` ``BAD_NAME`` with a ``reason`` the client
    words in its language (docs/protocol.md, error codes): ``not_text``,
    ``empty`` (nothing but spaces), ``length`` (over 24 characters), ``control`` (control or format
    characters), ``hidden`` (a character that draws nothing: Unicode's
    default ignorables such as U+034F or variation selectors, or a blank
    letter such as U+3164), ``invisible`` (nothing visible), ``letters`` (no letter, number
    or picture: "?", "—"), ``marks`` (too many
    stacked combining marks, or a mark drawn around a letter: "A⃝"), ``reserved`` (ends in "(bot)",
    or, folded, holds a bot word, "bot" or "机器人", as a word of its own, or the robot face "🤖":
    between punctuation, symbols, spaces or the ends, "Ann (bot).", "Ann
    «bot", "Bot Rick"; not inside a word, "Robot", "Abbott"),
    ``bracket`` (ends in a closing bracket or a look-alike, punctuation
    after it aside: where pages write their markers, "(away)", "（托管）",
    "(left)", "Ann (away).", "Ann (awayↄ", "Ann ‹away›": :func:`_closes`), ``page_word``
    (folded, it is one of the pages' own words beside a seat in either
    language, :data:`PAGE_WORDS`: "empty", "Seat 2", "bot", "Bot 1", "you",
    "away", "left", "time's up", "folded", "空位", "座位 2", "机器人", "你",
    "托管中", "已离开", "超时", "已弃牌", ...).  Both word checks fold
    look-alikes first (:func:`_check_keys`: enclosed letters, traditional
    forms, radicals and look-alikes, "机器亻", mirrored capitals, small capitals,
    any Unicode number or CJK numeral, "No"/"№" before one), and split words also at letters
    drawn as punctuation and at a change between CJK and another script;
    a page word in small letters anywhere in the name is ``page_word`` too
    ("Ann ᴀᴡᴀʏ", "Ann ᵃʷᵃʸ": :func:`_small_page_word`), and angle brackets at the end
    around anything but an HTML tag, or their look-alikes around anything,
    ``bracket`` ("Ann <away>", "Ann ˂away˃": :func:`_angle_marker`),
    ``symbol`` (a symbol inside a word, where it reads as the letter it
    stands for: any symbol between two letters, "Kil○pa", "Ki│opa",
    "Kilo₽a", "I❤NY"; beside a letter of any script any symbol but an
    emoji, a star, heart or note, "Kilop∂", "$am", "Nikazb✕", "□ミオ",
    "⺌明"; the keyboard's "<>=+~^`" aside: :func:`_symbol_in_word`),
    ``spelling`` (a letter spelt with a sequence the Unicode Standard says
    not to use, drawn as another letter, "अोम" for "ओम":
    :func:`_spelt_as_another`),
    ``mark`` (ends in a number sign other than a digit, "Ann ②", which
    reads as the mark a table gives a second player of one name),
    ``script`` (a letter of a script no name is written in today, "T𐌏m",
    "lᥱft", or a symbol drawn as a letter, "🅐nn", "🇦"), ``mixed_scripts``
    (letters of two scripts, "Tоm" with a Cyrillic о; Latin may join Han
    with kana, Bopomofo or Hangul): :func:`lobby.scripts.script_problem`.
    Markup is kept as text; the browser renders names with ``textContent``,
    never as HTML.
    """

    def bad(reason: str, message: str) -> ProtocolError:
        return ProtocolError(ErrorCode.BAD_NAME, message, reason=reason)

    name = _trimmed(raw, MAX_NAME, "name", bad)
    if not _visible(name):
        raise bad("invisible", "name has nothing visible")
    if any(_hidden_in_name(name, i) for i in range(len(name))):
        raise bad("hidden", "name has characters that draw nothing")
    if not any(unicodedata.category(ch) in _NAME_SIGNS or unicodedata.category(ch)[0] in "LN" for ch in name):
        raise bad("letters", "a name needs a letter, a number or a picture: punctuation alone (?, —) reads as the page's own signs")
    if _too_many_marks(name):
        raise bad("marks", "name stacks too many combining marks")
    if _spelt_as_another(name):
        raise bad("spelling", "a letter is spelt with a sequence Unicode says not to use (अ + ो for ओ), which draws as another letter: type the letter itself")
    if _ROBOT in name:
        raise bad("reserved", "the robot face is for bots")
    if _bot_like(name):
        raise bad("reserved", "names ending in (bot) are for bots")
    if _ends_in_bracket(name):
        raise bad("bracket", "names may not end in a bracket: the page writes (bot), (away), (left) there")
    if _page_word(name):
        raise bad("page_word", "names may not be the page's own words beside a seat: empty, seat N, bot, you, away, left, time's up, folded, ...")
    if _bot_word(name):
        raise bad("reserved", "the word bot on its own is for bots' names")
    if _small_page_word(name):
        raise bad("page_word", "names may not hold the page's own words in small letters, which read as a badge: Ann ᴀᴡᴀʏ")
    if _ends_in_mark(name):
        raise bad("mark", "names may not end in a number sign such as ②: the table marks a second player of one name so (Ana ②)")
    problem = script_problem(name)
    if problem == "script":
        raise bad("script", "names are written in the scripts people write names in today, without symbols drawn as letters")
    if problem == "mixed_scripts":
        raise bad("mixed_scripts", "names take their letters from one script (Latin may join Chinese, Japanese or Korean)")
    if _symbol_in_word(name):
        raise bad("symbol", "a symbol may not stand for a letter: none between two letters, none but an emoji, a star, a heart or a note beside a letter, and between two letters no punctuation but a dash, an apostrophe, a dot and the like")
    if _enclosing_mark(name):
        raise bad("marks", "a circle, square or other mark drawn around a letter draws over what is beside the name")
    if _bare_mark(name):
        raise bad("marks", "a name may not begin with a combining mark: with no letter under it, it draws outside the name onto what is beside it")
    return name


def _ends_in_mark(name: str) -> bool:
    """Whether ``name`` ends, punctuation, symbols and spaces after it
    aside, in a number sign other than a digit (Unicode's No: "②", "⓶",
    "²", "⑵", "Ann ❷ ~", marks over it aside, "Ann ②́") or a number in an
    enclosing mark ("2⃝", "2⃞"):
    what a table writes after a second player of one name ("Ann ②",
    :func:`lobby.name_keys.mark_text`)."""
    end = name.rstrip()
    enclosed = False  # "2⃝": a digit in an enclosing circle or square
    while end and unicodedata.category(end[-1])[0] in "PZSM":  # marks over the sign aside too: "Ann ②́"
        enclosed = enclosed or unicodedata.category(end[-1]) == "Me"
        end = end[:-1]
    kind = unicodedata.category(end[-1]) if end else ""
    return kind == "No" or enclosed and kind[:1] == "N"


@functools.cache
def _do_not_use() -> regex.Pattern[str]:
    """The sequences the Unicode Standard's "do not use" tables list, a
    vowel letter and a vowel sign (or two signs) drawn as another vowel
    letter ("अ" + "ो" for "ओ", "අ" + "ා" for "ආ"), as Microsoft's Universal
    Shaping Engine lists them for fonts to draw broken
    (lobby/unicode/IndicShapingInvalidCluster.txt, from HarfBuzz, MIT),
    and Unicode's deprecated characters (Khmer "ឤ" for "អា")."""
    text = resources.files("lobby.unicode").joinpath("IndicShapingInvalidCluster.txt").read_text("utf-8")
    spellings = []
    for line in text.splitlines():
        points = line.split("#", 1)[0].split(";", 1)[0].split()
        if points:
            spellings.append("".join(chr(int(p, 16)) for p in points))
    return regex.compile("|".join([*map(re.escape, sorted(spellings, key=len, reverse=True)), r"\p{Deprecated}"]))


def _spelt_as_another(name: str) -> bool:
    """Whether ``name`` (NFKC, what draws nothing dropped: a joiner between
    the letter and its sign changes no drawing) holds a sequence of
    :func:`_do_not_use`: it draws as a letter it does not spell, so it
    would read as another name ("अोम" as "ओम")."""
    text = "".join(ch for ch in unicodedata.normalize("NFKC", name) if not ignorable(ch))
    return bool(_do_not_use().search(text))


def _visible(text: str) -> bool:
    """Whether ``text`` has a character that draws something."""
    return any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANK_LETTERS and not ignorable(ch) for ch in text)


def _hidden_in_name(name: str, i: int) -> bool:
    """Whether ``name[i]`` draws nothing: a default ignorable (but an emoji
    form selector after a symbol, and a joiner inside an emoji sequence or
    a word: :func:`_joiner`) or a blank letter."""
    ch = name[i]
    if ch in _BLANK_LETTERS:
        return True
    if not ignorable(ch) or _joiner(name, i):
        return False
    return not (ch in _EMOJI_FORMS and i > 0 and unicodedata.category(name[i - 1]) == "So")


#: look-alikes of the letters and brackets of "(bot)" that the confusables
#: data leaves apart (small capitals, Cyrillic, Greek and Coptic forms, other brackets)
_BOT_FOLD = str.maketrans({"ʙ": "b", "в": "b", "ь": "b", "т": "t", "τ": "t", "ᴛ": "t", "ᴏ": "o", "ⲃ": "b", "ⲧ": "t", "⦅": "(", "⦆": ")", "❨": "(", "❩": ")", "﴾": "(", "﴿": ")", "⸨": "(", "⸩": ")", "⁽": "(", "⁾": ")", "₍": "(", "₎": ")"})


def _bot_like(name: str) -> bool:
    """Whether ``name`` ends in "(bot)" or a look-alike of it (other
    brackets' widths, Cyrillic letters, marks on it, spaces, punctuation
    after it: :func:`_end`): the letter keys of accounts, without their marks
    and spaces."""
    bot = _bot_keys()
    for key in letter_keys(name):
        bare = _end("".join(ch for ch in key if not unicodedata.combining(ch)).replace(" ", "").translate(_BOT_FOLD))
        if any(bare.endswith(b) for b in bot):
            return True
    return False


#: letters drawn as a closing parenthesis (reversed c, open o: "Ann
#: (awayↄ"; a name's skeleton makes them "ɔ").  One counts as a bracket
#: after an opening one ("Kwadwɔ" is a name).  "<" and ">" are left to
#: markup, which names keep as text ("<img src=x onerror=f(1)>")
_CLOSING_LOOKALIKES = frozenset("ↄↃɔƆϽͻᴐᵓ")
#: quote marks that are not Pi or Pf ("Ann 'away'", "Ann "away"")
_QUOTES = frozenset("'\"`\u02bc\u02bb\u02ee\u2032\u2033\u05f3\u05f4")


def _quote(ch: str) -> bool:
    return unicodedata.category(ch) in ("Pi", "Pf") or ch in _QUOTES


def _opening(ch: str) -> bool:
    return unicodedata.category(ch) == "Ps" or _quote(ch)


def _trailing(ch: str) -> bool:
    """Whether ``ch`` may stand after a page's marker and still leave it
    read as one: punctuation, symbols, spaces, marks, modifier letters and
    the letters drawn as punctuation ("Ann (away).", "Ann（托管）。",
    "Ann (away)ʼ")."""
    cat = unicodedata.category(ch)
    return cat[0] in "PSZMC" or cat == "Lm" or ch in _SEPARATOR_LETTERS


def _end(text: str) -> str:
    """``text`` without what trails its last closing bracket: every
    :func:`_trailing` character at its end but a closing bracket, a
    look-alike after an opening one, a quote mark closing a quoted part
    (:func:`_closes`), or a ">" closing a "<" (markup: "<i>x</i>", "f(1)>")."""
    end = len(text)
    while end and _trailing(text[end - 1]) and not _closes(text, end - 1) and not (text[end - 1] == ">" and "<" in text[: end - 1]):
        end -= 1
    return text[:end]


@functools.cache
def _closing_piece(ch: str) -> bool:
    """Whether ``ch`` is a symbol Unicode names a right parenthesis or
    bracket (the pieces tall brackets are drawn with, "⎞", "⎠", "⎦", "⎭"):
    drawn as a closing bracket though no Pe ("Rex (away⎞")."""
    name = unicodedata.name(ch, "")
    return unicodedata.category(ch)[0] == "S" and "RIGHT " in name and ("PARENTHESIS" in name or "BRACKET" in name)


def _closes(text: str, i: int) -> bool:
    """Whether ``text[i]`` closes a marker: a closing bracket (")",
    "）", "】": Unicode's Pe), or, after an opening bracket or quote, a
    letter or symbol drawn as one (:data:`_CLOSING_LOOKALIKES`), or, after
    another quote mark, a quote mark ("Ann ‹away›", "Ann «托管»")."""
    ch = text[i]
    if ch == ")" or unicodedata.category(ch) == "Pe" or _closing_piece(ch):
        return True
    if ch in _CLOSING_LOOKALIKES:
        return any(_opening(c) for c in text[:i])
    if not _quote(ch):
        return False
    while i and _quote(text[i - 1]):  # one mark may be two in a skeleton ("”" -> "''")
        i -= 1
    return any(_quote(c) for c in text[:i])


#: the elements of HTML (WHATWG), SVG's and MathML's roots: a name ending
#: in one of their tags ("<b>Ann</b>", "<img src=x onerror=f(1)>") is markup,
#: kept as text; any other angle-bracketed end is a marker ("Ann <away>")
_HTML_ELEMENTS = frozenset(
    "a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup "
    "data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 "
    "head header hgroup hr html i iframe img input ins kbd label legend li link main map mark menu meta meter nav noscript "
    "object ol optgroup option output p picture pre progress q rp rt ruby s samp script search section select slot small "
    "source span strong style sub summary sup table tbody td template textarea tfoot th thead time title tr track u ul var "
    "video wbr svg math marquee blink font center".split()
)
_TAG_RE = re.compile(r"/?([a-z][a-z0-9]*)(?:[\s/][^<>]*)?")


#: look-alikes of angle brackets, (opening, closing) pairs, that Unicode
#: calls no bracket: modifier arrowheads, math relations, Canadian syllabics
#: ("Ann ˂away˃", "Ann ≺away≻", "Ann ᐸ托管ᐳ"); no markup is written in them
_ANGLE_LOOKALIKES = (
    ("\u02c2", "\u02c3"), ("\u02f1", "\u02f2"), ("\u1438", "\u1433"), ("\u1455", "\u1450"), ("\u22d6", "\u22d7"),
    ("\u227a", "\u227b"), ("\u2282", "\u2283"), ("\u228f", "\u2290"), ("\u226a", "\u226b"), ("\u22d8", "\u22d9"),
)


def _angle_marker(name: str) -> bool:
    """Whether ``name`` (or it folded, :func:`_lookalikes_folded`, marks
    dropped) ends in an angle-bracketed part that is no HTML tag (:data:`_HTML_ELEMENTS`),
    or in a part between a pair of :data:`_ANGLE_LOOKALIKES` (a letter pair,
    "ᐸ…ᐳ", around letters of another script), punctuation after it aside:
    "Ann <away>", "Ann ＜托管＞", "Ann <Paris>", "Ann ˂away˃", "Ann ᐸ托管ᐳ" are
    brackets where the page writes its markers; "<i>x</i>" is markup."""
    for key in (name, _lookalikes_folded(name).casefold()):  # (not a skeleton: it makes "<i>" "<l>")
        bare = "".join(ch for ch in key if not unicodedata.combining(ch))
        for opening, closing in _ANGLE_LOOKALIKES:
            end = _end(bare.replace(closing, ")"))  # a closing bracket, so _end stops there
            if end.endswith(")") and opening in end[:-1] and not _same_script_word(end[end.rindex(opening) : -1], closing):
                return True
        bare = _end(bare)
        if bare.endswith(">") and "<" in bare[:-1]:
            tag = _TAG_RE.fullmatch(bare[bare.rindex("<") + 1 : -1].casefold())
            if not (tag and tag.group(1) in _HTML_ELEMENTS):
                return True
    return False


def _same_script_word(part: str, bracket: str) -> bool:
    """Whether ``part`` (from a look-alike opening bracket on) holds letters
    of the script of the letter ``bracket`` ("ᐸᓂᐳ" is a word of syllabics,
    "ᐸawayᐳ" a marker); False when ``bracket`` is no letter."""
    if unicodedata.category(bracket)[0] != "L":
        return False
    script = unicodedata.name(bracket).split()[:2]
    return any(unicodedata.name(ch, "").split()[:2] == script for ch in part[1:] if unicodedata.category(ch)[0] == "L")


def _ends_in_bracket(name: str) -> bool:
    """Whether ``name`` ends in a closing bracket of any kind or a look-alike
    (:func:`_closes`, in the name and its check keys without marks and
    spaces), punctuation and the like after it aside (:func:`_end`): each
    page writes its markers in brackets after a name ("Ada (bot)",
    "Ann（托管）", "Bo (left)"), so a name ending in one could pass for a
    marked one in any language ("Ann (away).", "Ann ‹away›")."""
    for key in (name, *_check_keys(name)):
        bare = _end("".join(ch for ch in key if not unicodedata.combining(ch)).replace(" ", "").translate(_BOT_FOLD))
        if bare and _closes(bare, len(bare) - 1):
            return True
    return _angle_marker(name)


#: the pages' own words beside a seat's name, en and zh (static/i18n.js: a
#: free seat, ourselves, the seat badges of games/seats.js seatBadges; the
#: tags and last actions of games/stud.js): a name equal to one reads as a
#: badge.  tests/lobby/test_names.py reads every badge text from static/
#: and checks that it is refused
PAGE_WORDS = (
    "empty", "you", "bot", "away", "left", "time's up", "folded", "all-in", "escaped", "winner", "checked",
    "空位", "你", "机器人", "托管", "托管中", "已离开", "超时", "弃牌", "已弃牌", "全压", "逃跑", "赢家", "过牌",
)
#: the words that take a seat number after them ("Seat 2", "机器人 1")
_NUMBERED_WORDS = ("seat", "bot", "座位", "机器人")


def _unmarked(text: str) -> str:
    """``text`` in NFD without its combining marks, a letter's own too ("Seaṫ" -> "Seat")."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.category(ch).startswith("M"))


def _bare(key: str) -> str:
    """A name key without its spaces, punctuation, symbols and combining
    marks, a letter's own too ("time's up" -> "timesup", "away~" -> "away",
    "awa\u0335y" -> "away", "emptý" -> "empty")."""
    return "".join(ch for ch in unicodedata.normalize("NFD", key) if unicodedata.category(ch)[0] not in "PZSM")


def _ends_stripped(text: str) -> str:
    """``text`` without its marks, and without punctuation, symbols and
    spaces at its ends ("#2." -> "2"; "2-3" stays)."""
    text = "".join(ch for ch in text if not unicodedata.category(ch).startswith("M"))
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start])[0] in "PZS":
        start += 1
    while end > start and unicodedata.category(text[end - 1])[0] in "PZS":
        end -= 1
    return text[start:end]


#: letters drawn as a digit: the Latin tone letters two and five, the two
#: with a stroke, the R rotunda ("Seat ƻ", "Seat Ƨ", "Seat Ꝛ"), the ezh
#: and yogh drawn "3", the Hangul rieul and kiyeok drawn "2" and "7" ("座位 ㄹ"),
#: and the look-alikes of CJK numerals ("座位ニ", "座位ㅡ", "座位两")
_DIGIT_LETTERS = {
    "ƻ": 2, "Ƨ": 2, "ƨ": 2, "Ꝛ": 2, "ꝛ": 2, "Ƽ": 5, "ƽ": 5, "Ʒ": 3, "ʒ": 3, "Ȝ": 3, "ȝ": 3, "ㄹ": 2, "ᄅ": 2, "ㄱ": 7, "ᄀ": 7,
    # the CJK numerals' look-alikes: katakana ni, ichi-like Hangul eu, 两 ("two", no Unicode value)
    "ニ": 2, "ㅡ": 1, "ᅳ": 1, "两": 2,
}
#: the words a seat number may be written in after "Seat" or "Bot", and
#: Roman numerals in Latin letters ("Seat two", "Seat II", "Seat iv")
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve".split())
_ROMAN = re.compile(r"[ivxl]+")
#: the Chinese seat words around a number: "第2座", "2号座位", "座位2號"
#: ("二座位", two seats, is a name)
_CJK_SEAT = re.compile(r"座位?第?(?P<a>[^座位第号號]+)[号號]?|第(?P<b>[^座位第号號]+)[号號]?(?:座位?|位)|(?P<c>[^座位第号號]+)[号號](?:座位?|位)")


def _number(ch: str) -> float | None:
    """The value of ``ch`` as a number: any Unicode number (N*), a CJK
    numeral ("二", "十", "貳", "〇") or a letter drawn as a digit
    (:data:`_DIGIT_LETTERS`), else None."""
    ch = unicodedata.normalize("NFKC", ch)[:1] or ch  # the Kangxi radical "⼆" is "二"
    if ch in _DIGIT_LETTERS:
        return _DIGIT_LETTERS[ch]
    if unicodedata.category(ch)[0] == "N" or _cjk(ch):
        return unicodedata.numeric(ch, None)
    return None


def _numbers_folded(text: str) -> str:
    """``text`` with every whole-valued number (:func:`_number`: "②", "²",
    "Ⅱ", "⒉", "٢", "二") written in ASCII digits ("Seat Ⅱ" -> "Seat 2",
    "座位二" -> "座位2")."""
    out = []
    for ch in text:
        value = _number(ch)
        out.append(str(int(value)) if value is not None and value == int(value) else ch)
    return "".join(out)


def _page_word(name: str) -> bool:
    """Whether ``name``'s check keys (:func:`_check_keys`), without spaces,
    punctuation, symbols and marks, are a page word (or a look-alike of
    one), or, without spaces, a numbered one followed by a number only,
    punctuation around it dropped ("Seat #2", "Seat-2", "座位②", "Seat Ⅱ",
    "座位二": any Unicode number, CJK numeral or letter drawn as a digit,
    also in ASCII digits; "Seat 2-3" is no seat number), a number word or
    Roman numeral in letters ("Seat two", "Seat II"), or the Chinese seat
    words around a number ("第2座", "座位2號": :data:`_CJK_SEAT`).  The keys fold "1" and "l" together: the name must hold a
    number then, so "Boto" stays a name, as does "bot0-1"."""
    words, numbered, digits = _page_word_keys()
    has_number = any(_number(ch) is not None for ch in name)
    keys = _check_keys(name) + (_check_keys(_numbers_folded(name)) + _check_keys(_spelt_out(name)) if has_number else [])
    for key in keys:
        key = _unmarked(key)  # "Seaṫ 2"
        bare_key = _bare(key)
        if bare_key in words:
            return True
        parts = _words(key)
        if len(parts) == 2 and parts[0] in _NUMBERED_WORDS and (parts[1] in _NUMBER_WORDS or _ROMAN.fullmatch(parts[1])):
            return True
        seat = _CJK_SEAT.fullmatch(bare_key)
        if seat and has_number and "座" in key and all(ch in digits for ch in seat.group("a") or seat.group("b") or seat.group("c")):
            return True
        bare = _ends_stripped(key.replace(" ", ""))
        for word in numbered:
            if not bare.startswith(word):
                continue
            rest = _ends_stripped(bare[len(word):])
            if rest[:2] in _NUMERO:  # "Seat No. 2", "Seat №2" (NFKC: "No2")
                rest = _ends_stripped(rest[2:]) or "-"
            rest = rest.removeprefix("第")
            rest = rest[:-1] if rest[-1:] in ("号", "號") else rest  # "座位第2", "Seat 二号"
            if not rest or has_number and all(ch in digits for ch in rest):
                return True
    return False


#: the keys of the words written before a seat number ("Seat No. 2",
#: "Seat Nr 2", "Seat n°2"; "№" is "No" after NFKC, as is "nº", "#" is
#: punctuation already); each two characters long
_NUMERO = ("no", "nr", "n\u00b0")


def _small_page_word(name: str) -> bool:
    """Whether words of ``name`` written in small letters (a small capital
    or a superscript or subscript letter in them: "Ann ᴀᴡᴀʏ", "Ann ᵃʷᵃʸ")
    are a page word (:func:`_page_word`): drawn small after a name, they
    read as its badge.  Words are the runs between punctuation, symbols and
    spaces; every run of whole words is tried ("Ann ᴛɪᴍᴇ's ᴜᴘ")."""
    text = "".join(ch for ch in name if not unicodedata.combining(ch))
    cuts = [i for i, ch in enumerate(text) if unicodedata.category(ch)[0] in "PSZ"]
    starts = [i for i in range(len(text)) if i not in cuts and (i == 0 or i - 1 in cuts)]
    ends = [i + 1 for i in range(len(text)) if i not in cuts and (i + 1 == len(text) or i + 1 in cuts)]
    for a in starts:
        for b in ends:
            if b > a and any(_small_letter(ch) for ch in text[a:b]) and _page_word(text[a:b]):
                return True
    return False


def _small_letter(ch: str) -> bool:
    """A small capital (:data:`_SMALL_CAPITALS`) or a superscript or
    subscript letter (:func:`_script_letter`)."""
    return ord(ch) in _SMALL_CAPITALS or _script_letter(ch)


def _script_letter(ch: str) -> bool:
    """Whether ``ch`` is a letter NFKC writes as a superscript or subscript
    form of another ("ᵃ" -> "a", the modifier letters "ʷ", "ˡ" -> "w", "l")."""
    return unicodedata.category(ch)[0] == "L" and unicodedata.decomposition(ch).startswith(("<super>", "<sub>"))


@functools.cache
def _page_word_keys() -> tuple[frozenset[str], tuple[str, ...], frozenset[str]]:
    """(the check keys of PAGE_WORDS, :func:`_bare`; of _NUMBERED_WORDS and the
    characters of the digits' keys, without spaces)."""
    keys = lambda words: {k.replace(" ", "") for w in words for k in _check_keys(w)}  # noqa: E731
    return frozenset(_bare(k) for k in keys(PAGE_WORDS)), tuple(sorted(keys(_NUMBERED_WORDS))), frozenset("".join(keys("0123456789")))


#: the words bots' names are marked with, in each page language ("Ada (bot)", "Ada（机器人）")
_BOT_WORDS = ("bot", "机器人")


#: letters and modifiers that draw as punctuation between two words
#: ("Annㆍbot", "Annǀbot", "Annˑbot"): the Hangul araea, the click letters,
#: the spacing modifier letters, modifier tone letters, the sinological
#: dot, Lisu tone letters, Arabic tatweel, NKo lajanyalan, the vertical
#: tilde, the katakana-hiragana prolonged sound marks (full and half width),
#: the Canadian syllabics finals ("ᐟ", "ᐧ"); but the superscript letters
#: among them ("ʰ", "ʷ", "ˡ", "ˢ": U+02B0..02B8, U+02E0..02E4), which are
#: letters (:func:`_script_letter`: "Ann ᵃʷᵃʸ" is "away" drawn small, "Kʷame" a name)
_SEPARATOR_LETTERS = frozenset(
    "\u318d\u0640\u07fa\u2e2f\u30fc\uff70\ua78f"
    + "".join(
        chr(cp)
        for lo, hi in ((0x01C0, 0x01C3), (0x02B0, 0x02FF), (0xA700, 0xA721), (0xA788, 0xA78A), (0xA4F8, 0xA4FF), (0x141F, 0x142A))
        for cp in range(lo, hi + 1)
        if not _script_letter(chr(cp))
    )
)
#: scripts written without spaces between words and names (Han, kana, Hangul,
#: bopomofo, their radicals and compatibility forms): a change between one
#: of them and a letter of another script is a word break ("小明bot")
_CJK_RANGES = (
    (0x1100, 0x11FF), (0x2E80, 0x2FDF), (0x3040, 0x30FF), (0x3100, 0x318F), (0x31A0, 0x31FF), (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFF66, 0xFFDC), (0x20000, 0x3FFFF),
)


def _cjk(ch: str) -> bool:
    cp = ord(ch)
    return cp >= 0x1100 and any(lo <= cp <= hi for lo, hi in _CJK_RANGES)


def _words(text: str) -> list[str]:
    """The runs of letters and digits of ``text``: every other character
    (punctuation, symbols, spaces of any script: Unicode's P*, S*, Z*, C*;
    the letters that draw as punctuation, :data:`_SEPARATOR_LETTERS`)
    separates words, as does a change of script between a CJK letter and
    another letter (digits belong to neither: "小明1bot" -> "小明1", "bot")."""
    out: list[str] = []
    last: bool | None = None  # whether the last letter of this word was CJK
    for ch in text:
        cat = unicodedata.category(ch)[0]
        if cat not in "LN" or ch in _SEPARATOR_LETTERS:
            out.append(" ")
            last = None
            continue
        if cat == "L":
            cjk = _cjk(ch)
            if last is not None and cjk != last:
                out.append(" ")
            last = cjk
        out.append(ch)
    return "".join(out).split()


def _bot_word(name: str) -> bool:
    """Whether a word of ``name`` is a bot word (:data:`_BOT_WORDS`), marks
    dropped, before and after the skeleton (which adds some: Cherokee "Ꮎ"
    is "o" and a stroke, "Ann ᏴᎾᎢ"): split both before and after folding
    (:func:`_check_keys`, NFKC, case folded, the bots' look-alike letters
    folded), since a fold turns some symbols into letters ("ⓑⓞⓣ" -> "bot",
    "₨" -> "Rs") and some letters into punctuation; CJK characters spaced
    apart are read joined too ("Ann 机 器 人": :func:`_cjk_joined`)."""
    bots = _bot_word_keys()
    text = _unmarked(name)
    for raw in (text, _cjk_joined(text), _spelt_out(text), *_words(text)):
        for word in _words(_lookalikes_folded(raw).casefold().translate(_BOT_FOLD)):
            for key in _check_keys(word):
                key = "".join(ch for ch in key if not unicodedata.category(ch).startswith("M"))
                if any(part in bots for part in _words(key.translate(_BOT_FOLD))):
                    return True
    return False


#: digits drawn as Latin letters, read so inside a word that has letters
#: ("Ann 8ot", "Ann 6ot", "l3ft"); a number on its own stays a number
_DIGIT_LOOKS = str.maketrans("0134568", "oleasbb")


def _spelt_out(text: str) -> str:
    """``text`` as a reader takes a word spelt with look-alikes: letters
    written one by one with spaces or punctuation between joined ("Ann b o
    t" -> "Ann bot", "a.w.a.y" -> "away"), and digits inside a word that
    has letters read as the letters they draw (:data:`_DIGIT_LOOKS`:
    "8ot" -> "bot"; "Ann 2" stays)."""
    pieces = regex.split(r"([\p{L}\p{N}\p{M}]+)", text)
    out: list[str] = []
    for i, piece in enumerate(pieces):
        if i % 2 == 0:  # what stands between words
            single_before = i > 0 and len(pieces[i - 1]) == 1 and pieces[i - 1].isalpha()
            single_after = i + 1 < len(pieces) and len(pieces[i + 1]) == 1 and pieces[i + 1].isalpha()
            out.append("" if piece and single_before and single_after and unicodedata.category(piece[0])[0] in "PZS" and len(piece) <= 2 else piece)
        else:
            word = piece.translate(_DIGIT_LOOKS) if any(ch.isalpha() for ch in piece) else piece
            out.append(word)
    return "".join(out)


def _cjk_joined(text: str) -> str:
    """``text`` without the spaces, punctuation and symbols that stand
    between two CJK characters (:func:`_cjk`), which a reader joins
    ("机 器 人", "机·器·人" -> "机器人")."""
    out: list[str] = []
    run: list[str] = []  # the spaces, punctuation and symbols since the last other character
    for ch in text:
        if unicodedata.category(ch)[0] in "PZS":
            run.append(ch)
            continue
        if not (run and out and _cjk(out[-1]) and _cjk(ch)):
            out.extend(run)
        run = []
        out.append(ch)
    return "".join(out + run)


@functools.cache
def _bot_word_keys() -> frozenset[str]:
    """The check keys of :data:`_BOT_WORDS`."""
    return frozenset(k for w in _BOT_WORDS for k in _check_keys(w))


@functools.cache
def _bot_keys() -> frozenset[str]:
    """The name keys of "(bot)", without spaces."""
    return frozenset(key.replace(" ", "") for key in letter_keys("(bot)"))


#: before NFKC, the enclosed letters NFKC leaves apart or brackets
#: ("⒝" -> "(b)"): parenthesised small letters (U+249C), and the Enclosed
#: Alphanumeric Supplement's letter blocks: parenthesised, squared, negative
#: circled, negative squared capitals and regional indicators (U+1F110,
#: U+1F130, U+1F150, U+1F170, U+1F1E6); the separator letters -> a space
_ENCLOSED_FOLD = {
    **{base + i: chr(first + i) for base, first in ((0x249C, 0x61), (0x1F110, 0x41), (0x1F130, 0x41), (0x1F150, 0x41), (0x1F170, 0x41), (0x1F1E6, 0x41)) for i in range(26)},
    **{ord(ch): " " for ch in _SEPARATOR_LETTERS},
}
#: after NFKC (which maps the Kangxi radicals, "⼈" -> "人"), the other forms
#: of the characters of the zh page words (PAGE_WORDS, _NUMBERED_WORDS,
#: _BOT_WORDS): traditional forms (OpenCC's TSCharacters for those
#: characters), look-alikes (己, 巳 for 已; 入 for 人; 嬴 for 赢) and the CJK
#: Radicals Supplement's forms of them (U+2E85 ⺅ for 人); tests/lobby/test_names.py
#: checks every key is a character of those words
_CJK_FOLD = str.maketrans({
    "離": "离", "開": "开", "時": "时", "託": "托", "讬": "托", "棄": "弃", "壓": "压", "贏": "赢", "嬴": "赢",
    "機": "机", "過": "过", "己": "已", "巳": "已", "入": "人", "\u2e85": "人", "妳": "你", "伱": "你",
    "亻": "人", "\U000201a2": "人", "イ": "人", "八": "人", "噐": "器",
    "坐": "座", "住": "位", "菅": "管", "筦": "管", "扥": "托", "幵": "开", "吋": "时", "羸": "赢", "脾": "牌", "仝": "全",
    "仕": "位", "廾": "开", "卄": "开", "申": "中", "旪": "时", "睥": "牌", "奔": "弃", "杌": "机", "乂": "人",
})
#: a character of a zh page word written as its two parts side by side
#: (after _CJK_FOLD: "亻立" is "人立", 位)
_CJK_PARTS = (("人立", "位"),)
#: the Latin small capitals ("ᴀᴡᴀʏ", "ʟᴇꜰᴛ"), which NFKC leaves apart: each
#: folded to its letter (their modifier forms, "ᶦ", are small capitals after
#: NFKC).  Every "LATIN LETTER SMALL CAPITAL <letter>" of Unicode
_SMALL_CAPITALS = {
    cp: name[-1].lower()
    for cp in range(0x250, 0xA800)
    if (name := unicodedata.name(chr(cp), "")).startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == len("LATIN LETTER SMALL CAPITAL X")
}


#: mirrored and reversed Latin capitals the confusables data leaves apart
#: (Cyrillic И, Я; "WIИNER"), and their small forms
_MIRROR_FOLD = str.maketrans({"И": "N", "и": "n", "ᴎ": "n", "Я": "R", "я": "r", "ᴙ": "r", "Ǝ": "E", "ꟻ": "F"})


def _lookalikes_folded(text: str) -> str:
    """``text`` NFKC, with the enclosed letters, separator letters, mirrored
    capitals, small capitals and the zh page words' other forms folded
    (:data:`_ENCLOSED_FOLD`, :data:`_MIRROR_FOLD`, :data:`_SMALL_CAPITALS`,
    :data:`_CJK_FOLD`, :data:`_CJK_PARTS`)."""
    folded = unicodedata.normalize("NFKC", text.translate(_ENCLOSED_FOLD)).translate(_MIRROR_FOLD).translate(_SMALL_CAPITALS).translate(_CJK_FOLD)
    for parts, whole in _CJK_PARTS:
        folded = folded.replace(parts, whole)
    return folded


def _check_keys(name: str) -> list[str]:
    """The keys the bot-word and page-word checks compare: :func:`letter_keys`
    of :func:`_lookalikes_folded` ``name`` (spaces and punctuation kept: the
    checks split them into words).  Accounts keep their plain
    :func:`name_keys` (stored in Redis; these folds only refuse names)."""
    return letter_keys(_lookalikes_folded(name))


#: the keyboard's signs of markup and arithmetic, drawn as no letter: a
#: name may be "<b>Ann</b>" or "A+B" (kept as text); "$" and "|" draw S and l
_MARKUP_SIGNS = frozenset("<>=+~^`")
#: signs written after a word that draw no letter there: "n°2", "Ann™", "Acme®"
#: (before one, "°scar", the degree sign is a raised o)
_AFTER_SIGNS = frozenset("°™®©℠")
#: the stars, hearts and notes names wear on either side of a word ("まりん☆", "☆ゆい", "ゆい♪", "Ann♡")
_EDGE_SIGNS = frozenset("☆★♡♥♪♫")
#: punctuation that joins the letters of a name ("Jean-Luc", "O'Brien", "A.J.", "Mary_Jane",
#: "Ann&Bob", "ジョン・スミス", "ז׳אן"): dashes (Pd), connectors (Pc), quotes (Pi, Pf) and these;
#: any other between two letters stands for a letter ("O§car", "Os(ar", "M⁞ra": ``symbol``)
_JOINING_PUNCTUATION = frozenset("!\"#%&'*,./:;?@\\¡¿·・‧、。，！？׳״")
#: symbols drawn as a colour picture by default (Emoji_Presentation: "⚡",
#: "🔥"); others are drawn as a glyph unless an emoji form follows ("❤️")
_EMOJI_DRAWN = regex.compile(r"\p{Emoji_Presentation}")


#: the names of the punctuation of vertical text (U+FE10.., U+FE30..)
_VERTICAL_FORM = "PRESENTATION FORM FOR VERTICAL "


def _symbol_in_word(name: str) -> bool:
    """Whether a symbol (S*) of ``name`` stands where a letter could: with a
    letter on each side (marks, joiners and emoji forms between aside), or,
    beside a letter of any script, any symbol not drawn as a colour picture
    (:data:`_EMOJI_DRAWN`; :data:`_MARKUP_SIGNS`, :data:`_EDGE_SIGNS` and,
    after a word, :data:`_AFTER_SIGNS` aside): "Nikazb✕", "Kilop∂", "□ミオ",
    "⺌明" (a radical), "°scar"; or a punctuation mark between two letters
    that joins no name's letters (:data:`_JOINING_PUNCTUATION`: "O§car",
    "Os(ar", "ロ〃オ"; a pair of brackets aside, "[NL]Ann").  "Beside" and
    "between" look through a chain of punctuation and symbols to the
    nearest other character ("□〃オ", "Os((ar").  A bracket with no pair
    against a letter ("Pau⌊", "⌊ily", "⁆ack") and slashes drawn as strokes
    ("\\/era", "/\\MY") read as letters too, and so does punctuation of
    vertical text, drawn turned ("Ki︱opa": a bar).  Emoji, stars, hearts and notes at a word's edge are
    names' own ("Max⚡", "Ann❤️", "まりん☆"; "Star ★" apart); inside a word a
    symbol reads as the letter it is drawn like, and no list of those has an
    end ("Kil○pa", "Ki│opa", "Kilo₽a" beside "Kilopa")."""
    chars: list[tuple[str, bool]] = []  # (character, drawn as an emoji)
    for ch in name:
        if unicodedata.category(ch) in ("Mn", "Me", "Mc", "Cf") or ch in _EMOJI_TAIL:
            if ch == "\ufe0f" and chars:
                chars[-1] = (chars[-1][0], True)  # the emoji form: "❤️"
            continue
        chars.append((ch, bool(_EMOJI_DRAWN.match(ch))))
    # a vertical presentation form draws turned in a name's line, a symbol: "︱" is a bar ("Ki︱opa")
    cats = ["So" if unicodedata.name(ch, "").startswith(_VERTICAL_FORM) else unicodedata.category(ch) for ch, _ in chars]

    def letter_at(i: int, step: int) -> bool:
        # the nearest character that is no punctuation or symbol on that side (a chain of them: "□〃オ") is a letter
        i += step
        while 0 <= i < len(chars) and cats[i][0] in "PS":
            i += step
        return 0 <= i < len(chars) and cats[i][0] == "L"

    if "\\/" in name or "/\\" in name:
        return True  # slashes drawn as a letter's strokes: "\/era" is "Vera", "/\MY" "AMY"
    for i, (ch, emoji) in enumerate(chars):
        cat = cats[i]
        if cat[0] == "P":
            touches = (i > 0 and cats[i - 1][0] == "L") or (i + 1 < len(chars) and cats[i + 1][0] == "L")
            if cat == "Ps" and touches and "Pe" not in cats[i + 1 :] or cat == "Pe" and touches and "Ps" not in cats[:i]:
                return True  # a bracket with no pair, against a letter, reads as one: "Pau⌊", "⌊ily", "⁆ack"
            if cat in ("Pd", "Pc", "Pi", "Pf") or ch in _JOINING_PUNCTUATION or not (letter_at(i, -1) and letter_at(i, 1)):
                continue
            if (cat == "Ps" and "Pe" in cats[i + 1 :]) or (cat == "Pe" and "Ps" in cats[:i]):
                continue  # a pair of brackets reads as brackets: "[NL]Ann", "O(s)car"
            return True
        if cat[0] != "S" or ch in _MARKUP_SIGNS:
            continue
        if 0 < i < len(chars) - 1 and cats[i - 1][0] == cats[i + 1][0] == "L":
            return True
        after = letter_at(i, 1)
        if (after or letter_at(i, -1)) and not emoji and ch not in _EDGE_SIGNS and not (ch in _AFTER_SIGNS and not after):
            return True
    return False


def _too_many_marks(text: str) -> bool:
    """Whether more than :data:`MAX_MARKS` combining marks stack on one
    character, counted after NFKD: a letter that carries marks of its own
    ("ᾯ", "Ź") counts them too, and so does a sign that stands for several
    (Tibetan U+0F77 is three), and a joiner between marks (ZWJ, ZWNJ:
    they stay in the letter's cluster) does not start a new count; nor
    does a letter after a virama (a Khmer coeng, a Myanmar U+1039): it is
    drawn under or beside the one before, in one stack ("ក" + ten times
    "្ក" stacks ten consonants)."""
    run = 0
    linked = False  # the character before was a virama
    for ch in unicodedata.normalize("NFKD", text):
        if ch in _JOINERS:
            continue
        if unicodedata.category(ch).startswith("M"):
            run += 1
        elif not (linked and unicodedata.category(ch).startswith("L")):
            run = 0
        linked = unicodedata.combining(ch) == _VIRAMA
        if run > MAX_MARKS:
            return True
    return False


def _bare_mark(text: str) -> bool:
    """Whether ``text`` (a name or a chat line, trimmed) begins with a
    combining mark (Unicode M*; joiners before it aside): with no letter
    under it, it is drawn before the text's box, onto what stands left of
    it (a chat line's time).  A mark after a space or a sign sits on that."""
    first = text.lstrip("".join(_JOINERS))[:1]
    return bool(first) and unicodedata.category(first).startswith("M")


def _enclosing_mark(text: str) -> bool:
    """Whether ``text`` (a name or a chat line) has an enclosing mark
    (Unicode's Me: a circle, square, diamond or keycap drawn around the
    character before it, "A⃝"): drawn wider than its letter, it paints over
    what stands beside a name (a seat's number) or a chat line (its
    sender).  An emoji keycap ("1️⃣": a digit, # or *, the emoji selector,
    U+20E3) is a picture of its own, not a mark on a letter."""
    for i, ch in enumerate(text):
        if unicodedata.category(ch) == "Me" and not (ch == _KEYCAP and text[i - 2 : i - 1] in _KEYCAP_BASES and text[i - 1 : i] == "\ufe0f"):
            return True
    return False


#: the emoji keycap mark and the characters an emoji keycap sequence puts it on
_KEYCAP = "\u20e3"
_KEYCAP_BASES = frozenset("0123456789#*")


#: the canonical combining class of a virama (Unicode's ccc 9)
_VIRAMA = 9


#: the zero-width joiner and non-joiner: inside a word of a script that
#: needs them, never a letter of their own
_JOINERS = frozenset("\u200c\u200d")


def clean_text(raw: Any, max_len: int) -> str:
    """A line of text from a player (chat): stripped, 1..``max_len``
    characters, no control, format, private-use or unassigned characters,
    something visible.

    Raises :class:`ProtocolError` ``BAD_TEXT`` with a ``reason``:
    ``not_text``, ``empty``, ``length`` (over ``max_len`` characters; the
    frame's ``max`` says ``max_len``), ``control``, ``marks`` (as a name's,
    an enclosing mark too),
    ``invisible`` (as :func:`clean_name`'s); markup is kept as text."""

    def bad(reason: str, message: str) -> ProtocolError:
        return ProtocolError(ErrorCode.BAD_TEXT, message, reason=reason, figures={"max": max_len})

    text = _trimmed(raw, max_len, "text", bad)
    if _too_many_marks(text):
        raise bad("marks", "text stacks too many combining marks")
    if _bare_mark(text):
        raise bad("marks", "a line may not begin with a combining mark: with no letter under it, it draws outside the line")
    if _enclosing_mark(text):
        raise bad("marks", "a circle, square or other mark drawn around a letter draws over the sender's name beside the line")
    if not _visible(text):
        raise bad("invisible", "text has nothing visible")
    return text


#: characters drawn as wide as several: the two- and three-em dashes, and
#: the Arabic ligatures of whole phrases (ﷺ, ﷻ, ﷽): each counts as that
#: many characters of a name's or a chat line's length (a name of twenty
#: "⸻" drew 3.8 times as wide as 24 Latin letters)
_WIDE = {"\u2e3a": 2, "\u2e3b": 3, "\ufdfa": 4, "\ufdfb": 3, "\ufdfd": 6}


#: compatibility decompositions whose letters a character draws side by side
#: ("ﬗ" մխ, "Ǆ" DŽ, "㎏" kg, "㍿" 株式会社, "ﷲ" الله): not a circle's, a
#: font's, a superscript's or a full-width form's, which draw one letter
_SPELT_OUT_TAGS = ("<compat>", "<square>", "<fraction>", "<isolated>", "<initial>", "<medial>", "<final>")


@functools.cache
def _drawn_width(ch: str) -> int:
    """How many characters ``ch`` counts as in a length: :data:`_WIDE`'s
    measured widths, else the letters its compatibility decomposition
    draws side by side (:data:`_SPELT_OUT_TAGS`; marks aside), else 1."""
    if ch in _WIDE:
        return _WIDE[ch]
    if not unicodedata.decomposition(ch).startswith(_SPELT_OUT_TAGS):
        return 1
    return max(1, sum(1 for c in unicodedata.normalize("NFKC", ch) if unicodedata.category(c)[0] != "M"))


def drawn_length(text: str) -> int:
    """``text``'s length in characters, one drawn as wide as several
    counting as that many (:func:`_drawn_width`: "⸻" three, the ligature
    "ﬗ" two)."""
    return len(text) if text.isascii() else sum(_drawn_width(ch) for ch in text)


def _trimmed(raw: Any, max_len: int, what: str, bad: Any) -> str:
    """``raw`` NFC-normalized and stripped, checked in this order: raises
    ``bad(reason, message)`` for ``not_text``, ``empty``, ``length`` (over
    ``max_len`` characters, :func:`drawn_length`) and ``control`` (a character of
    :data:`_HIDDEN_CATEGORIES`, but a joiner inside an emoji sequence or a
    word, :func:`_joiner`); ``what`` names the field in the message."""
    if not isinstance(raw, str):
        raise bad("not_text", f"{what} must be a string")
    text = unicodedata.normalize("NFC", raw).strip()
    if not text:
        raise bad("empty", f"{what} is empty")
    if drawn_length(text) > max_len:
        raise bad("length", f"{what} must be 1..{max_len} characters")
    if any(unicodedata.category(ch) in _HIDDEN_CATEGORIES and not _joiner(text, i) for i, ch in enumerate(text)):
        raise bad("control", f"{what} has control characters")
    return text


def shown(value: str, limit: int = 32) -> str:
    """``value``'s first ``limit`` characters quoted (``repr``), "…" after
    when cut: a client's string named in an error message."""
    return repr(value[:limit]) + ("…" if len(value) > limit else "")
