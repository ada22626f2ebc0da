"""The table list: built from Redis, cached, and pushed to subscribers.

``/api/tables`` and the ``tables`` message read it (:meth:`TableList.get`);
a connection that subscribed (``Conn.lobby_sub``) is pushed a fresh list
after every published table-list change (:meth:`TableList.push`, run by
the app's lobby-list loop).  A built list is reused for
:data:`LIST_CACHE_S`, and dropped as soon as a change is published, so a
flood of list requests costs Redis nothing more.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any, Iterable

import engines

from . import metrics, quota, tables
from .protocol import ErrorCode, encode
from .store import Store, now_ms

if TYPE_CHECKING:
    from .session import Conn

#: how long a built table list is reused (s)
LIST_CACHE_S = 0.5
#: a subscriber is pushed at most this many bytes of lists a second, on
#: average (a push of a bigger list waits longer before the next): one
#: client's churn (watching and unwatching, opening and closing tables)
#: costs the other subscribers a bounded stream, not a list per change
PUSH_BYTES_PER_S = 6 * 1024
#: and at most one push per this many seconds
PUSH_MIN_INTERVAL_S = 0.25
#: tables a list shows at most, and the newest listed tables it looks at to choose them
LIST_LIMIT = 200
LIST_SCAN = 600


class TableList:
    """One process's table lists, per game filter (None: every game)."""

    def __init__(self, store: Store, listed_per_addr: int) -> None:
        self.store = store
        self.listed_per_addr = listed_per_addr
        #: set by :meth:`changed`, cleared by the loop that pushes
        self.dirty = asyncio.Event()
        self._cache: dict[str | None, tuple[float, list[dict[str, Any]]]] = {}
        self._gen = 0  # bumped on every table-list change

    def changed(self) -> None:
        """A table-list change was published: drop cached lists, push fresh ones."""
        self._gen += 1
        self._cache.clear()
        self.dirty.set()

    async def get(self, game: str | None = None) -> list[dict[str, Any]]:
        """Summaries of live listed tables (optionally of one game): of the
        newest :data:`LIST_SCAN`, at most ``listed_per_addr`` opened from
        one client address, taken in turns newest first
        (:func:`quota.rank_listing`), at most :data:`LIST_LIMIT`; cached for
        :data:`LIST_CACHE_S` (one entry per registered game, and one for
        all).  Raises :class:`tables.LobbyError` ``UNKNOWN_GAME`` for a
        ``game`` no engine is registered as, and Redis errors."""
        if game is not None and game not in engines.REGISTRY:
            raise tables.LobbyError(ErrorCode.UNKNOWN_GAME, "no such game")
        now_s = time.monotonic()
        cached = self._cache.get(game)
        if cached is not None and now_s - cached[0] < LIST_CACHE_S:
            return cached[1]
        now = now_ms()
        generation = self._gen
        ids = await self.store.list_tables(game, LIST_SCAN)
        docs = []
        # snapshots: a list line shows nothing a player's move changes
        for table_id, doc in zip(ids, await asyncio.gather(*(self.store.load_snapshot(t) for t in ids))):
            if doc is None or not tables.live(doc):
                await self.store.set_listed(table_id, 0, False, game)  # stale entry
                continue
            docs.append(doc)
        shown = quota.rank_listing(docs, self.listed_per_addr, LIST_LIMIT)
        out = [tables.summary(doc, await self.store.spectators(doc["id"], now)) for doc in shown]
        if generation == self._gen:  # nothing changed while we read: reusable
            self._cache[game] = (now_s, out)
        if game is None:
            metrics.TABLES.clear()
            for doc in docs:
                metrics.TABLES.labels(doc["game"], doc["status"]).inc()
        return out

    async def push(self, conns: Iterable[Conn]) -> float:
        """Send each subscribed connection of ``conns`` its list (one
        ``tables`` frame per game filter, encoded once).  Returns how long
        to wait before the next push (s): :data:`PUSH_MIN_INTERVAL_S`, or
        longer after a big list, so that no subscriber gets more than
        :data:`PUSH_BYTES_PER_S` on average.  Raises Redis errors."""
        frames: dict[str | None, bytes] = {}
        for conn in [c for c in conns if c.lobby_sub is not False]:
            game = conn.lobby_sub if isinstance(conn.lobby_sub, str) else None
            if game not in frames:
                frames[game] = encode({"t": "tables", "tables": await self.get(game), "now": now_ms()})
            conn.send(frames[game], "tables")
        biggest = max((len(frame) for frame in frames.values()), default=0)
        return max(PUSH_MIN_INTERVAL_S, biggest / PUSH_BYTES_PER_S)
