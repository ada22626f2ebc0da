"""The ASGI app of one lobby process: start-up, shutdown and background loops.

``create_app(settings)`` returns the ASGI app (:class:`LobbyApp`): websocket
sessions at ``/ws`` go to :class:`lobby.session.Session`, everything else to
Starlette with the routes of :mod:`lobby.endpoints`.  Its lifespan connects
Redis and starts the background loops (the fan-out's pub/sub listener, due
timers, table-list pushes, leases and the sweep), and on shutdown tells
every client to reconnect elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import time
from typing import Any

import redis.asyncio as aioredis
import redis.exceptions
from starlette.applications import Starlette
from starlette.websockets import WebSocket

from . import endpoints, metrics, player_routes, quota
from .accounts import Accounts, revoked
from .arenas import Arenas
from .config import Settings
from .fanout import Fanout, end_signed_out
from .protocol import CloseCode, encode
from .reads import ReadLimits, Replays
from .rooms import Rooms
from .session import PRESENCE_LEASE_MS, Conn, Session
from .store import Store, now_ms
from .store import connect as store_connect
from .table_list import TableList
from .tables import LobbyError

log = logging.getLogger("lobby")

#: how often spectator leases, follows and presence are renewed (s)
SPECTATOR_REFRESH_S = 20
#: how often each process makes sure every live table has a timer hint (s)
SWEEP_S = 30
#: young-generation size and collections between older ones (CPython's
#: defaults are 700, 10, 10): with a thousand sessions, the default made a
#: full collection every ~3 s that paused the process ~90 ms (W1's p99)
GC_THRESHOLDS = (7_000, 20, 100)


class Lobby:
    """One lobby process: Redis store, table commands, fan-out, table list,
    the open connections and the background loops."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.redis: aioredis.Redis | None = None
        self.store: Store
        self.rooms: Rooms
        self.fanout: Fanout
        self.table_list: TableList
        self.replays: Replays
        self.read_limits: ReadLimits
        self.accounts: Accounts
        self.arenas: Arenas
        #: every open session's writer
        self.conns: set[Conn] = set()
        #: the websockets open per client address (this process's)
        self.ws_slots = quota.AddressSlots(settings.ws_per_addr)
        self.stopping = asyncio.Event()
        self.tasks: list[asyncio.Task] = []
        self.draining = False
        self.trusted = quota.trusted_networks(settings.trusted_proxies)
        self.metrics_allow = quota.trusted_networks(settings.metrics_allow)

    # -- lifecycle ---------------------------------------------------------
    async def startup(self) -> None:
        self.store = await store_connect(self.settings.redis_url, self.settings.key_prefix)
        self.redis = self.store.redis
        self.table_list = TableList(self.store, self.settings.listed_per_addr)
        self.fanout = Fanout(self.store, self.table_list.changed, self.settings.chat_keep)
        # commit against the doc the fan-out holds, and show each commit here at once
        self.rooms = Rooms(self.store, self.settings, self.fanout)
        self.replays = Replays(self.store, self.settings)
        self.read_limits = ReadLimits(self.settings.read_rate_per_s, self.settings.read_burst)
        self.accounts = Accounts(self.store, self.settings)
        self.arenas = Arenas(self.store, self.rooms, self.settings)  # also the rooms' hook at an arena table's game end
        await self.accounts.upgrade_names()  # before any claim or guest name is checked
        metrics.watch(self)  # connections, local tables, send queues: read at scrape time
        self.tasks = [
            asyncio.create_task(self.fanout.run(self.stopping), name="fanout"),
            asyncio.create_task(self._timer_loop(), name="timers"),
            asyncio.create_task(self._lobby_loop(), name="lobby-list"),
            asyncio.create_task(self._lease_loop(), name="leases"),
            asyncio.create_task(self._session_loop(), name="sessions"),
            asyncio.create_task(self.arenas.run(self.stopping), name="arenas"),
        ]
        await asyncio.wait_for(self.fanout.wait_ready(), timeout=30)
        _tune_gc()

    async def drain(self, wait_s: float = 1.0) -> None:
        """Tell every client to reconnect elsewhere (``bye`` then close 1001)
        and wait up to ``wait_s`` for those frames to leave."""
        self.draining = True
        bye = encode({"t": "bye", "reason": "shutdown", "now": now_ms()})
        for conn in list(self.conns):
            conn.send(bye, "bye")
            conn.close(CloseCode.WS_1001_GOING_AWAY)
        deadline = asyncio.get_running_loop().time() + wait_s
        while self.conns and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)

    async def shutdown(self) -> None:
        self.stopping.set()
        await self.drain(0)
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.redis is not None:
            await self.replays.aclose()
            await self.store.aclose()

    # -- background loops --------------------------------------------------
    async def _timer_loop(self) -> None:
        """Fire the tables' due timers.  Between looks it sleeps until the
        earliest timer in Redis (any process's) at its last look or the
        earliest this process wrote since (``Store.on_due`` wakes it to
        sleep less), and never longer than ``timer_poll_ms`` (for a timer
        another process wrote since): a turn's deadline fires on time
        however long the poll, and an idle process looks ten times a
        second, not fifty."""
        loop = asyncio.get_running_loop()
        poll_ms = self.settings.timer_poll_ms
        wake = asyncio.Event()
        written = [math.inf]  # the earliest due time (ms) written since the last look

        def on_due(due: int) -> None:
            if due < written[0]:
                written[0] = due
                wake.set()

        self.store.on_due = on_due
        later: float = math.inf  # the earliest timer after the last look (ms)
        looked = -math.inf
        while not self.stopping.is_set():
            delay_ms = min(later, written[0], looked + poll_ms) - now_ms()
            if delay_ms > 0:
                wake.clear()
                alarm = loop.call_later(delay_ms / 1000, wake.set)
                try:
                    await wake.wait()
                finally:
                    alarm.cancel()
                continue  # the alarm rang, or a sooner due time was written
            written[0] = math.inf  # from here, every due time written is noted
            looked = now_ms()
            try:
                due, after = await self.store.due_timers(looked)
                later = math.inf if after is None else after
                for table_id in due:
                    try:
                        await self.rooms.fire_timer(table_id)
                    except LobbyError as exc:
                        log.info("timer of %s: %s", table_id, exc)
            except (redis.exceptions.RedisError, OSError) as exc:
                log.warning("timer loop: %s", exc)
                await asyncio.sleep(0.5)
            except Exception:
                log.exception("timer loop")

    async def _lobby_loop(self) -> None:
        """Push the table list to its subscribers after each change, paced
        by what it costs each of them (:meth:`TableList.push`)."""
        dirty = self.table_list.dirty
        while not self.stopping.is_set():
            await dirty.wait()
            dirty.clear()
            try:
                pause = await self.table_list.push(self.conns)
            except (redis.exceptions.RedisError, OSError):
                continue
            await asyncio.sleep(pause)

    async def _lease_loop(self) -> None:
        last_sweep = 0.0
        while not self.stopping.is_set():
            await asyncio.sleep(SPECTATOR_REFRESH_S)
            with contextlib.suppress(redis.exceptions.RedisError, OSError):
                await self.fanout.refresh_spectator_leases()
                until = now_ms() + PRESENCE_LEASE_MS
                await self.store.run([cmd for c in list(self.conns) if c.pid for cmd in self.store.presence_cmds(c.pid, c.id, until)])
                if time.monotonic() - last_sweep >= SWEEP_S:
                    last_sweep = time.monotonic()
                    await self.rooms.sweep()


    async def _session_loop(self) -> None:
        """Close the websockets of sessions signed out since they signed in
        (:func:`accounts.revoked`), every ``Settings.session_check_s``: the
        fallback for a process that missed the sign-out's push
        (:meth:`Fanout.revoke`, e.g. while its pub/sub was reconnecting)."""
        while not self.stopping.is_set():
            await asyncio.sleep(self.settings.session_check_s)
            with contextlib.suppress(redis.exceptions.RedisError, OSError):
                for conn in await revoked(self.store, list(self.conns)):
                    end_signed_out(conn)


