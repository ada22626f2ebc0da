"""Who a client is for quotas, and a table list one client cannot bury.

Sans-I/O.  A client's address is the TCP peer, or, when that peer is one of
the configured proxies (``Settings.trusted_proxies``), the nearest
``X-Forwarded-For`` hop that is not a trusted proxy: a header from anyone
else is ignored, so a client cannot pick its own address.  IPv6 addresses
count per /64 (one host usually holds a whole /64).
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any, Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(spec: str) -> tuple[Network, ...]:
    """The networks of a comma-separated list of IPs or CIDRs (``""``: none).
    Raises ``ValueError`` for an entry that is neither."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in spec.split(",") if part.strip())


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    return ip.ipv4_mapped or ip if isinstance(ip, ipaddress.IPv6Address) else ip


def _trusted(ip: Any, trusted: tuple[Network, ...]) -> bool:
    return ip is not None and any(ip.version == net.version and ip in net for net in trusted)


def is_trusted(peer: str, trusted: tuple[Network, ...]) -> bool:
    """Whether the TCP peer ``peer`` (an IP as text) is a trusted proxy."""
    return _trusted(_ip(peer), trusted)


def client_address(scope: dict[str, Any], trusted: tuple[Network, ...]) -> str:
    """The address a connection's quotas count against (a string key).

    ``scope``: the ASGI scope (``client`` is the TCP peer; ``headers``).  The
    peer, unless it is a trusted proxy: then ``X-Forwarded-For`` is read
    from the right, skipping trusted proxies, and the first other hop is
    the client (a malformed hop ends the walk at the last trusted one).
    IPv6 addresses are reduced to their /64 network."""
    peer = (scope.get("client") or ("unknown", 0))[0]
    ip = client_ip(scope, trusted)
    if ip is None:
        return peer
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def client_ip(scope: dict[str, Any], trusted: tuple[Network, ...]) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The client's IP as :func:`client_address` finds it (None: the peer
    is no IP, a unix socket)."""
    ip = _ip((scope.get("client") or ("unknown", 0))[0])
    if trusted and _trusted(ip, trusted):
        hops = [h for name, value in scope.get("headers", ()) if name == b"x-forwarded-for" for h in value.decode("latin-1").split(",")]
        for hop in reversed(hops):
            hop_ip = _hop_ip(hop)
            if hop_ip is None:
                break
            ip = hop_ip
            if not _trusted(hop_ip, trusted):
                break
    return ip


def _hop_ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An X-Forwarded-For hop's IP: bare, or with a port as some proxies
    write it (``1.2.3.4:5678``, ``[2001:db8::1]:443``); None if neither."""
    hop = text.strip()
    if hop.startswith("[") and "]" in hop:
        hop = hop[1 : hop.index("]")]
    elif hop.count(":") == 1:
        hop = hop.split(":", 1)[0]
    return _ip(hop)


#: names of headers in which a proxy or CDN names the client alone (lower
#: case, "_" read as "-": :func:`_header_name`), by the shape vendors give
#: them: nginx's X-Real-IP, Cloudflare's CF-Connecting-IP(v6) and
#: CF-Pseudo-IPv4, True-Client-IP, Fastly-Client-IP, Fly-Client-IP,
#: X-Azure-ClientIP and -SocketIP, X-Envoy-External-Address,
#: CloudFront-Viewer-Address, X-AppEngine-User-IP, X-Nf-Client-Connection-IP,
#: WL-Proxy-Client-IP, X-Sucuri-ClientIP, ...
_CLIENT_IP_HEADER = re.compile(r"(client|real|connecting|connection|user|socket|pseudo)-?ip(v4|v6)?$|(external|viewer)-address$")
#: the headers a client sends on a direct connection (curl, Prometheus,
#: httpx, urllib, a browser): a request with any other header may have been
#: forwarded by a proxy, which names its client, or marks its hop, in a
#: header of its own choosing (X-Forwarded-For, X-Real-IP, CF-Connecting-IP,
#: X-Originating-IP, Remote-Addr, Via, X-Amzn-Trace-Id, ...: vendors add
#: new names, so none is listed)
_DIRECT_HEADERS = frozenset({
    "host", "user-agent", "accept", "accept-encoding", "accept-language", "accept-charset", "connection", "keep-alive", "te",
    "cache-control", "pragma", "authorization", "cookie", "referer", "origin", "dnt", "upgrade-insecure-requests", "priority",
    "if-none-match", "if-modified-since", "range", "purpose", "content-length", "content-type", "x-prometheus-scrape-timeout-seconds",
})
#: a browser's fetch metadata and client hints (Sec-Fetch-Site, Sec-CH-UA-Platform, Sec-GPC, Sec-Purpose)
_DIRECT_PREFIX = re.compile(r"sec-(fetch|ch)-|sec-gpc$|sec-purpose$")


