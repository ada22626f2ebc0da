"""What "sign out everywhere" does to a seat at a waiting table (#15), live:
a guest claims an account, sits at a table that has not started and has a
second session on another device; signing out everywhere closes both
sockets, and the seat is then the player's for ``LOBBY_ABSENT_GRACE_MS``
(docs/protocol.md): signing in again within it finds the table and resumes
the seat, staying away longer gives the seat up (never before the grace),
as the account screen's confirm says."""

from __future__ import annotations

import secrets
import time

import pytest
import websockets

from ..security.support import Raw, store_of
from .support import api, polled

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)

PASSWORD = "correct horse battery"
#: the seat grace of these tests' lobby (ms): short enough to wait for, and
#: long enough that signing in again "within it" holds on a loaded machine
#: (1.5 s did not: CI-like load took longer between sign-out and sign-in)
GRACE_MS = 5_000


@pytest.fixture(scope="module")
def proc(module_lobby_factory):
    return module_lobby_factory(prefix="signout" + secrets.token_hex(3), env={"LOBBY_ABSENT_GRACE_MS": str(GRACE_MS)})


async def signed_out(raw: Raw) -> None:
    """The session's socket is told ``signed_out`` and closed 4001."""
    frame = await raw.recv(timeout=10)
    while frame.get("t") != "error":  # the table's frames before it
        frame = await raw.recv(timeout=10)
    assert frame["code"] == "signed_out", frame
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await raw.recv(timeout=10)
    assert closed.value.rcvd.code == 4001


async def seated_on_two_devices(proc, name: str) -> tuple[str, str, Raw, Raw]:
    """A guest ``name`` opens a waiting Sibala table, claims an account and
    signs in on a second device: ``(table, pid, first, second)``."""
    first = await Raw.connect(proc.ws, name=name)
    opened = await first.request({"t": "open", "game": "sibala", "seats": 3, "turn_ms": 60_000, "options": {"rounds": 1}})
    assert opened["t"] == "joined", opened
    assert (await api(proc.http, "POST", "/api/account/claim", first.token, {"password": PASSWORD}))[0] == 200
    status, body = await api(proc.http, "POST", "/api/account/signin", None, {"name": name, "password": PASSWORD})
    assert status == 200
    second = await Raw.connect(proc.ws, token=body["token"])
    assert second.welcome["tables"] == [opened["table"]]
    store = await store_of(proc)
    try:
        pid = (await store.redis.get(f"{store.p}:session:{first.token}")).decode()
    finally:
        await store.aclose()
    return opened["table"], pid, first, second


async def sign_out_everywhere(proc, first: Raw, second: Raw) -> float:
    """Sign out everywhere from the first device; both sockets are closed.
    The time just before it was asked (``time.monotonic()``): the server
    starts the grace while it answers, so no later time bounds it."""
    at = time.monotonic()
    assert await api(proc.http, "POST", "/api/account/signout", first.token, {"session": "*"}) == (200, {"ended": 2})
    for raw in (first, second):
        await signed_out(raw)
    return at


async def test_signing_in_again_within_the_grace_finds_the_table_and_the_seat(proc):
    name = f"Cleo{secrets.token_hex(3)}"
    table, pid, first, second = await seated_on_two_devices(proc, name)
    store = await store_of(proc)
    try:
        await sign_out_everywhere(proc, first, second)

        async def absent():
            return ((await store.load_room(table))[1].get("absent") or {})

        assert pid in await polled(absent, lambda a: pid in a), "no session left: the seat is marked"
        status, body = await api(proc.http, "POST", "/api/account/signin", None, {"name": name, "password": PASSWORD})
        assert status == 200
        back = await Raw.connect(proc.ws, token=body["token"])
        assert back.welcome["tables"] == [table], "the welcome names the table: the page goes there"
        resolved = await polled(absent, lambda a: pid not in a, timeout_s=GRACE_MS / 1000 + 5)
        assert pid not in resolved
        doc = (await store.load_room(table))[1]
        assert doc["status"] == "waiting" and [s["pid"] for s in doc["seats"] if s] == [pid], "the seat is kept"
        rejoined = await back.request({"t": "join", "table": table})
        assert rejoined["t"] == "joined" and rejoined["seat"] == 0
        await back.close()
    finally:
        await store.aclose()


async def test_staying_away_past_the_grace_gives_the_seat_up_and_not_before(proc):
    name = f"Dara{secrets.token_hex(3)}"
    table, pid, first, second = await seated_on_two_devices(proc, name)
    store = await store_of(proc)
    try:
        at = await sign_out_everywhere(proc, first, second)

        async def doc():
            return (await store.load_room(table))[1]

        gone = await polled(doc, lambda d: d["status"] == "closed", timeout_s=GRACE_MS / 1000 + 5)
        assert time.monotonic() - at >= GRACE_MS / 1000, "the seat lasted its grace"
        assert gone["status"] == "closed" and gone["notices"][-1] == {"name": name, "reason": "absent"}
        status, body = await api(proc.http, "POST", "/api/account/signin", None, {"name": name, "password": PASSWORD})
        assert status == 200
        back = await Raw.connect(proc.ws, token=body["token"])
        assert back.welcome["tables"] == [], "no table to go back to"
        await back.close()
    finally:
        await store.aclose()
