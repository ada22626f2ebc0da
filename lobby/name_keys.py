"""The keys that make two player names the same name: Unicode's skeleton
(UTS #39 confusables, :func:`skeleton`) and case folding (:func:`case_folded`)
of the name with what draws nothing dropped (:func:`ignorable`), and the
same again with what makes no other name folded away
(:func:`separators_folded`: every punctuation, symbol and space, modifier
marks, the marks over or under a Latin, Greek or Cyrillic letter and the
hooks and strokes on one, small capitals, number signs).  A claimed
account holds its name's keys (:func:`name_keys`); a
name is free when none of its :func:`lookup_keys` is held.  At a table,
names that share a key are told apart by a mark (:func:`distinct_mark`:
"Ana ②").  Sans-I/O.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from importlib import resources
from typing import Any

import regex
from confusable_homoglyphs import confusables

from .scripts import _CJK, _latin, scripts_of

#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt,
#: Unicode 15.1): characters that draw nothing; UTS #39 drops them from
#: skeletons, and a name may not hold them (but variation selectors 15 and
#: 16 after a symbol: the text and emoji forms of "❤️")
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)


def ignorable(ch: str) -> bool:
    """Whether ``ch`` is a Default_Ignorable_Code_Point (draws nothing)."""
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES) if cp >= 0xAD else False


_MARKS = str.maketrans("", "", "\u200e\u200f")


def _offset_fold(first: int, last: int, offset: int) -> dict[str, str]:
    """Each assigned character of ``first``..``last`` -> the one ``offset``
    on, where that is assigned and of the same kind (letter, mark, ...; a
    script laid out as another: Kannada and Telugu, Lao and Thai); digits
    aside.  A character NFD spells as several in the first script and as
    one in the other (Kannada "ೀ" is "ಿ" + "ೕ", Telugu "ీ" one) maps that
    one to the several's counterparts, so that both read alike after NFD."""
    fold = {}
    for code in range(first, last + 1):
        ch, other = chr(code), chr(code + offset)
        if unicodedata.category(ch) in ("Cn", "Nd") or unicodedata.category(ch)[0] != unicodedata.category(other)[0]:
            continue
        fold[ch] = other
    for ch, other in list(fold.items()):  # one spelt as several in this script, as one in the other
        spelt = unicodedata.normalize("NFD", ch)
        if spelt != ch and unicodedata.normalize("NFD", other) == other and all(c in fold for c in spelt):
            fold[other] = "".join(fold[c] for c in spelt)
    return fold


#: Kannada as Telugu (as confusables.txt already draws some Kannada letters) and Lao as Thai
_OFFSET_FOLD = {**_offset_fold(0x0C80, 0x0CFF, -0x80), **_offset_fold(0x0E80, 0x0EFF, -0x80)}