def _header_name(name: bytes) -> str:
    """A header's name as :data:`_CLIENT_IP_HEADER` reads it ("X_Real_IP"
    is "x-real-ip": some servers take either)."""
    return name.decode("latin-1").lower().replace("_", "-")


def _direct(name: bytes) -> bool:
    """Whether a header of that name is one a client sends on a direct
    connection (:data:`_DIRECT_HEADERS`); any other may be a proxy's."""
    text = _header_name(name)
    return text in _DIRECT_HEADERS or bool(_DIRECT_PREFIX.match(text))


def _addressed_locally(scope: dict[str, Any]) -> bool:
    """Whether a direct request names this host as its client would on the
    host itself (Host an IP literal or ``localhost``) and is no page's
    script (a browser's Sec-Fetch-Mode, when sent, ``navigate``: an
    address typed in): a remote page whose name resolves to 127.0.0.1 (DNS
    rebinding) sends its own name as Host and fetches in ``cors`` mode."""
    host = mode = ""
    for name, value in scope.get("headers", ()):
        if name == b"host":
            host = value.decode("latin-1").strip().lower()
        elif name == b"sec-fetch-mode":
            mode = value.decode("latin-1").strip().lower()
    if mode and mode != "navigate":
        return False
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else host
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host == "localhost" or _ip(host) is not None


def allowed(scope: dict[str, Any], trusted: tuple[Network, ...], allow: tuple[Network, ...]) -> bool:
    """Whether the client (:func:`client_ip`) is in one of the ``allow``
    networks (an operator's endpoint: ``/metrics``).  A request that a
    proxy may have forwarded (one with a header a direct client does not
    send, :func:`_direct`) is allowed only from a
    trusted proxy whose X-Forwarded-For names a client past the trusted
    proxies, and that client must be in ``allow``: a proxy on the lobby's
    own host that is not configured as trusted would make every client
    look like loopback, and one that names its client only in Forwarded or
    X-Real-IP names none this lobby reads; when those headers are there too
    they must name the same client (a proxy that passes the client's own
    X-Forwarded-For through is refused); and every address any header
    names (:func:`_named_ips`: each hop, any vendor's header) must be in
    ``allow`` or a trusted proxy's.  A request with none of them is
    judged by its TCP peer, and by the host it names
    (:func:`_addressed_locally`: no DNS-rebound page's script)."""
    peer = _ip((scope.get("client") or ("unknown", 0))[0])
    names = {name for name, _ in scope.get("headers", ())}
    if any(not (_trusted(ip, allow) or (trusted and _trusted(ip, trusted))) for ip in _named_ips(scope)):
        return False  # e.g. "8.8.8.8, 127.0.0.2": an untrusted hop on this host forwarding for the internet
    if all(_direct(name) for name in names):
        return _trusted(peer, allow) and _addressed_locally(scope)
    if not (trusted and _trusted(peer, trusted)) or b"x-forwarded-for" not in names:
        return False
    ip = client_ip(scope, trusted)
    if any(named != ip for named in _also_named(scope, trusted)):
        return False  # e.g. the client's own X-Forwarded-For passed through, X-Real-IP naming it
    return not _trusted(ip, trusted) and _trusted(ip, allow)


