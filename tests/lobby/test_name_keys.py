"""Account name keys do not depend on letter case (the fifth break-it pass,
tests/../account_lookalike: an account "Emma94" was claimed, then a guest
signed in as "ЕММА94" in Cyrillic capitals and claimed it too, while the
Latin "EMMA94" was refused: the skeleton of small letters maps "m" to "rn"
and leaves "М" an "m", so "Tom" and "ТОМ" shared no key)."""

import unicodedata

import pytest

from lobby.protocol import _prototypes, case_folded, name_keys


def _casings(ch):
    return {ch, ch.upper(), ch.lower(), ch.title(), ch.casefold()}


def test_every_casing_of_every_character_has_the_same_keys():
    """Any letter of Unicode in any case (upper, lower, title, folded)
    gives one set of keys, alone and inside a name."""
    differ = []
    for cp in range(0x110000):
        ch = chr(cp)
        forms = _casings(ch)
        if len(forms) == 1:
            continue
        if len({tuple(name_keys(f)) for f in forms}) > 1 or len({tuple(name_keys(f"Ann{f}x")) for f in forms}) > 1:
            differ.append(ch)
    assert not differ, f"{len(differ)} characters, e.g. {differ[:20]}"


@pytest.mark.parametrize("name", ["Emma94", "Tom", "Sam", "Kim", "Ill", "Zoë", "Straße", "İsmail", "Ωmega", "ǅemal", "Ann-Marie"])
def test_every_casing_of_a_name_has_the_same_keys(name):
    forms = {name, name.upper(), name.lower(), name.title(), name.casefold(), name.swapcase()}
    assert len({tuple(name_keys(f)) for f in forms}) == 1, {f: name_keys(f) for f in forms}


@pytest.mark.parametrize(
    ("latin", "look_alike"),
    [("Emma94", "ЕММА94"), ("Tom", "ТОМ"), ("Sam", "SАМ"), ("Kim", "КIМ"), ("Ann", "Аnn"), ("Ann", "Ａｎｎ"), ("Emma", "ЕММА"), ("Tom", "том")],
)
def test_look_alikes_in_another_script_share_a_key(latin, look_alike):
    assert set(name_keys(latin)) & set(name_keys(look_alike)), (name_keys(latin), name_keys(look_alike))


def test_every_confusable_shares_a_key_with_its_prototype_in_every_case():
    """Over Unicode's confusables table (one unmarked character for one): a character that is its own case
    form (so no other casing of it folds it elsewhere) shares a key with
    its prototype, and so does every casing of it."""
    apart = []
    for src, proto in _prototypes().items():
        if any(unicodedata.normalize("NFKC", c) != c or len(unicodedata.normalize("NFD", c)) != 1 for c in (src, proto)):
            continue  # one letter for one, unmarked: NFKC and marks go their own way before the skeleton
        if any(c not in (case_folded(c), case_folded(c).upper()) for c in (src, proto)):
            continue  # a casing of another letter ("ſ" is an s, "ς" a σ), whose keys it has
        theirs = set(name_keys(proto))
        if any(not set(name_keys(form)) & theirs for form in _casings(src)):
            apart.append((src, proto))
    assert not apart, f"{len(apart)}, e.g. {apart[:20]}"


def test_a_key_is_not_a_key_of_a_different_name():
    assert set(name_keys("Ann")).isdisjoint(name_keys("Anna"))
    assert set(name_keys("Tom")).isdisjoint(name_keys("Tim"))
    assert set(name_keys("Emma")).isdisjoint(name_keys("Erna"))  # "rn" is one key of "m" only in lower case