#: letters drawn as a Han character that confusables.txt leaves apart: the
#: Bopomofo letters as the characters they were made from ("ㄧ郎" is
#: "一郎", "ㄦ子" "儿子"), and the Hangul jamo (compatibility and
#: conjoining: NFKC makes the first the second) drawn as one ("山ㅁ" is
#: "山口", "ㅅ" "人", "ㅇ" "〇", which the data draws "O"); a name may mix
#: these with Han (lobby.scripts), not with Latin; also the katakana and
#: the Han characters drawn as another Han character the data leaves apart
_SHAPE_FOLD = {
    **dict(zip("ㄅㄇㄈㄉㄋㄌㄍㄎㄏㄐㄒㄔㄕㄖㄗㄙㄚㄠㄡㄤㄦㄧㄨㄩ", "勹冂匚刀乃力巜丂厂丩丅彳尸日卩厶丫幺又尢儿一乂凵")),
    **dict(zip("ㄱㄴㄷㄹㅁㅅㅇㅏㅗㅜㅡㅣ", "乛乚匚己口人〇卜丄丅一丨")),
    **dict(zip("\u1100\u1102\u1103\u1105\u1106\u1109\u110b\u1161\u1169\u116e\u1173\u1175", "乛乚匚己口人〇卜丄丅一丨")),
    # katakana the data leaves apart from the Han they draw ("チ田" is "千田", "ヵ士" "力士", "ミ口" "三口")
    **dict(zip("チヵミヒ", "千力三匕")),
    # Han drawn alike that the data leaves apart ("入口"/"人口", "ハ朩"/"八木", "タ孑"/"夕子", "玊"/"王", "靑"/"青")
    **dict(zip("入朩孑玊靑\u2fad", "人木子王青青")),
    # Han drawn as katakana the data leaves apart: "彡" as "ミ" (which it draws "三"), "扌" as "オ" ("才")
    **dict(zip("彡扌", "三才")),
    # Han told apart by one stroke's closure or width, which a name's size hides ("王已", "王巳" beside "王己"; "曰向", "日向")
    **dict(zip("已巳曰", "己己日")),
    # the vertical iteration mark drawn as "ミ" ("ロ〻オ"); Cyrillic letters drawn as another the data leaves apart:
    # Komi lje as "л" ("Оԉег"), round omega as "О" ("Ѻлег")
    **dict(zip("〻ԉԈѺѻ", "三лЛОо")),
    # Han forms of "明" and "小" no table pairs, which a black-box pass read as them ("小朙", "小㫰", "小昍", "尐明")
    **dict(zip("朙㫰昍尐", "明明明小")),
    # kana and Han the data draws as punctuation, which the separator fold would then drop ("みく" is no "み"):
    # read as the letter ("く" as itself, "ノ" and "丿" as "丿", "丶" as itself); "刂" draws "リ" ("エ刂カ")
    **dict(zip("くノ丿丶刂", "く丿丿丶リ")),
    # Latin letters drawn as another the data leaves apart: eng as n ("Leŋa"), tone two as s ("Oƨcar"),
    # the bilabial click as o ("ʘscar"), ezh as z ("Nikaʒbx"), insular t as c ("Osꞇar");
    # Cyrillic soft el as "л" ("Оꙥег"); Greek upsilon as nu ("Ελέυη")
    **dict(zip("ŋŊƨƧʘʒƷꞇꞆꙥꙤυ", "nNsSozZcCлЛν")),
    # the Pashto letter e, yeh's two dots stacked ("علې")
    "ې": "ي",
    "丫": "Y",  # drawn as a Latin Y beside Han ("Y头", "丫头")
    # Latin letters drawn as another the data leaves apart: thorn and wynn as p
    **dict(zip("þÞƿǷ", "ppPP")),
    # kana and Han drawn alike: "才" and "オ", "ソ" and "ン", hiragana and katakana "り"/"リ" ("ロミ才" is "ロミオ");
    # the Ukrainian "є" and "е" ("Олєг" is "Олег")
    **dict(zip("オンりє", "才ソリе")),
    # katakana and Han drawn alike the data leaves apart: "ヌ" and "又" ("ヌ吉"), "ナ" and "十" ("ハ十コ");
    # the turned h drawn as u ("Hɥgo")
    **dict(zip("ヌナɥ", "又十u")),
    # katakana drawn as the Han component the data leaves apart ("ル" and "儿", "ワ" and "冖": "ルー" beside "儿ー")
    **dict(zip("ルウクメヨレワ", "儿宀勹乂彐乚冖")),
    # a Lao vowel sign drawn as two of another ("ແ" is "ເເ", as the data draws Thai "แ" as "เเ");
    # Myanmar digits drawn as letters ("၈" as "ဂ", "၇" as "ရ") and the letter u drawn as nya ("ဥ", "ဉ")
    "ແ": "ເເ",
    **dict(zip("၈၇ဥ", "ဂရဉ")),
    # Japanese names' variant forms no table pairs ("𠮷田" is "吉田", "山﨑" "山崎"); Han told apart by one
    # stroke's length or one short stroke ("末来" beside "未来", "烏山" beside "鳥山"); the obsolete Thai kho khon as kho khwai
    **dict(zip(["\U00020bb7", "\ufa11", "末", "烏", "ฅ"], "吉崎未鳥ค")),
    # more variant forms of Japanese names ("冨田" is "富田", "嶋田" and "嶌田" "島田", "齋藤" "齊藤", "山嵜" "山崎");
    # Han told apart by a stroke's slant or a dot ("干田" beside "千田", "夭海" "天海", "刁子" "刃子")
    **dict(zip("冨嶋嶌齋桒嵜碕曻埜栁釼劔劒干夭刁", "富島島齊桑崎崎昇野柳剣剣剣千天刃")),
    # and "槗" (of "橋"), "桺" (of "柳"), "舩" (of "船"), "甪" (of "角"), the old forms "丄", "丅" of "上", "下",
    # "孓" as "子" ("孑" is)
    **dict(zip("槗桺舩甪丄丅孓", "橋柳船角上下子")),
    # kana drawn as a Han character or component ("ネコ" and "礻コ", "ソラ" and "丷ラ", "ヰタ" and "井タ", "しの" and
    # "乚の", "ホシ" and "木シ", "セナ" and "七ナ", and Han "乜" as "七"), "彑" as "彐"; katakana "シ" and "ツ",
    # told apart by their strokes' slant ("シバサ", "ツバサ")
    **dict(zip("ネソヰしホセ乜彑シ", "礻丷井乚木七七彐ツ")),
    # whole scripts drawn as another: Kannada as Telugu (one letter for the other, at the blocks' offset:
    # "ಹರಿ" is "హరి"), Lao as Thai (at the offset, but "ຍ" as "ย" and "ຊ" as "ซ": "ໄພບູລຍ໌" is "ไพบูลย์"),
    # and Gurmukhi's retroflex stops as Devanagari's ("ਡਟ" is "डट")
    **_OFFSET_FOLD,
    **dict(zip("ຍຊਟਠਡਢ", "ยซटठडढ")),
    # Hebrew letters told apart by a gap, a foot or a corner, which the data leaves apart ("חחח" beside
    # "ההה", "ת" too; "ר"/"ד", "כ"/"ב", "ם"/"ס", "ז"/"ו"); Georgian letters drawn as Latin ones in the page's
    # fonts ("ო" m, "ი" n, "ყ" y, "ხ" b, "ძ" d, "ჩ" h: "ჩყოი" is "hymn")
    **dict(zip("חתרכםז", "ההדבסו")),
    **dict(zip("ოიყხძჩ", "mnybdh")),
    # Han told apart by one short stroke or dot, the pairs taught as characters mistaken for each other
    # ("戌辰" and "戍辰" beside "戊辰", "汩罗" "汨罗", "荼子" "茶子", "祗園" "祇園", "侯文" "候文", "毋子" "母子":
    # a fifteenth pass; "嬴"/"羸"/"赢", "免"/"兔", "臼"/"白", "令"/"今", "冶"/"治", "犬"/"大", "剌"/"刺",
    # "祟"/"崇", "肓"/"盲"; the sixteenth: "于明" beside "干明", "玉子" beside "王子", "蠃"/"赢")
    **dict(zip("戌戍汩荼祗侯毋嬴羸免臼令冶犬剌祟肓于玉蠃", "戊戊汨茶祇候母赢赢兔白今治大刺崇盲干王赢")),
}


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> the string it is mapped to in a
    skeleton.  The data lists, for every source character of Unicode's
    confusables.txt, its prototype, and for every prototype its sources; a
    prototype is never a source, so a character with one entry is a source
    unless that entry names it back as its only one (a pair: both go to
    the smaller), and a character with several is a prototype (kept).  The
    data writes right-to-left characters (Arabic, Hebrew, NKo, ...: 1,371 of
    them) between direction marks, keys and entries alike: both are read
    without them ("ا" is a source of "l").  A prototype's characters that
    are sources themselves are mapped on, so that a skeleton of a skeleton
    is itself.  The letters of :data:`_SHAPE_FOLD` go to their Han
    characters (a syllable's jamo too: "김" is "乛丨口", as "ᄀ" alone is)."""
    data = {ch.translate(_MARKS): entries for ch, entries in confusables.confusables_data.items()}
    out: dict[str, str] = {}
    for ch, entries in data.items():
        if len(ch) != 1 or len(entries) != 1:
            continue
        other = entries[0]["c"].translate(_MARKS)
        back = data.get(other, [])
        if len(other) == 1 and len(back) == 1:
            out[ch] = min(ch, other)
        else:
            out[ch] = other
    out.update(_SHAPE_FOLD)
    for ch, proto in out.items():  # a prototype's own characters may be sources ("ﷲ" -> "lللّٰo")
        for _ in range(4):
            mapped = "".join(out.get(c, c) for c in unicodedata.normalize("NFD", proto))
            if mapped == proto:
                break
            proto = mapped
        out[ch] = proto
    return out


@functools.cache
def _skeleton_table() -> dict[int, str | None]:
    """:func:`_prototypes` as a str.translate table, each default ignorable deleted."""
    table: dict[int, str | None] = {ord(ch): proto for ch, proto in _prototypes().items()}
    table.update((cp, None) for lo, hi in _IGNORABLE_RANGES for cp in range(lo, hi + 1))
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, default ignorables dropped,
    each confusable character replaced by its prototype, NFD again."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).translate(_skeleton_table()))


def case_folded(text: str) -> str:
    """``text`` NFKC in one lower case whatever its letters' case: upper-cased,
    then case-folded, until nothing changes (NFD first, so a mark keeps its
    letter), so that every casing of a name folds alike ("ı", "I" and "i";
    "ſ", "S" and "s"; "ᾷ" and "ᾼ͂")."""
    text = unicodedata.normalize("NFKC", text)
    for _ in range(4):
        folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).upper()).casefold())
        if folded == text:
            break
        text = folded
    return text