#: what separates addresses in a header's value ("a, b", "for=a;by=b", '"[::1]:5"')
_ADDRESS_SEPARATORS = re.compile(r'[\s,;="]+')


def _named_ips(scope: dict[str, Any]) -> list[Any]:
    """Every IP address any header but Host names (each hop of
    X-Forwarded-For, Forwarded's ``for=``, a vendor's header of any name,
    bare or with a port): a request for an operator's endpoint is allowed
    only when each is in the allow-list or a trusted proxy's."""
    found = []
    for name, value in scope.get("headers", ()):
        if name == b"host":
            continue
        for token in _ADDRESS_SEPARATORS.split(value.decode("latin-1")):
            ip = _hop_ip(token) if token else None
            if ip is not None:
                found.append(ip)
    return found


def _also_named(scope: dict[str, Any], trusted: tuple[Network, ...]) -> list[Any]:
    """The clients a forwarded request's other headers name: each of
    :data:`_CLIENT_IP_HEADER`, and Forwarded's nearest ``for=`` past the trusted proxies
    (None for one that is no IP: obfuscated, ``unknown``, malformed)."""
    named: list[Any] = []
    fors: list[Any] = []
    for name, value in scope.get("headers", ()):
        text = value.decode("latin-1")
        if _CLIENT_IP_HEADER.search(_header_name(name)):
            named.append(_hop_ip(text))
        elif name == b"forwarded":
            for element in text.split(","):
                for pair in element.split(";"):
                    key, _, val = pair.strip().partition("=")
                    if key.strip().lower() == "for":
                        fors.append(_hop_ip(val.strip().strip('"')))
    for hop in reversed(fors):
        if not _trusted(hop, trusted):
            named.append(hop)
            break
    else:
        if fors:
            named.append(fors[0])
    return named


class AddressSlots:
    """Connections open at once per client address in one process, at most
    ``cap`` each (HTTP connections, websockets): ``take`` counts one in,
    ``give_back`` one out."""

    __slots__ = ("cap", "open")

    def __init__(self, cap: int) -> None:
        self.cap = cap
        #: client address -> its connections counted
        self.open: dict[str, int] = {}

    def take(self, addr: str) -> bool:
        """Count one more connection of ``addr``; False, counting nothing,
        when it already has ``cap``."""
        held = self.open.get(addr, 0)
        if held >= self.cap:
            return False
        self.open[addr] = held + 1
        return True

    def give_back(self, addr: str) -> None:
        """One connection of ``addr`` (counted by ``take``) ended."""
        left = self.open[addr] - 1
        if left:
            self.open[addr] = left
        else:
            del self.open[addr]


def rank_listing(docs: Iterable[dict[str, Any]], per_owner: int, limit: int) -> list[dict[str, Any]]:
    """The tables a list shows, from ``docs`` newest first: at most
    ``per_owner`` opened from one address (``doc["opener"]["addr"]``; a doc
    without one is its own owner), taken in turns: every address's newest
    table, then every address's second newest, and so on, newest first
    within a turn; at most ``limit`` in all.  So tables opened from one
    address, however many, never push another address's out of the list."""
    ranked: list[tuple[int, int, dict[str, Any]]] = []
    counts: dict[str, int] = {}
    for i, doc in enumerate(docs):
        owner = (doc.get("opener") or {}).get("addr") or "table:" + doc["id"]
        rank = counts.get(owner, 0)
        if rank >= per_owner:
            continue
        counts[owner] = rank + 1
        ranked.append((rank, i, doc))
    ranked.sort(key=lambda x: (x[0], x[1]))
    return [doc for _, _, doc in ranked[:limit]]
