"""Quotas that no new sign-in resets (per connection, per client address,
``X-Forwarded-For`` believed only from trusted proxies) and a table list
that one address cannot bury, against real lobby processes on one Redis and
on a cluster."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import time
import urllib.error
import urllib.request

import pytest
import websockets

from lobby.client import LobbyClient
from lobby.quota import client_address, rank_listing, trusted_networks
from lobby.table_list import PUSH_BYTES_PER_S

from .support import Raw, hello, listed, open_table, store_of, unpack, until

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)


@pytest.fixture(params=["redis", "cluster"])
def redis_url(request, redis_server):
    return redis_server.url if request.param == "redis" else request.getfixturevalue("redis_cluster").url



async def open_many(raw: Raw, n: int) -> list[str]:
    """Open ``n`` tables on ``raw``, signing in as a fresh guest every 6
    (past the per-player cap of 6 seats); their ids."""
    opened = []
    for i in range(n):
        if i % 6 == 0:
            await hello(raw, f"Open{i}")
        reply = await open_table(raw)
        assert reply["t"] == "joined", reply
        opened.append(reply["table"])
    return opened


async def test_table_quotas_hold_across_new_guests_and_spoofed_forwarded_for(lobby_factory, redis_url):
    # before: each fresh `hello` reset the per-player cap (6), so one socket opened without end
    proc = lobby_factory(
        redis_url=redis_url, prefix="sec-quota", env={"LOBBY_TABLES_PER_CONN": "3", "LOBBY_TABLES_PER_ADDR": "5", "LOBBY_LISTED_PER_ADDR": "10"}
    )
    first = await Raw.connect(proc.ws)
    second = await Raw.connect(proc.ws, additional_headers={"X-Forwarded-For": "198.51.100.9"})  # not from a trusted proxy: ignored
    try:
        opened = []
        for i in range(4):
            await hello(first, f"Guest{i}")  # a fresh guest every time
            reply = await open_table(first)
            if i < 3:
                assert reply["t"] == "joined", reply
                opened.append(reply["table"])
            else:
                assert reply["t"] == "error" and reply["code"] == "too_many_tables", reply
                assert "connection" in reply["msg"]
        # the same address on another connection: 2 more, then the address's cap
        for i in range(3):
            token = (await hello(second, f"Other{i}"))["token"]
            reply = await open_table(second)
            if i < 2:
                assert reply["t"] == "joined", reply
                opened.append(reply["table"])
                last_token = token
            else:
                assert reply["t"] == "error" and reply["code"] == "too_many_tables", reply
                assert "address" in reply["msg"]
        # quick-match opens tables too, and counts against the same quotas
        await hello(second, "Quick")
        reply = await second.request({"t": "quick", "game": "sibala", "options": {"rounds": 7}})
        assert reply["t"] == "error" and reply["code"] == "too_many_tables", reply
        shown = {row["id"] for row in listed(proc)}
        assert shown == set(opened), "a refused open left a table behind"
        # a table that closes gives its place back at once: its opener leaves it
        assert (await second.request({"t": "hello", "proto": 1, "token": last_token}))["t"] == "welcome"
        left = await second.request({"t": "leave", "table": opened[-1]})
        assert left["t"] == "left", left
        await until(lambda: opened[-1] not in {row["id"] for row in listed(proc)}, what="the left table to close")
        await hello(second, "Again")
        reply = await open_table(second)
        assert reply["t"] == "joined", reply
    finally:
        await first.close()
        await second.close()


async def test_a_flood_of_tables_from_one_address_hides_no_other_table(lobby_factory):
    # before: /api/tables showed the newest 200, so 205 tables from one socket hid every older one
    proc = lobby_factory(
        prefix="sec-list",
        env={
            "LOBBY_TRUSTED_PROXIES": "127.0.0.1",
            "LOBBY_TABLES_PER_CONN": "1000",
            "LOBBY_TABLES_PER_ADDR": "1000",
            "LOBBY_LISTED_PER_ADDR": "3",
            "LOBBY_RATE_PER_S": "100000",
            "LOBBY_RATE_BURST": "100000",
        },
    )
    real = await Raw.connect(proc.ws, additional_headers={"X-Forwarded-For": "203.0.113.7"})
    flood = await Raw.connect(proc.ws, additional_headers={"X-Forwarded-For": "203.0.113.66, 127.0.0.1"})
    try:
        await hello(real, "Real")
        mine = await open_table(real)
        assert mine["t"] == "joined", mine
        flooded = await open_many(flood, 205)
        for game in (None, "sibala"):
            await until(lambda: flooded[-1] in {r["id"] for r in listed(proc, game)}, what="the list to catch up")
            shown = [r["id"] for r in listed(proc, game)]
            assert mine["table"] in shown, "the real table was pushed out of the list"
            assert len(set(shown) & set(flooded)) == 3, "one address shows at most LOBBY_LISTED_PER_ADDR tables"
            assert shown[:2] == [flooded[-1], mine["table"]], "each address's newest table comes first"
        # the websocket list is the same list
        tables = await real.request({"t": "tables"})
        assert mine["table"] in {r["id"] for r in tables["tables"]}
    finally:
        await real.close()
        await flood.close()


def test_forwarded_for_is_believed_only_from_trusted_proxies():
    def scope(peer: str, *xff: str) -> dict:
        return {"client": (peer, 5000), "headers": [(b"x-forwarded-for", v.encode()) for v in xff]}

    none = trusted_networks("")
    proxies = trusted_networks("10.0.0.0/8, 192.0.2.1")
    assert client_address(scope("203.0.113.5", "1.2.3.4"), none) == "203.0.113.5"
    assert client_address(scope("203.0.113.5", "1.2.3.4"), proxies) == "203.0.113.5"  # not a proxy of ours
    assert client_address(scope("10.1.2.3", "1.2.3.4"), proxies) == "1.2.3.4"
    # the client may prepend anything: only the hop our proxies added counts
    assert client_address(scope("10.1.2.3", "6.6.6.6, 1.2.3.4"), proxies) == "1.2.3.4"
    assert client_address(scope("10.1.2.3", "6.6.6.6", "1.2.3.4, 192.0.2.1"), proxies) == "1.2.3.4"
    assert client_address(scope("10.1.2.3", "junk, 10.9.9.9"), proxies) == "10.9.9.9"  # a malformed hop ends the walk
    assert client_address(scope("10.1.2.3"), proxies) == "10.1.2.3"
    # a hop with its port, as some proxies write it, is its address
    assert client_address(scope("10.1.2.3", "1.2.3.4:5678"), proxies) == "1.2.3.4"
    assert client_address(scope("10.1.2.3", "[2001:db8::1]:443"), proxies) == "2001:db8::/64"
    # IPv6 counts per /64; IPv4-mapped is IPv4
    assert client_address(scope("2001:db8:1:2::5"), none) == client_address(scope("2001:db8:1:2:ffff::9"), none) == "2001:db8:1:2::/64"
    assert client_address(scope("::ffff:198.51.100.4"), none) == "198.51.100.4"
    with pytest.raises(ValueError):
        trusted_networks("not-an-ip")


def test_the_list_takes_each_address_in_turn():
    docs = [{"id": f"f{i}", "opener": {"addr": "flood"}} for i in range(10)]
    docs[4:4] = [{"id": "real", "opener": {"addr": "real"}}, {"id": "old"}]
    shown = [d["id"] for d in rank_listing(docs, 3, 200)]
    assert shown == ["f0", "real", "old", "f1", "f2"]
    assert [d["id"] for d in rank_listing(docs, 3, 2)] == ["f0", "real"]


async def test_clients_churning_watches_cost_a_list_subscriber_a_bounded_stream(lobby_factory):
    """Three sockets watching and unwatching a table at 18 messages/s each
    (under the rate limit) change its spectator count all the time; a
    subscriber of a list of 150 tables is pushed at most ~6 KiB/s of lists
    (``table_list.PUSH_BYTES_PER_S``), not the whole list per change."""
    proc = lobby_factory(
        prefix="sec-churn",
        env={
            "LOBBY_TABLES_PER_CONN": "1000", "LOBBY_TABLES_PER_ADDR": "1000", "LOBBY_LISTED_PER_ADDR": "1000", "LOBBY_ABSENT_GRACE_MS": "600000",
            "LOBBY_RATE_PER_S": "100000", "LOBBY_RATE_BURST": "100000",  # the opener opens 150 tables at once
        },
    )
    opener = await Raw.connect(proc.ws)
    subscriber = await Raw.connect(proc.ws, name="Sub")
    churners = [await Raw.connect(proc.ws, name=f"Churn{i}") for i in range(3)]
    try:
        opened = await open_many(opener, 150)
        first = await subscriber.request({"t": "tables", "sub": True})
        assert len(first["tables"]) == 150
        window_s = 10.0

        async def churn(raw: Raw) -> None:
            end = time.monotonic() + window_s
            while time.monotonic() < end:
                for kind in ("watch", "unwatch"):
                    await raw.send({"t": kind, "table": opened[0]})
                    await asyncio.sleep(1 / 18)  # 18 messages/s: under the limit of 20

        async def count() -> list[int]:
            sizes, end = [], time.monotonic() + window_s
            while (left := end - time.monotonic()) > 0:
                try:
                    data = await asyncio.wait_for(subscriber.ws.recv(), left)
                except TimeoutError:
                    break
                if unpack(data).get("t") == "tables":
                    sizes.append(len(data))
            return sizes

        sizes, *_ = await asyncio.gather(count(), *(churn(raw) for raw in churners))
        assert sizes, "the spectator counts changed: the list was pushed"
        assert sum(sizes) / window_s <= 10 * 1024, (len(sizes), sum(sizes))
        assert sum(sizes) / window_s <= PUSH_BYTES_PER_S * 1.5
    finally:
        for raw in (opener, subscriber, *churners):
            await raw.close()


async def test_one_player_moving_as_fast_as_it_can_costs_a_spectator_a_bounded_stream(lobby_factory, redis_server):
    """A player alone at a Yahtzee table, playing from three sockets on two
    processes as fast as the server answers (a black-box pass: a spectator
    was sent 37 KB/s, 66 KB/s from six sockets), moves at most
    ``LOBBY_SEAT_MOVES_PER_S`` times a second: a spectator receives under
    10 KiB/s, and the player still plays at that pace."""
    env = {"LOBBY_SEAT_MOVES_PER_S": "6"}
    a = lobby_factory(redis_url=redis_server.url, prefix="sec-pace", env=env)
    b = lobby_factory(redis_url=redis_server.url, prefix="sec-pace", env=env)
    async with LobbyClient(a.ws, "Solo") as first:
        tv = await first.open("yahtzee", seats=1, games=1000, turn_ms=300_000)
        table = tv.table_id
        await first.wait_for(table, lambda view: view["status"] == "playing")
        spectator = await Raw.connect(b.ws, name="Rail")
        await spectator.request({"t": "watch", "table": table})
        async with LobbyClient(b.ws, "Solo", token=first.token) as second, LobbyClient(a.ws, "Solo", token=first.token) as third:
            for other in (second, third):
                await other.join(table)
            window_s = 6.0
            version0 = tv.version

            async def count() -> int:
                received, end = 0, time.monotonic() + window_s
                while (left := end - time.monotonic()) > 0:
                    try:
                        received += len(await asyncio.wait_for(spectator.ws.recv(), left))
                    except TimeoutError:
                        break
                return received

            players = [asyncio.ensure_future(c.play(table, games=1000)) for c in (first, second, third)]
            try:
                received = await count()
            finally:
                for task in players:
                    task.cancel()
                await asyncio.gather(*players, return_exceptions=True)
            moves = first.tables[table].version - version0
        await spectator.close()
    assert received / window_s <= 10 * 1024, (received, moves)
    assert moves <= 6 * (window_s + 1), f"{moves} moves in {window_s} s: past the seat's pace"
    assert moves >= 2 * window_s, f"the player plays on at its pace: {moves} moves in {window_s} s"


async def test_metrics_are_served_only_to_the_operators_addresses(lobby_factory):
    """``/metrics`` answers loopback by default and nobody else: a client
    behind a trusted proxy (its X-Forwarded-For believed) gets 403, as does
    a request a proxy forwarded without naming its client in
    X-Forwarded-For or naming another client in Forwarded / X-Real-IP than
    in X-Forwarded-For, one forwarded by a proxy the lobby does not trust (a
    proxy on the same host makes everyone loopback: any header a direct
    client does not send reads as a proxy's), and loopback itself when the
    allow-list names other networks."""
    proxied = lobby_factory(prefix="sec-metrics", env={"LOBBY_TRUSTED_PROXIES": "127.0.0.1"})
    assert b"lobby_" in urllib.request.urlopen(proxied.http + "/metrics", timeout=5).read(), "loopback, no proxy hop: allowed"
    # a client past the proxy, bare or with a port; or no client the proxy names
    for hops in ("203.0.113.9", "203.0.113.9:1234", "[2001:db8::1]:443", "", "unknown", "8.8.8.8,,"):
        outside = urllib.request.Request(proxied.http + "/metrics", headers={"X-Forwarded-For": hops})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(outside, timeout=5)
        assert refused.value.code == 403, hops
    # the proxy names its client only in other headers: no client this lobby reads
    for header, value in (("Forwarded", "for=203.0.113.9"), ("X-Real-IP", "203.0.113.9"), ("Via", "1.1 proxy")):
        other = urllib.request.Request(proxied.http + "/metrics", headers={header: value})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(other, timeout=5)
        assert refused.value.code == 403, header
    # the proxy passes the client's own X-Forwarded-For through and names the client elsewhere
    for header, value in (("X-Real-IP", "203.0.113.9"), ("Forwarded", "for=203.0.113.9;proto=https"), ("Forwarded", 'for="[2001:db8::1]:443"'), ("Forwarded", "for=_hidden")):
        passed = urllib.request.Request(proxied.http + "/metrics", headers={"X-Forwarded-For": "::1", header: value})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(passed, timeout=5)
        assert refused.value.code == 403, (header, value)
    for header in ("CF-Connecting-IP", "True-Client-IP", "X-Client-IP"):  # a CDN's header naming another client than X-Forwarded-For
        passed = urllib.request.Request(proxied.http + "/metrics", headers={"X-Forwarded-For": "::1", header: "203.0.113.9"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(passed, timeout=5)
        assert refused.value.code == 403, header
    # an untrusted hop on the lobby's own host forwarding for a client outside
    for hops in ("8.8.8.8, 127.0.0.2", "203.0.113.9, ::1", "203.0.113.9, 127.0.0.2, 127.0.0.1"):
        chained = urllib.request.Request(proxied.http + "/metrics", headers={"X-Forwarded-For": hops})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(chained, timeout=5)
        assert refused.value.code == 403, hops
    # a loopback client in X-Forwarded-For and an outside one in a header of any other name
    for header in ("X-Originating-IP", "X-Client-Addr", "X-Client-Address", "X-Remote-Addr", "X-Source-IP", "X-Forwarded", "Forwarded-For",
                   "X-Original-Forwarded-For", "X-Forwarded-For-Original", "X-Client-Real-Addr", "Remote-Host", "X-Peer", "Via"):
        for value in ("8.8.8.8", "for=8.8.8.8", "1.1 8.8.8.8:3128", "[2001:db8::1]:443"):
            passed = urllib.request.Request(proxied.http + "/metrics", headers={"X-Forwarded-For": "127.0.0.2", header: value})
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(passed, timeout=5)
            assert refused.value.code == 403, (header, value)
    agreeing = urllib.request.Request(proxied.http + "/metrics", headers={"X-Forwarded-For": "::1", "X-Real-IP": "::1", "Forwarded": 'for="[::1]:5"'})
    assert urllib.request.urlopen(agreeing, timeout=5).status == 200, "headers that agree on a loopback client"
    # a proxy on the lobby's own host that the lobby does not trust: every client looks like loopback
    untrusted = lobby_factory(prefix="sec-metrics3")
    assert b"lobby_" in urllib.request.urlopen(untrusted.http + "/metrics", timeout=5).read(), "loopback, no proxy: allowed"
    client_ip_headers = ("X-Real-IP", "X-Client-IP", "CF-Connecting-IP", "True-Client-IP", "Fastly-Client-IP", "X-Cluster-Client-IP", "Client-IP",
                         "Fly-Client-IP", "CF-Connecting-IPv6", "CF-Pseudo-IPv4", "X-Envoy-External-Address", "X-Azure-ClientIP", "X-Azure-SocketIP",
                         "CloudFront-Viewer-Address", "X-Vercel-Forwarded-For", "X-Nf-Client-Connection-Ip", "Ali-Cdn-Real-Ip", "X-Appengine-User-Ip",
                         "X-ProxyUser-Ip", "Proxy-Client-IP", "WL-Proxy-Client-IP", "Incap-Client-IP", "X-Sucuri-ClientIP", "X_Forwarded_For", "X_Real_IP")
    for header, value in (("X-Forwarded-For", "203.0.113.9"), ("X-Forwarded-For", "127.0.0.1"), ("Forwarded", "for=203.0.113.9"), ("X-Forwarded-Proto", "https"),
                          ("X-Forwarded", "for=203.0.113.9"), ("Forwarded-For", "203.0.113.9"), ("X-Original-Forwarded-For", "203.0.113.9"), *((h, "203.0.113.9") for h in client_ip_headers),
                          ("CDN-Loop", "cloudflare"), ("Cf-Ray", "1-LHR"), ("Akamai-Origin-Hop", "2"),
                          # names no list of vendors' headers held: any header a direct client does not send reads as a proxy's
                          *((h, "203.0.113.9") for h in ("X-Originating-IP", "X-Remote-Addr", "Remote-Addr", "X-Client-Addr", "X-True-IP", "X-Src-IP", "X-Source-IP",
                                                         "X-Original-Remote-Addr", "X-Proxied-For", "X-Request-Ip", "Cdn-Src-Ip", "X-Coming-From", "X-Amzn-Trace-Id",
                                                         "X-Azure-FDID", "Fly-Request-Id", "X-Vercel-Id", "X-Request-Id", "X-Anything-A-Proxy-Invents"))):
        through = urllib.request.Request(untrusted.http + "/metrics", headers={header: value})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(through, timeout=5)
        assert refused.value.code == 403, header
    # what curl, Prometheus and a browser send on a direct connection is served
    for direct in ({"Accept": "*/*", "User-Agent": "curl/8.5.0"},
                   {"Accept": "application/openmetrics-text;version=1.0.0", "User-Agent": "Prometheus/2.53.0", "X-Prometheus-Scrape-Timeout-Seconds": "10", "Authorization": "Basic b3A6cHc="},
                   {"User-Agent": "Mozilla/5.0", "Accept-Language": "en-US", "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-CH-UA-Platform": '"Linux"',
                    "Upgrade-Insecure-Requests": "1", "Cache-Control": "max-age=0", "Priority": "u=0, i", "DNT": "1", "Cookie": "a=b"}):
        assert urllib.request.urlopen(urllib.request.Request(untrusted.http + "/metrics", headers=direct), timeout=5).status == 200, direct
    assert urllib.request.urlopen(urllib.request.Request(untrusted.http + "/metrics", headers={"Host": f"localhost:{untrusted.port}"}), timeout=5).status == 200
    # a remote page whose name resolves to 127.0.0.1 (DNS rebinding) fetching from a browser on the lobby's host; a made-up Sec- header
    for rebound in ({"Host": f"attacker.example:{untrusted.port}"},
                    {"Host": f"127.0.0.1:{untrusted.port}", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"},
                    {"Host": f"attacker.example:{untrusted.port}", "Origin": f"http://attacker.example:{untrusted.port}", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"},
                    {"Sec-Forwarded-For": "203.0.113.9"}, {"Sec-CH-Forwarded-For": "8.8.8.8"}):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(untrusted.http + "/metrics", headers=rebound), timeout=5)
        assert refused.value.code == 403, rebound
    elsewhere = lobby_factory(prefix="sec-metrics2", env={"LOBBY_METRICS_ALLOW": "10.0.0.0/8"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(elsewhere.http + "/metrics", timeout=5)
    assert refused.value.code == 403
    assert urllib.request.urlopen(elsewhere.http + "/healthz", timeout=5).status == 200, "the rest is served"


async def test_one_address_holds_a_bounded_number_of_websockets(lobby_factory, redis_server):
    """Each websocket may hold a send queue (up to LOBBY_SEND_QUEUE_BYTES):
    one address holds at most LOBBY_WS_PER_ADDR of them in a process; the
    next is closed 1013 right after its upgrade, and once one closes a new
    one is served."""
    import websockets

    proc = lobby_factory(redis_url=redis_server.url, prefix="sec-wsaddr", env={"LOBBY_WS_PER_ADDR": "3"})
    held = [await Raw.connect(proc.ws, name=f"S{i}") for i in range(3)]
    try:
        extra = await Raw.connect(proc.ws)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await extra.request({"t": "hello", "proto": 1, "name": "Extra"})
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        await held.pop().ws.close()
        held.append(await until(lambda: _served(proc.ws), timeout_s=10, what="a closed websocket's place given back"))
    finally:
        for raw in held:
            await raw.ws.close()


async def _served(url: str) -> Raw | None:
    """A new signed-in websocket, or None when it was closed at once."""
    import websockets

    try:
        return await Raw.connect(url, name="Again")
    except websockets.ConnectionClosed:
        return None


async def test_players_churning_seats_cost_a_table_s_spectator_a_bounded_stream(lobby_factory):
    """Eight sockets taking and leaving seats at one waiting table, each
    under the rate limit, sent its spectators a delta per change (~20 KB/s
    in a black-box pass).  A table takes a bounded number of joins in a
    window (``tables.JOIN_WINDOW_MS``; past it a join is ``busy``): a
    spectator receives at most a few KB/s however many players churn."""
    proc = lobby_factory(prefix="sec-seatchurn", env={"LOBBY_ABSENT_GRACE_MS": "600000"})
    opener = await Raw.connect(proc.ws, name="Host")
    spectator = await Raw.connect(proc.ws, name="Eye")
    churners = [await Raw.connect(proc.ws, name=f"Churn{i}") for i in range(8)]
    try:
        table = (await opener.request({"t": "open", "game": "six_nimmt", "seats": 10, "turn_ms": 60_000}))["table"]
        assert (await spectator.request({"t": "watch", "table": table}))["t"] == "snapshot"
        window_s = 6.0
        busy = []

        async def churn(raw: Raw) -> None:
            end = time.monotonic() + window_s
            while time.monotonic() < end:
                for kind in ("join", "leave"):
                    await raw.send({"t": kind, "table": table, "ref": 1})
                    await asyncio.sleep(1 / 18)  # 18 messages/s: under the limit of 20

        async def drain(raw: Raw) -> None:
            with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
                while True:
                    frame = await raw.recv(window_s + 2)
                    if frame.get("t") == "error":
                        assert frame["code"] in ("busy", "not_seated"), frame
                        busy.append(frame["code"] == "busy")

        async def count() -> int:
            got, end = 0, time.monotonic() + window_s
            while (left := end - time.monotonic()) > 0:
                try:
                    data = await asyncio.wait_for(spectator.ws.recv(), left)
                except TimeoutError:
                    break
                got += len(data)
            return got

        drains = [asyncio.ensure_future(drain(raw)) for raw in churners]
        got, *_ = await asyncio.gather(count(), *(churn(raw) for raw in churners))
        await asyncio.gather(*drains)
        assert got / window_s <= 3 * 1024, got / window_s
        assert any(busy), "no join was refused"
    finally:
        for raw in (opener, spectator, *churners):
            await raw.close()


async def test_one_address_makes_a_bounded_number_of_guests_across_processes(lobby_factory, redis_server):
    """Each ``hello`` with a name and no token made a guest (~1 KB in Redis
    for a week): a black-box pass made 4,298 in 20 s from one address.  An
    address makes ``LOBBY_GUESTS_PER_ADDR`` an hour, counted in Redis, so
    across processes; past it a new guest is ``rate_limited`` and nothing
    is written, while a player with a token signs in as before."""
    env = {"LOBBY_GUESTS_PER_ADDR": "3"}
    one = lobby_factory(redis_url=redis_server.url, prefix="sec-guests", env=env)
    other = lobby_factory(redis_url=redis_server.url, prefix="sec-guests", env=env)
    made = [await Raw.connect(url, name=f"G{i}") for i, url in enumerate((one.ws, other.ws, one.ws))]
    extra = await Raw.connect(other.ws)
    try:
        store = await store_of(one)
        keys_before = len(await store.redis.keys("sec-guests:*"))
        refused = await extra.request({"t": "hello", "proto": 1, "name": "G3"})
        assert refused["t"] == "error" and refused["code"] == "rate_limited", refused
        assert len(await store.redis.keys("sec-guests:*")) == keys_before, "a refused guest wrote nothing"
        again = await Raw.connect(other.ws, token=made[0].token)
        assert again.welcome["player"]["name"] == "G0"
        await again.close()
        await store.aclose()
    finally:
        for raw in (*made, extra):
            await raw.close()


def test_no_answer_sends_a_client_elsewhere_by_its_own_host_header(lobby_factory):
    """A path with a slash too many is not found; it was redirected to
    ``http://<the request's Host header>/metrics``, which a cache in front
    would keep and serve to everyone."""
    proc = lobby_factory(prefix="sec-slash")
    for path in ("/metrics/", "/api/leaderboard/sibala/", "/api/tables/"):
        conn = http.client.HTTPConnection("127.0.0.1", proc.port, timeout=5)
        try:
            conn.request("GET", path, headers={"Host": "evil.example"})
            reply = conn.getresponse()
            reply.read()
        finally:
            conn.close()
        assert reply.status == 404 and reply.getheader("location") is None, (path, reply.status, reply.getheader("location"))