#: OpenCC's character tables whose pairs are one character in other
#: forms: traditional and simplified, Taiwan's, Hong Kong's and Japan's
#: (shinjitai) standard forms ("內"/"内", "戶"/"户"/"戸", "黃"/"黄"), and
#: radicals, allographs and legacy glyphs as their ordinary character
#: ("⺌"/"小", "眀"/"明", "〸"/"十")
_HAN_TABLES = ("TSCharacters.txt", "TWVariants.txt", "HKVariants.txt", "JPShinjitaiCharacters.txt", "Unicode_Compatibility.txt")

#: the Unihan database's variant fields whose pairs are one character
#: drawn alike: spoofing variants (drawn alike: "𠮷"/"吉"), z-variants (one
#: abstract shape: "併"/"倂") and semantic variants (one meaning, most of
#: them variant forms: "﨑"/"崎", "髙"/"高", "栁"/"柳"), vendored in
#: lobby/unicode/Unihan_<field>.txt (Unicode License v3, in
#: Unihan.COPYING) from unicode-org/unihan-database; specialized semantic
#: variants ("你"/"您": one meaning in some uses) are not read
UNIHAN_FIELDS = ("kSpoofingVariant", "kZVariant", "kSemanticVariant")


def unihan_pairs() -> list[tuple[str, str, str]]:
    """``(field, character, variant)`` for every value of
    :data:`UNIHAN_FIELDS`, as listed: a line ``U+5D0E 崎<TAB>kSemanticVariant
    <TAB>U+57FC U+FA11<kMorohashi`` gives one per value (a value's
    ``<source`` is dropped)."""
    pairs = []
    for field in UNIHAN_FIELDS:
        for line in resources.files("lobby.unicode").joinpath(f"Unihan_{field}.txt").read_text("utf-8").splitlines():
            if not line or line.startswith("#"):
                continue
            code, _, values = line.split("\t")
            first = chr(int(code.split()[0][2:], 16))
            pairs += [(field, first, chr(int(value.partition("<")[0][2:], 16))) for value in values.split()]
    return pairs


@functools.cache
def common_han(ch: str) -> bool:
    """Whether ``ch`` is in a national standard's everyday character set
    (GB 2312, Big5, JIS X 0208, KS X 1001): the characters names are
    commonly written with, which a reader tells apart."""
    for codec in ("gb2312", "big5", "shift_jis", "euc_kr"):
        try:
            ch.encode(codec)
        except UnicodeEncodeError:
            continue
        return True
    return False


@functools.cache
def _han_fold() -> dict[int, str]:
    """Each Han character that :data:`_HAN_TABLES` or :data:`UNIHAN_FIELDS`
    pair with another, as the skeleton draws it (:func:`_prototypes`: "见"
    is "⻅") -> the smallest letter of its class (the pairs joined,
    transitively, but Unihan's semantic variants only where one of the two
    is no everyday character (:func:`common_han`: "髙"/"高", not "他"/"她"),
    and no rare form joins two classes that each hold an everyday
    character ("𠊋" is listed beside "敦" and "龍"); a radical the
    skeleton draws a Han letter as joins that letter's class, so no class
    is read as a radical, which the separator fold would drop: "ロミ" was
    "ロミオ" so), as a str.translate table for skeletons: "戶田", "户田"
    and "戸田" are one name."""
    dicts = resources.files("opencc_purepy") / "dicts"
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.setdefault(ch, ch) != ch:
            parent[ch] = parent[parent[ch]]
            ch = parent[ch]
        return ch

    protos = _prototypes()

    def proto(ch: str) -> str:  # what the skeleton makes of ch, where that is one character ("见" -> "⻅")
        mapped = protos.get(ch, ch)
        return mapped if len(mapped) == 1 else ch

    def join(a: str, b: str) -> None:  # a class's root is its smallest letter: never a radical, a symbol the separator fold drops
        a, b = sorted((root(a), root(b)), key=lambda c: (unicodedata.category(c)[0] != "L", c))
        if a != b:
            parent[b] = a

    for table in _HAN_TABLES:
        for line in (dicts / table).read_text("utf-8").splitlines():
            key, _, values = line.partition("\t")
            for value in values.split():
                if len(key) == 1 and len(value) == 1:
                    join(proto(key), proto(value))
    commons: dict[str, set[str]] = {}  # a class's root -> its everyday characters
    for ch in list(parent):
        if common_han(ch):
            commons.setdefault(root(ch), set()).add(ch)
    for field, a, b in unihan_pairs():
        common_a, common_b = common_han(a), common_han(b)  # read before the skeleton, which draws "子" as the radical "⼦"
        a, b = proto(a), proto(b)
        if root(a) == root(b) or (field == "kSemanticVariant" and common_a and common_b):
            continue  # two everyday characters of one meaning are two characters ("他"/"她", "只"/"子")
        shared_a = commons.get(root(a), set()) | ({a} if common_a else set())
        shared_b = commons.get(root(b), set()) | ({b} if common_b else set())
        if shared_a and shared_b and not (common_a and common_b):
            continue  # a rare form listed beside two everyday characters is no bridge between them ("𠊋": "敦", "龍")
        join(a, b)
        commons[root(a)] = shared_a | shared_b
    for ch, mapped in protos.items():  # a letter the skeleton draws as a radical ("扌" as "⺘") is read as a letter again
        if len(mapped) == 1 and unicodedata.category(mapped) == "So" and unicodedata.category(ch)[0] == "L" and "Han" in (scripts_of(ch) or ()):
            join(mapped, ch)
    return {ord(ch): root(ch) for ch in list(parent) if root(ch) != ch}


@functools.cache
def _marks() -> frozenset[str]:
    """The marks (unicodedata's M* categories, as this Python's Unicode
    reads them; planes 4 to 13 hold no character and 15 and 16 only
    private use, so they are not read)."""
    return frozenset(ch for ch in map(chr, (*range(0x40000), *range(0xE0000, 0xF0000))) if unicodedata.category(ch)[0] == "M")


@functools.cache
def _mark_runs() -> re.Pattern[str]:
    """A run of two or more marks (:func:`_marks`)."""
    ranges: list[list[int]] = []
    for cp in sorted(map(ord, _marks())):
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return re.compile("[" + "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges) + "]{2,}")


def _sorted_run(run: re.Match[str]) -> str:
    """The marks of ``run`` in code point order."""
    return "".join(sorted(run[0]))


