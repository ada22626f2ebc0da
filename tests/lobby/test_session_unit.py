"""The session as a unit: frames in, frames out, no sockets and no Redis.

A :class:`Session` handed a stand-in lobby (rooms that record what they are
asked) shows the contract of :meth:`Session.handle_frame`: every refusal is
an error frame with a code to this connection alone, and a refused frame
reaches no table."""

from __future__ import annotations

import msgpack
import redis.exceptions

from lobby.config import Settings
from lobby.fanout import Fanout
from lobby.protocol import CLIENT_TYPES, ErrorCode, encode
from lobby.session import Conn, Session
from lobby.tables import LobbyError


class Rooms:
    """Records each move; answers version 7, or raises ``fail`` when set."""

    def __init__(self):
        self.moves, self.fail = [], None

    async def move(self, table_id, pid, turn, move):
        if self.fail is not None:
            raise self.fail
        self.moves.append((table_id, pid, turn, move))
        return 7


class Lobby:
    def __init__(self):
        self.settings, self.store, self.rooms, self.fanout, self.table_list = Settings(), None, Rooms(), Fanout(None, lambda: None), None


def session(pid="p1"):
    s = Session(Lobby(), None)
    s.conn = Conn(None, 16)
    s.conn.pid = pid
    return s


def sent(s):
    out = []
    while not s.conn.queue.empty():
        out.append(msgpack.unpackb(s.conn.queue.get_nowait()))
    return out


MOVE = {"t": "move", "table": "t1", "turn": "3", "move": {"type": "roll"}, "ref": 4}


def test_every_client_message_type_has_one_handler():
    handlers = {name[3:] for name in dir(Session) if name.startswith("on_")}
    assert handlers == set(CLIENT_TYPES)


async def test_a_move_goes_to_rooms_as_the_signed_in_player_and_is_acknowledged():
    s = session()
    await s.handle_frame(encode(MOVE))
    assert s.rooms.moves == [("t1", "p1", "3", {"type": "roll"})]
    assert sent(s) == [{"t": "ok", "table": "t1", "version": 7, "ref": 4}]


async def test_refused_frames_are_error_frames_and_reach_no_table():
    s = session()
    for frame in (b"\xc1", encode({**MOVE, "turn": 3}), encode({**MOVE, "t": "nope"}), encode({**MOVE, "extra": 1})):
        await s.handle_frame(frame)
    codes = [f["code"] for f in sent(s)]
    assert codes == [ErrorCode.BAD_FRAME.value] + [ErrorCode.BAD_MESSAGE.value] * 3
    assert s.rooms.moves == []
    anonymous = session(pid=None)
    await anonymous.handle_frame(encode(MOVE))
    assert [(f["code"], f.get("ref")) for f in sent(anonymous)] == [(ErrorCode.NOT_SIGNED_IN.value, 4)]
    assert anonymous.rooms.moves == []


async def test_refusals_of_the_rooms_and_of_redis_keep_their_codes_and_the_ref():
    s = session()
    s.rooms.fail = LobbyError(ErrorCode.TURN_OVER, "that turn is over")
    await s.handle_frame(encode(MOVE))
    s.rooms.fail = redis.exceptions.ConnectionError("gone")
    await s.handle_frame(encode(MOVE))
    s.rooms.fail = RuntimeError("a bug")
    await s.handle_frame(encode(MOVE))
    got = [(f["t"], f["code"], f.get("ref")) for f in sent(s)]
    assert got == [("error", c.value, 4) for c in (ErrorCode.TURN_OVER, ErrorCode.BUSY, ErrorCode.INTERNAL)]
    assert not s.conn.closed  # the session lives on
