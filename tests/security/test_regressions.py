"""Each bug the security tests found in the protocol layer, by its failing input."""

from __future__ import annotations

import pytest

from lobby.protocol import ErrorCode, ProtocolError, decode, parse, peek_ref

from .support import pack


@pytest.mark.parametrize("table", ["tab\n", "abc\n", "x" * 64 + "\n"])
@pytest.mark.parametrize("kind", ["unwatch", "watch", "join", "leave", "start", "sync"])
def test_an_id_with_a_trailing_newline_is_refused(kind, table):
    # `^...$` matched before a final newline: `unwatch` of "tab\n" passed and got no reply
    with pytest.raises(ProtocolError) as exc:
        parse({"t": kind, "table": table})
    assert exc.value.code == ErrorCode.BAD_MESSAGE


@pytest.mark.parametrize(
    "message",
    [
        {"t": "leave", "table": 3},  # id check
        {"t": "unwatch", "table": "a b"},
        {"t": "move", "table": "t", "turn": "x", "move": {"type": "roll", "x": 1.5}},  # payload check
        {"t": "open", "game": "sibala", "options": {"rounds": [1.5]}},
        {"t": "chat", "table": "t", "text": "\u200b"},
    ],
)
def test_every_refusal_echoes_the_ref(message):
    # the id and payload checks raised without the message's ref
    with pytest.raises(ProtocolError) as exc:
        parse({**message, "ref": 7})
    assert exc.value.ref == 7


@pytest.mark.parametrize("text", ["", "   ", "\u200b", "a\u202eb", "a\x00", "\ue000", "c" * 201])
def test_chat_text_is_checked_before_any_table_is_read(text):
    with pytest.raises(ProtocolError) as exc:
        parse({"t": "chat", "table": "t", "text": text})
    assert exc.value.code == ErrorCode.BAD_TEXT and exc.value.reason


def test_chat_markup_is_kept_as_text():
    assert parse({"t": "chat", "table": "t", "text": "<img src=x onerror=alert(1)>"})["text"].startswith("<img")


def test_a_rate_limited_frame_still_names_its_ref():
    assert peek_ref(pack({"t": "ping", "ref": 5})) == 5
    assert peek_ref(pack({"t": "ping", "ref": -1})) is None
    assert peek_ref(b"\xc1") is None and peek_ref("text") is None
    with pytest.raises(ProtocolError):
        decode(b"\x91" * 3000 + b"\xc0")