def marks_sorted(text: str) -> str:
    """``text`` in NFD with each run of combining marks after a letter in
    code point order: marks Unicode gives no reordering class (class 0: the
    vowel signs, tone marks and nasal signs of Brahmic scripts, Thai, Lao,
    Myanmar, Khmer) draw alike in either order, above and below one letter,
    so "ကုိ" and "ကို", "संुदर" and "सुंदर", "ป่ิน" and "ปิ่น" are one."""
    text = unicodedata.normalize("NFD", text)
    return text if _marks().isdisjoint(text) else _mark_runs().sub(_sorted_run, text)


@functools.lru_cache(maxsize=4096)
def _key(form: str) -> str:
    """The skeleton of ``form``, its Han variants as one (:func:`_han_fold`),
    NFKC and case-folded, "vv" drawn "w" as confusables.txt draws "rn" "m"
    ("VVendy" is "Wendy"), its marks in one order before and after (:func:`marks_sorted`:
    the skeleton draws some as signs, Devanagari "ः" as ":")."""
    return marks_sorted(unicodedata.normalize("NFKC", skeleton(marks_sorted(form)).translate(_han_fold())).casefold().replace("vv", "w"))


def letter_keys(name: str) -> list[str]:
    """The skeletons of ``name``'s lower- and upper-case forms
    (:func:`case_folded`), case-folded, its spaces and punctuation as
    written (the name keys of version 2; the name checks of
    :mod:`lobby.text` split these into words); one or two strings, the
    lower-case one first.  They do not depend on the name's letter case:
    "Tom", "TOM" and "ТОМ" (Cyrillic) share "tom", which the skeleton of
    the small letters alone would miss (it maps "m" to "rn", "м" to "ʍ")."""
    low = case_folded(" ".join(unicodedata.normalize("NFKC", name).split()))
    up = unicodedata.normalize("NFKC", unicodedata.normalize("NFD", low).upper())
    return list(dict.fromkeys((_key(low), _key(up))))


#: the letters drawn as a middle or raised dot between words ("Boㆍb": the
#: Hangul araea, and its conjoining form, a Korean keyboard types for "·";
#: the Canadian final dots, the sinological dot); the punctuation and
#: symbol dots ("·", "・", "•") are separators by their class
_DOTS = frozenset("\u1427\u18df\u318d\u119e\ua78f")
_DOT_ABOVE = "\u0307"
#: the scripts beside Latin, Greek and Cyrillic whose names read alike with a mark or without: Chinese and
#: Japanese write none on their letters ("小明〪", "エリ〪カ"), Arabic and Hebrew write their vowel points
#: only at will ("عَلِيّ" is "علي", "דָּוִד" "דוד")
_UNMARKED_SCRIPTS = frozenset({"Han", "Hiragana", "Katakana", "Arabic", "Hebrew"})
#: the kana's voicing marks (NFD writes "ガ" as "カ" and U+3099), which make another letter, and the
#: ring above the skeleton draws the semi-voiced mark as ("ぱ" is "は" and U+030A)
_VOICING = frozenset("\u3099\u309a\u030a")
#: a mark no script owns (Script Inherited or Common: "̲", "̩"), which on a letter of a script with marks
#: of its own (Thai, Devanagari) is drawn as a speck beside its own ("สมชาย̲" reads "สมชาย")
_SHARED_MARK = regex.compile(r"[\p{sc=Zinh}\p{sc=Zyyy}]")
#: marks, modifier letters and quotes drawn as the voicing mark's two ticks after a kana ("カ̋ク", "カʺク", "カ”ク" read "ガク"):
#: every two-stroke mark above (diaeresis, double acute, double grave, double vertical line, double circumflex),
#: the spacing ones (double acute, middle double grave and acute) and every double quote and prime
_VOICING_DRAWN = frozenset(
    "\u0308\u030b\u030e\u030f\u1dcd\u02ba\u02ee\u02dd\u02f5\u02f6\u00a8"
    "\u201c\u201d\u201e\u201f\u0022\uff02\u2033\u2036\u301d\u301e\u301f\u3003\u309b\uff9e"
)
#: the Greek iota below (ypogegrammeni), which upper case writes as a letter
_IOTA_BELOW = "\u0345"
#: the dotless letters a dot above makes dotted ("ı" + U+0307 draws "i")
_DOTLESS = {"ı": "i", "ȷ": "j"}
#: the scripts whose letters a mark above or below does not make another
#: letter a reader tells apart at a glance ("Mi̲ra", "Adȧ", "José": Unicode
#: names their letters so); other scripts' marks make other words (か, が)
_MARKED_SCRIPTS = ("LATIN ", "GREEK ", "CYRILLIC ")
#: the Unicode name of a letter of those scripts (or a Latin small
#: capital): group 1 the script and case of a plain letter, group 2 the
#: words after "LETTER", less any " WITH ..." ("TURNED A", "R ROTUNDA",
#: "OLD POLISH O", "TOP HALF O", "A REVERSED-SCHWA")
_NAMED_LETTER = re.compile(r"((?:LATIN|GREEK|CYRILLIC) (?:SMALL|CAPITAL) LETTER |LATIN LETTER SMALL CAPITAL |LATIN EPIGRAPHIC LETTER |LATIN LETTER |ARABIC LETTER )(.+?)(?: WITH .*)?")
#: the words of a Greek or Cyrillic letter's name that say how it draws a
#: plain letter of its script ("CYRILLIC SMALL LETTER MONOCULAR O", "GREEK
#: SMALL LETTER FINAL SIGMA"); other words name a letter of a language of
#: its own ("BYELORUSSIAN-UKRAINIAN I", "KOMI DE"), which stays itself
_SHAPE_WORDS = frozenset({"TURNED", "REVERSED", "INVERTED", "SIDEWAYS", "OPEN", "CLOSED", "BROKEN", "ARCHAIC", "MONOCULAR", "BINOCULAR", "DOUBLE", "CROSSED", "ROUND", "ROUNDED", "BROAD", "NARROW", "TALL", "WIDE", "FINAL"})
#: a Latin letter named after a plain one that is a letter of its own ("ß", "ẞ": ss)
_OWN_LETTERS = frozenset({"SHARP"})
#: the letters that turned draw another: a turned w is drawn "m" ("ʍira"), a turned m "w" ("ɯ")
_TURNED = {"w": "m", "m": "w", "W": "M", "M": "W"}
#: a small kana's name: its script and the full-size letter's name ("KATAKANA LETTER SMALL O")
_SMALL_KANA = re.compile(r"((?:HIRAGANA|KATAKANA) LETTER )SMALL (.+)")
#: a combining Latin small letter's name: the letter, drawn small above the last
_COMBINING_LETTER = re.compile(r"COMBINING LATIN SMALL LETTER ([A-Z])")
#: signs and digits drawn as a letter inside a word ("M!ra", "Mir@",
#: "Ca$h", "A|ice", "Nikaz6x", "Nika2bx"): a name with one has also the
#: keys of the letter in its place (the skeleton draws "0" and "1" "o" and "l")
_LETTER_SIGNS = str.maketrans({"!": "i", "\u00a1": "i", "|": "l", "@": "a", "$": "s", "2": "z", "3": "e", "4": "a", "5": "s", "6": "b", "7": "t", "8": "b", "9": "g"})
#: signs drawn as a Han character beside one or a kana ("-郎" reads "一郎",
#: "+田" "十田", "□ミオ" "ロミオ"): dashes (Pd) as "一", and these; a
#: symbol Unicode names a square or a circle (not "SQUARED", "CIRCLED") as "口" or "〇"
_CJK_SIGNS = {"+": "十", "=": "二", "|": "丨", "/": "丿", "\\": "乀", "~": "〜", "<": "く"}
_CJK_SHAPES = re.compile(r".*\b(SQUARE|CIRCLE)\b.*")
#: pictures drawn as a Latin letter beside one, which the symbol rule lets
#: stand at a word's edge as emoji ("Nikazb❌", "⭕scar", "💲am"), by the
#: words Unicode names them with: a cross as "x", a circle (not "CIRCLED")
#: as "o", a dollar as "s", a check mark as "v"
_PICTURE_LETTERS = ((re.compile(r".*\b(CROSS MARK|MULTIPLICATION X|SALTIRE)\b.*"), "x"), (re.compile(r".*\bCIRCLE\b.*"), "o"), (re.compile(r".*\bDOLLAR\b.*"), "s"), (re.compile(r".*\bCHECK MARK\b.*"), "v"))
#: a modifier letter's name that says which letter it draws, small and raised
#: ("MODIFIER LETTER SMALL TURNED I", "MODIFIER LETTER CAPITAL REVERSED N"), and
#: the raised exclamation marks, drawn as an "i" ("Mᵎra", "ᴻikazbx", "Mꜝra")
_MODIFIER_LETTER = re.compile(r"MODIFIER LETTER (SMALL|CAPITAL) (.+)")
_MODIFIER_I = re.compile(r"MODIFIER LETTER RAISED (INVERTED )?EXCLAMATION MARK")
#: the spacing modifier letters (U+02B0..U+02FF) and the modifier tone
#: letters (U+A700..U+A71F): small dots, ticks, bars and letters drawn
#: between letters ("Miˑra", "Miˌra", "Miʼra")
_MODIFIER_BLOCKS = ((0x02B0, 0x02FF), (0xA700, 0xA71F))
#: the Arabic tatweel, which only stretches the line between letters ("علــي" is "علي")
_TATWEEL = "\u0640"


