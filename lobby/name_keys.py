"""The keys that make two player names the same name: Unicode's skeleton
(UTS #39 confusables, :func:`skeleton`) and case folding (:func:`case_folded`)
of the name with what draws nothing dropped (:func:`ignorable`), and the
same again with what separates words folded away (:func:`separators_folded`:
spaces, dashes, middle dots, a full stop at the end, a dot over a dotted
letter).  A claimed account holds its name's keys (:func:`name_keys`); a
name is free when none of its :func:`lookup_keys` is held.  At a table,
names that share a key are told apart by a mark (:func:`distinct_mark`:
"Ana ②").  Sans-I/O.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import confusables

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


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> the string it is mapped to in a
    skeleton.  The data lists, for every source character of Unicode's
    confusables.txt, its prototype, and for every prototype its sources; a
    prototype is never a source, so a character with one entry is a source
    unless that entry names it back as its only one (a pair: both go to
    the smaller), and a character with several is a prototype (kept)."""
    data = confusables.confusables_data
    out: dict[str, str] = {}
    for ch, entries in data.items():
        if len(ch) != 1 or len(entries) != 1:
            continue
        other = entries[0]["c"].translate(_MARKS)
        back = data.get(entries[0]["c"], [])
        if len(other) == 1 and len(back) == 1:
            out[ch] = min(ch, other)
        else:
            out[ch] = other
    return out


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, default ignorables dropped,
    each confusable character replaced by its prototype, NFD again."""
    table = _prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text) if not ignorable(ch)))


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


def _key(form: str) -> str:
    return unicodedata.normalize("NFKC", skeleton(form)).casefold()


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


#: the middle dots, bullets and raised dots drawn between words ("Mi·ra",
#: "マイケル・ジャクソン", "Boㆍb": the Hangul araea, and its NFKC form, a
#: Korean keyboard types for "·"), and what the skeleton makes of them ("·");
#: tests/lobby/test_name_keys.py holds it to every punctuation Unicode names
#: a middle or raised dot
_DOTS = frozenset(
    "\u00b7\u0387\u16eb\u1427\u18df\u2022\u2027\u2219\u22c5\u2981\u2e31\u2e33\u30fb\u318d\u119e\uff65\ua78f\U00010101"
)
#: the full stops a name may end in ("Mira.", "Mira。", "Mira܁"): every
#: punctuation Unicode names a full stop (the test holds it to the data),
#: and what NFKC and the skeleton make of "․", "‥", "…" ("." and "˳")
_STOPS = frozenset(
    ".\u0589\u06d4\u0701\u0702\u1362\u166e\u1803\u1809\u2024\u2025\u2cf9\u2cfe\u2e3c\u3002\ua4ff\ua60e\ua6f3"
    "\ufe12\ufe52\uff0e\uff61\u02f3\U00016af5\U00016e98\U0001bc9f\U0001da88"
)
#: letters drawn with a dot that a dot above does not add to (Unicode's
#: Soft_Dotted letters a key may hold after NFKC; their capitals too, so that
#: "İ" folds as its small "i̇" does), and the dotless i and j, which a dot
#: above makes i and j ("ı" + U+0307 draws "i")
_DOTTED = frozenset("ijıȷɉɨʝϳіјᶖᶤᶨᴉ" "\u012f\u1e2d\u1ecb")
_DOT_ABOVE = "\u0307"
#: the dotless letters a dot above makes dotted
_DOTLESS = {"ı": "i", "ȷ": "j"}


def _separator(ch: str) -> bool:
    """A space of any width (Unicode's Zs), a dash (Pd) or a look-alike of
    one (the skeleton's "-", minus signs), or a middle dot (:data:`_DOTS`)."""
    return ch == "-" or ch in _DOTS or unicodedata.category(ch) in ("Zs", "Pd")


def separators_folded(text: str) -> str:
    """``text`` (NFD) without what makes no other name: every space, dash
    and middle dot (:func:`_separator`: "Mi ra", "Mi\u00a0ra", "Mi\u200ara",
    "Mi-ra", "Mi–ra", "Mi·ra" and "Mira" are one name), the full stops at
    its end (:data:`_STOPS`: "Mira." and "Mira。" are "Mira"), and a dot
    above (U+0307) that is the first mark above a dotted or dotless i or j
    (:data:`_DOTTED`: "Mı̇ra" and "Mi̇ra" draw "Mira")."""
    out: list[str] = []
    at, above = -1, False  # where the last letter is in out, and whether a mark above it was seen
    for ch in unicodedata.normalize("NFD", text):
        if _separator(ch):
            continue
        if unicodedata.combining(ch):
            if ch == _DOT_ABOVE and at >= 0 and (out[at] in _DOTTED or out[at].lower() in _DOTTED) and not above:
                out[at] = _DOTLESS.get(out[at], out[at])
                above = True
                continue
            above = above or unicodedata.combining(ch) == 230
        else:
            at, above = len(out), False
        out.append(ch)
    while out and out[-1] in _STOPS:
        out.pop()
    return "".join(out)


def name_keys(name: str) -> list[str]:
    """The keys a claimed name holds (lobby.accounts): its
    :func:`letter_keys`, then those of it with its separators folded
    (:func:`separators_folded`, before and after the skeleton, which makes
    some letters dashes and dots); two to four strings, the lower-case
    letter key first.  Two names clash when they share a key: "Mira",
    "MIRA", "Мира" (Cyrillic), "Mi·ra", "Mi ra", "Mira." and "Mı̇ra" do;
    "Ann" and "Anna" do not.  Keeping the letter keys keeps every clash of
    version 2 ("Mi—ra" and "Mi一ra": the skeleton draws both dashes "ー")."""
    return list(dict.fromkeys([*letter_keys(name), *_folded_keys(name)]))


def _folded_keys(name: str) -> list[str]:
    """:func:`name_keys`' keys of ``name`` with its separators folded."""
    folded = (unicodedata.normalize("NFC", separators_folded(k)) for k in letter_keys(separators_folded(unicodedata.normalize("NFKC", name))))
    return [k for k in folded if k]


def name_keys_v1(name: str) -> list[str]:
    """The keys :func:`name_keys` gave before the upper-case form (accounts
    claimed then hold these until :meth:`lobby.accounts.Accounts.upgrade_names`
    adds the new ones): the skeleton of the name case-folded and as typed."""
    base = " ".join(unicodedata.normalize("NFKC", name).split())
    return sorted({_key(form) for form in (base.casefold(), base)})


def folded_key(name: str) -> str:
    """The one key every spelling of ``name`` that :func:`name_keys` folds
    together shares (its lower-case letters' key with the separators
    folded): what failed sign-ins at a name no account holds are counted
    by, so that "Tor-mundq" and "Tor mundq" count as one name, as they
    would for an account."""
    return min(_folded_keys(name) or letter_keys(name))


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
