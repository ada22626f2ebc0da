"""Costly reads: replays built once per finished game, off the event loop.

Re-running a long game for a replay costs CPU that grows with its history
(a long 6 Nimmt! game: ~1,300 steps, MBs of views).  So each game's public
record and each viewer's frames are built at most once per process and
table (first request), in a worker process (:data:`Settings.replay_workers`;
a thread would hold the GIL against the event loop), cut into pages of
``LOBBY_REPLAY_PAGE`` frames, gzipped and stored in the table's
``P:room:{id}:replay`` hash (same slot as its log, same lifetime).  Later
requests, on any process, are served those bytes as they are.  The log is
indexed by game incrementally, so a read never walks the history of earlier
games again.  Every replay read is rate-limited per client address
(:class:`ReadLimits`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Awaitable, Callable

from . import metrics, replay
from .config import Settings
from .redis_server import die_with_parent
from .store import Store, pack, unpack



def worker_start() -> None:
    """In each replay worker process as it starts: die with the lobby, and
    leave Ctrl-C to it (a terminal sends SIGINT to the whole process group;
    the lobby stops the pool as it shuts down, so a worker that took the
    signal itself would only print a KeyboardInterrupt traceback)."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)

class Busy(Exception):
    """Too many replay builds queued on this process; retry later."""


