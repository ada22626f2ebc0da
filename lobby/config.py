"""Settings, read once from the environment (``LOBBY_*``) with documented defaults.

Times are in milliseconds (``_ms``) unless the name says otherwise.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return default if raw in (None, "") else int(raw)


@dataclass
class Settings:
    """Every tunable of a lobby process.

    ``from_env()`` reads ``LOBBY_<FIELD>`` for each field (upper case), e.g.
    ``LOBBY_TURN_MS=20000``; ``REDIS_URL`` is read by ``python -m lobby``.
    """

    redis_url: str = "redis://127.0.0.1:6379/0"
    #: prefix of every Redis key and channel, so several lobbies can share one Redis
    key_prefix: str = "lobby"
    #: default turn time of a table (ms); tables may choose ``min_turn_ms`` .. 5 min
    turn_ms: int = 20_000
    #: the shortest turn time a table may choose (ms): a person's, no one
    #: acts in 1 s (the test suite lowers it to 1000 for its 1 s tables);
    #: the welcome sends it as ``turn_ms.min`` for the Open table form
    min_turn_ms: int = 5_000
    #: a person's last seconds of a turn in which the page warns them (ms):
    #: the countdown turns urgent and says what a timeout would play; the
    #: welcome sends it as ``turn_ms.urgent`` (the tests lower it where a
    #: short turn must have calm seconds)
    urgent_ms: int = 5_000
    #: how long a bot "thinks" before its move (ms)
    bot_delay_ms: int = 700
    #: 1: bots take a human-like time, ``bot_delay_ms`` scaled by how many
    #: moves they choose among (x1.2 for one .. x3 for ten), +-25 %; 0:
    #: exactly ``bot_delay_ms`` (the tests and the benchmarks)
    bot_pace: int = 1
    #: after a round's or a reveal's result the next turn's clock (a
    #: person's or a bot's) starts this much later, so people see it (ms)
    result_pause_ms: int = 1_500
    #: quick-match: wait this long for people before starting with the minimum or bots (ms)
    quick_wait_ms: int = 8_000
    #: a waiting quick table below its minimum looks again this often once
    #: its wait is over: to start, or to move its players to an older waiting
    #: quick table of the same kind (ms)
    quick_retry_ms: int = 5_000
    #: a seat at a table that has not started is given up this long after its
    #: player's last connection went away, unless they are back by then (ms)
    absent_grace_ms: int = 10_000
    #: a table still waiting for players this long after it opened (or went
    #: back to waiting, or someone last joined) closes (ms; 0: never)
    waiting_ttl_ms: int = 900_000
    #: how often each process looks for due timers (ms)
    timer_poll_ms: int = 100
    #: a claimed timer is retried by any process after this lease (ms)
    timer_lease_ms: int = 5_000
    #: finished tables stay readable (snapshot) this long (s)
    finished_ttl_s: int = 3_600
    #: a finished table's replay log is kept this long (s)
    replay_ttl_s: int = 7 * 24 * 3_600
    #: after a game, seated players have this long to press ready for the next (ms)
    ready_ms: int = 30_000
    #: consecutive timeouts after which a seat is marked away and a bot plays it (0: never)
    away_after: int = 2
    #: guest tokens expire after this long unused (s)
    token_ttl_s: int = 7 * 24 * 3_600
    #: accounts: shortest password (characters; at most 256)
    password_min: int = 10
    #: accounts: argon2id's passes over its memory, and that memory (KiB),
    #: per password hash (argon2-cffi's defaults, RFC 9106's low-memory
    #: profile: ~50 ms, 64 MiB); the test suite lowers both (the same
    #: algorithm, ~1 ms); a hash made with others is redone at the next sign-in
    argon2_time_cost: int = 3
    argon2_memory_kib: int = 65_536
    #: sign-in attempts are counted in windows this long (s)
    signin_window_s: int = 900
    #: failed sign-ins to one account per window before it refuses more
    signin_per_account: int = 10
    #: sign-in and claim attempts from one client address per window
    signin_per_addr: int = 60
    #: new guests (a ``hello`` with a name and no live token) from one client
    #: address per :data:`lobby.sessions.GUEST_WINDOW_S`, across processes:
    #: each keeps ~1 KB in Redis for ``token_ttl_s``
    guests_per_addr: int = 60
    #: a websocket signed in with a session that was signed out since is
    #: closed at once by the sign-out's push; a process that missed the push
    #: closes it within this long (s; the check is one EXISTS per connection)
    session_check_s: int = 20
    #: largest client frame accepted (bytes); larger closes with 1009
    max_frame: int = 4_096
    #: per-connection rate limit: tokens per second and burst
    rate_per_s: int = 20
    rate_burst: int = 40
    #: chat lines a table keeps and sends with each snapshot
    chat_keep: int = 50
    #: shortest interval between two chat lines of one connection (ms)
    chat_interval_ms: int = 1_000
    #: chat lines one table takes per ``chat_table_window_ms`` from everyone
    #: together; more are refused with ``chat_busy``
    chat_table_lines: int = 6
    chat_table_window_ms: int = 1_000
    #: moves one seat may make per second (whatever sockets or processes they
    #: come through; bots aside); more are refused ``rate_limited``; 0: no limit
    seat_moves_per_s: int = 6
    #: replay reads (HTTP, ``/api/tables/{id}/replay...``) per client address: per second and burst
    read_rate_per_s: int = 5
    read_burst: int = 20
    #: worker processes that re-run finished games for replays (each built once, then stored)
    replay_workers: int = 1
    #: replay builds queued or running per process before more are refused (HTTP 503)
    replay_builds: int = 8
    #: frames per page of ``/api/tables/{id}/replay/{game_no}``
    replay_page: int = 200
    #: games per page of ``/api/tables/{id}/replay``
    replay_list_page: int = 20
    #: frames queued to one connection before it is dropped as a slow reader
    send_queue: int = 512
    #: bytes queued to one connection before it is dropped as a slow reader
    #: (a few large snapshots: 512 of them would hold ~18 MB)
    send_queue_bytes: int = 1_048_576
    #: allowed websocket Origins, comma separated; empty: same host as the request
    origins: str = ""
    #: new guests' coin grant (coins)
    grant_coins: int = 20_000
    #: seconds a SIGTERMed process keeps serving while telling clients to move
    drain_s: int = 5
    #: a TCP connection must have sent a whole HTTP request, head and body (or
    #: an upgrade), this long after it opened or after its last response, else it is closed (s)
    header_timeout_s: int = 10
    #: a client must take a response's bytes: writing to it paused (its
    #: buffers full) this long at a stretch, or a finished response not
    #: wholly taken this long after it, and the connection is cut (s)
    send_timeout_s: int = 30
    #: a websocket is pinged this long after its last answer and must answer within as long (s)
    ws_ping_s: int = 20
    #: HTTP connections open at once from one client address (not a trusted
    #: proxy); the next is closed at once (an upgraded websocket no longer counts)
    conns_per_addr: int = 64
    #: websockets open at once from one client address (IPv6: its /64) in one
    #: process; the next is closed 1013 right after its upgrade
    ws_per_addr: int = 64
    #: a websocket must sign in (``hello``) this long after its upgrade, else close 1008 (s)
    hello_timeout_s: int = 10
    #: a signed-in websocket that follows no live table and no table list this long is closed 1000 (s)
    idle_timeout_s: int = 300
    #: live tables one connection may have opened, whoever it signs in as
    tables_per_conn: int = 6
    #: live tables that may have been opened from one client address (IPv6: its /64)
    tables_per_addr: int = 24
    #: tables opened from one client address shown in a table list
    listed_per_addr: int = 4
    #: proxies whose X-Forwarded-For is believed, comma separated IPs or CIDRs; empty: none
    trusted_proxies: str = ""
    #: client networks (comma separated IPs or CIDRs) that may read ``/metrics``;
    #: others get 403 (the client as the quotas see it: X-Forwarded-For only from trusted proxies)
    metrics_allow: str = "127.0.0.0/8,::1"
    #: how often each process pairs the waiting players of every running arena (ms)
    arena_pair_ms: int = 2_000
    #: how often each process looks for arena tables a dead process left unscored or unstarted (ms)
    arena_sweep_ms: int = 5_000
    #: an arena table paired this long ago and never started gives its players back; one
    #: finished this long ago and not scored is scored by the sweep (ms)
    arena_grace_ms: int = 10_000
    #: arenas one claimed account may have created that are not over yet
    arenas_per_account: int = 3
    #: the lobby runs an arena of every game each this many minutes, starting on the
    #: multiples of it (since the epoch: on the hour for 60); 0: none
    arena_every_min: int = 60
    #: how long each of those scheduled arenas lasts (minutes, 5..120)
    arena_scheduled_min: int = 10
    #: process id shown in logs and used for spectator leases; random if empty
    process_id: str = field(default="")

    @classmethod
    def from_env(cls, **overrides) -> "Settings":
        """Defaults, then ``LOBBY_*`` variables, then ``overrides``."""
        values = {}
        for f in fields(cls):
            env = os.environ.get(f"LOBBY_{f.name.upper()}")
            if env not in (None, ""):
                values[f.name] = int(env) if f.type in ("int", int) else env
        if os.environ.get("REDIS_URL"):
            values["redis_url"] = os.environ["REDIS_URL"]
        values.update(overrides)
        return cls(**values)
