"""Prometheus metrics of one lobby process (served at ``/metrics``).

Counters and histograms are updated where things happen, each at most once
per command or per version (never per recipient: a histogram's ``observe``
costs ~1-2 µs).  What can be read off the process at scrape time (open
connections, local tables, send-queue depth) is, by :class:`ProcessGauges`,
so the move path pays nothing for it.  The standard process, platform and
garbage-collector collectors of ``prometheus_client`` are registered too.
docs/deployment.md lists every metric and a dashboard of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from prometheus_client import GC_COLLECTOR, CollectorRegistry, Counter, Gauge, Histogram, PlatformCollector, ProcessCollector
from prometheus_client.core import GaugeMetricFamily

if TYPE_CHECKING:
    from .app import Lobby

REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)
REGISTRY.register(GC_COLLECTOR)  # the library's one: its gc callbacks run once per collection

TABLES = Gauge("lobby_tables", "Live listed tables by game and status", ["game", "status"], registry=REGISTRY)
MOVES = Counter("lobby_moves", "Moves committed (players, bots and forced)", ["game"], registry=REGISTRY)
TIMEOUTS = Counter("lobby_timeouts", "Forced moves applied because a deadline passed", ["game"], registry=REGISTRY)
ERRORS = Counter("lobby_errors", "Error frames sent, by code", ["code"], registry=REGISTRY)
CONFLICTS = Counter("lobby_commit_conflicts", "Compare-and-set commits lost to another writer", registry=REGISTRY)
FRAMES_OUT = Counter("lobby_frames_sent", "Frames queued to connections", ["kind"], registry=REGISTRY)
ROUND_TRIPS = Counter("lobby_redis_round_trips", "Batched Redis round trips (pipelines)", registry=REGISTRY)
BATCHED = Counter("lobby_redis_batched_commands", "Redis commands sent in batched round trips", registry=REGISTRY)
REPLAY_BUILDS = Counter("lobby_replay_builds", "Replays re-run for one viewer of a finished game (each is then stored)", registry=REGISTRY)
READS_LIMITED = Counter("lobby_reads_rate_limited", "Replay reads refused with HTTP 429", registry=REGISTRY)
DROPPED = Counter("lobby_slow_clients_dropped", "Connections closed because their send queue overflowed", registry=REGISTRY)
BALANCES_PUSHED = Counter("lobby_balance_pushes", "Balance changes published to players' connections (one per player per change)", registry=REGISTRY)

#: latency buckets (s): a commit is ~1 ms on a quiet loopback Redis, a timer pass polls every 100 ms
_FAST = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_TIMER = (0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

COMMIT = Histogram(
    "lobby_commit_seconds",
    "A table command's time from its start (a move frame handled, a timer claimed, any other command) to its commit acknowledged by Redis, lost races included",
    ["kind"],
    buckets=_FAST,
    registry=REGISTRY,
)
#: the children of :data:`COMMIT`, looked up once (a label lookup costs more than the observation)
MOVE_COMMIT = COMMIT.labels("move")
TIMER_COMMIT = COMMIT.labels("timer")
OTHER_COMMIT = COMMIT.labels("other")
DELIVERY = Histogram(
    "lobby_delivery_seconds",
    "A committed version's time from reaching this process (its commit's reply, or its pub/sub message) to its frames written to every local viewer",
    buckets=_FAST,
    registry=REGISTRY,
)
TIMER_LATENESS = Histogram(
    "lobby_timer_lateness_seconds",
    "How late a table's timer was handled after the table's due time (a deadline, a bot's delay, a ready window's end)",
    buckets=_TIMER,
    registry=REGISTRY,
)

_frames_by_kind: dict = {}


def frames_sent(kind: str):
    """The frames-sent counter of one kind, looked up once (a label lookup
    per frame was a fifth of the CPU with 2,000 spectators)."""
    counter = _frames_by_kind.get(kind)
    if counter is None:
        counter = _frames_by_kind[kind] = FRAMES_OUT.labels(kind)
    return counter


class ProcessGauges:
    """A collector reading one :class:`lobby.app.Lobby` at scrape time:
    ``lobby_connections`` (open websockets), ``lobby_local_tables`` (tables
    this process follows for local viewers), ``lobby_local_viewers`` (their
    viewers, seats and spectators), ``lobby_send_queue_frames`` (frames
    waiting in slow readers' queues, summed) and
    ``lobby_send_queue_max_frames`` (the longest queue).  Nothing is
    counted per move: a scrape walks the connections once."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    def collect(self) -> Iterator[Any]:
        lobby = self.lobby
        conns = list(lobby.conns)
        local = getattr(lobby, "fanout", None)
        tables = list(local.local.values()) if local is not None else []
        depths = [c.queued for c in conns]
        for name, doc, value in (
            ("lobby_connections", "Open websocket connections", len(conns)),
            ("lobby_local_tables", "Tables this process follows for its local viewers", len(tables)),
            ("lobby_local_viewers", "Viewers (seats and spectators) of the local tables", sum(len(t.viewers) for t in tables)),
            ("lobby_send_queue_frames", "Frames waiting in slow readers' send queues, summed over connections", sum(depths)),
            ("lobby_send_queue_max_frames", "Frames waiting in the longest send queue", max(depths, default=0)),
        ):
            yield GaugeMetricFamily(name, doc, value=value)


_watched: list[ProcessGauges] = []


def watch(lobby: Lobby) -> None:
    """Report ``lobby``'s gauges at scrape time (:class:`ProcessGauges`);
    a lobby watched before in this process is replaced."""
    while _watched:
        REGISTRY.unregister(_watched.pop())
    collector = ProcessGauges(lobby)
    REGISTRY.register(collector)
    _watched.append(collector)
