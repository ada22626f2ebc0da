"""Protocol fuzzing.

``test_fuzz_live_lobby`` sends at least 100,000 generated hostile frames
(``SEC_FUZZ_FRAMES``) over many parallel connections at a real lobby process
that holds live tables of every game, each stopped mid-game: seated
connections (the players' own tokens), spectators and connections that never
signed in.  Every frame is built to be refused, and the generator knows by
construction (from docs/protocol.md, not from the server's code) which error
code each must get, so every reply is checked exactly: an ``error`` frame with
that documented code, echoing the frame's ``ref`` when it had a valid one, in
order.  Frames over ``LOBBY_MAX_FRAME`` must close the connection with 1009;
the fuzzer then reconnects and resumes.  Afterwards every table's version and
doc in Redis are unchanged, no table was created, no player or spectator got a
delta, the process is healthy and logged no error.

The hypothesis tests run the decoder and the validator in-process on
arbitrary values and bytes: they refuse with documented codes only, and
whatever they accept has the documented field types.
"""

from __future__ import annotations

import asyncio
import os
import random
import string
import time
from collections import Counter
from typing import Any, Callable

import msgpack
import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from lobby.protocol import CLIENT_TYPES, ErrorCode, ProtocolError, decode, parse

from .support import (
    BAD_MOVES,
    Raw,
    documented_client_types,
    documented_close_codes,
    documented_error_codes,
    healthy,
    live_table,
    pack,
    room_docs,
    store_of,
    unpack,
)

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)

FRAMES = int(os.environ.get("SEC_FUZZ_FRAMES", "100000"))
MAX_FRAME = 4096
WINDOW = 48  # frames in flight per connection

#: the client messages' fields as docs/protocol.md states them: name -> (type, required)
FIELDS: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"proto": ("int", True), "name": ("str", False), "token": ("str", False)},
    "ping": {"now": ("int", False)},
    "tables": {"game": ("str", False), "sub": ("bool", False)},
    "quick": {"game": ("str", True), "bots": ("bool", False), "options": ("map", False)},
    "open": {
        "game": ("str", True),
        "seats": ("int", False),
        "turn_ms": ("int", False),
        "bots": ("bool", False),
        "private": ("bool", False),
        "games": ("int", False),
        "options": ("map", False),
    },
    "join": {"table": ("id", True), "seat": ("int", False)},
    "watch": {"table": ("id", True)},
    "unwatch": {"table": ("id", True)},
    "leave": {"table": ("id", True)},
    "start": {"table": ("id", True)},
    "ready": {"table": ("id", True)},
    "back": {"table": ("id", True)},
    "chat": {"table": ("id", True), "text": ("str", True)},
    "me": {},
    "sync": {"table": ("id", True)},
    "move": {"table": ("id", True), "turn": ("str", True), "move": ("map", True)},
    "arenas": {"game": ("str", False)},
    "arena": {"arena": ("id", True), "sub": ("bool", False)},
    "arena_create": {
        "game": ("str", True),
        "minutes": ("int", True),
        "start": ("int", False),
        "seats": ("int", False),
        "turn_ms": ("int", False),
        "private": ("bool", False),
        "options": ("map", False),
    },
    "arena_join": {"arena": ("id", True)},
    "arena_pause": {"arena": ("id", True)},
}

ID_CHARS = string.ascii_letters + string.digits + "_-"
BAD_IDS = ["", "a b", "../etc", "x" * 65, "é", "a/b", "a.b", "{x}", "a\x00", "tab\n", "*", "a:b"]
BAD_NAMES = ["", "   ", "x" * 25, "y" * 200, "z" * 3000, "a\x00b", "a\u200bb", "\ue000", "a\nb", "\u0378", "\x7f"]


TRACES: dict[int, list] = {}


