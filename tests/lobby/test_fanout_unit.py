"""Fan-out as a pure unit: a stand-in store, no sockets, no Redis."""

from __future__ import annotations

import msgpack

from lobby import tables
from lobby.fanout import Conn, Fanout


class Store:
    """Just what Fanout.attach needs: the latest (version, doc) of a table."""

    def __init__(self, version, doc):
        self.version, self.doc = version, doc

    async def load_room(self, table_id):
        return self.version, self.doc

    async def watch(self, *args):
        pass

    async def publish_lobby(self):
        pass

    async def follow(self, *args):
        pass

    def room_channel(self, table_id):
        return table_id


def frames(conn):
    out = []
    while not conn.queue.empty():
        out.append(msgpack.unpackb(conn.queue.get_nowait()))
    return out


async def test_attach_that_loads_a_newer_version_delivers_it_to_everyone():
    doc = tables.new_table("t1", "sibala", now=0, seats=2, turn_ms=5000)
    store = Store(2, doc)
    fan = Fanout(store, lambda: None)
    first = Conn(None, 16)
    await fan.attach(first, "t1", None)
    assert [f["t"] for f in frames(first)] == ["snapshot"]
    # a join commits version 3; the newcomer's attach loads it before pub/sub brings it
    joined, _, _ = tables.join(doc, "p1", "Ann", None, 1, bytes(32))
    store.version, store.doc = 3, joined
    second = Conn(None, 16)
    await fan.attach(second, "t1", "p1")
    got = frames(first)
    assert [(f["t"], f["base"], f["version"]) for f in got] == [("delta", 2, 3)]
    assert frames(second)[0]["version"] == 3
    # the pub/sub copy of version 3 arriving late changes nothing
    fan.deliver("t1", 3, joined)
    assert frames(first) == [] and frames(second) == []


def test_a_delta_framed_once_is_what_websockets_would_write():
    from websockets.protocol import State
    from websockets.server import ServerProtocol

    from lobby.fanout import frame_bytes

    protocol = ServerProtocol()
    protocol.state = State.OPEN
    for n in (0, 1, 125, 126, 127, 65535, 65536, 70000):  # each length encoding and its edges
        data = bytes(range(256)) * (n // 256) + bytes(range(n % 256))
        protocol.send_binary(data)
        assert frame_bytes(data) == b"".join(protocol.data_to_send()), n