def _marked_letter(ch: str) -> bool:
    """Whether ``ch`` is a letter of :data:`_MARKED_SCRIPTS` or a digit
    (Nd: "Ann9͘" draws "Ann9")."""
    cat = unicodedata.category(ch)
    return cat == "Nd" or (cat[0] == "L" and unicodedata.name(ch, "").startswith(_MARKED_SCRIPTS))


@functools.lru_cache(maxsize=8192)
def _letter_of(ch: str) -> str:
    """The small letter a caseless Latin look-alike draws as: a small
    capital ("ᴀ", "ɴ": Unicode's LATIN LETTER SMALL CAPITAL X, not the turned
    or reversed ones) and the kra ("ĸ", a small capital K); a Latin, Greek
    or Cyrillic letter with a hook, tail, stroke, bar or curl that Unicode
    does not decompose, as the plain letter its name says it is made of ("ɾ" LATIN
    SMALL LETTER R WITH FISHHOOK is "r", "ƒ" "f", "ø" "o", "ł" "l", "қ"
    "к": a mark on such a letter makes no other name, as "José" is "Jose");
    a letter Unicode names as another form of a plain letter
    (:data:`_NAMED_LETTER`: "ɐ" turned a is "a", "ꝛ" r rotunda "r", "ɡ"
    script g "g", "ꟁ" Old Polish o "o", "ᴖ" top half o "o"), as that letter,
    or where turned it draws another (:data:`_TURNED`: "ʍ" turned w is "m");
    a small kana as its full-size letter ("ォ" is "オ", "ㇿ" "ロ"); else ``ch``."""
    small_kana = _SMALL_KANA.fullmatch(unicodedata.name(ch, ""))
    if small_kana:
        return unicodedata.lookup(small_kana[1] + small_kana[2])
    name = unicodedata.name(ch.lower() if len(ch.lower()) == 1 else ch, "")  # and their capitals: "Ɪ", "Ʀ"
    if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == len("LATIN LETTER SMALL CAPITAL ") + 1:
        return name[-1].lower()
    if ch == "\u0138":
        return "k"
    for each in dict.fromkeys((ch, ch.lower() if len(ch.lower()) == 1 else ch)):  # "Ↄ", a Roman numeral, is "ↄ"'s capital
        name = unicodedata.name(each, "")
        named = _NAMED_LETTER.fullmatch(name)
        if not named or unicodedata.decomposition(each) != "":
            continue
        prefix = {"LATIN LETTER SMALL CAPITAL ": "LATIN SMALL LETTER ", "LATIN EPIGRAPHIC LETTER ": "LATIN CAPITAL LETTER ", "LATIN LETTER ": "LATIN SMALL LETTER "}.get(named[1], named[1])  # "ꟾ" I longa is I, "ʗ" stretched c c
        words = named[2].split()
        if len(words) == 1 and " WITH " not in name and prefix == named[1]:
            continue  # a plain letter ("LATIN SMALL LETTER ETH")
        if words[0] in _OWN_LETTERS or not prefix.startswith("LATIN") and not set(words[:-1]) <= _SHAPE_WORDS:
            continue  # "ß" is "ss"; Cyrillic "і" (BYELORUSSIAN-UKRAINIAN I) is no "и"
        for word in reversed(words):  # the letter is named last ("TURNED O OPEN-O": O; "A REVERSED-SCHWA": A)
            try:
                plain = unicodedata.lookup(prefix + word)
            except KeyError:
                continue
            if plain != each:
                return _TURNED.get(plain, plain) if words[0] == "TURNED" else plain
    return ch


def _separator(ch: str) -> bool:
    """Any punctuation (P*), symbol (S*) or space (Z*) of any script: a
    dash, dot, bullet, rule or box-drawing line between letters ("Mi-ra",
    "Mi·ra", "Mi┄ra", "Mi◦ra", "Mi⎯ra", "Mi⠂ra") or a picture beside them
    draws no letter, and no list by name could hold every one that looks
    like another (Unicode has over 8,000); also a middle dot drawn as a
    letter (:data:`_DOTS`: "ㆍ", "ꞏ"), the tatweel, and a modifier letter of
    :data:`_MODIFIER_BLOCKS` ("ˑ", "ʼ")."""
    if ch in _DOTS or ch == _TATWEEL:
        return True
    cat = unicodedata.category(ch)
    if cat[0] in "PSZ":
        return True
    return cat == "Lm" and any(lo <= ord(ch) <= hi for lo, hi in _MODIFIER_BLOCKS)


