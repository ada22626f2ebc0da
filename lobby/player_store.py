"""The players' half of :class:`lobby.store.Store` (a mixin it inherits):
presence, guest sessions, balances and coin tables (and a game's :class:`Payout`), claimed accounts and
their sessions, sign-in attempts, ratings, leaderboards and profiles.  Its
keys are in :mod:`lobby.store`'s key table; it uses what ``Store`` sets up
(``redis``, ``run``, ``p``, ``player_key``, ``player_channel``, the Lua
scripts)."""

from __future__ import annotations

import hashlib
import os
import time
from typing import Any, NamedTuple

from .channels import Revoked
from .redis_values import now_ms, pack, unpack


def public_id(pid: str) -> str:
    """A player's public id (profiles, leaderboards): not the player id,
    which stays on the server, and not derivable back to it."""
    return hashlib.sha256(b"player:" + pid.encode()).hexdigest()[:16]


#: Player-record fields that are text whatever they hold (a name "007").
TEXT_FIELDS = frozenset({"name"})


def _is_int(text: str) -> bool:
    """Whether a stored field is a whole number written in ASCII digits."""
    return text.isascii() and text.lstrip("-").isdigit()


class Payout(NamedTuple):
    """A game's settlement as :meth:`Store.commit` applies it with the
    commit that ends the game: ``id`` (``<table>:<game_no>``), ``game``
    (engine id: stats are counted as ``<game>:<stat>``), ``players``
    ``[(pid, coins, stats)]`` (coins sum to 0), ``keep_s`` (how long a
    player's settled-ids set is kept, s) and ``history``: idempotent
    commands ``(name, key, *args)`` recording the game (leaderboard, recent
    games, public ids: :func:`lobby.ratings.history_cmds`); ``rated``: the
    players whose leaderboard row is then set from their rating as stored
    (``rating_fields``, the four hash fields of :func:`lobby.ratings.fields`,
    read with ``rating_base``, :data:`lobby.ratings.STORED_BASE`, as
    :func:`lobby.ratings.stored` reads them; the row is the ordinal μ −
    3σ), so the row is every game of theirs applied, in any order, as
    ``me`` and the profile show it."""

    id: str
    game: str
    players: list[tuple[str, int, dict[str, int]]]
    keep_s: int
    history: list[tuple[Any, ...]]
    rated: list[str] = []
    rating_fields: list[str] = []
    rating_base: tuple[float, ...] = ()