class ReadLimits:
    """Token buckets per client address: ``rate`` reads per second, bursts
    of ``burst``.  Once :data:`MAX_ADDRESSES` are known, those whose bucket
    is full again are forgotten, else the least recently seen half, so
    memory stays bounded."""

    MAX_ADDRESSES = 4096

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, list[float]] = {}  # address -> [tokens, stamp (monotonic s)]

    def retry_after(self, address: str) -> float:
        """Take one read for ``address``: 0.0 if allowed, else the seconds
        until the next one will be."""
        now = time.monotonic()
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.MAX_ADDRESSES:
                self._forget(now)
            bucket = self._buckets[address] = [float(self.burst), now]
        bucket[0] = min(self.burst, bucket[0] + (now - bucket[1]) * self.rate)
        bucket[1] = now
        if bucket[0] >= 1:
            bucket[0] -= 1
            return 0.0
        return (1 - bucket[0]) / self.rate

    def _forget(self, now: float) -> None:
        refill_s = self.burst / self.rate
        for address, (_, stamp) in list(self._buckets.items()):
            if now - stamp >= refill_s:
                del self._buckets[address]
        if len(self._buckets) >= self.MAX_ADDRESSES:
            by_age = sorted(self._buckets, key=lambda a: self._buckets[a][1])
            for address in by_age[: len(by_age) // 2]:
                del self._buckets[address]


class Replays:
    """Builds and serves replays for one process (see the module
    docstring); what it stores is shared by every process.

    Hash fields: ``scan`` (msgpack ``[positions scanned, open game]``),
    ``done`` (msgpack list of finished game numbers), ``g:<n>`` (msgpack
    :func:`lobby.replay.scan` entry of game *n*), ``r:<n>`` (its public
    record, JSON), ``p:<n>:<viewer>:<page>`` (a gzipped page body; viewer
    ``-`` is the public view) and ``n:<n>:<viewer>`` (its page count).
    """

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._pool: ProcessPoolExecutor | None = None
        self._inflight: dict[tuple[Any, ...], asyncio.Future] = {}

    def close(self) -> None:
        """Stop the worker processes (builds in progress are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def aclose(self) -> None:
        """Stop the worker processes at shutdown: pending builds are
        dropped, running ones finish (off the event loop), so the pool's
        own thread is gone before the interpreter exits (left running, its
        exit hook wrote to a closed pipe: "OSError: Bad file descriptor"
        after a Ctrl-C that followed a replay)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    async def _work(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker process; a pool whose worker died (OOM
        killer, kill -9) is replaced once."""
        try:
            return await self._submit(fn, *args)
        except BrokenProcessPool:
            self.close()
            return await self._submit(fn, *args)

    def _submit(self, fn: Callable[..., Any], *args: Any) -> "asyncio.Future[Any]":
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.settings.replay_workers, multiprocessing.get_context("spawn"), worker_start)
        return asyncio.wrap_future(self._pool.submit(fn, *args))

    async def _once(self, key: tuple[Any, ...], make: Callable[[], Awaitable[Any]]) -> Any:
        """Single flight: concurrent callers with one ``key`` share one
        ``make()``.  Raises :class:`Busy` when :data:`Settings.replay_builds`
        other builds are under way here."""
        fut = self._inflight.get(key)
        if fut is None:
            if len(self._inflight) >= self.settings.replay_builds:
                raise Busy
            fut = self._inflight[key] = asyncio.ensure_future(make())
            fut.add_done_callback(lambda _: self._inflight.pop(key, None))
        return await asyncio.shield(fut)

    async def _put(self, table_id: str, fields: dict[str, bytes]) -> None:
        await self.store.put_replay_fields(table_id, fields, self.settings.replay_ttl_s)

    async def _index_new(self, table_id: str) -> None:
        """Index what the table's log holds past the last scan, if anything:
        a table with nothing new (an unknown id among them) takes no build
        slot (20 reads of unknown ids at once were answered 503 busy)."""
        key = self.store.room_key(table_id)
        scanned, length = await self.store.run([("HGET", key + ":replay", "scan"), ("LLEN", key + ":log")])
        if int(length) > (unpack(scanned)[0] if scanned else 0):
            await self._once(("index", table_id), lambda: self._index(table_id))

    async def _index(self, table_id: str) -> None:
        """Index the log records appended since the last scan."""
        (scanned,) = await self.store.replay_fields(table_id, "scan")
        done_before: list[int] = []
        position, open_game = unpack(scanned) if scanned else (0, None)
        raw = await self.store.log_span(table_id, position)
        if not raw:
            return
        finished, open_game = await self._work(replay.scan, raw, position, open_game)
        if position:
            (done_raw,) = await self.store.replay_fields(table_id, "done")
            done_before = unpack(done_raw) if done_raw else []
        fields = {f"g:{n}": pack(entry) for n, entry in finished.items()}
        fields["done"] = pack(sorted({*done_before, *finished}))
        fields["scan"] = pack([position + len(raw), open_game])
        await self._put(table_id, fields)

    async def game(self, table_id: str, game_no: int) -> dict[str, Any] | None:
        """``{"span", "seats", "owners"}`` of a finished game (owners: seat
        as str -> player id), or None if that game has not finished."""
        for attempt in range(2):
            (entry,) = await self.store.replay_fields(table_id, f"g:{game_no}")
            if entry is not None:
                return unpack(entry)
            if attempt == 0:
                await self._index_new(table_id)
        return None

    async def finished(self, table_id: str) -> list[int]:
        """Numbers of the table's finished games, oldest first."""
        await self._index_new(table_id)
        (done,) = await self.store.replay_fields(table_id, "done")
        return unpack(done) if done else []

    async def records(self, table_id: str, game_nos: list[int]) -> list[bytes]:
        """The public records (JSON) of finished games, built where missing."""
        if not game_nos:
            return []
        found = await self.store.replay_fields(table_id, *(f"r:{n}" for n in game_nos))
        out = []
        for n, rec in zip(game_nos, found):
            if rec is None:
                rec = await self._once(("record", table_id, n), lambda n=n: self._build_record(table_id, n))
            out.append(rec)
        return out

    async def _build_record(self, table_id: str, game_no: int) -> bytes:
        entry = await self.game(table_id, game_no)
        if entry is None:
            raise ValueError(f"game {game_no} has not finished")
        raw = await self.store.log_span(table_id, *entry["span"])
        rec = await self._work(replay.record_json, raw)
        await self._put(table_id, {f"r:{game_no}": rec})
        return rec

    async def page(self, table_id: str, entry: dict[str, Any], game_no: int, viewer: int | None, page: int) -> bytes | None:
        """One gzipped page body of ``viewer``'s frames of a finished game
        (``entry`` from :meth:`game`), built (all its pages at once) on the
        first request; None past the last page.  Raises :class:`Busy` or
        ``ValueError`` (the log does not replay)."""
        who = "-" if viewer is None else str(viewer)
        body, count = await self.store.replay_fields(table_id, f"p:{game_no}:{who}:{page}", f"n:{game_no}:{who}")
        if body is not None:
            return body
        if count is not None:
            return None  # built: past the last page
        pages = await self._once(("frames", table_id, game_no, who), lambda: self._build_pages(table_id, entry, game_no, viewer, who))
        return pages[page] if page < len(pages) else None

    async def _build_pages(self, table_id: str, entry: dict[str, Any], game_no: int, viewer: int | None, who: str) -> list[bytes]:
        raw = await self.store.log_span(table_id, *entry["span"])
        pages = await self._work(replay.frame_pages, raw, table_id, viewer, self.settings.replay_page)
        metrics.REPLAY_BUILDS.inc()
        fields = {f"p:{game_no}:{who}:{i}": body for i, body in enumerate(pages)}
        fields[f"n:{game_no}:{who}"] = str(len(pages)).encode()
        await self._put(table_id, fields)
        return pages
