"""Redis: every key, every Lua script (their sources: lobby/lua/), and the
room commit.  Nothing else in the lobby names a key.

Key layout (``P`` is ``Settings.key_prefix``; ``{id}`` is a Redis Cluster
hash tag, so all keys of one table share a slot):

==============================  ======  ===========================================
key                             type    holds
==============================  ======  ===========================================
``P:room:{id}``                 hash    ``v``: version (int), ``doc``: msgpack room doc
``P:room:{id}:log``             list    msgpack records of every commit (replay)
``P:room:{id}:watch``           zset    spectator connection id -> lease expiry (ms)
``P:room:{id}:f``               zset    following lobby process id -> lease expiry (ms)
``P:room:{id}:chat``            stream  the table's recent chat lines (field ``m``: msgpack line)
``P:room:{id}:replay``          hash    replays built once from the log (``lobby.reads``)
``P:timers``                    zset    table id -> earliest due time (ms), a hint
``P:tables``                    zset    live listed table id -> created (ms)
``P:tables:<game>``             zset    the same, one game
``P:live``                      zset    every live table id, private ones too (timer sweep)
``P:waiting:<game>``            zset    quick-match table id -> created (ms)
``P:quick:<game>:<options>``    string  ``table id|claimed ms``: the one open quick table of
                                        that game and options (a hash of them)
``P:session:<token>``           string  player id; expires after ``token_ttl_s``
``P:player:{pid}``              hash    ``name``, ``coins``, ``<game>:<stat>`` counters
``P:player:{pid}:tables``       set     table ids where the player holds a seat
``P:player:{pid}:settled``      set     settlement ids already applied to that balance
``P:player:{pid}:cointable``    string  the one table where the player's coins are promised
``P:opened:<owner>``            zset    table id -> created (ms): live tables an owner
                                        (``a:<address>``, ``c:<connection id>``) opened
``P:player:{pid}:conns``        zset    the player's signed-in connection ids -> lease expiry (ms)
``P:player:{pid}:cred``         hash    a claimed account's ``hash`` (argon2id, PHC string) and
                                        ``names`` (msgpack list of its name keys)
``P:player:{pid}:sessions``     hash    session id -> msgpack ``{"token", "created"}``: a claimed
                                        account's sessions (``lobby.accounts``)
``P:player:{pid}:recent``       zset    ``<table id>/<game no>/<game>/<JSON {"name", "opened_by"}>``
                                        -> settled at (ms): the player's last rated or played
                                        games (profile; entries before table names lack the JSON)
``P:name:<name key>``           string  ``pid|ms``: the claimed account holding that name key
``P:namekeys``                  string  the version of the name keys accounts hold
                                        (``lobby.accounts.NAME_KEYS_VERSION``)
``P:auth:<kind>:<who>``         string  sign-in attempts counted in a window (expires with it)
``P:board:<game>``              zset    pid -> rating ordinal (leaderboard)
``P:pub:<public id>``           string  pid of a public player id (profiles)
==============================  ======  ===========================================

Channels (their payloads are defined once, in :mod:`lobby.channels`): ``P:room:{id}`` carries each committed version of a table (8-byte
big-endian version, then the doc) while a process other than the
committer follows it, and each chat line of it (8 zero bytes, which no
version is, then ``<stream id>|<msgpack line>``: see
:meth:`Store.add_chat`), always; ``P:lobby`` a ping when the table list
changes; ``P:balance:{pid}`` a player's balance (decimal coins) after
each change, published atomically with it (:data:`_SETTLE`), to every
process with a connection of that player (:meth:`Store.player_channel`),
and on the same channel a signed-out account's session ids
(:data:`REVOKED_MARK`, then msgpack ``{"sids", "ack"}``: see
:meth:`Store.publish_revoked`), which every process answers with an
``RPUSH`` to ``P:ack:<ack>`` once it has closed those sessions' sockets.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import time
from typing import Any, NamedTuple

import msgpack
import redis.asyncio as aioredis
import redis.exceptions
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.asyncio.cluster import RedisCluster

from . import lua
from .batcher import Batcher
from .channels import CHAT_MARK, READY_MARK, REVOKED_MARK, Revoked  # noqa: F401 (re-exported)
from .protocol import packb
from .subscriber import Subscriber
from .tables import with_marks

#: the Lua scripts (lobby/lua/<name>.lua: each says its KEYS, ARGV and reply)
_COMMIT = lua.script("commit")
_SETTLE = lua.script("settle")
_COIN_SEAT = lua.script("coin_seat")
_COIN_RELEASE = lua.script("coin_release")
_RESERVE = lua.script("reserve")
_CLAIM = lua.script("claim")
_RESCHEDULE = lua.script("reschedule")
_RENAME_GUEST = lua.script("rename_guest")
_CHAT = lua.script("chat")
_READY = lua.script("ready")

#: the chat of a table with no expiry of its own (a live one) expires this
#: long after its last line (s); a table that ends gives its chat its own expiry
CHAT_IDLE_TTL_S = 24 * 3600


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch (deadlines are wall-clock so
    that every process and the browser agree on them)."""
    return int(time.time() * 1000)


def pack(value: Any) -> bytes:
    return packb(value)


def unpack(data: bytes) -> Any:
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def chat_line(line_id: bytes | str, packed: bytes) -> dict[str, Any]:
    """A chat line as sent to clients: the stored msgpack line with its stream ``id``."""
    line = unpack(packed)
    line["id"] = line_id.decode() if isinstance(line_id, bytes) else line_id
    return line


def chat_order(line: dict[str, Any]) -> tuple[int, int]:
    """The sort key of a chat line: its stream id ``"<ms>-<seq>"`` as numbers."""
    ms, _, seq = line["id"].partition("-")
    return int(ms), int(seq or 0)


