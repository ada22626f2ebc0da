"""Fan-out as a pure unit: a stand-in store, no sockets, no Redis."""

from __future__ import annotations

import asyncio

import jsonpatch
import msgpack

from lobby import tables
from lobby.channels import ChatLine
from lobby.fanout import Fanout
from lobby.session import Conn


class Store:
    """Just what Fanout.attach needs: the latest (version, doc) of a table (no chat)."""

    def __init__(self, version, doc):
        self.version, self.doc = version, doc

    async def load_room(self, table_id):
        return self.version, self.doc

    async def chat_lines(self, table_id, count):
        return []

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


async def turn_ends() -> None:
    """Let the event loop finish its turn: the fan-out sends the versions it
    took in a turn at its end."""
    await asyncio.sleep(0)


async def spectated() -> tuple[dict, Store, Fanout, Conn]:
    """A waiting sibala table at version 2 and a spectator's connection to it
    through a fan-out: ``(doc, store, fan-out, connection)``."""
    doc = tables.new_table("t1", "sibala", now=0, seats=2, turn_ms=5000)
    store = Store(2, doc)
    fan = Fanout(store, lambda: None)
    conn = Conn(None, 16)
    await fan.attach(conn, "t1", None)
    return doc, store, fan, conn


async def test_attach_that_loads_a_newer_version_delivers_it_to_everyone():
    doc, store, fan, first = await spectated()
    assert [f["t"] for f in frames(first)] == ["snapshot"]
    # a join commits version 3; the newcomer's attach loads it before pub/sub brings it
    joined = tables.join(doc, "p1", "Ann", None, 1, bytes(32)).doc
    store.version, store.doc = 3, joined
    second = Conn(None, 16)
    await fan.attach(second, "t1", "p1")
    await turn_ends()
    got = frames(first)
    assert [(f["t"], f["base"], f["version"]) for f in got] == [("delta", 2, 3)]
    assert frames(second)[0]["version"] == 3
    # the pub/sub copy of version 3 arriving late changes nothing
    fan.deliver("t1", 3, joined)
    await turn_ends()
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


async def test_chat_lines_go_to_every_viewer_once_and_in_stream_order():
    doc = tables.new_table("t1", "sibala", now=0, seats=2, turn_ms=5000)
    store = Store(2, doc)

    def line(i, ms):
        return {"id": f"{ms}-{i}", "at": ms, "name": f"n{i}", "text": f"t{i}", "spectator": True, "room": "spectators"}

    store.chat_lines = lambda table_id, count: _lines([line(0, 5), line(1, 5)])
    fan = Fanout(store, lambda: None, chat_keep=3)
    conn = Conn(None, 16)
    await fan.attach(conn, "t1", None)
    (snap,) = frames(conn)
    assert [x["id"] for x in snap["chat"]] == ["5-0", "5-1"]

    def publish(x):
        fan.deliver_chat("t1", ChatLine(x["id"].encode(), msgpack.packb({k: v for k, v in x.items() if k != "id"})))

    publish(line(1, 5))  # read with the snapshot already: kept once
    publish(line(0, 7))
    publish(line(1, 7))
    got = frames(conn)
    assert [f["t"] for f in got] == ["chat"] * 3 and got[-1]["line"] == line(1, 7)
    # the last chat_keep lines in stream order go with the next snapshot
    fan.snapshot(conn.tables["t1"])
    assert [x["id"] for x in frames(conn)[0]["chat"]] == ["5-1", "7-0", "7-1"]


async def _lines(lines):
    return lines