def _tune_gc() -> None:
    """Fewer, larger young collections and rare full ones; what start-up
    made (modules, engines' tables) is moved out of the collector's sight."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def create_app(settings: Settings | None = None) -> LobbyApp:
    """The ASGI app of one lobby process (settings: from the environment when None)."""
    settings = settings or Settings.from_env()
    lobby = Lobby(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        await lobby.startup()
        try:
            yield
        finally:
            await lobby.shutdown()

    app = Starlette(routes=[*player_routes.ROUTES, *endpoints.ROUTES], lifespan=lifespan)
    # no redirect of "/metrics/" to "/metrics": Starlette builds its Location
    # from the request's Host header, which a cache would keep for everyone
    app.router.redirect_slashes = False
    app.state.lobby = lobby
    return LobbyApp(app, lobby)


class LobbyApp:
    """The ASGI app: websocket sessions at ``/ws`` go straight to a
    :class:`Session` (a Starlette ``WebSocket`` without the router and
    middleware coroutines, which held ~8 frames per open connection for its
    whole life), everything else to the Starlette app, whose ``state`` this
    shares."""

    def __init__(self, app: Starlette, lobby: Lobby) -> None:
        self.app = app
        self.lobby = lobby
        self.state = app.state

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and scope["path"] == "/ws":
            await Session(self.lobby, WebSocket(scope, receive, send)).run()
            return
        await self.app(scope, receive, send)