def _modifier_kept(ch: str, letter: str) -> bool:
    """Whether the modifier letter ``ch`` (Lm) is a letter of the word it
    stands in: after ``letter`` (the last letter before it, or at a name's
    start the first after it: the skeleton draws "一郎" "ー郎"), a
    letter of a script other than Latin, Greek or Cyrillic that ``ch``
    belongs to (:func:`_family`: "佐々木", "カー", "ๆ" after Thai).  Any other is drawn as a
    tick, a small letter or a mark beside the letters ("Miꞈra", "Miⸯra",
    "Mi々ra", "Miーra") and folds as a separator."""
    if not letter or _marked_letter(letter) or unicodedata.category(letter)[0] != "L":
        return False
    if _family(ch) & _JAPANESE and ch not in _JAPANESE_MARKS:
        return False  # a tone letter or a rare iteration mark, drawn as a speck or a tick ("ロミオ𚿰", "ロミオ〱")
    if "Arabic" in _family(ch):
        return False  # the small high waw and yeh, Quranic signs over the letters ("علۥي")
    return bool(_family(ch) & _family(letter))


def _next_letter(text: str, i: int) -> str:
    """The first letter or digit after ``text[i]`` ("" if none)."""
    return next((ch for ch in text[i + 1 :] if unicodedata.category(ch)[0] in "LN"), "")


#: the kana's scripts
_KANA = frozenset({"Hiragana", "Katakana"})
#: Han and the kana as one: a skeleton draws katakana as Han ("カ" is "力")
_JAPANESE = _KANA | {"Han"}
#: the iteration and length marks Japanese names are written with ("佐々木", "みすゞ", "カー"); its other
#: modifier letters (Minnan tone letters, the vertical kana repeat marks, the Old Chinese iteration mark) fold away
_JAPANESE_MARKS = frozenset("々〻ゝゞヽヾーｰ")


def _family(ch: str) -> frozenset[str]:
    """The scripts of ``ch`` (Script_Extensions), with all of
    :data:`_JAPANESE` where it has one of them."""
    scripts = scripts_of(ch) or frozenset()
    return scripts | _JAPANESE if scripts & _JAPANESE else scripts


def _number(ch: str) -> str | None:
    """The digits a number sign other than a digit draws (Unicode's No with
    a whole value: "⓶", "➁", "⑵" are "2"), so that no name ends in what
    reads as a table's mark ("Ann ⓶" beside "Ann ②"); else None."""
    if unicodedata.category(ch) != "No":
        return None
    value = unicodedata.numeric(ch, None)
    return str(int(value)) if value is not None and value == int(value) else None


@functools.cache
def _kana_as_han() -> frozenset[str]:
    """The Han characters a skeleton draws a kana as ("カ" is "力"): a voicing
    mark after one is the kana's ("ガ" is "力" and U+3099, no "力")."""
    drawn = [p for ch, p in _prototypes().items() if len(p) == 1 and _KANA & (scripts_of(ch) or frozenset())]
    return frozenset(drawn) | {unicodedata.normalize("NFKC", p.translate(_han_fold())) for p in drawn}  # as a key writes it ("ヒ" is "⼔", then "匕")


def separators_folded(text: str, small_letters: bool = False, shared_marks: bool = False) -> str:
    """``text`` (NFD) without what makes no other name: every separator
    (:func:`_separator`, any punctuation, symbol or space: "Mi ra",
    "Mi\u00a0ra", "Mi-ra", "Mi·ra", "Mi┄ra", "Mi◦ra", "Mi_ra", "Miˑra",
    "Mi'ra", "Mira." and "Mira" are one name; a modifier letter outside a
    word of its own script, "Miーra", "Miꞈra": :func:`_modifier_kept`), every mark above or below
    a Latin, Greek or Cyrillic letter or a digit ("Mi̲ra", "Adȧ", "Mı̇ra": a
    dot above makes a dotless ı or ȷ the dotted letter), small capitals and
    letters with a hook, tail or stroke as their letter (:func:`_letter_of`:
    "Miɾa"), and number signs as their digits (:func:`_number`).  With
    ``small_letters``, a combining Latin small letter after such a letter
    is that letter ("Kilopͣ" is "Kilopa"), not a mark.  With
    ``shared_marks`` (``text`` as written, not a skeleton, which draws some
    scripts' own marks as shared ones: a nukta as a dot below), a mark no
    script owns or of another script on a letter of any other script folds
    away too ("สมชาย̲" is "สมชาย", "राहुल̲" "राहुल")."""
    text = unicodedata.normalize("NFD", text)
    if text.isascii():  # no marks, no kana: only the separators go
        return text.translate(_ASCII_SEPARATORS)
    out: list[str] = []
    marked = True  # whether a mark here goes (at the start, after a Latin, Greek, Cyrillic, Arabic or Hebrew letter, a Han character, a kana, a digit or a separator)
    kana = False  # whether the last letter is a kana, whose voicing marks stay ("ガ" is no "カ")
    dotless = False  # whether out[-1] is a dotless letter right before the mark
    letter = ""  # the last letter or digit kept, as written
    own: frozenset[str] = frozenset()  # the last letter's scripts: only their own marks stay on it ("สมชาย̲" is "สมชาย")
    for i, ch in enumerate(text):
        if kana and ch in _VOICING_DRAWN:  # a double tick or a quote where the voicing mark goes: "カ”ク" is "ガク"
            out.append("\u3099")
            continue
        info = _char_kind(ch)
        kind = info[0]
        if kind == _MODIFIER:
            if not _modifier_kept(ch, letter or _next_letter(text, i)):
                marked, dotless = True, False
                continue
            info = info[1]
            kind = info[0]
        if kind == _SEP:
            marked, dotless = True, False  # a mark on it goes with it ("¸" is a space and a cedilla)
        elif kind == _MARK:
            _, small, voicing, shared, scripts = info
            if small_letters and small and marked and out:  # a small letter drawn over the last: "Kilopͣ" is "Kilopa"
                out.append(small)
                continue
            voicing = kana and voicing
            if marked and not voicing:
                if ch == _DOT_ABOVE and dotless:
                    out[-1], dotless = _DOTLESS[letter], False
                continue
            if shared_marks and not voicing and (shared or not scripts & own):
                continue  # another script's mark, or one of every script's, on a Thai or Devanagari letter: drawn as a speck
            out.append(ch)
        elif kind == _LETTER:
            _, marked, dotless, kana, own, drawn = info
            letter = ch
            out.append(drawn)
        else:  # the iota below as its letter, a number sign as its digits
            out.append(info[1])
            marked, dotless = True, False
    return "".join(out)


