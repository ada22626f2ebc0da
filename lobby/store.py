"""Redis: every key, every Lua script (their sources: lobby/lua/), and the
room commit.  Nothing else in the lobby names a key.

Key layout (``P`` is ``Settings.key_prefix``; ``{id}`` is a Redis Cluster
hash tag, so all keys of one table share a slot):

==============================  ======  ===========================================
key                             type    holds
==============================  ======  ===========================================
``P:room:{id}``                 hash    ``v``: version (int), ``doc``: msgpack room doc as of
                                        version ``d`` (a snapshot: the versions after it are
                                        the log's last ``v - d`` records), ``c``: commit id,
                                        ``r``: ready marks
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
``P:player:{pid}``              hash    ``name``, ``coins``, ``<game>:<stat>`` counters; a new
                                        guest's lapses with its token until its first settled
                                        game or claim (then kept for good)
``P:player:{pid}:tables``       set     table ids where the player holds a seat
``P:player:{pid}:settled``      set     settlement ids already applied to that balance
``P:player:{pid}:cointable``    string  the one table where the player's coins are promised
``P:opened:<owner>``            zset    table id -> created (ms): live tables an owner
                                        (``a:<address>``, ``c:<connection id>``) opened
``P:player:{pid}:conns``        zset    the player's signed-in connection ids -> lease expiry (ms);
                                        lapses with its last lease
``P:player:{pid}:cred``         hash    a claimed account's ``hash`` (argon2id, PHC string) and
                                        ``names`` (msgpack list of its name keys)
``P:player:{pid}:devices``      set     SHA-256 of the device keys that signed in to the account
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
``P:pub:<public id>``           string  pid of a public player id (profiles); a new guest's
                                        lapses with its token, as its record
==============================  ======  ===========================================

Channels: ``P:room:{id}`` a table's versions (while a process other than the
committer follows it) and chat lines and ready marks; ``P:lobby`` a ping when
the table list changes; ``P:balance:{pid}`` a player's balance after each
change and signed-out session ids (:meth:`Store.publish_revoked`), which every
process answers with an ``RPUSH`` to ``P:ack:<ack>``.  :mod:`lobby.channels`
defines every payload.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import time
from typing import Any, Callable

import redis.asyncio as aioredis
import redis.exceptions
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.asyncio.cluster import RedisCluster
from redis.commands.core import AsyncScript, Script

from . import lua
from .batcher import Batcher
from .chat_store import CHAT_IDLE_TTL_S, ChatStore, chat_line, chat_order  # noqa: F401 (re-exported)
from .player_store import Payout, PlayerStore  # noqa: F401 (Payout re-exported)
from .redis_values import now_ms, pack, unpack  # noqa: F401 (re-exported: lobby.store's helpers)
from .channels import CHAT_MARK, READY_MARK, RECORD_MARK, REVOKED_MARK  # noqa: F401 (re-exported)
from .protocol import packb
from .subscriber import Subscriber
from .tables import redo, with_marks

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
_CHAT_NAME = lua.script("chat_name")
_READY = lua.script("ready")
_LOAD = lua.script("load")
_EXPIRE_GUEST = lua.script("expire_guest")
_COUNT = lua.script("count")




def _nothing(due: int) -> None:
    """A timer due time nobody listens for (Store.on_due's default)."""


class Store(ChatStore, PlayerStore):
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
        self._chat_name = redis.register_script(_CHAT_NAME)
        self._reserve = redis.register_script(_RESERVE)
        self._rename_guest = redis.register_script(_RENAME_GUEST)
        self._ready = redis.register_script(_READY)
        self._load = redis.register_script(_LOAD)
        self._expire_guest = redis.register_script(_EXPIRE_GUEST)
        self._count = redis.register_script(_COUNT)
        #: this process's id among a table's followers (see :meth:`follow`)
        self.node = os.urandom(8).hex()
        #: called with each timer due time (ms) this process writes, before
        #: it is written: the timer loop's alarm (:meth:`Lobby._timer_loop`)
        self.on_due: Callable[[int], None] = _nothing
        #: ``(table id, version) -> [[packed doc, echo seen]]`` of this process's
        #: commits awaiting their reply (see :meth:`echo`)
        self.inflight: dict[tuple[str, int], list[list[Any]]] = {}
        # every script registered above, so that any of them may go through
        # the batcher (which loads them again after a Redis restart)
        self.batch = Batcher(batch_redis or redis, {
            script.sha: script.script for script in vars(self).values() if isinstance(script, (Script, AsyncScript))
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
    async def load_snapshot(self, room_id: str) -> dict[str, Any] | None:
        """A table's last doc snapshot, without the moves appended after it
        (None: no such table): what no player's move changes (seats,
        status, options, the game's number: the table list's line) is as
        of the latest version.  One read, nothing re-applied."""
        (doc,) = await self.run([("HGET", self.room_key(room_id), "doc")])
        return None if doc is None else unpack(doc)

    async def load_room(self, room_id: str) -> tuple[int, dict[str, Any]] | None:
        """``(version, doc)`` of a table, its ready marks in the doc
        (:func:`lobby.tables.with_marks`), or None if there is no such table:
        the doc's last snapshot and the records appended after it
        (:func:`lobby.tables.redo`), read atomically (:data:`_LOAD`)."""
        key = self.room_key(room_id)
        (reply,) = await self.run([("EVALSHA", self._load.sha, 2, key, key + ":log")])
        if reply[0] is None:
            return None
        return int(reply[0]), with_marks(_replayed(reply[1], reply[3:]), reply[2])

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
        append: bool = False,
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
        after).  ``append``: write ``log`` alone (the doc stays the last
        snapshot; :func:`lobby.tables.appends` says when a change may), so
        a reader re-applies it (:meth:`load_room`); ``log`` is then
        required.
        Commits made in one event-loop turn share one pipeline (:class:`Batcher`).

        Returns ``(new version, None)``, or on conflict ``(None, (version,
        doc))`` of the table as it is now (``(None, None)``: no such table)."""
        key = self.room_key(room_id)
        if due is not None:
            self.on_due(due)
        keys = (key, key + ":log", key + ":f") if self.cluster else (key, key + ":log", key + ":f", self.timers_key)
        ops = b""
        if payout is not None:
            assert not self.cluster, "a payout spans slots: on a cluster it is its own step (apply_settlements)"
            keys, ops = self._payout_ops(keys, payout)
        record = pack(log) if log else b""
        if append:
            assert record and payout is None, "an appended version is a record, and no game's end"
            packed, published = b"", RECORD_MARK + record
        else:
            packed = published = pack(doc)
        commands: list[tuple[Any, ...]] = [(
            "EVALSHA", self._commit.sha, len(keys), *keys,
            expected,
            packed,
            self.room_channel(room_id),
            record,
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
            "" if marks is None else ("-" if marks == ("", "") else marks[1]),  # none before nor after: nothing to drop
        )]
        if self.cluster and due is not None and lowers:
            commands.append(("ZADD", self.timers_key, "LT", due, room_id))
        # the pub/sub echo of this commit may be read before its reply: the
        # fan-out knows it by these bytes, leaves it to local delivery and
        # marks it seen (then the commit is known to have landed)
        mine = (room_id, expected + 1)
        entry = [published, False]
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
        return None, (-version, with_marks(_replayed(reply[1], reply[5:]), reply[3]))

    def _payout_ops(self, keys: tuple[str, ...], payout: "Payout") -> tuple[tuple[str, ...], bytes]:
        """The commit script's ``keys`` grown by the payout's keys, and its
        ops (msgpack): per player ``["", hash key index, settled set key
        index, settlement id, coins, keep s, balance channel, publish
        command, stat, inc, …]``, then each history command as ``[name, key
        index, other arguments…]`` (its key is its first argument), then per
        rated player ``["=", board key index, hash key index, the four
        rating fields, the six numbers of rating_base, pid]``."""
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
        if payout.rated:
            extra.append(self.board_key(payout.game))
            board = len(extra)
            base = [repr(float(x)) for x in payout.rating_base]
            for pid in payout.rated:
                extra.append(self.player_key(pid))
                ops.append(["=", board, len(extra), *payout.rating_fields, *base, pid])
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
        self.on_due(due)
        await self.redis.zadd(self.timers_key, {room_id: due}, lt=True)

    async def due_timers(self, now: int, count: int = 64) -> tuple[list[str], int | None]:
        """Ids of tables whose timer hint is due at ``now`` ms (at most
        ``count``), and the earliest hint after ``now`` (ms; None: none), in
        one round trip."""
        ids, later = await self.run([
            ("ZRANGEBYSCORE", self.timers_key, "-inf", now, "LIMIT", 0, count),
            ("ZRANGEBYSCORE", self.timers_key, f"({now}", "+inf", "WITHSCORES", "LIMIT", 0, 1),
        ])
        if not later:
            return [x.decode() for x in ids], None
        # [member, score], or [[member, score]] where the client pairs them (RESP3)
        score = later[0][1] if isinstance(later[0], (list, tuple)) else later[1]
        return [x.decode() for x in ids], int(float(score))

    async def claim_timer(self, room_id: str, now: int, lease_until: int) -> bool:
        """Take a due timer for this process until ``lease_until`` ms."""
        (claimed,) = await self.run([("EVALSHA", self._claim.sha, 1, self.timers_key, room_id, now, lease_until)])
        return bool(claimed)

    async def reschedule_timer(self, room_id: str, lease_until: int, due: int | None) -> bool:
        """Move a claimed timer to ``due`` (None: drop it) unless it was moved since."""
        if due is not None:
            self.on_due(due)
        (moved,) = await self.run([("EVALSHA", self._reschedule.sha, 1, self.timers_key, room_id, lease_until, "" if due is None else due)])
        return bool(moved)

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


def _replayed(snapshot: bytes, records: list[bytes]) -> dict[str, Any]:
    """A table's doc from its last snapshot (msgpack) and the records
    appended after it (msgpack, oldest first), re-applied
    (:func:`lobby.tables.redo`)."""
    doc = unpack(snapshot)
    for record in records:
        doc = redo(doc, unpack(record))
    return doc


def unsupported(info: dict[str, Any]) -> str | None:
    """Why the Redis whose ``INFO`` is ``info`` cannot hold the lobby, or
    None: a cluster needs Redis 7 (a table's versions and chat travel by
    sharded pub/sub; a 6.2 cluster lost chat lines); one server may be 6.2
    (the embedded default's)."""
    if info.get("cluster_enabled") and _major(info) < 7:
        return f"a Redis Cluster needs Redis 7 or later (sharded pub/sub); this one runs {info.get('redis_version')}"
    return None


def _major(info: dict[str, Any]) -> int:
    """The major version of the Redis whose ``INFO`` is ``info``."""
    return int(str(info.get("redis_version", "0")).split(".")[0])


async def connect(url: str, prefix: str = "lobby", wait_s: float = 30.0) -> Store:
    """A :class:`Store` on the Redis at ``url``, waiting up to ``wait_s`` for
    it to answer.  A server with ``cluster_enabled`` gets a cluster client;
    Redis 7+ gets sharded pub/sub.  Raises ``redis.exceptions.ConnectionError``
    when Redis does not answer in time, ``RuntimeError`` when it cannot
    hold the lobby (:func:`unsupported`)."""
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
    refused = unsupported(info)
    if refused:
        raise RuntimeError(refused)
    major = _major(info)
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