class PlayerStore:
    """Player, account and leaderboard keys and calls (see the module doc)."""

    # -- presence ----------------------------------------------------------
    def presence_cmds(self, pid: str, conn_id: str, until: int | None) -> list[tuple[Any, ...]]:
        """Record (``until``: lease expiry, ms) or drop (None) one signed-in
        connection of a player.  The set lapses with its last lease (a
        process that died never drops its connections)."""
        key = self.player_key(pid) + ":conns"
        if until is None:
            return [("ZREM", key, conn_id)]
        return [("ZADD", key, until, conn_id), ("PEXPIREAT", key, until)]

    async def drop_presence(self, pid: str, conn_id: str, now: int) -> int:
        """Drop one connection of a player; returns how many live ones
        (lease after ``now`` ms) it still has, anywhere."""
        key = self.player_key(pid) + ":conns"
        *_, left = await self.run([*self.presence_cmds(pid, conn_id, None), ("ZREMRANGEBYSCORE", key, "-inf", now), ("ZCARD", key)])
        return int(left)

    def player_arenas_key(self, pid: str) -> str:
        """The arenas a player played in (lobby.arenas writes it when an arena is over)."""
        return self.player_key(pid) + ":arenas"

    async def player_arenas(self, pid: str) -> dict[str, Any]:
        """A player's arenas for the profile: ``{"played": int (those kept:
        ``lobby.arenas.HISTORY``), "best_rank": int | None (1: first),
        "recent": [{"arena", "game", "rank", "players" (who played a game
        in it), "end" (ms)}] (the last 10, newest first)}``."""
        entries = await self.redis.zrevrange(self.player_arenas_key(pid), 0, -1, withscores=True)
        rows = []
        for raw, end in entries:
            arena_id, rank, players, game = raw.decode().split("/", 3)
            rows.append({"arena": arena_id, "game": game, "rank": int(rank), "players": int(players), "end": int(end)})
        return {"played": len(rows), "best_rank": min((row["rank"] for row in rows), default=None), "recent": rows[:10]}

    async def present(self, pids: list[str], now: int) -> set[str]:
        """Those of ``pids`` with a live connection (lease after ``now`` ms)
        on any process, in one round trip."""
        counts = await self.run([("ZCOUNT", self.player_key(pid) + ":conns", f"({now}", "+inf") for pid in pids])
        return {pid for pid, n in zip(pids, counts) if int(n)}


    # -- sessions and players -------------------------------------------
    async def session_player(self, token: str, ttl_s: int) -> str | None:
        """The player id of a token, refreshing its expiry (and a new
        guest's record's, :meth:`create_player`); None if unknown."""
        key = f"{self.p}:session:{token}"
        pid = await self.redis.get(key)
        if pid is None:
            return None
        pid = pid.decode()
        sha = self._expire_guest.sha
        await self.run([("EXPIRE", key, ttl_s), ("EVALSHA", sha, 1, self.player_key(pid), ttl_s), ("EVALSHA", sha, 1, self.pub_key(public_id(pid)), ttl_s)])
        return pid

    async def create_player(self, pid: str, token: str, name: str, coins: int, ttl_s: int) -> None:
        """A new guest: its record (name, ``coins``), its public id and its
        session ``token``, each kept ``ttl_s`` seconds from the token's last
        use (:meth:`session_player`): a guest whose token lapses before any
        game of theirs was settled leaves nothing behind.  The first
        settlement (settle.lua) and a claim keep the record for good."""
        record = self.player_key(pid)
        await self.run(
            [
                ("HSET", record, "name", name, "coins", coins, "created", now_ms()),
                ("EXPIRE", record, ttl_s),
                ("SET", self.pub_key(public_id(pid)), pid, "EX", ttl_s),
                ("SET", f"{self.p}:session:{token}", pid, "EX", ttl_s),
            ]
        )

    async def keep_player(self, pid: str) -> None:
        """Keep a player's record and public id for good (an account)."""
        await self.run([("PERSIST", self.player_key(pid)), ("PERSIST", self.pub_key(public_id(pid)))])

    async def player(self, pid: str) -> dict[str, Any]:
        """A player's record: ``{"name": str, "coins": int, "created": ms,
        "claimed": 1?, "<game>:<stat>": int, ...}`` ({} when unknown).  A name
        stays text even when it is all digits ("007")."""
        raw = await self.redis.hgetall(self.player_key(pid))
        out: dict[str, Any] = {}
        for k, v in raw.items():
            key, text = k.decode(), v.decode()
            out[key] = text if key in TEXT_FIELDS or not _is_int(text) else int(text)
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

    async def name_claimed_at(self, keys: list[str]) -> list[int | None]:
        """When each name key was taken (ms since the epoch; None: free or
        written without a time), in one round trip."""
        out: list[int | None] = []
        for raw in await self.run([("GET", self.name_key(k)) for k in keys]):
            at = None if raw is None else raw.decode().partition("|")[2]
            out.append(int(at) if at and at.isdigit() else None)
        return out

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

    async def device(self, pid: str, digest: str, ttl_s: int, add: bool = False) -> bool:
        """Whether the device of ``digest`` (a sign-in device key's hash)
        signed in to the player's account before (``P:player:{pid}:devices``,
        kept ``ttl_s`` after its last use); ``add``: it has now."""
        key = self.player_key(pid) + ":devices"
        commands: list[tuple[Any, ...]] = [("SISMEMBER", key, digest)]
        if add:
            commands += [("SADD", key, digest), ("EXPIRE", key, ttl_s)]
        return bool((await self.run(commands))[0])

    async def count_attempt(self, kind: str, who: str, window_s: int, add: int = 1) -> int:
        """Attempts of ``kind`` by ``who`` in the current window of
        ``window_s`` s (a fixed window from the first one), after adding
        ``add`` (1: count this one; -1: take one back)."""
        key = f"{self.p}:auth:{kind}:{who}"
        (n,) = await self.run([("EVALSHA", self._count.sha, 1, key, int(add), window_s)])
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
