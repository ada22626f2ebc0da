"""Names and chat lines that would render invisible, misleading or overflowing
are refused (found by trying to break the lobby)."""

import pytest

from lobby.protocol import ProtocolError, clean_name, clean_text


@pytest.mark.parametrize("name", ["\u3164", "\uffa0", "\u115f", "\u2800\u2800", "Ada (bot)", "ada(BOT)", "a" + "\u0301" * 6, "x\u2028y", "x\u2029y", "a\u202eb"])
def test_bad_names(name):
    with pytest.raises(ProtocolError) as exc:
        clean_name(name)
    assert exc.value.code.value == "bad_name"


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        (7, "not_text"),
        ("   ", "length"),
        ("x" * 25, "length"),
        ("a\u202eb", "control"),
        ("\u3164", "invisible"),
        ("a" + "\u0301" * 6, "marks"),
        ("Ada (bot)", "reserved"),
    ],
)
def test_bad_names_say_which_check_failed(name, reason):
    """One code, bad_name, and a reason per check: the client words each
    in its language ('Ada (bot)' is not too long, its name is reserved)."""
    with pytest.raises(ProtocolError) as exc:
        clean_name(name)
    assert exc.value.reason == reason


@pytest.mark.parametrize("name", ["Zoë", "李雷", "<b>x</b>", "\u00e1" + "\u0301" * 4, "Robot", "bot"])
def test_good_names(name):
    assert clean_name(name) == name


@pytest.mark.parametrize("text", ["line\u2028break", "para\u2029break", "z" + "\u0300" * 9])
def test_bad_chat(text):
    with pytest.raises(ProtocolError):
        clean_text(text, 200)