#: the ASCII separators (:func:`_separator`), as a str.translate table deleting them
_ASCII_SEPARATORS = str.maketrans("", "", "".join(chr(cp) for cp in range(128) if unicodedata.category(chr(cp))[0] in "PSZ"))
#: the kinds of character :func:`separators_folded` tells apart (:func:`_char_kind`)
_SEP, _MODIFIER, _MARK, _LETTER, _SPELT = range(5)


@functools.lru_cache(maxsize=8192)
def _char_kind(ch: str, modifier: bool = True) -> tuple:
    """What :func:`separators_folded` reads ``ch`` as, whatever stands
    around it: ``(_SEP,)`` a separator; ``(_MODIFIER, kind)`` a modifier
    letter, which is ``kind`` where kept (:func:`_modifier_kept`);
    ``(_SPELT, letters)`` the iota below or a number sign, as its letters;
    ``(_MARK, small letter or "", voicing, shared, scripts)`` a mark;
    ``(_LETTER, marked, dotless, kana, scripts, drawn)`` anything else."""
    if _separator(ch):
        return (_SEP,)
    if modifier and unicodedata.category(ch) == "Lm":
        return (_MODIFIER, _char_kind(ch, False))
    if ch == _IOTA_BELOW:  # a letter in upper case ("ᾳ", "ΑΙ"): the iota it is
        return (_SPELT, "ι")
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
        small = _COMBINING_LETTER.fullmatch(unicodedata.name(ch, ""))
        shared = bool(_SHARED_MARK.match(ch))
        return (_MARK, small[1].lower() if small else "", ch in _VOICING, shared, scripts_of(ch) or frozenset())
    number = _number(ch)
    if number is not None:
        return (_SPELT, number)
    scripts = scripts_of(ch) or frozenset()
    marked = _marked_letter(ch) or bool(scripts & _UNMARKED_SCRIPTS)
    kana = bool(scripts & _KANA) or ch in _kana_as_han()
    return (_LETTER, marked, ch in _DOTLESS, kana, scripts, _letter_of(ch))


def _modifier_as_letter(ch: str) -> str | None:
    """The letter the modifier letter ``ch`` draws small and raised
    (:data:`_MODIFIER_LETTER`, through :func:`_letter_of`: "ᵎ" is "i", "ᴻ"
    "N"), or its NFKC letters ("ᵃ" is "a"); None for any other character."""
    if unicodedata.category(ch) != "Lm":
        return None
    name = unicodedata.name(ch, "")
    if _MODIFIER_I.fullmatch(name):
        return "i"
    nfkc = unicodedata.normalize("NFKC", ch)
    if nfkc != ch and all(unicodedata.category(c)[0] == "L" for c in nfkc):
        return nfkc
    named = _MODIFIER_LETTER.fullmatch(name)
    if not named:
        return None
    prefixes = ("LATIN SMALL LETTER ",) if named[1] == "SMALL" else ("LATIN CAPITAL LETTER ", "LATIN LETTER SMALL CAPITAL ")
    for prefix in prefixes:
        try:
            return _letter_of(unicodedata.lookup(prefix + named[2]))
        except KeyError:
            continue
    return None


def _modifiers_as_letters(text: str) -> str:
    """``text`` with each modifier letter beside a Latin letter as the letter it
    draws (:func:`_modifier_as_letter`): "Mᵎra" is "Mira", where the
    separator fold reads "Mra"."""
    if text.isascii():  # no modifier letters
        return text
    out = list(text)
    for i, ch in enumerate(text):
        letter = _modifier_as_letter(ch)
        if letter is not None and any("Latin" in (scripts_of(c) or ()) for c in text[max(i - 1, 0) : i] + text[i + 1 : i + 2]):
            out[i] = letter
    return "".join(out)


def _cjk(ch: str) -> bool:
    """Whether ``ch`` is a letter of Han, kana, Hangul or Bopomofo (the scripts a name may join to Latin)."""
    return unicodedata.category(ch)[0] == "L" and bool((scripts_of(ch) or frozenset()) & _CJK)


def _signs_as_letters(text: str) -> str:
    """``text`` with each sign beside a Han character or a kana
    (:data:`_CJK_SIGNS`, dashes, squares and circles) as the Han
    character it draws ("-郎" is "一郎", "□ミオ" "口ミオ"), and each picture
    beside a Latin letter as the letter it draws (:data:`_PICTURE_LETTERS`:
    "Nikazb❌" is "Nikazbx")."""
    out = list(text)
    for i, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if cat[0] not in "PS":
            continue
        near = text[max(i - 1, 0) : i] + text[i + 1 : i + 2]
        if cat[0] == "S" and any(_latin(c) for c in near):
            name = unicodedata.name(ch, "")
            out[i] = next((letter for drawn, letter in _PICTURE_LETTERS if drawn.fullmatch(name) and "CIRCLED" not in name), ch)
            continue
        if not any(_cjk(c) for c in near):
            continue
        if ch in _CJK_SIGNS:
            out[i] = _CJK_SIGNS[ch]
        elif cat == "Pd":
            out[i] = "一"
        elif cat[0] == "S" and (shape := _CJK_SHAPES.fullmatch(unicodedata.name(ch, ""))):
            out[i] = "口" if shape[1] == "SQUARE" else "〇"
    return "".join(out)


def _keys_of(text: str, nfkc: bool = True) -> list[str]:
    """The keys of one spelling ``text``: the skeletons of its lower- and
    upper-case forms and of it as written, case-folded.  The upper-case
    form's key meets lower-case ones on purpose: the skeleton draws a
    capital I, and every letter drawn as one stroke, as "l" (the Cyrillic
    palochka "ӏ", which confusables.txt maps to "i", reaches "l" only by its
    capital "Ӏ"), so "Еӏӏа" is "Ella" — and "Ciara" is "Clara" (CIARA reads
    ClARA), a fold kept for the stroke letters' sake.  ``nfkc`` False: the
    forms of ``text`` as written, before NFKC (:func:`name_keys`)."""
    if nfkc:
        low = case_folded(text)
        up = unicodedata.normalize("NFKC", unicodedata.normalize("NFD", low).upper())
    else:
        low, up = text.lower(), text.upper()
    return [_key(low), _key(up), _key(text)]


@functools.lru_cache(maxsize=4096)
def _fold(key: str) -> str:
    """``key`` with its separators folded (:func:`separators_folded`); ""
    when nothing is left."""
    return unicodedata.normalize("NFC", separators_folded(key))


