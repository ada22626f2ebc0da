"""Prometheus metrics of one lobby process (served at ``/metrics``)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge

REGISTRY = CollectorRegistry()

CONNECTIONS = Gauge("lobby_connections", "Open websocket connections", registry=REGISTRY)
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

_frames_by_kind: dict = {}


def frames_sent(kind: str):
    """The frames-sent counter of one kind, looked up once (a label lookup
    per frame was a fifth of the CPU with 2,000 spectators)."""
    counter = _frames_by_kind.get(kind)
    if counter is None:
        counter = _frames_by_kind[kind] = FRAMES_OUT.labels(kind)
    return counter
