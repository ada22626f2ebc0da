"""Pub/sub: :class:`Subscriber`, one subscription connection of a
:class:`lobby.store.Store` (:meth:`lobby.store.Store.pubsub`)."""

from __future__ import annotations

import asyncio
import contextlib
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .store import Store

#: per-node wait when reading sharded messages from a cluster (s)
CLUSTER_POLL_S = 0.005


class Subscriber:
    """One pub/sub connection that hides the three ways to listen: classic
    SUBSCRIBE, sharded SSUBSCRIBE on one server, sharded on a cluster (one
    connection per node that owns a subscribed channel)."""

    def __init__(self, store: Store, reconnected: Any = None) -> None:
        self.store = store
        self.ps = store.redis.pubsub()
        #: called (no arguments) after redis-py reconnected a subscription
        #: connection by itself and subscribed again: what was published
        #: meanwhile is lost, so the caller reads what it follows again
        self.reconnected = reconnected
        self._subscribed = False  # a first subscription went through
        self._hook(self.ps)
        if store.cluster:
            make = self.ps._get_node_pubsub

            def node_pubsub(node: Any) -> Any:
                known = node.name in self.ps.node_pubsub_mapping
                ps = make(node)
                if not known:
                    self._hook(ps)
                return ps

            self.ps._get_node_pubsub = node_pubsub
        # A cluster client lists a node's connection before it is connected;
        # reading it then raises, so subscribing and reading take turns there.
        self._lock = asyncio.Lock() if store.cluster else contextlib.nullcontext()

    def _hook(self, ps: Any) -> None:
        """Call :attr:`reconnected` after ``ps`` resubscribes on a reconnect
        (redis-py runs ``on_connect`` when a connection it already
        subscribed on connects again)."""
        resubscribe = ps.on_connect

        async def on_connect(_ps: Any, connection: Any) -> None:
            await resubscribe(connection)
            if self._subscribed and self.reconnected is not None:
                self.reconnected()

        # a bound method: redis-py keeps connect callbacks as weak methods
        ps.on_connect = types.MethodType(on_connect, ps)

    async def subscribe(self, *channels: str) -> None:
        if channels:
            async with self._lock:
                if self.store.sharded:
                    await self.ps.ssubscribe(*channels)
                else:
                    await self.ps.subscribe(*channels)
            self._subscribed = True

    async def unsubscribe(self, *channels: str) -> None:
        if channels:
            async with self._lock:
                if self.store.sharded:
                    await self.ps.sunsubscribe(*channels)
                else:
                    await self.ps.unsubscribe(*channels)

    async def get_message(self, timeout: float | None) -> tuple[bytes, bytes] | None:
        """The next ``(channel, data)`` published, or None after ``timeout``
        s (None: wait for one; on a cluster, a short poll whatever it says)."""
        if self.store.cluster:
            # redis-py polls the nodes' connections one after another, each up
            # to its timeout: keep it short so no node waits behind another.
            async with self._lock:
                msg = await self.ps.get_sharded_message(timeout=CLUSTER_POLL_S)
            if msg is None:
                await asyncio.sleep(CLUSTER_POLL_S)
        else:
            msg = await self.ps.get_message(timeout=timeout)
        if msg is None or msg["type"] not in (b"message", b"smessage", "message", "smessage"):
            return None
        return msg["channel"], msg["data"]

    async def aclose(self) -> None:
        await self.ps.aclose()
