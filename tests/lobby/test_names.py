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
        ("   ", "empty"),
        ("", "empty"),
        ("\u3000 ", "empty"),
        ("x" * 25, "length"),
        ("a\u202eb", "control"),
        ("\u3164", "invisible"),
        ("a" + "\u0301" * 6, "marks"),
        ("Ada (bot)", "reserved"),
        # look-alikes of the bots' suffix (found by the break-it pass)
        ("Ann \uff08bot\uff09", "reserved"),  # fullwidth brackets
        ("Ann (b\u043et)", "reserved"),  # Cyrillic o
        ("Ann (bot)\u0301", "reserved"),  # a mark on it
        ("Ann (BOT)", "reserved"),
        # characters that draw nothing, inside or after a name (found by the second break-it pass)
        ("Ze\u034fdf1ac", "hidden"),  # combining grapheme joiner
        ("Zedf1ac\ufe00", "hidden"),  # variation selector 1
        ("Zedf1ac\U000e0100", "hidden"),  # variation selector 17
        ("Zedf1ac\u180b", "hidden"),  # Mongolian free variation selector
        ("Zedf1ac\u3164", "hidden"),  # Hangul filler after letters
        ("Zedf1ac\u2800", "hidden"),  # braille blank after letters
        ("Ada (b\u034fot)", "hidden"),
        ("Ada (bot\ufe0f)", "hidden"),  # emoji form after a letter
        # look-alikes the confusables data leaves apart
        ("Ada (bo\u0442)", "reserved"),  # Cyrillic te
        ("Ada (\u0299ot)", "reserved"),  # small capital B
        ("Ada \u2985bot\u2986", "reserved"),  # white parentheses
        # the pages' other markers and their look-alikes (the third break-it pass:
        # "Ann (away, a bot played)" read as an away seat's bot move, "Ada（机器人）" as a bot in 中文)
        ("Ann (away, a bot played)", "bracket"),
        ("A (away, a bot played)", "bracket"),
        ("Ann\uff08\u6258\u7ba1\uff09", "bracket"),  # Ann（托管）
        ("Ada\uff08\u673a\u5668\u4eba\uff09", "bracket"),  # Ada（机器人）
        ("Bo (left)", "bracket"),
        ("Bo\uff08\u5df2\u79bb\u5f00\uff09", "bracket"),  # Bo（已离开）
        ("bot (away)", "bracket"),
        ("Bo \u3010x\u3011", "bracket"),  # 【x】
        ("Bo (left)\u0301 ", "bracket"),  # a mark and a space after it
        ("Bob (NYC)", "bracket"),  # any bracket at the end: where pages write markers
    ],
)
def test_bad_names_say_which_check_failed(name, reason):
    """One code, bad_name, and a reason per check: the client words each
    in its language ('Ada (bot)' is not too long, its name is reserved)."""
    with pytest.raises(ProtocolError) as exc:
        clean_name(name)
    assert exc.value.reason == reason


@pytest.mark.parametrize("name", ["empty", "EMPTY", "Seat 1", "seat  12", "Seat1", "ＳＥＡＴ　３", "Bot", "bot 1", "Bot 2", "you", "You", "空位", "座位 1", "座位３", "机器人", "机器人 1", "你"])
def test_page_words_are_not_names(name):
    """A name that reads as the page's own seat words in either language
    (a free seat, a seat's label, a bot, ourselves) is refused with its own
    reason, after the name folding (case, widths, spaces, look-alikes)."""
    with pytest.raises(ProtocolError) as exc:
        clean_name(name)
    assert exc.value.reason == "page_word"


@pytest.mark.parametrize("name", ["Seatbelt", "Bot 1a", "Botany", "You2", "Empty Ann", "空位子", "座位一号", "机器人小明", "Ada", "Yours", "Boto", "Seat l"])
def test_names_near_page_words_are_names(name):
    """Only the words themselves (and the numbered ones with a number) are refused."""
    assert clean_name(name) == name


@pytest.mark.parametrize("name", ["Zoë", "李雷", "<b>x</b>", "\u00e1" + "\u0301" * 4, "Robot", "(bot) Ann", "Abbot", "Ann\u2764\ufe0f", "Bob (NYC) Lee", "Ann :-("])
def test_good_names(name):
    assert clean_name(name) == name


@pytest.mark.parametrize("text", ["line\u2028break", "para\u2029break", "z" + "\u0300" * 9, "\u034f\u034f", "\u3164", "\u2800\ufe0f"])
def test_bad_chat(text):
    with pytest.raises(ProtocolError):
        clean_text(text, 200)


def test_a_name_with_an_ignorable_inside_holds_the_key_of_the_name_without_it():
    """UTS #39 skeletons drop default ignorables: were one ever let into a
    name, it could not make a second account look like the first."""
    from lobby.protocol import name_keys

    assert name_keys("Ze\u034fdf1ac") == name_keys("Zedf1ac")
