"""Which scripts a player name may be written in: Unicode's answer to
look-alike names (UTS #39 section 5.2, restriction level "Highly
Restrictive", over the Recommended scripts of UAX #31 table 4).

Folding look-alikes into name keys (:mod:`lobby.name_keys`) has no end:
every rarely used script brings its own "o" and "l".  So a name's letters
come from one script, or from Latin with Han and Japanese kana, with Han
and Bopomofo, or with Han and Hangul (never with a lone jamo or Bopomofo
letter, whose circles and strokes read as Latin letters: "Tㅇm");
characters of every script (digits,
spaces, punctuation, most marks and symbols) go with any.  Scripts used
by no living community for names (Old Italic, Canadian syllabics, NKo,
Coptic, Tai Le, Yi, ...: UAX #31's Excluded and Limited Use) are refused,
and so are symbols that draw a letter ("🅐", "🇦": Unicode names them
LETTER).  Script_Extensions decide where a character is shared ("ー" is
Hiragana and Katakana, "ـ" Arabic and others).  Sans-I/O; the property
data is the ``regex`` module's (the newest Unicode Python offers).
"""

from __future__ import annotations

import functools
import unicodedata

import regex

#: UAX #31 table 4, Recommended scripts (Unicode 16)
RECOMMENDED = (
    "Latin", "Greek", "Cyrillic", "Armenian", "Hebrew", "Arabic", "Thaana", "Devanagari", "Bengali", "Gurmukhi", "Gujarati",
    "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Tibetan", "Myanmar", "Georgian",
    "Hangul", "Ethiopic", "Khmer", "Hiragana", "Katakana", "Bopomofo", "Han",
)  # fmt: skip
#: the scripts Latin may be mixed with, each set whole (UTS #39 5.2,
#: Highly Restrictive: Japanese, Chinese with Bopomofo, Korean)
COMBINATIONS = (
    frozenset({"Latin", "Han", "Hiragana", "Katakana"}),
    frozenset({"Latin", "Han", "Bopomofo"}),
    frozenset({"Latin", "Han", "Hangul"}),
)
#: letters that stand alone as shapes: Hangul's jamo outside a syllable
#: (compatibility, halfwidth and conjoining) and the Bopomofo letters;
#: circles, strokes and corners that read as Latin letters ("Tㅇm", "Bㅣake",
#: "ㄚan"), so a name with Latin letters holds none
_LONE_LETTERS = ((0x1100, 0x11FF), (0x3100, 0x312F), (0x3131, 0x318E), (0x31A0, 0x31BF), (0xA960, 0xA97F), (0xD7B0, 0xD7FF), (0xFFA0, 0xFFDC))
_PATTERNS = {script: regex.compile(rf"\p{{scx={script}}}") for script in RECOMMENDED}
_ANY_SCRIPT = regex.compile(r"[\p{scx=Common}\p{scx=Inherited}]")


@functools.lru_cache(maxsize=8192)
def scripts_of(ch: str) -> frozenset[str] | None:
    """The Recommended scripts the character ``ch`` is written in (its
    Script_Extensions among :data:`RECOMMENDED`); None for a character of
    every script (Common or Inherited only: "1", " ", "-", "❤", a combining
    acute); an empty set for one of no Recommended script ("𐌏", "ᗯ")."""
    found = frozenset(script for script, pattern in _PATTERNS.items() if pattern.match(ch))
    if found or not _ANY_SCRIPT.match(ch):
        return found
    return None


def _lone(ch: str) -> bool:
    """Whether ``ch`` is one of :data:`_LONE_LETTERS`."""
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _LONE_LETTERS)


def letter_symbol(ch: str) -> bool:
    """Whether ``ch`` is a symbol drawn as a letter: Unicode's So named
    LETTER ("🅐" negative circled A, "🇦" regional indicator A, "Ⓐ"), or a
    combining mark named a letter ("ͫ" COMBINING LATIN SMALL LETTER M,
    "ᷡ" a small capital N, "ⷠ" a Cyrillic one): a medieval scribe's letter
    drawn small over another, which reads as that letter ("ͫira" for
    "Mira") and writes no name today."""
    cat = unicodedata.category(ch)
    name = f" {unicodedata.name(ch, '')} "
    return (cat == "So" and " LETTER " in name) or (cat == "Mn" and name.startswith(" COMBINING ") and " LETTER " in name)


def script_problem(name: str) -> str | None:
    """Why ``name`` (a string) mixes scripts as no name may, as a
    ``bad_name`` reason: ``"script"`` for a character of a script no name
    is written in (:func:`scripts_of` empty) or a letter symbol or
    combining letter (:func:`letter_symbol`), ``"mixed_scripts"`` for letters of two scripts
    that are no :data:`COMBINATIONS` ("Tоm" with a Cyrillic о, "Annα"),
    or Latin with a lone jamo or Bopomofo letter ("Tㅇm", "ㄚan");
    None for a name of one script or an allowed mix ("山田Taro", "김Min")."""
    found: list[frozenset[str]] = []
    name = unicodedata.normalize("NFC", name)  # a syllable's jamo composed: those left are lone
    if any(_lone(ch) for ch in name) and any("Latin" in (scripts_of(ch) or ()) for ch in name):
        return "mixed_scripts"
    for ch in name:
        if letter_symbol(ch):
            return "script"
        scripts = scripts_of(ch)
        if scripts is None:
            continue
        if not scripts:
            return "script"
        found.append(scripts)
    if not found or frozenset.intersection(*found):
        return None
    if any(all(scripts & combination for scripts in found) for combination in COMBINATIONS):
        return "mixed_scripts" if _cjk_in_latin_word(name) else None
    return "mixed_scripts"


#: the scripts a name may join to Latin (:data:`COMBINATIONS`)
_CJK = frozenset().union(*COMBINATIONS) - {"Latin"}


def _latin(ch: str) -> bool:
    return unicodedata.category(ch)[0] == "L" and "Latin" in (scripts_of(ch) or ())


def _cjk_in_latin_word(name: str) -> bool:
    """Whether a run of CJK letters (or numbers: "〡") stands inside a Latin
    word, Latin letters touching it on both sides ("Ki丨opa", "Kil口pa"), or
    one Han or kana character touches a Latin letter ("Nikazb乂"): there it
    reads as the Latin letter it is drawn like.  Words of each script side
    by side are names ("山田Taro", "Taro 山田", "Ann李明", "김Min")."""
    chars = [ch for ch in name if not unicodedata.category(ch).startswith("M")]
    i = 0
    while i < len(chars):
        if unicodedata.category(chars[i])[0] in "LN" and (scripts_of(chars[i]) or frozenset()) & _CJK:
            j = i
            while j < len(chars) and unicodedata.category(chars[j])[0] in "LN" and (scripts_of(chars[j]) or frozenset()) & _CJK:
                j += 1
            before = i > 0 and _latin(chars[i - 1])
            after = j < len(chars) and _latin(chars[j])
            lone = j - i == 1 and "Hangul" not in (scripts_of(chars[i]) or ())  # a syllable draws no Latin letter: "김Min"
            if (before and after) or ((before or after) and lone):
                return True
            i = j
        else:
            i += 1
    return False