class Payout(NamedTuple):
    """A game's settlement as :meth:`Store.commit` applies it with the
    commit that ends the game: ``id`` (``<table>:<game_no>``), ``game``
    (engine id: stats are counted as ``<game>:<stat>``), ``players``
    ``[(pid, coins, stats)]`` (coins sum to 0), ``keep_s`` (how long a
    player's settled-ids set is kept, s) and ``history``: idempotent
    commands ``(name, key, *args)`` recording the game (leaderboard, recent
    games, public ids: :func:`lobby.ratings.history_cmds`)."""

    id: str
    game: str
    players: list[tuple[str, int, dict[str, int]]]
    keep_s: int
    history: list[tuple[Any, ...]]


class Store:
    """All Redis access of one lobby process.

    ``redis`` is a ``redis.asyncio.Redis`` or ``RedisCluster`` client with
    ``decode_responses=False``.  ``sharded``: publish with SPUBLISH and listen
    with SSUBSCRIBE (Redis 7+; a table's channel then lives on its keys'
    slot), else PUBLISH/SUBSCRIBE.  Methods raise
    ``redis.exceptions.RedisError`` subclasses when Redis is unreachable;
    callers decide whether to retry.
    """

    def __init__(self, redis: aioredis.Redis, prefix: str = "lobby", sharded: bool = False, batch_redis: Any = None) -> None:
        self.redis = redis
        self.p = prefix
        self.sharded = sharded
        self.cluster = isinstance(redis, RedisCluster)
        self._commit = redis.register_script(_COMMIT)
        self._claim = redis.register_script(_CLAIM)
        self._reschedule = redis.register_script(_RESCHEDULE)
        self._settle = redis.register_script(_SETTLE)
        self._coin_seat = redis.register_script(_COIN_SEAT)
        self._coin_release = redis.register_script(_COIN_RELEASE)
        self._chat = redis.register_script(_CHAT)
        self._reserve = redis.register_script(_RESERVE)
        self._rename_guest = redis.register_script(_RENAME_GUEST)
        self._ready = redis.register_script(_READY)
        #: this process's id among a table's followers (see :meth:`follow`)
        self.node = os.urandom(8).hex()
        #: ``(table id, version) -> [[packed doc, echo seen]]`` of this process's
        #: commits awaiting their reply (see :meth:`echo`)
        self.inflight: dict[tuple[str, int], list[list[Any]]] = {}
        self.batch = Batcher(batch_redis or redis, {
            script.sha: script.script for script in (self._commit, self._settle, self._coin_seat, self._coin_release, self._claim, self._reschedule, self._chat, self._ready)
        })

    async def aclose(self) -> None:
        """Close this process's Redis connections."""
        await self.batch.aclose()
        if self.batch.redis is not self.redis:
            await self.batch.redis.aclose()
        await self.redis.aclose()

    # -- key names -------------------------------------------------------
    def room_key(self, room_id: str) -> str:
        return f"{self.p}:room:{{{room_id}}}"

    def room_channel(self, room_id: str) -> str:
        return self.room_key(room_id)

    def room_id_of_channel(self, channel: bytes | str) -> str:
        text = channel.decode() if isinstance(channel, bytes) else channel
        return text[text.index("{") + 1 : text.rindex("}")]

    @property
    def lobby_channel(self) -> str:
        return f"{self.p}:lobby"

    def player_channel(self, pid: str) -> str:
        """The channel of a player's balance changes (on the player's slot)."""
        return f"{self.p}:balance:{{{pid}}}"

    def player_of_channel(self, channel: bytes) -> str | None:
        """The player id of a balance channel, or None for another channel."""
        head = self.p.encode() + b":balance:{"
        return channel[len(head) : -1].decode() if channel.startswith(head) else None

    @property
    def timers_key(self) -> str:
        return f"{self.p}:timers"

    @property
    def tables_key(self) -> str:
        return f"{self.p}:tables"

    @property
    def live_key(self) -> str:
        return f"{self.p}:live"

    def waiting_key(self, game: str) -> str:
        return f"{self.p}:waiting:{game}"

    def player_key(self, pid: str) -> str:
        return f"{self.p}:player:{{{pid}}}"

    # -- rooms -----------------------------------------------------------
    async def load_room(self, room_id: str) -> tuple[int, dict[str, Any]] | None:
        """``(version, doc)`` of a table, its ready marks in the doc
        (:func:`lobby.tables.with_marks`), or None if there is no such table."""
        v, doc, marks = (await self.run([("HMGET", self.room_key(room_id), "v", "doc", "r")]))[0]
        if v is None or doc is None:
            return None
        return int(v), with_marks(unpack(doc), marks)

    async def mark_ready(self, room_id: str, game_no: int, seat: int) -> bytes | None:
        """Mark ``seat`` ready for the next game after game ``game_no`` of a
        table, without a commit (:data:`_READY`): returns the table's marks
        after (:func:`lobby.tables.ready_marks`' form), or None when no such
        next game is open (it started, the table closed, or its marks are
        not kept: a doc committed without them)."""
        key = self.room_key(room_id)
        publish = "SPUBLISH" if self.sharded else "PUBLISH"
        (marks,) = await self.run([
            ("EVALSHA", self._ready.sha, 2, key, key + ":f", game_no, seat, self.room_channel(room_id), publish, self.node, now_ms())
        ])
        return marks

    async def commit(
        self,
        room_id: str,
        expected: int,
        doc: dict[str, Any],
        log: dict[str, Any] | None = None,
        ttl_s: int = 0,
        log_ttl_s: int = 0,
        due: int | None = None,
        after: str = "",
        commit_id: str = "",
        lowers: bool = True,
        payout: "Payout | None" = None,
        marks: tuple[str, str] | None = None,
    ) -> tuple[int | None, tuple[int, dict[str, Any]] | None]:
        """Compare-and-set: store ``doc`` as version ``expected + 1`` if the
        table is still at ``expected`` (0: create), append ``log`` to its
        replay log and publish the version on its channel, all in one
        script, which also sets the table's timer hint to ``due`` (ms; None:
        nothing due).  On a cluster (the timer index lives on another slot)
        the hint is lowered to ``due`` in the same round trip instead, when
        ``lowers`` says it may be earlier than the last one (a hint may be
        early, never late, so it is set even if the commit loses).  ``after``: the id of the commit the table must
        be at (a base not yet committed when this was computed);
        ``commit_id``: this commit's id (stored with it).  ``payout`` (one
        Redis only, not a cluster): the game this commit ends, paid out and
        recorded in the same script once the compare-and-set passed, each
        player once per settlement id as :meth:`apply_settlements` does.
        ``marks``: ``(before, after)``, the ready marks
        (:func:`lobby.tables.ready_marks`) the table must hold, as well as
        the version, and those it holds after (None: not checked, none
        after).
        Commits made in one event-loop turn share one pipeline (:class:`Batcher`).

        Returns ``(new version, None)``, or on conflict ``(None, (version,
        doc))`` of the table as it is now (``(None, None)``: no such table)."""
        key = self.room_key(room_id)
        keys = (key, key + ":log", key + ":f") if self.cluster else (key, key + ":log", key + ":f", self.timers_key)
        ops = b""
        if payout is not None:
            assert not self.cluster, "a payout spans slots: on a cluster it is its own step (apply_settlements)"
            keys, ops = self._payout_ops(keys, payout)
        packed = pack(doc)
        commands: list[tuple[Any, ...]] = [(
            "EVALSHA", self._commit.sha, len(keys), *keys,
            expected,
            packed,
            self.room_channel(room_id),
            pack(log) if log else b"",
            ttl_s,
            "SPUBLISH" if self.sharded else "PUBLISH",
            log_ttl_s or ttl_s,
            after,
            commit_id,
            "" if due is None else due,
            room_id,
            self.node,
            now_ms(),
            ops,
            "-" if marks is None else marks[0],
            "" if marks is None else marks[1],
        )]
        if self.cluster and due is not None and lowers:
            commands.append(("ZADD", self.timers_key, "LT", due, room_id))
        # the pub/sub echo of this commit may be read before its reply: the
        # fan-out knows it by these bytes, leaves it to local delivery and
        # marks it seen (then the commit is known to have landed)
        mine = (room_id, expected + 1)
        entry = [packed, False]
        self.inflight.setdefault(mine, []).append(entry)
        try:
            results = await self.run(commands)
        except (redis.exceptions.RedisError, OSError):
            if entry[1]:
                return expected + 1, None  # the reply was lost, the commit was not
            raise
        finally:
            waiting = self.inflight[mine]
            waiting.remove(entry)
            if not waiting:
                del self.inflight[mine]
        reply = results[0]
        version = int(reply[0])
        if version > 0:
            return version, None
        if reply[1] is None or version == 0:
            return None, None
        if commit_id and reply[2] == commit_id.encode():
            return -version, None  # a re-sent commit (the reply of the first send was lost) that had landed
        return None, (-version, with_marks(unpack(reply[1]), reply[3] if len(reply) > 3 else None))

    def _payout_ops(self, keys: tuple[str, ...], payout: "Payout") -> tuple[tuple[str, ...], bytes]:
        """The commit script's ``keys`` grown by the payout's keys, and its
        ops (msgpack): per player ``["", hash key index, settled set key
        index, settlement id, coins, keep s, balance channel, publish
        command, stat, inc, …]``, then each history command as ``[name, key
        index, other arguments…]`` (its key is its first argument)."""
        extra: list[str] = list(keys)
        ops: list[list[Any]] = []
        publish = "SPUBLISH" if self.sharded else "PUBLISH"
        for pid, coins, stats in payout.players:
            key = self.player_key(pid)
            extra += [key, key + ":settled"]
            op: list[Any] = ["", len(extra) - 1, len(extra), payout.id, coins, payout.keep_s, self.player_channel(pid), publish]
            for field, inc in stats.items():
                op += [f"{payout.game}:{field}", inc]
            ops.append(op)
        for name, key, *args in payout.history:
            extra.append(key)
            ops.append([name, len(extra), *args])
        return tuple(extra), packb(ops)

    def echo(self, room_id: str, version: int, data: bytes) -> bool:
        """Whether a published ``(version, doc bytes)`` is the echo of a
        commit of this process still awaiting its reply (marked seen)."""
        for entry in self.inflight.get((room_id, version), ()):
            if entry[0] == data:
                entry[1] = True
                return True
        return False

    async def room_log(self, room_id: str) -> list[dict[str, Any]]:
        """Every log record of a table, oldest first."""
        return [unpack(x) for x in await self.redis.lrange(self.room_key(room_id) + ":log", 0, -1)]

    async def log_span(self, room_id: str, first: int, last: int = -1) -> list[bytes]:
        """Log records ``first..last`` (positions, inclusive; -1: the end) of
        a table, still msgpack."""
        return await self.redis.lrange(self.room_key(room_id) + ":log", first, last)

    async def replay_fields(self, room_id: str, *names: str) -> list[bytes | None]:
        """Fields of a table's built-replay hash (None where absent)."""
        return await self.redis.hmget(self.room_key(room_id) + ":replay", list(names))

    async def put_replay_fields(self, room_id: str, fields: dict[str, bytes], ttl_s: int) -> None:
        """Store fields of a table's built-replay hash; it expires ``ttl_s``
        seconds after its last write, like the log it is built from."""
        key = self.room_key(room_id) + ":replay"
        await self.redis.hset(key, mapping=fields)
        await self.redis.expire(key, ttl_s)

    async def room_version(self, room_id: str) -> int | None:
        (v,) = await self.run([("HGET", self.room_key(room_id), "v")])
        return None if v is None else int(v)

    # -- followers -------------------------------------------------------
    def follow_cmds(self, room_id: str, until: int) -> list[tuple[Any, ...]]:
        """Commands that make this process a follower of a table until
        ``until`` (ms): commits of other processes publish their versions
        only while some other process follows (the key itself expires when
        no follower renews it)."""
        key = self.room_key(room_id) + ":f"
        return [("ZADD", key, until, self.node), ("PEXPIREAT", key, until)]

    async def follow(self, room_ids: list[str], until: int) -> None:
        """Follow (or renew the lease on) tables until ``until`` (ms); see
        :meth:`follow_cmds`.  Call before subscribing to their channels."""
        await self.run([c for room_id in room_ids for c in self.follow_cmds(room_id, until)])

    async def unfollow(self, room_id: str) -> None:
        """Stop following a table (after unsubscribing from its channel)."""
        await self.run([("ZREM", self.room_key(room_id) + ":f", self.node)])

    # -- chat ------------------------------------------------------------
    def chat_key(self, room_id: str) -> str:
        return self.room_key(room_id) + ":chat"

    async def add_chat(self, room_id: str, line: dict[str, Any], keep: int, lines: int, window_ms: int) -> str | int:
        """Append a chat line (``{"at", "name", "text", "spectator"}``) to
        the table's chat stream, trimmed to ``max(keep, lines)`` entries,
        expiring with the table (:data:`CHAT_IDLE_TTL_S` while the table has
        no expiry), and publish it on the table's channel, in one script on
        the table's slot, unless the table took ``lines`` lines in the last
        ``window_ms`` ms.  The table doc is not touched.

        Returns the line's id (the stream id, ``"<ms>-<seq>"``), 0 if there
        is no such table, -1 if the table's window is full (nothing written)."""
        key = self.room_key(room_id)
        (reply,) = await self.run([(
            "EVALSHA", self._chat.sha, 2, key, self.chat_key(room_id),
            pack(line), self.room_channel(room_id), "SPUBLISH" if self.sharded else "PUBLISH",
            max(keep, lines), lines, window_ms, CHAT_IDLE_TTL_S,
        )])
        return reply.decode() if isinstance(reply, bytes) else int(reply)

    async def chat_lines(self, room_id: str, count: int) -> list[dict[str, Any]]:
        """The table's last ``count`` chat lines, oldest first, each with its ``id``."""
        (entries,) = await self.run([("XREVRANGE", self.chat_key(room_id), "+", "-", "COUNT", count)])
        out = []
        for entry_id, fields in reversed(entries):
            # a cluster pipeline parses the fields into a dict; the batcher leaves them flat
            value = fields[b"m"] if isinstance(fields, dict) else dict(zip(fields[::2], fields[1::2]))[b"m"]
            out.append(chat_line(entry_id, value))
        return out

    def chat_expire_cmd(self, room_id: str, ttl_s: int) -> tuple[Any, ...]:
        """The command that makes a table's chat expire in ``ttl_s`` s (with the table)."""
        return ("EXPIRE", self.chat_key(room_id), ttl_s)

    # -- listing ---------------------------------------------------------
    async def list_tables(self, game: str | None = None, limit: int = 200) -> list[str]:
        """Ids of listed live tables (of one game), newest first."""
        key = self.tables_key if game is None else f"{self.tables_key}:{game}"
        return [x.decode() for x in await self.redis.zrevrange(key, 0, limit - 1)]

    async def run(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """Raw commands in one round trip (shared with others of this
        event-loop turn); raises the first error reply."""
        if not commands:
            return []
        replies = await self.batch.submit(commands)
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        return replies

    def _zset_cmd(self, key: str, member: str, score: int, present: bool) -> tuple[Any, ...]:
        return ("ZADD", key, score, member) if present else ("ZREM", key, member)

    def listed_cmds(self, room_id: str, created: int, listed: bool, game: str | None = None) -> list[tuple[Any, ...]]:
        """Commands that add a table to (or drop it from) the live list and
        its game's list, and tell every process the list changed."""
        keys = [self.tables_key] + ([f"{self.tables_key}:{game}"] if game else [])
        return [self._zset_cmd(key, room_id, created, listed) for key in keys] + [self.publish_lobby_cmd()]

    def live_cmd(self, room_id: str, created: int, live: bool) -> tuple[Any, ...]:
        return self._zset_cmd(self.live_key, room_id, created, live)

    def waiting_cmd(self, game: str, room_id: str, created: int, waiting: bool) -> tuple[Any, ...]:
        return self._zset_cmd(self.waiting_key(game), room_id, created, waiting)

    def player_table_cmd(self, pid: str, room_id: str, seated: bool) -> tuple[Any, ...]:
        return ("SADD" if seated else "SREM", self.player_key(pid) + ":tables", room_id)

    def release_coin_table_cmd(self, pid: str, table_id: str) -> tuple[Any, ...]:
        return ("EVALSHA", self._coin_release.sha, 1, self.player_key(pid) + ":cointable", table_id)

    def publish_lobby_cmd(self) -> tuple[Any, ...]:
        return ("SPUBLISH" if self.sharded else "PUBLISH", self.lobby_channel, b"tables")

    async def set_listed(self, room_id: str, created: int, listed: bool, game: str | None = None) -> None:
        """Add a table to (or drop it from) the live list and its game's list."""
        await self.run(self.listed_cmds(room_id, created, listed, game))

    async def live_tables(self) -> list[str]:
        """Every live table id, listed or private (for the timer sweep)."""
        return [x.decode() for x in await self.redis.zrange(self.live_key, 0, -1)]

    async def set_live(self, room_id: str, created: int, live: bool) -> None:
        await self.run([self.live_cmd(room_id, created, live)])

    async def publish_lobby(self) -> None:
        """Tell every process that the table list changed."""
        await self.run([self.publish_lobby_cmd()])

    def pubsub(self, reconnected: Any = None) -> "Subscriber":
        """A new subscription connection (see :class:`Subscriber`;
        ``reconnected``: called after redis-py reconnected it by itself)."""
        return Subscriber(self, reconnected)

    async def set_waiting(self, game: str, room_id: str, created: int, waiting: bool) -> None:
        await self.run([self.waiting_cmd(game, room_id, created, waiting)])

    async def waiting_tables(self, game: str, upto: int | None = None) -> list[str]:
        """Ids of the oldest 51 waiting quick tables of ``game`` with an open
        seat, oldest first; with ``upto`` (ms), only those created by then."""
        if upto is None:
            return [x.decode() for x in await self.redis.zrange(self.waiting_key(game), 0, 50)]
        return [x.decode() for x in await self.redis.zrangebyscore(self.waiting_key(game), "-inf", upto, start=0, num=51)]

    # -- quick-match -------------------------------------------------------
    def quick_key(self, game: str, options: dict[str, Any]) -> str:
        """The key naming the open quick table of ``game`` with these
        (validated) engine options."""
        digest = hashlib.sha256(pack(sorted(options.items()))).hexdigest()[:16]
        return f"{self.p}:quick:{game}:{digest}"

    async def quick_slot(self, game: str, options: dict[str, Any]) -> tuple[str, int, str] | None:
        """The open quick table of a kind: ``(table id, claimed at ms, raw
        value)``, or None."""
        (raw,) = await self.run([("GET", self.quick_key(game, options))])
        if raw is None:
            return None
        table_id, _, at = raw.decode().partition("|")
        return table_id, int(at or 0), raw.decode()

    async def claim_quick_slot(self, game: str, options: dict[str, Any], table_id: str, expected: str | None) -> bool:
        """Name ``table_id`` the open quick table of its kind if the key
        still holds the raw value ``expected`` (None: nothing).  Atomic."""
        key = self.quick_key(game, options)
        (done,) = await self.run([("EVALSHA", self._coin_seat.sha, 1, key, f"{table_id}|{now_ms()}", expected or "", table_id)])
        return bool(done)

    def release_quick_cmd(self, game: str, options: dict[str, Any], table_id: str) -> tuple[Any, ...]:
        """Drop the quick key of a kind if it still names ``table_id``."""
        return ("EVALSHA", self._coin_release.sha, 1, self.quick_key(game, options), table_id)

    # -- presence ----------------------------------------------------------
    def presence_cmd(self, pid: str, conn_id: str, until: int | None) -> tuple[Any, ...]:
        """Record (``until``: lease expiry, ms) or drop (None) one signed-in
        connection of a player."""
        key = self.player_key(pid) + ":conns"
        return ("ZADD", key, until, conn_id) if until is not None else ("ZREM", key, conn_id)

    async def drop_presence(self, pid: str, conn_id: str, now: int) -> int:
        """Drop one connection of a player; returns how many live ones
        (lease after ``now`` ms) it still has, anywhere."""
        key = self.player_key(pid) + ":conns"
        _, _, left = await self.run([self.presence_cmd(pid, conn_id, None), ("ZREMRANGEBYSCORE", key, "-inf", now), ("ZCARD", key)])
        return int(left)

    async def present(self, pids: list[str], now: int) -> set[str]:
        """Those of ``pids`` with a live connection (lease after ``now`` ms)
        on any process, in one round trip."""
        counts = await self.run([("ZCOUNT", self.player_key(pid) + ":conns", f"({now}", "+inf") for pid in pids])
        return {pid for pid, n in zip(pids, counts) if int(n)}

    # -- spectators ------------------------------------------------------
    async def watch(self, room_id: str, conn_ids: list[str], lease_until: int) -> None:
        """Record (or refresh) spectator connections of a table until ``lease_until`` ms."""
        if conn_ids:
            await self.redis.zadd(self.room_key(room_id) + ":watch", {c: lease_until for c in conn_ids})

    async def unwatch(self, room_id: str, conn_id: str) -> None:
        await self.redis.zrem(self.room_key(room_id) + ":watch", conn_id)

    async def spectators(self, room_id: str, now: int) -> int:
        """Spectators of a table whose lease has not run out."""
        key = self.room_key(room_id) + ":watch"
        await self.redis.zremrangebyscore(key, "-inf", now)
        return int(await self.redis.zcard(key))

    # -- timers ----------------------------------------------------------
    async def schedule(self, room_id: str, due: int) -> None:
        """Make the table's timer fire no later than ``due`` ms (never later
        than it already would: ZADD LT, so out-of-order writers are safe)."""
        await self.redis.zadd(self.timers_key, {room_id: due}, lt=True)

    async def due_timers(self, now: int, count: int = 64) -> list[str]:
        """Ids of tables whose timer hint is due at ``now`` ms (at most ``count``)."""
        (ids,) = await self.run([("ZRANGEBYSCORE", self.timers_key, "-inf", now, "LIMIT", 0, count)])
        return [x.decode() for x in ids]

    async def claim_timer(self, room_id: str, now: int, lease_until: int) -> bool:
        """Take a due timer for this process until ``lease_until`` ms."""
        (claimed,) = await self.run([("EVALSHA", self._claim.sha, 1, self.timers_key, room_id, now, lease_until)])
        return bool(claimed)

    async def reschedule_timer(self, room_id: str, lease_until: int, due: int | None) -> bool:
        """Move a claimed timer to ``due`` (None: drop it) unless it was moved since."""
        (moved,) = await self.run([("EVALSHA", self._reschedule.sha, 1, self.timers_key, room_id, lease_until, "" if due is None else due)])
        return bool(moved)

    # -- sessions and players -------------------------------------------
    async def session_player(self, token: str, ttl_s: int) -> str | None:
        """The player id of a token, refreshing its expiry; None if unknown."""
        key = f"{self.p}:session:{token}"
        pid = await self.redis.get(key)
        if pid is None:
            return None
        await self.redis.expire(key, ttl_s)
        return pid.decode()

    async def create_player(self, pid: str, token: str, name: str, coins: int, ttl_s: int) -> None:
        await self.redis.hset(self.player_key(pid), mapping={"name": name, "coins": coins, "created": now_ms()})
        await self.redis.set(f"{self.p}:session:{token}", pid, ex=ttl_s)

    async def player(self, pid: str) -> dict[str, Any]:
        raw = await self.redis.hgetall(self.player_key(pid))
        out: dict[str, Any] = {}
        for k, v in raw.items():
            key, text = k.decode(), v.decode()
            out[key] = int(text) if text.lstrip("-").isdigit() else text
        return out

    async def set_player_name(self, pid: str, name: str) -> bool:
        """Rename a guest; False (nothing written) when the player is a
        claimed account, whose name stays (checked in the same step)."""
        return bool(await self._rename_guest(keys=[self.player_key(pid)], args=[name]))

    async def set_player_fields(self, pid: str, mapping: dict[str, Any]) -> None:
        """Set fields of a player's record (``name``, ``claimed``)."""
        await self.redis.hset(self.player_key(pid), mapping=mapping)

    async def balances(self, pids: list[str]) -> dict[str, int]:
        """Coin balance of each player id (0 for unknown players), in one
        round trip."""
        if not pids:
            return {}
        results = await self.run([("HGET", self.player_key(pid), "coins") for pid in pids])
        return {pid: int(raw) if raw is not None else 0 for pid, raw in zip(pids, results)}

    async def apply_settlement(self, pid: str, settlement_id: str, coins: int, stats: dict[str, int], game: str, keep_s: int) -> tuple[bool, int]:
        """Apply one game's coins and stats to a player, once per
        ``settlement_id`` (the settled-ids set lives on the player's slot and
        is kept ``keep_s`` seconds).  Stats are counted per game as
        ``<game>:<field>``.  Returns ``(applied now, balance after)``."""
        return (await self.apply_settlements(settlement_id, [(pid, coins, stats)], game, keep_s))[0]

    async def apply_settlements(self, settlement_id: str, players: list[tuple[str, int, dict[str, int]]], game: str, keep_s: int) -> list[tuple[bool, int]]:
        """:meth:`apply_settlement` for several ``(pid, coins, stats)`` in
        one round trip (one script per player, on that player's slot).  A
        balance that changed is published on the player's channel."""
        commands = []
        for pid, coins, stats in players:
            args: list[Any] = [settlement_id, coins, keep_s, self.player_channel(pid), "SPUBLISH" if self.sharded else "PUBLISH"]
            for field, inc in stats.items():
                args += [f"{game}:{field}", inc]
            key = self.player_key(pid)
            commands.append(("EVALSHA", self._settle.sha, 2, key, key + ":settled", *args))
        return [(bool(applied), int(balance)) for applied, balance in await self.run(commands)]

    async def coin_table(self, pid: str) -> tuple[str, int, str] | None:
        """Where the player's coins are promised: ``(table id, claimed at ms,
        raw value)``, or None."""
        raw = await self.redis.get(self.player_key(pid) + ":cointable")
        if raw is None:
            return None
        table_id, _, at = raw.decode().partition("|")
        return table_id, int(at or 0), raw.decode()

    async def claim_coin_table(self, pid: str, table_id: str, expected: str | None) -> bool:
        """Point the player's coin table at ``table_id`` (stamped now) if it
        still holds the raw value ``expected`` (None: nothing) or already
        names ``table_id``.  Atomic on the player's slot."""
        return bool(
            await self._coin_seat(keys=[self.player_key(pid) + ":cointable"], args=[f"{table_id}|{now_ms()}", expected or "", table_id])
        )

    async def release_coin_table(self, pid: str, table_id: str) -> None:
        await self.run([self.release_coin_table_cmd(pid, table_id)])

    async def player_tables(self, pid: str) -> list[str]:
        return sorted(x.decode() for x in await self.redis.smembers(self.player_key(pid) + ":tables"))

    # -- quotas ----------------------------------------------------------
    def opened_key(self, owner: str) -> str:
        return f"{self.p}:opened:{owner}"

    def release_table_cmd(self, owner: str, table_id: str) -> tuple[Any, ...]:
        return ("ZREM", self.opened_key(owner), table_id)

    async def reserve_table(self, owners: list[tuple[str, int]], table_id: str, created: int, grace_ms: int, keep_s: int) -> str | None:
        """Count a new table against each ``(owner, cap)`` before it is
        created: entries no longer live (not in ``P:live`` and older than
        ``grace_ms``, so a table being created is never taken for a dead
        one) are dropped first, then each owner gets the table atomically
        only while it holds fewer than its cap.  Returns None when every
        owner took it, else the first owner at its cap (the ones before it
        are released again).  ``keep_s``: the keys' expiry (s), refreshed."""
        for owner, _ in owners:
            key = self.opened_key(owner)
            entries = await self.redis.zrange(key, 0, -1, withscores=True)
            if not entries:
                continue
            live = await self.redis.zmscore(self.live_key, [m for m, _ in entries])
            dead = [m for (m, at), score in zip(entries, live) if score is None and at < created - grace_ms]
            if dead:
                await self.redis.zrem(key, *dead)
        taken: list[str] = []
        for owner, cap in owners:
            if not await self._reserve(keys=[self.opened_key(owner)], args=[cap, table_id, created, keep_s]):
                for other in taken:
                    await self.run([self.release_table_cmd(other, table_id)])
                return owner
            taken.append(owner)
        return None

    # -- accounts (lobby.accounts) ----------------------------------------
    def session_key(self, token: str) -> str:
        return f"{self.p}:session:{token}"

    async def tokens_alive(self, tokens: list[str]) -> list[bool]:
        """Whether each token still names a player, in one round trip."""
        return [bool(int(n)) for n in await self.run([("EXISTS", self.session_key(t)) for t in tokens])]

    def name_key(self, key: str) -> str:
        return f"{self.p}:name:{key}"

    async def claim_names(self, keys: list[str], pid: str) -> str | None:
        """Make every name key of ``keys`` name ``pid`` (each by
        compare-and-set: one held by another player is left alone).
        Returns None when all do now, else the first key held by someone
        else (the ones taken here are let go again)."""
        taken: list[str] = []
        for key in keys:
            if not await self._coin_seat(keys=[self.name_key(key)], args=[f"{pid}|{now_ms()}", "", pid]):
                await self.release_names(taken, pid)
                return key
            taken.append(key)
        return None

    async def release_names(self, keys: list[str], pid: str) -> None:
        """Drop the name keys of ``keys`` that name ``pid``."""
        await self.run([("EVALSHA", self._coin_release.sha, 1, self.name_key(key), pid) for key in keys])

    async def name_owner(self, key: str) -> str | None:
        """The pid holding a name key, or None."""
        return (await self.name_owners([key]))[0]

    async def name_owners(self, keys: list[str]) -> list[str | None]:
        """The pid holding each name key (None: free), in one round trip."""
        return [None if raw is None else raw.decode().partition("|")[0] for raw in await self.run([("GET", self.name_key(k)) for k in keys])]

    async def account_pids(self) -> list[str]:
        """Every claimed account's pid (a SCAN of their ``:cred`` hashes, on
        every node of a cluster): for :meth:`lobby.accounts.Accounts.upgrade_names`."""
        prefix = f"{self.p}:player:{{"
        found = {raw.decode() async for raw in self.redis.scan_iter(match=prefix + "*}:cred", count=500)}
        return sorted(key[len(prefix):-len("}:cred")] for key in found)

    async def name_keys_version(self, set_to: int | None = None) -> int:
        """The version of the name keys the accounts hold (``P:namekeys``;
        0: never set); ``set_to`` stores a new one."""
        if set_to is not None:
            await self.redis.set(f"{self.p}:namekeys", set_to)
            return set_to
        raw = await self.redis.get(f"{self.p}:namekeys")
        return int(raw) if raw is not None else 0

    async def credentials(self, pid: str) -> dict[str, Any] | None:
        """A claimed account's ``{"hash": str, "names": [name keys]}``, or None (a guest)."""
        (raw,) = await self.run([("HMGET", self.player_key(pid) + ":cred", "hash", "names")])
        if raw[0] is None:
            return None
        return {"hash": raw[0].decode(), "names": unpack(raw[1]) if raw[1] else []}

    async def new_credentials(self, pid: str, password_hash: str, names: list[str]) -> bool:
        """Make ``pid`` an account with this password hash and name keys,
        unless it is one already (then nothing is written).  True if it was made now."""
        key = self.player_key(pid) + ":cred"
        made, _ = await self.run([("HSETNX", key, "hash", password_hash), ("HSETNX", key, "names", pack(names))])
        return bool(made)

    async def set_credentials(self, pid: str, password_hash: str | None = None, names: list[str] | None = None) -> None:
        """Store a claimed account's password hash and/or name keys."""
        mapping: dict[str, Any] = {}
        if password_hash is not None:
            mapping["hash"] = password_hash
        if names is not None:
            mapping["names"] = pack(names)
        await self.redis.hset(self.player_key(pid) + ":cred", mapping=mapping)

    async def add_session(self, pid: str, session_id: str, token: str, ttl_s: int, new: bool, device: dict[str, str] | None = None) -> None:
        """Record a token among the player's sessions, with its ``device``
        (``new``: also make the token itself, naming ``pid`` for ``ttl_s`` s)."""
        record = {"token": token, "created": now_ms(), "device": device}
        commands: list[tuple[Any, ...]] = [("HSET", self.player_key(pid) + ":sessions", session_id, pack(record))]
        if new:
            commands.insert(0, ("SET", self.session_key(token), pid, "EX", ttl_s))
        await self.run(commands)

    async def sessions(self, pid: str, ttl_s: int | None = None) -> dict[str, dict[str, Any]]:
        """The player's recorded sessions still alive: session id ->
        ``{"token", "created", "device"}`` and with ``ttl_s`` (the tokens'
        sliding expiry, s) ``"last_seen"`` (ms: when the token's expiry was
        last renewed, i.e. its last use); expired ones are dropped from the record."""
        (raw,) = await self.run([("HGETALL", self.player_key(pid) + ":sessions")])
        pairs = raw.items() if isinstance(raw, dict) else zip(raw[::2], raw[1::2])
        found = {k.decode(): unpack(v) for k, v in pairs}
        if not found:
            return {}
        left = await self.run([("PTTL", self.session_key(s["token"])) for s in found.values()])
        now = now_ms()
        for s, ms in zip(found.values(), left):
            if ttl_s is not None and int(ms) >= 0:
                s["last_seen"] = max(s["created"], now - (ttl_s * 1000 - int(ms)))
        dead = [sid for sid, ms in zip(found, left) if int(ms) == -2]
        if dead:
            await self.run([("HDEL", self.player_key(pid) + ":sessions", *dead)])
        return {sid: s for sid, s in found.items() if sid not in dead}

    async def end_sessions(self, pid: str, sessions: dict[str, dict[str, Any]]) -> None:
        """Revoke sessions (session id -> ``{"token"...}``): their tokens stop working now."""
        if sessions:
            await self.run([("DEL", self.session_key(s["token"])) for s in sessions.values()])
            await self.run([("HDEL", self.player_key(pid) + ":sessions", *sessions)])

    async def publish_revoked(self, pid: str, sids: list[str], wait_s: float) -> int:
        """Tell every process with a connection of ``pid`` that the sessions
        ``sids`` were signed out, and wait up to ``wait_s`` s until each has
        said it closed their sockets (``P:ack:<nonce>``).  Returns how many
        processes did not answer in time (their sweep closes the sockets:
        ``Settings.session_check_s``)."""
        nonce = os.urandom(8).hex()
        payload = Revoked(tuple(sids), nonce).encode()
        (listeners,) = await self.run([("SPUBLISH" if self.sharded else "PUBLISH", self.player_channel(pid), payload)])
        key, missing = f"{self.p}:ack:{nonce}", int(listeners)
        deadline = time.monotonic() + wait_s
        while missing and (left := deadline - time.monotonic()) > 0:
            if await self.redis.blpop([key], timeout=max(0.01, left)) is None:  # its own connection: never in a batch
                break
            missing -= 1
        await self.run([("DEL", key)])
        return missing

    def ack_revoked_cmds(self, nonce: str) -> list[tuple[Any, ...]]:
        """This process closed the sockets of a :meth:`publish_revoked` message."""
        key = f"{self.p}:ack:{nonce}"
        return [("RPUSH", key, 1), ("EXPIRE", key, 60)]

    async def count_attempt(self, kind: str, who: str, window_s: int, add: int = 1) -> int:
        """Attempts of ``kind`` by ``who`` in the current window of
        ``window_s`` s (a fixed window from the first one), after adding
        ``add`` (1: count this one; -1: take one back)."""
        key = f"{self.p}:auth:{kind}:{who}"
        n, _ = await self.run([("INCRBY", key, int(add)), ("EXPIRE", key, window_s, "NX")])
        return int(n)

    # -- ratings, leaderboards, profiles (lobby.ratings) -------------------
    def board_key(self, game: str) -> str:
        return f"{self.p}:board:{game}"

    def pub_key(self, public_id: str) -> str:
        return f"{self.p}:pub:{public_id}"

    async def fields(self, pid: str, names: list[str]) -> list[bytes | None]:
        """Fields of a player's hash (None where absent)."""
        (raw,) = await self.run([("HMGET", self.player_key(pid), *names)])
        return raw

    def recent_cmds(self, pid: str, entry: str, at: int, keep: int) -> list[tuple[Any, ...]]:
        """Commands recording one of the player's games (idempotent), keeping the last ``keep``."""
        key = self.player_key(pid) + ":recent"
        return [("ZADD", key, at, entry), ("ZREMRANGEBYRANK", key, 0, -keep - 1)]

    async def recent(self, pid: str, count: int) -> list[tuple[str, int]]:
        """The player's last ``count`` games, newest first: ``(entry, at ms)``."""
        raw = await self.redis.zrevrange(self.player_key(pid) + ":recent", 0, count - 1, withscores=True)
        return [(m.decode(), int(s)) for m, s in raw]

    def board_cmd(self, game: str, pid: str, ordinal: float) -> tuple[Any, ...]:
        """The command that puts a player's ordinal on a game's leaderboard."""
        return ("ZADD", self.board_key(game), repr(float(ordinal)), pid)

    async def board(self, game: str, start: int, count: int) -> tuple[list[tuple[str, float]], int]:
        """``count`` entries of a game's leaderboard from rank ``start``
        (0: the top), best first, as ``(pid, ordinal)``, and how many it holds."""
        entries, size = await self.run([
            ("ZREVRANGE", self.board_key(game), start, start + count - 1, "WITHSCORES"),
            ("ZCARD", self.board_key(game)),
        ])
        pairs = entries if entries and isinstance(entries[0], (list, tuple)) else list(zip(entries[::2], entries[1::2]))
        return [(m.decode(), float(v)) for m, v in pairs], int(size)

    async def board_rank(self, game: str, pid: str) -> int | None:
        """A player's 0-based rank on a game's leaderboard (None: not on it)."""
        (rank,) = await self.run([("ZREVRANK", self.board_key(game), pid)])
        return None if rank is None else int(rank)


async def connect(url: str, prefix: str = "lobby", wait_s: float = 30.0) -> Store:
    """A :class:`Store` on the Redis at ``url``, waiting up to ``wait_s`` for
    it to answer.  A server with ``cluster_enabled`` gets a cluster client;
    Redis 7+ gets sharded pub/sub.  Raises ``redis.exceptions.ConnectionError``
    when Redis does not answer in time."""
    deadline = time.monotonic() + wait_s
    while True:
        probe = aioredis.Redis.from_url(url, socket_connect_timeout=2)
        try:
            info = await probe.info()
            break
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)
        finally:
            await probe.aclose()
    major = int(str(info["redis_version"]).split(".")[0])
    options = dict(
        decode_responses=False,
        socket_connect_timeout=2,
        retry=Retry(ExponentialBackoff(cap=1.0, base=0.02), retries=8),
        retry_on_error=[redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError],
    )
    if info.get("cluster_enabled"):
        client = RedisCluster.from_url(url, **options)
        await client.initialize()
    else:
        # wait for a free connection under load instead of failing at once
        # (redis-py's default pool refuses past its limit: "Too many connections")
        pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=POOL_SIZE, timeout=POOL_WAIT_S, health_check_interval=5, **options)
        client = aioredis.Redis(connection_pool=pool)
        # batched round trips wait for their replies (see Batcher._run): no
        # asyncio timer per reply (a tenth of the CPU at load)
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=POOL_SIZE, timeout=POOL_WAIT_S, health_check_interval=5, socket_timeout=None, **options
        )
        batch_client = aioredis.Redis(connection_pool=pool)
        store = Store(client, prefix, sharded=major >= 7, batch_redis=batch_client)
        # A Redis on this machine may share our core (the embedded default,
        # the benchmark's layout): after sending a batch, yield the CPU so it
        # answers at once rather than when this process next waits for I/O
        # (at 70 % load that wait was the commit's p90 of ~13 ms).
        store.batch.yield_cpu = _is_local(url)
        return store
    return Store(client, prefix, sharded=major >= 7)


def _is_local(url: str) -> bool:
    """Whether a Redis URL names this machine (loopback or a unix socket)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return parts.scheme == "unix" or (parts.hostname or "") in ("localhost", "::1") or (parts.hostname or "").startswith("127.")


#: Redis connections one process keeps, and how long a command waits for one (s)
POOL_SIZE = 256
POOL_WAIT_S = 5.0
