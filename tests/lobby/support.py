"""Steps the live tests share, so that a test reads as what it checks.

- ``connected``: clients signed in to a lobby, closed when the block ends;
- ``seated``: a table one client opens and the others join;
- ``replayed``: the views a client's kept frames build, frame by frame;
- ``polled``: a value read until it is what a test waits for, or a deadline.

Fixtures (``lobby``, ``lobby_factory``, ``redis_server``...) come from
tests/conftest.py through pytest; this module holds plain helpers only.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import jsonpatch

from lobby.client import LobbyClient

T = TypeVar("T")


@asynccontextmanager
async def connected(urls: str | list[str | list[str]], names: Iterable[str]) -> AsyncIterator[list[LobbyClient]]:
    """One signed-in ``LobbyClient`` per name, in order; all closed when the
    block ends (also on failure).  ``urls``: one websocket URL for every
    client, or a list with each client's URL (or its list of URLs to fail
    over along)."""
    names = list(names)
    per_client = urls if isinstance(urls, list) else [urls] * len(names)
    clients = [LobbyClient(url, name=name) for url, name in zip(per_client, names, strict=True)]
    try:
        for c in clients:
            await c.connect()
        yield clients
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)


async def seated(clients: list[LobbyClient], game: str, **fields: Any) -> str:
    """``clients[0]`` opens a table of ``game`` (``fields`` as in the ``open``
    message: seats, turn_ms, options, games...) and every other client joins
    it, in order; the table id.  Nothing waits for the game to start."""
    tv = await clients[0].open(game, **fields)
    for c in clients[1:]:
        await c.join(tv.table_id)
    return tv.table_id


def playing(view: dict[str, Any]) -> bool:
    """A ``wait_for`` predicate: the table's game is on."""
    return view["status"] == "playing"


def replayed(frames: Iterable[dict[str, Any]], table: str | None = None) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """``(frame, view)`` for every snapshot and delta in ``frames`` (those of
    ``table`` only, when given), ``view`` being the table view that frame
    leaves: a snapshot's view, or the view before with a delta's patch
    applied.  Other frames are passed over."""
    view: Any = None
    for frame in frames:
        if frame.get("t") not in ("snapshot", "delta") or (table is not None and frame.get("table") != table):
            continue
        view = frame["view"] if frame["t"] == "snapshot" else jsonpatch.apply_patch(view, frame["patch"])
        yield frame, view


async def polled(read: Callable[[], Awaitable[T]], done: Callable[[T], bool], timeout_s: float = 5.0) -> T:
    """Await ``read()`` every 20 ms until ``done`` holds for its value or
    ``timeout_s`` seconds have passed; the last value read, for the test to
    assert on (it raises nothing itself)."""
    deadline = time.monotonic() + timeout_s
    value = await read()
    while not done(value) and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
        value = await read()
    return value


async def coins(client: LobbyClient) -> int:
    """The client's player's balance in coins (a ``me`` request)."""
    return (await client.request({"t": "me"}))["player"]["coins"]


async def coins_moved(clients: list[LobbyClient], before: list[int], expected: list[int], timeout_s: float = 5.0) -> list[int]:
    """Each client's balance change since ``before`` (coins), read until it is
    ``expected`` (a payout follows a game's final commit) or the deadline."""

    async def moved() -> list[int]:
        return [await coins(c) - b for c, b in zip(clients, before)]

    return await polled(moved, lambda m: m == expected, timeout_s)


async def api(
    http: str, method: str, path: str, token: str | None = None, body: dict[str, Any] | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, Any]]:
    """One HTTP request to a lobby (``http``: its base URL) with an optional
    bearer ``token``, JSON ``body`` and more ``headers``: ``(status, JSON answer)``."""
    import httpx

    headers = {**(headers or {}), **({"Authorization": f"Bearer {token}"} if token else {})}
    async with httpx.AsyncClient(base_url=http, timeout=10) as client:
        r = await client.request(method, path, headers=headers, json=body)
    return r.status_code, r.json()