#: the sharp s, which case folding spells "ss", as the letter it is drawn
#: like: "ß" as Greek "β" (whose capital is "B"), "ẞ" as "B" ("ẞob" and
#: "ßob" are "Bob" too, as well as "SSob")
_SHARP_S = str.maketrans({"ß": "β", "ẞ": "B"})


def name_keys(name: str) -> list[str]:
    """The keys a claimed name holds (lobby.accounts), the lower-case
    letter key first: for the name (NFKC, spaces collapsed) and, where NFKC
    changes it, for it as written (:func:`_keys_of`: NFKC turns some
    confusables into letters the skeleton does not map back, "ϲ" the lunate
    sigma drawn "c" becomes "ς", so "Jaϲk" would miss "Jack"), then the same
    for it with its separators folded (:func:`separators_folded`, before
    and after the skeleton, which makes some letters dashes and dots).  Two
    names clash when they share a key: "Mira", "MIRA", "Мира" (Cyrillic),
    "Mi·ra", "Mi ra", "Mira." and "Mı̇ra" do, "Ill" and "lll" do, "Еӏӏа"
    (Cyrillic, a palochka) and "Ella" do; "Ann" and "Anna" do not.  A sign
    drawn as a letter (:data:`_LETTER_SIGNS`) gives the keys of that letter
    in its place too: "M!ra" and "Mir@" are "Mira", "Nikaz6x" "Nikazbx"; so
    does a modifier letter beside a Latin letter ("Mᵎra":
    :func:`_modifiers_as_letters`) and a sign beside a Han character or a
    kana ("-郎" is "一郎") or a picture beside a Latin letter ("Nikazb❌" is
    "Nikazbx": :func:`_signs_as_letters`), and a sharp s that of the letter
    it is drawn as ("ẞob" is "Bob": :data:`_SHARP_S`)."""
    base = " ".join(unicodedata.normalize("NFKC", name).split())
    written = " ".join(name.split())
    keys = _keys_of(base)
    spellings = [base]
    if unicodedata.normalize("NFKC", written) != written:
        keys += _keys_of(written, nfkc=False)
        spellings.append(written)  # a modifier letter NFKC makes a letter folds as written ("Miꝰra")
    folded = [_fold(k) for k in dict.fromkeys([*keys, *(k for text in spellings for k in _keys_of(separators_folded(text, shared_marks=True)))])]
    if not _marks().isdisjoint(base) and any(_COMBINING_LETTER.fullmatch(unicodedata.name(ch, "")) for ch in base):
        folded += [_fold(k) for k in _keys_of(separators_folded(base, small_letters=True))]
    keys = list(dict.fromkeys(k for k in [*keys, *folded] if k))
    signed = [spelt for k in keys if (spelt := k.translate(_LETTER_SIGNS)) != k]  # "m!ra", also from a skeleton's "!" ("ǃ")
    signed += [spelt for spelt in (_modifiers_as_letters(written), _signs_as_letters(written), written.translate(_SHARP_S)) if spelt != written]
    return list(dict.fromkeys([*keys, *(k for spelling in dict.fromkeys(signed) for k in name_keys(spelling))]))  # each once: a sign-in counts a failure on each


def _folded_keys(name: str) -> list[str]:
    """The lower-case keys of ``name`` with its separators folded."""
    base = unicodedata.normalize("NFKC", name)
    return [k for k in (_fold(k) for k in letter_keys(separators_folded(base))) if k]


def name_keys_v1(name: str) -> list[str]:
    """The keys :func:`name_keys` gave before the upper-case form (accounts
    claimed then hold these until :meth:`lobby.accounts.Accounts.upgrade_names`
    adds the new ones): the skeleton of the name case-folded and as typed."""
    base = " ".join(unicodedata.normalize("NFKC", name).split())
    return sorted({_key(form) for form in (base.casefold(), base)})


def lookup_keys(name: str) -> list[str]:
    """The keys to look an account up by for ``name``: :func:`name_keys`
    (its letter keys first, the folded ones after), then the older
    :func:`name_keys_v1` ones it lacks.  The first held names the account:
    two accounts claimed before a fold that now share a folded key are each
    found by their own letter keys."""
    keys = name_keys(name)
    return keys + [k for k in name_keys_v1(name) if k not in keys]


@functools.lru_cache(maxsize=4096)
def _key_set(name: str) -> frozenset[str]:
    return frozenset(name_keys(name))


def mark_text(mark: int) -> str:
    """How a seat's ``mark`` (an int from 2) is drawn after its name, as the
    browser draws it (static/games/seats.js ``markText``): "②" .. "⑳",
    then "(21)"."""
    return chr(0x2460 + mark - 1) if 2 <= mark <= 20 else f"({mark})"


def shown_name(name: str, mark: int = 0) -> str:
    """A seat's name as a table shows it: ``name``, then its mark after a
    space when it has one ("Ana ②")."""
    return f"{name} {mark_text(mark)}" if mark else name


def clashes(name: str, shown: Iterable[str]) -> bool:
    """Whether ``name`` shares a name key (:func:`name_keys`) with any of
    the names in ``shown`` (strings): it would read as one of them."""
    mine = _key_set(name)
    return any(mine & _key_set(other) for other in shown)


@functools.lru_cache(maxsize=256)
def list_marks(names: tuple[str, ...]) -> tuple[int, ...]:
    """The mark of each of ``names`` (a list shown together, in its order:
    a leaderboard's page, an arena's standings), as a table marks its
    seats: 0 for a name that reads as none before it, else its
    :func:`distinct_mark` against those before it (with their marks), so
    two players of one list never read alike ("Zed", "ZED ②"). Cached by
    the tuple: followers of one arena read the same list."""
    shown: list[str] = []
    marks = []
    for name in names:
        mark = distinct_mark(name, shown)
        marks.append(mark)
        shown.append(shown_name(name, mark))
    return tuple(marks)


def mark_rows(rows: list[dict[str, Any]]) -> None:
    """Give each row of a list shown together (``{"name": str | None, ...}``,
    in its order) the ``mark`` of :func:`list_marks` where it has one (a
    row without a name gets none)."""
    for row, mark in zip(rows, list_marks(tuple(row["name"] or "" for row in rows))):
        if mark and row["name"]:
            row["mark"] = mark


def distinct_mark(name: str, shown: Iterable[str]) -> int:
    """The mark that tells ``name`` apart at a table whose other seats show
    the names ``shown`` (strings, marks included: :func:`shown_name`): 0
    when ``name`` clashes with none (:func:`clashes`), else the smallest
    n >= 2 with which it clashes with none ("Ana" beside "Ana" and "ANA ②":
    3).  Every name the table shows then has keys of its own."""
    others = list(shown)
    if not clashes(name, others):
        return 0
    mark = 2
    while clashes(shown_name(name, mark), others):
        mark += 1
    return mark
