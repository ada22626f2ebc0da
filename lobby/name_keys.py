"""The keys that make two player names the same name: Unicode's skeleton
(UTS #39 confusables, :func:`skeleton`) and case folding (:func:`case_folded`)
of the name with what draws nothing dropped (:func:`ignorable`).  A claimed
account holds its name's keys (:func:`name_keys`); a name is free when none
of its :func:`lookup_keys` is held.  Sans-I/O.
"""

from __future__ import annotations

import functools
import unicodedata

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


def name_keys(name: str) -> list[str]:
    """The keys a claimed name holds (lobby.accounts): the skeletons of its
    lower- and its upper-case form (:func:`case_folded`), case-folded; one
    or two strings, the lower-case one first.  Two names clash when they
    share a key.  The keys do not depend on the name's letter case: "Tom",
    "TOM" and "ТОМ" (Cyrillic) share "tom", which the skeleton of the small
    letters alone would miss (it maps "m" to "rn", "м" to "ʍ")."""
    low = case_folded(" ".join(unicodedata.normalize("NFKC", name).split()))
    up = unicodedata.normalize("NFKC", unicodedata.normalize("NFD", low).upper())
    return list(dict.fromkeys((_key(low), _key(up))))


def name_keys_v1(name: str) -> list[str]:
    """The keys :func:`name_keys` gave before the upper-case form (accounts
    claimed then hold these until :meth:`lobby.accounts.Accounts.upgrade_names`
    adds the new ones): the skeleton of the name case-folded and as typed."""
    base = " ".join(unicodedata.normalize("NFKC", name).split())
    return sorted({_key(form) for form in (base.casefold(), base)})


def lookup_keys(name: str) -> list[str]:
    """The keys to look an account up by for ``name``: :func:`name_keys`,
    then the older :func:`name_keys_v1` ones it lacks."""
    keys = name_keys(name)
    return keys + [k for k in name_keys_v1(name) if k not in keys]