#: a move of each game's own shape, for the checks after the shape's
WELL_FORMED: dict[str, dict[str, Any]] = {
    "sibala": {"type": "roll"},
    "yahtzee": {"type": "roll"},
    "shut_the_box": {"type": "roll"},
    "stud": {"type": "check"},
    "six_nimmt": {"type": "pick", "card": 1},
}


def _malformed(game: str, move: dict[str, Any]) -> bool:
    """Whether ``game``'s engine cannot parse ``move`` (its check_move)."""
    try:
        engines.get(game).check_move(move)
    except engines.InvalidMove:
        return True
    return False


class Ctx:
    """What one fuzz connection is: its token, seats, what it watches, and
    the frozen tables (id -> view) it may aim at."""

    def __init__(self, kind: str, tables: dict[str, dict[str, Any]], token: str | None = None, seats: dict[str, int] | None = None) -> None:
        self.kind = kind  # "seated", "spectator" or "unsigned"
        self.tables = tables
        self.token = token
        self.seats = seats or {}
        self.watched: set[str] = set(tables) if kind == "spectator" else set()


Case = tuple[Any, Any, Any]  # (frame, expected codes | "1009", ref to expect: int, None, or "any")


class Fuzzer:
    """A seeded generator of hostile frames with the reply each must get."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.stats: Counter[str] = Counter()
        self.games = sorted(engines.REGISTRY)

    # -- values ------------------------------------------------------------
    def text(self, lo: int = 0, hi: int = 12) -> str:
        alphabet = string.printable + "éü中文\u200b\ufeff\U0001f600"
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(lo, hi)))

    def unknown_id(self) -> str:
        return "zZ" + "".join(self.rng.choice(ID_CHARS) for _ in range(self.rng.randint(1, 20)))

    def wrong(self, kind: str) -> Any:
        """A value that is not of the documented type ``kind``."""
        r = self.rng
        pool: list[Callable[[], Any]] = [
            lambda: r.random() * 1e6,  # floats are no field's type
            lambda: [r.randint(0, 9)],
            lambda: None,
            lambda: b"\x01\x02",
        ]
        if kind != "int":
            pool += [lambda: r.randint(-(2**63), 2**64 - 1)]
        if kind != "bool":
            pool += [lambda: r.choice([True, False])]
        if kind not in ("str", "id"):
            pool += [lambda: self.text(0, 10)]
        if kind != "map":
            pool += [lambda: {"a": 1}]
        if kind == "id":
            pool += [lambda: r.choice(BAD_IDS)]
        if kind == "int":
            pool += [lambda: str(r.randint(0, 99))]
        return r.choice(pool)()

    def any_value(self) -> Any:
        return self.rng.choice([1, "x", True, None, [1], {"a": 1}, 1.5, b"\x00"])

    def ref(self) -> tuple[Any, Any]:
        """``(ref field or absent, ref the reply must carry)``."""
        roll = self.rng.random()
        if roll < 0.5:
            ref = self.rng.randint(0, 2**31 - 1)
            return ref, ref
        if roll < 0.65:
            return self.rng.choice([-1, 2**31, 2**40, "7", 1.0, None, [1]]), None
        return "absent", None

    # -- frames --------------------------------------------------------------
    def case(self, ctx: Ctx) -> Case:
        roll = self.rng.random()
        for below, make in ((0.0006, self.huge), (0.08, self.junk), (0.12, self.non_map), (0.16, self.deep), (0.20, self.text_frame), (0.24, self.unknown_type)):
            if roll < below:
                return make()
        kind = self.rng.choice(CLIENT_TYPES)
        if roll < 0.58:
            return self.schema(kind)
        return self.semantic(kind, ctx)

    def _with_ref(self, msg: dict[str, Any], codes: set[str], category: str) -> Case:
        ref, expect = self.ref()
        if ref != "absent":
            msg["ref"] = ref
            if expect is None:
                codes = {"bad_message"}  # a ref that is not an int 0..2^31-1 is refused first
        self.stats[category] += 1
        return pack(msg), codes, expect

    def huge(self) -> Case:
        size = self.rng.randint(MAX_FRAME + 1, 4 * MAX_FRAME)
        frame = self.rng.choice(
            [
                lambda: self.rng.randbytes(size),
                lambda: pack({"t": "ping", "x": "a" * size}),
                lambda: "b" * size,  # a text frame
            ]
        )()
        self.stats["huge"] += 1
        return frame, "1009", None

    def junk(self) -> Case:
        r = self.rng
        valid = pack({"t": r.choice(CLIENT_TYPES), "table": self.unknown_id(), "ref": 1})
        choice = r.randrange(5)
        if choice == 0:
            data = r.randbytes(r.randint(1, 64))
        elif choice == 1:
            data = valid[: r.randint(1, len(valid) - 1)]  # truncated
        elif choice == 2:
            data = valid + r.randbytes(r.randint(1, 8))  # trailing bytes
        elif choice == 3:
            data = bytes([0xC1]) + r.randbytes(r.randint(0, 4))  # never-used byte
        else:
            data = pack({"t": "ping", "x": msgpack.ExtType(r.randint(0, 127), r.randbytes(r.randint(1, 8)))})
        try:
            value = msgpack.unpackb(data, raw=False, strict_map_key=True, max_ext_len=0)
        except Exception:
            value = None
        self.stats["invalid_msgpack"] += 1
        if isinstance(value, dict):  # random bytes that happen to be a map
            return data, {"bad_frame", "bad_message"}, "any"
        return data, {"bad_frame"}, None

    def non_map(self) -> Case:
        value = self.rng.choice([1, -7, "t", "hello", [1, 2], [{"t": "ping"}], None, True, 1.5, b"\x00", 2**64 - 1, []])
        self.stats["non_map"] += 1
        return pack(value), {"bad_frame"}, None

    def deep(self) -> Case:
        depth = self.rng.randint(8, 60)
        if self.rng.random() < 0.3:
            data = bytes([0x91]) * self.rng.randint(100, 3000) + b"\xc0"  # lists in lists
            self.stats["deep"] += 1
            return data, {"bad_frame"}, None
        value: Any = 1
        for _ in range(depth):
            value = [value] if self.rng.random() < 0.5 else {"k": value}
        msg = {"t": self.rng.choice(CLIENT_TYPES), "table": self.unknown_id(), "move": value}
        self.stats["deep"] += 1
        return pack(msg), {"bad_frame"}, None

    def text_frame(self) -> Case:
        frame = self.rng.choice(['{"t": "ping"}', '{"t":"hello","proto":1,"name":"x"}', self.text(0, 200), "\x00", "<script>"])
        self.stats["text"] += 1
        return frame, {"bad_frame"}, None

    def unknown_type(self) -> Case:
        t = self.rng.choice(
            [self.text(0, 12), "HELLO", "move ", "_internal", "error", "welcome", "snapshot", 1, None, [1], b"hello", True]
        )
        if t in CLIENT_TYPES:
            t = t + "x"
        msg: dict[str, Any] = {} if self.rng.random() < 0.1 else {"t": t}
        if self.rng.random() < 0.5:
            msg["table"] = self.unknown_id()
        return self._with_ref(msg, {"bad_message"}, "unknown_type")

    def schema(self, kind: str) -> Case:
        """A message of type ``kind`` breaking its documented schema: a
        required field missing, an unknown field, or a field of a wrong
        type or out of range."""
        r = self.rng
        fields = FIELDS[kind]
        msg: dict[str, Any] = {"t": kind}
        for name, (ftype, required) in fields.items():
            if required or r.random() < 0.3:
                msg[name] = self.right(ftype)
        breaks = []
        required = [n for n, (_, req) in fields.items() if req]
        if required:
            breaks.append("missing")
        breaks.append("unknown")
        if fields:
            breaks += ["wrong", "wrong", "range"]
        how = r.choice(breaks)
        if how == "missing":
            del msg[r.choice(required)]
        elif how == "unknown":
            name = r.choice(["x", "seat2", "T", "tables", "proto ", "Ref", "move_", "__proto__", "constructor", "hello"])
            if name in fields:
                name += "_"
            msg[name] = self.any_value()
        elif how == "wrong":
            name = r.choice(list(fields))
            msg[name] = self.wrong(fields[name][0])
        else:
            msg.update(self.out_of_range(kind))
        self.stats[f"schema:{kind}"] += 1
        return self._with_ref(msg, {"bad_message"}, "schema")

    def right(self, ftype: str) -> Any:
        r = self.rng
        return {
            "int": lambda: r.randint(1, 3),
            "str": lambda: "x",
            "bool": lambda: r.choice([True, False]),
            "map": lambda: {"type": "roll"},
            "id": self.unknown_id,
        }[ftype]()

    def out_of_range(self, kind: str) -> dict[str, Any]:
        """Values of the right type outside the documented range (or a move
        payload the protocol refuses)."""
        r = self.rng
        options = {
            "hello": lambda: r.choice([{"token": "t" * r.randint(129, 300)}, {"token": ""}]),
            "open": lambda: r.choice([{"seats": r.choice([0, -1, 17, 2**40])}, {"games": r.choice([0, 1001])}]),
            "join": lambda: {"seat": r.choice([-1, 16, 2**33])},
            "arena_create": lambda: r.choice([{"minutes": r.choice([0, -5, 1441])}, {"seats": r.choice([0, 17])}, {"start": -1}]),
            "move": lambda: r.choice(
                [
                    {"turn": ""},
                    {"turn": "t" * 65},
                    {"move": {}},
                    {"move": {f"k{i}": i for i in range(9)} | {"type": "roll"}},
                    {"move": {"type": "roll", "x": 1.5}},
                    {"move": {"type": "roll", "x": "s" * 65}},
                    {"move": {"type": "roll", "x": b"bytes"}},
                    {"move": {"type": "roll", "x": list(range(33))}},
                    {"move": {"type": "roll", "x" * 33: 1}},
                ]
            ),
        }
        if kind in options:
            return options[kind]()
        # no ranges documented: an id field with a bad id, or another wrong type
        fields = FIELDS[kind]
        if not fields:
            return {"zz": 1}
        name = r.choice(list(fields))
        return {name: self.wrong(fields[name][0])}

    # -- well-formed requests that must be refused ------------------------
    def semantic(self, kind: str, ctx: Ctx) -> Case:
        r = self.rng
        live = list(ctx.tables)
        others = [t for t in live if t not in ctx.seats]
        own = list(ctx.seats)
        unwatched = [t for t in live if t not in ctx.watched]
        # (message fields, codes) options for this type
        opts: list[tuple[dict[str, Any], set[str]]] = []
        if kind == "hello":
            opts = [
                ({"proto": r.choice([0, 2, -1, 2**31, 10**15]), "name": "Z"}, {"protocol_version"}),
                ({"proto": 1, "name": r.choice(BAD_NAMES)}, {"bad_name"}),
                ({"proto": 1, "token": "".join(r.choice(ID_CHARS) for _ in range(32))}, {"bad_token"}),
                ({"proto": 1, "token": self.text(1, 128)}, {"bad_token"}),
            ]
        elif kind in ("quick", "open"):
            game = r.choice(self.games)
            opts = [({"game": r.choice(["", "Sibala", "chess", "sibala ", self.text(1, 20)])}, {"unknown_game"})]
            if kind == "open":
                info = engines.get(game).info
                bad_seats = [n for n in range(1, 17) if not info.min_players <= n <= info.max_players]
                if bad_seats:
                    opts.append(({"game": game, "seats": r.choice(bad_seats)}, {"bad_options"}))
                opts.append(({"game": game, "turn_ms": r.choice([-1, 0, 299, 300_001, 600_001, 2**40])}, {"bad_options"}))  # any int: the table's rule
            opts.append(({"game": game, "options": self.bad_options(game)}, {"bad_options"}))
        elif kind == "join":
            opts = [({"table": self.unknown_id()}, {"no_such_table"})]
            opts += [({"table": t}, {"table_started"}) for t in others]
        elif kind == "watch":
            opts = [({"table": self.unknown_id()}, {"no_such_table"})]
        elif kind in ("leave", "start", "ready", "back"):
            opts = [({"table": self.unknown_id()}, {"no_such_table"})]
            opts += [({"table": t}, {"not_seated"}) for t in others]
            if kind == "start":
                opts += [({"table": t}, {"table_started"}) for t in own]
            if kind == "ready":
                opts += [({"table": t}, {"table_finished"}) for t in own]
        elif kind == "chat":
            opts = [({"table": t, "text": "hi <b>"}, {"no_such_table"}) for t in [self.unknown_id(), *unwatched]]
            opts.append(({"table": self.unknown_id(), "text": r.choice(["", "   ", "\u200b", "c" * r.randint(201, 1500)])}, {"bad_text"}))
        elif kind == "sync":
            opts = [({"table": t}, {"no_such_table"}) for t in [self.unknown_id(), *unwatched]]
        elif kind == "move":
            opts = self.bad_moves(ctx, others, own)
        if not opts:  # ping, tables, me, unwatch: every well-formed one is answered, not refused
            return self.schema(kind)
        fields, codes = r.choice(opts)
        if ctx.kind == "unsigned" and kind != "hello" and codes not in ({"bad_move"}, {"unknown_move"}, {"bad_text"}):
            codes = {"not_signed_in"}  # (a move without a proper type, a bad chat line are refused before that)
        self.stats[f"semantic:{kind}"] += 1
        return self._with_ref({"t": kind, **fields}, codes, "semantic")

    def bad_options(self, game: str) -> dict[str, Any]:
        r = self.rng
        specs = engines.get(game).info.options
        if not specs or r.random() < 0.3:
            return {"no_such_option": r.randint(0, 9)}
        spec = r.choice(specs)
        if spec.kind == "int":
            candidates: list[Any] = ["5", True, [1], None]
            if spec.lo is not None:
                candidates.append(spec.lo - r.randint(1, 1000))
            if spec.hi is not None:
                candidates.append(spec.hi + r.randint(1, 1000))
            return {spec.name: r.choice(candidates)}
        return {spec.name: r.choice(["zz_none", 12345, None, [spec.default]])}

    def bad_moves(self, ctx: Ctx, others: list[str], own: list[str]) -> list[tuple[dict[str, Any], set[str]]]:
        r = self.rng
        turn = r.choice(["r0.s0", "1:r1.s1", "t0.s0", "1:p0.0", "g.d2.a0.s0", "2:g.d2.a0.s0", "x", self.text(1, 64)])
        mv = {"type": r.choice(["roll", "pick", "check", "score", "shut"])}
        out = [
            ({"table": self.unknown_id(), "turn": turn, "move": mv}, {"no_such_table"}),
            ({"table": self.unknown_id(), "turn": turn, "move": {"type": "_timeout"}}, {"unknown_move"}),
            ({"table": self.unknown_id(), "turn": turn, "move": {"no_type": 1}}, {"bad_move"}),
            ({"table": self.unknown_id(), "turn": turn, "move": {"type": r.choice([1, None, True, ["roll"]])}}, {"bad_move"}),
        ]
        # a move's shape is judged before the table's state (docs/protocol.md, Error codes): a move
        # that is well formed in the table's game reaches the seat and turn checks
        formed = lambda t: WELL_FORMED[ctx.tables[t]["game"]]  # noqa: E731
        out += [({"table": t, "turn": turn, "move": formed(t)}, {"not_seated"}) for t in others]
        for table in own:
            view = ctx.tables[table]
            seat = ctx.seats[table]
            current = view["turns"].get(str(seat))
            if current is None:
                # a 6 Nimmt! seat that picked may still change its pick until the reveal
                # (docs/protocol.md): its move is judged against that pick's turn, so the
                # turn sent is never a real one ("1:p0.0" could be the pick's, and change it)
                changeable = {"turn_over"} if view["game"] == "six_nimmt" and view["status"] == "playing" else set()
                stale = r.choice(["x", "r9.s9", "9:p9.9"])
                out.append(({"table": table, "turn": stale, "move": formed(table)}, {"not_your_turn", *changeable}))
                continue
            wrong_turn = r.choice([t for t in (turn, current + "x", current[:-1], "r9.s9") if t != current and t])
            out.append(({"table": table, "turn": wrong_turn, "move": formed(table)}, {"turn_over"}))
            bad = dict(r.choice(BAD_MOVES[view["game"]]))
            if r.random() < 0.3:
                bad["type"] = r.choice(["", "ROLL", "roll ", "x", "pass", "undo", "\u200broll"])
            out.append(({"table": table, "turn": current, "move": bad}, {"bad_move", "unknown_move", "illegal_move"}))
            if _malformed(view["game"], bad):  # (some of BAD_MOVES are well formed, only illegal)
                out.append(({"table": table, "turn": wrong_turn, "move": bad}, {"bad_move", "unknown_move"}))
        return out


async def _fuzz_connection(url: str, ctx: Ctx, fuzzer: Fuzzer, frames: int, seen: Counter, closes: Counter, failures: list[str]) -> None:
    async def connect() -> Raw:
        if ctx.kind == "unsigned":
            return await Raw.connect(url, max_queue=4 * WINDOW)
        raw = await Raw.connect(url, token=ctx.token, max_queue=4 * WINDOW)
        if ctx.kind == "spectator":
            for table, view in ctx.tables.items():
                snap = await raw.request({"t": "watch", "table": table})
                if snap["t"] != "snapshot" or snap["version"] != view["_version"]:
                    failures.append(f"re-watch of {table}: {snap}")
        return raw

    raw = await connect()
    sent = 0
    trace = TRACES.setdefault(id(ctx), [])
    try:
        while sent < frames and len(failures) < 20:
            batch: list[Case] = []
            while len(batch) < WINDOW and sent + len(batch) < frames:
                case = fuzzer.case(ctx)
                if case[1] == "1009":
                    break
                batch.append(case)
            else:
                case = None
            for frame, _, _ in batch:
                await raw.ws.send(frame)
            for frame, codes, ref in batch:
                try:
                    reply = await raw.recv(timeout=20)
                except (asyncio.TimeoutError, websockets.ConnectionClosed) as exc:
                    failures.append(f"{ctx.kind}: no reply to {frame[:200]!r} ({exc!r}; batch {[b[0][:60] for b in batch]})")
                    return
                code = reply.get("code")
                seen[code if reply.get("t") == "error" else f"t={reply.get('t')}"] += 1
                if os.environ.get("SEC_FUZZ_TRACE"):
                    trace.append((frame[:120], sorted(codes), ref, reply))
                if reply.get("t") != "error" or code not in codes:
                    failures.append(f"{ctx.kind}: {frame[:200]!r} expected {sorted(codes)} got {reply}")
                elif ref != "any" and reply.get("ref") != ref:
                    failures.append(f"{ctx.kind}: {frame[:200]!r} expected ref {ref} got {reply}")
            sent += len(batch)
            if case is not None and case[1] == "1009":
                await raw.ws.send(case[0])
                sent += 1
                try:
                    extra = await raw.recv(timeout=20)
                    failures.append(f"huge frame answered {extra}")
                except websockets.ConnectionClosed as exc:
                    closes[exc.rcvd.code if exc.rcvd else None] += 1
                    if exc.rcvd is None or exc.rcvd.code != 1009:
                        failures.append(f"huge frame closed with {exc.rcvd}")
                raw = await connect()
    finally:
        await raw.close()


@pytest.mark.timeout(900)  # ~45 s on an idle machine; a loaded one is slower
async def test_fuzz_live_lobby(lobby_factory):
    # the unsigned connections never sign in: the hello watchdog (10 s) must
    # not close them mid-run on a loaded machine (CI saw 1008 at 4 workers)
    proc = lobby_factory(prefix="sec-fuzz", env={"LOBBY_RATE_PER_S": "1000000", "LOBBY_RATE_BURST": "1000000", "LOBBY_HELLO_TIMEOUT_S": "600"})
    rng = random.Random(20240601)
    specs = [("sibala", 3, {}), ("yahtzee", 2, {}), ("shut_the_box", 2, {}), ("stud", 3, {}), ("six_nimmt", 3, {})]
    players = []
    tables: dict[str, dict[str, Any]] = {}
    contexts: list[Ctx] = []
    for game, seats, fields in specs:
        table, clients = await live_table(proc.ws, game, seats, moves=2, rng=rng, **fields)
        players += clients
        view = dict(clients[0].tables[table].view, _version=clients[0].tables[table].version)
        tables[table] = view
    for c in players:
        seats = {t: tv.seat for t, tv in c.tables.items()}
        contexts.append(Ctx("seated", tables, token=c.token, seats=seats))
        c.keep_frames = True  # what the players' own connections get from now on
    store = await store_of(proc)
    try:
        spectators = [await Raw.connect(proc.ws, name=f"Spec{i}") for i in range(3)]
        for s in spectators:
            contexts.append(Ctx("spectator", tables, token=s.token))
            await s.close()
        contexts += [Ctx("unsigned", tables) for _ in range(2)]
        before = await room_docs(store)
        assert set(tables) <= set(before)

        seen: Counter[str] = Counter()
        closes: Counter[Any] = Counter()
        failures: list[str] = []
        fuzzers = [Fuzzer(1000 + i) for i in range(len(contexts))]
        per_conn = -(-FRAMES // len(contexts))
        t0 = time.monotonic()
        await asyncio.gather(
            *(_fuzz_connection(proc.ws, ctx, fz, per_conn, seen, closes, failures) for ctx, fz in zip(contexts, fuzzers))
        )
        elapsed = time.monotonic() - t0
        total = sum(seen.values()) + sum(closes.values())
        stats = sum((fz.stats for fz in fuzzers), Counter())
        print(f"\nfuzz: {total} frames over {len(contexts)} connections in {elapsed:.1f} s = {total / elapsed:.0f} frames/s")
        print(f"fuzz: replies {dict(seen.most_common())}; closes {dict(closes)}")
        print(f"fuzz: categories {dict(sorted(stats.items()))}")
        if failures and os.environ.get("SEC_FUZZ_TRACE"):
            for trace in TRACES.values():
                for i, (frame, codes, ref, reply) in enumerate(trace):
                    if reply.get("code") not in codes or (ref != "any" and reply.get("ref") != ref):
                        for item in trace[max(0, i - 3) : i + 2]:
                            print("TRACE", item)
                        print("----")
                        break
        assert not failures, "\n".join(failures[:20])
        assert total >= FRAMES
        assert healthy(proc)

        # every message type was fuzzed both ways, every category was sent
        for kind in CLIENT_TYPES:
            assert stats[f"schema:{kind}"] > 0, kind
        for kind in ("hello", "quick", "open", "join", "watch", "leave", "start", "ready", "back", "chat", "sync", "move"):
            assert stats[f"semantic:{kind}"] > 0, kind
        for category in ("huge", "invalid_msgpack", "non_map", "deep", "text", "unknown_type"):
            assert stats[category] > 0, category
        assert set(seen) <= documented_error_codes(), set(seen) - documented_error_codes()
        assert {c for c in closes} <= documented_close_codes()
        assert closes[1009] == stats["huge"]

        # nothing changed: same tables, same versions, same docs; nobody got a delta
        after = await room_docs(store)
        assert set(after) == set(before), "a refused request created or dropped a table"
        for table in before:
            assert after[table][0] == before[table][0], f"{table} moved from version {before[table][0]} to {after[table][0]}"
            assert after[table][1] == before[table][1], f"{table}'s doc changed"
        for c in players:
            pushed = [f for f in c.frames if f.get("t") in ("delta", "snapshot")]
            assert not pushed, pushed[:3]
        log = proc.log_path.read_text(errors="replace")
        assert "Traceback" not in log and " ERROR " not in log, log[-3000:]
    finally:
        for c in players:
            await c.close()
        await store.redis.aclose()


# -- in-process properties of the decoder and the validator ---------------------

DOCUMENTED = documented_error_codes()

scalar = st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**64 - 1) | st.floats() | st.text(max_size=30) | st.binary(max_size=10)
json_like = scalar | st.lists(scalar, max_size=4) | st.dictionaries(st.text(max_size=8), scalar | st.lists(scalar, max_size=3), max_size=4)
FIELD_NAMES = sorted({name for kind in FIELDS.values() for name in kind})
message_like = st.builds(
    lambda t, fields, extra: {"t": t, **fields, **extra},
    st.sampled_from([*CLIENT_TYPES, "nope"]),
    st.dictionaries(st.sampled_from(FIELD_NAMES), json_like, max_size=4),
    st.fixed_dictionaries(
        {},
        optional={
            "table": st.text(alphabet=ID_CHARS, min_size=0, max_size=70),
            "ref": st.integers(min_value=-5, max_value=2**32),
            "move": st.dictionaries(st.sampled_from(["type", "card", "x", "hold"]), json_like, max_size=9),
        },
    ),
)


def _documented_type(ftype: str, value: Any) -> bool:
    if ftype == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if ftype == "bool":
        return isinstance(value, bool)
    if ftype == "map":
        return isinstance(value, dict)
    if ftype == "id":
        return isinstance(value, str) and 1 <= len(value) <= 64 and all(c in ID_CHARS for c in value)
    return isinstance(value, str)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message_like)
def test_validator_accepts_only_documented_shapes(raw):
    try:
        msg = parse(decode(pack(raw)))
    except ProtocolError as exc:
        assert exc.code.value in DOCUMENTED
        assert exc.code in (ErrorCode.BAD_FRAME, ErrorCode.BAD_MESSAGE, ErrorCode.BAD_TEXT, ErrorCode.BAD_MOVE, ErrorCode.UNKNOWN_MOVE)
        return
    fields = FIELDS[msg.type]
    assert set(msg.fields) <= set(fields)
    for name, (ftype, required) in fields.items():
        if required:
            assert name in msg.fields
        if name in msg.fields:
            assert _documented_type(ftype, msg.fields[name]), (name, msg.fields[name])
    if msg.type == "move":
        assert isinstance(msg["move"].get("type"), str) and not msg["move"]["type"].startswith("_")
        assert len(msg["move"]) <= 8


@settings(max_examples=2000, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=50))
def test_decoder_refuses_junk_with_bad_frame_only(data):
    try:
        value = decode(data, MAX_FRAME)
    except ProtocolError as exc:
        assert exc.code == ErrorCode.BAD_FRAME
        return
    assert isinstance(data, bytes) and isinstance(value, dict)


def test_every_client_type_is_documented_and_fuzzed():
    assert set(CLIENT_TYPES) == documented_client_types() == set(FIELDS)
    assert {c.value for c in ErrorCode} == DOCUMENTED