async def test_a_seats_deltas_carry_its_legal_moves():
    import jsonpatch

    doc = tables.new_table("t1", "sibala", now=0, seats=2, turn_ms=5000)
    doc = tables.join(doc, "p0", "Ann", None, 0, bytes(32)).doc
    doc = tables.join(doc, "p1", "Bo", None, 0, bytes(32)).doc
    store = Store(2, doc)
    fan = Fanout(store, lambda: None)
    conns = {pid: Conn(None, 16) for pid in ("p0", "p1")}
    views = {}
    for pid, conn in conns.items():
        await fan.attach(conn, "t1", pid)
        (snap,) = frames(conn)
        views[pid] = snap["view"]
    actor = doc["state"]["order"][0]
    assert views[f"p{actor}"]["moves"] == [{"type": "roll"}] and views[f"p{1 - actor}"]["moves"] == []
    # the actor rolls: the turn passes, and so do the moves
    after = tables.move(doc, f"p{actor}", tables.view(doc, actor)["turns"][str(actor)], {"type": "roll"}, 1).doc
    fan.deliver("t1", 3, after)
    await turn_ends()
    for pid, conn in conns.items():
        (delta,) = frames(conn)
        seat = int(pid[1])
        assert jsonpatch.apply_patch(views[pid], delta["patch"]) == tables.view(after, seat)
        assert tables.view(after, seat)["moves"] == ([{"type": "roll"}] if seat != actor else [])


async def test_versions_taken_in_one_loop_turn_go_out_as_one_delta_and_the_ok_after_it():
    doc, _, fan, viewer = await spectated()
    frames(viewer)  # the snapshot
    one = tables.join(doc, "p1", "Ann", None, 1, bytes(32)).doc
    two = tables.join(one, "p2", "Bo", None, 2, bytes(32)).doc
    fan.deliver("t1", 3, one)
    fan.after_delivery("t1", lambda: viewer.send(msgpack.packb({"t": "ok", "version": 3})))
    fan.deliver("t1", 4, two)
    assert fan.cached("t1") == (4, two), "the newest version is the base of the next command at once"
    assert frames(viewer) == [], "nothing before the loop turn ends"
    await turn_ends()
    got = frames(viewer)
    assert [(f["t"], f.get("base"), f["version"]) for f in got] == [("delta", 2, 4), ("ok", None, 3)]
    assert jsonpatch.apply_patch(tables.view(doc, None), got[0]["patch"]) == tables.view(two, None)
    fan.after_delivery("t1", lambda: viewer.send(msgpack.packb({"t": "ok", "version": 4})))
    assert [f["t"] for f in frames(viewer)] == ["ok"], "nothing pending: at once"


class SlowStore(Store):
    """A store whose reads take what the table held when they began and
    answer only once ``release`` is set (a read overtaken by a commit)."""

    def __init__(self, version, doc):
        super().__init__(version, doc)
        self.release = asyncio.Event()
        self.slow = False
        self.reads = 0

    def echo(self, table_id, version, data):
        return False

    async def load_room(self, table_id):
        self.reads += self.slow
        held = (self.version, self.doc)
        if self.slow:
            await self.release.wait()
        return held


async def test_a_record_dropped_while_the_table_is_re_read_makes_it_read_again():
    """Records published for an appended version are re-applied only on the
    version before; after a gap the table is re-read, and a record that
    arrives while that read is on its way (it may be newer than the read)
    makes it read again, so the table never stops short of the latest."""
    from lobby.channels import TableRecord
    from .test_appended_moves import _bot_game

    moves = _bot_game("sibala", 2, {"rounds": 3}, __import__("random").Random(2))
    docs = [moves[0][0]] + [change.doc for _, change, _ in moves]
    store = SlowStore(2, docs[0])
    fan = Fanout(store, lambda: None)
    conn = Conn(None, 16)
    await fan.attach(conn, docs[0]["id"], None)
    await turn_ends()
    store.slow = True
    record = lambda v: TableRecord(v, msgpack.packb(dict(moves[v - 3][1].log, v=v)))  # version v is docs[v - 2]
    store.version, store.doc = 4, docs[2]
    fan._on_table(docs[0]["id"], record(4), 0.0)  # version 3 was missed: a re-read starts
    while store.reads < 1:
        await asyncio.sleep(0)
    store.version, store.doc = 5, docs[3]
    fan._on_table(docs[0]["id"], record(5), 0.0)  # newer than that read: dropped, and noted
    store.release.set()
    for _ in range(200):
        await asyncio.sleep(0)
        if fan.cached(docs[0]["id"])[0] == 5 and not fan._refreshing:
            break
    assert fan.cached(docs[0]["id"]) == (5, docs[3])
    assert store.reads == 2, "the re-read, and the read again"
