"""What a table's chat can cost each of its viewers: the per-table limit
(``LOBBY_CHAT_TABLE_LINES`` per ``LOBBY_CHAT_TABLE_WINDOW_MS``) times the
largest line the server frames bounds the bytes every spectator receives,
whoever chats and however many."""

from lobby.chat_store import chat_line
from lobby.config import Settings
from lobby.protocol import encode
from lobby.redis_values import pack
from lobby.text import MAX_CHAT, MAX_NAME

#: what one viewer may be sent by chat alone (bytes/s): the table's own
#: deltas and the list's pushes share the 10 KB/s every client action may
#: cost another
CHAT_BUDGET_BYTES_PER_S = 6 * 1024
#: a websocket frame's header, server to client, for a payload under 64 KiB
WS_HEADER_BYTES = 4


def test_a_tables_chat_at_its_limit_costs_each_viewer_at_most_six_kb_a_second():
    """The largest line: a 24-character name and 200 characters, each of
    four UTF-8 bytes, with the longest stream id and a table id; at the
    default limit it stays under the budget."""
    widest = "\U0001f600"
    stored = pack({"at": 2**41, "name": widest * MAX_NAME, "text": widest * MAX_CHAT, "spectator": True})
    line = chat_line(b"99999999999999-9999", stored)
    frame = encode({"t": "chat", "table": "t" * 22, "line": line})
    settings = Settings()
    per_second = (len(frame) + WS_HEADER_BYTES) * settings.chat_table_lines * 1000 / settings.chat_table_window_ms
    assert per_second <= CHAT_BUDGET_BYTES_PER_S, per_second
